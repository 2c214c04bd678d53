"""An arm64 CPython 3.11 to run built code with, on any machine: Debian's own arm64 packages, extracted (not
installed) into a directory, run by ``qemu-aarch64-static`` (Debian's ``qemu-user-static``, which `make test`
installs) with that directory as its root for libraries.

The arm64 package lists go to a directory of their own, so the machine's apt state and architectures are left as
they are. Everything is cached under ``~/.cache/deckroom/arm64-python/``.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
from pathlib import Path

PACKAGES = (
    "python3.11-minimal", "libpython3.11-minimal", "libpython3.11-stdlib",  # the interpreter and its library
    "libc6", "libgcc-s1", "zlib1g", "libexpat1", "libffi8", "libssl3",  # what they (and Rust .so files) link to
)
CACHE = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "deckroom" / "arm64-python"


class Unavailable(Exception):
    """No arm64 interpreter can be had on this machine; the message says why."""


def qemu() -> str:
    found = shutil.which("qemu-aarch64-static") or shutil.which("qemu-aarch64")
    if found is None:
        raise Unavailable("qemu-aarch64-static is not installed (`make qemu` installs Debian's qemu-user-static)")
    return found


def python_command() -> list[str]:
    """The command prefix that runs arm64 ``python3.11`` (isolated: no site-packages, no environment)."""
    emulator = qemu()
    root = _sysroot()
    return [emulator, "-L", str(root), str(root / "usr" / "bin" / "python3.11"), "-I", "-S"]


def _sysroot() -> Path:
    if shutil.which("apt-get") is None or shutil.which("dpkg-deb") is None:
        raise Unavailable("Debian's apt-get and dpkg-deb are needed to fetch the arm64 python3.11 packages")
    key = hashlib.sha256(" ".join(PACKAGES).encode()).hexdigest()[:12]
    root = CACHE / f"root-{key}"
    if (root / "usr" / "bin" / "python3.11").is_file():
        return root
    state = CACHE / "apt"
    for directory in (state / "lists" / "partial", state / "archives" / "partial", state / "debs"):
        directory.mkdir(parents=True, exist_ok=True)
    apt = [
        "apt-get", "-qq",
        f"-o=Dir::State::Lists={state / 'lists'}", f"-o=Dir::Cache={state}", "-o=Dir::State::status=/dev/null",
        "-o=APT::Architecture=arm64", "-o=APT::Architectures::=arm64", "-o=APT::Sandbox::User=root",
    ]
    subprocess.run([*apt, "update"], check=True, capture_output=True)
    for old in (state / "debs").glob("*.deb"):
        old.unlink()
    subprocess.run([*apt, "download", *PACKAGES], check=True, cwd=state / "debs", capture_output=True)
    building = CACHE / f"{root.name}.building-{os.getpid()}"
    shutil.rmtree(building, ignore_errors=True)
    for deb in sorted((state / "debs").glob("*.deb")):
        subprocess.run(["dpkg-deb", "-x", str(deb), str(building)], check=True)
    try:
        building.rename(root)
    except OSError:  # made meanwhile by another run
        shutil.rmtree(building, ignore_errors=True)
    return root
