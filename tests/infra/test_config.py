"""Context settings: defaults, and clear errors for malformed values."""

from __future__ import annotations

import pytest
from aws_cdk import App

from infra.config import ConfigError, StackConfig
from infra.handlers import REPO_ROOT


def _config(**context: object) -> StackConfig:
    return StackConfig.from_context(App(context=context).node)


def test_defaults_upload_frontend_dist_with_no_alarm_mail_and_the_release_layer() -> None:
    assert _config() == StackConfig(site_dir=REPO_ROOT / "frontend" / "dist")


def test_a_relative_site_dir_is_read_from_the_repository_root(tmp_path) -> None:
    assert _config(siteDir="build/site").site_dir == REPO_ROOT / "build" / "site"
    assert _config(siteDir=str(tmp_path)).site_dir == tmp_path


def test_values_given_with_dash_c_arrive_as_strings_and_are_converted() -> None:
    config = _config(alarmEmail="ops@example.com", powertoolsLayerVersion="27")
    assert (config.alarm_email, config.powertools_layer_version) == ("ops@example.com", 27)


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("alarmEmail", "not-an-address"),
        ("alarmEmail", "two@at@example.com"),
        ("powertoolsLayerVersion", "0"),
        ("powertoolsLayerVersion", "latest"),
        ("powertoolsLayerVersion", True),
        ("powertoolsLayerVersion", "-3"),
    ],
)
def test_malformed_values_are_refused_naming_the_key(key: str, value: object) -> None:
    with pytest.raises(ConfigError, match=key):
        _config(**{key: value})
