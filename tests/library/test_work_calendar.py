"""Behaviour of the work calendar (spec: assistant-library.md, sections 6 and 8)."""

import datetime
import logging
import types
from types import SimpleNamespace

import pytest
from beartype.roar import BeartypeCallHintForwardRefException, BeartypeCallHintParamViolation
from pydantic import ValidationError
from pydantic_core import PydanticSerializationError

from aspera_core.library import _rows, company_directory, time_utils
from aspera_core.library import work_calendar as wc
from aspera_core.library.company_directory import Employee, find_employee, get_current_user
from aspera_core.library.exceptions import EventDefinitionError, SearchError
from aspera_core.library.files import Document
from aspera_core.library.time_utils import Duration, EventFrequency, RepetitionSpec, TimeInterval, TimeUnits
from aspera_core.library.work_calendar import (
    CalendarSearchSettings,
    Event,
    ShowAsStatus,
    add_event,
    delete_event,
    expand_to_instances,
    find_available_slots,
    find_events,
    find_past_events,
    get_calendar,
    get_default_preparation_time,
    get_event_by_id,
    get_event_ids,
    get_event_instances,
    get_search_settings,
    provide_event_details,
    share_calendar,
    summarise_calendar,
    validate_starts_at,
)
from aspera_core.tools.setup.company_directory import simulate_org_structure
from aspera_core.tools.setup.work_calendar import simulate_employee_calendar
from aspera_core.world.errors import ComputeError, NoDataError
from aspera_core.world.state import DatabaseNamespace, ExecutionContext, new_context

NOW = datetime.datetime(2024, 6, 25, 9, 6)


def at(day, hour, minute=0):
    """A datetime in June 2024 (days 8-30) or July 2024 (days 1-7)."""
    month = 6 if day > 7 else 7
    return datetime.datetime(2024, month, day, hour, minute)


def weekly(**options):
    return RepetitionSpec(frequency=EventFrequency.WEEKLY, **options)


def daily(**options):
    return RepetitionSpec(frequency=EventFrequency.DAILY, **options)


@pytest.fixture
def world():
    with new_context(ExecutionContext()) as context:
        yield context


@pytest.fixture
def people(world):
    simulate_org_structure(["Ottilie", "Bartholomew", "Xiomara", "Quentin"])
    return SimpleNamespace(
        ott=find_employee("Ottilie")[0],
        bart=find_employee("Bartholomew")[0],
        xio=find_employee("Xiomara")[0],
        que=find_employee("Quentin")[0],
        context=world,
    )


def subjects(events):
    return [event.subject for event in events]


def user_rows(context):
    return context.get_database(DatabaseNamespace.USER_CALENDAR)


# --- Constants and small types --------------------------------------------------------------


def test_constants():
    assert wc.DEFAULT_EVENT_DURATION_MINUTES == 16
    assert wc.EventId is str
    assert wc.EMPLOYEE_FIELDS == (
        "attendees",
        "attendees_to_avoid",
        "optional_attendees",
        "declined_by",
        "tentative_attendees",
    )
    assert wc.ID_FIELDS == ("event_id", "recurrent_event_id")
    assert wc.STRUCT_FIELDS == ("repeats", "attachments")


def test_show_as_status_values():
    assert [(s.name, s.value) for s in ShowAsStatus] == [
        ("Busy", "busy"),
        ("OutOfOffice", "outofoffice"),
        ("Free", "free"),
    ]
    assert ShowAsStatus.Free == "free"


def test_calendar_search_settings_is_a_named_tuple():
    settings = CalendarSearchSettings(datetime.time(8), datetime.time(18, 30))
    assert settings._fields == ("earliest_free_slot_start", "latest_free_slot_finish")
    assert settings.latest_free_slot_finish == datetime.time(18, 30)
    assert tuple(settings) == (datetime.time(8), datetime.time(18, 30))


def test_default_preparation_time_is_thirty_int_minutes():
    prep = get_default_preparation_time()
    assert prep == Duration(30, TimeUnits.Minutes)
    assert type(prep.number) is int


# --- Event ----------------------------------------------------------------------------------


def test_event_defaults_and_field_order():
    event = Event()
    assert list(Event.model_fields) == [
        "attendees",
        "attendees_to_avoid",
        "optional_attendees",
        "declined_by",
        "tentative_attendees",
        "subject",
        "location",
        "starts_at",
        "ends_at",
        "show_as_status",
        "event_importance",
        "repeats",
        "notes",
        "video_link",
        "attachments",
        "event_id",
        "recurrent_event_id",
        "original_starts_at",
    ]
    assert event.show_as_status is ShowAsStatus.Busy
    assert event.event_importance == "normal"
    assert all(getattr(event, f) is None for f in Event.model_fields if f not in ("show_as_status", "event_importance"))


def test_event_coerces_lax_input_and_ignores_unknown_keywords():
    event = Event(
        subject="Kiln",
        starts_at="2024-07-02T08:15:00",
        ends_at=datetime.date(2024, 7, 3),
        original_starts_at=datetime.date(2024, 7, 1),
        show_as_status="outofoffice",
        event_importance="high",
        colour="teal",
        repeats={"frequency": "daily", "max_repetitions": 2},
    )
    assert event.starts_at == datetime.datetime(2024, 7, 2, 8, 15)
    assert event.ends_at == datetime.datetime(2024, 7, 3, 0, 0)
    assert type(event.ends_at) is datetime.datetime
    assert event.original_starts_at == datetime.datetime(2024, 7, 1)
    assert event.show_as_status is ShowAsStatus.OutOfOffice
    assert event.repeats == RepetitionSpec(frequency=EventFrequency.DAILY, max_repetitions=2)
    assert not hasattr(event, "colour")


def test_event_keeps_the_given_repetition_spec_object():
    spec = weekly(max_repetitions=3)
    assert Event(subject="x", starts_at=at(27, 10), repeats=spec).repeats is spec


def test_event_builds_employees_from_mappings():
    event = Event(attendees=[{"name": "Ottilie", "employee_id": "abc"}])
    assert event.attendees == [Employee(name="Ottilie", employee_id="abc")]


