"""Item 1: hidden information never leaves the server.

Complete games of every registered game through the handlers, with humans moving (off-turn calls included), a CPU seat, a
spectator who joins mid-game, a player who drops and resumes on a new connection and one who leaves (a
stand-in plays the seat). Two checks, on everything:

- every fan-out: each member's view (and an outsider's) is the same view when everything that member may not
  know is redrawn at random (``hidden.resample``) — three redraws per member per change;
- every fan-out while the game runs: each view is the same view when the deal's seed and salt are redrawn (the
  commitment kept): nothing of them but the commitment leaves the server before the end;
- every frame posted to every connection: no other player's id, secret or secret hash, no connection id, no
  hand but one's own, pile sizes only, and the receiver's own secret only in the ``welcome`` that created it;
  the seed and salt of the game in no frame before the one that shows it finished.

A replay of the last game, asked for during the next one, is the same whatever the running game holds.

The same checks run through the local gateway in ``test_gateway_runs.py`` (frames as the sockets received them).
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from functions import fanout, storage
from functions.engine import GAMES as ENGINES
from functions.room import catalog
from functions.room.replay import replay_frame
from functions.room.view import room_view
from tests.reliability import hidden
from tests.reliability.harness import Seat, ask, guest, play_out, play_step, room_of, stored_room

GAMES = tuple(ENGINES)  # every registered game (each needs its resampler in hidden.py)
REDRAWS = 3


class ViewAudit:
    """Wraps ``fanout.send_views``: before each real fan-out, proves every view independent of what its viewer
    may not know."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.views_checked = 0
        self.fanouts = 0
        self.problems: list[str] = []  # collected, not raised: the handler would turn an exception into `internal`

    def wrap(self, real):
        def send_views(room, events, now, rid=None, requester=None):
            self.check(room, events, now)
            return real(room, events, now, rid=rid, requester=requester)
        return send_views

    def check(self, room, events, now) -> None:
        self.fanouts += 1
        if room.game is None:
            return
        for member in [*room.members, None]:
            seat = room.seat_of(member.id) if member else None
            actual = room_view(room, member, now, events)
            for _ in range(REDRAWS):
                other = copy.deepcopy(room)
                engine = catalog.game(room.game.id)
                other.game.state = engine.load(hidden.resample(room.game.id, engine.dump(room.game.state), seat,
                                                               self.rng))
                if room.game.result is None:  # the deal is revealed at the end, not before
                    other.game.seed, other.game.salt = self.rng.getrandbits(63), self.rng.randbytes(32).hex()
                if room_view(other, member, now, events) != actual:
                    self.problems.append(f"room {room.code} v{room.version}: the view of "
                                         f"{member.id if member else 'an outsider'} (seat {seat}) depends on hidden state")
                self.views_checked += 1


def _frame_checks(conn: str, frame: dict[str, Any], seats: dict[str, Seat]) -> None:
    me = seats.get(conn)
    own = [me.player_id, me.secret, hidden.secret_hash(me.secret)] if me else []
    others = [s for seat in seats.values() if me is None or seat.player_id != me.player_id
              for s in (seat.player_id, seat.secret, hidden.secret_hash(seat.secret))] + list(seats)
    others = [s for s in others if s != conn]
    assert not hidden.leaks(frame, own=own, others=others), f"{conn} got {frame}"
    if frame["type"] != "room" or frame["game"] is None:
        return
    view, you = frame["game"]["view"], frame["you"]
    assert view["seat"] == you["seat"]
    if view["game"] in ("color-match", "daifugo"):
        assert ("hand" in view) == (you["seat"] is not None)
    assert all("hand" not in p for p in view["players"])
    for pile in ("draw_pile", "supply"):
        assert not isinstance(view.get(pile), (list, str))
    if you["spectator"]:
        assert view["legal"] == []
    for event in frame["events"]:
        if event["code"] == "moved" and event["move"]["type"] in ("draw", "give"):
            assert event["move"] == {"type": event["move"]["type"]}  # no drawn card, no exchanged cards
        if event["code"] == "engine" and view["game"] == "color-match":
            assert all("card" not in e and "cards" not in e for e in event["events"] if e["type"] == "drew")


