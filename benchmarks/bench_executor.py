"""Throughput and memory of the sandboxed executor.

Evaluates the reference program of every task of the project's task set
(``data/aspera_workbench_v1``; the four-task fixture repeated to about 200
tasks if the set is not built) with isolation on, for 1 and 2 workers, and
prints tasks per second, milliseconds per task and peak resident memory.
The in-process evaluator (no isolation at all) is measured for comparison.
As in ``aspera run``, each task's setup and evaluation programs are compiled
once per process (the sandbox does it before forking its workers); the
candidate programs are compiled in every evaluation.

Each configuration runs in a fresh interpreter so its peak-memory numbers are
its own. Usage::

    python benchmarks/bench_executor.py [--evaluations N] [--rounds R]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
TASK_SET = REPO / "data" / "aspera_workbench_v1"
FIXTURE = REPO / "tests" / "fixtures" / "mini_release"


def load(minimum: int) -> tuple[list, str]:
    """The tasks to evaluate (repeated up to ``minimum`` evaluations) and a description."""
    from aspera_core.tasks import load_tasks

    if (TASK_SET / "plans").exists():
        tasks, source = load_tasks(TASK_SET), f"{TASK_SET.relative_to(REPO)}"
    else:
        tasks, source = load_tasks(FIXTURE), f"{FIXTURE.relative_to(REPO)} (project task set not built)"
    unique = len(tasks)
    repeated = (tasks * (minimum // unique + 1))[: max(minimum, unique)]
    return repeated, f"{source}: {unique} tasks, {len(repeated)} evaluations per round"


def measure_sandbox(workers: int, evaluations: int, rounds: int) -> dict:
    """Evaluate reference programs in the sandbox; best round wins (the machine may be shared)."""
    from aspera_core.executor import Job, Outcome, Sandbox, SandboxConfig

    tasks, description = load(evaluations)
    started = time.perf_counter()
    with Sandbox(SandboxConfig(workers=workers)) as sandbox:
        sandbox.prepare(tasks)
        list(sandbox.run(Job(task, task.program) for task in tasks[: 2 * workers]))  # start the fork server
        startup = time.perf_counter() - started
        best = float("inf")
        for _ in range(rounds):
            begin = time.perf_counter()
            outcomes = [verdict.outcome for _, verdict in sandbox.run(Job(task, task.program) for task in tasks)]
            best = min(best, time.perf_counter() - begin)
            failed = sum(outcome is not Outcome.SUCCESS for outcome in outcomes)
            if failed:
                raise SystemExit(f"{failed} reference programs did not succeed; fix the task set first")
        protections = sandbox.protections.describe()
    return {
        "label": f"sandbox, {workers} worker{'s' if workers > 1 else ''}",
        "tasks": description,
        "evaluations": len(tasks),
        "seconds": best,
        "startup_s": startup,
        "isolation": protections,
        "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
        "peak_worker_rss_mb": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024,
    }


def measure_in_process(evaluations: int, rounds: int) -> dict:
    """The same evaluations in this process, without any isolation."""
    from aspera_core.executor import Evaluator

    tasks, description = load(evaluations)
    evaluator = Evaluator()
    for task in tasks[:4]:
        evaluator.evaluate(task, task.program)
    best = float("inf")
    for _ in range(rounds):
        begin = time.perf_counter()
        for task in tasks:
            evaluator.evaluate(task, task.program)
        best = min(best, time.perf_counter() - begin)
    return {
        "label": "in-process, no isolation",
        "tasks": description,
        "evaluations": len(tasks),
        "seconds": best,
        "startup_s": 0.0,
        "isolation": "none",
        "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
        "peak_worker_rss_mb": 0.0,
    }


def child(args: argparse.Namespace) -> None:
    if args.child == "in-process":
        result = measure_in_process(args.evaluations, args.rounds)
    else:
        result = measure_sandbox(int(args.child), args.evaluations, args.rounds)
    print(json.dumps(result))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--evaluations", type=int, default=250, help="evaluations per round (default 250)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds per configuration; the best counts (default 3)")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args)
        return

    results = []
    for configuration in ("in-process", "1", "2"):
        command = [
            sys.executable,
            __file__,
            "--child",
            configuration,
            "--evaluations",
            str(args.evaluations),
            "--rounds",
            str(args.rounds),
        ]
        output = subprocess.run(
            command, check=True, capture_output=True, text=True, cwd=REPO, env={**os.environ, "PYTHONPATH": str(REPO)}
        )
        results.append(json.loads(output.stdout.strip().splitlines()[-1]))

    print(f"task set: {results[0]['tasks']}")
    print(f"isolation: {results[-1]['isolation']}; CPUs available: {len(os.sched_getaffinity(0))}")
    print(f"best of {args.rounds} rounds")
    print()
    header = f"{'configuration':<28} {'tasks/s':>8} {'ms/task':>8} {'peak RSS':>9} {'peak worker RSS':>16}"
    print(header)
    print("-" * len(header))
    for result in results:
        per_task = 1000 * result["seconds"] / result["evaluations"]
        rate = result["evaluations"] / result["seconds"]
        worker = f"{result['peak_worker_rss_mb']:.0f} MB" if result["peak_worker_rss_mb"] else "-"
        print(f"{result['label']:<28} {rate:>8.0f} {per_task:>8.2f} {result['peak_rss_mb']:>6.0f} MB {worker:>16}")
    print()
    print("target: under 5 ms per task with isolation on (the original evaluator: about 50 ms, no isolation)")


if __name__ == "__main__":
    main()
