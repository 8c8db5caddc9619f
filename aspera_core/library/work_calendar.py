"""The user's work calendar, colleagues' calendars, free time and event summaries.

The user's own events are read and written with :func:`add_event`,
:func:`find_events`, :func:`find_past_events` and :func:`delete_event`.
Colleagues' calendars can only be read, with :func:`get_calendar`.
:func:`find_available_slots` computes free time from a list of events.

Things to know before using this module:

* Events returned by queries are copies. Changing one has no effect until it
  is saved again with :func:`add_event`, which then replaces the stored
  version (same ``event_id``).
* A recurring event (``repeats`` set) is stored once as a series plus one
  stored occurrence per repetition. :func:`find_events` and
  :func:`find_past_events` show a series only once, as its first occurrence.
* A conference room is booked for a meeting simply by setting the event's
  ``location`` to the room's name (see the ``room_booking`` module to find a
  free room).
* The user is never listed among an event's attendees.
"""

# Programs receive this module through a star import, so the module names and
# helpers imported here are also globals of every program; a few (functools,
# filter_dataframe, NoDataError, ...) are imported only for that reason.
import dataclasses as _dataclasses
import datetime
import functools
import logging
import uuid
from copy import deepcopy
from enum import StrEnum, auto
from typing import TYPE_CHECKING, Any, Literal, NamedTuple, Self

from pydantic import BaseModel, field_serializer
from pydantic_core import PydanticSerializationError as _PydanticSerializationError

from aspera_core.library._rows import (
    exact_match_filter_dataframe,
    filter_dataframe,
    fuzzy_match_filter_dataframe,
)
from aspera_core.library.company_directory import Employee
from aspera_core.library.company_directory import _get_employee_by_id
from aspera_core.library.exceptions import EventDefinitionError, SearchError
from aspera_core.library.files import Document
from aspera_core.library.time_utils import (
    Duration,
    RepetitionSpec,
    TimeExpressions,
    TimeInterval,
    TimeUnits,
    _repetition_schedule,
    get_next_dow,
    now_,
    parse_time_string,
)
from aspera_core.world import NoDataError
from aspera_core.world import DatabaseNamespace as _Tables
from aspera_core.world import get_current_context as _get_current_context

if TYPE_CHECKING:
    # Only for readers and static checkers. At run time the name is deliberately
    # absent from this module (see get_event_ids).
    from aspera_core.world import DatabaseNamespace

logger = logging.getLogger(__name__)

#: Length given to a new event that is saved without an end time, in minutes.
DEFAULT_EVENT_DURATION_MINUTES = 16

#: An event's unique id (a UUID string).
EventId = str

#: The fields of an :class:`Event` that hold lists of employees.
EMPLOYEE_FIELDS = (
    "attendees",
    "attendees_to_avoid",
    "optional_attendees",
    "declined_by",
    "tentative_attendees",
)
#: The fields of an :class:`Event` that hold identifiers.
ID_FIELDS = ("event_id", "recurrent_event_id")
#: The fields of an :class:`Event` that hold structured values.
STRUCT_FIELDS = ("repeats", "attachments")


class NOT_GIVEN:
    """Marker for "no value supplied", for parameters where ``None`` is itself a meaningful value."""


class ShowAsStatus(StrEnum):
    """How an event shows in the calendar. ``Free`` events do not block time."""

    Busy = auto()
    OutOfOffice = auto()
    Free = auto()


class CalendarSearchSettings(NamedTuple):
    """Bounds of the working day used when looking for free time.

    Attributes:
        earliest_free_slot_start: a free slot never starts before this time of day.
        latest_free_slot_finish: a free slot normally ends by this time of day.
    """

    earliest_free_slot_start: datetime.time
    latest_free_slot_finish: datetime.time


def _ids_sorted_by_name(employees: list | None) -> list | None:
    """Employee ids ordered by the employees' names (the storage order of people lists)."""
    if employees is None:
        return None
    return [person.employee_id for person in sorted(employees, key=_name_of)]


def _name_of(person):
    return person.name


def _format_moment(moment) -> str:
    return "N/A" if moment is None else moment.strftime("%Y-%m-%d %H:%M:%S")


