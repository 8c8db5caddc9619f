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

from aspera_core.library.exceptions import SearchError
from aspera_core.library.time_utils import TimeInterval

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
