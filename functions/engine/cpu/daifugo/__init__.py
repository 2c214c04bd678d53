"""The 大富豪 CPU: ``normal`` (the ``easy`` and ``normal`` player) and ``hard`` (the ``normal`` player with its
moves checked by search over imagined rounds)."""