def _describe_span(starts_at, ends_at) -> str:
    """The length of an event in whole hours and minutes, e.g. ``1 hours and 30 minutes``."""
    if starts_at is None or ends_at is None:
        return "N/A"
    hours, remainder = divmod((ends_at - starts_at).total_seconds(), 3600)
    hours, minutes = int(hours), int(remainder // 60)
    if hours == 0 and minutes == 0:
        return "less than a minute"
    if hours == 0:
        return f"{minutes} minutes"
    if minutes == 0:
        return f"{hours} hours"
    return f"{hours} hours and {minutes} minutes"


class Event(BaseModel):
    """A calendar event (meeting, appointment, reminder of a task, ...).

    Build events with keyword arguments only, e.g.
    ``Event(subject="Sync", attendees=[bob], starts_at=..., ends_at=...)``.
    Employees must come from the company directory (``find_employee`` etc.).
    A plain date given for a datetime field means midnight of that day.
    Unknown keyword arguments are ignored. Fields can be reassigned freely;
    assignments are not checked.

    Attributes:
        attendees: people who accepted; never needs to contain the user.
        attendees_to_avoid: people who must not be invited.
        optional_attendees: people invited as optional.
        declined_by: people who declined.
        tentative_attendees: people who have not confirmed yet.
        subject: the title.
        location: where it happens; setting it to a conference room's name books that room.
        starts_at: start date and time.
        ends_at: end date and time.
        show_as_status: ``Busy`` (default), ``OutOfOffice`` or ``Free``.
        event_importance: ``"normal"`` (default) or ``"high"``.
        repeats: the recurrence rule of a recurring event; its first occurrence is at ``starts_at``.
        notes: free text.
        video_link: link of the video call.
        attachments: documents attached to the event.
        event_id: unique id, assigned when the event is first saved with :func:`add_event`.
        recurrent_event_id: only on single occurrences of a recurring event: the series' ``event_id``.
        original_starts_at: only on single occurrences: the series' ``starts_at``.

    Two events are equal when every field is equal, ``event_id`` included;
    the order of people within the lists does not matter, but an empty list
    differs from ``None``. Events cannot be put in sets or used as dict keys.
    Comparing an event with anything other than an event is an error.
    Events read from a calendar list people sorted by name.
    """

    attendees: list[Employee] | None = None
    attendees_to_avoid: list[Employee] | None = None
    optional_attendees: list[Employee] | None = None
    declined_by: list[Employee] | None = None
    tentative_attendees: list[Employee] | None = None
    subject: str | None = None
    location: str | None = None
    starts_at: datetime.datetime | None = None
    ends_at: datetime.datetime | None = None
    show_as_status: ShowAsStatus = ShowAsStatus.Busy
    event_importance: Literal["normal", "high"] = "normal"
    repeats: RepetitionSpec | None = None
    notes: str | None = None
    video_link: str | None = None
    attachments: list[Document] | None = None
    event_id: str | None = None
    recurrent_event_id: str | None = None
    original_starts_at: datetime.datetime | None = None

    @property
    def duration(self) -> Duration:
        """The length of the event in minutes (a float), e.g. ``Duration(60.0, TimeUnits.Minutes)``.

        Raises:
            TypeError: ``starts_at`` or ``ends_at`` is ``None``.
        """
        return Duration((self.ends_at - self.starts_at).total_seconds() / 60, TimeUnits.Minutes)

    def __eq__(self, other: Self) -> bool:
        """Field-by-field equality; people lists are compared regardless of order."""
        for field in _EVENT_FIELDS:
            mine, theirs = getattr(self, field), getattr(other, field)
            if field in EMPLOYEE_FIELDS:
                if mine is None or theirs is None:
                    if mine is not theirs:
                        return False
                elif sorted(mine, key=_name_of) != sorted(theirs, key=_name_of):
                    return False
            elif mine != theirs:
                return False
        return True

    # Mutable and compared by value: not usable in sets or as dict keys.
    __hash__ = None

    def __str__(self) -> str:
        """A one-line description: subject, attendees, start and length or end, and location."""
        start = _format_moment(self.starts_at)
        names = ", ".join(person.name for person in self.attendees) if self.attendees else None
        if self.subject and names is None:
            text = f"'{self.subject}' starting at: {start}, ending at {_format_moment(self.ends_at)}"
        elif self.subject:
            text = (
                f"'{self.subject}' with {names} starting at: {start} for {_describe_span(self.starts_at, self.ends_at)}"
            )
        else:
            text = f"Meeting with {names} starting at: {start} for {_describe_span(self.starts_at, self.ends_at)}"
        if self.location is not None:
            text += f" (location: {self.location})"
        return text

    @field_serializer(*EMPLOYEE_FIELDS)
    def serialise_attendees(self, employee_list: list[Employee] | None) -> list[str] | None:
        """Dump a list of people as their employee ids, ordered by the people's names."""
        return _ids_sorted_by_name(employee_list)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Self:
        """Rebuild an event from a stored calendar row.

        People are stored as employee ids and are looked up in the directory,
        so the lists come back in the stored (name) order.

        Raises:
            AssertionError: an employee id is not in the directory.
            AttributeError: the row holds attachments (they cannot be read back,
                as in the original library).
            pydantic.ValidationError: a stored value is not valid for its field.
        """
        return _event_from_row(cls, data, _get_employee_by_id)


_EVENT_FIELDS = tuple(Event.model_fields)


# --- Storage ------------------------------------------------------------------------

_SPEC_FIELDS = tuple(field.name for field in _dataclasses.fields(RepetitionSpec))


def _dumped(value: Any) -> Any:
    """``value`` as pydantic's ``model_dump`` hands it to storage: models and
    dataclasses become dicts of their fields, lists are dumped item by item,
    anything else is passed on unchanged."""
    if isinstance(value, BaseModel):
        return value.model_dump()
    if _dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {field.name: _dumped(getattr(value, field.name)) for field in _dataclasses.fields(value)}
    if isinstance(value, list | tuple):
        return [_dumped(item) for item in value]
    return value


def _stored_people(event: Event, field: str) -> list | None:
    """The stored form of a people list: ids ordered by name, as the field serializer dumps it.

    Raises:
        PydanticSerializationError: the list holds something that is not a
            person (``None``, a name, ...), or is not a list at all; pydantic
            reports the serializer's failure this way in the original.
    """
    try:
        return _ids_sorted_by_name(getattr(event, field))
    except Exception as error:
        raise _PydanticSerializationError(
            f"Error calling function `serialise_attendees`: {type(error).__name__}: {error}"
        ) from None


def _event_to_row(event: Event) -> dict:
    """The row handed to storage for an event: what the original's ``model_dump()`` gives.

    People are name-ordered ids; every other field is passed as it is (or
    dumped to a dict, for the recurrence rule and attachments), and the
    table converts or refuses values of the wrong type (see
    ``aspera_core.world.columns``): an int subject is stored as text, a
    text start time is refused with ``ComputeError``. Fields are not
    re-validated on assignment, so any value can reach this point.

    Raises:
        PydanticSerializationError: a people list holds something that is not a person.
    """
    row = {field: _stored_people(event, field) for field in EMPLOYEE_FIELDS}
    repeats = event.repeats
    if type(repeats) is RepetitionSpec:
        repeats = {name: getattr(repeats, name) for name in _SPEC_FIELDS}
    row.update(
        subject=event.subject,
        location=event.location,
        starts_at=event.starts_at,
        ends_at=event.ends_at,
        show_as_status=event.show_as_status,
        event_importance=event.event_importance,
        repeats=_dumped(repeats),
        notes=event.notes,
        video_link=event.video_link,
        attachments=_dumped(event.attachments),
        event_id=event.event_id,
        recurrent_event_id=event.recurrent_event_id,
        original_starts_at=event.original_starts_at,
    )
    return row


def _event_from_row(cls, data, person):
    """Rebuild an event of class ``cls`` from a stored row, mapping ids to people with ``person``."""
    values = dict(data)
    for field in EMPLOYEE_FIELDS:
        ids = values.get(field)
        if ids is not None:
            values[field] = [person(employee_id) for employee_id in ids]
    for field in STRUCT_FIELDS:
        # A struct whose members are all empty stands for "no value". The
        # attachments column holds a list, which has no members to inspect:
        # the original fails here too, so stored attachments are unreadable.
        struct = values.get(field)
        if struct is not None and all(member is None for member in struct.values()):
            values[field] = None
    return cls.model_validate(values)


def _events_from_rows(rows: list) -> list:
    """Events for stored rows, reading the directory once for all of them.

    Equivalent to ``Event.from_dict`` on each row (unknown ids raise a bare
    ``AssertionError``), but each person is looked up only once.
    """
    directory = {row["employee_id"]: row["name"] for row in _get_current_context().get_database(_Tables.EMPLOYEES)}
    handles = {}

    def person(employee_id):
        handle = handles.get(employee_id)
        if handle is None:
            assert employee_id in directory
            handle = handles[employee_id] = Employee(name=directory[employee_id], employee_id=employee_id)
        return handle

    return [_event_from_row(Event, row, person) for row in rows]


def _user_calendar_rows() -> list:
    return _get_current_context().get_database(_Tables.USER_CALENDAR)


def _new_id() -> str:
    return str(uuid.uuid4())


# --- Recurring events -------------------------------------------------------------------

_MISSING_START_MESSAGE = "Start time is required to expand a recurring event into instances."
_MISSING_BOUNDS_MESSAGE = (
    "Could not expand recurring event into its instances because either the event start time "
    "or the end time were not provided"
)


def _occurrence_starts(event: Event) -> list:
    """Start times of every occurrence of a recurring event (the first 23 if it never ends).

    Rewrites a set ``event.repeats.recurs_until`` to that day at the event's
    start time, as the recurrence rule does.
    """
    if event.starts_at is None or event.ends_at is None:
        raise EventDefinitionError(_MISSING_BOUNDS_MESSAGE)
    return _repetition_schedule(event.starts_at.time(), event.repeats, event.starts_at.date())


def _instance_rows(series_row: dict, event: Event, starts: list) -> list:
    """Stored occurrences of a series: copies of its row moved to each start, without the rule."""
    length = event.ends_at - event.starts_at
    original_start = event.starts_at
    return [
        {
            **series_row,
            "event_id": _new_id(),
            "repeats": None,
            "starts_at": start,
            "ends_at": start + length,
            "recurrent_event_id": event.event_id,
            "original_starts_at": original_start,
        }
        for start in starts
    ]


def _copy_event(event: Event, changes: dict) -> Event:
    """A deep copy of ``event`` with ``changes`` applied (without re-validation)."""
    copy = event.model_copy(update=changes)
    for field in EMPLOYEE_FIELDS:
        people = getattr(copy, field)
        if people is not None:
            # Employees are immutable, so copying the list is a full deep copy.
            setattr(copy, field, list(people))
    for field in ("repeats", "attachments"):
        if field not in changes:
            setattr(copy, field, deepcopy(getattr(copy, field)))
    return copy


def _remove_event_rows(table: _Tables, event_id: str) -> None:
    """Delete the row with ``event_id`` and then the stored occurrences of that series.

    Raises:
        NoDataError: no row has ``event_id``.
    """
    context = _get_current_context()
    context.remove_from_database(table, lambda row: row["event_id"] == event_id)
    if any(row["recurrent_event_id"] == event_id for row in context.get_database(table)):
        context.remove_from_database(table, lambda row: row["recurrent_event_id"] == event_id)


# --- The user's calendar ------------------------------------------------------------------


def get_default_preparation_time() -> Duration:
    """How long the user usually needs to prepare for a meeting: 30 minutes.

    Returns:
        ``Duration(30, TimeUnits.Minutes)``.
    """
    return Duration(30, TimeUnits.Minutes)


def add_event(event: Event) -> EventId:
    """Save an event in the user's calendar: create a new one or update an existing one.

    * A new event (``event_id`` is ``None``) receives a new ``event_id``. If it
      has no ``ends_at``, it gets one 16 minutes after ``starts_at``. Both
      changes are made on the object you pass in.
    * An event whose ``event_id`` is already in the calendar (for example one
      returned by :func:`find_events` and then modified) replaces the stored
      version. For a recurring series, all its stored occurrences are
      regenerated. Setting ``repeats`` to ``None`` on a series turns it into a
      single event. Saving one occurrence of a series changes only that occurrence.
    * A recurring event is stored as the series plus one stored occurrence per
      repetition (the first 23 if the rule has no end). A ``recurs_until`` on
      its rule is rewritten, on your object too, to that day at the event's
      start time.

    No check is made for conflicts with other events or for room availability,
    and attendees are not notified. To book a room, set ``location`` to the
    room's name before saving.

    Args:
        event: the event to save. Give at least ``starts_at`` for a new event.

    Returns:
        The event's id.

    Raises:
        EventDefinitionError: a recurring event has no ``starts_at`` (or, when
            updating an existing event, no ``ends_at``).
        TypeError: a new event has no ``ends_at`` and no usable ``starts_at``.
        ComputeError: a field holds a value of a type its calendar column cannot
            store, e.g. text in ``starts_at`` or a list in ``location`` (fields are
            not checked on assignment); nothing is stored.
        PydanticSerializationError: a people list holds something other than
            employees; nothing is stored.
    """
    validate_starts_at(event)
    if event.event_id is None:
        if event.ends_at is None:
            logger.warning(
                "Event %r has no end time; it will last %d minutes.",
                event.subject,
                DEFAULT_EVENT_DURATION_MINUTES,
            )
            try:
                event.ends_at = event.starts_at + datetime.timedelta(minutes=DEFAULT_EVENT_DURATION_MINUTES)
            except TypeError:
                # No start, or a start that is not a datetime (fields are not
                # checked on assignment): the original reports both this way.
                raise TypeError("Could not schedule event without start time") from None
        event.event_id = _new_id()
    event_id = event.event_id
    if any(row["event_id"] == event_id for row in _user_calendar_rows()):
        _remove_event_rows(_Tables.USER_CALENDAR, event_id)
    starts = _occurrence_starts(event) if event.repeats is not None else None
    series_row = _event_to_row(event)
    rows = [series_row] if starts is None else [series_row, *_instance_rows(series_row, event, starts)]
    _get_current_context().add_to_database(_Tables.USER_CALENDAR, rows)
    return event_id


def _find_event_helper(attendees: list | None, subject: str | None) -> list:
    """Stored series and single events matching the attendee set and the subject.

    Occurrence rows take part in the subject search (and count towards its
    50-result limit) before they are left out, as in the original library.
    """
    rows = _user_calendar_rows()
    if attendees is not None:
        rows = exact_match_filter_dataframe(rows, "attendees", _ids_sorted_by_name(attendees))
    if subject:
        rows = fuzzy_match_filter_dataframe(rows, "subject", subject)
    rows = exact_match_filter_dataframe(rows, "recurrent_event_id", None)
    return _events_from_rows(rows)


def _starts_at(event):
    return event.starts_at


def find_events(attendees: list[Employee] | None = None, subject: str | None = None) -> list[Event]:
    """Find upcoming events in the user's calendar (starting now or later).

    With no arguments, every upcoming event is returned.

    * ``attendees`` is an exact match on the whole set of attendees: the event's
      attendees must be exactly these people, no more and no fewer, in any
      order. To find events that include someone among others, call
      :func:`find_events` without ``attendees`` and inspect ``event.attendees``.
      Do not include the user: the user is never listed among attendees.
      ``[]`` finds events whose attendee list is empty.
    * ``subject`` is a fuzzy match on the event's subject: case and punctuation
      are ignored and a word or part of the subject matches ("sync" finds
      "Weekly Sync"), but so may other similar subjects. An empty string means
      no subject filter.

    A recurring series appears only once, as its first occurrence, and only if
    that first occurrence is upcoming: a series that started in the past is
    returned by :func:`find_past_events` instead, even if it continues.

    Args:
        attendees: the exact set of attendees, or ``None`` for any.
        subject: text to look for in the subject, or ``None`` for any.

    Returns:
        The matching events sorted by start time (equal start times keep match
        order). An empty list when nothing matches.
    """
    now = now_()
    upcoming = [event for event in _find_event_helper(attendees, subject) if event.starts_at >= now]
    return sorted(upcoming, key=_starts_at)


def find_past_events(attendees: list[Employee] | None = None, subject: str | None = None) -> list[Event]:
    """Find events in the user's calendar that started before now.

    Matching works exactly as in :func:`find_events` (exact attendee set, fuzzy
    subject). A recurring series whose first occurrence is in the past is
    returned here, as that first occurrence, even if it continues into the future.

    Args:
        attendees: the exact set of attendees, or ``None`` for any.
        subject: text to look for in the subject, or ``None`` for any.

    Returns:
        The matching events sorted by start time, oldest first.
    """
    now = now_()
    past = [event for event in _find_event_helper(attendees, subject) if event.starts_at < now]
    return sorted(past, key=_starts_at)


def delete_event(event: Event) -> None:
    """Remove an event from the user's calendar.

    Deleting a recurring series (as returned by :func:`find_events`) removes all
    its occurrences; deleting a single occurrence removes only that one.

    Args:
        event: an event of the user's calendar, as returned by :func:`find_events`
            or :func:`find_past_events`.

    Raises:
        SearchError: the event has no ``event_id`` (it was never saved).
        NoDataError: no event with that id is in the user's calendar (e.g. an
            event from a colleague's calendar, or one already deleted).
    """
    if event.event_id is None:
        raise SearchError("Not in database: " + str(event) + " ")
    _remove_event_rows(_Tables.USER_CALENDAR, event.event_id)


# --- Colleagues' calendars ----------------------------------------------------------------


def get_calendar(employee: Employee) -> list[Event]:
    """All events in a colleague's calendar.

    Unlike :func:`find_events`, the result is neither filtered by time (past
    events are included) nor sorted (storage order). A recurring series
    appears as the series itself and, additionally, as each of its
    occurrences, so the first occurrence is listed twice. Events may have no
    ``ends_at``. The owner of the calendar is normally not among the attendees.
    The user's own calendar is not available here (the result is ``[]``); use
    :func:`find_events` for it.

    Args:
        employee: the colleague, from the company directory.

    Returns:
        The colleague's events, or ``[]`` if they have none.
    """
    rows = _get_current_context().get_database(_Tables.SHARED_CALENDARS)
    owned = exact_match_filter_dataframe(rows, "calendar_id", employee.employee_id)
    return _events_from_rows(owned)


def share_calendar(recipients: list[Employee]) -> None:
    """Give colleagues access to the user's calendar.

    Each call grants access once more; share with everybody in a single call
    and do not repeat it for people who already have access.

    Args:
        recipients: the colleagues who get access.
    """
    visible_to = sorted(person.employee_id for person in recipients)
    _get_current_context().add_to_database(_Tables.USER_METADATA, [{"calendar_visible_to": visible_to}])


# --- Free time -------------------------------------------------------------------------------


def get_search_settings(calendar_key: Literal["work", "default"]) -> CalendarSearchSettings:
    """The working-day bounds used to search for free time: 09:06 to 17:10.

    Args:
        calendar_key: ``"work"`` or ``"default"`` (both give the same settings).

    Returns:
        ``CalendarSearchSettings(datetime.time(9, 6), datetime.time(17, 10))``.
    """
    if calendar_key not in ("work", "default"):
        raise ValueError("Only work and default calendar are supported.")
    return CalendarSearchSettings(
        parse_time_string(TimeExpressions.StartOfWorkDay),
        parse_time_string(TimeExpressions.EndOfWorkDay),
    )


def _touches(event: Event, day: datetime.date) -> bool:
    return event.starts_at.date() <= day <= event.ends_at.date()


def _no_event_on(day: datetime.date, events: list) -> bool:
    """Whether no event spans ``day``.

    Each event is made into a ``TimeInterval`` first, as in the original, so
    an event without a start or an end fails that type's check
    (``BeartypeCallHintParamViolation``) here.
    """
    return not any(TimeInterval(event.starts_at, event.ends_at).contains_date(day) for event in events)


def _start_or_earliest(event):
    return event.starts_at or datetime.datetime.min


def _gaps_on(day: datetime.date, events: list, day_start: datetime.time, day_end: datetime.time) -> list:
    """Free intervals of ``day`` between ``day_start`` and ``day_end`` around ``events``."""
    cursor = datetime.datetime.combine(day, day_start)
    gaps = []
    for event in sorted(events, key=lambda e: (e.starts_at, e.ends_at)):
        if cursor < event.starts_at:
            gaps.append(TimeInterval(cursor, event.starts_at))
        cursor = max(cursor, event.ends_at)
    closing = datetime.datetime.combine(day, day_end)
    if cursor < closing:
        gaps.append(TimeInterval(cursor, closing))
    return gaps


def _working_day(day: datetime.date, day_start: datetime.time, day_end: datetime.time) -> TimeInterval:
    return TimeInterval(datetime.datetime.combine(day, day_start), datetime.datetime.combine(day, day_end))


def find_available_slots(
    events: list[Event],
    search_settings: CalendarSearchSettings | None = None,
    date: datetime.date | None = None,
) -> list[TimeInterval]:
    """Free time between the given events, within working hours.

    Only the events you pass are considered: typically ``find_events()`` for
    the user, ``get_calendar(colleague)`` for a colleague, or both lists
    concatenated to find time that suits everyone. Events shown as ``Free``
    do not block time; ``Busy`` and ``OutOfOffice`` events do.

    How the slots are computed:

    * With no blocking events, or with ``date`` given and no blocking event on
      that day, the whole working day is free: ``date`` gives one slot for that
      day, and without ``date`` there is one slot per day from today to next
      Friday.
    * Otherwise every day from the first event's start date to the last
      event's end date is examined (only ``date`` if given), weekends
      included. Each day yields the gaps between its events within working
      hours; a day without events yields the whole working day.

    Check the result yourself for what the search does not do: slots are not
    limited to the future (past days and the earlier part of today are
    included), weekend days inside the span are included, and a slot can end
    after the end of the working day when an event starts after it.

    Args:
        events: the events whose time is taken; every one needs ``starts_at`` and ``ends_at``.
        search_settings: working-day bounds (default: 09:06 to 17:10, see :func:`get_search_settings`).
        date: look only at this day (a ``datetime.date``, not a datetime).

    Returns:
        Free intervals sorted by start time; ``[]`` if there is no free time.
    """
    if search_settings is None:
        search_settings = CalendarSearchSettings(
            parse_time_string(TimeExpressions.StartOfWorkDay),
            parse_time_string(TimeExpressions.EndOfWorkDay),
        )
    day_start, day_end = search_settings
    blocking = [event for event in events if event.show_as_status != ShowAsStatus.Free]
    if not blocking or (date is not None and _no_event_on(date, blocking)):
        if date is not None:
            return [_working_day(date, day_start, day_end)]
        today = now_().date()
        last_day = get_next_dow("Friday")
        return [
            _working_day(today + datetime.timedelta(days=offset), day_start, day_end)
            for offset in range((last_day - today).days + 1)
        ]
    # The span runs from the earliest start to the latest end among the events
    # that have one (today when none has). Events lacking a start or an end are
    # only noticed below, on the days the span reaches, as in the original: a
    # day's filter reads the start first and the end only when the start is
    # not after that day.
    starts = [event.starts_at for event in blocking if event.starts_at]
    ends = [event.ends_at for event in blocking if event.ends_at]
    first_day = (min(starts) if starts else now_()).date()
    last_day = (max(ends) if ends else now_()).date()
    blocking.sort(key=_start_or_earliest)
    if date is not None:
        days = [date]
    else:
        days = [first_day + datetime.timedelta(days=n) for n in range((last_day - first_day).days + 1)]
    slots = []
    for day in days:
        on_day = [event for event in blocking if _touches(event, day)]
        slots.extend(_gaps_on(day, on_day, day_start, day_end))
    return sorted(slots, key=lambda slot: slot.start)


# --- Summaries ------------------------------------------------------------------------------


def summarise_calendar(events: list[Event], name: str | None = None) -> str:
    """A short text about a list of events: how many there are and the first one.

    The first event is the first of the list as given (it is not sorted).

    Args:
        events: the events to summarise.
        name: whose calendar it is (``None`` for the user's own).

    Returns:
        e.g. ``"There are 3 events in Bob's calendar. Here are the details of the first: ..."``
        or ``"There are no events in your calendar."``.
    """
    owner = "your calendar" if name is None else f"{name}'s calendar"
    if not events:
        return f"There are no events in {owner}."
    return f"There are {len(events)} events in {owner}. Here are the details of the first: {events[0]}"


def provide_event_details(events: list[Event]) -> str:
    """Describe events in text, one line per event, sorted by start time.

    Returns:
        For one event, its description (``str(event)``). For several, lines
        ``"<i>. <description>"`` numbered from 0 and joined by newlines. With no
        events, ``"There are no events that satisfy these criteria"``.

    Raises:
        TypeError: several events are given and one of them has no ``starts_at``.
    """
    if not events:
        return "There are no events that satisfy these criteria"
    ordered = sorted(events, key=_starts_at)
    if len(ordered) == 1:
        return str(ordered[0])
    return "\n".join(f"{number}. {event}" for number, event in enumerate(ordered))


# --- Helpers of the executable layer (not in the original documentation) ----------------


def validate_starts_at(event) -> None:
    """Check that a recurring event has a start time.

    Raises:
        EventDefinitionError: ``event.repeats`` is set but ``event.starts_at`` is ``None``.
    """
    if event.repeats is not None and event.starts_at is None:
        raise EventDefinitionError(_MISSING_START_MESSAGE)


def expand_to_instances(event: Event) -> list[Event] | None:
    """The single occurrences of a recurring event, as separate events (nothing is stored).

    Each occurrence is a copy of ``event`` with a new ``event_id``, no
    ``repeats``, ``starts_at`` moved to the occurrence and the same length,
    ``recurrent_event_id`` set to ``event.event_id`` and ``original_starts_at``
    set to ``event.starts_at``. A rule without an end gives its first 23
    occurrences. Note that the first occurrence is not always ``starts_at``
    itself: with weekday or month-day rules it is the first matching day.

    Returns:
        The occurrences in chronological order, or ``None`` when ``event.repeats`` is ``None``.

    Raises:
        EventDefinitionError: the event has no ``starts_at`` or no ``ends_at``.
    """
    if event.repeats is None:
        return None
    starts = _occurrence_starts(event)
    length = event.ends_at - event.starts_at
    return [
        _copy_event(
            event,
            {
                "event_id": _new_id(),
                "repeats": None,
                "starts_at": start,
                "ends_at": start + length,
                "recurrent_event_id": event.event_id,
                "original_starts_at": event.starts_at,
            },
        )
        for start in starts
    ]


def get_event_ids(namespace: "DatabaseNamespace | None" = None) -> set[EventId]:
    """The ids of every event stored in the user's calendar, occurrences of series included.

    Call it without arguments. (As in the original library, passing a
    namespace is rejected by the type check, because the annotation refers to
    a name this module does not define at run time.)

    Returns:
        A set of event ids.
    """
    return {row["event_id"] for row in _user_calendar_rows()}


def get_event_instances(event: Event) -> list[Event]:
    """The stored occurrences of a recurring event of the user's calendar.

    Args:
        event: a series (or any event) stored in the user's calendar.

    Returns:
        The occurrences sorted by start time; ``[]`` for an event that does not repeat.

    Raises:
        SearchError: the event's id is not in the user's calendar.
    """
    rows = _user_calendar_rows()
    if not any(row["event_id"] == event.event_id for row in rows):
        raise SearchError(
            "The event you are looking for is not in the calendar. "
            "This function should only be called with existing events."
        )
    occurrences = exact_match_filter_dataframe(rows, "recurrent_event_id", event.event_id)
    return sorted(_events_from_rows(occurrences), key=_starts_at)


def get_event_by_id(event_id: str) -> Event:
    """The event of the user's calendar (a series, a single event or an occurrence) with this id.

    Raises:
        SearchError: no event has this id.
    """
    matches = exact_match_filter_dataframe(_user_calendar_rows(), "event_id", event_id)
    if not matches:
        raise SearchError(f"No event with {event_id} was found in the calendar.")
    return Event.from_dict(matches[0])