def test_event_rejects_names_for_employees():
    with pytest.raises(ValidationError) as error:
        Event(attendees=["Ottilie"])
    assert error.value.errors()[0]["type"] == "SolutionError"
    assert "find_employee" in str(error.value)


def test_event_rejects_unknown_importance_and_positional_arguments():
    with pytest.raises(ValidationError, match="event_importance"):
        Event(event_importance="urgent")
    with pytest.raises(TypeError, match="positional argument"):
        Event("Kiln")


def test_event_assignment_is_not_validated():
    event = Event(subject="Tea")
    event.starts_at = "not a datetime"
    assert event.starts_at == "not a datetime"


def test_duration_is_float_minutes():
    assert Event(starts_at=at(27, 10), ends_at=at(27, 11, 45)).duration == Duration(105.0, TimeUnits.Minutes)
    duration = Event(starts_at=at(27, 10), ends_at=at(28, 10)).duration
    assert duration.number == 1440.0 and type(duration.number) is float
    with pytest.raises(TypeError, match="unsupported operand"):
        _ = Event(subject="No times").duration


def test_equality_ignores_people_order_but_not_duplicates_none_or_ids(people):
    ott, bart = people.ott, people.bart
    a = Event(attendees=[ott, bart], subject="Glaze", starts_at=at(27, 10))
    assert a == Event(attendees=[bart, ott], subject="Glaze", starts_at=at(27, 10))
    assert a != Event(attendees=[bart, ott, ott], subject="Glaze", starts_at=at(27, 10))
    assert Event(attendees=[], subject="Glaze") != Event(subject="Glaze")
    assert Event(subject="Glaze") == Event(subject="Glaze")
    assert a != Event(attendees=[ott, bart], subject="Glaze", starts_at=at(27, 10), event_id="other")
    assert a != Event(attendees=[ott, bart], subject="Glaze", starts_at=at(27, 10), original_starts_at=at(26, 10))
    assert Event(attendees=[ott, bart], subject="Glaze", starts_at=at(27, 10)) in [Event(subject="x"), a]


def test_equality_with_another_type_is_a_type_error():
    with pytest.raises(BeartypeCallHintParamViolation, match="parameter other="):
        Event(subject="x") == "x"  # noqa: B015


def test_events_are_unhashable():
    with pytest.raises(TypeError, match="unhashable"):
        hash(Event(subject="x"))


def test_str_formats(people):
    ott, bart, xio, que = people.ott, people.bart, people.xio, people.que
    cases = [
        (
            Event(subject="Glaze test", attendees=[xio, ott], starts_at=at(27, 10), ends_at=at(27, 11)),
            "'Glaze test' with Xiomara, Ottilie starting at: 2024-06-27 10:00:00 for 1 hours",
        ),
        (
            Event(subject="Glaze test", starts_at=at(27, 10), ends_at=at(27, 11)),
            "'Glaze test' starting at: 2024-06-27 10:00:00, ending at 2024-06-27 11:00:00",
        ),
        (
            Event(attendees=[ott, bart], starts_at=at(27, 10), ends_at=at(27, 10), location="Annex"),
            "Meeting with Ottilie, Bartholomew starting at: 2024-06-27 10:00:00 for less than a minute (location: Annex)",
        ),
        (
            Event(subject="", attendees=[], starts_at=at(27, 10), ends_at=at(27, 10, 45)),
            "Meeting with None starting at: 2024-06-27 10:00:00 for 45 minutes",
        ),
        (
            Event(subject="Overnight", attendees=[que], starts_at=at(27, 20), ends_at=at(28, 22, 5)),
            "'Overnight' with Quentin starting at: 2024-06-27 20:00:00 for 26 hours and 5 minutes",
        ),
        (
            Event(subject="Unbounded", attendees=[que], starts_at=at(27, 20)),
            "'Unbounded' with Quentin starting at: 2024-06-27 20:00:00 for N/A",
        ),
        (Event(), "Meeting with None starting at: N/A for N/A"),
        (
            Event(subject="Moved", attendees=[que], starts_at=at(27, 9), ends_at=at(27, 10, 30), location=""),
            "'Moved' with Quentin starting at: 2024-06-27 09:00:00 for 1 hours and 30 minutes (location: )",
        ),
        (
            Event(
                subject="Seconds",
                attendees=[que],
                starts_at=at(27, 9),
                ends_at=datetime.datetime(2024, 6, 27, 9, 0, 59),
            ),
            "'Seconds' with Quentin starting at: 2024-06-27 09:00:00 for less than a minute",
        ),
        (
            Event(subject="Short", attendees=[ott], starts_at=at(27, 9), ends_at=at(27, 9, 59)),
            "'Short' with Ottilie starting at: 2024-06-27 09:00:00 for 59 minutes",
        ),
    ]
    for event, expected in cases:
        assert str(event) == expected


def test_model_dump_stores_people_as_name_sorted_ids(people):
    event = Event(
        attendees=[people.xio, people.ott, people.que], declined_by=[], subject="S", repeats=daily(max_repetitions=2)
    )
    dumped = event.model_dump()
    assert dumped["attendees"] == [people.ott.employee_id, people.que.employee_id, people.xio.employee_id]
    assert dumped["declined_by"] == []
    assert dumped["optional_attendees"] is None
    assert isinstance(dumped["repeats"], dict)
    assert list(dumped) == list(Event.model_fields)
    assert event.serialise_attendees([people.que, people.bart]) == [people.bart.employee_id, people.que.employee_id]
    assert event.serialise_attendees(None) is None


def test_from_dict_rebuilds_people_and_empty_structs(people):
    row = {
        "attendees": [people.bart.employee_id, people.ott.employee_id],
        "subject": "Row",
        "starts_at": at(27, 10),
        "repeats": {"frequency": None, "period": None},
        "calendar_id": "ignored",
    }
    event = Event.from_dict(row)
    assert event.attendees == [people.bart, people.ott]
    assert event.repeats is None
    assert event.subject == "Row"


