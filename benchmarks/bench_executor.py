"""Speed and memory of the sandboxed executor, alone and inside a whole ``aspera run``.

Prints, for the project's task set (``data/aspera_workbench_v1``) repeated
under new ids to ``--tasks`` tasks in a temporary task set:

1. whole-process seconds of ``aspera run --agent reference --workers W`` on
   that set (start-up, task loading, evaluation and writing rows), with the
   peak memory of the largest process, and where the evaluating process's
   start-up time goes (imports, task loading, fork server start);
2. the sandbox loop alone: milliseconds and CPU milliseconds (fork server and
   workers) per task, page faults per task (each is mostly a page copy), for
   1 and W workers, and the in-process evaluator without isolation;
3. k programs on one task: :meth:`Sandbox.evaluate_many` against k separate
   evaluations (same verdicts, checked).

Each measurement runs in a fresh interpreter, best of ``--rounds`` rounds;
the machine may be shared, so run it a few times. ``--before DIR`` measures
every item twice, side by side in the same run: once with the package found in
``DIR`` (the source of an earlier commit, e.g. made with ``git archive BASE |
tar -x -C DIR``; it is put first on ``PYTHONPATH``) and once with this one.
Usage::

    python benchmarks/bench_executor.py [--tasks 250] [--workers 2] [--rounds 3] [--k 10] [--before DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
TASK_SET = REPO / "data" / "aspera_workbench_v1"


def write_task_set(size: int, folder: Path) -> None:
    """The project's tasks repeated under new ids (and queries) up to ``size`` tasks.

    Each copy's setup and evaluation programs differ from the other copies' by a comment, as a real task set's
    do, so that no cache of compiled programs (the sandbox keeps one) makes copies cheaper than new tasks."""
    from aspera_core.tasks import load_tasks, write_tasks

    tasks = load_tasks(TASK_SET)

    def copy(n: int, task: Any) -> Any:
        mark = f"\n# copy {n // len(tasks)}\n"
        return task.model_copy(
            update={
                "query_id": str(n + 1),
                "query": f"{task.query} (copy {n // len(tasks)})",
                "state_generation_programs": [text + mark for text in task.state_generation_programs],
                "evaluation_programs": [text + mark for text in task.evaluation_programs],
            }
        )

    copies = [copy(n, task) for n, task in enumerate(tasks * (size // len(tasks) + 1))][:size]
    write_tasks(copies, folder, renumber=True)


def children_usage() -> dict[str, float]:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return {"cpu_s": usage.ru_utime + usage.ru_stime, "faults": usage.ru_minflt, "rss_mb": usage.ru_maxrss / 1024}


def start_up_usage(workers: int, task: object) -> dict[str, float]:
    """CPU and faults of starting a fork server and evaluating one program (subtracted from the measurements)."""
    from aspera_core.executor import Sandbox, SandboxConfig

    with Sandbox(SandboxConfig(workers=workers)) as sandbox:
        sandbox.evaluate(task, task.program)  # type: ignore[attr-defined]
    return children_usage()


def net_usage(start_up: dict[str, float]) -> dict[str, float]:
    """Children's usage since ``start_up``, less one more start-up (the measurement's own sandbox)."""
    usage = children_usage()
    return {key: usage[key] - 2 * start_up[key] for key in ("cpu_s", "faults")} | {"rss_mb": usage["rss_mb"]}


def measure_loop(folder: str, workers: int, rounds: int) -> dict:
    """The sandbox's run loop over the task set (after start-up and a warm-up)."""
    from aspera_core.executor import Job, Outcome, Sandbox, SandboxConfig
    from aspera_core.tasks import load_tasks

    tasks = load_tasks(folder)
    start_up = start_up_usage(workers, tasks[0])
    started = time.perf_counter()
    sandbox = Sandbox(SandboxConfig(workers=workers))
    protections = sandbox.protections.describe()
    server_start = time.perf_counter() - started
    sandbox.prepare(tasks)
    sandbox.evaluate(tasks[0], tasks[0].program)
    best = float("inf")
    for _ in range(rounds):
        begin = time.perf_counter()
        verdicts = [verdict for _, verdict in sandbox.run(Job(task, task.program) for task in tasks)]
        best = min(best, time.perf_counter() - begin)
        if any(verdict.outcome is not Outcome.SUCCESS for verdict in verdicts):
            raise SystemExit("a reference program did not succeed; fix the task set first")
    with open(f"/proc/{sandbox.server_pid}/status") as status:
        server_rss = next(int(line.split()[1]) for line in status if line.startswith("VmRSS")) / 1024
    sandbox.close()  # the fork server is waited for: its and its workers' usage is counted now
    usage, evaluations = net_usage(start_up), rounds * len(tasks)
    return {
        "label": f"sandbox, {workers} worker{'s' if workers > 1 else ''}",
        "ms_per_task": 1000 * best / len(tasks),
        "cpu_ms_per_task": 1000 * usage["cpu_s"] / evaluations,
        "faults_per_task": usage["faults"] / evaluations,
        "server_start_s": server_start,
        "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
        "server_rss_mb": server_rss,
        "isolation": protections,
    }


