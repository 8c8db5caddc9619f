"""Time of the evaluation-program audit on 250 tasks with at least 20 generated variants each.

The tasks are the project's own (``data/aspera_workbench_v1``) that have at
least 20 generated variants, repeated up to 250; each gets 20 variants
(chosen with a fixed seed across all kinds) plus the reference program and the
noop and handback baselines, i.e. 23 programs through its evaluation
programs, and the observation runs the audit needs (the reference, the
baselines, and any program whose verdict was not the expected one). The
hand-written wrong programs are not included.

It prints the wall-clock time of the whole audit (sandbox start-up
included), of generating the variants alone, the number of sandbox runs, and
the load average before and after (the machine may be shared: compare runs
taken at similar load; the sandbox's CPU time varies less with load).
``--before DIR`` runs each round twice, alternating, in fresh interpreters: once
with the package found in ``DIR`` (an earlier commit's source, e.g. from ``git
archive BASE | tar -x -C DIR``, put first on ``PYTHONPATH``) and once with this
one, and checks that both give every program the same outcome, status and
observations. Usage::

    python benchmarks/bench_audit.py [--tasks 250] [--variants 20] [--workers 2] [--rounds 1] [--before DIR]
"""

from __future__ import annotations

import argparse
import hashlib
import importlib
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

from aspera_core.executor import Sandbox, SandboxConfig
from aspera_core.tasks import load_tasks

# The package holding the audit: an earlier commit's source (``--before``) may predate the split into two packages.
_AUDIT_PACKAGE = os.environ.get("BENCH_AUDIT_PACKAGE", "aspera_workbench")
_audit = importlib.import_module(f"{_AUDIT_PACKAGE}.audit")
AuditConfig, audit_tasks, candidates = _audit.AuditConfig, _audit.audit_tasks, _audit.candidates
variants = importlib.import_module(f"{_AUDIT_PACKAGE}.variants").variants

REPO = Path(__file__).resolve().parents[1]
TASK_SET = REPO / "data" / "aspera_workbench_v1"
TARGET_S = 60.0


class _CountingSandbox(Sandbox):
    """A sandbox that counts the programs it ran: the audit's programs, the runs that observe the
    worlds (reference, accepted mutants) and any program run again alone after its group."""

    runs = 0

    def _run_units(self, units):  # noqa: ANN001, ANN202 - the sandbox's own loop, counted
        for job, verdict in super()._run_units(units):
            self.runs += 1
            yield job, verdict


