"""Build the simulated company: its people, reporting lines and holidays.

Task setup code calls :func:`simulate_org_structure` once to create a small
company (three leaders with their assistants and three departments) around the
device user, and :func:`simulate_vacation_schedule` to book holidays.

Released tasks depend on the exact people, positions, dates and phone numbers
the original generator produced, so the algorithm below reproduces the
original's sequence of draws from Python's global ``random`` (seeded with 0 by
every new world) step by step: one shuffle of the names, then the team
extension draws, then the personal details drawn lazily while records are
written. Change the order of any draw and every later value changes.

This package is deliberately not type-checked at run time (unlike the
library), and it never calls list-typed library functions: each such call would
draw from the random stream and shift the organisation.
"""

import datetime
import random
import uuid
from copy import deepcopy
from functools import cached_property
from typing import Any, Literal, NamedTuple, Self

from pydantic import BaseModel, ConfigDict, ValidationInfo, field_validator, model_validator

from aspera_core.library.company_directory import Employee, EmployeeDetails, Team
from aspera_core.library.time_utils import TimeInterval, now_
from aspera_core.tools.setup.utils import (
    fake_email_address,
    fake_phone_number,
    fake_video_conference_link,
    random_dates,
)
from aspera_core.world import DatabaseNamespace, get_current_context

UserRole = Literal["CEO", "COO", "CFO", "Manager", "Team Member"]

LEADERSHIP_ROLES = ["CEO", "COO", "CFO"]
OTHER_ROLES = ["Manager", "Team Member"]
DEFAULT_ORG_NAMES = (
    "Horace",
    "Mafalda",
    "Splendour",
    "Charm",
    "Sweethearta",
    "Robespierre",
    "Danton",
    "Marat",
    "Ileana",
    "Elina",
    "Spookington",
    "Jeeves",
)
DEFAULT_TEAM_EXTENSION_NAMES = ("Songoku", "Frodopop")
DEFAULT_ORG_MIN_MEMBERS = 12
EXTENDED_TEAM_MIN_MEMBERS = 2
LEADERSHIP_START_DATE = datetime.date(2023, 7, 23)
NEW_HIRE_PROBABILITY = 0.5
FIXED_HIRE_DATE = datetime.date(2024, 5, 22)
MAX_HIRED_ON_FIXED_DATE = 2

_TODAY = now_().date()
_DEPARTMENTS = (Team.SalesMarketing, Team.Engineering, Team.Finance)
_DEPARTMENT_TITLES = {Team.SalesMarketing: "Sales & Marketing"}
_MANAGER_REPORT_NAME = "Rumplestinskin"
_BIRTH_MONTHS = [7, 8]


class NewHireJoinedRange(NamedTuple):
    """Joining days of recent hires: the 30 days before today."""

    start: datetime.date = _TODAY - datetime.timedelta(days=30)
    end: datetime.date = _TODAY - datetime.timedelta(days=1)


class VeteranJoinedRange(NamedTuple):
    """Joining days of longer-serving staff."""

    start: datetime.date = datetime.date(2023, 7, 23)
    end: datetime.date = datetime.date(2023, 12, 1)


class BirthDayRange(NamedTuple):
    """Birthdays are drawn from this range (the month is then set to July or August)."""

    start: datetime.date = datetime.date(1979, 1, 1)
    end: datetime.date = datetime.date(2005, 1, 1)


class _NotGiven:
    """Marks a manager that has not been decided yet (treated as no manager)."""

    def __repr__(self) -> str:
        return "NOT_GIVEN"


NOT_GIVEN = _NotGiven()


def _one_day_in(day_range: NamedTuple) -> datetime.date:
    return random_dates(day_range.start, day_range.end, 1)[0]


