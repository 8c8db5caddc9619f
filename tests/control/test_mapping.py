"""The mapping both ways: simulated world -> control world -> simulated world.

A control program's changes must be stored exactly as the equivalent library
program's are ("twins" below run both on identical worlds and compare the
tables), untouched parts must come back bit for bit, and a malformed world
must be refused as a whole with a message naming the entry and the key.
"""

from __future__ import annotations

import datetime
from typing import Any

import pytest

from aspera_core.library.company_directory import find_employee
from aspera_core.library.exceptions import RequiresUserInput
from aspera_core.library.time_utils import EventFrequency, RepetitionSpec
from aspera_core.library.work_calendar import (
    Event,
    add_event,
    delete_event,
    find_events,
    get_event_instances,
    share_calendar,
)
from aspera_core.world.clock import NOW
from aspera_core.world.state import DatabaseNamespace
from aspera_workbench.control import ControlWorldError, World, build_world

from .support import TOMORROW, at, run_control, run_library, small_world, tables


def ids(world: World, *names: str) -> list[str]:
    by_name = {person["name"]: person["employee_id"] for person in world.employees}
    return [by_name[name] for name in names]


def entry(world: World, subject: str, series: bool | None = None) -> dict[str, Any]:
    """The one calendar entry with ``subject`` (a series, or not a series, when asked)."""
    found = [
        e
        for e in world.calendar
        if e["subject"] == subject
        and (series is None or (e["repeats"] is not None) == series)
        and e["recurrent_event_id"] is None
    ]
    assert len(found) == 1
    return found[0]


def occurrences(world: World, series: dict[str, Any]) -> list[dict[str, Any]]:
    return sorted(
        (e for e in world.calendar if e["recurrent_event_id"] == series["event_id"]), key=lambda e: e["starts_at"]
    )


def library_series() -> Event:
    return next(e for e in find_events(subject="Weekly review") if e.repeats is not None)


# --- simulated -> control ------------------------------------------------------------------


def test_world_holds_everything_a_task_needs_as_plain_data() -> None:
    context = small_world()
    world, _ = build_world(context)
    assert world.now == NOW
    assert (world.work_day_start, world.work_day_end) == (datetime.time(9, 6), datetime.time(17, 10))
    assert [p["employee_id"] for p in world.employees if p["is_user"]] == [world.user_id]
    assert len(world.employees) == len(context.tables[DatabaseNamespace.EMPLOYEES])
    series = entry(world, "Weekly review", series=True)
    assert series["repeats"]["frequency"] == "weekly" and series["repeats"]["max_repetitions"] == 3
    assert [e["starts_at"] for e in occurrences(world, series)] == [
        at(TOMORROW, 11) + datetime.timedelta(weeks=week) for week in range(3)
    ]
    ada, bob = ids(world, "Ada", "Bob")
    assert entry(world, "Sync")["attendees"] == [ada]
    assert set(world.colleague_calendars) == {p["employee_id"] for p in world.employees} - {world.user_id}
    assert [e["subject"] for e in world.colleague_calendars[bob]] == ["Bob's call"]
    assert [(v["employee_id"], v["start"].date()) for v in world.vacations] == [(ada, datetime.date(2024, 6, 28))]
    assert world.rooms == [{"room_name": "Aspen", "capacity": 6}]
    assert world.room_bookings == [{"room_name": "Aspen", "start": at(TOMORROW, 9), "end": at(TOMORROW, 10)}]
    assert world.calendar_shared_with == []
    assert world.RequiresUserInput is RequiresUserInput


def test_world_is_a_copy_that_a_program_cannot_use_to_reach_the_stored_rows() -> None:
    context = small_world()
    before = context.to_dict()
    world, _ = build_world(context)
    world.employees[0]["name"] = "Changed"
    world.calendar[0]["attendees"].append("someone")
    world.colleague_calendars[next(iter(world.colleague_calendars))].clear()
    assert context.to_dict() == before


# --- control -> simulated: nothing changed ---------------------------------------------------


def test_a_program_that_changes_nothing_leaves_every_table_as_it_was() -> None:
    context = small_world()
    before = context.to_dict()
    assert run_control(context, lambda world: 42) == 42
    assert context.to_dict() == before


