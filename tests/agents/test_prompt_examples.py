"""The worked examples shown to models are correct programs: each one, run in a small world, does what its query asks."""

from __future__ import annotations

import ast
import datetime
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from aspera_core.library import company_directory, room_booking, time_utils, work_calendar
from aspera_core.library.exceptions import RequiresUserInput
from aspera_core.tools.setup.company_directory import simulate_org_structure
from aspera_core.tools.setup.room_booking import simulate_conference_room
from aspera_core.tools.setup.work_calendar import simulate_user_calendar
from aspera_core.world.state import ExecutionContext, new_context

PROMPTS = Path(__file__).resolve().parents[2] / "data" / "prompts"
EXAMPLES = PROMPTS / "examples.py"


def namespace() -> dict[str, Any]:
    names: dict[str, Any] = {}
    for module in (time_utils, company_directory, work_calendar, room_booking):
        names.update({k: v for k, v in vars(module).items() if not k.startswith("_")})
    names["RequiresUserInput"] = RequiresUserInput
    exec(compile(EXAMPLES.read_text(), str(EXAMPLES), "exec"), names)
    return names


def run(name: str, setup: Callable[[], None]) -> tuple[Any, list[work_calendar.Event]]:
    names = namespace()
    with new_context(ExecutionContext()):
        setup()
        result = names[name]()
        return result, work_calendar.find_events()


def at(day: datetime.date, hour: int, minute: int = 0) -> datetime.datetime:
    return datetime.datetime.combine(day, datetime.time(hour, minute))


TODAY = datetime.date(2024, 6, 25)
TOMORROW = TODAY + datetime.timedelta(days=1)


def person(name: str) -> company_directory.Employee:
    return company_directory.find_employee(name)[0]


def test_the_examples_file_holds_five_documented_zero_argument_functions() -> None:
    tree = ast.parse(EXAMPLES.read_text())
    functions = [node for node in tree.body if isinstance(node, ast.FunctionDef)]
    assert len(functions) == 5
    for function in functions:
        assert not function.args.args
        assert (ast.get_docstring(function) or "").startswith("Query: ")
    guidelines = yaml.safe_load((PROMPTS / "guidelines.yaml").read_text())
    assert len(guidelines["program"]) == 10 and len(guidelines["selection"]) == 3


def test_book_budget_review() -> None:
    _, events = run("book_budget_review_with_ulla", lambda: simulate_org_structure(["Ulla Berg", "Tom"]))
    (event,) = events
    assert (event.subject, event.starts_at, event.ends_at) == ("Budget review", at(TOMORROW, 10), at(TOMORROW, 10, 30))
    assert [a.name for a in event.attendees] == ["Ulla Berg"]


def test_count_meetings_with_manager() -> None:
    def setup() -> None:
        simulate_org_structure(["Ada", "Bea", "Cy", "Dee"], user_name="Cy", user_role="COO")
        manager = company_directory.find_manager_of(company_directory.get_current_user())
        other = person("Dee")
        monday = TODAY - datetime.timedelta(days=1)
        simulate_user_calendar(
            [
                work_calendar.Event(subject="A", attendees=[manager], starts_at=at(monday, 10), ends_at=at(monday, 11)),
                work_calendar.Event(
                    subject="B", attendees=[manager, other], starts_at=at(TOMORROW, 10), ends_at=at(TOMORROW, 11)
                ),
                work_calendar.Event(
                    subject="C", attendees=[other], starts_at=at(TOMORROW, 12), ends_at=at(TOMORROW, 13)
                ),
                work_calendar.Event(
                    subject="D",
                    attendees=[manager],
                    starts_at=at(TODAY + datetime.timedelta(days=7), 9),
                    ends_at=at(TODAY + datetime.timedelta(days=7), 10),
                ),
            ]
        )

    result, _ = run("count_meetings_with_my_manager_this_week", setup)
    assert result == 2


def test_move_one_to_one() -> None:
    def setup() -> None:
        simulate_org_structure(["Bo Lind", "Eve"])
        bo = person("Bo Lind")
        simulate_user_calendar(
            [
                work_calendar.Event(
                    subject="1:1", attendees=[bo], starts_at=at(TOMORROW, 15), ends_at=at(TOMORROW, 15, 30)
                )
            ]
        )

    _, events = run("move_next_one_to_one_with_bo_to_friday", setup)
    (event,) = events
    friday = datetime.date(2024, 6, 28)
    assert (event.starts_at, event.ends_at) == (at(friday, 15), at(friday, 15, 30))


def test_book_room() -> None:
    def setup() -> None:
        simulate_org_structure(["Priya Nair", "Omar Haddad"])
        simulate_conference_room("Small", 4)
        simulate_conference_room("Garden", 8)

    room, events = run("book_room_for_project_review_tomorrow_afternoon", setup)
    (event,) = events
    assert room == "Garden" and event.location == "Garden"
    assert event.ends_at - event.starts_at == datetime.timedelta(hours=1) and event.starts_at.date() == TOMORROW
    assert sorted(a.name for a in event.attendees) == ["Omar Haddad", "Priya Nair"]


def test_cancel_meeting_and_hand_back_when_ambiguous() -> None:
    def setup(count: int) -> Callable[[], None]:
        def build() -> None:
            simulate_org_structure(["Ann"])
            simulate_user_calendar(
                [
                    work_calendar.Event(
                        subject="Quarterly planning",
                        starts_at=at(TOMORROW + datetime.timedelta(days=i), 9, 30),
                        ends_at=at(TOMORROW + datetime.timedelta(days=i), 10),
                    )
                    for i in range(count)
                ]
                + [work_calendar.Event(subject="Lunch", starts_at=at(TOMORROW, 12), ends_at=at(TOMORROW, 13))]
            )

        return build

    _, events = run("cancel_quarterly_planning_meeting", setup(1))
    assert [e.subject for e in events] == ["Lunch"]
    with pytest.raises(RequiresUserInput, match="several"):
        run("cancel_quarterly_planning_meeting", setup(2))