class EmployeeConstructor:
    """A person of the organisation being built, before it is written to the directory.

    Structure (team, role, manager, reports, assistant) is fixed when the
    organisation is laid out. Personal details are drawn lazily, once, on first
    access; reading them in a different order changes what is drawn.

    Args:
        name: the person's name.
        team: their team.
        role: ``"CEO"``, ``"COO"``, ``"CFO"``, ``"Assistant"``, ``"Manager"`` or ``"Team Member"``.
        manager: who they report to; ``None`` or ``NOT_GIVEN`` for nobody.
        reports: their direct reports (a new list when omitted).
        assistant: their assistant, for leaders.
        is_user: whether this is the device user.
        fix_hire_date: give them the fixed hire date instead of a drawn one.
    """

    def __init__(
        self,
        name: str,
        team: Team,
        role: str,
        manager: "EmployeeConstructor | None | _NotGiven",
        reports: list[Self] | None = None,
        assistant: Self | None = None,
        is_user: bool = False,
        fix_hire_date: bool = False,
    ) -> None:
        self.name = name
        self.team = team
        self.role = role
        self.manager = manager
        self.reports = [] if reports is None else reports
        self.assistant = assistant
        self.is_user = is_user
        self.fix_hire_date = fix_hire_date

    def __repr__(self) -> str:
        return f"{self.name} ({self.role})"

    @cached_property
    def email_address(self) -> str:
        return fake_email_address(self.name)

    @cached_property
    def mobile(self) -> str:
        return fake_phone_number()

    @cached_property
    def video_conference_link(self) -> str:
        return fake_video_conference_link(self.name)

    @cached_property
    def joined_date(self) -> datetime.date:
        if self.role in LEADERSHIP_ROLES:
            return LEADERSHIP_START_DATE
        if self.is_user:
            return _one_day_in(VeteranJoinedRange())
        if self.fix_hire_date:
            return FIXED_HIRE_DATE
        is_new_hire = random.random() > NEW_HIRE_PROBABILITY
        return _one_day_in(NewHireJoinedRange() if is_new_hire else VeteranJoinedRange())

    @cached_property
    def birth_date(self) -> datetime.date:
        day = _one_day_in(BirthDayRange())
        return day.replace(month=random.choice(_BIRTH_MONTHS))

    @cached_property
    def employee_id(self) -> str:
        return str(uuid.uuid4())

    @cached_property
    def db_record(self) -> EmployeeDetails:
        # Keyword arguments are evaluated in order, which fixes the draw order:
        # e-mail, mobile, video link, joined date, birth date.
        manager = self.manager if isinstance(self.manager, EmployeeConstructor) else None
        return EmployeeDetails(
            name=self.name,
            email_address=self.email_address,
            mobile=self.mobile,
            team=self.team,
            role=self.role,
            video_conference_link=self.video_conference_link,
            joined_date=self.joined_date,
            birth_date=self.birth_date,
            manager=None if manager is None else manager.employee_id,
            assistant=None if self.assistant is None else self.assistant.employee_id,
            reports=[report.employee_id for report in self.reports],
            employee_id=self.employee_id,
            is_user=self.is_user,
        )


def _department_title(team: Team) -> str:
    return _DEPARTMENT_TITLES.get(team, team.name)


class OrgStructure(BaseModel):
    """The organisation as laid out in memory.

    Attributes:
        leadership: CEO, COO and CFO, in that order.
        teams: the three departments (Sales & Marketing, Engineering, Finance,
            in that order); each list starts with the department manager.
        user: the device user.
    """

    model_config = ConfigDict(arbitrary_types_allowed=True)

    leadership: list[EmployeeConstructor]
    teams: dict[Team, list[EmployeeConstructor]]
    user: EmployeeConstructor

    @property
    def org_size(self) -> int:
        """Leaders and their assistants plus all department members."""
        return 2 * len(self.leadership) + sum(len(members) for members in self.teams.values())

    def get_fixed_hire_date_employees(self, team: Team) -> int:
        """How many members of ``team`` joined on the fixed hire date.

        Reads every member's ``joined_date``, drawing it for those not yet drawn
        (in team order); the original does the same and tasks depend on it.
        """
        return sum(1 for member in self.teams[team] if member.joined_date == FIXED_HIRE_DATE)

    def __str__(self) -> str:
        lines: list[str] = []
        self._render(self.leadership[0], 0, lines)
        return "\n".join(lines) + "\n\n" + self._user_str()

    @staticmethod
    def _render(person: EmployeeConstructor, depth: int, lines: list[str]) -> None:
        title = person.role
        manager = person.manager
        if person.role == "Manager" and isinstance(manager, EmployeeConstructor) and manager.role in LEADERSHIP_ROLES:
            title = f"{_department_title(person.team)} Manager"
        lines.append(f"{'  ' * depth}{person.name} ({title})")
        for report in person.reports:
            OrgStructure._render(report, depth + 1, lines)

    def _user_str(self) -> str:
        user = self.user
        if user.role in LEADERSHIP_ROLES:
            return f"{user.name} ({user.role})"
        return f"{user.name} ({user.role} in {_department_title(user.team)})"


