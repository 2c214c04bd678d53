"""What a player may not know, and a way to change exactly that.

``resample(game_id, dump, seat, rng)`` returns the engine dump with everything ``seat`` may not know redrawn at
random — for Color Match the other hands (sizes kept), the draw pile's order and contents, whether a Wild Draw
Four was played illegally, the reshuffle seed; for Color Rows the supply's order (where the last-round card
lies included); for 大富豪 the other hands and the fallen 大富豪's buried hand (sizes kept), the cards of an
exchange the seat took no part in, the seed of later rounds' shuffles. If a view depends on none of it, the view of the resampled state is the same view: that is the
whole hidden-information check, with no list of field names to keep up to date.

``leaks(frame, ...)`` is the complementary check on the frames themselves: identities, secrets and connection
ids of other players never appear in what a connection receives.
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any, Iterable

from functions.engine.daifugo.cards import CODES, packed, unpacked


def resample(game_id: str, dump: dict[str, Any], seat: int | None, rng: random.Random) -> dict[str, Any]:
    """``dump`` with what ``seat`` (None: a spectator) cannot know redrawn at random."""
    return RESAMPLERS[game_id](dict(dump), seat, rng)


def _color_match(dump: dict[str, Any], seat: int | None, rng: random.Random) -> dict[str, Any]:
    hands = [h.split() for h in dump["hands"]]
    kept = {seat} if seat is not None else set()
    drawn_by = dump["turn"] if dump["drawn"] else None  # the drawn card stays in its holder's hand
    pool = dump["pile"].split()
    for i, hand in enumerate(hands):
        if i in kept:
            continue
        if i == drawn_by:
            hand.remove(dump["drawn"])
        pool += hand
    rng.shuffle(pool)
    for i, hand in enumerate(hands):
        if i in kept:
            continue
        size = len(hand)
        hands[i], pool = pool[:size], pool[size:]
        if i == drawn_by:
            hands[i].append(dump["drawn"])
    dump["hands"] = [" ".join(h) for h in hands]
    dump["pile"] = " ".join(pool)
    if dump["wd4"] and dump["wd4"][0] != seat:
        dump["wd4"] = [dump["wd4"][0], rng.random() < 0.5]
    dump["seed"] = rng.getrandbits(48)
    return dump


def _color_rows(dump: dict[str, Any], seat: int | None, rng: random.Random) -> dict[str, Any]:
    supply = list(dump["supply"])
    rng.shuffle(supply)
    dump["supply"] = "".join(supply)
    return dump


def _daifugo(dump: dict[str, Any], seat: int | None, rng: random.Random) -> dict[str, Any]:
    hands = [unpacked(h) for h in dump["hands"]]
    buried = unpacked(dump["buried"])
    pool = [c for i, hand in enumerate(hands) if i != seat for c in hand] + list(buried)
    rng.shuffle(pool)
    for i, hand in enumerate(hands):
        if i != seat:
            hands[i], pool = tuple(sorted(pool[:len(hand)])), pool[len(hand):]
    dump["hands"] = [packed(h) for h in hands]
    dump["buried"] = packed(sorted(pool))
    redrawn = lambda cards: packed(sorted(rng.sample(range(len(CODES)), len(cards) // 2)))  # noqa: E731
    if dump["exchange"] is not None:
        exchange = dump["exchange"] = dict(dump["exchange"])
        for part in ("given", "received"):
            exchange[part] = [cards if i == seat else redrawn(cards) for i, cards in enumerate(exchange[part])]
    last = dump["last"]
    if last is not None and last["type"] == "give" and seat not in (last["seat"], last["to"]):
        dump["last"] = {**last, "cards": [CODES[c] for c in unpacked(redrawn("".join(last["cards"])))]}
    dump["seed"] = rng.getrandbits(48)
    return dump


RESAMPLERS = {"color-match": _color_match, "color-rows": _color_rows, "daifugo": _daifugo}


def secret_hash(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def leaks(frame: dict[str, Any], *, own: Iterable[str], others: Iterable[str]) -> list[str]:
    """The strings of ``others`` (other players' ids, secrets, hashes; every connection id) found in ``frame``,
    plus any of the receiver's ``own`` identity strings in a frame other than its ``welcome``."""
    text = json.dumps(frame, ensure_ascii=False)
    found = [s for s in others if s in text]
    if frame.get("type") != "welcome":
        found += [s for s in own if s in text]
    return found
