"""Running an audit: every program of every task through the sandbox, then the judgement.

Two rounds of sandbox jobs, each submitted in one ``Sandbox.run_groups``
call, the programs of a task in groups that share the task's setup:

1. every candidate program through the task's own evaluation programs;
2. an observation run (:mod:`aspera_workbench.audit.observe`) of the
   reference and of every program whose verdict was not the expected one, to
   tell a real weakness from a mutant that changed nothing here or a rewrite
   that did not behave like the reference (the baselines need none: they
   change nothing, and return nothing or hand back at once).
"""

from __future__ import annotations

import ast
import datetime
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from aspera_core.executor import Job, Outcome, Sandbox, Verdict
from aspera_core.tasks import Task, WrongProgram, tasks_digest
from aspera_workbench.audit.audit_programs import (
    KIND_HANDBACK,
    KIND_NOOP,
    ORIGIN_BASELINE,
    ORIGIN_GENERATED,
    ORIGIN_REFERENCE,
    Alternative,
    Candidate,
    candidates,
)
from aspera_workbench.audit.freedom import proved
from aspera_workbench.audit.observe import (
    PROBE_EVALUATION,
    PROBE_MODULES,
    Observation,
    idle_observation,
    read_observations,
)
from aspera_workbench.audit.report import (
    STATUS_EQUIVALENT,
    STATUS_FLAGGED,
    STATUS_NOT_EQUIVALENT,
    STATUS_OK,
    STATUS_UNDETERMINED,
    AuditReport,
    TaskAudit,
    VariantResult,
)
from aspera_workbench.variants import FAIL, FREEDOM_KINDS, KINDS, PASS, SHORTCUT_KINDS, check_kinds

_MESSAGE_LIMIT = 300
# A run that ended by a limit says nothing about the evaluation program.
_LIMITS = (Outcome.TIMEOUT, Outcome.RESOURCE_ERROR)


@dataclass(frozen=True)
class AuditConfig:
    """What the audit generates.

    At most ``per_kind`` generated variants of each kind per task (``None``:
    all), then at most ``max_variants`` per task in all (a quick audit that
    still covers every kind over a task set), chosen reproducibly from
    ``seed`` and the task id; ``baselines`` adds ``noop`` and ``handback``.
    """

    kinds: tuple[str, ...] | None = None
    per_kind: int | None = 3
    max_variants: int | None = None
    seed: int = 0
    baselines: bool = True
    #: Of the rewrites that keep behaviour identical (:data:`~aspera_workbench.variants.IDENTITY_KINDS`), which no
    #: deterministic evaluation program can reject, fewer: they check the executor more than the evaluation programs.
    rewrites_per_kind: int | None = 1

    def __post_init__(self) -> None:
        check_kinds(self.kinds)
        for name in ("per_kind", "rewrites_per_kind"):
            value = getattr(self, name)
            if value is not None and value < 1:
                raise ValueError(f"{name} must be at least 1")
        if self.max_variants is not None and self.max_variants < 0:
            raise ValueError("max_variants must not be negative")

    def to_json(self) -> dict[str, Any]:
        return {
            "kinds": list(self.kinds if self.kinds is not None else KINDS),
            "per_kind": self.per_kind,
            "rewrites_per_kind": self.rewrites_per_kind,
            "max_variants": self.max_variants,
            "seed": self.seed,
            "baselines": self.baselines,
        }


def _probe(task: Task) -> Task:
    """The task with its evaluation programs replaced by the observation probe."""
    return task.model_copy(update={"evaluation_programs": [PROBE_EVALUATION] * len(task.state_generation_programs)})


@dataclass
class _Plan:
    task: Task
    probe: Task
    candidates: list[Candidate]
    problems: list[str]
    verdicts: dict[int, Verdict]
    observed: dict[int, tuple[Observation, ...] | None]
    settled: set[int] = field(default_factory=set)  # candidates with every run they need done

    def settle(self, number: int) -> bool:
        """Mark a candidate settled if its runs are all in; True the first time it is."""
        if number in self.settled or number not in self.verdicts:
            return False
        candidate = self.candidates[number]
        if number not in self.observed and (
            candidate.origin == ORIGIN_REFERENCE or _needs_observation(candidate, self.verdicts[number])
        ):
            return False  # its observation run is still to come (this round or the second)
        self.settled.add(number)
        return True


