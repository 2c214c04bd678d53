"""The one DynamoDB table: rooms, connections and identities, told apart by the key's prefix."""

from __future__ import annotations

from aws_cdk import RemovalPolicy
from aws_cdk import aws_dynamodb as dynamodb
from constructs import Construct

PARTITION_KEY = "pk"
TTL_ATTRIBUTE = "ttl"


class Storage(Construct):
    """On-demand table keyed by ``pk`` (string, no sort key), expiring items by ``ttl`` (epoch seconds).

    On-demand billing costs nothing at rest and follows the traffic of an evening's games; a table planned for
    more than a new table serves at once (4,000 writes/s) is pre-warmed to the plan (``warm_throughput``, from
    the capacity model), since on-demand only doubles its previous peak every 30 minutes. Point-in-time
    recovery (35 days) guards against a bad deploy or a mistaken delete corrupting live rooms and accounts
    (docs/operations.md, "Restoring the table").

    ``keep`` (the ``prod`` stage): deletion protection, and ``cdk destroy`` or a replacement leaves the table in
    place (``RETAIN``) — accounts live two years, far longer than any one stack. Without it (``dev``) the table
    is disposable: rooms live for hours, and a dev stack's accounts are test accounts.
    """

    def __init__(self, scope: Construct, construct_id: str, *, warm_throughput: tuple[int, int] | None = None,
                 keep: bool = False) -> None:
        super().__init__(scope, construct_id)
        self.table = dynamodb.Table(
            self,
            "Table",
            partition_key=dynamodb.Attribute(name=PARTITION_KEY, type=dynamodb.AttributeType.STRING),
            billing_mode=dynamodb.BillingMode.PAY_PER_REQUEST,
            time_to_live_attribute=TTL_ATTRIBUTE,
            point_in_time_recovery_specification=dynamodb.PointInTimeRecoverySpecification(
                point_in_time_recovery_enabled=True
            ),
            # Encrypted at rest with a key AWS owns: free, unlike a KMS key billed per request.
            encryption=dynamodb.TableEncryption.DEFAULT,
            removal_policy=RemovalPolicy.RETAIN if keep else RemovalPolicy.DESTROY,
            deletion_protection=keep,
            warm_throughput=dynamodb.WarmThroughput(
                read_units_per_second=warm_throughput[0], write_units_per_second=warm_throughput[1]
            ) if warm_throughput else None,
        )
