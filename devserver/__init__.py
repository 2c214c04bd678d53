"""The local stand-in for AWS: an API Gateway WebSocket emulation over moto's DynamoDB and SQS (`make dev`).

Never deployed. The Lambda handlers in `functions/handlers/` run unchanged inside it: same events, same
management API, same quotas. See docs/devserver.md.

- `devserver.server.DevServer`: the stack, in-process (``async with DevServer(ServerOptions(...))``).
- `devserver.testing.running_gateway`: the stack in a subprocess, for tests (returns its URLs).
- ``python -m devserver``: the command `make dev` runs.
"""