def test_from_dict_unknown_employee_id_is_an_assertion_error(people):
    with pytest.raises(AssertionError):
        Event.from_dict({"attendees": ["nobody"], "subject": "x"})


def test_from_dict_cannot_read_attachments(people):
    with pytest.raises(AttributeError, match="has no attribute"):
        Event.from_dict({"subject": "x", "attachments": [Document(title="Sketch").model_dump()]})


# --- add_event ------------------------------------------------------------------------------


def test_add_event_assigns_id_and_default_end_on_the_passed_object(people, caplog):
    event = Event(subject="Glaze", attendees=[people.ott], starts_at=at(27, 10))
    with caplog.at_level(logging.WARNING, logger=wc.__name__):
        returned = add_event(event)
    assert returned == event.event_id and isinstance(returned, str)
    assert event.ends_at == at(27, 10, 16)
    assert find_events() == [event]
    assert any(record.levelno == logging.WARNING for record in caplog.records)


def test_add_event_keeps_given_end_without_warning(people, caplog):
    event = Event(subject="Glaze", starts_at=at(27, 10), ends_at=at(27, 12, 30))
    with caplog.at_level(logging.WARNING, logger=wc.__name__):
        add_event(event)
    assert find_events()[0].ends_at == at(27, 12, 30)
    assert not caplog.records


def test_add_event_errors(people):
    with pytest.raises(TypeError, match="Could not schedule event without start time"):
        add_event(Event(subject="Nowhere"))
    with pytest.raises(EventDefinitionError, match="Start time is required"):
        add_event(Event(subject="Loose", repeats=daily()))
    with pytest.raises(BeartypeCallHintParamViolation, match="parameter event="):
        add_event({"subject": "dict"})
    assert user_rows(people.context) == []


def test_event_with_only_an_end_is_stored_without_start(people):
    event_id = add_event(Event(subject="Ends only", ends_at=at(27, 10)))
    stored = get_event_by_id(event_id)
    assert stored.starts_at is None and stored.ends_at == at(27, 10)
    add_event(Event(subject="Ordinary", starts_at=at(28, 10)))
    with pytest.raises(TypeError, match="not supported between"):
        find_events()


def test_saving_again_updates_in_place(people):
    event = Event(subject="Glaze", attendees=[people.ott], starts_at=at(27, 10))
    first = add_event(event)
    event.subject = "Glaze (moved)"
    event.starts_at = at(28, 15)
    assert add_event(event) == first
    assert subjects(find_events()) == ["Glaze (moved)"]
    assert len(get_event_ids()) == 1


def test_updating_a_found_event(people):
    add_event(Event(subject="Kiln", attendees=[people.bart], starts_at=at(28, 9), ends_at=at(28, 10)))
    found = find_events()[0]
    found.attendees = found.attendees + [people.que]
    add_event(found)
    assert [p.name for p in find_events()[0].attendees] == ["Bartholomew", "Quentin"]
    assert len(get_event_ids()) == 1


def test_existing_id_without_end_is_stored_without_end(people):
    add_event(Event(subject="Glaze", starts_at=at(27, 10), ends_at=at(27, 11)))
    stored = find_events()[0]
    stored.ends_at = None
    add_event(stored)
    assert find_events()[0].ends_at is None


def test_event_with_foreign_id_is_inserted_with_its_id(people):
    simulate_employee_calendar(people.ott, [Event(subject="Class", starts_at=at(29, 10), ends_at=at(29, 12))])
    borrowed = get_calendar(people.ott)[0]
    add_event(borrowed)
    assert find_events()[0].event_id == borrowed.event_id
    assert get_calendar(people.ott) == [borrowed]


def test_identical_new_events_are_both_stored(people):
    first, second = Event(subject="Tea", starts_at=at(26, 15)), Event(subject="Tea", starts_at=at(26, 15))
    add_event(first)
    add_event(second)
    assert len(find_events()) == 2 and first.event_id != second.event_id


def test_overlapping_events_are_not_rejected(people):
    add_event(Event(subject="A", starts_at=at(27, 10), ends_at=at(27, 11), location="Room 1"))
    add_event(Event(subject="B", starts_at=at(27, 10), ends_at=at(27, 11), location="Room 1"))
    assert subjects(find_events()) == ["A", "B"]


def test_recurring_event_is_stored_as_series_plus_occurrences(people):
    parent = Event(
        subject="Throwing",
        attendees=[people.bart],
        starts_at=at(27, 16),
        ends_at=at(27, 17),
        repeats=weekly(max_repetitions=3),
    )
    add_event(parent)
    rows = user_rows(people.context)
    assert [row["recurrent_event_id"] for row in rows] == [None] + [parent.event_id] * 3
    instances = get_event_instances(parent)
    assert [i.starts_at for i in instances] == [at(27, 16), at(4, 16), datetime.datetime(2024, 7, 11, 16)]
    for instance in instances:
        assert instance.repeats is None
        assert instance.recurrent_event_id == parent.event_id
        assert instance.original_starts_at == at(27, 16)
        assert instance.duration == Duration(60.0, TimeUnits.Minutes)
        assert instance.attendees == [people.bart]
    assert find_events() == [parent]
    assert len(get_event_ids()) == 4


def test_recurs_until_is_rewritten_on_caller_spec_and_stored(people):
    spec = daily(recurs_until=datetime.date(2024, 7, 1))
    add_event(Event(subject="Stand-up", starts_at=at(26, 9, 15), ends_at=at(26, 9, 30), repeats=spec))
    assert spec.recurs_until == datetime.datetime(2024, 7, 1, 9, 15)
    stored = find_events()[0]
    assert stored.repeats.recurs_until == datetime.datetime(2024, 7, 1, 9, 15)
    assert len(get_event_instances(stored)) == 6


def test_open_ended_series_gets_23_occurrences_and_default_end(people):
    parent = Event(subject="Clean-up", starts_at=at(28, 16), repeats=weekly())
    add_event(parent)
    instances = get_event_instances(parent)
    assert len(instances) == 23
    assert instances[-1].starts_at == datetime.datetime(2024, 11, 29, 16)
    assert instances[0].ends_at == parent.ends_at == at(28, 16, 16)


