"""The 大富豪 CPU: ``normal`` is its player at every level (``easy`` with a beginner's style)."""
