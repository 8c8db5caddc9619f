"""The audit's new probes on hand-made tasks, both ways: freedoms a strict evaluation program must be caught
rejecting, shortcuts a weak one must be caught accepting, and sound ones left alone."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from aspera_core.executor import Sandbox, SandboxConfig
from aspera_workbench.audit import AuditConfig, AuditReport, audit_tasks
from aspera_workbench.variants import FREEDOM_KINDS, variants

from .freedom_tasks import fixed_tasks, freedom_tasks, shortcut_tasks


@pytest.fixture(scope="module")
def reports() -> Iterator[dict[str, AuditReport]]:
    """Every hand-made task audited once with every variant of every kind."""
    groups = {
        "strict": freedom_tasks(sound=False),
        "sound": freedom_tasks(sound=True),
        "weak": shortcut_tasks(sound=False),
        "sound shortcuts": shortcut_tasks(sound=True),
    }
    with Sandbox(SandboxConfig(workers=2, timeout_s=10)) as sandbox:
        yield {name: audit_tasks(tasks, sandbox, AuditConfig(per_kind=None)) for name, tasks in groups.items()}


def flagged(report: AuditReport) -> dict[str, set[tuple[str, str | None]]]:
    return {task.task_id: {(v.kind, v.error) for v in task.flagged} for task in report.tasks}


def test_a_strict_evaluation_program_is_caught_rejecting_each_freedom(reports: dict[str, AuditReport]) -> None:
    found = flagged(reports["strict"])
    assert ("unstated_length", "false_rejection") in found["9201"]
    assert ("unordered_assignment", "false_rejection") in found["9202"]
    assert ("answer_rendering", "false_rejection") in found["9203"]
    assert ("change_form", "false_rejection") in found["9204"]
    # a rejected freedom variant is flagged only once its run showed it changed nothing the request fixes
    for task in reports["strict"].tasks:
        assert all(v.equivalent is True for v in task.flagged if v.kind in FREEDOM_KINDS)


def test_sound_evaluation_programs_are_left_alone(reports: dict[str, AuditReport]) -> None:
    for name in ("sound", "sound shortcuts"):
        assert reports[name].flagged == 0, flagged(reports[name])
    used = {v.kind for v in reports["sound"].results if v.kind in FREEDOM_KINDS}
    assert used == set(FREEDOM_KINDS)  # every kind was tried on them, and accepted


def test_a_weak_evaluation_program_is_caught_accepting_each_shortcut(reports: dict[str, AuditReport]) -> None:
    found = flagged(reports["weak"])
    assert ("negate_answer", "false_acceptance") in found["9221"]
    assert ("list_everything", "false_acceptance") in found["9222"]
    assert ("delete_everything", "false_acceptance") in found["9223"]
    # each weak program fails only where it is weak: no correct variant was rejected
    assert not any(error == "false_rejection" for found_here in found.values() for _, error in found_here)


def test_the_rejecting_check_is_named(reports: dict[str, AuditReport]) -> None:
    [length] = [v for v in reports["strict"].results if v.kind == "unstated_length" and v.flagged]
    assert length.check is not None and length.check.startswith("evaluation 1, line ")
    assert "timedelta(minutes=16)" in length.check and "raise SolutionError" in length.check


@pytest.mark.parametrize(
    ("task_id", "kind"),
    [
        ("9211", "unstated_length"),
        ("9212", "unordered_assignment"),
        ("9213", "answer_rendering"),
        ("9214", "user_attendee"),
    ],
)
def test_no_variant_where_the_request_fixes_what_it_would_change(task_id: str, kind: str) -> None:
    task = next(task for task in fixed_tasks() if task.query_id == task_id)
    assert variants(task.program, kinds=[kind], query=task.query) == []
    freed = next(t for t in freedom_tasks(sound=True) if t.program == task.program)
    if kind != "user_attendee":  # (the same program under a request that leaves the freedom open)
        assert variants(freed.program, kinds=[kind], query=freed.query)


def test_without_the_request_no_freedom_is_assumed() -> None:
    for task in freedom_tasks(sound=True):
        assert variants(task.program, kinds=list(FREEDOM_KINDS)) == []


def test_a_date_format_demanded_by_the_evaluation_is_caught_by_the_format_variant_alone() -> None:
    from .freedom_tasks import ROOM_SETUP, WHEN_PROGRAM, WHEN_STRICT
    from .support import task

    when = task(
        "9205",
        "Hey, [Assistant], when does my Planning meeting on Friday start?",
        WHEN_PROGRAM,
        [ROOM_SETUP],
        [WHEN_STRICT],
    )
    with Sandbox(SandboxConfig(workers=1, timeout_s=10)) as sandbox:
        report = audit_tasks([when], sandbox, AuditConfig(kinds=("answer_rendering",), per_kind=None, baselines=False))
    rendered = {v.description: v.status for v in report.results if v.kind == "answer_rendering"}
    assert sorted(rendered.values()) == ["flagged", "ok"]
    [flagged] = [d for d, status in rendered.items() if status == "flagged"]
    assert "another format" in flagged


@pytest.mark.parametrize(
    ("query", "states"),
    [
        ("Hey, [Assistant], book a sync with Ann on the last Friday of the month at 10 AM.", False),
        ("Hey, [Assistant], schedule a call with Bob tomorrow afternoon at 3 PM.", False),
        ("Hey, [Assistant], block my afternoon on Friday for writing.", True),
        ("Hey, [Assistant], book a half-hour review with Ann on Friday.", True),
        ("Hey, [Assistant], book a review with Ann on Friday from 2 to 3 PM.", True),
        ("Hey, [Assistant], set up a meeting with Bob that lasts 45 minutes.", True),
        ("Hey, [Assistant], move my review with Ann to Friday.", True),
    ],
)
def test_what_a_request_says_of_a_length(query: str, states: bool) -> None:
    from aspera_workbench.variants.request_cues import states_length

    assert states_length(query) is states
