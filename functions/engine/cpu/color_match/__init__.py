"""The Color Match CPU: ``values`` (its reading of a view and value of each move, shared by every level),
``normal`` (the ``easy`` and ``normal`` player) and ``hard`` (the ``normal`` player with its turn moves checked
by search)."""
