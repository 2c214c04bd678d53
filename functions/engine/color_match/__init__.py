"""Color Match (``color-match``): the UNO-style shedding game of RULES.md, Spec A (``basic``) and Spec B (``house``).

Work in progress: ``GAME`` already carries every member of the engine contract so the registry imports.
"""

from __future__ import annotations

from types import SimpleNamespace


def _todo(*_args, **_kwargs):
    raise NotImplementedError("color-match engine: in progress")


GAME = SimpleNamespace(
    id="color-match",
    min_players=2,
    max_players=10,
    options=_todo,
    validate_options=_todo,
    setup=_todo,
    current=_todo,
    legal_moves=_todo,
    apply=_todo,
    advance=_todo,
    next_deadline=_todo,
    view=_todo,
    dump=_todo,
    load=_todo,
)
