"""Rooms, lobby and play as pure functions over a ``Room`` (no I/O): the domain of the server.

``model`` is the data, ``lobby`` and ``play`` the operations, ``autoplay`` what the server does by itself (CPU
seats, stand-ins, rule deadlines), ``view`` the one function that decides what a member may see.
"""
