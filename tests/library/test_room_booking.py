"""Behaviour of conference-room search (spec: assistant-library.md, sections 7 and 8)."""

import datetime

import pytest
from beartype.roar import BeartypeCallHintParamViolation
from pydantic import ValidationError

from aspera_core.library import _rows, time_utils
from aspera_core.library import room_booking as rb
from aspera_core.library.exceptions import SearchError
from aspera_core.library.room_booking import (
    ConferenceRoom,
    RoomAvailability,
    _maybe_convert_to_time_interval,
    find_available_time_slots,
    room_booking_default_time_window,
    search_conference_room,
    summarise_availability,
)
from aspera_core.library.time_utils import TimeInterval
from aspera_core.tools.setup.room_booking import simulate_conference_room
from aspera_core.world.state import ExecutionContext, get_current_context, new_context


def at(day, hour, minute=0):
    """A datetime in June 2024 (days 8-30) or July 2024 (days 1-7)."""
    month = 6 if day > 7 else 7
    return datetime.datetime(2024, month, day, hour, minute)


def slot(day, h1, m1, h2, m2):
    return TimeInterval(at(day, h1, m1), at(day, h2, m2))


def day(d):
    return at(d, 0).date()


def working_day(d):
    return TimeInterval(at(d, 9, 6), at(d, 17, 10))


@pytest.fixture
def world():
    with new_context(ExecutionContext()) as context:
        yield context


@pytest.fixture
def rooms(world):
    simulate_conference_room("Saffron", 6, {day(26): [slot(26, 10, 0, 11, 0), slot(26, 14, 0, 15, 30)]})
    simulate_conference_room("Cobalt Suite", 12)
    simulate_conference_room("Bay 1", 4, {day(27): [slot(27, 9, 0, 17, 30)]})
    simulate_conference_room("Bay 10", 20, {day(26): [slot(26, 12, 0, 13, 0)]})
    # Stored out of time order, and one booking filed under an unrelated key.
    simulate_conference_room(
        "Umber Annex",
        2,
        {
            day(28): [slot(28, 15, 0, 16, 0), slot(28, 10, 0, 11, 0)],
            datetime.date(2024, 1, 1): [slot(28, 12, 0, 12, 30)],
        },
    )
    return world


# --- Models -----------------------------------------------------------------------------------


def test_conference_room_model():
    room = ConferenceRoom(room_name="Saffron", capacity=6)
    assert room == ConferenceRoom(room_name="Saffron", capacity=6)
    assert room != ConferenceRoom(room_name="Saffron", capacity=7)
    assert repr(room) == "ConferenceRoom(room_name='Saffron', capacity=6)"
    with pytest.raises(TypeError, match="unhashable"):
        hash(room)
    with pytest.raises(ValidationError, match="capacity"):
        ConferenceRoom(room_name="Saffron")


def test_room_availability_iterates_as_field_pairs():
    room = ConferenceRoom(room_name="Saffron", capacity=6)
    availability = RoomAvailability(room=room, free_slots=[slot(26, 9, 0, 10, 0)])
    assert [name for name, _ in availability] == ["room", "free_slots"]
    assert dict(availability)["room"] == room
    assert availability.free_slots == [slot(26, 9, 0, 10, 0)]
    with pytest.raises(TypeError, match="not subscriptable"):
        availability[0]


# --- Time-window conversion -------------------------------------------------------------------------


def test_days_become_working_days():
    assert _maybe_convert_to_time_interval([day(26), at(27, 7)]) == [working_day(26), working_day(27)]


def test_intervals_are_kept_and_only_the_first_element_decides():
    windows = [slot(26, 8, 0, 9, 0)]
    assert _maybe_convert_to_time_interval(windows) is windows
    mixed = [slot(26, 8, 0, 9, 0), day(27)]
    assert _maybe_convert_to_time_interval(mixed) is mixed
    with pytest.raises(BeartypeCallHintParamViolation):
        _maybe_convert_to_time_interval([day(27), slot(26, 8, 0, 9, 0)])
    with pytest.raises(IndexError):
        _maybe_convert_to_time_interval([])


# --- find_available_time_slots -----------------------------------------------------------------------


def test_free_time_of_a_day(rooms):
    assert find_available_time_slots("Saffron", [day(26)]) == [
        slot(26, 9, 6, 10, 0),
        slot(26, 11, 0, 14, 0),
        slot(26, 15, 30, 17, 10),
    ]
    assert find_available_time_slots("Suite", [day(29)]) == [working_day(29)]


def test_free_time_within_intervals(rooms):
    assert find_available_time_slots("saffron", [slot(26, 10, 30, 14, 30)]) == [slot(26, 11, 0, 14, 0)]
    assert find_available_time_slots("Saffron", [slot(26, 10, 0, 11, 0)]) == []
    # Windows are answered in the given order, not sorted.
    assert find_available_time_slots("Saffron", [slot(26, 16, 0, 17, 0), slot(26, 8, 0, 10, 30)]) == [
        slot(26, 16, 0, 17, 0),
        slot(26, 8, 0, 10, 0),
    ]


