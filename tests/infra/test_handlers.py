"""The four functions: one code asset, the project's runtime and layer, their environment and their grants."""

from __future__ import annotations

import json

import pytest

from infra.handlers import SPECS
from infra.shared_settings import FULL_VCPU_MB
from tests.infra.support import actions, function_ids, policy_statements, spec

MANAGE_CONNECTIONS = "execute-api:ManageConnections"
SEND_TIMER = "sqs:SendMessage"


def test_every_handler_module_has_one_function(synthesis) -> None:
    assert set(function_ids(synthesis.resources)) == {s.name for s in SPECS}
    handlers = {f["Properties"]["Handler"] for f in synthesis.of_type("AWS::Lambda::Function").values()}
    assert {
        "functions.handlers.connect.handler",
        "functions.handlers.disconnect.handler",
        "functions.handlers.message.handler",
        "functions.handlers.timer.handler",
    } <= handlers


@pytest.mark.parametrize("name", [s.name for s in SPECS])
def test_functions_run_python_311_on_arm_with_the_powertools_layer(synthesis, name: str) -> None:
    function = synthesis.resources[function_ids(synthesis.resources)[name]]["Properties"]
    assert function["Runtime"] == "python3.11"
    assert function["Architectures"] == ["arm64"]
    assert function["MemorySize"] == spec(name).memory_mb
    assert function["Timeout"] == spec(name).timeout.to_seconds()
    (layer,) = function["Layers"]
    assert synthesis.template.to_json()["Parameters"][layer["Ref"]]["Type"] == "AWS::SSM::Parameter::Value<String>"


def test_cpus_think_on_a_full_vcpu_and_frames_run_on_a_small_function(synthesis) -> None:
    """CPU seats' moves are decided in the timer function (a person's frame decides none: docs/server.md)."""
    memory = {name: synthesis.resources[function_id]["Properties"]["MemorySize"]
              for name, function_id in function_ids(synthesis.resources).items()}
    assert memory == {"Connect": 512, "Disconnect": 512, "Message": 512, "Timer": FULL_VCPU_MB}


def test_functions_share_one_code_asset(synthesis) -> None:
    codes = {json.dumps(f["Properties"]["Code"]) for f in synthesis.of_type("AWS::Lambda::Function").values()
             if f["Properties"]["Handler"].startswith("functions.handlers.")}
    assert len(codes) == 1


def test_websocket_handlers_finish_before_api_gateway_gives_up(synthesis) -> None:
    # API Gateway waits at most 29 seconds for a WebSocket integration.
    for name in ("Connect", "Disconnect", "Message"):
        assert spec(name).timeout.to_seconds() < 29


@pytest.mark.parametrize("name", [s.name for s in SPECS])
def test_function_environment_names_the_table_queue_and_callback_url(synthesis, name: str) -> None:
    resources = synthesis.resources
    environment = resources[function_ids(resources)[name]]["Properties"]["Environment"]["Variables"]
    (table_id,) = synthesis.of_type("AWS::DynamoDB::Table")
    queue_id = next(k for k, q in synthesis.of_type("AWS::SQS::Queue").items() if "RedrivePolicy" in q["Properties"])
    (api_id,) = synthesis.of_type("AWS::ApiGatewayV2::Api")
    assert environment["TABLE_NAME"] == {"Ref": table_id}
    assert environment["TIMER_QUEUE_URL"] == {"Ref": queue_id}
    assert environment["POWERTOOLS_SERVICE_NAME"] == "deckroom"
    assert environment["POWERTOOLS_METRICS_NAMESPACE"] == "Deckroom/dev"  # the stage's own namespace
    # https://{api-id}.execute-api.{region}.{suffix}/{stage}: the management API's base URL.
    parts = environment["CONNECTIONS_ENDPOINT"]["Fn::Join"][1]
    assert parts[0] == "https://" and parts[1] == {"Ref": api_id}
    assert ".execute-api." in parts and parts[-1] == "/live"


def test_without_a_google_client_id_sign_in_is_off_and_with_one_google_is_the_issuer(synthesis, synthesize) -> None:
    for name in ("Message", "Timer"):
        function_id = function_ids(synthesis.resources)[name]
        assert not {"SIGN_IN_CLIENT_ID", "SIGN_IN_ISSUER"} & set(
            synthesis.resources[function_id]["Properties"]["Environment"]["Variables"])
    signed = synthesize(googleClientId="1234-abc.apps.googleusercontent.com")
    for function_id in function_ids(signed.resources).values():
        environment = signed.resources[function_id]["Properties"]["Environment"]["Variables"]
        assert environment["SIGN_IN_CLIENT_ID"] == "1234-abc.apps.googleusercontent.com"
        assert environment["SIGN_IN_ISSUER"] == "https://accounts.google.com"


@pytest.mark.parametrize("name", [s.name for s in SPECS])
def test_grants_follow_what_each_handler_does(synthesis, name: str) -> None:
    statements = policy_statements(synthesis.resources, function_ids(synthesis.resources)[name])
    allowed = actions(statements)
    assert {a.removeprefix("dynamodb:") for a in allowed if a.startswith("dynamodb:")} == \
        set(spec(name).table_actions) | set(spec(name).account_actions)
    for statement in statements:  # actions on account items only are granted on no other item
        if set(actions([statement])) & {f"dynamodb:{a}" for a in spec(name).account_actions}:
            assert statement["Condition"] == {"ForAllValues:StringLike": {"dynamodb:LeadingKeys": ["acct#*"]}}
    assert (MANAGE_CONNECTIONS in allowed) == spec(name).posts_to_players
    assert (SEND_TIMER in allowed) == spec(name).schedules_timers
    assert not any(a.endswith(":*") or a == "*" for a in allowed), allowed