def measure_in_process(folder: str, rounds: int) -> dict:
    """The same evaluations in this process, without any isolation."""
    from aspera_core.executor import Evaluator
    from aspera_core.tasks import load_tasks

    tasks = load_tasks(folder)
    evaluator = Evaluator()
    for task in tasks[:4]:
        evaluator.evaluate(task, task.program)
    best = float("inf")
    for _ in range(rounds):
        begin = time.perf_counter()
        for task in tasks:
            evaluator.evaluate(task, task.program)
        best = min(best, time.perf_counter() - begin)
    return {"label": "in-process, no isolation", "ms_per_task": 1000 * best / len(tasks)}


def measure_many(k: int, workers: int, mode: str) -> dict:
    """k programs (the reference program and a do-nothing one, alternating) on each of 20 tasks."""
    from aspera_core.agents import NoopAgent
    from aspera_core.executor import Job, Sandbox, SandboxConfig
    from aspera_core.tasks import load_tasks

    tasks = load_tasks(TASK_SET)[:20]
    outcomes = []
    start_up = start_up_usage(workers, tasks[0])
    with Sandbox(SandboxConfig(workers=workers)) as sandbox:
        sandbox.prepare(tasks)
        sandbox.evaluate(tasks[0], tasks[0].program)
        begin = time.perf_counter()
        for task in tasks:
            programs = [task.program if i % 2 else NoopAgent().program(task) for i in range(k)]
            if mode == "many":
                verdicts = sandbox.evaluate_many(task, programs)
            else:
                by_index = {job.key: v for job, v in sandbox.run(Job(task, p, i) for i, p in enumerate(programs))}
                verdicts = [by_index[i] for i in range(k)]
            outcomes += [verdict.outcome.value for verdict in verdicts]
        seconds = time.perf_counter() - begin
    usage, count = net_usage(start_up), k * len(tasks)
    return {
        "ms_per_program": 1000 * seconds / count,
        "cpu_ms_per_program": 1000 * usage["cpu_s"] / count,
        "faults_per_program": usage["faults"] / count,
        "outcomes": outcomes,
    }


def measure_startup(folder: str) -> dict:
    """Where the evaluating process's start-up goes: imports, task loading, the fork server."""
    begin = time.perf_counter()
    from aspera_core.executor import Sandbox, SandboxConfig
    from aspera_core.tasks import load_tasks
    from aspera_workbench.cli import main  # noqa: F401 - what `aspera` imports

    imported = time.perf_counter()
    sandbox = Sandbox(SandboxConfig(workers=2))
    created = time.perf_counter()
    tasks = load_tasks(folder)
    loaded = time.perf_counter()
    sandbox.protections  # noqa: B018 - waits until the fork server said hello
    ready = time.perf_counter()
    sandbox.close()
    return {
        "tasks": len(tasks),
        "import_s": imported - begin,
        "load_s": loaded - created,
        "server_wait_after_load_s": ready - loaded,
    }


