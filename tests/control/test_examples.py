"""The prompts' worked examples: each control translation does exactly what its library original does.

The library examples (data/prompts/examples.py) and their translations
(data/prompts/examples_control.py) run on identical worlds, each example on
worlds where it acts or answers and on worlds where it must hand back; the
outcome (the answer, or the exception and its message) and every stored table
must be the same.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from aspera_core.executor import NamespaceTemplates
from aspera_core.library.company_directory import find_employee, find_manager_of, get_current_user
from aspera_core.library.time_utils import EventFrequency, RepetitionSpec, TimeInterval
from aspera_core.library.work_calendar import Event
from aspera_core.tasks import function_name
from aspera_core.tools.setup.company_directory import simulate_org_structure
from aspera_core.tools.setup.room_booking import simulate_conference_room
from aspera_core.tools.setup.work_calendar import simulate_user_calendar
from aspera_core.world.state import ExecutionContext, new_context
from aspera_workbench.agents.agent_prompts import PromptFiles

from .support import TOMORROW, YESTERDAY, at, run_control, run_library, tables

PROMPTS = Path(__file__).resolve().parents[2] / "data" / "prompts"
APPS = ["exceptions", "time_utils", "company_directory", "work_calendar", "room_booking"]
NEXT_MONDAY = datetime.date(2024, 7, 1)

World = Callable[[], None]


def build(setup: World) -> ExecutionContext:
    context = ExecutionContext()
    with new_context(context):
        setup()
    return context


def person(name: str) -> Any:
    (found,) = find_employee(name)
    return found


def event(subject: str, start: datetime.datetime, minutes: int = 60, **fields: Any) -> Event:
    return Event(subject=subject, starts_at=start, ends_at=start + datetime.timedelta(minutes=minutes), **fields)


# --- worlds, per example: (name, setup, what must happen) --------------------------------------


def ulla_once() -> None:
    simulate_org_structure(["Ulla Berg", "Tom"])


def ulla_twice() -> None:
    simulate_org_structure(["Ulla Berg", "Ulla Stone", "Tom"])


def managers_meetings() -> None:
    simulate_org_structure(["Ada", "Bea", "Cy", "Dee"], user_name="Cy", user_role="COO")
    manager = find_manager_of(get_current_user())
    other = person("Dee")
    simulate_user_calendar(
        [
            event("Past, this week", at(YESTERDAY, 10), attendees=[manager]),
            event("Tomorrow", at(TOMORROW, 10), attendees=[manager, other]),
            event("Without the manager", at(TOMORROW, 12), attendees=[other]),
            event(
                "Sunday, the last day of this week",
                at(NEXT_MONDAY - datetime.timedelta(days=1), 9),
                attendees=[manager],
            ),
            event("Next week", at(NEXT_MONDAY, 9), attendees=[manager]),
            # a weekly series: one occurrence this week, whichever view of it is counted
            event(
                "Weekly",
                at(TOMORROW, 15),
                attendees=[manager],
                repeats=RepetitionSpec(frequency=EventFrequency.WEEKLY, max_repetitions=3),
            ),
        ]
    )


def no_manager() -> None:
    simulate_org_structure(["Ada", "Bea"], user_name="Cy", user_role="CEO")
    simulate_user_calendar([event("Board", at(TOMORROW, 10), attendees=[person("Ada")])])


def one_to_ones() -> None:
    simulate_org_structure(["Bo Lind", "Eve"])
    bo, eve = person("Bo Lind"), person("Eve")
    simulate_user_calendar(
        [
            event("1:1", at(TOMORROW, 15), 30, attendees=[bo]),
            event("1:1 later", at(NEXT_MONDAY, 15), 30, attendees=[bo]),
            event("1:1 past", at(YESTERDAY, 15), 30, attendees=[bo]),
            event("Three of us", at(TOMORROW, 9, 30), attendees=[bo, eve]),
        ]
    )


def no_one_to_one() -> None:
    simulate_org_structure(["Bo Lind", "Eve"])
    simulate_user_calendar([event("Three of us", at(TOMORROW, 9, 30), attendees=[person("Bo Lind"), person("Eve")])])


def rooms_partly_booked() -> None:
    simulate_org_structure(["Priya Nair", "Omar Haddad"])
    simulate_conference_room("Atrium", 10, {TOMORROW: [TimeInterval(at(TOMORROW, 12), at(TOMORROW, 17, 10))]})
    simulate_conference_room("Small", 4)
    simulate_conference_room("Garden", 8, {TOMORROW: [TimeInterval(at(TOMORROW, 12), at(TOMORROW, 15))]})


def rooms_too_small() -> None:
    simulate_org_structure(["Priya Nair", "Omar Haddad"])
    simulate_conference_room("Small", 4)


def planning(count: int) -> World:
    def setup() -> None:
        simulate_org_structure(["Ann"])
        simulate_user_calendar(
            [event("Quarterly planning", at(TOMORROW + datetime.timedelta(days=i), 9, 30), 30) for i in range(count)]
            + [event("Quarterly planning", at(YESTERDAY, 9, 30), 30), event("Lunch", at(TOMORROW, 12))]
        )

    return setup


ACTS, ANSWERS, HANDS_BACK = "acts", "answers", "hands back"
WORLDS: dict[str, list[tuple[str, World, str]]] = {
    "book_budget_review_with_ulla": [("one Ulla", ulla_once, ACTS), ("two Ullas", ulla_twice, HANDS_BACK)],
    "count_meetings_with_my_manager_this_week": [
        ("a manager", managers_meetings, ANSWERS),
        ("no manager", no_manager, ANSWERS),
    ],
    "move_next_one_to_one_with_bo_to_friday": [
        ("one-to-ones", one_to_ones, ACTS),
        ("no one-to-one", no_one_to_one, HANDS_BACK),
    ],
    "book_room_for_project_review_tomorrow_afternoon": [
        ("a room free at 3 PM", rooms_partly_booked, ACTS),
        ("rooms too small", rooms_too_small, HANDS_BACK),
    ],
    "cancel_quarterly_planning_meeting": [
        ("one meeting", planning(1), ACTS),
        ("two meetings", planning(2), HANDS_BACK),
        ("no meeting", planning(0), HANDS_BACK),
    ],
}


@pytest.fixture(scope="module")
def files() -> PromptFiles:
    return PromptFiles.load()


def _function(source: str, namespace: dict[str, Any]) -> Any:
    exec(compile(source, "<example>", "exec"), namespace)
    return namespace[function_name(source)]


def _outcome(run: Any, context: ExecutionContext, function: Any) -> tuple[str, Any]:
    try:
        return "returned", run(context, function)
    except Exception as error:  # a hand-back is an outcome like any other here
        return type(error).__name__, str(error)


CASES = [(name, label, setup, expected) for name, worlds in WORLDS.items() for label, setup, expected in worlds]


@pytest.mark.parametrize(("name", "label", "setup", "expected"), CASES, ids=[f"{c[0]}-{c[1]}" for c in CASES])
def test_the_translation_does_what_the_library_example_does(
    files: PromptFiles, name: str, label: str, setup: World, expected: str
) -> None:
    index = [function_name(source) for source in files.examples].index(name)
    library = _function(files.examples[index], NamespaceTemplates().program(SimpleNamespace(apps=APPS)))
    control = _function(files.control_examples[index], {})
    with_library, with_control, untouched = build(setup), build(setup), build(setup)
    library_outcome = _outcome(run_library, with_library, library)
    control_outcome = _outcome(run_control, with_control, control)
    assert control_outcome == library_outcome
    assert tables(with_control) == tables(with_library)
    # the world makes the example do what it is there for
    if expected == HANDS_BACK:
        assert library_outcome[0] == "RequiresUserInput" and tables(with_library) == tables(untouched)
    else:
        assert library_outcome[0] == "returned"
        changed = tables(with_library) != tables(untouched)
        assert changed if expected == ACTS else not changed


def test_every_example_is_translated_and_checked(files: PromptFiles) -> None:
    names = [function_name(source) for source in files.examples]
    assert names == [function_name(source) for source in files.control_examples] == list(WORLDS)
    for source in files.control_examples:
        assert "(world)" in source.splitlines()[0]


def _calendar(context: ExecutionContext, subject: str) -> list[tuple[str, str]]:
    return [(e["starts_at"], e["ends_at"]) for e in context.to_dict()["user_calendar"] if e["subject"] == subject]


def test_the_examples_do_what_their_queries_ask(files: PromptFiles) -> None:
    """Spot checks beyond doing the same in both settings: the right count, room, time."""
    control = {function_name(source): _function(source, {}) for source in files.control_examples}
    assert run_control(build(managers_meetings), control["count_meetings_with_my_manager_this_week"]) == 4
    assert run_control(build(no_manager), control["count_meetings_with_my_manager_this_week"]) == 0
    context = build(rooms_partly_booked)
    assert run_control(context, control["book_room_for_project_review_tomorrow_afternoon"]) == "Garden"
    assert _calendar(context, "Project review") == [("2024-06-26T15:00:00", "2024-06-26T16:00:00")]
    context = build(one_to_ones)
    run_control(context, control["move_next_one_to_one_with_bo_to_friday"])
    assert _calendar(context, "1:1") == [("2024-06-28T15:00:00", "2024-06-28T15:30:00")]
    context = build(ulla_once)
    run_control(context, control["book_budget_review_with_ulla"])
    assert _calendar(context, "Budget review") == [("2024-06-26T10:00:00", "2024-06-26T10:30:00")]