def test_by_rules_can_move_the_first_occurrence(people):
    parent = Event(
        subject="Slip",
        starts_at=at(25, 14),
        ends_at=at(25, 15),
        repeats=weekly(which_weekday=[0, 2], max_repetitions=3),
    )
    add_event(parent)
    assert [i.starts_at for i in get_event_instances(parent)] == [at(26, 14), at(1, 14), at(3, 14)]
    assert [e.starts_at for e in find_events()] == [at(25, 14)]


def test_resaving_a_series_regenerates_occurrences(people):
    parent = Event(subject="Delivery", starts_at=at(26, 8), ends_at=at(26, 8, 30), repeats=daily(max_repetitions=3))
    add_event(parent)
    before = {i.event_id for i in get_event_instances(parent)}
    add_event(parent)
    after = {i.event_id for i in get_event_instances(parent)}
    assert len(after) == 3 and not before & after
    assert len(get_event_ids()) == 4


def test_removing_repeats_collapses_the_series(people):
    add_event(Event(subject="Raku", starts_at=at(26, 18), ends_at=at(26, 20), repeats=weekly(max_repetitions=4)))
    stored = find_events()[0]
    stored.repeats = None
    add_event(stored)
    assert get_event_instances(stored) == []
    assert len(get_event_ids()) == 1


def test_saving_an_occurrence_replaces_only_it(people):
    parent = Event(subject="Delivery", starts_at=at(26, 8), ends_at=at(26, 8, 30), repeats=daily(max_repetitions=3))
    add_event(parent)
    second = get_event_instances(parent)[1]
    second.starts_at, second.ends_at = at(27, 11), at(27, 11, 30)
    add_event(second)
    instances = get_event_instances(parent)
    assert [i.starts_at for i in instances] == [at(26, 8), at(27, 11), at(28, 8)]
    assert {i.original_starts_at for i in instances} == {at(26, 8)}


def test_negative_month_day_is_stored_as_null_and_breaks_reads(people):
    parent = Event(
        subject="Month end",
        starts_at=at(30, 17),
        ends_at=at(30, 17, 30),
        repeats=RepetitionSpec(frequency=EventFrequency.MONTHLY, which_month_day=[-1], max_repetitions=3),
    )
    add_event(parent)
    assert user_rows(people.context)[0]["repeats"]["which_month_day"] == [None]
    assert [i.starts_at for i in get_event_instances(parent)] == [
        at(30, 17),
        datetime.datetime(2024, 7, 31, 17),
        datetime.datetime(2024, 8, 31, 17),
    ]
    with pytest.raises(ValidationError, match="which_month_day"):
        find_events()
    with pytest.raises(ValidationError):
        get_event_by_id(parent.event_id)


def test_stored_attachments_break_later_queries(people):
    add_event(Event(subject="Portfolio", starts_at=at(27, 10), attachments=[Document(title="Sketches")]))
    with pytest.raises(AttributeError, match="has no attribute"):
        find_events()


def test_storage_row_format(people):
    spec = RepetitionSpec(frequency=EventFrequency.WEEKLY, max_repetitions=2, exclude_occurrence=[at(4, 10)])
    add_event(
        Event(
            subject="Row",
            attendees=[people.xio, people.bart],
            starts_at=at(27, 10),
            ends_at=at(27, 11),
            show_as_status=ShowAsStatus.Free,
            repeats=spec,
        )
    )
    row = user_rows(people.context)[0]
    assert row["attendees"] == [people.bart.employee_id, people.xio.employee_id]
    assert row["show_as_status"] == "free"
    assert row["repeats"]["frequency"] == "weekly"
    assert row["repeats"]["exclude_occurrence"] == [at(4, 10)]
    assert find_events()[0].show_as_status is ShowAsStatus.Free


def test_wrongly_typed_fields_are_converted_when_written(people):
    event = Event(subject="Kiln", starts_at=at(27, 10), ends_at=at(27, 11))
    event.subject = 12
    event.location = 7
    add_event(event)
    stored = find_events()[0]
    assert (stored.subject, stored.location) == ("12", "7")


def test_a_refused_value_fails_the_write_and_stores_nothing(people):
    series = Event(subject="Kiln", starts_at=at(27, 10), ends_at=at(27, 11), repeats=weekly(max_repetitions=3))
    series.location = ["Kiln"]
    with pytest.raises(ComputeError, match="column 'location'"):
        add_event(series)
    assert user_rows(people.context) == []
    late = Event(subject="Late", starts_at=at(27, 10), ends_at=at(27, 11))
    late.starts_at = "soon"
    with pytest.raises(ComputeError, match="column 'starts_at'"):
        add_event(late)
    late.ends_at = None
    late.event_id = None
    with pytest.raises(TypeError, match="Could not schedule event without start time"):
        add_event(late)
    assert user_rows(people.context) == []


def test_unknown_status_is_stored_as_null_and_breaks_reads(people):
    event = Event(subject="Maybe", starts_at=at(27, 10), ends_at=at(27, 11))
    event.show_as_status = "tentative"
    add_event(event)
    assert user_rows(people.context)[0]["show_as_status"] is None
    with pytest.raises(ValidationError):
        find_events()


def test_people_lists_that_are_not_employees_fail_serialisation(people):
    event = Event(subject="Who", starts_at=at(27, 10), ends_at=at(27, 11))
    event.attendees = [None]
    with pytest.raises(PydanticSerializationError, match="serialise_attendees.*AttributeError"):
        add_event(event)
    event.attendees = people.ott  # one employee instead of a list
    with pytest.raises(PydanticSerializationError):
        add_event(event)
    assert user_rows(people.context) == []


# --- find_events / find_past_events -----------------------------------------------------------


