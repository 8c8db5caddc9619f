"""A sandboxed evaluation can report what the program changed in the world."""

from __future__ import annotations

from aspera_core.executor import Evaluator, Job, Outcome, Sandbox, SandboxConfig
from tests.executor.support import EVALUATE_MEETING, SETUP, SmallTask, source

TASK = SmallTask([SETUP, SETUP], [EVALUATE_MEETING, EVALUATE_MEETING])

ADDS_MEETING = source(
    """
    def book():
        ada = find_employee("Ada Lovelace")[0]
        start = combine(date_by_mdy(6, 26, 2024), time_by_hm(10, 0, "am"))
        add_event(Event(attendees=[ada], subject="Sync", starts_at=start, ends_at=start + datetime.timedelta(hours=1)))
    """
)
ADDS_THEN_FAILS = (
    ADDS_MEETING.replace("add_event(", "add_event(").rstrip() + "\n    raise ValueError('after the write')\n"
)


def calendar(tables: dict | None) -> list[dict]:
    assert tables is not None
    return tables["user_calendar"]


def test_the_world_before_and_after_the_program_is_reported_per_pair() -> None:
    with Sandbox(SandboxConfig(workers=1, timeout_s=10)) as sandbox:
        jobs = [Job(TASK, ADDS_MEETING, "plain"), Job(TASK, ADDS_MEETING, "captured", capture_world=True)]
        verdicts = {job.key: verdict for job, verdict in sandbox.run(jobs)}
    plain, captured = verdicts["plain"], verdicts["captured"]
    assert plain.outcome is captured.outcome is Outcome.SUCCESS
    assert plain.world == ()
    assert [world["pair"] for world in captured.world] == [0, 1]
    first = captured.world[0]
    assert calendar(first["before"]) == [] and len(calendar(first["after"])) == 1
    assert calendar(first["after"])[0]["subject"] == "Sync"
    assert [row["name"] for row in first["after"]["employees"]] == [row["name"] for row in first["before"]["employees"]]


def test_the_world_is_reported_even_when_the_program_raises() -> None:
    with Sandbox(SandboxConfig(workers=1, timeout_s=10)) as sandbox:
        (_, verdict), *_ = sandbox.run([Job(TASK, ADDS_THEN_FAILS, capture_world=True)])
    assert verdict.outcome is Outcome.EXECUTION_ERROR and verdict.error_type == "ValueError"
    assert [len(calendar(world["after"])) for world in verdict.world] == [1, 1]  # (both pairs ran)


def test_in_process_evaluation_captures_the_same_way() -> None:
    verdict = Evaluator().evaluate(TASK, ADDS_MEETING, capture_world=True)
    assert len(verdict.world) == 2 and len(calendar(verdict.world[1]["after"])) == 1
