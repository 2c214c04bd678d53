"""One synthesis of the stack for the whole test session (jsii makes each synthesis cost seconds).

The app is built exactly as ``app.py`` builds it (:func:`infra.application.build_app`), with the context of
``cdk.json`` (feature flags) and a stand-in built site, since ``frontend/dist`` may not be built yet.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from aws_cdk import assertions

from infra.application import build_app
from infra.handlers import REPO_ROOT
from infra.stack import DeckroomStack


@dataclass(frozen=True)
class Synthesis:
    """The synthesised stack: the construct, its template and the cloud assembly directory."""

    stack: DeckroomStack
    template: assertions.Template
    assembly_dir: Path

    @property
    def resources(self) -> dict[str, dict[str, Any]]:
        return self.template.to_json()["Resources"]

    def of_type(self, resource_type: str) -> dict[str, dict[str, Any]]:
        """Logical id → resource, for every resource of ``resource_type``."""
        return {key: value for key, value in self.resources.items() if value["Type"] == resource_type}


def cdk_json_context() -> dict[str, Any]:
    """The context (feature flags) ``cdk synth`` runs with."""
    return json.loads((REPO_ROOT / "cdk.json").read_text())["context"]


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A minimal built site, with a build stamp and a local config.json that must not be uploaded."""
    site = tmp_path_factory.mktemp("site")
    (site / "index.html").write_text("<!doctype html><title>Deckroom</title>")
    (site / "assets").mkdir()
    (site / "assets" / "app-abc123.js").write_text("console.log('deckroom')")
    (site / ".built").write_text("")
    (site / "config.json").write_text('{"websocketUrl": "ws://127.0.0.1:8000/ws"}')  # a local build's
    return site


@pytest.fixture(scope="session")
def synthesis(site_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Synthesis:
    outdir = tmp_path_factory.mktemp("cdk.out")
    app, stack = build_app(context={**cdk_json_context(), "siteDir": str(site_dir)}, outdir=str(outdir))
    app.synth()  # also runs the AWS Solutions checks; it raises if any finding is unacknowledged
    template = assertions.Template.from_json(json.loads((outdir / f"{stack.artifact_id}.template.json").read_text()))
    return Synthesis(stack=stack, template=template, assembly_dir=outdir)


@pytest.fixture(scope="session")
def template(synthesis: Synthesis) -> assertions.Template:
    return synthesis.template
