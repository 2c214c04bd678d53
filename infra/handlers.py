"""The four Lambda functions, all built from the one ``functions/`` code asset, each granted only what it uses.

Handler modules and environment names are fixed in docs/architecture.md. Every function gets the same
environment (shared modules read it at import), but IAM grants follow the AWS calls each handler makes
(``tests/infra/test_grants_cover_calls.py`` plays games and checks every call against these grants):

==========  =====================  ============================  ==================  ===============
function    entry point            table                         post to players     send timers
==========  =====================  ============================  ==================  ===============
Connect     ``$connect``           none (nothing stored yet)     no (not open yet)   no
Disconnect  ``$disconnect``        GetItem, PutItem, DeleteItem  yes (seat is away)  yes (stand-in)
Message     ``$default``           GetItem, PutItem, UpdateItem; yes                 yes
                                   DeleteItem of accounts only
Timer       SQS timer queue        GetItem, PutItem              yes                 yes (next CPU)
==========  =====================  ============================  ==================  ===============

Accounts (``acct#…`` items) are read and written with GetItem and PutItem like rooms — a game's end counts it in
the accounts of its signed-in seats from whichever function ends it — and deleted by the Message function only,
whose DeleteItem is conditioned on the ``acct#`` key prefix (``dynamodb:LeadingKeys``).

The code asset carries the pinned third-party packages (PyJWT, cryptography) built for arm64
(``infra/dependencies.py``). With ``googleClientId`` every function gets ``SIGN_IN_CLIENT_ID`` and
``SIGN_IN_ISSUER`` (Google's); without it, sign-in is refused and everyone plays as a guest.

Client addresses are counted by a keyed hash whose key Secrets Manager generates (``DECKROOM_ADDRESS_KEY``).

X-Ray active tracing is off unless ``tracing`` (``-c tracing=true``): a trace per invocation costs more than the
play it traces on a small site (docs/cost.md). Off, Powertools' tracer is disabled too
(``POWERTOOLS_TRACE_DISABLED``) and the roles get no X-Ray grant.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from aws_cdk import Duration, RemovalPolicy
from aws_cdk import aws_apigatewayv2 as apigwv2
from aws_cdk import aws_dynamodb as dynamodb
from aws_cdk import aws_iam as iam
from aws_cdk import aws_lambda as lambda_
from aws_cdk import aws_logs as logs
from aws_cdk import aws_secretsmanager as secretsmanager
from aws_cdk import aws_sqs as sqs
from constructs import Construct

from functions.accounts.account import KEY_PREFIX as ACCOUNT_KEY_PREFIX
from infra import app_metrics
from infra.dependencies import code_asset
from infra.nag import acknowledge, rendered_environment, rendered_ref
from infra.powertools import ARCHITECTURE, PYTHON_RUNTIME
from infra.shared_settings import MEMORY_MB, RECURSIVE_LOOP

REPO_ROOT = Path(__file__).resolve().parent.parent

ASSET_EXCLUDE = [".*", "*", "!functions", "!functions/**", "__pycache__", "*.pyc"]
"""Glob patterns (last match wins) that keep only the ``functions/`` package of the repository root.