def validate_user_role(role: UserRole | None) -> None:
    """Refuse a user role other than the five of :data:`UserRole` (``None`` passes).

    Raises:
        ValueError: unknown role.
    """
    if role is not None and role not in LEADERSHIP_ROLES + OTHER_ROLES:
        raise ValueError(f"Invalid user role: {role}. Choose one of {', '.join(LEADERSHIP_ROLES + OTHER_ROLES)}.")


def validate_nb_employees(
    names: list[str],
    additional_names: tuple[str, ...] = DEFAULT_ORG_NAMES,
    min_members: int = DEFAULT_ORG_MIN_MEMBERS,
) -> None:
    """Pad ``names`` in place to ``min_members`` with the first missing ``additional_names``.

    Padding goes by position and does not skip names already present.
    """
    for position in range(min_members - len(names)):
        names.append(additional_names[position])


def _place_leaders(names: list[str], user_name: str, user_role: UserRole) -> list[EmployeeConstructor]:
    """Steps 5: CEO, COO, CFO and their assistants, taking names from the end."""
    seats: dict[str, EmployeeConstructor] = {}
    user_set_aside = False
    if user_role in LEADERSHIP_ROLES:
        names.remove(user_name)
        seats[user_role] = EmployeeConstructor(user_name, Team.Leadership, user_role, None, is_user=True)
    # Checked for leader users too: a second copy of the user's name (the
    # caller listed it twice) is set aside like the user, so only one of them
    # is ever placed.
    if user_name in names:
        names.remove(user_name)
        user_set_aside = True
    for role in LEADERSHIP_ROLES:
        if role not in seats:
            seats[role] = EmployeeConstructor(names.pop(), Team.Leadership, role, None)
    ceo, coo, cfo = (seats[role] for role in LEADERSHIP_ROLES)
    coo.manager = ceo
    cfo.manager = ceo
    ceo.reports = [coo, cfo]
    for leader in (ceo, coo, cfo):
        leader.assistant = EmployeeConstructor(names.pop(), Team.Assistants, "Assistant", leader)
    if user_set_aside:
        # At the front, so the user is the last name to be taken.
        names.insert(0, user_name)
    return [ceo, coo, cfo]


def _place_department_managers(
    names: list[str], user_name: str, coo: EmployeeConstructor, cfo: EmployeeConstructor
) -> dict[Team, list[EmployeeConstructor]]:
    """Step 6: one manager per department, under the COO (Finance: under the CFO)."""
    teams: dict[Team, list[EmployeeConstructor]] = {}
    for team in _DEPARTMENTS:
        name = names.pop()
        if name == user_name:
            name = names.pop()
            names.insert(0, user_name)
        leader = cfo if team is Team.Finance else coo
        manager = EmployeeConstructor(name, team, "Manager", leader)
        leader.reports.append(manager)
        teams[team] = [manager]
    return teams


def _add_member(team_members: list[EmployeeConstructor], member: EmployeeConstructor) -> None:
    manager = member.manager
    assert isinstance(manager, EmployeeConstructor)
    manager.reports.append(member)
    team_members.append(member)


def _deal_team_members(
    names: list[str], user_name: str, user_team: Team, teams: dict[Team, list[EmployeeConstructor]]
) -> None:
    """Step 7: deal the remaining names round-robin, the user's team last in each round.

    The cycle is the departments other than ``user_team``, then ``user_team``
    itself unless it is Leadership (so a user in Assistants puts that team in
    the cycle). A drawn name equal to the user's is put back at the front and
    the next one is taken, as for the managers.

    Raises:
        KeyError: the cycle reaches a team that has no manager (Assistants).
    """
    order = [team for team in _DEPARTMENTS if team != user_team]
    if user_team != Team.Leadership:
        order.append(user_team)
    turn = 0
    while names and names != [user_name]:
        team = order[turn % len(order)]
        turn += 1
        name = names.pop()
        if name == user_name:
            name = names.pop()
            names.insert(0, user_name)
        members = teams[team]
        _add_member(members, EmployeeConstructor(name, team, "Team Member", members[0]))


