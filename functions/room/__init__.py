"""Rooms, lobby and play as pure functions over a ``Room`` (no I/O): the domain of the server.

``model`` is the data, ``lobby`` and ``play`` the operations, ``turns`` one game step through the engine,
``autoplay`` what the server does by itself (CPU seats, stand-ins, rule deadlines), ``view`` (``RoomViews``) the one
place that decides what a member may see, ``catalog`` the engine's registries as the rooms ask them.
"""
