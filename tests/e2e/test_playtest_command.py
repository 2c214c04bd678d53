"""`python -m tools.playtest` as an operator runs it: exit status and what it prints, success and failure."""

from __future__ import annotations

import subprocess
import sys

import pytest

from devserver.testing import REPO_ROOT, RunningGateway, running_gateway

pytestmark = pytest.mark.e2e


def playtest(*arguments: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "tools.playtest", *arguments],
        cwd=REPO_ROOT, capture_output=True, text=True, timeout=240,
    )


def test_a_good_run_prints_games_moves_and_latency_and_exits_0(gateway: RunningGateway) -> None:
    result = playtest("--url", gateway.websocket_url, "--game", "color-rows", "--players", "2", "--games", "2")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "games finished: 2/2" in result.stdout
    assert "latency, move sent -> every player's view (ms): p50" in result.stdout
    assert result.stdout.rstrip().endswith("result: OK")


def test_seats_that_do_not_fit_the_game_are_refused_before_connecting() -> None:
    result = playtest("--url", "ws://127.0.0.1:9/ws", "--game", "color-rows", "--players", "4", "--cpus", "2")
    assert result.returncode == 2
    assert "2-5" in result.stderr


def test_an_error_frame_nobody_provoked_fails_the_run() -> None:
    with running_gateway(routes={"$default": "tests.e2e.broken_handlers:failing_message"}) as broken:
        result = playtest("--url", broken.websocket_url, "--players", "2")
    assert result.returncode == 1
    assert "FAILURE" in result.stdout and "Internal server error" in result.stdout


def test_a_game_that_stops_moving_is_reported_as_stalled() -> None:
    # The timer handler never succeeds, so the CPU seat never moves once it is its turn.
    with running_gateway(timer_handler="tests.e2e.broken_handlers:idle_timer") as stuck:
        result = playtest("--url", stuck.websocket_url, "--players", "1", "--cpus", "1", "--stall-timeout", "3")
    assert result.returncode == 1
    assert "stalled" in result.stdout
