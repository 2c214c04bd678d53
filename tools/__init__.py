"""Developer and operator tools that run on a machine, never in AWS: `python -m tools.playtest`, …"""
