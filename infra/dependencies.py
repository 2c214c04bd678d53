"""The third-party packages the functions need beyond the runtime and the Powertools layer, built into the code asset
for the Lambda platform (arm64, CPython 3.11) at synth time, without Docker.

``infra/function-requirements.txt`` pins them (today PyJWT and cryptography, with cffi and pycparser). pip is asked
for wheels only, for ``manylinux2014_aarch64`` and Python 3.11 — whatever machine runs ``cdk synth`` — so the
native ones (cryptography, cffi) are the builds that load on the Lambda's Amazon Linux (glibc 2.26, newer than
manylinux2014's 2.17). The install is cached per pinned requirements under ``~/.cache/deckroom/`` and copied beside
``functions/`` in the asset, where Lambda puts them first on ``sys.path`` (``/var/task``, before the layer's
``/opt/python``): our pins win over anything the Powertools layer may carry.

The stack uses it through :func:`code_asset`, which returns the one code asset of every function;
tests/infra/test_arm64_asset.py imports the built asset on an emulated arm64 CPython and verifies a token with it.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import jsii
from aws_cdk import AssetHashType, BundlingOptions, DockerImage, ILocalBundling
from aws_cdk import aws_lambda as lambda_

REQUIREMENTS = Path(__file__).with_name("function-requirements.txt")
PLATFORM = "manylinux2014_aarch64"
PYTHON_VERSION = "3.11"
PIP_TARGET_OPTIONS = (
    "--only-binary=:all:",
    f"--platform={PLATFORM}",
    f"--python-version={PYTHON_VERSION}",
    "--implementation=cp",
)
CACHE_ROOT = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "deckroom" / "lambda-dependencies"
_COMPLETE = ".complete"

# Never pulled: the local bundling below always builds the asset (or fails the synth), but CDK's bundling options
# must name an image.
_UNUSED_IMAGE = "public.ecr.aws/sam/build-python3.11"


def cache_key(requirements: Path = REQUIREMENTS) -> str:
    """Changes whenever the pins or the target platform do."""
    text = "\n".join([requirements.read_text(), *PIP_TARGET_OPTIONS])
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def installed_dependencies(requirements: Path = REQUIREMENTS, cache_root: Path = CACHE_ROOT) -> Path:
    """A directory holding the pinned packages, installed for the Lambda platform (built once per pin set)."""
    target = cache_root / cache_key(requirements)
    if (target / _COMPLETE).is_file():
        return target
    cache_root.mkdir(parents=True, exist_ok=True)
    building = cache_root / f"{target.name}.building-{os.getpid()}"
    shutil.rmtree(building, ignore_errors=True)
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--no-input",
         "--no-compile", *PIP_TARGET_OPTIONS, "--target", str(building), "--requirement", str(requirements)],
        check=True,
    )
    shutil.rmtree(building / "bin", ignore_errors=True)  # console scripts: not importable, not needed
    (building / _COMPLETE).write_text(cache_key(requirements))
    try:
        building.rename(target)
    except OSError:  # another synth finished the same set first
        shutil.rmtree(building, ignore_errors=True)
    return target


def stage_asset(output_dir: Path, repo_root: Path, dependencies: Path) -> None:
    """Lay out the code asset in ``output_dir``: the ``functions`` package and, beside it, the dependencies."""
    shutil.copytree(
        repo_root / "functions",
        output_dir / "functions",
        ignore=shutil.ignore_patterns("__pycache__", "*.pyc", ".*"),
        dirs_exist_ok=True,
    )
    shutil.copytree(dependencies, output_dir, ignore=shutil.ignore_patterns(_COMPLETE), dirs_exist_ok=True)


@jsii.implements(ILocalBundling)
class _LocalBundling:
    """CDK's bundling hook, run on the synthesising machine instead of in a container."""

    def __init__(self, repo_root: Path, requirements: Path) -> None:
        self._repo_root = repo_root
        self._requirements = requirements

    def try_bundle(self, output_dir: str, options: BundlingOptions) -> bool:
        stage_asset(Path(output_dir), self._repo_root, installed_dependencies(self._requirements))
        return True


def code_asset(repo_root: Path, exclude: Sequence[str], requirements: Path = REQUIREMENTS) -> lambda_.Code:
    """The functions' code asset: ``functions/`` of ``repo_root`` plus the pinned dependencies for arm64.

    ``exclude`` is the asset's source filter (it keeps CDK's fingerprint of the source to ``functions/``); the
    asset's hash is that of the built output, so a change of pins is a new asset too.
    """
    return lambda_.Code.from_asset(
        str(repo_root),
        exclude=list(exclude),
        asset_hash_type=AssetHashType.OUTPUT,
        bundling=BundlingOptions(
            image=DockerImage.from_registry(_UNUSED_IMAGE), local=_LocalBundling(repo_root, requirements)
        ),
    )
