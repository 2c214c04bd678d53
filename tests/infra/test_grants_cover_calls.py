"""Every AWS call the real handlers make is one their function's role allows, and every table action a role
allows is one its handler makes: games are played through the handlers in this process (moto, the bench's
recorder at botocore's door) and the calls compared with the synthesised roles.

A change in ``functions/`` that makes a new call fails here before it fails in AWS with AccessDenied.
"""

from __future__ import annotations

import pytest

from bench.inprocess_server import InProcessServer
from bench.server_games import play_game
from functions.accounts.account import sign_in_nonce
from functions.identity import hash_secret
from infra.handlers import SPECS
from tests.infra.support import actions, function_ids, policy_statements

IAM_ACTION = {"dynamodb": "dynamodb", "sqs": "sqs", "apigatewaymanagementapi": "execute-api"}


def _iam_action(call_name: str) -> str:
    """``dynamodb.GetItem`` → ``dynamodb:GetItem``; every management API call is ``execute-api:ManageConnections``."""
    service, operation = call_name.split(".")
    if service == "apigatewaymanagementapi":
        return "execute-api:ManageConnections"
    return f"{IAM_ACTION[service]}:{operation}"


def _lobby_comings_and_goings(server: InProcessServer) -> None:
    """What the games alone do not do: a wrong code, a leave and a second join, a disconnect in the middle of a
    game, a returning player, a ping, everyone gone."""
    server.connect("a")
    server.send("a", action="hello", name="あき")
    welcome = server.latest("a", "welcome")
    server.send("a", action="create")
    code = server.latest("a", "room")["code"]
    server.connect("b")
    server.send("b", action="hello", name="ぼく")
    server.send("b", action="join", code="0000" if code != "0000" else "0001")  # no such room
    server.send("b", action="join", code=code)
    server.send("b", action="leave", room=code)
    server.send("b", action="join", code=code)
    server.send("a", action="add_cpu", room=code)
    server.send("a", action="select_game", room=code, game="color-match")
    server.send("a", action="start", room=code)
    server.disconnect("b")
    server.connect("a2")
    server.send("a2", action="hello", player_id=welcome["player_id"], secret=welcome["secret"])
    server.send("a2", action="ping")
    while server.deliver_next_timer() is not None:
        pass
    server.disconnect("a")
    server.disconnect("a2")


def _an_account_comes_and_goes(server: InProcessServer) -> None:
    """Signing in, a game counted in the account (a stand-in ends it on timers), the player back on another
    connection, the profile, signing out, signing in again, deleting the account."""
    def sign_in(conn: str) -> None:
        secret = server.latest(conn, "welcome")["secret"]
        server.send(conn, action="sign_in", credential=server.issuer.issue("Saki", nonce=sign_in_nonce(
            hash_secret(secret))))

    server.connect("s")
    server.send("s", action="hello", name="さき")
    welcome = server.latest("s", "welcome")
    sign_in("s")
    account = server.latest("s", "signed_in")["account"]
    server.send("s", action="create")
    code = server.latest("s", "room")["code"]
    server.send("s", action="add_cpu", room=code)
    server.send("s", action="select_game", room=code, game="color-rows")
    server.send("s", action="start", room=code)
    server.disconnect("s")
    while server.deliver_next_timer() is not None:
        pass
    server.connect("s2")
    server.send("s2", action="hello", player_id=welcome["player_id"], secret=welcome["secret"], account=account,
                room=code)
    server.send("s2", action="profile", name="サキ")
    server.send("s2", action="leave", room=code)
    server.send("s2", action="sign_out")
    server.send("s2", action="hello", name="さき")
    sign_in("s2")
    server.send("s2", action="delete_account")
    server.disconnect("s2")


@pytest.fixture(scope="module")
def calls_by_handler() -> dict[str, set[str]]:
    with InProcessServer() as server:
        play_game(server, "color-rows", 2, 2, seed=1)
        play_game(server, "color-match", 3, 1, seed=2)
        _lobby_comings_and_goings(server)
        _an_account_comes_and_goes(server)
        found: dict[str, set[str]] = {}
        for invocation in server.invocations:
            found.setdefault(invocation.handler, set()).update(_iam_action(c.name) for c in invocation.calls)
    return found


def _allowed(synthesis, name: str) -> set[str]:
    return actions(policy_statements(synthesis.resources, function_ids(synthesis.resources)[name]))


def test_an_account_is_deleted_by_the_message_function_only_and_only_account_items(synthesis, calls_by_handler):
    assert {handler for handler, calls in calls_by_handler.items() if "dynamodb:DeleteItem" in calls} == {
        "message", "disconnect"}  # disconnect deletes connection records
    statements = policy_statements(synthesis.resources, function_ids(synthesis.resources)["Message"])
    (delete,) = [s for s in statements if "dynamodb:DeleteItem" in actions([s])]
    assert delete["Condition"] == {"ForAllValues:StringLike": {"dynamodb:LeadingKeys": ["acct#*"]}}


@pytest.mark.parametrize("spec", SPECS, ids=[s.name for s in SPECS])
def test_every_call_a_handler_makes_is_allowed_to_its_function(synthesis, calls_by_handler, spec) -> None:
    missing = calls_by_handler.get(spec.module, set()) - _allowed(synthesis, spec.name)
    assert not missing, f"{spec.name} calls {sorted(missing)} without a grant (infra/handlers.py)"


@pytest.mark.parametrize("spec", SPECS, ids=[s.name for s in SPECS])
def test_every_table_action_a_function_may_take_is_one_its_handler_takes(synthesis, calls_by_handler, spec) -> None:
    granted = {a for a in _allowed(synthesis, spec.name) if a.startswith("dynamodb:")}
    used = {a for a in calls_by_handler.get(spec.module, set()) if a.startswith("dynamodb:")}
    assert granted == used, f"{spec.name}: granted {sorted(granted)}, used {sorted(used)}"


def test_the_scenarios_reach_every_handler_and_every_kind_of_call(calls_by_handler) -> None:
    assert set(calls_by_handler) == {"connect", "disconnect", "message", "timer"}
    everything = set().union(*calls_by_handler.values())
    assert {"sqs:SendMessage", "execute-api:ManageConnections", "dynamodb:DeleteItem"} <= everything
    assert calls_by_handler["connect"] == set()
