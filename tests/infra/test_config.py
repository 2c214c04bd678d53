"""Context settings: defaults, and clear errors for malformed values."""

from __future__ import annotations

import pytest
from aws_cdk import App

from infra.config import ConfigError, StackConfig
from infra.handlers import REPO_ROOT


def _config(**context: object) -> StackConfig:
    return StackConfig.from_context(App(context=context).node)


def test_defaults_a_dev_stack_for_a_hundred_tables_with_nothing_optional() -> None:
    assert _config() == StackConfig(site_dir=REPO_ROOT / "frontend" / "dist", stage="dev", tables=100)
    assert _config().stack_name == "Deckroom-dev"


def test_a_relative_site_dir_is_read_from_the_repository_root(tmp_path) -> None:
    assert _config(siteDir="build/site").site_dir == REPO_ROOT / "build" / "site"
    assert _config(siteDir=str(tmp_path)).site_dir == tmp_path


def test_values_given_with_dash_c_arrive_as_strings_and_are_converted() -> None:
    config = _config(alarmEmail="ops@example.com", powertoolsLayerVersion="27", stage="prod", tables="2500",
                     monthlyBudgetUsd="25.5", domainName="play.example.com", hostedZoneId="Z0123456789ABC",
                     googleClientId="1234-abc123.apps.googleusercontent.com")
    assert config == StackConfig(
        site_dir=REPO_ROOT / "frontend" / "dist", stage="prod", tables=2500, alarm_email="ops@example.com",
        monthly_budget_usd=25.5, domain_name="play.example.com", hosted_zone_id="Z0123456789ABC",
        google_client_id="1234-abc123.apps.googleusercontent.com", powertools_layer_version=27,
    )
    assert config.stack_name == "Deckroom-prod"


def test_cdk_json_values_keep_their_json_types() -> None:
    assert _config(tables=300, monthlyBudgetUsd=40).monthly_budget_usd == 40.0
    assert _config(tables=300).tables == 300


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("alarmEmail", "not-an-address"),
        ("alarmEmail", "two@at@example.com"),
        ("powertoolsLayerVersion", "0"),
        ("powertoolsLayerVersion", "latest"),
        ("powertoolsLayerVersion", True),
        ("powertoolsLayerVersion", "-3"),
        ("stage", "staging"),
        ("stage", "Prod"),
        ("tables", "0"),
        ("tables", "1e3"),
        ("tables", "10001"),
        ("tables", True),
        ("monthlyBudgetUsd", "0"),
        ("monthlyBudgetUsd", "-5"),
        ("monthlyBudgetUsd", "nan"),
        ("monthlyBudgetUsd", "ten"),
        ("monthlyBudgetUsd", True),
        ("googleClientId", "my-app"),
        ("googleClientId", "1234-abc.apps.googleusercontent.com; script-src *"),
        ("googleClientId", "1234-abc.apps.googleusercontent.com\n"),
    ],
)
def test_malformed_values_are_refused_naming_the_key(key: str, value: object) -> None:
    with pytest.raises(ConfigError, match=key):
        _config(**{key: value})


@pytest.mark.parametrize(
    ("domain", "zone"),
    [
        ("Play.Example.com", "Z0123456789ABC"),
        ("localhost", "Z0123456789ABC"),
        ("play.example.com.", "Z0123456789ABC"),
        ("-play.example.com", "Z0123456789ABC"),
        ("play.example.com", "0123456789ABC"),
        ("play.example.com", "z0123"),
        ("play.example.com\n", "Z0123456789ABC"),
        ("a" * 250 + ".example.com", "Z0123456789ABC"),
    ],
)
def test_a_malformed_domain_or_zone_is_refused(domain: str, zone: str) -> None:
    with pytest.raises(ConfigError, match="domainName|hostedZoneId"):
        _config(domainName=domain, hostedZoneId=zone)


@pytest.mark.parametrize("given", [{"domainName": "play.example.com"}, {"hostedZoneId": "Z0123456789ABC"}])
def test_a_domain_needs_its_hosted_zone_and_the_other_way_round(given: dict[str, str]) -> None:
    with pytest.raises(ConfigError, match="go together"):
        _config(**given)
