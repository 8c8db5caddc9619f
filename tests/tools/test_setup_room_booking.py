"""Room setup tools (spec: evaluation-tools.md, section 5)."""

import datetime
import uuid

import pytest

from aspera_core.library.time_utils import TimeInterval
from aspera_core.tools.setup.room_booking import (
    RoomBookingID,
    RoomId,
    create_booking,
    create_room,
    simulate_conference_room,
)
from aspera_core.world.errors import ComputeError
from aspera_core.world.state import DatabaseNamespace, ExecutionContext, new_context


@pytest.fixture
def world():
    with new_context(ExecutionContext()) as context:
        yield context


def interval(day, start_hour, end_hour):
    return TimeInterval(datetime.datetime(2024, 6, day, start_hour), datetime.datetime(2024, 6, day, end_hour))


def rooms(context):
    return context.get_database(DatabaseNamespace.CONFERENCE_ROOMS)


def bookings(context):
    return context.get_database(DatabaseNamespace.CONFERENCE_ROOM_BOOKINGS)


def test_aliases():
    assert RoomId is str and RoomBookingID is str


def test_create_room_and_booking_return_new_uuids(world):
    room_id = create_room("Alpha", 4)
    booking_id = create_booking(room_id, datetime.datetime(2024, 6, 26, 10), datetime.datetime(2024, 6, 26, 11))
    uuid.UUID(room_id), uuid.UUID(booking_id)
    assert rooms(world) == [{"room_id": room_id, "capacity": 4, "room_name": "Alpha"}]
    assert bookings(world) == [
        {
            "room_id": room_id,
            "booking_id": booking_id,
            "start": datetime.datetime(2024, 6, 26, 10),
            "end": datetime.datetime(2024, 6, 26, 11),
        }
    ]
    assert create_room("Beta", 4) != room_id


def test_simulate_conference_room_writes_bookings_in_dict_then_list_order(world):
    result = simulate_conference_room(
        "Umber",
        2,
        {
            datetime.date(2024, 6, 28): [interval(28, 15, 16), interval(28, 10, 11)],
            datetime.date(2024, 1, 1): [interval(27, 12, 13)],
        },
    )
    assert result is None
    [room] = rooms(world)
    assert room["room_name"] == "Umber" and room["capacity"] == 2
    assert [(b["start"].day, b["start"].hour) for b in bookings(world)] == [(28, 15), (28, 10), (27, 12)]
    assert {b["room_id"] for b in bookings(world)} == {room["room_id"]}
    assert len({b["booking_id"] for b in bookings(world)}) == 3


def test_room_without_bookings(world):
    simulate_conference_room("Quiet", 3)
    simulate_conference_room("Quieter", 3, {})
    assert [r["room_name"] for r in rooms(world)] == ["Quiet", "Quieter"]
    assert bookings(world) == []


def test_capacity_must_fit_in_a_byte(world):
    simulate_conference_room("Hangar", 255)
    with pytest.raises(ComputeError):
        simulate_conference_room("Stadium", 300)
    assert [r["room_name"] for r in rooms(world)] == ["Hangar"]


def test_capacity_given_as_text_or_float_is_stored_as_an_integer(world):
    simulate_conference_room("Kiln", "8")
    simulate_conference_room("Forge", 8.5)
    assert [(r["room_name"], r["capacity"]) for r in rooms(world)] == [("Kiln", 8), ("Forge", 8)]
    with pytest.raises(ComputeError):
        simulate_conference_room("Hall", "eight")
    assert len(rooms(world)) == 2
