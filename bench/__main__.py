"""Run every ``bench/bench_*.py`` module's ``main()`` in name order, or only those named on the command line.

    python -m bench                 # everything
    python -m bench engine_color_match cpu
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
import time

import bench


def main(argv: list[str]) -> int:
    names = sorted(m.name for m in pkgutil.iter_modules(bench.__path__) if m.name.startswith("bench_"))
    wanted = [f"bench_{a.removeprefix('bench_')}" for a in argv]
    for name in wanted or names:
        if name not in names:
            print(f"unknown benchmark {name!r}; known: {', '.join(names)}", file=sys.stderr)
            return 2
    for name in wanted or names:
        print(f"\n=== {name.removeprefix('bench_')} ===", flush=True)
        started = time.perf_counter()
        importlib.import_module(f"bench.{name}").main()
        print(f"({time.perf_counter() - started:.1f} s)", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
