"""The Lambda code asset is the ``functions`` package, importable as ``functions.…``, and beside it the pinned
packages of ``infra/function-requirements.txt`` (built for arm64: tests/infra/test_arm64_asset.py)."""

from __future__ import annotations

from pathlib import Path

from infra.dependencies import REQUIREMENTS
from infra.handlers import REPO_ROOT, SPECS
from tests.infra.support import function_ids


def _asset_dir(synthesis) -> Path:
    """The staged directory of the functions' code asset (its S3 key is ``<asset hash>.zip``)."""
    function = synthesis.resources[function_ids(synthesis.resources)["Message"]]["Properties"]
    return synthesis.assembly_dir / f"asset.{function['Code']['S3Key'].removesuffix('.zip')}"


def test_the_asset_root_holds_the_functions_package_and_the_pinned_packages_only(synthesis) -> None:
    asset = _asset_dir(synthesis)
    assert (asset / "functions" / "__init__.py").is_file()
    assert (asset / "functions" / "engine").is_dir()
    pinned = {line.split("==")[0].lower() for line in REQUIREMENTS.read_text().splitlines()
              if line.strip() and not line.startswith("#")}
    distributions = {p.name.split("-")[0].lower() for p in asset.glob("*.dist-info")}
    assert distributions == pinned
    imports = {"jwt", "cryptography", "cffi", "pycparser", "_cffi_backend"}  # what those distributions install
    others = {p.name.split(".")[0] for p in asset.iterdir() if not p.name.endswith(".dist-info")} - {"functions"}
    assert others <= imports and {"jwt", "cryptography"} <= others, others


def test_the_asset_carries_no_caches_or_hidden_files(synthesis) -> None:
    names = {p.name for p in _asset_dir(synthesis).rglob("*")}
    assert not {n for n in names if n == "__pycache__" or n.endswith(".pyc") or n.startswith(".")}


def test_the_asset_mirrors_the_repositorys_functions_package(synthesis) -> None:
    asset = _asset_dir(synthesis)
    source = REPO_ROOT / "functions"
    expected = {p.relative_to(REPO_ROOT) for p in source.rglob("*.py") if "__pycache__" not in p.parts}
    assert {p.relative_to(asset) for p in (asset / "functions").rglob("*.py")} == expected


def test_every_handler_string_names_a_module_with_a_handler(synthesis) -> None:
    asset = _asset_dir(synthesis)
    for spec in SPECS:
        module = asset / Path(*spec.handler.split(".")[:-1]).with_suffix(".py")
        assert module.is_file(), f"{spec.handler}: {module.relative_to(asset)} is missing"
        assert "def handler(" in module.read_text(), f"{module.relative_to(asset)} defines no handler()"