def workload(count: int, per_task: int) -> tuple[list, int, int]:
    """The project's tasks with at least ``per_task`` variants, repeated up to ``count``."""
    tasks = load_tasks(TASK_SET)
    rich = [task for task in tasks if len(variants(task.program, apps=task.scenario.apps)) >= per_task]
    if not rich:
        raise SystemExit(f"no task of {TASK_SET} has {per_task} variants")
    return (rich * (count // len(rich) + 1))[:count], len(tasks), len(rich)


def _children_cpu_s() -> float:
    # The fork server is this process's child and reaps its workers, so once the
    # sandbox is closed their CPU time is counted here: a measure the machine's
    # load does not inflate the way it inflates wall-clock time.
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tasks", type=int, default=250)
    parser.add_argument("--variants", type=int, default=20)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--before", help="also run the audit with the package in this folder, side by side")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.before:
        side_by_side(args)
        return
    if args.child:
        print(json.dumps(one_round(args)))
        return

    tasks, total, rich = workload(args.tasks, args.variants)
    config = AuditConfig(per_kind=None, max_variants=args.variants, seed=0)
    print(
        f"workload: {len(tasks)} tasks ({rich} of the {total} project tasks have >= {args.variants} variants, "
        f"repeated); {args.variants} variants + reference + noop + handback each; {args.workers} workers"
    )

    started = time.perf_counter()
    programs = sum(len(candidates(t, per_kind=None, max_variants=args.variants, seed=0)) for t in tasks)
    generation = time.perf_counter() - started
    print(f"generating the variants alone: {generation:.1f} s for {programs} programs")

    for round_number in range(1, args.rounds + 1):
        load_before = os.getloadavg()
        children_before = _children_cpu_s()
        started = time.perf_counter()
        with _CountingSandbox(SandboxConfig(workers=args.workers)) as sandbox:
            report = audit_tasks(tasks, sandbox, config)
        elapsed = time.perf_counter() - started
        sandbox_cpu = _children_cpu_s() - children_before
        load_after = os.getloadavg()
        evaluated = len(report.results)
        print(
            f"round {round_number}: {elapsed:.1f} s for {len(report.tasks)} tasks, {evaluated} programs evaluated "
            f"+ {sandbox.runs - evaluated} observation runs = {sandbox.runs} sandbox runs "
            f"({1000 * elapsed / sandbox.runs:.1f} ms per run); sandbox CPU {sandbox_cpu:.1f} s "
            f"(fork server and workers: {1000 * sandbox_cpu / sandbox.runs:.1f} CPU ms per run); "
            f"{sandbox.evaluated_alone} runs could not share their task's setup; flagged {report.flagged}; "
            f"load average {load_before[0]:.1f} before, {load_after[0]:.1f} after "
            f"(target: under {TARGET_S:.0f} s on two cores)"
        )


def one_round(args: argparse.Namespace) -> dict:
    """One audit in this process: its times and a digest of every program's verdict (outcome, status, behaviour)."""
    tasks, _, _ = workload(args.tasks, args.variants)
    config = AuditConfig(per_kind=None, max_variants=args.variants, seed=0)
    children_before = _children_cpu_s()
    started = time.perf_counter()
    with _CountingSandbox(SandboxConfig(workers=args.workers)) as sandbox:
        report = audit_tasks(tasks, sandbox, config)
    elapsed = time.perf_counter() - started
    verdicts = [
        [task.task_id, r.kind, r.outcome, r.actual, r.status, repr(r.observations)]
        for task in report.tasks
        for r in task.variants
    ]
    digest = hashlib.sha256(json.dumps(verdicts).encode()).hexdigest()[:16]
    return {
        "elapsed_s": elapsed,
        "cpu_s": _children_cpu_s() - children_before,
        "runs": sandbox.runs,
        "programs": len(verdicts),
        "evaluated": len(report.results),
        "digest": digest,
    }


def side_by_side(args: argparse.Namespace) -> None:
    command = [sys.executable, __file__, "--child", "--tasks", str(args.tasks), "--variants", str(args.variants)]
    command += ["--workers", str(args.workers)]
    results: dict[str, list[dict]] = {"before": [], "after": []}
    for _ in range(args.rounds):
        for label in results:
            env = dict(os.environ)
            if label == "before":
                env["PYTHONPATH"] = os.pathsep.join([args.before, *filter(None, [env.get("PYTHONPATH")])])
                if not (Path(args.before) / "aspera_workbench").is_dir():
                    env["BENCH_AUDIT_PACKAGE"] = "aspera_core"
            output = subprocess.run(command, check=True, capture_output=True, text=True, env=env, cwd=REPO)
            results[label].append(json.loads(output.stdout.strip().splitlines()[-1]))
    print(f"audit of {args.tasks} tasks, {args.variants} variants each, {args.workers} workers, {args.rounds} rounds")
    for label, rounds in results.items():
        best = min(rounds, key=lambda r: r["elapsed_s"])
        each = ", ".join(f"{r['elapsed_s']:.1f}" for r in rounds)
        print(
            f"   {label:<7} {best['elapsed_s']:6.1f} s (rounds: {each}), "
            f"sandbox CPU {best['cpu_s']:.1f} s, {best['runs']} sandbox runs, {best['programs']} programs, "
            f"verdicts {best['digest']}"
        )
    same = {r["digest"] for rounds in results.values() for r in rounds}
    print(f"   verdicts {'identical' if len(same) == 1 else 'DIFFERENT'} before and after")
    after, before = (min(r["elapsed_s"] for r in results[label]) for label in ("after", "before"))
    print(f"   after/before: {after / before:.2f} wall; load average now {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
