"""Conformance cases this project answers differently from the original library, on purpose.

One list for both consumers: the test suite (``test_conformance.py``) expects
these cases to differ, and ``make conformance`` passes this file to
``run_conformance.py --deviations`` so that they are reported as skipped
instead of failed. Each entry maps a case id to the reason; every entry is
also described in ``docs/compatibility.md``.
"""

#: Case id -> why this project deliberately differs.
DEVIATIONS: dict[str, str] = {
    "room_booking-038": "summarise_availability(schedule, room_name=...) filters by room name "
    "instead of raising the original's TypeError on a non-empty schedule",
}
