"""Lambda entry points (docs/architecture.md): one module per route or source, each with ``handler(event, context)``."""
