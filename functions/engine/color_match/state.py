"""The state of one Color Match game, and its compact JSON form (``dump`` / ``load``).

A ``State`` is a plain record of immutable values (tuples, strings, ints, a frozenset). Once a function of this
package returns a state, nothing modifies it again: ``apply`` shallow-copies the state it is given and replaces
only the fields the move changes (copy-on-write), which is both what makes ``apply`` pure and what makes it fast
(see docs/engine.md).

The dump writes each pile and hand as one space-separated string of card codes, so a 10-player game stays far
below a kilobyte or two.

>>> from functions.engine.color_match.cards import full_deck
>>> s = State.new(Rules({}), [("r7", "W"), ("b2",)], pile=("g5", "yS"), discard=("r3",), seed=7)
>>> d = dump(s)
>>> d["hands"], d["pile"], d["discard"]
(['r7 W', 'b2'], 'g5 yS', 'r3')
>>> dump(load(d)) == d
True
"""

from __future__ import annotations

from typing import Any

from ..errors import EngineError
from .options import Rules, shared_rules

DUMP_VERSION = 1

# The events kept in the recent history: what players did, as a player at the table remembers it (docs/engine.md).
HISTORY = frozenset(("play", "drew", "keep", "declare", "callout", "challenge", "choose_color"))

# A seat's public record (``State.record``, docs/engine.md "The public record"): for each colour (COLORS order)
# the cards drawn since the seat last drew by choice on that colour (-1: never), the colours it named, and the
# wilds, Wild Draw Fours and action cards it played, and how many drawn cards it kept.
SeatRecord = tuple[tuple[int, ...], str, int, int, int, int]
NO_RECORD: SeatRecord = ((-1, -1, -1, -1), "", 0, 0, 0, 0)
NEVER = NO_RECORD[0]  # the draws on each colour of a seat that never drew by choice

# What the seat in `turn` has to do (the "phase"):
PLAY = "play"  # play a card or draw
DRAWN = "drawn"  # play the card just drawn, or pass (keep it)
PENALTY = "penalty"  # a +2/+4 waits on this seat: stack, accept or challenge
COLOR = "color"  # the first card turned up is a Wild: name the colour
OVER = "over"  # the game has ended


class State:
    """One moment of a game. Fields (never modified once the state is returned):

    - ``rules``: the validated options (shared by all states of the game)
    - ``hands``: each seat's cards, a tuple of tuples of codes
    - ``pile``: the draw pile, index 0 drawn first; ``discard``: the discard pile, the top card last
    - ``color``: the colour in effect (None only while the first player names it); ``direction``: 1 or -1
    - ``turn``: the seat that must act; ``phase``: what it must do (PLAY, DRAWN, PENALTY, COLOR, OVER)
    - ``drawn``: the card the seat in turn just drew and may play (phase DRAWN)
    - ``pending``: ``(cards, by_seat, color_before)`` of a +2/+4 (chain) waiting on the seat in turn, else None;
      ``color_before`` is the colour in effect just before the chain's last card when that is a Wild Draw Four
      (public: everyone saw it), else None
    - ``wd4``: ``(seat, guilty)`` when the last card of that chain is a Wild Draw Four that may be challenged;
      ``guilty`` is judged from its player's hand when it was played (docs/rules.md CM 8: a snapshot)
    - ``declared``: the seats whose last-card call stands
    - ``uncalled``: ``((seat, deadline | None), ...)``: seats that reached one card without calling and may still
      be penalised (a deadline only with a timed call)
    - ``stuck``: consecutive turns on which a player could neither play nor draw (docs/rules.md CM 11)
    - ``seed``, ``reshuffles``: each reshuffle's order derives from these two (never from a live rng)
    - ``winner``: the winning seat once over (None also for the no-winner end); ``played``: cards played so far
    - ``events``: what the last step did, a list of JSON-ready dicts (docs/engine.md); like every field, never
      changed once the state is returned
    - ``record``: each seat's public record (``SeatRecord``): what every player at the table saw it do over the
      whole game, compact (``recent`` keeps only the last steps)
    - ``earlier``: the ``events`` of the ``2 × players - 1`` steps before this one, oldest first. With ``events``
      they make the table's recent history (``view.recent``), of which only the public actions (kinds in
      ``HISTORY``) are shown and dumped. ``copy`` moves the step's events here, so a step costs one tuple.
    """

    __slots__ = (
        "rules", "hands", "pile", "discard", "color", "direction", "turn", "phase", "drawn", "pending", "wd4",
        "declared", "uncalled", "stuck", "seed", "reshuffles", "winner", "played", "events", "earlier",
        "record",
    )  # fmt: skip

    rules: Rules
    hands: tuple[tuple[str, ...], ...]
    pile: tuple[str, ...]
    discard: tuple[str, ...]
    color: str | None
    direction: int
    turn: int
    phase: str
    drawn: str | None
    pending: tuple[int, int, str | None] | None
    wd4: tuple[int, bool] | None
    declared: frozenset[int]
    uncalled: tuple[tuple[int, float | None], ...]
    stuck: int
    seed: int
    reshuffles: int
    winner: int | None
    played: int
    events: list[dict[str, Any]]  # like every field, never changed once the state is returned
    earlier: tuple[Any, ...]
    record: tuple[SeatRecord, ...]

    @classmethod
    def new(
        cls, rules: Rules, hands: list[tuple[str, ...]], *, pile: tuple[str, ...], discard: tuple[str, ...], seed: int
    ) -> State:
        """A working state at the deal: seat 0 to play, nothing pending, no events yet (setup then applies the
        first card)."""
        s = object.__new__(cls)
        s.rules, s.hands, s.pile, s.discard = rules, tuple(hands), pile, discard
        s.color, s.direction, s.turn, s.phase, s.drawn = None, 1, 0, PLAY, None
        s.pending, s.wd4, s.declared, s.uncalled, s.stuck = None, None, frozenset(), (), 0
        s.seed, s.reshuffles, s.winner, s.played, s.events, s.earlier = seed, 0, None, 0, [], ()
        s.record = (NO_RECORD,) * len(hands)
        return s

    def copy(self) -> State:
        """The working copy a step edits before returning it: a shallow copy with an empty event list, this
        state's events moved to ``earlier`` (which keeps the last ``2 × players - 1`` steps)."""
        # One statement per field: the cheapest copy CPython offers (runs on every move; see docs/engine.md).
        s = object.__new__(State)
        s.rules = self.rules
        s.hands = self.hands
        s.pile = self.pile
        s.discard = self.discard
        s.color = self.color
        s.direction = self.direction
        s.turn = self.turn
        s.phase = self.phase
        s.drawn = self.drawn
        s.pending = self.pending
        s.wd4 = self.wd4
        s.declared = self.declared
        s.uncalled = self.uncalled
        s.stuck = self.stuck
        s.seed = self.seed
        s.reshuffles = self.reshuffles
        s.winner = self.winner
        s.played = self.played
        s.events = []
        s.earlier = self.earlier[2 - 2 * len(self.hands) :] + (self.events,)
        s.record = self.record
        return s

    @property
    def n(self) -> int:
        return len(self.hands)


