"""The assistant's world as plain Python data: no library, only the standard library.

Write one function that takes one argument, ``world``, and carries out the
user's request by reading and changing the data in it. Everything in the
world is made of built-in types (``dict``, ``list``, ``str``, ``int``,
``bool``, ``None``) and ``datetime`` values, so the only modules you need are
standard-library ones such as ``datetime``, ``calendar`` or ``re``; import
them inside your function. The function is called once; ``world`` is fresh
on every call.

People, events and rooms are dictionaries, described below as ``TypedDict``
classes so that you can see their keys and value types (at run time they are
ordinary ``dict`` objects: read them as ``employee["name"]``). People are
referred to everywhere by their ``employee_id``.

What you may change, and what happens afterwards:

* ``world.calendar`` is the user's own calendar. When your function ends,
  the calendar is saved as you left it: new entries are created, changed
  entries are updated and entries you removed from the list are deleted
  from the calendar. Entries you did not touch stay exactly as they were.
* ``world.calendar_shared_with`` lists the colleagues who can see the user's
  calendar. Append an employee id to share the calendar with that person.
  Access cannot be withdrawn, and appending a person who already has access
  grants it a second time.
* Everything else (the directory, holidays, colleagues' calendars, rooms and
  room bookings) is a copy for you to read: changes to it are discarded.
* The order of the entries in ``world.calendar`` means nothing.

To answer a question, return the answer (for example a number, a
``datetime``, a name or a list of names). For a request that only asks for
an action, return nothing.

When the request cannot be carried out without the user (the name or meeting
they mention matches nobody, or several people or meetings; or what they ask
is impossible), hand the request back to them: raise
``world.RequiresUserInput`` with a message saying what they must clarify.
Do this before changing anything: changes made before raising are saved too.

If what your function leaves in ``world.calendar`` or
``world.calendar_shared_with`` cannot be saved (a missing or unknown key, a
value of the wrong type, an unknown id, two entries with the same
``event_id``), the whole request fails with a ``ControlWorldError`` naming
the entry and the key.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from typing import ClassVar, Literal, TypedDict

from aspera_core.library.exceptions import RequiresUserInput as _RequiresUserInput


class ControlWorldError(Exception):
    """The world a program left behind cannot be saved (a malformed entry, an unknown id, ...).

    The message names the entry and the key, e.g.
    ``world.calendar[2]['starts_at']: expected a datetime.datetime, got str '2024-06-27 15:00'``.
    """


class Employee(TypedDict):
    """One person in the company directory (the user is one of them).

    Keys:
        employee_id: the person's unique id; use it to refer to the person anywhere else.
        name: the person's name, for example ``"Marisol"`` or ``"Mary-Jo Keane"``. Names need
            not be unique: several people may share a first name.
        email_address: work e-mail address.
        mobile: mobile phone number.
        team: one of ``"salesmarketing"`` (Sales and Marketing), ``"engineering"``,
            ``"finance"``, ``"leadership"`` (the CEO, COO and CFO) and ``"assistants"``
            (the leaders' assistants).
        role: one of ``"CEO"``, ``"COO"``, ``"CFO"``, ``"Manager"``, ``"Team Member"``, ``"Assistant"``.
        video_conference_link: the person's personal video-call link.
        joined_date: the day the person joined the company.
        birth_date: the person's birthday.
        manager: ``employee_id`` of the person's manager; ``None`` only for the CEO.
            A leader's assistant has that leader as manager.
        assistant: ``employee_id`` of the person's assistant; only the CEO, COO and CFO have one.
        reports: ``employee_id`` of each direct report (``[]`` when none). A leader's
            assistant is not among the leader's reports.
        is_user: ``True`` for the user of this device (the person you are assisting).

    A person's team-mates are the other people with the same ``team``; the
    team includes its manager.
    """

    employee_id: str
    name: str
    email_address: str
    mobile: str
    team: str
    role: str
    video_conference_link: str
    joined_date: datetime.date
    birth_date: datetime.date
    manager: str | None
    assistant: str | None
    reports: list[str]
    is_user: bool


class Repeats(TypedDict):
    """The rule of a recurring event, in the style of an iCalendar RRULE.

    The first occurrence is at the event's ``starts_at``; every occurrence has
    the same time of day and the same length. Give ``max_repetitions`` or
    ``recurs_until`` for a series that ends, never both; a rule with neither
    gets its first 23 occurrences.

    Keys:
        frequency: ``"daily"``, ``"weekly"``, ``"monthly"`` or ``"yearly"``.
        period: step between periods, e.g. 2 with ``"weekly"`` for every other week (default 1).
        recurs_until: last day of the series, included (a date, or a datetime whose time is ignored).
        max_repetitions: total number of occurrences.
        which_weekday: days of the week to repeat on, 0 = Monday ... 6 = Sunday.
        which_month_day: days of the month to repeat on, 1 = the first.
        which_year_month: months of the year to repeat in, 1 = January.
        bysetpos: picks the n-th candidate within each period (negative counts from the end):
            ``which_weekday=[4]`` and ``bysetpos=[-1]`` with ``"monthly"`` is the last Friday of each month.
        exclude_occurrence: start datetimes of occurrences to leave out.
        occurrence_on_date: one more start datetime to leave out.

    Keys you leave out are ``None`` (``period``: 1).
    """

    frequency: str
    period: int
    recurs_until: datetime.date | None
    max_repetitions: int | None
    which_weekday: list[int] | None
    which_month_day: list[int] | None
    which_year_month: list[int] | None
    bysetpos: list[int] | None
    exclude_occurrence: list[datetime.datetime] | None
    occurrence_on_date: datetime.datetime | None


class Event(TypedDict):
    """One calendar entry: a meeting, an appointment, a block of time.

    Keys:
        event_id: the entry's unique id. Leave it out (or ``None``) in a new entry; it is
            assigned when the calendar is saved. Never change it and never give two
            entries the same id: to add a copy of an entry, make a new dict without
            ``event_id``.
        subject: the title.
        starts_at: start date and time (required).
        ends_at: end date and time (required).
        attendees: ``employee_id`` of each person attending. The user is never listed:
            a meeting with only the user has ``[]`` or ``None``.
        optional_attendees: ``employee_id`` of each optional attendee.
        attendees_to_avoid: ``employee_id`` of each person who must not be invited.
        declined_by: ``employee_id`` of each person who declined.
        tentative_attendees: ``employee_id`` of each person who has not confirmed yet.
        location: where it happens. Setting it to a conference room's ``room_name`` books that room.
        show_as_status: ``"busy"`` (default), ``"outofoffice"`` or ``"free"``; only ``"free"``
            entries leave the time free.
        event_importance: ``"normal"`` (default) or ``"high"``.
        notes: free text.
        video_link: link of the video call.
        repeats: for a recurring series, its rule (see ``Repeats``); ``None`` otherwise.
        recurrent_event_id: only on an occurrence of a recurring series: the series' ``event_id``.
        original_starts_at: only on an occurrence: the series' ``starts_at``.

    Keys you leave out take their defaults (``None``, ``"busy"``, ``"normal"``);
    ``starts_at`` and ``ends_at`` are required. No other keys are allowed.

    A recurring event appears in a calendar as one *series* entry (``repeats``
    set) plus one entry per occurrence (``recurrent_event_id`` set to the
    series' id), so its first occurrence is listed twice: once as the series
    and once as an occurrence. To see what actually happens on a day, look at
    the entries whose ``repeats`` is ``None``.

    In ``world.calendar``:

    * to create a recurring event, append one series entry with ``repeats``;
      its occurrences are created when the calendar is saved;
    * changing a series entry re-creates all its occurrences from the rule
      (so changes made to its occurrences in the same call are dropped);
      setting its ``repeats`` to ``None`` turns it into a single event;
    * removing a series entry deletes all its occurrences;
    * changing or removing an occurrence affects that occurrence only.
    """

    event_id: str | None
    subject: str | None
    starts_at: datetime.datetime
    ends_at: datetime.datetime
    attendees: list[str] | None
    optional_attendees: list[str] | None
    attendees_to_avoid: list[str] | None
    declined_by: list[str] | None
    tentative_attendees: list[str] | None
    location: str | None
    show_as_status: Literal["busy", "outofoffice", "free"]
    event_importance: Literal["normal", "high"]
    notes: str | None
    video_link: str | None
    repeats: Repeats | None
    recurrent_event_id: str | None
    original_starts_at: datetime.datetime | None


class Vacation(TypedDict):
    """A holiday (time off) booked by one person.

    Keys:
        employee_id: who is away.
        start: when the absence begins.
        end: when it ends, as recorded (often 23:59 on the last day off, but any time is
            possible). Someone is away on every day from ``start``'s day to ``end``'s day.
    """

    employee_id: str
    start: datetime.datetime
    end: datetime.datetime


class Room(TypedDict):
    """A conference room.

    Keys:
        room_name: the room's name; put it in an event's ``location`` to book the room.
        capacity: how many people the room seats.
    """

    room_name: str
    capacity: int


class RoomBooking(TypedDict):
    """A time during which a conference room is taken.

    Booking a room for one of the user's meetings (by setting the meeting's
    ``location``) does not add a booking here.

    Keys:
        room_name: the room.
        start: when the booking begins.
        end: when it ends.
    """

    room_name: str
    start: datetime.datetime
    end: datetime.datetime


@dataclass
class World:
    """Everything your function can see, passed to it as its only argument.

    Attributes:
        now: the current date and time: always Tuesday 25 June 2024, 09:06. Use it (never
            ``datetime.datetime.now()``) for "now", "today", "tomorrow", "next week" and so on.
            Weeks run from Monday to Sunday.
        work_day_start: start of the working day, 09:06.
        work_day_end: end of the working day, 17:10.
        user_id: ``employee_id`` of the user.
        employees: everybody in the company, the user included.
        calendar: the user's calendar: every entry, past and future, in no particular order.
            Saved when your function ends (see above).
        colleague_calendars: each colleague's calendar, by the colleague's ``employee_id``
            (``[]`` for a colleague with no entries). Entries look like the user's; the
            calendar's owner is normally not among its attendees. Read-only.
        vacations: every holiday booked by anyone. Read-only.
        rooms: every conference room. Read-only.
        room_bookings: the times when conference rooms are taken. Read-only.
        calendar_shared_with: ``employee_id`` of each person the user's calendar is shared
            with. Append to share it; saved when your function ends.
        RequiresUserInput: the exception class to raise to hand the request back to the
            user, e.g. ``raise world.RequiresUserInput("Which Alex do you mean?")``.
    """

    now: datetime.datetime
    work_day_start: datetime.time
    work_day_end: datetime.time
    user_id: str | None
    employees: list[Employee] = field(default_factory=list)
    calendar: list[Event] = field(default_factory=list)
    colleague_calendars: dict[str, list[Event]] = field(default_factory=dict)
    vacations: list[Vacation] = field(default_factory=list)
    rooms: list[Room] = field(default_factory=list)
    room_bookings: list[RoomBooking] = field(default_factory=list)
    calendar_shared_with: list[str] = field(default_factory=list)

    # The library's own exception, so a hand-back is judged exactly as in the
    # library setting (same class, same outcome).
    RequiresUserInput: ClassVar[type[Exception]] = _RequiresUserInput


#: Keys of an event entry, in the order they are shown.
EVENT_KEYS = tuple(Event.__annotations__)
#: Keys of a recurrence rule.
REPEATS_KEYS = tuple(Repeats.__annotations__)
#: Event keys that hold lists of employee ids.
PEOPLE_KEYS = ("attendees", "optional_attendees", "attendees_to_avoid", "declined_by", "tentative_attendees")
SHOW_AS_VALUES = ("busy", "outofoffice", "free")
IMPORTANCE_VALUES = ("normal", "high")
FREQUENCY_VALUES = ("daily", "weekly", "monthly", "yearly")
