"""Create conference rooms and their existing bookings."""

import datetime
import uuid

from aspera_core.library.time_utils import TimeInterval
from aspera_core.world import DatabaseNamespace, get_current_context

#: A conference room's unique id.
RoomId = str
#: A booking's unique id.
RoomBookingID = str


def create_room(room_name: str, capacity: int) -> RoomId:
    """Store a conference room and return its new id.

    The capacity column holds 0-255 and converts like the original's: numeric
    text and floats are truncated to an integer (``"8"`` and ``8.5`` give 8).

    Raises:
        ComputeError: ``capacity`` is not a number or does not fit 0-255.
    """
    room_id = str(uuid.uuid4())
    get_current_context().add_to_database(
        DatabaseNamespace.CONFERENCE_ROOMS,
        [{"room_id": room_id, "capacity": capacity, "room_name": room_name}],
    )
    return room_id


def create_booking(room_id: str, start: datetime.datetime, end: datetime.datetime) -> RoomBookingID:
    """Store a booking of a room from ``start`` to ``end`` and return its new id."""
    booking_id = str(uuid.uuid4())
    get_current_context().add_to_database(
        DatabaseNamespace.CONFERENCE_ROOM_BOOKINGS,
        [{"room_id": room_id, "booking_id": booking_id, "start": start, "end": end}],
    )
    return booking_id


def simulate_conference_room(
    room_name: str,
    capacity: int,
    bookings: dict[datetime.date, list[TimeInterval]] | None = None,
) -> None:
    """Create a conference room with existing bookings.

    The room gets a new id. Bookings are stored in the order of the dict and of
    each list; the dict keys only group them and are not checked against the
    intervals. Bookings are not checked either (they may lie in the past or
    outside working hours). Avoid room names that contain one another: rooms
    are looked up by a search within names, so "Bay 1" can resolve to "Bay 10".

    Args:
        room_name: the room's name.
        capacity: number of seats (0-255; see :func:`create_room` for other types).
        bookings: intervals during which the room is taken, grouped by day.

    Raises:
        ComputeError: ``capacity`` is not a number or does not fit 0-255 (nothing is stored).
    """
    room_id = create_room(room_name, capacity)
    for intervals in (bookings or {}).values():
        for interval in intervals:
            create_booking(room_id, interval.start, interval.end)
