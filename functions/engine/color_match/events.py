"""What a step did: recorded as short tuples while the step runs, turned into the contract's dicts (docs/engine.md,
"Events") only when ``view`` or ``dump`` asks.

Every step of every game records its events, but most states are never viewed (a bench or a CPU's look-ahead
plays on; the server views each stored state once per seat), so the step pays for a tuple and the viewer for
the dict. An event is ``(type, *values)`` with the values in the order of ``FIELDS[type]``; a trailing optional
field (``returned`` of ``first_card``, ``forgiven`` of ``drew``) is left off when it does not apply. A ``play``
holds its cards as a tuple (the dict gets a fresh list).

>>> as_dict(("play", 0, ("r7", "b7"), "b"))
{'type': 'play', 'seat': 0, 'cards': ['r7', 'b7'], 'color': 'b'}
>>> as_dict(("drew", 1, 2, "penalty", 1))
{'type': 'drew', 'seat': 1, 'count': 2, 'reason': 'penalty', 'forgiven': 1}
>>> from_dict({"type": "drew", "seat": 1, "count": 2, "reason": "penalty"})
('drew', 1, 2, 'penalty')
>>> from_dict({"type": "play", "seat": 0, "cards": ["r7"], "color": "r"})
('play', 0, ('r7',), 'r')
"""

from __future__ import annotations

from typing import Any

Event = tuple[Any, ...]

FIELDS: dict[str, tuple[str, ...]] = {
    "first_card": ("type", "card", "returned"),
    "play": ("type", "seat", "cards", "color"),
    "drew": ("type", "seat", "count", "reason", "forgiven"),
    "skipped": ("type", "seat"),
    "reverse": ("type", "direction"),
    "keep": ("type", "seat"),
    "choose_color": ("type", "seat", "color"),
    "declare": ("type", "seat"),
    "callout": ("type", "seat", "target"),
    "challenge": ("type", "seat", "target", "guilty"),
    "reshuffle": ("type", "cards"),
    "game_over": ("type", "winner"),
}
OPTIONAL = frozenset(("returned", "forgiven"))  # always the last field of their event

# The events kept in a state's ``recent``: what players did, as a player at the table remembers it.
HISTORY = frozenset(("play", "drew", "keep", "declare", "callout", "challenge", "choose_color"))


def as_dict(event: Event) -> dict[str, Any]:
    """The contract's form of ``event``: a fresh dict (with a fresh card list) the caller may change."""
    d = dict(zip(FIELDS[event[0]], event))
    if event[0] == "play":
        d["cards"] = list(event[2])
    return d


def as_dicts(events: Any) -> list[dict[str, Any]]:
    """``as_dict`` of each event, in order."""
    return [*map(as_dict, events)]


def public(events: Any) -> list[Event]:
    """The public actions among ``events`` (the kinds in ``HISTORY``), in order."""
    return [e for e in events if e[0] in HISTORY]


def from_dict(data: Any) -> Event:
    """The event ``as_dict`` made ``data`` from; ``KeyError``/``TypeError`` when it is not one."""
    names = FIELDS[data["type"]]
    values = [data[name] for name in names if name in data or name not in OPTIONAL]
    if values[0] == "play":
        values[2] = tuple(values[2])
    return tuple(values)
