"""Signing in through the handlers, with ID tokens signed by keys made here: the in-process gateway's issuer
(``gateway.issuer``, whose key set the functions fetch from memory) and keys of no issuer at all.

A valid token signs the device in (a guest is upgraded: same player, name, seat); every refused token is answered
``sign_in_refused`` with the verifier's reason and leaves the whole table as it was; a second device gets the same
player and stats; a finished game is counted once per signed-in seat, with one read and one conditional write each;
sign-out and deletion are for good.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import random
import time
from typing import Any

import jwt
import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa

from devserver.in_process import ISSUER
from devserver.oidc import LOCAL_CLIENT_ID, LocalIssuer
from functions import storage
from functions.accounts.account import MAX_DEVICES, account_id, sign_in_nonce
from functions.identity import hash_secret
from tests.functions.conftest import Gateway
from tests.functions.helpers import latest_room, play_to_end, room_with
from tests.functions.test_server_path import DynamoDBCalls

OTHER_KEY = rsa.generate_private_key(public_exponent=65537, key_size=2048)  # of no issuer: made here


def hello(gateway: Gateway, conn: str, name: str = "ゆうき", **returning: Any) -> dict[str, Any]:
    """Connect ``conn`` and say hello: as a new guest, or ``returning`` (``player_id``, ``secret``, …)."""
    gateway.connect(conn)
    gateway.send(conn, action="hello", name=name, **returning)
    return gateway.posts.last(conn, "welcome")  # a resume's room frame follows it


def claims(gateway: Gateway, secret: str, user: str = "Aiko", **overrides: Any) -> dict[str, Any]:
    """The claims the issuer's sign-in page gives ``user`` on the device holding ``secret`` (``None`` drops one)."""
    made = gateway.issuer.claims(user, LOCAL_CLIENT_ID, nonce=sign_in_nonce(hash_secret(secret)))
    made.update(overrides)
    return {name: value for name, value in made.items() if value is not None}


def token(gateway: Gateway, secret: str, user: str = "Aiko", **overrides: Any) -> str:
    return gateway.issuer.sign(claims(gateway, secret, user, **overrides))


def sign_in(gateway: Gateway, conn: str, secret: str, user: str = "Aiko") -> dict[str, Any]:
    """Sign ``conn`` in as ``user``; the ``signed_in`` reply (in a room, a ``room`` frame follows it)."""
    gateway.send(conn, action="sign_in", credential=token(gateway, secret, user), rid="s1")
    reply = gateway.posts.last(conn, "signed_in")
    assert reply["rid"] == "s1", reply
    return reply


def aiko() -> str:
    """The account the issuer's test user Aiko signs in to."""
    return account_id(ISSUER, LocalIssuer(ISSUER).claims("Aiko", LOCAL_CLIENT_ID)["sub"])


def table(gateway: Gateway) -> dict[str, dict[str, Any]]:
    """Every item of the table, by key."""
    items = storage.client().scan(TableName="deckroom", ConsistentRead=True)["Items"]
    return {item["pk"]["S"]: item for item in items}


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def hs256_with_the_public_key(gateway: Gateway, secret: str) -> str:
    """A token "signed" with HMAC-SHA256, the issuer's public key (PEM) as the HMAC secret."""
    (published,) = gateway.issuer.jwks()["keys"]
    public_pem = jwt.algorithms.RSAAlgorithm.from_jwk(published).public_bytes(
        serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo)
    header = b64url(json.dumps({"alg": "HS256", "kid": gateway.issuer.kid, "typ": "JWT"}).encode())
    body = b64url(json.dumps(claims(gateway, secret)).encode())
    signature = hmac.new(public_pem, f"{header}.{body}".encode(), hashlib.sha256).digest()
    return f"{header}.{body}.{b64url(signature)}"


def alg_none(gateway: Gateway, secret: str) -> str:
    header = b64url(json.dumps({"alg": "none", "kid": gateway.issuer.kid, "typ": "JWT"}).encode())
    return f"{header}.{b64url(json.dumps(claims(gateway, secret)).encode())}."


# --- a valid token ----------------------------------------------------------------------------------------------


