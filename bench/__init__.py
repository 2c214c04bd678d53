"""`make bench`: every benchmark of the project in one run (see docs/performance.md)."""
