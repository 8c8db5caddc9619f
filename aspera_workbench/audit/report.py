"""The audit's results: per-variant verdicts, error rates with denominators, the JSON file.

Each program the audit ran gets a *status*:

* ``ok`` - the evaluation program gave the expected verdict;
* ``flagged`` - it accepted a program that must fail (a *false acceptance*)
  or rejected one that must pass (a *false rejection*);
* ``equivalent`` - a generated mutant was accepted, but it did exactly what
  the reference program does in every world of the task, so no evaluation
  program could reject it there: left out of the rates;
* ``not_equivalent`` - a generated rewrite was rejected, but it did not
  behave like the reference program in these worlds (the rewrite was not
  harmless here): left out of the rates;
* ``undetermined`` - a run timed out or ran out of memory where a pass was
  expected, or the behaviour could not be observed: left out of the rates.

Programs declared by people (the reference, hand-written wrong programs,
alternatives) are taken at their word: a verdict other than the declared one
is always flagged.

Rates: the false-rejection rate is flagged / judged over programs that must
pass; the false-acceptance rate is flagged / judged over programs that must
fail; "judged" counts the ``ok`` and ``flagged`` ones.
"""

from __future__ import annotations

import difflib
import json
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from aspera_core.fileio import dangling_link, write_atomic
from aspera_core.records import AuditedSubset
from aspera_core.task_ids import task_id_order
from aspera_core.wilson import wilson_interval
from aspera_workbench.audit.observe import Observation
from aspera_workbench.variants import CHECKLIST, CHECKLIST_ITEMS, KINDS

FORMAT = "aspera-audit"
VERSION = 1

STATUS_OK = "ok"
STATUS_FLAGGED = "flagged"
STATUS_EQUIVALENT = "equivalent"
STATUS_NOT_EQUIVALENT = "not_equivalent"
STATUS_UNDETERMINED = "undetermined"
STATUSES = (STATUS_OK, STATUS_FLAGGED, STATUS_EQUIVALENT, STATUS_NOT_EQUIVALENT, STATUS_UNDETERMINED)

#: The order tables list kinds in: reference and baselines, rewrites, mutants, programs declared by people.
KIND_ORDER = ("reference", "noop", "handback", *KINDS, "hand_written_wrong", "alternative_correct", "alternative_wrong")

FALSE_ACCEPTANCE = "false_acceptance"
FALSE_REJECTION = "false_rejection"


class AuditFileError(ValueError):
    """A file is not an audit written by ``aspera audit --out``."""


