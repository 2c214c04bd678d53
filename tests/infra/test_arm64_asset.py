"""The functions' code asset carries its native dependencies for the arm64 Lambda, and they work there: the built
asset is imported by an arm64 CPython 3.11 (under qemu) that verifies an ID token with it."""

from __future__ import annotations

import json
import re
import subprocess
import time
import tomllib
from importlib import metadata
from pathlib import Path

import jwt
import pytest
from aws_cdk import App, Stack
from aws_cdk import aws_lambda as lambda_
from cryptography.hazmat.primitives.asymmetric import rsa

from infra.dependencies import REQUIREMENTS, code_asset, installed_dependencies, stage_asset
from infra.handlers import ASSET_EXCLUDE, REPO_ROOT
from tests.infra import arm64

EM_AARCH64 = 183
"""The ELF ``e_machine`` of 64-bit ARM."""


def _pins(lines: list[str]) -> dict[str, str]:
    """``name==version`` lines (comments, extras and blanks aside) as {lower-case name: version}."""
    pins = {}
    for line in lines:
        name, sep, version = line.split("#")[0].partition("==")
        if sep:
            pins[re.sub(r"\[.*\]", "", name).strip().lower()] = version.strip()
    return pins


@pytest.fixture(scope="module")
def dependencies() -> Path:
    return installed_dependencies()


@pytest.fixture(scope="module")
def asset(dependencies: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The asset as the bundling lays it out."""
    output = tmp_path_factory.mktemp("asset")
    stage_asset(output, REPO_ROOT, dependencies)
    return output


def test_the_pins_are_complete_and_agree_with_the_project(dependencies: Path) -> None:
    pinned = _pins(REQUIREMENTS.read_text().splitlines())
    dist_infos = dependencies.glob("*.dist-info")
    installed = _pins([path.name.removesuffix(".dist-info").replace("-", "==") for path in dist_infos])
    assert installed == pinned, "every package pip installed must be pinned, at its pinned version"
    project = _pins(tomllib.loads((REPO_ROOT / "pyproject.toml").read_text())["project"]["dependencies"])
    for name in ("pyjwt", "cryptography"):
        assert pinned[name] == project[name] == metadata.version(name), f"{name}: asset, pyproject and venv differ"


def test_native_code_is_built_for_the_lambdas_arm64_amazon_linux(dependencies: Path) -> None:
    libraries = list(dependencies.rglob("*.so"))
    assert {path.name.split(".")[0] for path in libraries} >= {"_rust", "_cffi_backend"}
    for library in libraries:
        header = library.read_bytes()[:20]
        assert header[:4] == b"\x7fELF" and int.from_bytes(header[18:20], "little") == EM_AARCH64, library
    for wheel in dependencies.glob("*.dist-info/WHEEL"):
        tags = [line.split(":", 1)[1].strip() for line in wheel.read_text().splitlines() if line.startswith("Tag:")]
        # manylinux2014 = glibc 2.17: loads on Amazon Linux 2 (glibc 2.26), the python3.11 runtime's OS.
        assert all(tag.endswith(("-any", "manylinux2014_aarch64", "manylinux_2_17_aarch64")) for tag in tags), tags


def test_the_asset_holds_the_functions_and_their_dependencies_side_by_side(asset: Path) -> None:
    names = {path.name for path in asset.iterdir()}
    assert {"functions", "jwt", "cryptography", "cffi"} <= names
    assert not [path for path in asset.rglob("*") if path.name == "__pycache__" or path.name.startswith(".")]
    assert (asset / "functions" / "accounts" / "tokens.py").is_file()


def test_the_stack_gets_the_asset_through_cdk_bundling(tmp_path: Path) -> None:
    app = App(outdir=str(tmp_path))
    stack = Stack(app, "AssetOnly")
    lambda_.Function(
        stack, "Probe", runtime=lambda_.Runtime.PYTHON_3_11, architecture=lambda_.Architecture.ARM_64,
        handler="functions.handlers.message.handler", code=code_asset(REPO_ROOT, ASSET_EXCLUDE),
    )
    app.synth()
    (staged,) = [path for path in tmp_path.glob("asset.*") if path.is_dir()]
    assert (staged / "functions" / "handlers" / "message.py").is_file()
    assert (staged / "cryptography" / "hazmat").is_dir() and (staged / "jwt" / "api_jwt.py").is_file()


# What runs on the arm64 interpreter: the asset first on the path, as /var/task is in Lambda.
PROBE = """
import json, platform, sys
sys.path.insert(0, sys.argv[1])
data = json.loads(sys.argv[2])
import _cffi_backend, cryptography, jwt
from cryptography.hazmat.primitives.asymmetric import rsa
from functions.accounts.jwks import Fetched, SigningKeys
from functions.accounts.tokens import IssuerSettings, TokenRefused, TokenVerifier
settings = IssuerSettings(data["issuer"], data["client_id"], data["jwks_url"])
keys = SigningKeys(settings.issuer, settings.jwks_url, fetch=lambda url: Fetched(data["jwks"], 300.0))
verifier = TokenVerifier(settings, keys)
identity = verifier.verify(data["token"])
try:
    verifier.verify(data["forged"])
    refused = None
except TokenRefused as err:
    refused = err.code
rsa.generate_private_key(public_exponent=65537, key_size=1024)  # the native RSA code, once more
print(json.dumps({"machine": platform.machine(), "subject": identity.subject, "refused": refused,
                  "cryptography": cryptography.__file__, "cffi": _cffi_backend.__file__}))
"""


def test_the_built_asset_imports_and_verifies_a_token_on_arm64(asset: Path) -> None:
    try:
        command = arm64.python_command()
    except arm64.Unavailable as why:
        pytest.skip(str(why))
    key, other = (rsa.generate_private_key(public_exponent=65537, key_size=2048) for _ in range(2))
    now = int(time.time())
    claims = {"iss": "https://issuer.example", "aud": "client-1", "sub": "user-42", "iat": now, "exp": now + 600}
    data = {
        "issuer": "https://issuer.example", "client_id": "client-1", "jwks_url": "https://issuer.example/jwks",
        "jwks": {"keys": [{**jwt.algorithms.RSAAlgorithm.to_jwk(key.public_key(), as_dict=True), "kid": "k1"}]},
        "token": jwt.encode(claims, key, algorithm="RS256", headers={"kid": "k1"}),
        "forged": jwt.encode(claims, other, algorithm="RS256", headers={"kid": "k1"}),
    }
    result = subprocess.run(
        [*command, "-c", PROBE, str(asset), json.dumps(data)], capture_output=True, text=True, timeout=300
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["machine"] == "aarch64"
    assert (report["subject"], report["refused"]) == ("user-42", "bad_signature")
    assert report["cryptography"].startswith(str(asset)) and report["cffi"].startswith(str(asset))
