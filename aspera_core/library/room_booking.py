"""Conference rooms: finding rooms and the times when they are free.

There is no booking function. To book a room for a meeting, set the event's
``location`` to the room's name and save the event with
``work_calendar.add_event``. That does not register a booking here, so later
searches in this module still show the room as free at that time.
"""

import datetime
import re as _re
from typing import TYPE_CHECKING

from pydantic import BaseModel

from aspera_core.library._rows import exact_match_filter_dataframe as _exact_match_filter
from aspera_core.library._rows import filter_dataframe, gt_eq_filter_dataframe
from aspera_core.library.exceptions import SearchError
from aspera_core.library.time_utils import (
    TimeExpressions,
    TimeInterval,
    combine,
    get_next_dow,
    now_,
    parse_time_string,
)
from aspera_core.world import DatabaseNamespace as _Tables
from aspera_core.world import get_current_context as _get_current_context


class ConferenceRoom(BaseModel):
    """A conference room.

    Attributes:
        room_name: the room's name; put it in an event's ``location`` to book the room.
        capacity: how many people the room seats.
    """

    room_name: str
    capacity: int


class RoomAvailability(BaseModel):
    """A room and its free time within the searched periods.

    Read the parts as attributes (``availability.room``,
    ``availability.free_slots``); the object cannot be indexed or unpacked
    like a tuple.

    Attributes:
        room: the room.
        free_slots: the free intervals, in the order of the searched periods;
            empty when the room is fully booked.
    """

    room: ConferenceRoom
    free_slots: list[TimeInterval]


def _maybe_convert_to_time_interval(time_window):
    """Turn a list of days into working-day intervals; leave a list of intervals unchanged.

    Only the first element decides: if it is a date (or datetime), every
    element is read as a day and becomes 09:06-17:10 of that day.

    Raises:
        IndexError: the list is empty.
    """
    if isinstance(time_window[0], datetime.date):
        day_start = parse_time_string(TimeExpressions.StartOfWorkDay)
        day_end = parse_time_string(TimeExpressions.EndOfWorkDay)
        return [TimeInterval(combine(day, day_start), combine(day, day_end)) for day in time_window]
    return time_window


def _room_pattern_matches(pattern: str, room_name: str) -> bool:
    """Whether ``pattern``, read as a case-insensitive regular expression, occurs in ``room_name``."""
    try:
        return _re.search(pattern, room_name, _re.IGNORECASE) is not None
    except _re.error:
        # An invalid pattern matches no room.
        return False


def _resolve_room(room_name: str) -> dict:
    rooms = _get_current_context().get_database(_Tables.CONFERENCE_ROOMS)
    for room in filter_dataframe(rooms, lambda row: _room_pattern_matches(room_name, row["room_name"])):
        return room
    raise SearchError(f"Room '{room_name}' not found")


def _free_parts(window, bookings: list) -> list:
    """The parts of ``window`` not covered by ``bookings``, sweeping bookings in stored order."""
    window_start, window_end = window.start, window.end
    overlapping = [b for b in bookings if b["start"] <= window_end and b["end"] >= window_start]
    if not overlapping:
        return [window]
    free = []
    cursor = window_start
    for booking in overlapping:
        if cursor < booking["start"]:
            free.append(TimeInterval(cursor, booking["start"]))
        cursor = max(cursor, booking["end"])
    if cursor < window_end:
        free.append(TimeInterval(cursor, window_end))
    return free