@pytest.fixture
def busy_calendar(people):
    ott, bart, xio = people.ott, people.bart, people.xio
    for event in [
        Event(subject="Clay audit review", attendees=[ott, bart], starts_at=at(27, 14), ends_at=at(27, 15)),
        Event(subject="Glaze test", attendees=[ott], starts_at=at(26, 10), ends_at=at(26, 11)),
        Event(subject="Clay audit", attendees=[xio], starts_at=at(28, 9), ends_at=at(28, 9, 30)),
        Event(subject="Kiln firing", attendees=[], starts_at=at(25, 9, 6), ends_at=at(25, 9, 30)),
        Event(subject="Old catch-up", attendees=[ott], starts_at=at(24, 16), ends_at=at(24, 17)),
        Event(subject="Early start", attendees=[bart, ott], starts_at=at(25, 9), ends_at=at(25, 10)),
        Event(subject="Lunch and learn", starts_at=at(2, 12, 17), ends_at=at(2, 13)),
        Event(subject="Studio meeting", attendees=[bart, ott, xio], starts_at=at(3, 10), ends_at=at(3, 11)),
        Event(subject="Glazing plan meeting", attendees=[ott, bart], starts_at=at(26, 10), ends_at=at(26, 10, 45)),
    ]:
        add_event(event)
    return people


def test_find_events_returns_upcoming_sorted_with_stable_ties(busy_calendar):
    assert subjects(find_events()) == [
        "Kiln firing",
        "Glaze test",
        "Glazing plan meeting",
        "Clay audit review",
        "Clay audit",
        "Lunch and learn",
        "Studio meeting",
    ]
    assert subjects(find_past_events()) == ["Old catch-up", "Early start"]


def test_attendee_filter_is_an_exact_set_match(busy_calendar):
    p = busy_calendar
    assert subjects(find_events(attendees=[p.ott])) == ["Glaze test"]
    assert subjects(find_events(attendees=[p.bart, p.ott])) == ["Glazing plan meeting", "Clay audit review"]
    assert subjects(find_events(attendees=[p.ott, p.bart])) == ["Glazing plan meeting", "Clay audit review"]
    assert find_events(attendees=[p.ott, p.ott]) == []
    assert subjects(find_events(attendees=[])) == ["Kiln firing"]
    assert find_events(attendees=[get_current_user()]) == []
    assert subjects(find_past_events(attendees=[p.ott])) == ["Old catch-up"]


def test_subject_filter_is_fuzzy(busy_calendar):
    assert subjects(find_events(subject="clay")) == ["Clay audit review", "Clay audit"]
    assert subjects(find_events(subject="CLAY AUDIT REVIEW")) == ["Clay audit review", "Clay audit"]
    assert subjects(find_events(subject="Clay audti review")) == ["Clay audit review"]
    assert subjects(find_events(subject="kiln-firing!")) == ["Kiln firing"]
    assert subjects(find_events(subject="meeting")) == ["Glazing plan meeting", "Studio meeting"]
    assert subjects(find_events(subject="")) == subjects(find_events())
    assert subjects(find_past_events(subject="catch up")) == ["Old catch-up"]
    assert find_events(subject="Turquoise") == []


def test_filters_combine(busy_calendar):
    p = busy_calendar
    assert subjects(find_events(attendees=[p.ott, p.bart], subject="meeting")) == ["Glazing plan meeting"]
    assert find_events(attendees=[p.ott], subject="clay") == []


def test_events_without_subject_never_match_a_subject(people):
    add_event(Event(attendees=[people.ott], starts_at=at(27, 10)))
    add_event(Event(subject="Named", attendees=[people.ott], starts_at=at(27, 11)))
    assert subjects(find_events(subject="Named")) == ["Named"]
    assert subjects(find_events(attendees=[people.ott])) == [None, "Named"]


def test_event_at_exactly_now_is_upcoming(people):
    add_event(Event(subject="Now", starts_at=NOW))
    add_event(Event(subject="Running", starts_at=at(25, 9), ends_at=at(25, 10)))
    assert subjects(find_events()) == ["Now"]
    assert subjects(find_past_events()) == ["Running"]


def test_series_is_filtered_on_its_first_occurrence(people):
    add_event(
        Event(
            subject="Chemistry",
            starts_at=at(18, 11),
            ends_at=at(18, 12),
            repeats=weekly(recurs_until=datetime.date(2024, 8, 1)),
        )
    )
    add_event(Event(subject="Chemistry", starts_at=at(1, 11), ends_at=at(1, 12), repeats=weekly(max_repetitions=2)))
    assert [e.starts_at for e in find_events(subject="chemistry")] == [at(1, 11)]
    assert [e.starts_at for e in find_past_events(subject="chemistry")] == [at(18, 11)]


def test_fifty_match_cap_counts_occurrence_rows(people):
    for day in (1, 2, 3, 4):
        add_event(Event(subject="Practice", starts_at=at(day, 18), ends_at=at(day, 19), repeats=weekly()))
    assert len(get_event_ids()) == 96
    assert len(find_events()) == 4
    assert [e.starts_at for e in find_events(subject="Practice")] == [at(1, 18), at(2, 18), at(3, 18)]


def test_find_events_on_empty_calendar(world):
    assert find_events() == [] and find_past_events() == [] and find_events(subject="x") == []


def test_find_events_type_checks(people):
    with pytest.raises(BeartypeCallHintParamViolation, match="parameter attendees="):
        find_events(attendees=(people.ott,))
    with pytest.raises(BeartypeCallHintParamViolation, match="parameter subject="):
        find_events(subject=["Clay"])


def test_returned_events_are_copies(people):
    add_event(Event(subject="Original", starts_at=at(27, 10)))
    found = find_events()[0]
    found.subject = "Changed"
    assert subjects(find_events()) == ["Original"]


# --- delete_event -----------------------------------------------------------------------------


def test_delete_event_removes_one_event(busy_calendar):
    delete_event(find_events(subject="Clay audit review")[0])
    assert "Clay audit review" not in subjects(find_events())
    assert len(get_event_ids()) == 8


def test_deleting_a_series_removes_its_occurrences(people):
    add_event(Event(subject="Keep", starts_at=at(27, 9, 30)))
    add_event(Event(subject="Bisque", starts_at=at(26, 9, 30), ends_at=at(26, 10), repeats=daily(max_repetitions=3)))
    assert delete_event(find_events(subject="Bisque")[0]) is None
    assert subjects(find_events()) == ["Keep"]
    assert len(get_event_ids()) == 1


