"""Complete games of every game through the local gateway, played by `tools.playtest` over the public protocol."""

from __future__ import annotations

import asyncio
import random

import aiohttp
import pytest

from devserver.testing import TEST_PACE, RunningGateway, running_gateway
from tools.playtest import PlaytestConfig, Report, run_playtest
from tools.playtest.latency import RoomLatency
from tools.playtest.player import Player

pytestmark = pytest.mark.e2e


def play(gateway: RunningGateway, **settings: object) -> Report:
    config = PlaytestConfig(url=gateway.websocket_url, seed=1, **settings)
    report = asyncio.run(run_playtest(config))
    assert report.ok, report.summary() + "\n--- server log ---\n" + gateway.log()[-5000:]
    return report


def test_color_match_with_a_cpu_seat(gateway: RunningGateway) -> None:
    report = play(gateway, game="color-match", players=3, cpus=1)
    assert report.games_finished == 1
    assert report.events["moved:cpu"] > 0
    assert report.events["game_over"] == 1
    assert len(report.latencies) > 0


def test_color_rows_with_a_cpu_seat(gateway: RunningGateway) -> None:
    report = play(gateway, game="color-rows", players=4, cpus=1)
    assert report.games_finished == 1
    assert report.events["moved:cpu"] > 0


def test_daifugo_three_people_through_the_gateway(gateway: RunningGateway) -> None:
    report = play(gateway, game="daifugo", players=3, options={"preset": "house"})
    assert report.games_finished == 1
    assert report.events["game_over"] == 1 and report.events["moved:player"] > 30


#: A deal in which the first game's forgotten calls stay open until their deadlines. A forgotten window also closes
#: without one when another player's Draw Two makes the forgetter draw, or the game ends first; under some deals
#: (``last-call-2``) every window of the first game closes that way.
LAST_CALL_SEED = "last-call-3"


def test_the_timed_last_card_call_is_enforced_by_the_server_timer() -> None:
    # Each player leaves out its first call of each game and then waits: only the server's 3-second
    # deadline (a delayed SQS message, or the catch-up of the next action) can move the game on. Up to the first
    # window's close the game is the seeds' alone; the forgetter waits at its turn, so its deadline comes on any machine.
    with running_gateway(env={"DECKROOM_SEED": LAST_CALL_SEED, **TEST_PACE}) as gateway:
        report = play(gateway, game="color-match", players=3, games=2, options={"call": 3}, forget_call=1.0)
    assert report.calls_forgotten >= 1
    assert report.events["deadline"] >= 1


def test_several_rooms_play_rematches_at_the_same_time(gateway: RunningGateway) -> None:
    report = play(gateway, game="color-match", players=4, rooms=3, games=2, options={"preset": "house"})
    assert report.games_finished == 6
    assert report.events["game_started"] == 6


def test_players_that_drop_their_connection_resume_their_seats(gateway: RunningGateway) -> None:
    report = play(gateway, game="color-rows", players=3, games=1, reconnect_every=4)
    assert report.reconnections >= 3


def test_a_socket_closed_before_the_welcome_is_opened_again() -> None:
    """The gateway's idle limit can close a socket before a busy client sends its hello: the player opens the
    socket again and says hello, as a phone does with any closed socket. The first socket stays silent until the
    gateway has closed it (its reader ends), so the close comes first on any machine."""

    async def connect(url: str) -> tuple[Player, Report]:
        report = Report(games_wanted=0)
        async with aiohttp.ClientSession() as session:
            player = Player(session=session, url=url, name="ゆうき", index=0, choose=lambda view, rng: None,
                            rng=random.Random(1), report=report, latency=RoomLatency(players=1), stall_timeout=20)
            open_socket, opened = player._open, []

            async def open_then_wait_for_the_first_close() -> None:
                await open_socket()
                opened.append(player._reader)
                if len(opened) == 1:
                    await player._reader  # ends when the gateway closes the idle socket

            player._open = open_then_wait_for_the_first_close  # type: ignore[method-assign]
            await player.connect()
            await player.close()
        return player, report

    with running_gateway(idle_timeout=0.5, env=TEST_PACE) as gateway:
        player, report = asyncio.run(connect(gateway.websocket_url))
    assert player.player_id is not None and report.reconnections == 1