def test_a_guest_who_signs_in_keeps_their_player_and_name_and_nothing_of_the_google_account_is_stored(gateway):
    welcome = hello(gateway, "a")
    reply = sign_in(gateway, "a", welcome["secret"])
    assert reply == {"type": "signed_in", "player_id": welcome["player_id"], "account": aiko(), "name": "ゆうき",
                     "avatar": None, "new": True, "rid": "s1"}
    stored = str(table(gateway))
    for google_data in ("Aiko", "aiko@example.test", "local-", ISSUER, welcome["secret"]):
        assert google_data not in stored, google_data  # no e-mail, no name, no sub, no issuer: a pseudonym only
    assert gateway.send("a", action="profile") == {
        "type": "profile", "player_id": welcome["player_id"], "name": "ゆうき", "avatar": None, "created": gateway.clock.t,
        "devices": 1, "stats": {}, "recent": []}


def test_a_returning_device_is_signed_in_again_and_takes_the_accounts_name(gateway):
    welcome = hello(gateway, "a")
    sign_in(gateway, "a", welcome["secret"])
    gateway.send("a", action="profile", name="あいこ")
    again = hello(gateway, "a2", player_id=welcome["player_id"], secret=welcome["secret"], account=aiko(),
                  name="old name")
    assert (again["account"], again["name"]) == (aiko(), "あいこ")
    # Without the account, the same identity is a guest: its welcome names no account, and it has no profile.
    guest = hello(gateway, "a3", player_id=welcome["player_id"], secret=welcome["secret"], name="ゆうき")
    assert "account" not in guest and guest["name"] == "ゆうき"
    assert gateway.send("a3", action="profile")["code"] == "not_signed_in"


# --- every refused token changes nothing ------------------------------------------------------------------------


def _expect_refused(gateway: Gateway, conn: str, credential: str, reason: str) -> None:
    before = table(gateway)
    error = gateway.send(conn, action="sign_in", credential=credential, rid="bad")
    assert (error["type"], error["code"], error["reason"], error["rid"]) == ("error", "sign_in_refused", reason,
                                                                            "bad"), error
    assert table(gateway) == before


def now() -> int:
    """The time tokens are judged by (the real clock: the verifier does not use the gateway's)."""
    return int(time.time())


@pytest.mark.parametrize("forge, reason", [
    (lambda g, s: jwt.encode(claims(g, s), OTHER_KEY, algorithm="RS256", headers={"kid": g.issuer.kid}),
     "bad_signature"),
    (alg_none, "bad_algorithm"),
    (hs256_with_the_public_key, "bad_algorithm"),
    (lambda g, s: token(g, s, aud="another-client", azp="another-client"), "wrong_audience"),
    (lambda g, s: token(g, s, azp="another-client"), "wrong_audience"),  # addressed to us, obtained by another
    (lambda g, s: token(g, s, iss="https://issuer.test/other"), "wrong_issuer"),
    (lambda g, s: token(g, s, iat=now() - 7200, nbf=now() - 7200, exp=now() - 120), "token_expired"),
    (lambda g, s: token(g, s, nbf=now() + 600), "token_not_yet_valid"),
    (lambda g, s: token(g, "A" * 43), "wrong_nonce"),  # asked for by another device
    (lambda g, s: token(g, s, nonce=None), "wrong_nonce"),
    (lambda g, s: token(g, s, sub=None), "bad_token"),
    (lambda g, s: "not.a.token", "bad_token"),
], ids=["bad-signature", "alg-none", "hs256-with-public-key", "wrong-aud", "another-clients-azp", "wrong-iss",
        "expired", "nbf-future", "another-devices-nonce", "no-nonce", "no-sub", "garbage"])
def test_each_refused_token_is_answered_with_its_reason_and_changes_nothing(gateway, forge, reason):
    welcome = hello(gateway, "a")
    _expect_refused(gateway, "a", forge(gateway, welcome["secret"]), reason)


def test_an_unknown_key_is_refused_after_exactly_one_fetch_of_the_keys(gateway):
    welcome = hello(gateway, "a")
    sign_in(gateway, "a", welcome["secret"], "Ben")
    fetched = len(gateway.issuer_fetches)
    unknown = jwt.encode(claims(gateway, welcome["secret"]), OTHER_KEY, algorithm="RS256", headers={"kid": "k-new"})
    _expect_refused(gateway, "a", unknown, "unknown_key")
    assert gateway.issuer_fetches[fetched:] == [f"{ISSUER}/jwks"]