def test_touching_bookings_count_as_overlapping(world):
    # 17:00-18:00 only touches the window's end, but it is swept (first) and
    # pushes the cursor past the window, hiding the later-stored 12:00 booking.
    simulate_conference_room("Kiln", 4, {day(26): [slot(26, 17, 0, 18, 0), slot(26, 12, 0, 13, 0)]})
    assert find_available_time_slots("Kiln", [slot(26, 10, 0, 17, 0)]) == [slot(26, 10, 0, 17, 0)]
    simulate_conference_room("Glaze", 4, {day(26): [slot(26, 9, 0, 10, 0), slot(26, 12, 0, 13, 0)]})
    assert find_available_time_slots("Glaze", [slot(26, 10, 0, 17, 0)]) == [
        slot(26, 10, 0, 12, 0),
        slot(26, 13, 0, 17, 0),
    ]


def test_fully_booked_day_gives_nothing_for_that_day(rooms):
    assert find_available_time_slots("Bay 1", [day(27), day(28)]) == [working_day(28)]


def test_bookings_are_swept_in_storage_order(rooms):
    # 15:00-16:00 is stored before 10:00-11:00 and 12:00-12:30, which are then skipped.
    assert find_available_time_slots("Umber", [day(28)]) == [slot(28, 9, 6, 15, 0), slot(28, 16, 0, 17, 10)]
    assert find_available_time_slots("Umber", [slot(28, 9, 0, 12, 15)]) == [
        slot(28, 9, 0, 10, 0),
        slot(28, 11, 0, 12, 0),
    ]


def test_room_names_are_case_insensitive_regex_searches(rooms):
    assert find_available_time_slots("bay 10", [day(26)]) == [slot(26, 9, 6, 12, 0), slot(26, 13, 0, 17, 10)]
    # "Bay 1" is stored before "Bay 10", so the pattern resolves to it.
    assert find_available_time_slots("Bay 1", [day(26)]) == [working_day(26)]
    assert find_available_time_slots("^Cob", [at(26, 7)]) == [working_day(26)]
    assert find_available_time_slots("B.y 1", [day(27)]) == []
    assert find_available_time_slots("Umber (Annex)", [day(28)]) == [slot(28, 9, 6, 15, 0), slot(28, 16, 0, 17, 10)]


def test_unknown_or_invalid_room_name(rooms):
    with pytest.raises(SearchError, match="Room 'Turquoise' not found"):
        find_available_time_slots("Turquoise", [day(28)])
    with pytest.raises(SearchError, match=r"Room 'Umber \(Annex' not found"):
        find_available_time_slots("Umber (Annex", [day(28)])


def test_room_names_with_regex_characters(world):
    simulate_conference_room("Umber (annex)", 2, {day(28): [slot(28, 12, 0, 13, 0)]})
    with pytest.raises(SearchError):
        find_available_time_slots("Umber (annex)", [day(28)])
    assert find_available_time_slots("umber \\(ANNEX\\)", [day(28)]) == [slot(28, 9, 6, 12, 0), slot(28, 13, 0, 17, 10)]


def test_first_stored_match_wins(world):
    simulate_conference_room("Ops.Bay", 8)
    simulate_conference_room("Ops Bay", 4, {day(28): [slot(28, 9, 0, 12, 0)]})
    assert find_available_time_slots("Ops Bay", [day(28)]) == [slot(28, 12, 0, 17, 10)]
    assert find_available_time_slots("Ops.Bay", [day(28)]) == [working_day(28)]


def test_find_available_time_slots_errors(rooms):
    with pytest.raises(IndexError):
        find_available_time_slots("Saffron", [])
    with pytest.raises(BeartypeCallHintParamViolation, match="parameter room_name="):
        find_available_time_slots(["Saffron"], [day(26)])
    with pytest.raises(BeartypeCallHintParamViolation, match="parameter time_window="):
        find_available_time_slots("Saffron", (day(26),))


def test_default_time_window():
    assert room_booking_default_time_window() == TimeInterval(at(25, 9, 6), at(28, 17, 10))


# --- search_conference_room --------------------------------------------------------------------------


def test_search_lists_every_room_in_storage_order(rooms):
    found = search_conference_room([slot(27, 10, 0, 11, 0)])
    assert [(a.room.room_name, a.room.capacity, len(a.free_slots)) for a in found] == [
        ("Saffron", 6, 1),
        ("Cobalt Suite", 12, 1),
        ("Bay 1", 4, 0),
        ("Bay 10", 20, 1),
        ("Umber Annex", 2, 1),
    ]