def test_deleting_an_occurrence_removes_only_it(people):
    parent = Event(subject="Bisque", starts_at=at(26, 9, 30), ends_at=at(26, 10), repeats=daily(max_repetitions=3))
    add_event(parent)
    delete_event(get_event_instances(parent)[1])
    assert [i.starts_at for i in get_event_instances(parent)] == [at(26, 9, 30), at(28, 9, 30)]


def test_delete_event_errors(people):
    with pytest.raises(SearchError) as error:
        delete_event(Event(subject="Ghost", starts_at=at(27, 10)))
    assert str(error.value) == "Not in database: 'Ghost' starting at: 2024-06-27 10:00:00, ending at N/A "
    event = Event(subject="Once", starts_at=at(27, 10))
    add_event(event)
    delete_event(event)
    with pytest.raises(NoDataError):
        delete_event(event)
    simulate_employee_calendar(people.ott, [Event(subject="Hers", starts_at=at(27, 10), ends_at=at(27, 11))])
    with pytest.raises(NoDataError):
        delete_event(get_calendar(people.ott)[0])


# --- Colleagues' calendars --------------------------------------------------------------------


def test_get_calendar_is_unfiltered_and_in_storage_order(people):
    simulate_employee_calendar(
        people.ott,
        [
            Event(subject="Later", attendees=[people.bart], starts_at=at(28, 15), ends_at=at(28, 16)),
            Event(subject="No end", starts_at=at(26, 9, 30)),
            Event(subject="Past", starts_at=at(20, 9), ends_at=at(20, 10)),
            Event(subject="Series", starts_at=at(27, 8), ends_at=at(27, 8, 15), repeats=daily(max_repetitions=2)),
        ],
    )
    calendar = get_calendar(people.ott)
    assert subjects(calendar) == ["Later", "No end", "Past", "Series", "Series", "Series"]
    assert calendar[1].ends_at is None
    assert calendar[3].repeats is not None and calendar[4].recurrent_event_id == calendar[3].event_id
    assert get_calendar(people.bart) == []
    assert get_calendar(get_current_user()) == []
    assert get_calendar(Employee(name="Unknown", employee_id="nobody")) == []


def test_get_calendar_lists_people_by_name(people):
    simulate_employee_calendar(
        people.ott,
        [
            Event(
                subject="Listed",
                attendees=[people.xio, people.que, people.bart],
                starts_at=at(27, 13),
                ends_at=at(27, 14),
            )
        ],
    )
    assert [p.name for p in get_calendar(people.ott)[0].attendees] == ["Bartholomew", "Quentin", "Xiomara"]


def test_share_calendar_appends_sorted_grants(people):
    assert share_calendar([people.ott, people.bart]) is None
    share_calendar([])
    share_calendar([people.xio])
    grants = [row["calendar_visible_to"] for row in people.context.get_database(DatabaseNamespace.USER_METADATA)]
    assert grants == [sorted([people.ott.employee_id, people.bart.employee_id]), [], [people.xio.employee_id]]


# --- Free time --------------------------------------------------------------------------------


def day_slot(day, start, end):
    return TimeInterval(datetime.datetime.combine(day, start), datetime.datetime.combine(day, end))


WORK_START, WORK_END = datetime.time(9, 6), datetime.time(17, 10)


def test_get_search_settings():
    expected = CalendarSearchSettings(WORK_START, WORK_END)
    assert get_search_settings("work") == expected == get_search_settings("default")
    with pytest.raises(BeartypeCallHintParamViolation, match="parameter calendar_key="):
        get_search_settings("WORK")


def test_no_events_gives_today_until_friday(world):
    days = [datetime.date(2024, 6, d) for d in (25, 26, 27, 28)]
    assert find_available_slots([]) == [day_slot(d, WORK_START, WORK_END) for d in days]
    custom = CalendarSearchSettings(datetime.time(8), datetime.time(12))
    assert find_available_slots([], search_settings=custom) == [
        day_slot(d, datetime.time(8), datetime.time(12)) for d in days
    ]


def test_no_events_with_date_gives_that_working_day(world):
    saturday = datetime.date(2024, 6, 29)
    assert find_available_slots([], date=saturday) == [day_slot(saturday, WORK_START, WORK_END)]
    assert find_available_slots([], date=datetime.datetime(2024, 7, 3, 15)) == [
        day_slot(datetime.date(2024, 7, 3), WORK_START, WORK_END)
    ]


def test_gaps_between_events(world):
    events = [
        Event(starts_at=at(27, 13), ends_at=at(27, 14, 30)),
        Event(starts_at=at(27, 10), ends_at=at(27, 11)),
        Event(starts_at=at(27, 10, 30), ends_at=at(27, 12)),
        Event(starts_at=at(27, 12), ends_at=at(27, 13)),
    ]
    assert find_available_slots(events) == [
        TimeInterval(at(27, 9, 6), at(27, 10)),
        TimeInterval(at(27, 14, 30), at(27, 17, 10)),
    ]


def test_nested_event_does_not_shorten_a_longer_one(world):
    events = [
        Event(starts_at=at(27, 10), ends_at=at(27, 12)),
        Event(starts_at=at(27, 10, 30), ends_at=at(27, 11)),
        Event(starts_at=at(27, 14), ends_at=at(27, 15)),
    ]
    assert find_available_slots(events) == [
        TimeInterval(at(27, 9, 6), at(27, 10)),
        TimeInterval(at(27, 12), at(27, 14)),
        TimeInterval(at(27, 15), at(27, 17, 10)),
    ]


def test_free_events_do_not_block(world):
    free = Event(starts_at=at(27, 10), ends_at=at(27, 11), show_as_status=ShowAsStatus.Free)
    away = Event(starts_at=at(27, 15), ends_at=at(27, 16), show_as_status=ShowAsStatus.OutOfOffice)
    assert find_available_slots([free, away]) == [
        TimeInterval(at(27, 9, 6), at(27, 15)),
        TimeInterval(at(27, 16), at(27, 17, 10)),
    ]
    assert len(find_available_slots([free])) == 4