def test_a_token_replayed_after_its_device_signed_out_is_harmless(gateway):
    phone = hello(gateway, "phone")
    stolen = token(gateway, phone["secret"])
    gateway.send("phone", action="sign_in", credential=stolen)
    assert gateway.send("phone", action="sign_out", rid="o")["type"] == "signed_out"
    # On another device, and on the same phone as the fresh guest it is now: the nonce names the old identity.
    hello(gateway, "laptop", "ラップトップ")
    _expect_refused(gateway, "laptop", stolen, "wrong_nonce")
    hello(gateway, "phone", "ゆうき")
    _expect_refused(gateway, "phone", stolen, "wrong_nonce")


def test_a_token_re_sent_by_its_signed_out_identity_is_refused_and_changes_nothing(gateway):
    """docs/protocol.md, "Accounts": after sign_out, the same identity said hello with again (as a guest) cannot
    sign in with the token it had: the account remembers that this device signed out after the token was issued."""
    gateway.clock.t = time.time()  # the server's clock is compared with the tokens' iat
    phone = hello(gateway, "phone")
    credential = token(gateway, phone["secret"], iat=now() - 5)
    assert gateway.send("phone", action="sign_in", credential=credential)["type"] == "signed_in"
    assert gateway.send("phone", action="sign_out", rid="o")["type"] == "signed_out"
    again = hello(gateway, "phone", player_id=phone["player_id"], secret=phone["secret"])
    assert "account" not in again
    _expect_refused(gateway, "phone", credential, "wrong_nonce")
    assert storage.get_connection("phone").account is None
    # A token the device is given after signing out is a new sign-in (the device chose to be that identity again).
    later = token(gateway, phone["secret"], iat=now() + 5)
    assert gateway.send("phone", action="sign_in", credential=later)["type"] == "signed_in"


def test_without_a_client_id_every_account_frame_is_refused(gateway, monkeypatch):
    from functions import settings

    welcome = hello(gateway, "a")
    sign_in(gateway, "a", welcome["secret"])
    hello(gateway, "a", "ゆうき")  # a guest again on this connection
    monkeypatch.delenv("SIGN_IN_CLIENT_ID")
    settings.settings.cache_clear()
    before = table(gateway)
    for frame in ({"action": "sign_in", "credential": token(gateway, welcome["secret"])}, {"action": "profile"},
                  {"action": "sign_out"}, {"action": "delete_account"}):
        assert gateway.send("a", **frame)["code"] == "sign_in_disabled"
    assert table(gateway) == before
    # A device signed in before sign-in was turned off comes back as a guest.
    again = hello(gateway, "a2", player_id=welcome["player_id"], secret=welcome["secret"], account=aiko())
    assert "account" not in again
    settings.settings.cache_clear()


def test_sign_in_before_hello_and_a_second_account_on_one_device_are_refused(gateway):
    gateway.connect("x")
    assert gateway.send("x", action="sign_in", credential="a.b.c")["code"] == "no_identity"
    welcome = hello(gateway, "a")
    sign_in(gateway, "a", welcome["secret"])
    before = table(gateway)
    assert gateway.send("a", action="sign_in", credential=token(gateway, welcome["secret"], "Ben"))["code"] == \
        "already_signed_in"
    assert table(gateway) == before
    assert sign_in(gateway, "a", welcome["secret"])["new"] is False  # the same account again: nothing changes
    assert table(gateway) == before


# --- upgrade, second device, switching ----------------------------------------------------------------------------


