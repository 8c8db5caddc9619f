"""Conformance cases this project answers differently from the original library, on purpose.

One list for both consumers: the test suite (``test_conformance.py``) expects
these cases to differ, and ``make conformance`` passes this file to
``run_conformance.py --deviations`` so that they are reported as skipped
instead of failed. Each entry maps a case id to the reason; every entry is
also described in ``docs/compatibility.md``.
"""

import sys

#: Case id -> why this project deliberately differs.
#: The one defect this library fixes (room_booking-038) is fixed only with
#: ``library_fixes`` on, so by default every case behaves as in the original. On
#: Python 3.13 and later two cases differ in Python's own wording, not in this library.
DEVIATIONS: dict[str, str] = {}

if sys.version_info >= (3, 13):
    _REWORDED = (
        "Python 3.13 reworded its message for comparing a date with a datetime "
        '("can\'t compare ..." became "\'<=\' not supported between ..."); same exception class'
    )
    DEVIATIONS.update({"time_utils-156": _REWORDED, "work_calendar-104": _REWORDED})