def play_audited_game(gateway, monkeypatch, game: str, seed: int) -> ViewAudit:
    rng = random.Random(seed)
    audit = ViewAudit(random.Random(seed + 1))
    monkeypatch.setattr(fanout, "send_views", audit.wrap(fanout.send_views))
    code, players = room_of(gateway, ["あおい", "<b>ken</b>", "みなと"], game=game, cpus=1, tag=f"h{seed}")
    seats = {p.conn: p for p in players}
    gateway.send(players[0].conn, action="start", room=code)
    watcher = guest(gateway, f"conn-watch-{seed}-Lk9=", "見る人")
    seats[watcher.conn] = watcher
    assert gateway.send(watcher.conn, action="join", code=code)["you"]["spectator"] is True
    playing = [p.conn for p in players]
    for step in range(3000):
        if step == 12:  # the third player drops, and comes back later on a new connection
            gateway.disconnect(players[2].conn)
            playing.remove(players[2].conn)
        if step == 25:
            back = Seat(f"conn-back-{seed}-Pq3=", players[2].player_id, players[2].secret, players[2].name)
            gateway.connect(back.conn)
            gateway.send(back.conn, action="hello", player_id=back.player_id, secret=back.secret, room=code)
            seats[back.conn] = back
            playing.append(back.conn)
        if step == 40:  # the second player leaves for good: a stand-in plays the seat
            gateway.send(players[1].conn, action="leave", room=code)
            playing.remove(players[1].conn)
        if play_step(gateway, code, playing, rng) is None:
            break
    else:
        raise AssertionError("the game did not end")
    assert not audit.problems, audit.problems[:5]
    for conn, frames in gateway.posts.frames.items():
        for frame in frames:
            _frame_checks(conn, frame, seats)
    room = stored_room(code)
    record = storage.get_record(code, room.key, room.games_started, 0.0)
    for conn, frames in gateway.posts.frames.items():
        before_end = [f for f in frames if not (f["type"] == "room" and f["phase"] == "finished")]
        # The seed is a small number on the in-process gateway, so it is looked for as a value, not as digits.
        shown = [f for f in before_end if record["seed"] in map(str, leaves(f)) or record["salt"] in json.dumps(f)]
        assert not shown, conn
    welcomes = [f for f in gateway.posts.frames[players[0].conn] if f["type"] == "welcome"]
    assert welcomes[0]["secret"] == players[0].secret  # the one frame that may carry it
    return audit


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("game", GAMES)
def test_no_view_depends_on_what_its_viewer_may_not_know(gateway, monkeypatch, game, seed):
    audit = play_audited_game(gateway, monkeypatch, game, seed)
    print(f"\nhidden {game} seed {seed}: {audit.fanouts} fan-outs, {audit.views_checked} views redrawn and compared")
    assert audit.fanouts > 15 and audit.views_checked > 15 * 5 * REDRAWS


@pytest.mark.soak
@pytest.mark.parametrize("seed", range(100, 130))
@pytest.mark.parametrize("game", GAMES)
def test_soak_no_view_depends_on_what_its_viewer_may_not_know(gateway, monkeypatch, game, seed):
    audit = play_audited_game(gateway, monkeypatch, game, seed)
    print(f"\nhidden {game} seed {seed}: {audit.fanouts} fan-outs, {audit.views_checked} views redrawn and compared")


def test_the_audit_catches_a_view_that_shows_another_hand(gateway, monkeypatch):
    """The check itself is sound: an engine view that lets the top of the draw pile through is caught."""
    from functions.engine import GAMES

    engine = GAMES["color-match"]
    real_view = engine.view

    def leaky(state, seat):
        shown = real_view(state, seat)
        shown["peek"] = engine.dump(state)["pile"].split()[:1]
        return shown

    monkeypatch.setattr(engine, "view", leaky)
    with pytest.raises(AssertionError, match="depends on hidden state"):
        play_audited_game(gateway, monkeypatch, "color-match", 7)


@pytest.mark.parametrize("game", GAMES)
def test_a_replay_during_the_next_game_reveals_nothing_of_it(gateway, game):
    code, players = room_of(gateway, ["あおい", "ゆうき", "みなと"], game=game, tag="replay")
    conns = [p.conn for p in players]
    gateway.send(conns[0], action="start", room=code)
    play_out(gateway, code, conns, random.Random(4))
    gateway.send(conns[0], action="rematch", room=code)
    room = stored_room(code)
    running, viewer = room.game, room.member_by_conn(conns[1])
    # The frame is made from the finished game's stored record alone, whatever the running game holds.
    record = storage.get_record(code, room.key, 1, 0.0)
    shown = ask(gateway, conns[1], action="replay", room=code, number=1, step=0)
    assert {k: v for k, v in shown.items() if k != "rid"} == json.loads(json.dumps(
        replay_frame(record, code, viewer.id, None, 0)))
    steps_shown = {}
    for seat in (None, 0, 1, 2):
        for step in (0, 10):
            page = replay_frame(record, code, viewer.id, seat, step)
            # What a step did is told alike to every seat: the spectator's engine events, as in the live frames.
            for frame in page["frames"][1:]:
                told = {k: frame[k] for k in ("seat", "by", "move", "events")}
                assert steps_shown.setdefault(frame["step"], told) == told
            # The in-process gateway's seeds are small numbers (1000, 1001, …) that a time or a count may
            # contain as digits, so the seed is looked for as a value; the salt and commitment as text.
            assert running.seed not in leaves(page) and str(running.seed) not in leaves(page)
            assert running.salt not in json.dumps(page) and running.commitment not in json.dumps(page)


def leaves(value: Any) -> list[Any]:
    """Every scalar in a JSON-shaped ``value``, keys included."""
    if isinstance(value, dict):
        return [*value.keys(), *(leaf for v in value.values() for leaf in leaves(v))]
    if isinstance(value, (list, tuple)):
        return [leaf for v in value for leaf in leaves(v)]
    return [value]


def test_the_audit_catches_a_frame_that_shows_the_seed_before_the_end(gateway, monkeypatch):
    """The seed check is sound: a room view that reveals the deal while the game runs is caught."""
    from functions.room import view

    monkeypatch.setattr(view, "deal_part", lambda record: {"commitment": record.commitment, "seed": str(record.seed)})
    with pytest.raises(AssertionError, match="depends on hidden state"):
        play_audited_game(gateway, monkeypatch, "color-rows", 7)