def _observations(verdict: Verdict, pairs: int) -> tuple[Observation, ...] | None:
    """The observations of a probe run, or ``None`` unless every pair reported."""
    found = read_observations(verdict.stdout)
    if verdict.outcome is not Outcome.SUCCESS or len(found) != pairs:
        return None
    return tuple(found)


def _actual(verdict: Verdict) -> str:
    return PASS if verdict.outcome is Outcome.SUCCESS else FAIL


#: Programs that skip the task whatever it asks (the trivial agents and the generic shortcut probes): accepting one
#: is a false acceptance even where the reference happens to do the same (the task cannot tell them apart, ABC
#: III.13, I.g.3), so they need no observation run.
GENERIC_SHORTCUTS = frozenset({KIND_NOOP, KIND_HANDBACK, *SHORTCUT_KINDS} - {"negate_answer"})


def _needs_observation(candidate: Candidate, verdict: Verdict) -> bool:
    if candidate.kind in GENERIC_SHORTCUTS:
        return False
    return candidate.expected is not None and _actual(verdict) != candidate.expected


def rejecting_check(verdict: Verdict, task: Task | None) -> str | None:
    """The evaluation program's line that rejected a program (``evaluation 1, line 23: assert ...``), from the
    verdict's traceback; ``None`` when no frame of an evaluation program is in it."""
    text = verdict.traceback or ""
    # ``try: assert ... except AssertionError: raise SolutionError(...)``: the assert is the check, not the raise
    cause, during, _ = text.partition("During handling of the above exception")
    found = (_EVALUATION_FRAME.findall(cause) if during else []) or _EVALUATION_FRAME.findall(text)
    if not found:
        return None
    pair, line = int(found[-1][0]), int(found[-1][1])
    text = ""
    if task is not None and 0 < pair <= len(task.evaluation_programs):
        text = _statement_at(task.evaluation_programs[pair - 1], line)
    return f"evaluation {pair}, line {line}" + (f": {text}" if text else "")