def environment(source: str | None) -> dict[str, str]:
    """The environment of a measured process: ``source`` (a folder holding ``aspera_core``) first on its path."""
    env = dict(os.environ)
    if source:
        env["PYTHONPATH"] = os.pathsep.join([source, *filter(None, [env.get("PYTHONPATH")])])
    return env


def whole_run(folder: str, workers: int, out: Path, source: str | None = None) -> tuple[float, float]:
    """Seconds and peak RSS (largest process, MB) of one `aspera run` from scratch."""
    out.unlink(missing_ok=True)
    # The command line's package: an earlier commit's source may predate the split into two packages.
    package = "aspera_core" if source and not (Path(source) / "aspera_workbench").is_dir() else "aspera_workbench"
    entry = f"import sys; from {package}.cli.main import entry; sys.argv[0] = 'aspera'; entry()"
    command = [sys.executable, "-c", entry, "run", "--tasks", folder, "--agent", "reference", "--out", str(out)]
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    begin = time.perf_counter()
    subprocess.run(
        command + ["--workers", str(workers), "--no-progress"],
        check=True,
        capture_output=True,
        env=environment(source),
        cwd=folder,  # not the checkout: `-c` puts the working folder first on the path
    )
    seconds = time.perf_counter() - begin
    return seconds, max(before, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss) / 1024


def child(args: argparse.Namespace) -> None:
    kind, _, value = args.child.partition(":")
    if kind == "loop":
        result = measure_loop(args.folder, int(value), args.rounds)
    elif kind == "in-process":
        result = measure_in_process(args.folder, args.rounds)
    elif kind == "many":
        result = measure_many(args.k, args.workers, value)
    else:
        result = measure_startup(args.folder)
    print(json.dumps(result))


def run_child(configuration: str, args: argparse.Namespace, folder: str, source: str | None = None) -> dict:
    command = [sys.executable, __file__, "--child", configuration, "--folder", folder]
    command += ["--rounds", str(args.rounds), "--k", str(args.k), "--workers", str(args.workers)]
    output = subprocess.run(command, check=True, capture_output=True, text=True, cwd=REPO, env=environment(source))
    return json.loads(output.stdout.strip().splitlines()[-1])


def report(args: argparse.Namespace, folder: str) -> None:
    if args.before:
        side_by_side(args, folder)
        return
    runs = [whole_run(folder, args.workers, Path(folder) / f"run{i}.jsonl") for i in range(args.rounds)]
    startup = run_child("startup", args, folder)
    print(f"1. aspera run, {args.tasks} tasks, {args.workers} workers, whole process (best of {args.rounds}):")
    print(f"   {min(s for s, _ in runs):.2f} s (all rounds: {', '.join(f'{s:.2f}' for s, _ in runs)}); ", end="")
    print(f"peak RSS of the largest process (aspera run itself) {max(m for _, m in runs):.0f} MB")
    print(f"   start-up of the evaluating process: imports {startup['import_s']:.2f} s, ", end="")
    print(f"loading {startup['tasks']} tasks {startup['load_s']:.2f} s, then waiting for the fork server ", end="")
    print(f"{startup['server_wait_after_load_s']:.2f} s (it starts in parallel with the loading)")
    loops = [run_child("in-process", args, folder)] + [run_child(f"loop:{w}", args, folder) for w in (1, args.workers)]
    print(f"\n2. the evaluation loop, {args.tasks} tasks (best of {args.rounds}); isolation: {loops[-1]['isolation']}")
    print(f"   {'configuration':<26} {'ms/task':>8} {'CPU ms/task':>12} {'faults/task':>12} {'peak RSS':>9}")
    print("   (CPU and faults: the fork server and its workers; RSS: the evaluating process)")
    for loop in loops:
        extra = ""
        if "cpu_ms_per_task" in loop:
            extra = f" {loop['cpu_ms_per_task']:>12.2f} {loop['faults_per_task']:>12.0f} {loop['rss_mb']:>6.0f} MB"
            extra += f" (fork server {loop['server_rss_mb']:.0f} MB, ready after {loop['server_start_s']:.2f} s;"
            extra += f" a worker copies about {4 * loop['faults_per_task'] / 1024:.0f} MB of it)"
        print(f"   {loop['label']:<26} {loop['ms_per_task']:>8.2f}{extra}")
    many, separate = run_child("many:many", args, folder), run_child("many:separate", args, folder)
    same = "identical" if many["outcomes"] == separate["outcomes"] else "DIFFERENT"
    print(f"\n3. {args.k} programs on each of 20 tasks, {args.workers} workers (outcomes {same}):")
    for label, result in (("separate evaluations", separate), ("evaluate_many", many)):
        print(
            f"   {label:<22} {result['ms_per_program']:6.2f} ms/program, {result['cpu_ms_per_program']:6.2f} CPU ms, ",
            end="",
        )
        print(f"{result['faults_per_program']:5.0f} faults per program")
    print(f"   evaluate_many costs {many['cpu_ms_per_program'] / separate['cpu_ms_per_program']:.0%} of the CPU time")
    load = os.getloadavg()
    print(f"\nCPUs available: {len(os.sched_getaffinity(0))}; load average when done: {load[0]:.2f}, {load[1]:.2f}")