def _place_user(
    user_name: str, user_team: Team, user_role: UserRole, teams: dict[Team, list[EmployeeConstructor]]
) -> EmployeeConstructor:
    """Step 8: a non-leader user joins their team last; a manager user gets one report.

    Raises:
        KeyError: ``user_team`` is not a department (Leadership or Assistants).
    """
    members = teams[user_team]
    user = EmployeeConstructor(user_name, user_team, user_role, members[0], is_user=True)
    _add_member(members, user)
    if user_role == "Manager":
        _add_member(members, EmployeeConstructor(_MANAGER_REPORT_NAME, user_team, "Team Member", user))
    return user


def simulate_basic_org_structure(
    names: list[str],
    user_name: str,
    user_team: Team = Team.Engineering,
    user_role: UserRole = "Team Member",
) -> OrgStructure:
    """Lay out the base organisation in memory (nothing is written, no details drawn).

    ``names`` is not modified. Draws from ``random``: one shuffle.

    Raises:
        ValueError: unknown ``user_role``.
        KeyError: a non-leader user in team Leadership or Assistants, or a user in
            Assistants when members are left to deal to it.
    """
    names = deepcopy(names)
    validate_user_role(user_role)
    validate_nb_employees(names)
    if user_name not in names:
        names.append(user_name)
    random.shuffle(names)
    ceo, coo, cfo = _place_leaders(names, user_name, user_role)
    teams = _place_department_managers(names, user_name, coo, cfo)
    _deal_team_members(names, user_name, user_team, teams)
    if user_role in LEADERSHIP_ROLES:
        user = next(leader for leader in (ceo, coo, cfo) if leader.is_user)
    else:
        user = _place_user(user_name, user_team, user_role, teams)
    return OrgStructure(leadership=[ceo, coo, cfo], teams=teams, user=user)


def extend_team(
    organization: OrgStructure,
    new_names: list[str],
    team_to_extend: Team,
    manager_probability: float = 0.2,
) -> None:
    """Add ``new_names`` to a department, in place.

    Names are taken from the end of the list (padded to two with Songoku and
    Frodopop). If no manager of the team manages another manager yet, the first
    name becomes a manager under a randomly chosen team manager, with the next
    name as their report. Every remaining name then becomes a manager with
    probability ``manager_probability`` (never the last one) and reports to a
    random team manager, preferring managers without reports. The first two
    people hired this way that find fewer than two team members with the fixed
    hire date get that date.

    Raises:
        KeyError: ``team_to_extend`` is not a department.
        ValueError: the team has no manager.
    """
    names = deepcopy(new_names)
    members = organization.teams[team_to_extend]
    managers = [member for member in members if member.role == "Manager"]
    if not managers:
        raise ValueError(f"Team {team_to_extend.name} has no manager to extend it under.")
    validate_nb_employees(names, DEFAULT_TEAM_EXTENSION_NAMES, EXTENDED_TEAM_MIN_MEMBERS)

    if not any(report.role == "Manager" for manager in managers for report in manager.reports):
        name = names.pop()
        new_manager = EmployeeConstructor(name, team_to_extend, "Manager", random.choice(managers))
        _add_member(members, new_manager)
        _add_member(members, EmployeeConstructor(names.pop(), team_to_extend, "Team Member", new_manager))
        managers.append(new_manager)

    while names:
        name = names.pop()
        becomes_manager = random.random() < manager_probability and bool(names)
        without_reports = [manager for manager in managers if not manager.reports]
        manager = random.choice(without_reports or managers)
        fixed_date = organization.get_fixed_hire_date_employees(team_to_extend) < MAX_HIRED_ON_FIXED_DATE
        role = "Manager" if becomes_manager else "Team Member"
        person = EmployeeConstructor(name, team_to_extend, role, manager, fix_hire_date=fixed_date)
        _add_member(members, person)
        if becomes_manager:
            managers.append(person)


def write_to_db(employee_record: EmployeeDetails) -> Employee:
    """Append one record to the employees table and return its handle."""
    row = employee_record.model_dump()
    row["team"] = employee_record.team.value
    get_current_context().add_to_database(DatabaseNamespace.EMPLOYEES, [row])
    return Employee(name=employee_record.name, employee_id=employee_record.employee_id)


