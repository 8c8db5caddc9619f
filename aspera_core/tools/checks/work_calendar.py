"""Checks on the user's calendar that have no counterpart in the library."""

from aspera_core.library.company_directory import Employee
from aspera_core.world import DatabaseNamespace, get_current_context


def assert_user_calendar_shared(employees: list[Employee]) -> None:
    """Check that the user's calendar was shared with exactly ``employees``.

    Every grant ever made (each ``share_calendar`` call) is counted, so the
    check fails when someone else was included, when the same person was
    granted access twice, or when someone is missing. Splitting exactly these
    people over several calls passes; ``[]`` passes when nothing was shared.

    Raises:
        AssertionError: (without a message) the grants differ from ``employees``.
    """
    grants = get_current_context().get_database(DatabaseNamespace.USER_METADATA)
    shared_with = [employee_id for grant in grants for employee_id in grant["calendar_visible_to"]]
    assert sorted(shared_with) == sorted(employee.employee_id for employee in employees)