def test_reordering_the_calendar_or_changing_read_only_parts_changes_nothing() -> None:
    context = small_world()
    before = context.to_dict()

    def program(world: World) -> None:
        world.calendar.sort(key=lambda e: e["starts_at"], reverse=True)
        world.employees.clear()
        world.rooms.append({"room_name": "New room", "capacity": 3})
        world.room_bookings.clear()
        world.vacations.clear()
        world.now = datetime.datetime(2030, 1, 1)

    run_control(context, program)
    assert context.to_dict() == before


# --- control -> simulated: changes are stored as the library stores them ----------------------


def _add_single_library() -> None:
    ada = find_employee("Ada")[0]
    add_event(Event(attendees=[ada], subject="New", starts_at=at(TOMORROW, 13), ends_at=at(TOMORROW, 13, 45)))


def _add_single_control(world: World) -> None:
    world.calendar.append(
        {
            "subject": "New",
            "attendees": ids(world, "Ada"),
            "starts_at": at(TOMORROW, 13),
            "ends_at": at(TOMORROW, 13, 45),
        }
    )


def _move_single_library() -> None:
    sync = find_events(subject="Sync")[0]
    sync.starts_at += datetime.timedelta(days=1)
    sync.ends_at += datetime.timedelta(days=1)
    add_event(sync)


def _move_single_control(world: World) -> None:
    sync = entry(world, "Sync")
    sync["starts_at"] += datetime.timedelta(days=1)
    sync["ends_at"] += datetime.timedelta(days=1)


def _delete_single_library() -> None:
    delete_event(find_events(subject="Retro")[0])


def _delete_single_control(world: World) -> None:
    world.calendar.remove(entry(world, "Retro"))


def _add_series_library() -> None:
    bob = find_employee("Bob")[0]
    rule = RepetitionSpec(frequency=EventFrequency.WEEKLY, which_weekday=[0, 2], max_repetitions=4)
    add_event(Event(attendees=[bob], subject="Twice", starts_at=at(TOMORROW, 8), ends_at=at(TOMORROW, 9), repeats=rule))


def _add_series_control(world: World) -> None:
    world.calendar.append(
        {
            "subject": "Twice",
            "attendees": ids(world, "Bob"),
            "starts_at": at(TOMORROW, 8),
            "ends_at": at(TOMORROW, 9),
            "repeats": {"frequency": "weekly", "which_weekday": [0, 2], "max_repetitions": 4},
        }
    )


def _move_series_library() -> None:
    series = library_series()
    series.starts_at += datetime.timedelta(hours=3)
    series.ends_at += datetime.timedelta(hours=3)
    add_event(series)


def _move_series_control(world: World) -> None:
    series = entry(world, "Weekly review", series=True)
    series["starts_at"] += datetime.timedelta(hours=3)
    series["ends_at"] += datetime.timedelta(hours=3)


def _move_series_and_touch_occurrence_control(world: World) -> None:
    # the series is re-created from its rule, so the occurrence's own edit is dropped
    _move_series_control(world)
    occurrences(world, entry(world, "Weekly review", series=True))[1]["subject"] = "Lost"


def _delete_series_library() -> None:
    delete_event(library_series())


def _delete_series_control(world: World) -> None:
    world.calendar.remove(entry(world, "Weekly review", series=True))


def _delete_occurrence_library() -> None:
    delete_event(get_event_instances(library_series())[1])


def _delete_occurrence_control(world: World) -> None:
    world.calendar.remove(occurrences(world, entry(world, "Weekly review", series=True))[1])


def _change_occurrence_library() -> None:
    occurrence = get_event_instances(library_series())[1]
    occurrence.subject = "Special review"
    add_event(occurrence)


def _change_occurrence_control(world: World) -> None:
    occurrences(world, entry(world, "Weekly review", series=True))[1]["subject"] = "Special review"


def _series_to_single_library() -> None:
    series = library_series()
    series.repeats = None
    add_event(series)


def _series_to_single_control(world: World) -> None:
    entry(world, "Weekly review", series=True)["repeats"] = None


def _share_library() -> None:
    share_calendar([find_employee("Bob")[0], find_employee("Ada")[0]])


def _share_control(world: World) -> None:
    world.calendar_shared_with.extend(ids(world, "Bob", "Ada"))


def _several_library() -> None:
    _delete_single_library()
    _move_single_library()
    _add_single_library()


def _several_control(world: World) -> None:
    _add_single_control(world)
    _delete_single_control(world)
    _move_single_control(world)


