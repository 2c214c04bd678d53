"""The functions' AWS clients cannot hang: short connect and read timeouts, botocore's standard retries."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from functions import aws


@pytest.fixture
def clients(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("AWS_DEFAULT_REGION", "us-east-1")
    monkeypatch.setenv("TABLE_NAME", "deckroom")
    monkeypatch.setenv("TIMER_QUEUE_URL", "https://sqs.us-east-1.amazonaws.com/000000000000/q")
    monkeypatch.setenv("CONNECTIONS_ENDPOINT", "https://abc.execute-api.us-east-1.amazonaws.com/live")
    aws.reset()
    yield
    aws.reset()


@pytest.mark.parametrize("make", [aws.dynamodb, aws.sqs, aws.connections])
def test_every_client_times_out_in_seconds_and_retries_in_standard_mode(clients: None, make) -> None:
    config = make().meta.config
    assert config.connect_timeout == aws.CONNECT_TIMEOUT <= 3
    assert config.read_timeout == aws.READ_TIMEOUT <= 10
    assert config.retries == {"mode": "standard", "total_max_attempts": aws.MAX_ATTEMPTS}

