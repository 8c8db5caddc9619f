"""How long importing each entry point takes, and which heavy libraries it drags in.

Each import runs in a fresh interpreter (``--rounds`` times; the median is printed), so a
module imported once is not cached for the next. The heavy libraries are the ones the
deliberately deferred imports keep off the common paths: ``aspera run`` with a built-in
agent, argument errors and ``--help`` should load none of openai, pandas, scipy, seaborn.

Usage::

    python benchmarks/bench_imports.py [--rounds R] [--root FOLDER]

``--root`` measures another checkout of the project (its folder goes first on the path),
e.g. an unpacked ``git archive`` of an earlier commit, to compare against.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

ENTRY_POINTS = (
    "aspera_core",
    "aspera_core.tasks",
    "aspera_core.library.work_calendar",
    "aspera_workbench.cli.main",
    "aspera_workbench.cli.run",
    "aspera_workbench.cli.judge",
    "aspera_workbench.cli.audit",
    "aspera_workbench.cli.stats",
    "aspera_workbench.agents",
    "aspera_workbench.judge",
    "aspera_workbench.audit",
    "aspera_workbench.analysis",
)
HEAVY = ("openai", "pandas", "matplotlib", "scipy", "seaborn", "nestedtext")

MEASURE = """
import sys, time, json
sys.path.insert(0, {root!r})
start = time.perf_counter()
import {module}
elapsed = time.perf_counter() - start
print(json.dumps({{"seconds": elapsed, "heavy": [m for m in {heavy!r} if m in sys.modules],
                   "file": {top}.__file__}}))
"""


def measure(module: str, root: Path) -> dict:
    code = MEASURE.format(root=str(root), module=module, heavy=HEAVY, top=module.split(".")[0])
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="fresh interpreters per entry point (default 5)")
    parser.add_argument("--root", type=Path, default=REPO, help="the checkout to measure (default: this one)")
    args = parser.parse_args()
    root = args.root.resolve()
    print(f"import times of {len(ENTRY_POINTS)} entry points in {root}, median of {args.rounds} fresh interpreters")
    print(f"{'module':40} {'median s':>9} {'min s':>7}  heavy libraries loaded (of {', '.join(HEAVY)})")
    for module in ENTRY_POINTS:
        runs = [measure(module, root) for _ in range(args.rounds)]
        if not runs[0]["file"].startswith(str(root)):
            sys.exit(f"{module} was imported from {runs[0]['file']}, not from {root}")
        seconds = [run["seconds"] for run in runs]
        heavy = ", ".join(runs[0]["heavy"]) or "none"
        print(f"{module:40} {statistics.median(seconds):9.3f} {min(seconds):7.3f}  {heavy}")


if __name__ == "__main__":
    main()