The asset's root is the repository root, so Lambda sees ``functions`` as a top-level package and the handler
string ``functions.handlers.message.handler`` resolves. ``.*`` is listed because ``*`` skips dot-files.
"""

LOG_RETENTION = logs.RetentionDays.ONE_MONTH

@dataclass(frozen=True)
class HandlerSpec:
    """One handler: its module under ``functions/handlers/`` and what it is allowed to do."""

    name: str
    module: str
    description: str
    timeout: Duration
    table_actions: tuple[str, ...]
    posts_to_players: bool
    schedules_timers: bool
    #: Table actions allowed on account items (``acct#…``) only.
    account_actions: tuple[str, ...] = ()

    @property
    def handler(self) -> str:
        """The Lambda handler string, e.g. ``functions.handlers.connect.handler``."""
        return f"functions.handlers.{self.module}.handler"

    @property
    def memory_mb(self) -> int:
        """The function's memory (``infra/shared_settings.py``: the timer function, where CPU seats think, has a
        full vCPU; the others 512 MB)."""
        return MEMORY_MB[self.module]

    @property
    def recursive_loop(self) -> lambda_.RecursiveLoop:
        """Lambda's recursive loop detection setting (``infra/shared_settings.py``, which the local gateway
        applies too): ``Allow`` for every function that sends timer messages."""
        allowed = RECURSIVE_LOOP[self.module] == "Allow"
        return lambda_.RecursiveLoop.ALLOW if allowed else lambda_.RecursiveLoop.TERMINATE


CONNECT = HandlerSpec(
    "Connect", "connect", "WebSocket $connect", Duration.seconds(10), table_actions=(),
    posts_to_players=False, schedules_timers=False,
)
DISCONNECT = HandlerSpec(
    "Disconnect", "disconnect", "WebSocket $disconnect", Duration.seconds(10),
    table_actions=("GetItem", "PutItem", "DeleteItem"), posts_to_players=True, schedules_timers=True,
)
# API Gateway waits at most 29 s for a WebSocket integration; a frame never needs more than a few seconds.
MESSAGE = HandlerSpec(
    "Message", "message", "WebSocket $default: every client frame", Duration.seconds(20),
    table_actions=("GetItem", "PutItem", "UpdateItem"), posts_to_players=True, schedules_timers=True,
    account_actions=("DeleteItem",),
)
TIMER = HandlerSpec(
    "Timer", "timer", "SQS timer queue: due deadlines, CPU turns", Duration.seconds(30),
    table_actions=("GetItem", "PutItem"), posts_to_players=True, schedules_timers=True,
)

SPECS = (CONNECT, DISCONNECT, MESSAGE, TIMER)


SIGN_IN_ISSUER = "https://accounts.google.com"


def function_code() -> lambda_.Code:
    """The one code asset: the ``functions/`` package and, beside it, the pinned packages the layer lacks (PyJWT,
    cryptography) built for arm64 (``infra/dependencies.py``; no Docker). Powertools and pydantic come from the
    Powertools layer, boto3 from the runtime."""
    return code_asset(REPO_ROOT, ASSET_EXCLUDE)


class Handlers(Construct):
    """Creates the functions of :data:`SPECS` with the project's runtime settings and least-privilege grants."""

    def __init__(
        self,
        scope: Construct,
        construct_id: str,
        *,
        table: dynamodb.ITable,
        timer_queue: sqs.IQueue,
        stage: apigwv2.WebSocketStage,
        layer: lambda_.ILayerVersion,
        metrics_namespace: str,
        google_client_id: str | None = None,
        tracing: bool = False,
    ) -> None:
        super().__init__(scope, construct_id)
        self._tracing = tracing
        code = function_code()
        environment = {
            "TABLE_NAME": table.table_name,
            "TIMER_QUEUE_URL": timer_queue.queue_url,
            "CONNECTIONS_ENDPOINT": stage.callback_url,
            "POWERTOOLS_SERVICE_NAME": app_metrics.SERVICE_NAME,
            "POWERTOOLS_METRICS_NAMESPACE": metrics_namespace,
        }
        if not tracing:
            environment["POWERTOOLS_TRACE_DISABLED"] = "true"
        environment["DECKROOM_ADDRESS_KEY"] = self._address_key()
        if google_client_id is not None:
            environment |= {"SIGN_IN_CLIENT_ID": google_client_id, "SIGN_IN_ISSUER": SIGN_IN_ISSUER}
        # The management API is addressed per connection, and connection ids only exist at run time.
        partition, region, account = rendered_environment(self)
        connections = (
            f"arn:{partition}:execute-api:{region}:{account}:{rendered_ref(stage.api)}"
            f"/{stage.stage_name}/*/@connections/*"
        )
        self.by_name: dict[str, lambda_.Function] = {}
        for spec in SPECS:
            function = self._function(spec, code, layer, environment)
            if spec.table_actions:
                table.grant(function, *(f"dynamodb:{action}" for action in spec.table_actions))
            if spec.account_actions:
                function.add_to_role_policy(iam.PolicyStatement(
                    actions=[f"dynamodb:{action}" for action in spec.account_actions],
                    resources=[table.table_arn],
                    conditions={"ForAllValues:StringLike": {"dynamodb:LeadingKeys": [f"{ACCOUNT_KEY_PREFIX}*"]}},
                ))
            if spec.posts_to_players:
                stage.grant_management_api_access(function)
                acknowledge(
                    function.role,
                    f"AwsSolutions-IAM5[Resource::{connections}]",
                    "Posting to a player means POST /@connections/{id} on this stage, and ids are made per "
                    "connection at run time; the grant is limited to this API and stage.",
                )
            if spec.schedules_timers:
                timer_queue.grant_send_messages(function)
            self.by_name[spec.name] = function

    def _address_key(self) -> str:
        """The key of the hash that names per-address limit items (``functions/throttle.py``): a random value
        Secrets Manager generates once per stack, resolved by CloudFormation into the functions' environment at
        deploy time (a dynamic reference: the value is in no template, and no function calls Secrets Manager).
        """
        secret = secretsmanager.Secret(
            self,
            "AddressKey",
            description="Deckroom: the key of the keyed hash that stands for client addresses in the table",
            generate_secret_string=secretsmanager.SecretStringGenerator(password_length=48, exclude_punctuation=True),
        )
        acknowledge(
            secret,
            "AwsSolutions-SMG4",
            "The key only names per-address rate-limit counters that live ten minutes; it is never sent anywhere. "
            "Rotating it would only start the counters afresh, so it is not rotated.",
        )
        return secret.secret_value.unsafe_unwrap()

    @property
    def connect(self) -> lambda_.Function:
        return self.by_name[CONNECT.name]

    @property
    def disconnect(self) -> lambda_.Function:
        return self.by_name[DISCONNECT.name]

    @property
    def message(self) -> lambda_.Function:
        return self.by_name[MESSAGE.name]

    @property
    def timer(self) -> lambda_.Function:
        return self.by_name[TIMER.name]

    def _function(
        self,
        spec: HandlerSpec,
        code: lambda_.Code,
        layer: lambda_.ILayerVersion,
        environment: Mapping[str, str],
    ) -> lambda_.Function:
        log_group = logs.LogGroup(
            self, f"{spec.name}Logs", retention=LOG_RETENTION, removal_policy=RemovalPolicy.DESTROY
        )
        # An own role instead of AWSLambdaBasicExecutionRole: it may write to this function's log group only.
        role = iam.Role(
            self,
            f"{spec.name}Role",
            assumed_by=iam.ServicePrincipal("lambda.amazonaws.com"),
            description=f"Deckroom {spec.description}",
        )
        log_group.grant_write(role)
        function = lambda_.Function(
            self,
            spec.name,
            description=f"Deckroom {spec.description}",
            runtime=PYTHON_RUNTIME,
            architecture=ARCHITECTURE,
            code=code,
            handler=spec.handler,
            layers=[layer],
            memory_size=spec.memory_mb,
            timeout=spec.timeout,
            environment=dict(environment),
            tracing=lambda_.Tracing.ACTIVE if self._tracing else lambda_.Tracing.DISABLED,
            recursive_loop=spec.recursive_loop,
            log_group=log_group,
            role=role,
        )
        acknowledge(
            function,
            "AwsSolutions-L1",
            f"The project pins and tests {PYTHON_RUNTIME.name} (pyproject.toml, CI, the Powertools layer); moving "
            "to a newer runtime is a deliberate upgrade of all three, not a deploy-time default.",
        )
        if self._tracing:
            acknowledge(
                role,
                "AwsSolutions-IAM5[Resource::*]",
                "X-Ray (active tracing) has no resource-level permissions: xray:PutTraceSegments and "
                "xray:PutTelemetryRecords are granted on * by design.",
            )
        return function
