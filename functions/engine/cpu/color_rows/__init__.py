"""The Color Rows CPU: ``values`` (its reading of a view, the scoring of collections and the value of each move,
shared by every level), ``normal`` (the ``easy`` and ``normal`` player) and ``hard`` (the search player)."""