def write_to_database(org_structure: OrgStructure) -> None:
    """Write everybody, depth-first from the CEO: a person, their reports, then their assistant.

    This is when personal details are drawn, so the order is significant.
    """
    _write_subtree(org_structure.leadership[0])


def _write_subtree(person: EmployeeConstructor) -> None:
    write_to_db(person.db_record)
    for report in person.reports:
        _write_subtree(report)
    if person.assistant is not None:
        _write_subtree(person.assistant)


def simulate_org_structure(
    default_employee_names: list[str],
    user_name: str = "Alex",
    user_role: UserRole = "Team Member",
    user_team: Team = Team.Engineering,
    teams_to_extend: dict[Team, list[str]] | None = None,
) -> OrgStructure:
    """Create the company directory of a task and return its layout.

    The names are padded with default names to at least 12, the user is added
    if missing, and everybody is shuffled (reproducibly: each new world seeds
    ``random`` with 0) into three leaders (CEO, COO, CFO) with an assistant
    each, a manager for each of Sales & Marketing, Engineering and Finance, and
    team members. A CEO/COO/CFO user takes that seat; any other user joins
    ``user_team`` under its manager (a ``"Manager"`` user gets one report,
    Rumplestinskin). ``teams_to_extend`` then adds extra people per department.
    Call it once per world: a second call duplicates the directory.

    Args:
        default_employee_names: names to place; where each lands is decided by the shuffle.
        user_name: the device user's name.
        user_role: the user's role.
        user_team: the user's department (for leader roles it only changes the
            order in which members are dealt).
        teams_to_extend: extra names per department (see :func:`extend_team`).

    Returns:
        The organisation layout (``str()`` renders it as a tree).

    Raises:
        ValueError: unknown ``user_role``.
        KeyError: a non-leader user in, or an extension of, Leadership or Assistants;
            also a leader user with ``user_team=Team.Assistants`` when members are
            left to deal to that team (it is part of the dealing cycle).
    """
    organization = simulate_basic_org_structure(
        default_employee_names, user_name, user_team=user_team, user_role=user_role
    )
    for team, names in (teams_to_extend or {}).items():
        extend_team(organization, new_names=names, team_to_extend=team)
    write_to_database(organization)
    return organization


def simulate_vacation_schedule(employee: Employee, time_off: list[TimeInterval]) -> None:
    """Book holidays: one ``employee_vacations`` row per interval, as given.

    Nothing is checked (overlaps, order, whether the employee exists); an empty
    list books nothing.
    """
    rows = [
        {"employee_id": employee.employee_id, "starts": interval.start, "ends": interval.end} for interval in time_off
    ]
    get_current_context().add_to_database(DatabaseNamespace.EMPLOYEE_VACATIONS, rows)


class ReportAssignment(BaseModel):
    """A requested reporting line: ``reports`` (names) should report to ``manager`` (a name)."""

    manager: str
    reports: list[str]


class TeamExtension(BaseModel):
    """A requested extension of a department (defined for compatibility; no tool uses it).

    Attributes:
        team: the department to extend.
        additional_members: names of the new people.
        managers: which of the new people should be managers.
        structure_constraints: required reporting lines among the new people.
    """

    team: Team
    additional_members: list[str]
    managers: list[str] | None = None
    structure_constraints: list[ReportAssignment] | None = None

    @field_validator("managers", mode="before")
    @classmethod
    def managers_must_be_additional_members(cls, managers: list[str], info: ValidationInfo) -> list[str]:
        """Managers must be chosen among the new people."""
        if managers is None:
            return managers
        members = info.data.get("additional_members") or []
        strangers = [name for name in managers if name not in members]
        if strangers:
            raise ValueError(f"Managers {strangers} are not among the additional members.")
        return managers

    @model_validator(mode="before")
    @classmethod
    def validate_structure_constraints(cls, data: dict[str, Any]) -> dict[str, Any]:
        """People named as reports in the constraints must be among the new people."""
        if not isinstance(data, dict):
            return data
        members = data.get("additional_members") or []
        for constraint in data.get("structure_constraints") or []:
            reports = constraint.reports if isinstance(constraint, ReportAssignment) else constraint.get("reports", [])
            strangers = [name for name in reports if name not in members]
            if strangers:
                raise ValueError(f"Reports {strangers} are not among the additional members.")
        return data
