"""Time of the evaluation-program audit of 250 tasks: the whole audit as ``aspera audit`` runs it, by default.

The tasks are the project's own (``data/aspera_workbench_v1``) repeated up to
250. By default each is audited as ``aspera audit`` audits a task set without
hand-written wrong programs (the published release has none): the default
``AuditConfig`` (3 variants of each kind, 1 of each rewrite that keeps
behaviour identical, every shortcut probe, the reference and the trivial
agents), and the observation runs the audit needs. ``--variants N`` measures
the executor instead: only the tasks with at least N generated variants, each
with N variants chosen with a fixed seed across all kinds, plus the reference
and the trivial agents, a workload that stays the same across versions of the
variants.

It prints the wall-clock time of the whole audit (sandbox start-up
included), of generating the variants alone, the number of sandbox runs, and
the load average before and after (the machine may be shared: compare runs
taken at similar load; the sandbox's CPU time varies less with load).
``--before DIR`` runs each round twice, alternating, in fresh interpreters: once
with the package found in ``DIR`` (an earlier commit's source, e.g. from ``git
archive BASE | tar -x -C DIR``, put first on ``PYTHONPATH``) and once with this
one; with ``--variants`` it checks that both give every program the same
outcome, status and observations (the default audit's programs differ between
versions whose variants differ). Usage::

    python benchmarks/bench_audit.py [--tasks 250] [--variants N] [--workers 2] [--rounds 1] [--before DIR]
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
TARGET_S = 90.0


class _CountingSandbox(Sandbox):
    """A sandbox that counts the programs it ran: the audit's programs, the runs that observe the
    worlds (reference, accepted mutants) and any program run again alone after its group."""

    runs = 0

    def _run_units(self, units):  # noqa: ANN001, ANN202 - the sandbox's own loop, counted
        for job, verdict in super()._run_units(units):
            self.runs += 1
            yield job, verdict


def workload(count: int, per_task: int | None) -> tuple[list, int, int]:
    """The project's tasks (with ``per_task``: those with at least that many variants) repeated up to ``count``,
    each copy under an id of its own."""
    tasks = load_tasks(TASK_SET)
    rich = tasks
    if per_task is not None:
        rich = [task for task in tasks if len(variants(task.program, apps=task.scenario.apps)) >= per_task]
    if not rich:
        raise SystemExit(f"no task of {TASK_SET} has {per_task} variants")
    copies = (rich * (count // len(rich) + 1))[:count]
    return [task.model_copy(update={"query_id": str(n + 1)}) for n, task in enumerate(copies)], len(tasks), len(rich)


def audit_config(per_task: int | None) -> AuditConfig:
    """The audit measured: ``aspera audit``'s own defaults, or ``per_task`` variants of any kind."""
    return AuditConfig() if per_task is None else AuditConfig(per_kind=None, max_variants=per_task, seed=0)


def _children_cpu_s() -> float:
    # The fork server is this process's child and reaps its workers, so once the
    # sandbox is closed their CPU time is counted here: a measure the machine's
    # load does not inflate the way it inflates wall-clock time.
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tasks", type=int, default=250)
    parser.add_argument("--variants", type=int, default=None, help="N variants per task instead of the default audit")
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
    config = audit_config(args.variants)
    if args.variants is None:
        print(f"workload: {len(tasks)} tasks (the {total} project tasks, repeated), audited as aspera audit does")
    else:
        print(
            f"workload: {len(tasks)} tasks ({rich} of the {total} project tasks have >= {args.variants} variants, "
            f"repeated); {args.variants} variants + reference + noop + handback each; {args.workers} workers"
        )

    started = time.perf_counter()
    options = dict(per_kind=config.per_kind, max_variants=config.max_variants, seed=0)
    if "rewrites_per_kind" in AuditConfig.__dataclass_fields__:
        options["rewrites_per_kind"] = config.rewrites_per_kind
    programs = sum(len(candidates(t, **options)) for t in tasks)
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
    config = audit_config(args.variants)
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
    command = [sys.executable, __file__, "--child", "--tasks", str(args.tasks), "--workers", str(args.workers)]
    if args.variants is not None:
        command += ["--variants", str(args.variants)]
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
    what = "the default audit" if args.variants is None else f"{args.variants} variants each"
    print(f"audit of {args.tasks} tasks, {what}, {args.workers} workers, {args.rounds} rounds")
    for label, rounds in results.items():
        best = min(rounds, key=lambda r: r["elapsed_s"])
        each = ", ".join(f"{r['elapsed_s']:.1f}" for r in rounds)
        print(
            f"   {label:<7} {best['elapsed_s']:6.1f} s (rounds: {each}), "
            f"sandbox CPU {best['cpu_s']:.1f} s, {best['runs']} sandbox runs, {best['programs']} programs, "
            f"verdicts {best['digest']}"
        )
    same = {r["digest"] for rounds in results.values() for r in rounds}
    if args.variants is None:
        print("   (the default audit runs other programs after a change of the variants: verdicts not compared)")
    else:
        print(f"   verdicts {'identical' if len(same) == 1 else 'DIFFERENT'} before and after")
    after, before = (min(r["elapsed_s"] for r in results[label]) for label in ("after", "before"))
    print(f"   after/before: {after / before:.2f} wall; load average now {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