def test_connect_touches_no_table_no_queue_and_no_player() -> None:
    connect = spec("Connect")
    assert (connect.table_actions, connect.posts_to_players, connect.schedules_timers) == ((), False, False)


def test_table_grants_name_only_the_table(synthesis) -> None:
    (table_id,) = synthesis.of_type("AWS::DynamoDB::Table")
    for name, function_id in function_ids(synthesis.resources).items():
        for statement in policy_statements(synthesis.resources, function_id):
            if any(a.startswith("dynamodb:") for a in actions([statement])):
                assert statement["Resource"] == {"Fn::GetAtt": [table_id, "Arn"]}, name


def test_no_function_may_scan_query_or_write_in_batches(synthesis) -> None:
    for function_id in function_ids(synthesis.resources).values():
        allowed = actions(policy_statements(synthesis.resources, function_id))
        assert not {a for a in allowed if a.startswith("dynamodb:") and ("Batch" in a or a in (
            "dynamodb:Scan", "dynamodb:Query", "dynamodb:DeleteTable"))}


def test_posting_is_limited_to_this_api_and_stage(synthesis) -> None:
    (api_id,) = synthesis.of_type("AWS::ApiGatewayV2::Api")
    statements = policy_statements(synthesis.resources, function_ids(synthesis.resources)["Message"])
    (manage,) = [s for s in statements if s["Action"] == MANAGE_CONNECTIONS]
    resource = manage["Resource"]["Fn::Join"][1]
    assert {"Ref": api_id} in resource and resource[-1] == "/live/*/@connections/*"


def test_only_the_timer_function_consumes_the_timer_queue(synthesis) -> None:
    consumers = [
        name
        for name, function_id in function_ids(synthesis.resources).items()
        if "sqs:ReceiveMessage" in actions(policy_statements(synthesis.resources, function_id))
    ]
    assert consumers == ["Timer"]


def test_functions_write_logs_only_to_their_own_expiring_log_group(synthesis) -> None:
    resources = synthesis.resources
    for function_id in function_ids(resources).values():
        function = resources[function_id]["Properties"]
        log_group_id = function["LoggingConfig"]["LogGroup"]["Ref"]
        assert resources[log_group_id]["Properties"]["RetentionInDays"] == 30
        role = resources[function["Role"]["Fn::GetAtt"][0]]["Properties"]
        assert "ManagedPolicyArns" not in role  # no AWSLambdaBasicExecutionRole (logs:* on every group)
        log_statements = [
            s for s in policy_statements(resources, function_id) if "logs:PutLogEvents" in actions([s])
        ]
        assert [s["Resource"] for s in log_statements] == [{"Fn::GetAtt": [log_group_id, "Arn"]}]


def test_tracing_is_off_by_default_and_on_with_the_tracing_context_value(synthesis, synthesize) -> None:
    traced = synthesize(tracing="true")
    for name in (s.name for s in SPECS):
        quiet = synthesis.resources[function_ids(synthesis.resources)[name]]["Properties"]
        assert "TracingConfig" not in quiet
        assert quiet["Environment"]["Variables"]["POWERTOOLS_TRACE_DISABLED"] == "true"
        assert not any(a.startswith("xray:") for a in actions(policy_statements(synthesis.resources,
                                                                                 function_ids(synthesis.resources)[name])))
        on = traced.resources[function_ids(traced.resources)[name]]["Properties"]
        assert on["TracingConfig"] == {"Mode": "Active"}
        assert "POWERTOOLS_TRACE_DISABLED" not in on["Environment"]["Variables"]


def test_every_function_that_sends_timer_messages_allows_recursive_loops(synthesis) -> None:
    # Lambda's default (Terminate) stops a chain SQS → Timer → SQS after 16 hops: a CPU round longer than that
    # would stall (tests/e2e/test_recursive_loop.py shows it through the local gateway).
    ids = function_ids(synthesis.resources)
    for handler in SPECS:
        function = synthesis.resources[ids[handler.name]]["Properties"]
        expected = "Allow" if handler.schedules_timers else "Terminate"
        assert function["RecursiveLoop"] == expected, handler.name
    assert {h.name for h in SPECS if h.schedules_timers} == {"Disconnect", "Message", "Timer"}


def test_the_recursion_settings_are_the_ones_the_local_gateway_applies() -> None:
    from infra.shared_settings import RECURSIVE_LOOP

    assert set(RECURSIVE_LOOP) == {h.module for h in SPECS}
    assert {h.module for h in SPECS if h.schedules_timers} == {m for m, v in RECURSIVE_LOOP.items() if v == "Allow"}


def test_every_function_gets_the_generated_address_key_by_reference_never_in_the_template(synthesis) -> None:
    (secret_id, secret), = synthesis.of_type("AWS::SecretsManager::Secret").items()
    assert secret["Properties"]["GenerateSecretString"]["PasswordLength"] >= 32
    for function_id in function_ids(synthesis.resources).values():
        key = synthesis.resources[function_id]["Properties"]["Environment"]["Variables"]["DECKROOM_ADDRESS_KEY"]
        assert json.dumps(key).count(secret_id) == 1 and "resolve:secretsmanager" in json.dumps(key)
