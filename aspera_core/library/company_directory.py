"""The company directory: colleagues, teams, reporting lines, assistants and holidays.

People are referred to by :class:`Employee` handles obtained from the
directory (``find_employee``, ``get_current_user``, ...); never build one by
hand. ``get_employee_profile`` gives the full record of a person.
"""

import datetime
from copy import deepcopy
from enum import StrEnum, auto
from typing import TYPE_CHECKING, Any, Optional

from pydantic import BaseModel, model_validator
from pydantic_core import PydanticCustomError

from aspera_core.library._rows import (
    exact_match_filter_dataframe,
    filter_dataframe,
    fuzzy_match_filter_dataframe,
)
from aspera_core.library.exceptions import SearchError
from aspera_core.library.time_utils import TimeInterval
from aspera_core.world import DatabaseNamespace as _Tables
from aspera_core.world import get_current_context as _get_current_context

#: An employee's unique id (a UUID string).
EmployeeID = str


class Team(StrEnum):
    """Departments of the company. Members compare equal to their lower-case values.

    ``Leadership`` holds the CEO, COO and CFO; ``Assistants`` holds their assistants.
    """

    SalesMarketing = "salesmarketing"
    Engineering = "engineering"
    Finance = "finance"
    Leadership = "leadership"
    Assistants = "assistants"


class Employee(BaseModel, frozen=True):
    """A handle on one person in the directory.

    Obtain employees from the directory (for example with :func:`find_employee`
    or :func:`get_current_user`); constructing one without an ``employee_id`` is
    refused. Two handles are equal when name and id are equal, and handles can
    be used in sets and as dict keys.

    Attributes:
        name: the person's name.
        employee_id: the person's unique id.
    """

    name: str
    employee_id: str

    @model_validator(mode="before")
    @classmethod
    def employee_id_set(cls, data: dict[str, Any]) -> dict[str, Any]:
        """Refuse handles that were not obtained from the directory."""
        if not isinstance(data, dict) or "employee_id" not in data:
            raise PydanticCustomError(
                "SolutionError",
                "Employee objects cannot be created directly: look the person up with "
                "find_employee (or another directory function) to get an Employee.",
            )
        return data


class EmployeeDetails(BaseModel, frozen=True):
    """The full directory record of a person, as returned by :func:`get_employee_profile`.

    Attributes:
        name: the person's name.
        email_address: work e-mail address.
        mobile: mobile phone number.
        team: the person's :class:`Team`.
        role: one of ``"CEO"``, ``"COO"``, ``"CFO"``, ``"Manager"``, ``"Team Member"``, ``"Assistant"``.
        video_conference_link: the person's personal video-call link.
        joined_date: the day the person joined the company.
        birth_date: the person's birthday.
        manager: employee id of the person's manager (``None`` only for the CEO).
        assistant: employee id of the person's assistant (only the CEO, COO and CFO have one).
        reports: employee ids of the person's direct reports (``[]`` when none).
        employee_id: the person's id.
        is_user: whether this is the user of the device.
    """

    name: str
    email_address: str
    mobile: str
    team: Team
    role: str
    video_conference_link: str
    joined_date: datetime.date
    birth_date: datetime.date
    manager: Optional[EmployeeID]
    assistant: Optional[EmployeeID] = None
    reports: list[EmployeeID] | None = None
    employee_id: str | None = None
    is_user: bool = False

    def __str__(self) -> str:
        return f"{self.name} ({self.employee_id})"


# --- Lookups -------------------------------------------------------------------
#
# Reads go straight to the live ``employees`` / ``employee_vacations`` tables of
# the current context on every call (a linear scan of a few dozen rows), so a
# lookup always sees the latest state and nothing can go stale.
#
# Private helpers are annotated with plain ``list``/``dict``: beartype draws a
# word from the global ``random`` for every call of a function whose signature
# has a subscripted container, and only the public functions may do that (the
# original draws exactly once per call of a public list-typed function).

# What ``get_office_location`` answers for everybody.
_OFFICE_ADDRESS = "30 Station Road, Cambridge, CV3 2AL"

_LEADER_ROLES = ("CEO", "CFO", "COO")
_NO_USER_MESSAGE = "Unable to retrieve user profile from the company directory."


def _employee_rows() -> list:
    """The live rows of the employees table, in insertion order."""
    return _get_current_context().get_database(_Tables.EMPLOYEES)


def _handle(row: dict) -> Employee:
    """The :class:`Employee` handle for a stored row."""
    return Employee(name=row["name"], employee_id=row["employee_id"])


def _handles_by_name(rows: list) -> list:
    """Handles for ``rows`` sorted by name (code-point order; equal names keep table order)."""
    return [_handle(row) for row in sorted(rows, key=lambda row: row["name"])]


def _get_employee_row(employee_id: str | None) -> dict:
    """The single row with this id; a bare ``AssertionError`` unless exactly one exists."""
    matches = exact_match_filter_dataframe(_employee_rows(), "employee_id", employee_id)
    assert len(matches) == 1
    return matches[0]


def _get_employee_by_id(employee_id: str) -> Employee:
    """The employee with this id.

    Raises:
        AssertionError: (bare) unless exactly one directory row has the id.
    """
    return _handle(_get_employee_row(employee_id))


def get_current_user() -> Employee:
    """Return the user of this device (the person you are assisting).

    Returns:
        The employee flagged as the user. The user is an ordinary colleague in
        every other respect: they have a team, a manager, a profile, and they
        appear in ``get_all_employees`` and in their team's ``find_team_of``.

    Raises:
        SearchError: the directory has no user, or more than one.
    """
    users = exact_match_filter_dataframe(_employee_rows(), "is_user", True)
    if len(users) != 1:
        raise SearchError(_NO_USER_MESSAGE)
    return _handle(users[0])