def test_a_guest_signing_in_during_a_game_keeps_the_seat_and_it_follows_the_account(gateway):
    code, (host, guest) = room_with(gateway, ["たろう", "ゆうき"], "color-match")
    welcome = gateway.posts.last(guest, "welcome")
    gateway.send(host, action="add_cpu", room=code)
    gateway.send(host, action="start", room=code)
    seat = latest_room(gateway, guest)["you"]["seat"]
    sign_in(gateway, guest, welcome["secret"])
    view = latest_room(gateway, guest)
    assert (view["phase"], view["you"]["seat"], view["events"]) == ("playing", seat,
                                                                    [{"code": "member_connected", "member": "m2"}])
    assert gateway.send(guest, action="ping")["type"] == "pong"
    for conn in (host, guest):  # no room frame names the account
        assert aiko() not in json.dumps([f for f in gateway.posts.frames[conn] if f["type"] != "signed_in"])
    # The seat now belongs to the account: the guest's secret alone no longer takes it back ...
    gateway.disconnect(guest)
    hello(gateway, "old-secret", player_id=welcome["player_id"], secret=welcome["secret"], name="ゆうき")
    assert gateway.send("old-secret", action="join", code=code)["code"] == "bad_credentials"
    # ... a second device signed in to the account does, with the same player.
    tablet = hello(gateway, "tablet", "タブレット")
    assert sign_in(gateway, "tablet", tablet["secret"])["player_id"] == welcome["player_id"]
    resumed = hello(gateway, "tablet2", player_id=welcome["player_id"], secret=tablet["secret"], account=aiko(),
                    room=code)
    assert resumed["room"] == code and latest_room(gateway, "tablet2")["you"]["seat"] == seat
    play_to_end(gateway, code, [host, "tablet2"], random.Random(3))
    assert gateway.send("tablet2", action="profile")["stats"] == {"color-match": {"played": 1, "won": int(
        "m2" in latest_room(gateway, host)["history"][-1]["winners"])}}


def test_a_second_device_gets_the_same_player_and_stats(gateway):
    phone = hello(gateway, "phone")
    sign_in(gateway, "phone", phone["secret"])
    code = gateway.send("phone", action="create")["code"]
    gateway.send("phone", action="add_cpu", room=code)
    gateway.send("phone", action="select_game", room=code, game="color-rows")
    gateway.send("phone", action="start", room=code)
    play_to_end(gateway, code, ["phone"], random.Random(5))
    stats = gateway.send("phone", action="profile")["stats"]
    assert stats["color-rows"]["played"] == 1

    laptop = hello(gateway, "laptop", "ラップトップ")
    assert laptop["player_id"] != phone["player_id"]
    reply = sign_in(gateway, "laptop", laptop["secret"])
    assert (reply["player_id"], reply["name"], reply["new"]) == (phone["player_id"], "ゆうき", False)
    profile = gateway.send("laptop", action="profile")
    assert (profile["stats"], profile["devices"]) == (stats, 2)
    # The laptop is that player now: its next hello names the account's player, and a room it makes is theirs.
    again = hello(gateway, "laptop2", player_id=reply["player_id"], secret=laptop["secret"], account=aiko())
    assert again["account"] == aiko()


def test_a_new_name_reaches_the_room_and_the_accounts_other_devices(gateway):
    code, (host, guest) = room_with(gateway, ["たろう", "ゆうき"])
    welcome = gateway.posts.last(guest, "welcome")
    sign_in(gateway, guest, welcome["secret"])
    gateway.send(guest, action="profile", name="  あいこ ", rid="p")
    reply = gateway.posts.last(guest, "profile")  # the room frame of the rename follows it
    assert (reply["type"], reply["name"], reply["rid"]) == ("profile", "あいこ", "p")
    assert [m["name"] for m in latest_room(gateway, host)["members"]] == ["たろう", "あいこ"]
    assert gateway.send(guest, action="profile", name="x" * 17)["code"] == "bad_frame"
    laptop = hello(gateway, "laptop", "ラップトップ")
    assert sign_in(gateway, "laptop", laptop["secret"])["name"] == "あいこ"


def test_switching_players_while_seated_is_refused_and_changes_nothing(gateway):
    phone = hello(gateway, "phone")
    sign_in(gateway, "phone", phone["secret"])  # the account has the phone's player
    code, (host, guest) = room_with(gateway, ["たろう", "ゆうき"])
    before = table(gateway)
    refused = gateway.send(guest, action="sign_in",
                           credential=token(gateway, gateway.posts.last(guest, "welcome")["secret"]))
    assert refused["code"] == "leave_room_first"
    assert table(gateway) == before
    gateway.send(guest, action="leave", room=code)
    assert sign_in(gateway, guest, gateway.posts.last(guest, "welcome")["secret"])["player_id"] == \
        phone["player_id"]


def test_an_eleventh_device_signs_out_the_one_that_signed_in_longest_ago(gateway, clock_):
    devices = []
    for i in range(MAX_DEVICES + 1):
        welcome = hello(gateway, f"d{i}", f"端末{i}")
        player = sign_in(gateway, f"d{i}", welcome["secret"])["player_id"]
        devices.append((welcome["secret"], player))
        clock_.advance(60)
    assert gateway.send("d10", action="profile")["devices"] == MAX_DEVICES
    first_secret, player = devices[0]
    assert "account" not in hello(gateway, "d0b", player_id=player, secret=first_secret, account=aiko())
    assert hello(gateway, "d1b", player_id=player, secret=devices[1][0], account=aiko())["account"] == aiko()