def test_multi_day_event_and_weekends(world):
    assert find_available_slots([Event(starts_at=at(28, 15), ends_at=at(1, 11))]) == [
        TimeInterval(at(28, 9, 6), at(28, 15)),
        TimeInterval(at(1, 11), at(1, 17, 10)),
    ]
    spread = [Event(starts_at=at(28, 16), ends_at=at(28, 17)), Event(starts_at=at(1, 9), ends_at=at(1, 9, 30))]
    assert find_available_slots(spread) == [
        TimeInterval(at(28, 9, 6), at(28, 16)),
        TimeInterval(at(28, 17), at(28, 17, 10)),
        TimeInterval(at(29, 9, 6), at(29, 17, 10)),
        TimeInterval(at(30, 9, 6), at(30, 17, 10)),
        TimeInterval(at(1, 9, 30), at(1, 17, 10)),
    ]


def test_events_outside_working_hours(world):
    events = [Event(starts_at=at(27, 17, 30), ends_at=at(27, 18)), Event(starts_at=at(27, 7), ends_at=at(27, 9, 30))]
    assert find_available_slots(events) == [TimeInterval(at(27, 9, 30), at(27, 17, 30))]
    whole_day = [Event(starts_at=at(27, 8), ends_at=at(27, 18))]
    assert find_available_slots(whole_day) == []
    assert find_available_slots(whole_day, date=datetime.date(2024, 6, 27)) == []


def test_slots_are_not_clipped_to_now(world):
    events = [Event(starts_at=at(24, 10), ends_at=at(24, 11)), Event(starts_at=at(25, 16), ends_at=at(25, 16, 30))]
    assert find_available_slots(events) == [
        TimeInterval(at(24, 9, 6), at(24, 10)),
        TimeInterval(at(24, 11), at(24, 17, 10)),
        TimeInterval(at(25, 9, 6), at(25, 16)),
        TimeInterval(at(25, 16, 30), at(25, 17, 10)),
    ]


def test_date_selects_one_day(world):
    events = [Event(starts_at=at(26, 10), ends_at=at(26, 11)), Event(starts_at=at(28, 14), ends_at=at(28, 15))]
    assert find_available_slots(events, date=datetime.date(2024, 6, 28)) == [
        TimeInterval(at(28, 9, 6), at(28, 14)),
        TimeInterval(at(28, 15), at(28, 17, 10)),
    ]
    assert find_available_slots(events, date=datetime.date(2024, 6, 27)) == [TimeInterval(at(27, 9, 6), at(27, 17, 10))]
    assert find_available_slots(events, date=datetime.date(2024, 7, 5)) == [TimeInterval(at(5, 9, 6), at(5, 17, 10))]
    with pytest.raises(TypeError, match="compare|not supported between"):
        find_available_slots(events, date=datetime.datetime(2024, 6, 27))


def test_custom_settings_and_touching_events(world):
    events = [Event(starts_at=at(27, 10), ends_at=at(27, 11)), Event(starts_at=at(27, 11), ends_at=at(27, 12))]
    narrow = CalendarSearchSettings(datetime.time(10), datetime.time(12))
    assert find_available_slots(events, narrow) == []
    assert find_available_slots(events, search_settings=get_search_settings("work")) == [
        TimeInterval(at(27, 9, 6), at(27, 10)),
        TimeInterval(at(27, 12), at(27, 17, 10)),
    ]


def test_event_without_end_gives_no_slots(world):
    assert find_available_slots([Event(subject="No end", starts_at=at(27, 10))]) == []


def test_slots_over_events_lacking_a_start_or_an_end(world):
    # The span runs from today (no start) to the 24th: no day is examined.
    assert find_available_slots([Event(subject="a", ends_at=at(24, 11))]) == []
    # With a date, each event is made into a TimeInterval first.
    with pytest.raises(BeartypeCallHintParamViolation, match="parameter end="):
        find_available_slots([Event(starts_at=at(26, 10))], date=datetime.date(2024, 6, 26))
    with pytest.raises(BeartypeCallHintParamViolation, match="parameter start="):
        find_available_slots([Event(ends_at=at(26, 10))], date=datetime.date(2024, 6, 26))
    # Today is examined, and the event started today: its missing end is read.
    with pytest.raises(AttributeError):
        find_available_slots([Event(starts_at=at(25, 8))])
    # The span ends on the 26th, so the open event of the 27th is never read.
    slots = find_available_slots([Event(starts_at=at(26, 10), ends_at=at(26, 11)), Event(starts_at=at(27, 10))])
    assert slots == [TimeInterval(at(26, 9, 6), at(26, 10)), TimeInterval(at(26, 11), at(26, 17, 10))]


def test_find_available_slots_rejects_tuples(world):
    with pytest.raises(BeartypeCallHintParamViolation, match="parameter events="):
        find_available_slots((Event(starts_at=at(27, 10), ends_at=at(27, 11)),))


# --- Summaries --------------------------------------------------------------------------------


def test_summarise_calendar(busy_calendar):
    assert summarise_calendar([]) == "There are no events in your calendar."
    assert summarise_calendar([], name="Ottilie") == "There are no events in Ottilie's calendar."
    assert summarise_calendar(find_events()) == (
        "There are 7 events in your calendar. Here are the details of the first: "
        "'Kiln firing' starting at: 2024-06-25 09:06:00, ending at 2024-06-25 09:30:00"
    )
    assert summarise_calendar(find_past_events(attendees=[busy_calendar.ott]), name="Ottilie") == (
        "There are 1 events in Ottilie's calendar. Here are the details of the first: "
        "'Old catch-up' with Ottilie starting at: 2024-06-24 16:00:00 for 1 hours"
    )
    assert summarise_calendar(list(reversed(find_events()))).endswith(
        "'Studio meeting' with Bartholomew, Ottilie, Xiomara starting at: 2024-07-03 10:00:00 for 1 hours"
    )
    with pytest.raises(BeartypeCallHintParamViolation, match="parameter name="):
        summarise_calendar([], name=7)


