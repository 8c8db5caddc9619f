"""What validating one generated task costs: the engine's checks of complete tasks, in the sandbox.

Takes tasks of the project's set (``data/aspera_workbench_v1``) as if a model had written them
and runs, for each, the checks the engine runs after the setup step (setup twice, the reference
observed in its world) and after the evaluation step (``aspera validate``'s checks, then mutants
and rewrites through the audit), with the engine's defaults (8 mutants, 2 rewrites). Prints the
seconds per task for each step over several rounds (min, median, max), and the sandbox runs
behind them. No model is involved: model latency comes on top (a few seconds per request with
hosted models, four or more requests per task).

Usage::

    python benchmarks/bench_generation.py [--tasks N] [--rounds R] [--workers W]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tasks", type=int, default=6, help="tasks checked per round (default 6)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds (default 3)")
    parser.add_argument("--workers", type=int, default=2, help="sandbox workers (default 2)")
    args = parser.parse_args()

    from aspera_core.executor import Sandbox, SandboxConfig
    from aspera_core.tasks import load_tasks
    from aspera_workbench.generation.checks import TaskChecker, draft_task

    tasks = load_tasks(REPO / "data" / "aspera_workbench_v1")[: args.tasks]
    setup_times: list[float] = []
    task_times: list[float] = []
    failures = 0
    with Sandbox(SandboxConfig(workers=args.workers, timeout_s=10)) as sandbox:
        sandbox.prepare(tasks)
        for _ in range(args.rounds):
            checker = TaskChecker(sandbox, mutants=8, rewrites=2)
            for task in tasks:
                draft = draft_task(task.scenario, task.query, task.program, task.state_generation_programs[0])
                started = time.perf_counter()
                setup = checker.check_setup(draft)
                setup_times.append(time.perf_counter() - started)
                single = task.model_copy(
                    update={
                        "state_generation_programs": task.state_generation_programs[:1],
                        "evaluation_programs": task.evaluation_programs[:1],
                    }
                )
                started = time.perf_counter()
                check = checker.check_task(single)
                task_times.append(time.perf_counter() - started)
                failures += not (setup.ok and check.ok)

    def describe(times: list[float]) -> str:
        return f"min {min(times):.2f} s, median {statistics.median(times):.2f} s, max {max(times):.2f} s"

    print(f"{len(tasks)} tasks x {args.rounds} rounds, {args.workers} sandbox workers")
    print(f"setup-step checks per task:      {describe(setup_times)} (n = {len(setup_times)})")
    print(f"evaluation-step checks per task: {describe(task_times)} (n = {len(task_times)})")
    print(f"tasks that failed a check: {failures} of {len(task_times)} (hand-written tasks; a failure is a finding)")


if __name__ == "__main__":
    main()