@pytest.mark.parametrize(
    ("library_program", "control_program"),
    [
        (_add_single_library, _add_single_control),
        (_move_single_library, _move_single_control),
        (_delete_single_library, _delete_single_control),
        (_add_series_library, _add_series_control),
        (_move_series_library, _move_series_control),
        (_move_series_library, _move_series_and_touch_occurrence_control),
        (_delete_series_library, _delete_series_control),
        (_delete_occurrence_library, _delete_occurrence_control),
        (_change_occurrence_library, _change_occurrence_control),
        (_series_to_single_library, _series_to_single_control),
        (_share_library, _share_control),
        (_several_library, _several_control),
    ],
    ids=lambda function: function.__name__.strip("_").removesuffix("_library").removesuffix("_control"),
)
def test_changes_are_stored_exactly_as_the_equivalent_library_program_stores_them(
    library_program: Any, control_program: Any
) -> None:
    with_library, with_control = small_world(), small_world()
    run_library(with_library, library_program)
    run_control(with_control, control_program)
    assert tables(with_control) == tables(with_library)
    assert tables(with_control) != tables(small_world())


def test_a_new_event_gets_the_library_defaults_and_a_date_means_midnight() -> None:
    context = small_world()
    run_control(
        context,
        lambda world: world.calendar.append({"starts_at": TOMORROW, "ends_at": at(TOMORROW, 8)}),
    )
    row = context.tables[DatabaseNamespace.USER_CALENDAR][-1]
    assert row["starts_at"] == at(TOMORROW, 0)
    assert (row["show_as_status"], row["event_importance"], row["subject"]) == ("busy", "normal", None)
    assert isinstance(row["event_id"], str)


def test_a_hand_back_saves_what_was_changed_before_it_and_raises_the_library_exception() -> None:
    context = small_world()

    def program(world: World) -> None:
        world.calendar.remove(entry(world, "Retro"))
        raise world.RequiresUserInput("Which retro?")

    with pytest.raises(RequiresUserInput, match="Which retro"):
        run_control(context, program)
    with_library = small_world()
    run_library(with_library, _delete_single_library)
    assert tables(context) == tables(with_library)


def test_a_program_error_keeps_its_own_exception_after_saving() -> None:
    context = small_world()

    def program(world: World) -> None:
        _add_single_control(world)
        raise KeyError("oops")

    with pytest.raises(KeyError, match="oops"):
        run_control(context, program)
    assert any(row["subject"] == "New" for row in context.tables[DatabaseNamespace.USER_CALENDAR])


def test_a_malformed_world_left_by_a_failing_program_is_reported_with_the_program_error_as_context() -> None:
    context = small_world()

    def program(world: World) -> None:
        world.calendar.append({"subject": "No times"})
        raise ValueError("first failure")

    with pytest.raises(ControlWorldError) as raised:
        run_control(context, program)
    assert isinstance(raised.value.__context__, ValueError)


def test_interrupts_and_timeouts_pass_through_without_saving() -> None:
    context = small_world()
    before = context.to_dict()

    def program(world: World) -> None:
        _add_single_control(world)
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_control(context, program)
    assert context.to_dict() == before


# --- malformed worlds ---------------------------------------------------------------------


class _HostileValue:
    def __eq__(self, other: object) -> bool:
        raise RuntimeError("no comparisons")

    __hash__ = None  # type: ignore[assignment]


def _new(**changes: Any) -> Any:
    def program(world: World) -> None:
        event = {"subject": "New", "starts_at": at(TOMORROW, 13), "ends_at": at(TOMORROW, 14)}
        event.update(changes)
        world.calendar.append(event)

    return program


def _edit(subject: str, **changes: Any) -> Any:
    def program(world: World) -> None:
        entry(world, subject, series=subject == "Weekly review" or None).update(changes)

    return program


def _replace_calendar(value: Any) -> Any:
    def program(world: World) -> None:
        world.calendar = value

    return program


def _delete_calendar(world: World) -> None:
    del world.calendar


def _duplicate(world: World) -> None:
    world.calendar.append(dict(entry(world, "Sync")))


def _unknown_id(world: World) -> None:
    world.calendar.append({**entry(world, "Sync"), "event_id": "not-an-id"})


def _attendee_not_a_list(world: World) -> None:
    entry(world, "Sync")["attendees"] = ids(world, "Ada")[0]


