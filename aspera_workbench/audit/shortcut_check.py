"""The shortcut probes as a check of a task set (``aspera validate``) or of one generated task.

Each probe (the trivial agents ``noop`` and ``handback``, and the checklist's generic shortcuts
``handback_everything``, ``list_everything`` and ``delete_everything``: :mod:`aspera_workbench.variants.shortcuts`)
runs on every setup/evaluation pair of a task on its own, and on the whole task. A probe is refused:

* where it passes the whole task: the task cannot tell it from a solution, whatever its worlds;
* where one pair's evaluation program accepts it while the reference does something else in that pair's world
  (a weakened evaluation program of a task with several pairs shows there). Where the reference does the same
  thing in that world (it hands back, or changes nothing and answers nothing, or deletes every event), the pair
  accepting the probe is no weakness of its evaluation program.

A refusal names the task, the pair and the probe.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from aspera_core.agents import HandbackAgent, NoopAgent
from aspera_core.executor import Job, Outcome, Sandbox
from aspera_core.tasks import Task
from aspera_workbench.audit.audit_engine import behaviours
from aspera_workbench.audit.observe import Observation, idle_observation
from aspera_workbench.variants import probes

#: The probes ``aspera validate`` runs by default, in the order it reports them.
VALIDATION_PROBES = ("noop", "handback", "handback_everything", "list_everything", "delete_everything")


@dataclass(frozen=True)
class ShortcutFinding:
    """A probe an evaluation program accepted: ``pair`` is 1-based, ``None`` for the whole task."""

    task_id: str
    pair: int | None
    probe: str
    description: str

    @property
    def problem(self) -> str:
        """What was found, in one sentence."""
        where = "every pair" if self.pair is None else f"pair {self.pair}"
        return f"{where} accepts the shortcut {self.probe!r} ({self.description})"

    def __str__(self) -> str:
        return f"probes: {self.problem}"


def task_probes(task: Task, kinds: Iterable[str] = VALIDATION_PROBES) -> list[tuple[str, str, str]]:
    """``(probe, description, program)`` of every probe of ``kinds`` for a task (none where a probe does not apply)."""
    kinds = list(kinds)
    found: list[tuple[str, str, str]] = []
    if "noop" in kinds:
        found.append(("noop", "a function that does nothing", NoopAgent().program(task)))
    if "handback" in kinds:
        found.append(("handback", "hands back at once", HandbackAgent().program(task)))
    generated = [kind for kind in kinds if kind not in ("noop", "handback")]
    if generated:
        try:
            chosen = probes(task.program, kinds=generated, apps=task.scenario.apps, query=task.query)
        except ValueError:
            chosen = []  # a reference that does not parse: the validator reports it
        found += [(v.kind, v.description, v.source) for v in chosen]
    return found


def _pair(task: Task, index: int) -> Task:
    return task.model_copy(
        update={
            "state_generation_programs": [task.state_generation_programs[index]],
            "evaluation_programs": [task.evaluation_programs[index]],
        }
    )


def shortcut_findings(
    tasks: Sequence[Task],
    sandbox: Sandbox,
    kinds: Iterable[str] = VALIDATION_PROBES,
    plans: Mapping[str, list[tuple[str, str, str]]] | None = None,
) -> dict[str, list[ShortcutFinding]]:
    """Every probe each task accepts (see the module's text), by task id (tasks with none are absent).

    ``plans``: the probes of each task by id, as :func:`task_probes` gives them for ``kinds`` (made here if not
    given: a caller that counts them passes its own)."""
    kinds = list(kinds)
    plans = plans if plans is not None else {task.query_id: task_probes(task, kinds) for task in tasks}
    singles = {task.query_id: [_pair(task, i) for i in range(len(task.state_generation_programs))] for task in tasks}
    jobs = []
    for task in tasks:
        for number, (_, _, program) in enumerate(plans[task.query_id]):
            jobs.append(Job(task, program, (task.query_id, number, None)))
            if len(singles[task.query_id]) > 1:  # (a single pair is the whole task)
                jobs += [
                    Job(single, program, (task.query_id, number, i)) for i, single in enumerate(singles[task.query_id])
                ]
    accepted: dict[tuple[str, int], list[int | None]] = {}
    for job, verdict in sandbox.run(jobs):
        task_id, number, pair = job.key
        if verdict.outcome is Outcome.SUCCESS:
            accepted.setdefault((task_id, number), []).append(pair)
    findings: dict[str, list[ShortcutFinding]] = {}
    by_id = {task.query_id: task for task in tasks}
    for (task_id, number), pairs in sorted(accepted.items()):
        probe, description, program = plans[task_id][number]
        task = by_id[task_id]
        if None in pairs:
            findings.setdefault(task_id, []).append(ShortcutFinding(task_id, None, probe, description))
            continue
        excused = _same_as_reference(task, program, probe, sandbox)
        for pair in sorted(p for p in pairs if p is not None):
            if not excused[pair]:
                findings.setdefault(task_id, []).append(ShortcutFinding(task_id, pair + 1, probe, description))
    return findings


def _same_as_reference(task: Task, program: str, probe: str, sandbox: Sandbox) -> list[bool]:
    """Per pair, whether the probe does what the reference does in that pair's world (then accepting it is right)."""
    pairs = len(task.state_generation_programs)
    if probe in ("noop", "handback"):
        known: list[tuple[Observation, ...] | None] = [
            (idle_observation("RequiresUserInput" if probe == "handback" else None),) * pairs
        ]
        known += behaviours(task, [task.program], sandbox)
    else:
        known = behaviours(task, [program, task.program], sandbox)
    mine, reference = known
    if mine is None or reference is None:
        return [False] * pairs
    return [a.same_as(b) for a, b in zip(mine, reference)]
