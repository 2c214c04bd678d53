"""One synthesis of the stack for the whole test session (jsii makes each synthesis cost seconds).

The app is built exactly as ``app.py`` builds it (:func:`infra.application.build_app`), with the context of
``cdk.json`` (feature flags) and a stand-in built site, since ``frontend/dist`` may not be built yet.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aws_cdk as cdk
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

    @property
    def templates(self) -> dict[str, Path]:
        """Stack name → template file, for every stack of the app (the custom domain adds one)."""
        return {path.name.removesuffix(".template.json"): path for path in self.assembly_dir.glob("*.template.json")}

    def template_of(self, stack_name: str) -> dict[str, Any]:
        return json.loads(self.templates[stack_name].read_text())


def cdk_json_context() -> dict[str, Any]:
    """The context (feature flags) ``cdk synth`` runs with."""
    return json.loads((REPO_ROOT / "cdk.json").read_text())["context"]


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A minimal built site, with a build stamp, the build manifest and a local config.json that must not be uploaded."""
    site = tmp_path_factory.mktemp("site")
    (site / "index.html").write_text("<!doctype html><title>Deckroom</title>")
    (site / "assets").mkdir()
    (site / "assets" / "app-abc123.js").write_text("console.log('deckroom')")
    (site / ".built").write_text("")
    (site / ".vite").mkdir()
    (site / ".vite" / "manifest.json").write_text("{}")  # the build's chunk list, for bench/bench_site.py only
    (site / "config.json").write_text('{"websocketUrl": "ws://127.0.0.1:8000/ws"}')  # a local build's
    (site / "sw.js").write_text("const BUILD = 'abc123';")
    (site / "manifest-ja-light.webmanifest").write_text('{"id": "/"}')
    return site


Synthesize = Callable[..., Synthesis]
#: An account and Region for the syntheses that need one (a custom domain pins the stacks to them).
ENVIRONMENT = cdk.Environment(account="123456789012", region="ap-northeast-1")


@pytest.fixture(scope="session")
def synthesize(site_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Synthesize:
    """``synthesize(env=None, **context)``: the app built as ``cdk synth -c key=value …`` builds it, once per
    distinct set of values in the session."""
    done: dict[tuple[Any, ...], Synthesis] = {}

    def run(env: cdk.Environment | None = None, **context: Any) -> Synthesis:
        key = (tuple(sorted(context.items())), env and (env.account, env.region))
        if key not in done:
            outdir = tmp_path_factory.mktemp("cdk.out")
            app, stack = build_app(context={**cdk_json_context(), "siteDir": str(site_dir), **context},
                                   outdir=str(outdir), env=env)
            app.synth()  # also runs the AWS Solutions checks; it raises if any finding is unacknowledged
            template = json.loads((outdir / f"{stack.artifact_id}.template.json").read_text())
            done[key] = Synthesis(stack=stack, template=assertions.Template.from_json(template), assembly_dir=outdir)
        return done[key]

    return run


@pytest.fixture(scope="session")
def synthesis(synthesize: Synthesize) -> Synthesis:
    """The stack as ``make synth`` makes it: no context beyond cdk.json."""
    return synthesize()


@pytest.fixture(scope="session")
def template(synthesis: Synthesis) -> assertions.Template:
    return synthesis.template
