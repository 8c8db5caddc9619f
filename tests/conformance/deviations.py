"""Conformance cases this project answers differently from the original library, on purpose.

One list for both consumers: the test suite (``test_conformance.py``) expects
these cases to differ, and ``make conformance`` passes this file to
``run_conformance.py --deviations`` so that they are reported as skipped
instead of failed. Each entry maps a case id to the reason; every entry is
also described in ``docs/compatibility.md``.
"""

#: Case id -> why this project deliberately differs.
#: Empty at present: the one defect this library fixes (room_booking-038) is fixed only
#: with ``library_fixes`` on, so by default every case behaves as in the original.
DEVIATIONS: dict[str, str] = {}
