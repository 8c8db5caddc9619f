"""Time to judge a program that breaks its own answer path (issue 39): a whole ``aspera run`` of it.

The program (``tests/executor/support.py``, ``patch_everything``) replaces every function and class of every module
its process has loaded, their classes' attributes and every entry of ``sys.modules`` with stubs returning ``''``,
then returns. It does nothing of its task, so no task may pass; what is measured is how long the run takes to say
so. Before issue 39 its candidate lived on, writing well-framed garbage or nothing, and each task waited out its
timeout (11 s). The run replays the program on the first ``--tasks`` tasks of ``data/aspera_workbench_v1``
(``--agent replay``), timed from outside, with its outcomes counted from the results file. ``--before DIR`` runs the
same command with the package found in ``DIR`` (an earlier commit's source, ``git archive BASE | tar -x -C DIR``)
first, side by side. Usage::

    python benchmarks/bench_broken_answer.py [--tasks 84] [--workers 2] [--timeout 10] [--before DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
TASK_SET = REPO / "data" / "aspera_workbench_v1"
sys.path.insert(0, str(REPO))

from tests.executor.support import patch_everything  # noqa: E402 - the tests' own attack, not a copy of it


def write_replay(path: Path, count: int) -> None:
    from aspera_core.tasks import load_tasks

    with path.open("w") as out:
        for task in load_tasks(TASK_SET)[:count]:
            out.write(json.dumps({"task_id": task.query_id, "program": patch_everything(task.solution_name)}) + "\n")


def timed_run(args: argparse.Namespace, replay: Path, out: Path, source: str | None) -> tuple[float, Counter[str]]:
    """Seconds of one ``aspera run`` of the replayed program, and its outcomes."""
    env = dict(os.environ)
    if source:
        env["PYTHONPATH"] = os.pathsep.join([source, *filter(None, [env.get("PYTHONPATH")])])
    entry = "import sys; from aspera_workbench.cli.main import entry; sys.argv[0] = 'aspera'; entry()"
    command = [sys.executable, "-c", entry, "run", "--tasks", str(TASK_SET), "--agent", "replay"]
    command += ["--replay", str(replay), "--out", str(out), "--limit", str(args.tasks)]
    command += ["--workers", str(args.workers), "--timeout", str(args.timeout), "--no-progress"]
    begin = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True, env=env, cwd=out.parent)  # (not the checkout: -c)
    seconds = time.perf_counter() - begin
    rows = [json.loads(line) for line in out.read_text().splitlines()[1:]]
    return seconds, Counter(row["outcome"] for row in rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tasks", type=int, default=84, help="tasks of the project's set (default: all 84)")
    parser.add_argument("--workers", type=int, default=2, help="workers (default 2)")
    parser.add_argument("--timeout", type=float, default=10.0, help="seconds per task (default 10, as aspera run)")
    parser.add_argument("--before", help="also run the package in this folder (an earlier commit's source), first")
    args = parser.parse_args()
    sources = {"before": args.before, "after": None} if args.before else {"after": None}
    with tempfile.TemporaryDirectory(prefix="aspera-bench-") as folder:
        replay = Path(folder) / "patch-everything.jsonl"
        write_replay(replay, args.tasks)
        print(
            f"aspera run --agent replay of the patch-everything program on {args.tasks} tasks, {args.workers} workers,"
        )
        print(f"{args.timeout:g} s per task (whole process, wall time; outcomes over {args.tasks} judged programs):")
        for label, source in sources.items():
            seconds, outcomes = timed_run(args, replay, Path(folder) / f"{label}.jsonl", source)
            counts = ", ".join(f"{name} {count}" for name, count in sorted(outcomes.items()))
            print(
                f"   {label:<7} {seconds:7.2f} s   {counts}; success {outcomes['success']} of {sum(outcomes.values())}"
            )
    load = os.getloadavg()
    print(f"CPUs available: {len(os.sched_getaffinity(0))}; load average when done: {load[0]:.2f}, {load[1]:.2f}")


if __name__ == "__main__":
    main()