def test_provide_event_details(busy_calendar):
    assert provide_event_details([]) == "There are no events that satisfy these criteria"
    assert provide_event_details(find_events(attendees=[busy_calendar.xio])) == (
        "'Clay audit' with Xiomara starting at: 2024-06-28 09:00:00 for 30 minutes"
    )
    lines = provide_event_details(list(reversed(find_events()))).split("\n")
    assert lines[0] == "0. 'Kiln firing' starting at: 2024-06-25 09:06:00, ending at 2024-06-25 09:30:00"
    assert lines[1].startswith("1. 'Glazing plan meeting'")
    assert lines[6].startswith("6. 'Studio meeting'")
    assert len(lines) == 7
    assert provide_event_details([Event(subject="Lonely")]) == "'Lonely' starting at: N/A, ending at N/A"
    with pytest.raises(TypeError, match="not supported between"):
        provide_event_details([Event(subject="A"), Event(subject="B", starts_at=at(27, 10))])


# --- Helpers of the executable layer ------------------------------------------------------------


def test_get_event_ids(people):
    a = add_event(Event(subject="A", starts_at=at(27, 10)))
    b = add_event(Event(subject="B", starts_at=at(20, 10)))
    assert get_event_ids() == {a, b} == get_event_ids(None)


def test_get_event_ids_refuses_any_namespace(world):
    with pytest.raises(BeartypeCallHintForwardRefException):
        get_event_ids(DatabaseNamespace.USER_CALENDAR)
    with pytest.raises(BeartypeCallHintForwardRefException):
        get_event_ids("user_calendar")
    assert "DatabaseNamespace" not in vars(wc)


def test_expand_to_instances_does_not_store(world):
    plain = Event(subject="Plain", starts_at=at(27, 10), ends_at=at(27, 11))
    assert expand_to_instances(plain) is None
    spec = daily(max_repetitions=2)
    series = Event(subject="Rec", starts_at=at(27, 10), ends_at=at(27, 11), event_id="parent-1", repeats=spec)
    instances = expand_to_instances(series)
    assert [(i.starts_at, i.ends_at, i.recurrent_event_id, i.original_starts_at, i.repeats) for i in instances] == [
        (at(27, 10), at(27, 11), "parent-1", at(27, 10), None),
        (at(28, 10), at(28, 11), "parent-1", at(27, 10), None),
    ]
    assert len({i.event_id for i in instances}) == 2 and "parent-1" not in {i.event_id for i in instances}
    assert series.repeats is spec
    assert get_event_ids() == set()


def test_expand_to_instances_copies_are_independent(people):
    series = Event(
        subject="Rec",
        attendees=[people.ott],
        starts_at=at(27, 10),
        ends_at=at(27, 11),
        repeats=daily(max_repetitions=2),
    )
    first = expand_to_instances(series)[0]
    first.attendees.append(people.bart)
    assert series.attendees == [people.ott]


def test_expand_to_instances_needs_both_bounds(world):
    with pytest.raises(EventDefinitionError, match="either the event start time or the end time were not provided"):
        expand_to_instances(Event(subject="Rec", starts_at=at(27, 10), repeats=daily(max_repetitions=2)))


def test_validate_starts_at(world):
    assert validate_starts_at(Event(subject="plain")) is None
    assert validate_starts_at(Event(subject="s", starts_at=at(27, 9), repeats=daily())) is None
    with pytest.raises(
        EventDefinitionError, match="Start time is required to expand a recurring event into instances."
    ):
        validate_starts_at(Event(subject="s", repeats=daily()))


def test_get_event_instances_and_by_id(people):
    single = Event(subject="Solo", starts_at=at(27, 10))
    add_event(single)
    assert get_event_instances(single) == []
    with pytest.raises(SearchError, match="This function should only be called with existing events."):
        get_event_instances(Event(subject="Never stored", event_id="missing"))
    parent = Event(subject="Bisque", starts_at=at(26, 9, 30), ends_at=at(26, 10), repeats=daily(max_repetitions=2))
    add_event(parent)
    instances = get_event_instances(parent)
    assert get_event_by_id(parent.event_id) == parent
    assert get_event_by_id(instances[1].event_id) == instances[1]
    assert get_event_instances(instances[0]) == []
    with pytest.raises(SearchError, match="No event with no-such-id was found in the calendar."):
        get_event_by_id("no-such-id")


# --- Names exposed by star import ---------------------------------------------------------------


def test_star_import_surface_and_identity():
    namespace = {}
    exec("from aspera_core.library.work_calendar import *", namespace)
    assert isinstance(namespace["datetime"], types.ModuleType) and namespace["datetime"] is datetime
    assert namespace["deepcopy"]([1, [2]]) == [1, [2]]
    assert namespace["DEFAULT_EVENT_DURATION_MINUTES"] == 16
    assert namespace["Employee"] is company_directory.Employee
    assert namespace["now_"] is time_utils.now_
    assert namespace["get_next_dow"] is time_utils.get_next_dow
    assert namespace["TimeInterval"] is time_utils.TimeInterval
    assert namespace["filter_dataframe"] is _rows.filter_dataframe
    assert namespace["fuzzy_match_filter_dataframe"] is _rows.fuzzy_match_filter_dataframe
    assert namespace["NoDataError"] is NoDataError
    assert namespace["Document"] is Document
    assert isinstance(namespace["logger"], logging.Logger)
    for name in (
        "NOT_GIVEN",
        "functools",
        "uuid",
        "field_serializer",
        "EventDefinitionError",
        "SearchError",
        "get_event_ids",
        "expand_to_instances",
        "validate_starts_at",
        "get_event_instances",
        "get_event_by_id",
        "TYPE_CHECKING",
        "Self",
        "StrEnum",
        "auto",
        "NamedTuple",
        "Literal",
        "Any",
    ):
        assert name in namespace, name
    for hidden in ("_repetition_schedule", "_get_employee_by_id", "DatabaseNamespace", "pl"):
        assert hidden not in namespace
