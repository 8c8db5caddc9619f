"""The audit on hand-made tasks whose right verdicts are known, and the judgement rules."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from aspera_core.executor import Outcome, Sandbox, SandboxConfig, Verdict
from aspera_workbench.audit import AuditConfig, AuditReport, Candidate, Observation, audit_tasks, judge
from aspera_workbench.variants import KINDS

from .support import sound_tasks, strict_task, weak_task

PROGRESS: list[tuple[int, int]] = []


@pytest.fixture(scope="module")
def report() -> Iterator[AuditReport]:
    """One audit of all hand-made tasks, every variant of every kind (its progress calls go to PROGRESS)."""
    tasks = sound_tasks() + [weak_task(), strict_task()]
    with Sandbox(SandboxConfig(workers=2, timeout_s=10)) as sandbox:
        yield audit_tasks(
            tasks, sandbox, AuditConfig(per_kind=None), progress=lambda done, total: PROGRESS.append((done, total))
        )


def test_progress_counts_programs_against_a_total_known_from_the_start(report: AuditReport) -> None:
    programs = len(report.results)
    # the weak task's accepted mutants are observed in a second round: they
    # count once both runs are in, so the total never grows
    assert any(v.equivalent is not None and v.kind != "reference" for v in report.results)
    assert {total for _, total in PROGRESS} == {programs}
    assert [done for done, _ in PROGRESS] == list(range(programs + 1))


def by_id(report: AuditReport, task_id: str):
    return next(task for task in report.tasks if task.task_id == task_id)


def test_sound_evaluation_programs_get_every_kind_right(report: AuditReport) -> None:
    sound = [by_id(report, task.query_id) for task in sound_tasks()]
    results = [v for task in sound for v in task.variants]
    assert [v for v in results if v.status != "ok"] == []
    # every kind of variant was generated on these tasks and judged as expected, but for the freedoms their
    # requests do not leave (tests/audit/test_freedoms.py has tasks for those) and the yes/no and list probes
    assert {v.kind for v in results if v.origin == "generated"} == set(KINDS) - {
        "unstated_length",
        "unordered_assignment",
        "answer_rendering",
        "negate_answer",
        "list_everything",
        "change_form",
    }
    for v in results:
        assert v.actual == v.expected, (v.kind, v.description)
    assert all(task.rate("pass").judged and task.rate("fail").judged for task in sound)


def test_a_weak_evaluation_program_is_flagged_with_what_slipped_through(report: AuditReport) -> None:
    weak = by_id(report, "9102")
    flagged = {(v.kind, v.error) for v in weak.flagged}
    assert {
        ("shift_datetime", "false_acceptance"),
        ("change_room", "false_acceptance"),
        ("add_unrelated_event", "false_acceptance"),
        ("duplicate_action", "false_acceptance"),
    } <= flagged
    assert weak.rate("pass").errors == 0
    assert all(v.equivalent is False for v in weak.flagged)  # each really did something else
    dropped = [v for v in weak.variants if v.kind == "drop_action"]
    assert dropped and all(v.status == "ok" and v.actual == "fail" for v in dropped)
    assert report.weakest()[0].task_id == "9102"


def test_an_over_strict_evaluation_program_is_flagged_for_a_correct_reordering(report: AuditReport) -> None:
    strict = by_id(report, "9105")
    [reordered] = [v for v in strict.variants if v.kind == "iteration_order"]
    assert reordered.error == "false_rejection"
    assert reordered.equivalent is True
    assert reordered.outcome == "task_completion_error"
    assert "Prep then Review" in (reordered.message or "")


def test_baselines_follow_the_reference_behaviour(report: AuditReport) -> None:
    cancel = by_id(report, "9104")  # hands back in one world, acts in the other
    baselines = {v.kind: v for v in cancel.variants if v.origin == "baseline"}
    assert baselines["handback"].expected == "fail" and baselines["handback"].status == "ok"
    assert baselines["noop"].expected == "fail" and baselines["noop"].status == "ok"
    [reference] = [v for v in cancel.variants if v.kind == "reference"]
    assert [o.raised for o in reference.observations or ()] == [None, "RequiresUserInput"]
    assert [o.changes for o in reference.observations or ()] == [{"user_calendar": "+0 -1"}, {}]


def test_the_report_survives_a_json_round_trip(report: AuditReport) -> None:
    again = AuditReport.from_json(report.to_json())
    assert again == report
    data = report.to_json()
    assert data["false_acceptance"]["judged"] == report.rate("fail").judged
    first = data["tasks"][0]["variants"][0]
    assert {"kind", "expected", "actual", "flagged", "status", "description", "source"} <= set(first)


# -- the judgement rules, on made-up verdicts and observations ------------------------------


def observed(*changes: str, raised: str | None = None, answer: str = "None") -> tuple[Observation, ...]:
    return tuple(Observation(raised, answer, answer, change, {}) for change in changes)


PASSED, FAILED = Verdict(Outcome.SUCCESS), Verdict(Outcome.TASK_COMPLETION_ERROR, message="wrong day")
REFERENCE = observed("world-a")


def candidate(origin: str, expected: str | None, kind: str = "drop_action") -> Candidate:
    return Candidate(kind, origin, "what changed", "def f():\n    pass\n", expected)


@pytest.mark.parametrize(
    ("origin", "expected", "verdict", "behaviour", "status"),
    [
        # a mutant accepted: a weakness only if it behaved differently
        ("generated", "fail", PASSED, observed("world-b"), "flagged"),
        ("generated", "fail", PASSED, observed("world-a"), "equivalent"),
        ("generated", "fail", FAILED, None, "ok"),
        # a rewrite rejected: over-strict only if it behaved the same
        ("generated", "pass", FAILED, observed("world-a"), "flagged"),
        ("generated", "pass", FAILED, observed("world-b"), "not_equivalent"),
        ("generated", "pass", Verdict(Outcome.TIMEOUT), observed("world-a"), "undetermined"),
        ("generated", "pass", FAILED, None, "undetermined"),
        # a different answer or exception is a different behaviour too
        ("generated", "fail", PASSED, observed("world-a", answer="3"), "flagged"),
        ("generated", "fail", PASSED, observed("world-a", raised="RequiresUserInput"), "flagged"),
        # programs declared by people are taken at their word
        ("alternative", "fail", PASSED, observed("world-a"), "flagged"),
        ("reference", "pass", FAILED, observed("world-a"), "flagged"),
        # trivial agents and generic shortcuts must fail, even where the reference does the same (the task
        # cannot tell them from a solution): no observation is needed
        ("baseline", "fail", PASSED, observed("world-a"), "flagged"),
        ("baseline", "fail", PASSED, None, "flagged"),
        ("baseline", "fail", FAILED, observed("world-a"), "ok"),
        ("generated/list_everything", "fail", PASSED, observed("world-a"), "flagged"),
        ("generated/delete_everything", "fail", PASSED, None, "flagged"),
        # ... but a negated answer that the reference's answer leaves as it was is the reference itself
        ("generated/negate_answer", "fail", PASSED, observed("world-a"), "equivalent"),
        # a freedom variant rejected: over-strict only if it differs from the reference in the freedom alone
        ("generated/user_attendee", "pass", FAILED, None, "undetermined"),
    ],
)
def test_judge(origin: str, expected: str | None, verdict: Verdict, behaviour, status: str) -> None:
    origin, _, kind = origin.partition("/")
    kind = kind or ("noop" if origin == "baseline" else "drop_action")
    result = judge(candidate(origin, expected, kind), verdict, behaviour, REFERENCE)
    assert result.status == status
    if status == "flagged":
        assert result.error == ("false_acceptance" if result.expected == "fail" else "false_rejection")
    assert result.judged == (status in ("ok", "flagged"))


def test_judge_without_the_reference_behaviour_is_undetermined() -> None:
    result = judge(candidate("generated", "fail"), PASSED, observed("world-b"), None)
    assert (result.status, result.equivalent) == ("undetermined", None)


def test_behaviours_in_the_sandbox_and_the_baselines_known_without_running_them() -> None:
    from aspera_core.agents import HandbackAgent, NoopAgent
    from aspera_workbench.audit import behaviours, idle_observation

    task = sound_tasks()[2]  # two worlds
    programs = [task.program, NoopAgent().program(task), HandbackAgent().program(task), "def broken(:\n"]
    with Sandbox(SandboxConfig(workers=2, timeout_s=10)) as sandbox:
        reference, noop, handback, broken = behaviours(task, programs, sandbox)
    assert noop == (idle_observation(), idle_observation())
    assert handback == (idle_observation("RequiresUserInput"),) * 2
    assert reference is not None and reference[1].same_as(handback[1]) and not reference[0].same_as(noop[0])
    assert broken is None


def test_a_reference_that_does_not_parse_is_reported_not_fatal() -> None:
    broken = sound_tasks()[1].model_copy(update={"program": "def count_meetings_with_ann(:\n    return 2\n"})
    with Sandbox(SandboxConfig(workers=1, timeout_s=10)) as sandbox:
        report = audit_tasks([broken], sandbox)
    [task] = report.tasks
    assert task.problems[0].startswith("no variants generated: the program does not parse")
    assert [(v.kind, v.status, v.outcome) for v in task.variants][0] == ("reference", "flagged", "syntax_error")
    assert report.flagged == 1


def test_programs_of_a_task_share_one_setup_when_there_are_tasks_enough_to_keep_the_workers_busy() -> None:
    from aspera_workbench.audit.audit_engine import group_size, job_groups

    jobs = list(range(23))
    # Many tasks: each task's programs in one group (one setup, not three); the tasks keep the workers busy.
    assert [len(group) for group in job_groups(jobs, group_size(tasks=250, workers=2))] == [23]
    # Few tasks: a task's programs are split, so that they spread over the workers.
    assert [len(group) for group in job_groups(jobs, group_size(tasks=3, workers=2))] == [8, 8, 7]
    assert max(len(group) for group in job_groups(list(range(100)), group_size(tasks=250, workers=2))) == 32


def test_the_rejecting_check_is_the_assert_under_a_solution_error_raised_for_it() -> None:
    from types import SimpleNamespace

    from aspera_workbench.audit import rejecting_check

    evaluation = (
        "def evaluate_x(query, executable, setup_function):\n"
        "    setup_function()\n"
        "    event = executable()\n"
        "    try:\n"
        "        assert event.attendees == [ann]\n"
        "    except AssertionError:\n"
        '        raise SolutionError("Incorrect solution")\n'
    )
    chained = (
        'Traceback (most recent call last):\n  File "<evaluation 1>", line 5, in evaluate_x\nAssertionError\n\n'
        "During handling of the above exception, another exception occurred:\n\n"
        'Traceback (most recent call last):\n  File "<evaluation 1>", line 7, in evaluate_x\nSolutionError: Incorrect\n'
    )
    task = SimpleNamespace(evaluation_programs=[evaluation])
    verdict = Verdict(Outcome.TASK_COMPLETION_ERROR, traceback=chained)
    assert rejecting_check(verdict, task) == "evaluation 1, line 5: assert event.attendees == [ann]"
    plain = Verdict(Outcome.TASK_COMPLETION_ERROR, traceback=chained.split("During")[1].split("\n\n", 1)[1])
    assert rejecting_check(plain, task) == 'evaluation 1, line 7: raise SolutionError("Incorrect solution")'
    assert rejecting_check(Verdict(Outcome.TASK_COMPLETION_ERROR), task) is None