def side_by_side(args: argparse.Namespace, folder: str) -> None:
    """Every measurement for the earlier source (``--before``) and this one, alternating round by round."""
    sources = {"before": args.before, "after": None}
    runs: dict[str, list[float]] = {label: [] for label in sources}
    for i in range(args.rounds):
        for label, source in sources.items():
            runs[label].append(whole_run(folder, args.workers, Path(folder) / f"run-{label}-{i}.jsonl", source)[0])
    print(f"1. aspera run, {args.tasks} tasks, {args.workers} workers, whole process (best of {args.rounds}):")
    for label in sources:
        print(f"   {label:<7} {min(runs[label]):.2f} s (all rounds: {', '.join(f'{s:.2f}' for s in runs[label])})")
    print(f"   after/before: {min(runs['after']) / min(runs['before']):.2f} (goal: at most 1.25)")
    print(f"\n2. the evaluation loop, {args.tasks} tasks, {args.workers} workers (best of {args.rounds}):")
    loops = {label: run_child(f"loop:{args.workers}", args, folder, source) for label, source in sources.items()}
    for label, loop in loops.items():
        print(
            f"   {label:<7} {loop['ms_per_task']:6.2f} ms/task, {loop['cpu_ms_per_task']:6.2f} CPU ms/task, "
            f"{loop['faults_per_task']:6.0f} faults/task"
        )
    print(
        f"   after/before: {loops['after']['cpu_ms_per_task'] / loops['before']['cpu_ms_per_task']:.2f} (CPU ms/task)"
    )
    print(f"\n3. {args.k} programs on each of 20 tasks, {args.workers} workers:")
    for label, source in sources.items():
        many, separate = (run_child(f"many:{mode}", args, folder, source) for mode in ("many", "separate"))
        same = "identical" if many["outcomes"] == separate["outcomes"] else "DIFFERENT"
        print(
            f"   {label:<7} evaluate_many {many['cpu_ms_per_program']:6.2f} CPU ms/program, separately "
            f"{separate['cpu_ms_per_program']:6.2f} ({many['cpu_ms_per_program'] / separate['cpu_ms_per_program']:.0%};"
            f" outcomes {same}; goal: clearly under 100%)"
        )
    load = os.getloadavg()
    print(f"\nCPUs available: {len(os.sched_getaffinity(0))}; load average when done: {load[0]:.2f}, {load[1]:.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tasks", type=int, default=250, help="tasks in the temporary task set (default 250)")
    parser.add_argument("--workers", type=int, default=2, help="workers (default 2)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds per measurement; the best counts (default 3)")
    parser.add_argument("--k", type=int, default=10, help="programs per task for evaluate_many (default 10)")
    parser.add_argument("--before", help="also measure the package in this folder (an earlier commit's source)")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    parser.add_argument("--folder", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args)
        return
    with tempfile.TemporaryDirectory(prefix="aspera-bench-") as folder:
        write_task_set(args.tasks, Path(folder))
        report(args, folder)


if __name__ == "__main__":
    main()