def test_search_by_capacity(rooms):
    found = search_conference_room([day(26), day(27)], capacity=6)
    assert [a.room.room_name for a in found] == ["Saffron", "Cobalt Suite", "Bay 10"]
    assert found[0].free_slots == [
        slot(26, 9, 6, 10, 0),
        slot(26, 11, 0, 14, 0),
        slot(26, 15, 30, 17, 10),
        working_day(27),
    ]
    assert search_conference_room([day(26)], capacity=21) == []
    assert search_conference_room([], capacity=21) == []


def test_search_reresolves_rooms_by_name(world):
    simulate_conference_room("Bay 10", 8, {day(28): [slot(28, 9, 0, 12, 0)]})
    simulate_conference_room("Bay 1", 4)
    found = search_conference_room([day(28)])
    # "Bay 1" is found inside "Bay 10", stored first, and gets its bookings.
    assert [(a.room.room_name, a.free_slots) for a in found] == [
        ("Bay 10", [slot(28, 12, 0, 17, 10)]),
        ("Bay 1", [slot(28, 12, 0, 17, 10)]),
    ]


def test_search_errors_and_empty_world(world):
    assert search_conference_room([day(26)]) == []
    with pytest.raises(IndexError):
        search_conference_room([])
    simulate_conference_room("Plain", 8)
    simulate_conference_room("Umber (annex)", 2)
    with pytest.raises(SearchError, match=r"Room 'Umber \(annex\)' not found"):
        search_conference_room([day(28)])
    assert [a.room.room_name for a in search_conference_room([day(28)], capacity=5)] == ["Plain"]
    with pytest.raises(BeartypeCallHintParamViolation, match="parameter capacity="):
        search_conference_room([day(26)], capacity=2.5)


def test_search_with_mixed_list_fails(rooms):
    with pytest.raises(AttributeError, match="'datetime.date' object has no attribute 'start'"):
        search_conference_room([slot(26, 9, 0, 10, 0), day(27)])


def test_search_over_default_window(world):
    simulate_conference_room("Solitary", 3)
    assert search_conference_room([room_booking_default_time_window()]) == [
        RoomAvailability(
            room=ConferenceRoom(room_name="Solitary", capacity=3),
            free_slots=[TimeInterval(at(25, 9, 6), at(28, 17, 10))],
        )
    ]


# --- summarise_availability ---------------------------------------------------------------------------


def test_summarise_availability(rooms):
    text = summarise_availability(search_conference_room([day(27)], capacity=4))
    assert text == (
        "Room: Saffron (Capacity: 6)\n  Available: 2024-06-27 09:06 to 2024-06-27 17:10\n"
        "\nRoom: Cobalt Suite (Capacity: 12)\n  Available: 2024-06-27 09:06 to 2024-06-27 17:10\n"
        "\nRoom: Bay 1 (Capacity: 4)\n   Fully booked!\n"
        "\nRoom: Bay 10 (Capacity: 20)\n  Available: 2024-06-27 09:06 to 2024-06-27 17:10\n"
    )
    assert summarise_availability([]) == "No rooms found!"
    assert summarise_availability([], room_name="Saffron") == "No rooms found!"


def test_summarise_availability_with_a_room_name_fails_as_in_the_original(rooms):
    schedule = search_conference_room([day(26)])
    with pytest.raises(TypeError, match="not subscriptable"):
        summarise_availability(schedule, room_name="Bay 10")


def test_with_library_fixes_summarise_availability_filters_by_exact_room_name(rooms):
    schedule = search_conference_room([day(26)])
    get_current_context().library_fixes = True
    assert summarise_availability(schedule, room_name="Bay 10") == (
        "Room: Bay 10 (Capacity: 20)\n"
        "  Available: 2024-06-26 09:06 to 2024-06-26 12:00\n"
        "  Available: 2024-06-26 13:00 to 2024-06-26 17:10\n"
    )
    assert summarise_availability(schedule, room_name="bay 10") == "No rooms found!"


# --- Names exposed by star import ---------------------------------------------------------------


def test_star_import_surface_and_identity():
    namespace = {}
    exec("from aspera_core.library.room_booking import *", namespace)
    assert namespace["datetime"] is datetime
    assert namespace["combine"] is time_utils.combine
    assert namespace["now_"] is time_utils.now_
    assert namespace["gt_eq_filter_dataframe"] is _rows.gt_eq_filter_dataframe
    assert namespace["filter_dataframe"] is _rows.filter_dataframe
    for name in (
        "BaseModel",
        "TYPE_CHECKING",
        "SearchError",
        "TimeExpressions",
        "TimeInterval",
        "get_next_dow",
        "parse_time_string",
    ):
        assert name in namespace, name
    assert "re" not in namespace and "_maybe_convert_to_time_interval" not in namespace
    assert rb.TimeInterval is time_utils.TimeInterval