# --- the profile at the end of a game -------------------------------------------------------------------------


def _signed_in_solo_game(gateway: Gateway, conn: str, game: str = "color-rows") -> str:
    welcome = hello(gateway, conn)
    sign_in(gateway, conn, welcome["secret"])
    code = gateway.send(conn, action="create")["code"]
    gateway.send(conn, action="add_cpu", room=code)
    gateway.send(conn, action="select_game", room=code, game=game)
    return code


def test_each_game_is_counted_once_with_one_read_and_one_conditional_write(gateway):
    code = _signed_in_solo_game(gateway, "a")
    gateway.send("a", action="start", room=code)
    calls = DynamoDBCalls()
    rng = random.Random(7)
    for _ in range(500):  # the game, step by step, counting each step's calls
        frame = latest_room(gateway, "a")
        if frame["phase"] != "playing":
            break
        calls.take()
        if frame["game"]["current"] == frame["you"]["seat"] and frame["game"]["view"].get("legal"):
            gateway.send("a", action="move", room=code, version=frame["version"],
                         move=rng.choice(frame["game"]["view"]["legal"]))
        else:
            gateway.run_timers(limit=1)
        names = calls.take()
        assert names in (["GetItem"], ["GetItem", "PutItem"]) or latest_room(gateway, "a")["phase"] == "finished"
    assert names == ["GetItem", "PutRecord", "PutItem", "GetItem", "PutItem"]  # the room (and the game's record),
    # then the account
    profile = gateway.send("a", action="profile")
    assert profile["stats"]["color-rows"]["played"] == 1 and len(profile["recent"]) == 1
    entry = profile["recent"][0]
    assert (entry["room"], entry["game"], entry["players"]) == (code, "color-rows", 2)


def test_a_game_finished_by_timers_is_counted_once_however_often_they_are_delivered(gateway):
    code = _signed_in_solo_game(gateway, "a", "color-match")
    gateway.send("a", action="start", room=code)
    gateway.disconnect("a")  # a stand-in plays the seat to the end, on timers alone
    delivered = []
    while gateway.timer_messages:
        message = min(gateway.timer_messages, key=lambda m: m["at"])
        gateway.timer_messages.remove(message)
        gateway.clock.t = max(gateway.clock.t, message["at"])
        gateway.deliver_timers([message])
        delivered.append(message)
    account = table(gateway)[f"acct#{aiko()}"]
    gateway.deliver_timers(delivered[-3:])  # SQS delivers a message again now and then
    gateway.deliver_timers(delivered[-1:])
    assert table(gateway)[f"acct#{aiko()}"] == account
    welcome = gateway.posts.last("a", "welcome")
    hello(gateway, "a2", player_id=welcome["player_id"], secret=welcome["secret"], account=aiko(), room=code)
    assert latest_room(gateway, "a2")["phase"] == "finished"
    assert gateway.send("a2", action="profile")["stats"]["color-match"]["played"] == 1

    gateway.send("a2", action="rematch", room=code)
    play_to_end(gateway, code, ["a2"], random.Random(8))
    profile = gateway.send("a2", action="profile")
    assert profile["stats"]["color-match"]["played"] == 2 and len(profile["recent"]) == 2


def test_a_recent_game_replays_from_the_profile_after_the_room_is_gone_until_its_record_expires(gateway):
    code = _signed_in_solo_game(gateway, "a", "color-match")
    gateway.send("a", action="start", room=code)
    play_to_end(gateway, code, ["a"], random.Random(5))
    seat = latest_room(gateway, "a")["you"]["seat"]
    gateway.send("a", action="leave", room=code)  # the last person leaves: the room closes
    entry = gateway.send("a", action="profile")["recent"][0]
    assert entry == {"room": code, "number": 1, "game": "color-match", "at": entry["at"], "players": 2,
                     "won": entry["won"]}  # the room's key and the seat stay on the server
    page = gateway.send("a", action="replay", room=code, number=1)
    assert page["type"] == "replay" and page["seat"] == seat and page["record"]["number"] == 1
    laptop = hello(gateway, "laptop", "ラップトップ")  # another device of the account
    sign_in(gateway, "laptop", laptop["secret"])
    assert gateway.send("laptop", action="replay", room=code, number=1, seat=1 - seat)["seat"] == 1 - seat
    assert gateway.send("laptop", action="replay", room=code, number=2)["code"] == "not_in_room"  # not in its profile
    hello(gateway, "guest", "よそ者")
    assert gateway.send("guest", action="replay", room=code, number=1)["code"] == "not_in_room"
    gateway.clock.t += storage.RECORD_SECONDS + 1
    assert gateway.send("a", action="replay", room=code, number=1)["code"] == "no_replay"