def history(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The public actions among ``events`` (the kinds in ``HISTORY``), as a player at the table remembers them."""
    return [e for e in events if e["type"] in HISTORY]


def _cards(text: str) -> tuple[str, ...]:
    return tuple(text.split())


def dump(s: State) -> dict[str, Any]:
    """The JSON-ready form of ``s`` (card lists as space-separated codes, no derived fields)."""
    return {
        "v": DUMP_VERSION,
        "options": dict(s.rules.options),  # a copy: the Rules are shared by every game with these options
        "hands": [" ".join(h) for h in s.hands],
        "pile": " ".join(s.pile),
        "discard": " ".join(s.discard),
        "color": s.color,
        "direction": s.direction,
        "turn": s.turn,
        "phase": s.phase,
        "drawn": s.drawn,
        "pending": list(s.pending) if s.pending else None,
        "wd4": list(s.wd4) if s.wd4 else None,
        "declared": sorted(s.declared),
        "uncalled": [list(u) for u in s.uncalled],
        "stuck": s.stuck,
        "seed": s.seed,
        "reshuffles": s.reshuffles,
        "winner": s.winner,
        "played": s.played,
        "events": list(s.events),
        "recent": [history(step) for step in (*s.earlier, s.events)],
        "record": [[list(drew), *rest] for drew, *rest in s.record],
    }


def load(data: dict[str, Any]) -> State:
    """The state ``dump`` wrote: ``load(dump(s))`` behaves exactly as ``s``."""
    if not isinstance(data, dict) or data.get("v") != DUMP_VERSION:
        raise EngineError("bad_dump", f"not a color-match dump of version {DUMP_VERSION}")
    try:
        s = State.new(
            shared_rules(data["options"]),
            [_cards(h) for h in data["hands"]],
            pile=_cards(data["pile"]),
            discard=_cards(data["discard"]),
            seed=data["seed"],
        )
        s.color, s.direction, s.turn, s.phase = data["color"], data["direction"], data["turn"], data["phase"]
        s.drawn = data["drawn"]
        # A dump written before ``color_before`` and ``recent`` existed loads without them.
        s.pending = (*data["pending"], None)[:3] if data["pending"] else None
        s.wd4 = tuple(data["wd4"]) if data["wd4"] else None
        s.declared = frozenset(data["declared"])
        s.uncalled = tuple((seat, deadline) for seat, deadline in data["uncalled"])
        s.stuck, s.reshuffles, s.winner, s.played = data["stuck"], data["reshuffles"], data["winner"], data["played"]
        s.events = list(data["events"])
        # The dump's "recent" ends with this step's public events, which "events" holds in full.
        s.earlier = tuple(map(tuple, data.get("recent", ())[:-1]))
        # A dump written before the record existed loads with an empty one.
        if "record" in data:
            s.record = tuple((tuple(drew), named, *counts) for drew, named, *counts in data["record"])
    except (KeyError, TypeError, ValueError) as exc:
        raise EngineError("bad_dump", f"malformed color-match dump: {exc!r}") from exc
    return s