def find_employee(name: str) -> list[Employee]:
    """Search the directory for colleagues whose name resembles ``name``.

    The search is fuzzy: case, punctuation and surrounding spaces are ignored
    and close spellings still match ("anneliese" finds "Annelise"). A part of a
    name also matches ("Jian" finds "Jianpeng", "Keane" finds "Mary-Jo Keane"),
    and so does a longer text containing the name ("Bartholomew the Great"). Very
    short queries therefore match many people ("Al" finds "Alex", "Alice Smith"
    and "Mafalda").

    Because several colleagues can match, check how many were found: with none,
    or more than one when the request is about one person, ask the user which
    person they mean (raise ``RequiresUserInput``) instead of guessing.

    Args:
        name: the name, or part of it, as the user said it.

    Returns:
        The matching employees, best match first (equally good matches in
        directory order), at most 50. An empty list when nobody matches.
    """
    matches = fuzzy_match_filter_dataframe(_employee_rows(), "name", name)
    return [_handle(row) for row in matches]


def find_team_of(employee: Employee) -> list[Employee]:
    """Return the colleagues who are in the same team as ``employee``.

    The team includes its manager (and the user, if they belong to it) but not
    ``employee`` themself. For a CEO, COO or CFO the result is the other
    leaders; for a leader's assistant, the other assistants.

    Args:
        employee: a person obtained from the directory.

    Returns:
        The team-mates sorted by name (uppercase letters sort before lowercase);
        an empty list when ``employee`` is alone in their team.

    Raises:
        AssertionError: ``employee`` is not in the directory.
    """
    team = _get_employee_row(employee.employee_id)["team"]
    mates = filter_dataframe(
        _employee_rows(),
        lambda row: row["team"] == team and row["employee_id"] != employee.employee_id,
    )
    return _handles_by_name(mates)


def find_reports_of(employee: Employee) -> list[Employee]:
    """Return the people who report directly to ``employee``.

    Only direct reports are returned (not their reports in turn). A leader's
    assistant is not one of the leader's reports; use ``get_assistant``.

    Args:
        employee: a person obtained from the directory.

    Returns:
        The direct reports sorted by name; an empty list for someone who
        manages nobody.

    Raises:
        AssertionError: ``employee`` is not in the directory.
    """
    report_ids = _get_employee_row(employee.employee_id)["reports"] or []
    reports = filter_dataframe(_employee_rows(), lambda row: row["employee_id"] in report_ids)
    return _handles_by_name(reports)


def find_manager_of(employee: Employee) -> Employee | None:
    """Return the person ``employee`` reports to.

    Args:
        employee: a person obtained from the directory.

    Returns:
        Their manager, or ``None`` for someone without one (the CEO). A leader's
        assistant reports to that leader.

    Raises:
        AssertionError: ``employee`` (or the manager recorded for them) is not
            in the directory.
    """
    manager_id = _get_employee_row(employee.employee_id)["manager"]
    if manager_id is None:
        return None
    return _handle(_get_employee_row(manager_id))


def get_assistant(employee: Employee) -> Optional[Employee]:
    """Return the personal assistant of ``employee``.

    Only the CEO, COO and CFO have assistants; for anyone else the answer is
    ``None``.

    Args:
        employee: a person obtained from the directory.

    Returns:
        The assistant of a CEO, COO or CFO, otherwise ``None``.

    Raises:
        AssertionError: ``employee`` is not in the directory, or is a CEO, COO
            or CFO without a recorded assistant.
    """
    row = _get_employee_row(employee.employee_id)
    if row["role"] not in _LEADER_ROLES:
        return None
    return _handle(_get_employee_row(row["assistant"]))


def get_vacation_schedule(employee: Employee) -> list[TimeInterval] | None:
    """Return the holidays (time off) booked by ``employee``.

    Args:
        employee: a person obtained from the directory.

    Returns:
        One :class:`TimeInterval` per booked absence, sorted by start, exactly
        as recorded (usually whole days from midnight to midnight, but any
        times are possible; the end is as stored, so check with
        ``TimeInterval.contains_date`` or compare ends yourself). ``None`` -
        not an empty list - when nothing is booked, so test ``if schedule:``
        before iterating.
    """
    rows = exact_match_filter_dataframe(
        _get_current_context().get_database(_Tables.EMPLOYEE_VACATIONS),
        "employee_id",
        employee.employee_id,
    )
    if not rows:
        return None
    rows = sorted(rows, key=lambda row: row["starts"])
    return [TimeInterval(start=row["starts"], end=row["ends"]) for row in rows]


def get_employee_profile(employee: Employee) -> EmployeeDetails:
    """Return the full directory record of ``employee``.

    Args:
        employee: a person obtained from the directory.

    Returns:
        A new :class:`EmployeeDetails` on every call (name, e-mail address,
        mobile, team, role, video-call link, joined and birth dates, and the ids
        of their manager, assistant and direct reports). Linked people are given
        as employee ids; compare them with ``Employee.employee_id``.

    Raises:
        AssertionError: ``employee`` is not in the directory.
    """
    row = _get_employee_row(employee.employee_id)
    return EmployeeDetails(**{**row, "reports": list(row["reports"] or [])})


def get_all_employees() -> list[Employee]:
    """Return everybody in the company, the user included.

    Returns:
        All employees sorted by name (uppercase letters sort before lowercase).
    """
    return _handles_by_name(_employee_rows())


def get_office_location(employee: Employee) -> str:
    """Return the office address where ``employee`` works.

    The company has a single office, so the answer is the same for everybody.

    Args:
        employee: any person.

    Returns:
        The postal address of the office.
    """
    return _OFFICE_ADDRESS