def _withdraw(world: World) -> None:
    world.calendar_shared_with.clear()


def _share_unknown(world: World) -> None:
    world.calendar_shared_with.append("nobody")


def _share_handle(world: World) -> None:
    world.calendar_shared_with.append(world.employees[0])


def _hostile(world: World) -> None:
    entry(world, "Sync")["notes"] = _HostileValue()


MALFORMED = {
    "calendar_not_a_list": (_replace_calendar(None), "world.calendar must be a list"),
    "calendar_deleted": (_delete_calendar, "world.calendar is missing"),
    "entry_not_a_dict": (_replace_calendar(["Sync at 10"]), "expected an event dict"),
    "unknown_key": (_new(start=at(TOMORROW, 13)), "unknown key 'start'"),
    "missing_start": (_new(starts_at=None), "'starts_at' is required"),
    "missing_end_of_new_event": (
        lambda world: world.calendar.append({"starts_at": at(TOMORROW, 9)}),
        "'ends_at' is required",
    ),
    "start_as_text": (_new(starts_at="2024-06-26 13:00"), "['starts_at']: expected a datetime.datetime"),
    "start_with_time_zone": (
        _new(starts_at=datetime.datetime(2024, 6, 26, 13, tzinfo=datetime.UTC)),
        "without a time zone",
    ),
    "subject_not_text": (_new(subject=42), "['subject']: expected a str or None, got int 42"),
    "attendees_not_a_list": (_attendee_not_a_list, "['attendees']: expected a list or None"),
    "attendee_not_an_id": (_new(attendees=[7]), "item 0: expected an employee_id"),
    "unknown_attendee": (_new(attendees=["ghost"]), "no employee has the id 'ghost'"),
    "bad_status": (_new(show_as_status="Busy"), "['show_as_status']: expected one of 'busy'"),
    "bad_importance": (_new(event_importance="urgent"), "['event_importance']"),
    "event_id_not_text": (_new(event_id=5), "['event_id']: expected a str or None"),
    "unknown_event_id": (_unknown_id, "no event has the id 'not-an-id'"),
    "duplicate_event_id": (_duplicate, "is also the id of world.calendar"),
    "rule_not_a_dict": (_new(repeats="weekly"), "['repeats']: expected a dict"),
    "rule_without_frequency": (_new(repeats={"max_repetitions": 3}), "['frequency']: is required"),
    "rule_bad_frequency": (_new(repeats={"frequency": "WEEKLY"}), "['frequency']: expected one of"),
    "rule_unknown_key": (_new(repeats={"frequency": "weekly", "count": 3}), "unknown key 'count'"),
    "rule_both_ends": (
        _new(repeats={"frequency": "weekly", "max_repetitions": 3, "recurs_until": TOMORROW}),
        "not both",
    ),
    "rule_bad_weekday": (_new(repeats={"frequency": "weekly", "which_weekday": [7]}), "from 0 to 6"),
    "rule_period_zero": (_new(repeats={"frequency": "weekly", "period": 0}), "['period']: expected an int from 1"),
    "changed_series_bad_rule": (_edit("Weekly review", repeats={"frequency": "fortnightly"}), "['frequency']"),
    "changed_event_bad_end": (_edit("Sync", ends_at="later"), "['ends_at']"),
    "access_withdrawn": (None, "access cannot be withdrawn"),
    "share_unknown_id": (_share_unknown, "no employee has the id 'nobody'"),
    "share_not_an_id": (_share_handle, "expected an employee_id (str), got dict"),
    "hostile_value": (_hostile, "cannot be read back: RuntimeError"),
}


@pytest.mark.parametrize("case", sorted(MALFORMED))
def test_a_malformed_world_is_refused_whole_with_a_message_naming_the_place(case: str) -> None:
    program, fragment = MALFORMED[case]
    context = small_world()
    if case == "access_withdrawn":
        with_sharing = small_world()
        run_control(with_sharing, _share_control)
        context, program = with_sharing, _withdraw
    before = context.to_dict()

    def with_a_valid_change_first(world: World) -> None:
        _add_single_control(world)
        program(world)

    with pytest.raises(ControlWorldError) as raised:
        run_control(context, with_a_valid_change_first)
    assert fragment in str(raised.value)
    assert context.to_dict() == before, "nothing may be stored when the world is malformed"