def test_a_guest_seat_costs_nothing_more_at_the_end_of_a_game(gateway):
    code, (human,) = room_with(gateway, ["ゆうき"], "color-rows")
    gateway.send(human, action="add_cpu", room=code)
    gateway.send(human, action="start", room=code)
    calls = DynamoDBCalls()
    play_to_end(gateway, code, [human], random.Random(2))
    assert set(calls.take()) == {"GetItem", "PutItem", "PutRecord"}  # the room's, and the game's record
    assert not [key for key in table(gateway) if key.startswith("acct#")]


# --- signing out and deleting ---------------------------------------------------------------------------------------


def test_sign_out_forgets_the_device_and_leaves_the_connection_without_identity(gateway):
    welcome = hello(gateway, "a")
    sign_in(gateway, "a", welcome["secret"])
    code = gateway.send("a", action="create")["code"]
    assert gateway.send("a", action="sign_out")["code"] == "leave_room_first"
    gateway.send("a", action="leave", room=code)
    assert gateway.send("a", action="sign_out", rid="o") == {"type": "signed_out", "rid": "o"}
    assert gateway.send("a", action="create")["code"] == "no_identity"
    assert gateway.send("a", action="profile")["code"] == "not_signed_in"
    assert "account" not in hello(gateway, "a2", player_id=welcome["player_id"], secret=welcome["secret"],
                                  account=aiko())
    # The account is still there for its other devices: signing in again finds the same player.
    fresh = hello(gateway, "a3")
    assert sign_in(gateway, "a3", fresh["secret"])["player_id"] == welcome["player_id"]


def test_a_deleted_account_is_gone_for_good_and_a_game_ending_later_does_not_bring_it_back(gateway):
    code = _signed_in_solo_game(gateway, "a")
    welcome = gateway.posts.last("a", "welcome")
    gateway.send("a", action="start", room=code)
    laptop = hello(gateway, "laptop", "ラップトップ")
    sign_in(gateway, "laptop", laptop["secret"])
    assert gateway.send("laptop", action="delete_account", rid="d") == {"type": "account_deleted", "rid": "d"}
    assert f"acct#{aiko()}" not in table(gateway)
    assert gateway.send("laptop", action="profile")["code"] == "not_signed_in"
    play_to_end(gateway, code, ["a"], random.Random(4))  # the phone's seat still names the account
    assert f"acct#{aiko()}" not in table(gateway)
    assert gateway.send("a", action="profile")["code"] == "not_signed_in"
    assert "account" not in hello(gateway, "a2", player_id=welcome["player_id"], secret=welcome["secret"],
                                  account=aiko())
    # Signing in again makes a new, empty account.
    fresh = hello(gateway, "b")
    reply = sign_in(gateway, "b", fresh["secret"])
    assert reply["new"] is True and gateway.send("b", action="profile")["stats"] == {}


def test_what_signing_in_costs(gateway):
    """A sign-in reads the connection and the account and puts the account; a signed-in device's hello reads the
    account once more than a guest's; a guest's hello reads and writes what it did before accounts."""
    calls = DynamoDBCalls()
    welcome = hello(gateway, "a")
    assert calls.take() == ["GetItem", "UpdateItem"]
    sign_in(gateway, "a", welcome["secret"])
    assert calls.take() == ["GetItem", "GetItem", "PutItem", "UpdateItem"]
    hello(gateway, "b", player_id=welcome["player_id"], secret=welcome["secret"])
    assert calls.take() == ["GetItem", "UpdateItem"]
    hello(gateway, "c", player_id=welcome["player_id"], secret=welcome["secret"], account=aiko())
    assert calls.take() == ["GetItem", "GetItem", "UpdateItem"]
