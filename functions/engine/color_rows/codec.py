"""``dump`` / ``load``: the state as small JSON-ready data, for the room item in DynamoDB.

Cards are stored one letter each (``cards.LETTERS``), a collection as the letters of its cards; nothing derived
(who is out, the result) is stored. ``load(dump(s)) == s``.

>>> import random
>>> from .setup import setup
>>> s = setup(2, "variant", rng=random.Random(3))
>>> data = dump(s)
>>> load(data) == s, len(data["supply"]), data["capacities"]
(True, 55, [1, 2, 3])
"""

from __future__ import annotations

from typing import Any

from ..errors import EngineError
from .cards import KINDS, decode, encode
from .state import State, counts_of
from .view import events_json

FORMAT = 1


def dump(state: State) -> dict[str, Any]:
    """The state as JSON-ready data."""
    return {
        "v": FORMAT,
        "scoring": state.scoring,
        "colors": encode(state.colors),
        "supply": encode(state.supply),
        "capacities": list(state.capacities),
        "rows": [encode(cards) for cards in state.rows],
        "taken_by": list(state.taken_by),
        "cards": [encode(_expanded(counts)) for counts in state.collections],
        "current": state.current,
        "drawn": state.drawn,
        "round": state.round,
        "last_round": state.last_round,
        "events": events_json(state.events),
    }


def load(data: dict[str, Any]) -> State:
    """The state ``dump`` made ``data`` from; raises ``EngineError("bad_state")`` for anything else."""
    try:
        if data["v"] != FORMAT:
            raise ValueError(f"format {data['v']!r}, expected {FORMAT}")
        return State(
            scoring=data["scoring"],
            colors=decode(data["colors"]),
            supply=decode(data["supply"]),
            capacities=tuple(data["capacities"]),
            rows=tuple(decode(cards) for cards in data["rows"]),
            taken_by=tuple(data["taken_by"]),
            collections=tuple(counts_of(decode(cards)) for cards in data["cards"]),
            current=data["current"],
            drawn=data["drawn"],
            round=data["round"],
            last_round=data["last_round"],
            events=tuple(
                {k: tuple(v) if isinstance(v, list) else v for k, v in event.items()} for event in data["events"]
            ),
        )
    except (KeyError, TypeError, ValueError, AttributeError) as err:
        raise EngineError("bad_state", f"not a dumped color-rows state: {err!r}") from err


def _expanded(counts: tuple[int, ...]) -> list[str]:
    return [kind for kind, n in zip(KINDS, counts) for _ in range(n)]