def find_available_time_slots(
    room_name: str, time_window: list[TimeInterval] | list[datetime.date]
) -> list[TimeInterval]:
    """The free time of one conference room within the given periods.

    The room is found by searching for ``room_name`` inside the stored room
    names, ignoring case; the first room (in storage order) whose name
    contains it is used. ``"alpha"`` therefore finds ``"Alpha Room"``, and
    ``"Room 1"`` may find ``"Room 10"``. The name is read as a regular
    expression, so characters such as ``(`` or ``.`` have their regex meaning.

    Args:
        room_name: the room's name (or a distinctive part of it).
        time_window: the periods to examine, either intervals or days. A day
            stands for its working hours, 09:06 to 17:10. Do not mix the two.

    Returns:
        The free intervals, period by period in the given order. A period
        without bookings is returned whole. A booking that merely touches a
        period (ends when it starts) counts as overlapping it. ``[]`` when
        the room is booked throughout.

    Raises:
        SearchError: no room name matches ``room_name``.
        IndexError: ``time_window`` is empty.
    """
    windows = _maybe_convert_to_time_interval(time_window)
    room = _resolve_room(room_name)
    all_bookings = _get_current_context().get_database(_Tables.CONFERENCE_ROOM_BOOKINGS)
    bookings = _exact_match_filter(all_bookings, "room_id", room["room_id"])
    free = []
    for window in windows:
        free.extend(_free_parts(window, bookings))
    return free


def room_booking_default_time_window() -> TimeInterval:
    """The default period for room searches: from now until the end of the working day next Friday.

    Returns:
        ``TimeInterval(2024-06-25 09:06, 2024-06-28 17:10)`` with the fixed clock.
    """
    return TimeInterval(now_(), combine(get_next_dow("Friday"), parse_time_string(TimeExpressions.EndOfWorkDay)))


def search_conference_room(
    time_constraints: list[TimeInterval] | list[datetime.date], capacity: int | None = None
) -> list[RoomAvailability]:
    """Every conference room (with enough seats) and its free time within the given periods.

    Args:
        time_constraints: the periods to examine, either intervals or days (a
            day stands for 09:06 to 17:10). Use
            ``[room_booking_default_time_window()]`` for "from now until Friday".
        capacity: the minimum number of seats, or ``None`` for any room.

    Returns:
        One entry per qualifying room, in storage order, including rooms with
        no free time (empty ``free_slots``): filter the result yourself for the
        times you need. ``[]`` when no room qualifies.

    Raises:
        IndexError: ``time_constraints`` is empty (unless no room has enough seats).
    """
    rooms = _get_current_context().get_database(_Tables.CONFERENCE_ROOMS)
    if capacity is not None:
        rooms = gt_eq_filter_dataframe(rooms, "capacity", capacity)
        if not rooms:
            return []
    constraints = _maybe_convert_to_time_interval(time_constraints)
    return [
        RoomAvailability(
            room=ConferenceRoom(room_name=room["room_name"], capacity=room["capacity"]),
            # Rooms are looked up again by name, exactly as a program would.
            free_slots=find_available_time_slots(room["room_name"], constraints),
        )
        for room in rooms
    ]


def summarise_availability(schedule: list[RoomAvailability], room_name: str | None = None) -> str:
    """Describe room availability in text, one block per room.

    Args:
        schedule: the result of :func:`search_conference_room` (or a part of it).
        room_name: describe only the entries for the room with exactly this name
            (see Raises).

    Returns:
        Blocks separated by an empty line, each ``Room: <name> (Capacity: <n>)``
        followed by one ``  Available: <start> to <end>`` line per free slot
        (times as ``YYYY-MM-DD HH:MM``) or ``   Fully booked!``. ``"No rooms found!"``
        when there is nothing to describe.

    Raises:
        TypeError: ``room_name`` is given and ``schedule`` is not empty, as in
            the original library, unless the world runs with the library's
            fixes switched on.
    """
    if room_name is not None:
        if not _get_current_context().library_fixes and schedule:
            # The original reads each entry like a tuple here, which always fails.
            raise TypeError("'RoomAvailability' object is not subscriptable")
        schedule = [entry for entry in schedule if entry.room.room_name == room_name]
    if not schedule:
        return "No rooms found!"
    return "\n".join(_describe_room(entry) for entry in schedule)


def _describe_room(entry: RoomAvailability) -> str:
    lines = [f"Room: {entry.room.room_name} (Capacity: {entry.room.capacity})\n"]
    for slot in entry.free_slots:
        lines.append(f"  Available: {slot.start:%Y-%m-%d %H:%M} to {slot.end:%Y-%m-%d %H:%M}\n")
    if not entry.free_slots:
        lines.append("   Fully booked!\n")
    return "".join(lines)