@dataclass(frozen=True)
class VariantResult:
    """One program's run through a task's evaluation programs.

    ``expected`` is ``None`` when it could not be decided (a baseline whose
    behaviour was not observed); ``equivalent`` says whether it behaved like
    the reference program in every world of the task (``None``: not observed).
    """

    kind: str
    origin: str
    description: str
    source: str
    expected: str | None
    actual: str
    outcome: str
    message: str | None
    equivalent: bool | None
    status: str
    observations: tuple[Observation, ...] | None = None
    check: str | None = None  # the evaluation program's line that rejected it (a rejected program only)

    @property
    def flagged(self) -> bool:
        return self.status == STATUS_FLAGGED

    @property
    def error(self) -> str | None:
        """``false_acceptance``, ``false_rejection``, or ``None`` when not flagged."""
        if not self.flagged:
            return None
        return FALSE_ACCEPTANCE if self.expected == "fail" else FALSE_REJECTION

    @property
    def judged(self) -> bool:
        """Whether it counts in the rates."""
        return self.status in (STATUS_OK, STATUS_FLAGGED)

    def to_json(self) -> dict[str, Any]:
        """The fields, with the derived ``flagged`` and ``error``, the observations and then the source last."""
        data = {f.name: getattr(self, f.name) for f in fields(self) if f.name not in ("source", "observations")}
        observations = None if self.observations is None else [o.to_json() for o in self.observations]
        return {
            **data,
            "flagged": self.flagged,
            "error": self.error,
            "observations": observations,
            "source": self.source,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> VariantResult:
        """Rebuild from :meth:`to_json` output (``KeyError``, ``TypeError``, ``ValueError`` if it is not)."""
        if data["status"] not in STATUSES:
            raise ValueError(f"unknown status {data['status']!r}")
        observations = data.get("observations")
        return cls(
            **{key: str(data[key]) for key in ("kind", "origin", "description", "source")},
            expected=data["expected"],
            actual=str(data["actual"]),
            outcome=str(data["outcome"]),
            message=data.get("message"),
            equivalent=data.get("equivalent"),
            status=data["status"],
            observations=None if observations is None else tuple(Observation.from_json(o) for o in observations),
            check=data.get("check"),
        )


@dataclass(frozen=True)
class TaskAudit:
    """The audit of one task's evaluation programs: every program run, reference first."""

    task_id: str
    query: str
    pairs: int  # setup/evaluation pairs
    variants: tuple[VariantResult, ...]
    problems: tuple[str, ...] = ()  # what kept parts of the audit from running

    @property
    def flagged(self) -> list[VariantResult]:
        return [v for v in self.variants if v.flagged]

    def rate(self, expected: str) -> Rate:
        """Flagged over judged among the programs expected to ``pass`` or ``fail``."""
        return Rate.of(v for v in self.variants if v.expected == expected)

    @property
    def excluded(self) -> int:
        """How many programs are left out of the rates (not judged)."""
        return sum(not v.judged for v in self.variants)

    def has(self, error: str) -> bool:
        """Whether some program of the task was flagged with ``error`` (``false_rejection``/``false_acceptance``)."""
        return any(v.error == error for v in self.variants)

    @property
    def sound(self) -> bool:
        """No program flagged, and nothing kept the audit from running: the task belongs to the audited subset."""
        return not self.flagged and not self.problems

    def checklist(self) -> dict[str, list[str]]:
        """The checklist items (:data:`~aspera_workbench.variants.CHECKLIST`) the task's evaluation programs fail,
        each with the kinds of program that showed it."""
        found: dict[str, set[str]] = {}
        for result in self.flagged:
            item = CHECKLIST.get(result.kind, _DECLARED_ITEMS.get(result.error or "", ""))
            found.setdefault(item, set()).add(result.kind)
        return {item: sorted(kinds) for item, kinds in sorted(found.items())}

    def to_json(self) -> dict[str, Any]:
        return {
            "task_id": self.task_id,
            "query": self.query,
            "pairs": self.pairs,
            "false_rejection": self.rate("pass").to_json(),
            "false_acceptance": self.rate("fail").to_json(),
            "flagged": len(self.flagged),
            "checklist": [
                {"item": item, "asks": CHECKLIST_ITEMS.get(item, ""), "shown_by": kinds}
                for item, kinds in self.checklist().items()
            ],
            "problems": list(self.problems),
            "variants": [v.to_json() for v in self.variants],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TaskAudit:
        return cls(
            task_id=str(data["task_id"]),
            query=str(data["query"]),
            pairs=int(data["pairs"]),
            variants=tuple(VariantResult.from_json(v) for v in data["variants"]),
            problems=tuple(str(p) for p in data.get("problems", [])),
        )


@dataclass(frozen=True)
class Rate:
    """Flagged programs over judged ones (status ``ok`` or ``flagged``)."""

    errors: int
    judged: int

    @classmethod
    def of(cls, results: Iterable[VariantResult]) -> Rate:
        """The rate over some programs (those not judged are left out)."""
        judged = [r for r in results if r.judged]
        return cls(sum(r.flagged for r in judged), len(judged))

    @property
    def value(self) -> float | None:
        """``errors / judged``, or ``None`` when nothing was judged."""
        return self.errors / self.judged if self.judged else None

    def __str__(self) -> str:
        if not self.judged:
            return "0/0"
        return f"{self.errors}/{self.judged} ({100 * self.errors / self.judged:.1f}%)"

    def to_json(self) -> dict[str, Any]:
        return {"errors": self.errors, "judged": self.judged, "rate": self.value}


# Programs declared by people carry no kind of the checklist: the item follows from what went wrong.
_DECLARED_ITEMS = {FALSE_REJECTION: "I.a.1", FALSE_ACCEPTANCE: "I.g.3"}


@dataclass(frozen=True)
class TaskShare:
    """Tasks with at least one program of some kind flagged, among the tasks where such a program was judged."""

    tasks: int
    of: int

    @property
    def interval(self) -> tuple[float, float]:
        """Wilson 95 % interval of the share (``(nan, nan)`` over no task)."""
        return wilson_interval(self.tasks, self.of)

    def __str__(self) -> str:
        if not self.of:
            return "0 of 0 tasks"
        low, high = self.interval
        return f"{self.tasks} of {self.of} tasks ({100 * self.tasks / self.of:.1f}%, Wilson 95% {100 * low:.1f}-{100 * high:.1f}%)"

    def to_json(self) -> dict[str, Any]:
        low, high = self.interval
        return {
            "tasks": self.tasks,
            "of": self.of,
            "share": self.tasks / self.of if self.of else None,
            "wilson95": [low, high] if self.of else None,
        }


@dataclass(frozen=True)
class KindRow:
    """The results of one variant kind with one expected verdict: its rate, and the programs left out by status."""

    kind: str
    expected: str
    rate: Rate
    excluded: dict[str, int]

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "expected": self.expected, **self.rate.to_json(), "excluded": dict(self.excluded)}


@dataclass(frozen=True)
class AuditReport:
    """The audit of a task set.

    ``source`` is the task set as given (shown, never compared: the same tasks
    may live at other paths); ``task_set_digest`` is the content digest of the
    whole set the audited tasks were chosen from, as a results file records it
    (empty in files written before it was recorded).
    """

    tasks: tuple[TaskAudit, ...]
    settings: dict[str, Any] = field(default_factory=dict)
    source: str = ""
    created: str = ""  # ISO 8601
    task_set_digest: str = ""

    @property
    def results(self) -> list[VariantResult]:
        """Every program of every task."""
        return [v for task in self.tasks for v in task.variants]

    @property
    def flagged(self) -> int:
        return sum(v.flagged for v in self.results)

    def rate(self, expected: str) -> Rate:
        """Overall false-rejection (``"pass"``) or false-acceptance (``"fail"``) rate."""
        return Rate.of(v for v in self.results if v.expected == expected)

    def kinds(self) -> list[KindRow]:
        """Results per (kind, expected verdict): reference and baselines, rewrites, mutants, declared programs."""
        groups: dict[tuple[str, str], list[VariantResult]] = {}
        for result in self.results:
            if result.expected is not None:
                groups.setdefault((result.kind, result.expected), []).append(result)
        rows = []
        for (kind, expected), results in groups.items():
            excluded = Counter(result.status for result in results if not result.judged)
            rows.append(KindRow(kind, expected, Rate.of(results), dict(excluded)))
        rank = {kind: position for position, kind in enumerate(KIND_ORDER)}
        rows.sort(key=lambda row: (rank.get(row.kind, len(rank)), row.kind, row.expected != "pass"))
        return rows

    def task_share(self, error: str, kind: str | None = None) -> TaskShare:
        """Tasks with a program flagged with ``error``, among the tasks where a program that must pass (for a false
        rejection) or fail (for a false acceptance) was judged; only programs of ``kind`` when given."""
        expected = "pass" if error == FALSE_REJECTION else "fail"

        def mine(result: VariantResult) -> bool:
            return result.expected == expected and (kind is None or result.kind == kind)

        judged = [task for task in self.tasks if any(mine(v) and v.judged for v in task.variants)]
        return TaskShare(sum(any(mine(v) and v.error == error for v in task.variants) for task in judged), len(judged))

    def kind_shares(self) -> list[dict[str, Any]]:
        """Per kind that was judged: the tasks it flagged, among the tasks where it was judged."""
        rows = []
        for row in self.kinds():
            error = FALSE_REJECTION if row.expected == "pass" else FALSE_ACCEPTANCE
            share = self.task_share(error, row.kind)
            if share.of:
                rows.append({"kind": row.kind, "expected": row.expected, "error": error, **share.to_json()})
        return rows

    def audited_subset(self) -> AuditedSubset:
        """The tasks whose evaluation programs the audit found sound (:attr:`TaskAudit.sound`)."""
        return AuditedSubset(
            task_set=self.source,
            task_set_digest=self.task_set_digest,
            audited=tuple(task.task_id for task in self.tasks),
            task_ids=tuple(task.task_id for task in self.tasks if task.sound),
            created=self.created,
        )

    def weakest(self, limit: int | None = None) -> list[TaskAudit]:
        """Tasks with flagged programs, most false acceptances first, then most false rejections."""
        flagged = [t for t in self.tasks if t.flagged]
        flagged.sort(key=lambda t: (-t.rate("fail").errors, -t.rate("pass").errors, task_id_order(t.task_id)))
        return flagged if limit is None else flagged[:limit]

    def to_json(self) -> dict[str, Any]:
        """The audit file's content."""
        return {
            "format": FORMAT,
            "version": VERSION,
            "source": self.source,
            "task_set_digest": self.task_set_digest,
            "created": self.created,
            "settings": dict(self.settings),
            "false_rejection": self.rate("pass").to_json(),
            "false_acceptance": self.rate("fail").to_json(),
            "flagged": self.flagged,
            "tasks_with_false_rejection": self.task_share(FALSE_REJECTION).to_json(),
            "tasks_with_false_acceptance": self.task_share(FALSE_ACCEPTANCE).to_json(),
            "kinds": [row.to_json() for row in self.kinds()],
            "kind_tasks": self.kind_shares(),
            "audited_subset": self.audited_subset().to_json(),
            "tasks": [task.to_json() for task in self.tasks],
        }

    @classmethod
    def from_json(cls, data: Any) -> AuditReport:
        """Rebuild from :meth:`to_json` output (``AuditFileError`` if ``data`` is not an audit)."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise AuditFileError("not an audit file (no 'format': 'aspera-audit')")
        if data.get("version") != VERSION:
            raise AuditFileError(f"audit file version {data.get('version')!r} is not supported (expected {VERSION})")
        try:
            tasks = tuple(TaskAudit.from_json(t) for t in data["tasks"])
        except (KeyError, TypeError, ValueError) as error:
            raise AuditFileError(f"malformed audit file: {error!r}") from None
        return cls(
            tasks,
            dict(data.get("settings") or {}),
            str(data.get("source", "")),
            str(data.get("created", "")),
            str(data.get("task_set_digest") or ""),  # absent from files written before it was recorded
        )

    def write(self, path: str | Path) -> None:
        """Write the audit as JSON, atomically: the old file stays whole until the new one is complete.

        Missing folders are created. Whatever ``path`` holds is replaced;
        :func:`audit_file_problem` tells whether it holds an audit.
        """
        write_atomic(path, json.dumps(self.to_json(), indent=1) + "\n")


def audit_file_problem(path: str | Path) -> str | None:
    """Why writing an audit to ``path`` would destroy something else, or ``None`` when it would not.

    A missing or empty file, or a file holding an audit of any version, may be
    replaced; anything else (another JSON file, a results file, a README,
    binary data, a symbolic link to nothing) may not. ``OSError`` if it cannot be read.
    """
    path = Path(path)
    dangling = dangling_link(path)
    if dangling is not None:  # writing through it would create a file wherever it points
        return dangling
    if not path.exists():
        return None
    if not path.is_file():
        return "not a regular file"
    data = path.read_bytes()
    if not data.strip():
        return None
    try:
        content = json.loads(data)
    except ValueError:  # not UTF-8 or not JSON
        return "not an audit file (not JSON)"
    if not isinstance(content, dict) or content.get("format") != FORMAT:
        return f'not an audit file (JSON without "format": "{FORMAT}")'
    return None


def read_audit(path: str | Path) -> AuditReport:
    """Read an audit file written by ``aspera audit --out`` (``FileNotFoundError``, or ``AuditFileError`` if it is not one)."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except ValueError as error:
        raise AuditFileError(f"{path}: not JSON: {error}") from None
    try:
        return AuditReport.from_json(data)
    except AuditFileError as error:
        raise AuditFileError(f"{path}: {error}") from None


_DIFF_LINES = 14


def program_diff(reference: str, program: str, limit: int = _DIFF_LINES) -> list[str]:
    """What a program changes in the reference, as the lines of a unified diff (at most ``limit``)."""
    lines = list(
        difflib.unified_diff(reference.splitlines(), program.splitlines(), "reference", "rejected", n=1, lineterm="")
    )[2:]
    return lines[:limit] + (
        [f"... ({len(lines) - limit} more diff lines in the audit file)"] if len(lines) > limit else []
    )


def format_report(report: AuditReport, weakest: int = 10, per_task: bool = True) -> str:
    """The audit as text: rates by kind, per task (if ``per_task``), and the ``weakest`` weakest evaluation programs."""

    def excluded(counts: dict[str, int]) -> str:
        return ", ".join(f"{status} {count}" for status, count in sorted(counts.items())) or "-"

    out = [f"{'kind':<22} {'must':<5} {'flagged/judged':<18} excluded"]
    out += [f"{row.kind:<22} {row.expected:<5} {str(row.rate):<18} {excluded(row.excluded)}" for row in report.kinds()]
    subset = report.audited_subset()
    items: dict[str, int] = {}
    for task in report.tasks:
        for item in task.checklist():
            items[item] = items.get(item, 0) + 1
    out += [
        "",
        f"false-rejection rate (programs that must pass, rejected): {report.rate('pass')}",
        f"false-acceptance rate (programs that must fail, accepted): {report.rate('fail')}",
        f"tasks with at least one false rejection: {report.task_share(FALSE_REJECTION)}",
        f"tasks with at least one false acceptance: {report.task_share(FALSE_ACCEPTANCE)}",
        f"audited subset (neither, nothing undecided): {subset.size}",
    ]
    if items:
        out.append(
            "checklist items failed, by tasks (ABC, Zhu et al. 2025): "
            + "; ".join(f"{item} {CHECKLIST_ITEMS.get(item, '')}: {n}" for item, n in sorted(items.items()))
        )
    if per_task:
        out += ["", f"{'task':<8} {'programs':>8}  {'false rejections':<18} {'false acceptances':<18} excluded"]
        out += [
            f"{task.task_id:<8} {len(task.variants):>8}  {str(task.rate('pass')):<18} "
            f"{str(task.rate('fail')):<18} {task.excluded}"
            for task in report.tasks
        ]
    problems = [f"  task {task.task_id}: {problem}" for task in report.tasks for problem in task.problems]
    if problems:
        out += ["", "problems:", *problems]
    shown = report.weakest(weakest)
    out.append("")
    if not shown:
        out.append("weakest evaluation programs: none; no program was flagged")
    else:
        out.append(f"weakest evaluation programs ({len(shown)} of {len(report.weakest())} with flagged programs):")
        for task in shown:
            out.append(
                f"  task {task.task_id}: {task.rate('fail').errors} false acceptance(s), "
                f"{task.rate('pass').errors} false rejection(s)  {task.query}"
            )
            for result in task.flagged:
                verb = "accepted" if result.error == FALSE_ACCEPTANCE else "rejected"
                reason = ""
                if result.error == FALSE_REJECTION:
                    reason = f" ({result.outcome}: {result.message})" if result.message else f" ({result.outcome})"
                out.append(f"    {verb} {result.kind}: {result.description}{reason}")
                if result.error == FALSE_REJECTION:
                    if result.check:
                        out.append(f"      rejected by {result.check}")
                    out += [f"      {line}" for line in program_diff(task.variants[0].source, result.source)]
    return "\n".join(out) + "\n"