def _statement_at(source: str, line: int) -> str:
    """The statement of ``source`` at ``line`` as one line, with the test of the ``if`` it raises under."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return ""
    found: list[tuple[ast.stmt, ast.stmt | None]] = []
    for parent in ast.walk(tree):
        for child in ast.iter_child_nodes(parent):
            if isinstance(child, ast.stmt) and child.lineno <= line <= (child.end_lineno or child.lineno):
                found.append((child, parent if isinstance(parent, ast.If) else None))
    if not found:
        return ""
    statement, guard = min(found, key=lambda pair: (pair[0].end_lineno or 0) - pair[0].lineno)
    text = " ".join((ast.get_source_segment(source, statement) or "").split())
    if guard is not None and isinstance(statement, ast.Raise):
        text = f"if {' '.join((ast.get_source_segment(source, guard.test) or '').split())}: {text}"
    return text if len(text) <= 240 else text[:237] + "..."


_EVALUATION_FRAME = re.compile(r'File "<evaluation (\d+)>", line (\d+)')


def judge(
    candidate: Candidate,
    verdict: Verdict,
    observed: tuple[Observation, ...] | None,
    reference: tuple[Observation, ...] | None,
    task: Task | None = None,
) -> VariantResult:
    """Decide a program's status (see :mod:`aspera_workbench.audit.report`) from its verdict and behaviour.

    ``observed`` and ``reference`` are what the program and the reference
    program did in each world, ``None`` if not observed; ``task`` names the
    evaluation program's line that rejected a program.
    """
    actual = _actual(verdict)
    equivalent = None
    if observed is not None and reference is not None and len(observed) == len(reference):
        equivalent = all(mine.same_as(theirs) for mine, theirs in zip(observed, reference))
    if candidate.kind in FREEDOM_KINDS:  # it differs from the reference by design: in the freedom only?
        equivalent = proved(candidate.kind, observed, reference)
    expected = candidate.expected
    if expected is None or (expected == PASS and verdict.outcome in _LIMITS):
        status = STATUS_UNDETERMINED
    elif actual == expected:
        status = STATUS_OK
    elif candidate.origin != ORIGIN_GENERATED or candidate.kind in GENERIC_SHORTCUTS:
        status = STATUS_FLAGGED  # declared by a person (or derived from the reference): taken at its word
    elif equivalent is None:
        status = STATUS_UNDETERMINED
    elif expected == FAIL:
        status = STATUS_EQUIVALENT if equivalent else STATUS_FLAGGED
    else:
        status = STATUS_FLAGGED if equivalent else STATUS_NOT_EQUIVALENT
    message = verdict.message
    if message is not None and len(message) > _MESSAGE_LIMIT:
        message = message[: _MESSAGE_LIMIT - 3] + "..."
    return VariantResult(
        kind=candidate.kind,
        origin=candidate.origin,
        description=candidate.description,
        source=candidate.source,
        expected=expected,
        actual=actual,
        outcome=verdict.outcome.value,
        message=message,
        equivalent=equivalent,
        status=status,
        observations=observed,
        check=rejecting_check(verdict, task) if actual == FAIL else None,
    )


def audit_tasks(
    tasks: Sequence[Task],
    sandbox: Sandbox,
    config: AuditConfig | None = None,
    *,
    wrong: Mapping[str, Sequence[WrongProgram]] | None = None,
    alternatives: Mapping[str, Sequence[Alternative]] | None = None,
    source: str = "",
    task_set_digest: str | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> AuditReport:
    """Audit the evaluation programs of some tasks (repeats are audited again, each on its own).

    Args:
        tasks: The tasks.
        sandbox: An open sandbox; every program runs there.
        config: What to generate (defaults of :class:`AuditConfig`).
        wrong: Hand-written wrong programs by task id.
        alternatives: Users' alternative solutions by task id.
        source: Name of the task set, recorded in the report.
        task_set_digest: Content digest of the task set ``tasks`` were chosen
            from (``None``: the digest of ``tasks``, right when they are the whole set).
        progress: Called with (0, programs in all) once every variant is
            generated, then with (programs done, programs in all) each time a
            program's verdict and, when it needs one (the reference; a program
            given an unexpected verdict), its observation run are in.
    """
    config = config or AuditConfig()
    wrong = wrong or {}
    alternatives = alternatives or {}
    probes = [_probe(task) for task in tasks]
    sandbox.prepare(tasks, modules=PROBE_MODULES)  # (the probes have the same scenarios)
    # Every variant is generated before anything runs (a fraction of a second
    # for a whole set), so that the number of programs is known up front.
    plans = [_plan(task, probes[index], config, wrong, alternatives) for index, task in enumerate(tasks)]
    total = sum(len(plan.candidates) for plan in plans)
    size = group_size(len(plans), sandbox.config.workers)
    done = 0
    if progress is not None:
        progress(0, total)

    def tick() -> None:
        nonlocal done
        done += 1
        if progress is not None:
            progress(done, total)

    def first_round() -> Iterator[list[Job]]:
        for index, plan in enumerate(plans):
            jobs = [
                Job(plan.task, candidate.source, (index, number, False))
                for number, candidate in enumerate(plan.candidates)
            ]
            for number, candidate in enumerate(plan.candidates):
                if candidate.origin == ORIGIN_BASELINE:
                    behaviour = idle_observation("RequiresUserInput" if candidate.kind == KIND_HANDBACK else None)
                    plan.observed[number] = (behaviour,) * len(plan.probe.state_generation_programs)
            yield from job_groups(jobs, size)

    _run(sandbox, plans, first_round(), tick)

    # The reference's observation run is in the second round, beside the task's other observation runs, so that
    # they share one setup (in the first round it ran alone, beside a group on another task object).
    second: list[list[Job]] = []
    for index, plan in enumerate(plans):
        probing = [
            Job(plan.probe, candidate.source, (index, number, True))
            for number, candidate in enumerate(plan.candidates)
            if candidate.origin == ORIGIN_REFERENCE
            or (number not in plan.observed and _needs_observation(candidate, plan.verdicts[number]))
        ]
        second.extend(job_groups(probing, size))
    _run(sandbox, plans, second, tick)

    audits = []
    for plan in plans:
        reference = plan.observed.get(0)
        if reference is None:
            plan.problems.append(
                "the reference program's behaviour could not be observed, so accepted mutants and "
                "rejected rewrites are undetermined"
            )
        results = tuple(
            judge(candidate, plan.verdicts[number], plan.observed.get(number), reference, plan.task)
            for number, candidate in enumerate(plan.candidates)
        )
        pairs = len(plan.task.state_generation_programs)
        audits.append(TaskAudit(plan.task.query_id, plan.task.query, pairs, results, tuple(plan.problems)))
    created = datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")
    digest = tasks_digest(tasks) if task_set_digest is None else task_set_digest
    return AuditReport(tuple(audits), config.to_json(), source, created, digest)


def behaviours(task: Task, programs: Sequence[str], sandbox: Sandbox) -> list[tuple[Observation, ...] | None]:
    """One tuple of observations (one per setup program) per program: what it does in every world of a task.

    Two programs with equal observations (``Observation.same_as`` pair by pair)
    get the same verdict from any evaluation program of the task. ``None``
    where a run did not complete (a timeout, a setup error).
    """
    probe = _probe(task)
    sandbox.prepare([probe], modules=PROBE_MODULES)
    found: list[tuple[Observation, ...] | None] = [None] * len(programs)
    jobs = [Job(probe, program, number) for number, program in enumerate(programs)]
    for job, verdict in sandbox.run_groups(job_groups(jobs)):
        found[job.key] = _observations(verdict, len(probe.state_generation_programs))
    return found


def _plan(
    task: Task,
    probe: Task,
    config: AuditConfig,
    wrong: Mapping[str, Sequence[WrongProgram]],
    alternatives: Mapping[str, Sequence[Alternative]],
) -> _Plan:
    problems: list[str] = []
    try:
        found = candidates(
            task,
            kinds=config.kinds,
            per_kind=config.per_kind,
            rewrites_per_kind=config.rewrites_per_kind,
            max_variants=config.max_variants,
            seed=config.seed,
            baselines=config.baselines,
            wrong=wrong.get(task.query_id, ()),
            alternatives=alternatives.get(task.query_id, ()),
        )
    except ValueError as error:
        problems.append(f"no variants generated: {error}")
        found = candidates(task, kinds=(), baselines=config.baselines)
    return _Plan(task, probe, found, problems, {}, {})


# Programs of one task evaluated from one shared setup (a zygote, which runs on one worker): with few tasks, groups
# small enough that one task's programs spread over the workers; with tasks enough to keep every worker busy, a
# task's programs in one group, up to the larger size (each group more costs one more setup: 3% of an audit).
_GROUP_SIZE, _TASK_GROUP_SIZE = 8, 32


def group_size(tasks: int, workers: int) -> int:
    """Programs per group for an audit of ``tasks`` tasks on ``workers`` workers."""
    return _TASK_GROUP_SIZE if tasks >= 4 * workers else _GROUP_SIZE


def job_groups(jobs: list[Any], size: int = _GROUP_SIZE) -> Iterator[list[Any]]:
    """``jobs`` (of one task) in groups of at most ``size``."""
    for start in range(0, len(jobs), size):
        yield jobs[start : start + size]


def _run(sandbox: Sandbox, plans: list[_Plan], groups: Iterable[list[Job]], tick: Callable[[], None]) -> None:
    for job, verdict in sandbox.run_groups(groups):
        index, number, observing = job.key
        plan = plans[index]
        if observing:
            plan.observed[number] = _observations(verdict, len(plan.probe.state_generation_programs))
        else:
            plan.verdicts[number] = verdict
        if plan.settle(number):
            tick()
