"""The local DynamoDB keeps DynamoDB's promise the server is built on: of conditional writes racing on the same
expected version, exactly one succeeds (moto alone lets two through now and then; `local_aws` serialises it)."""

from __future__ import annotations

import os
import threading
from typing import Iterator

import boto3
import pytest

from devserver.local_aws import LocalAws, start_local_aws

RACERS = 8
TRIALS = 60  # moto alone: a double winner in about 1 trial in 40


@pytest.fixture(scope="module")
def local_aws() -> Iterator[LocalAws]:
    environment = dict(os.environ)  # start_local_aws sets dummy credentials and a region for this process
    aws = start_local_aws(region="eu-west-1")
    yield aws
    aws.stop()
    os.environ.clear()
    os.environ.update(environment)


def _winners(aws: LocalAws, clients: list, trial: int) -> int:
    key = {"pk": {"S": f"room#{trial}"}}
    clients[0].put_item(TableName=aws.table_name, Item={**key, "version": {"N": "1"}})
    start, wins = threading.Barrier(len(clients)), []

    def race(client) -> None:
        start.wait()
        try:
            client.put_item(TableName=aws.table_name, Item={**key, "version": {"N": "2"}},
                            ConditionExpression="version = :seen", ExpressionAttributeValues={":seen": {"N": "1"}})
            wins.append(client)
        except client.exceptions.ConditionalCheckFailedException:
            pass

    threads = [threading.Thread(target=race, args=(client,)) for client in clients]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return len(wins)


def test_exactly_one_of_racing_conditional_writes_wins(local_aws: LocalAws) -> None:
    clients = [boto3.client("dynamodb", endpoint_url=local_aws.endpoint_url, region_name=local_aws.region)
               for _ in range(RACERS)]
    assert [_winners(local_aws, clients, trial) for trial in range(TRIALS)] == [1] * TRIALS
