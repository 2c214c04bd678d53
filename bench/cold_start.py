"""Cold start: the import time of each Lambda handler module, in a fresh interpreter, as Lambda would load it.

Each measurement runs ``python -X importtime -c "import functions.handlers.<name>"`` in a new process with
Lambda's environment (``LAMBDA_TASK_ROOT`` set, so Powertools' Tracer is on as with ``tracing=ACTIVE``) and the
project's code copied without its ``__pycache__`` (the asset excludes ``*.pyc`` and Lambda's code directory is
read-only, so our modules are compiled at every cold start; third-party packages come with theirs). The same is
done for two references: an empty interpreter and ``import boto3`` alone. ``ROUNDS`` runs each, interleaved;
the minimum is the figure (noise only ever adds time).
"""

from __future__ import annotations

import compileall
import os
import py_compile
import re
import shutil
import subprocess
import sys
import tempfile
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
HANDLERS = ("connect", "disconnect", "message", "timer")
ROUNDS = 7
LINE = re.compile(r"import time:\s+(\d+) \|\s+(\d+) \| (\s*)(\S+)")


@dataclass(frozen=True)
class ImportProfile:
    """One fresh interpreter's imports: microseconds of each module's own import, and the total."""

    self_us: dict[str, int]
    total_us: int

    def by_package(self) -> dict[str, int]:
        """Own import time summed per top-level package (``functions``, ``botocore``, ``pydantic``…)."""
        sums: dict[str, int] = defaultdict(int)
        for module, us in self.self_us.items():
            sums[module.split(".")[0]] += us
        return dict(sums)


def lambda_environment(task_root: Path) -> dict[str, str]:
    """The variables Lambda (and our stack, docs/architecture.md) gives a function, over this process's PATH."""
    return {
        "PATH": os.environ.get("PATH", ""), "LAMBDA_TASK_ROOT": str(task_root), "PYTHONPATH": str(task_root),
        "PYTHONDONTWRITEBYTECODE": "1", "AWS_LAMBDA_FUNCTION_NAME": "deckroom-message",
        "AWS_EXECUTION_ENV": "AWS_Lambda_python3.11", "AWS_REGION": "us-east-1", "AWS_DEFAULT_REGION": "us-east-1",
        "AWS_XRAY_CONTEXT_MISSING": "LOG_ERROR", "AWS_LAMBDA_FUNCTION_MEMORY_SIZE": "512",
        "TABLE_NAME": "deckroom", "TIMER_QUEUE_URL": "https://sqs.us-east-1.amazonaws.com/123456789012/timers",
        "CONNECTIONS_ENDPOINT": "https://abc123.execute-api.us-east-1.amazonaws.com/prod",
        "POWERTOOLS_SERVICE_NAME": "deckroom", "POWERTOOLS_METRICS_NAMESPACE": "Deckroom",
    }


def import_profile(statement: str, env: dict[str, str], cwd: Path) -> ImportProfile:
    """``python -X importtime -c statement`` in a fresh interpreter; the import tree summed by module."""
    done = subprocess.run([sys.executable, "-X", "importtime", "-c", statement], env=env, cwd=cwd,
                          capture_output=True, text=True, check=True)
    self_us: dict[str, int] = {}
    total = 0
    for match in LINE.finditer(done.stderr):
        own, cumulative, indent, module = int(match[1]), int(match[2]), match[3], match[4]
        self_us[module] = self_us.get(module, 0) + own
        if not indent:
            total += cumulative
    return ImportProfile(self_us, total)


def measure(rounds: int = ROUNDS, source: Path = REPO / "functions") -> dict[str, list[ImportProfile]]:
    """Profiles per subject (each handler, ``python`` alone, ``boto3`` alone), ``rounds`` of each, interleaved;
    ``source`` is the ``functions`` package to load (another checkout's, to compare)."""
    engines = "import functions.handlers.message, functions.engine, functions.engine.cpu"
    subjects = {"(empty interpreter)": ("pass", False), "(boto3 alone)": ("import boto3", False)}
    subjects.update({f"handlers.{name}": (f"import functions.handlers.{name}", False) for name in HANDLERS})
    # The engines load on the first game step (functions/room/catalog.py), still inside a cold invocation; the
    # last subject ships our code compiled (what infra could do: compileall --invalidation-mode unchecked-hash).
    subjects["handlers.message + engines"] = (engines, False)
    subjects["handlers.message + engines, .pyc shipped"] = (engines, True)
    runs: dict[str, list[ImportProfile]] = {subject: [] for subject in subjects}
    with tempfile.TemporaryDirectory(prefix="coldstart-") as task_root:
        roots = {compiled: Path(task_root) / ("compiled" if compiled else "source") for compiled in (False, True)}
        for compiled, root in roots.items():
            shutil.copytree(source, root / "functions", ignore=shutil.ignore_patterns("__pycache__"))
            if compiled:
                compileall.compile_dir(root / "functions", quiet=1,
                                       invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
        for _ in range(rounds):
            for subject, (statement, compiled) in subjects.items():
                root = roots[compiled]
                runs[subject].append(import_profile(statement, lambda_environment(root), root))
    return runs


def fastest(profiles: list[ImportProfile]) -> ImportProfile:
    return min(profiles, key=lambda profile: profile.total_us)
