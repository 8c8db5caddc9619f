"""The organisation generator and holiday setup (spec: evaluation-tools.md, section 4)."""

import datetime
import random

import pytest
from pydantic import ValidationError

from aspera_core.library.company_directory import (
    Employee,
    Team,
    find_employee,
    get_current_user,
    get_vacation_schedule,
)
from aspera_core.library.exceptions import SearchError
from aspera_core.library.time_utils import TimeInterval
from aspera_core.tools.setup import utils
from aspera_core.tools.setup.company_directory import (
    DEFAULT_ORG_NAMES,
    FIXED_HIRE_DATE,
    LEADERSHIP_START_DATE,
    BirthDayRange,
    EmployeeConstructor,
    NewHireJoinedRange,
    OrgStructure,
    TeamExtension,
    VeteranJoinedRange,
    extend_team,
    simulate_basic_org_structure,
    simulate_org_structure,
    simulate_vacation_schedule,
    validate_nb_employees,
    validate_user_role,
    write_to_db,
)
from aspera_core.world.state import DatabaseNamespace, ExecutionContext, new_context


@pytest.fixture
def world():
    with new_context(ExecutionContext()) as context:
        yield context


def table(context):
    return {row["name"]: row for row in context.get_database(DatabaseNamespace.EMPLOYEES)}


def name_of(context, employee_id):
    return next(
        row["name"] for row in context.get_database(DatabaseNamespace.EMPLOYEES) if row["employee_id"] == employee_id
    )


def layout(context):
    """name -> (team value, role, manager name, [report names], assistant name)."""
    rows = table(context)
    ids = {row["employee_id"]: name for name, row in rows.items()}
    return {
        name: (
            row["team"],
            row["role"],
            ids.get(row["manager"]),
            [ids[r] for r in row["reports"]],
            ids.get(row["assistant"]),
        )
        for name, row in rows.items()
    }


# --- the published vectors -------------------------------------------------------------


def test_default_organisation_layout(world):
    simulate_org_structure([])
    assert layout(world) == {
        "Danton": ("leadership", "CEO", None, ["Horace", "Sweethearta"], "Ileana"),
        "Horace": ("leadership", "COO", "Danton", ["Splendour", "Jeeves"], "Marat"),
        "Sweethearta": ("leadership", "CFO", "Danton", ["Robespierre"], "Charm"),
        "Ileana": ("assistants", "Assistant", "Danton", [], None),
        "Marat": ("assistants", "Assistant", "Horace", [], None),
        "Charm": ("assistants", "Assistant", "Sweethearta", [], None),
        "Splendour": ("salesmarketing", "Manager", "Horace", ["Elina"], None),
        "Jeeves": ("engineering", "Manager", "Horace", ["Mafalda", "Alex"], None),
        "Robespierre": ("finance", "Manager", "Sweethearta", ["Spookington"], None),
        "Elina": ("salesmarketing", "Team Member", "Splendour", [], None),
        "Mafalda": ("engineering", "Team Member", "Jeeves", [], None),
        "Alex": ("engineering", "Team Member", "Jeeves", [], None),
        "Spookington": ("finance", "Team Member", "Robespierre", [], None),
    }


def test_default_organisation_drawn_values(world):
    simulate_org_structure([])
    rows = table(world)
    assert rows["Alex"]["joined_date"] == datetime.date(2023, 10, 22)
    assert rows["Alex"]["birth_date"] == datetime.date(1982, 8, 11)
    assert rows["Alex"]["mobile"] == "+4098483396947"
    assert rows["Danton"]["birth_date"] == datetime.date(1983, 7, 7)
    assert rows["Danton"]["mobile"] == "+4088242194892"
    assert rows["Elina"]["joined_date"] == datetime.date(2024, 6, 17)
    assert rows["Robespierre"]["joined_date"] == datetime.date(2023, 8, 7)


def test_rows_are_written_depth_first_reports_before_assistant(world):
    simulate_org_structure([])
    assert [row["name"] for row in world.get_database(DatabaseNamespace.EMPLOYEES)] == [
        "Danton",
        "Horace",
        "Splendour",
        "Elina",
        "Jeeves",
        "Mafalda",
        "Alex",
        "Marat",
        "Sweethearta",
        "Robespierre",
        "Spookington",
        "Charm",
        "Ileana",
    ]


def test_random_stream_after_the_default_organisation(world):
    simulate_org_structure([])
    assert random.random() == 0.5443194976514814


def test_caller_names_can_land_anywhere(world):
    simulate_org_structure(["Jianpeng", "Alice", "Bob", "Charlie"])
    placed = layout(world)
    assert placed["Splendour"][1:] == ("CEO", None, ["Jianpeng", "Horace"], "Sweethearta")
    assert placed["Jianpeng"][1] == "COO" and placed["Jianpeng"][4] == "Charm"
    assert placed["Horace"][1] == "CFO" and placed["Horace"][4] == "Charlie"
    assert placed["Bob"][3] == ["Robespierre"]
    assert placed["Marat"][3] == ["Alice", "Alex"]
    assert placed["Mafalda"][3] == ["Danton"]


def test_team_extension_vector(world):
    simulate_org_structure([], teams_to_extend={Team.Engineering: ["A1", "A2", "A3", "A4", "A5"]})
    placed = layout(world)
    rows = table(world)
    assert placed["A5"] == ("engineering", "Manager", "Jeeves", ["A4", "A1"], None)
    assert placed["Jeeves"][3] == ["Mafalda", "Alex", "A5", "A3", "A2"]
    assert rows["A3"]["joined_date"] == FIXED_HIRE_DATE
    assert rows["A2"]["joined_date"] == FIXED_HIRE_DATE
    assert rows["A1"]["joined_date"] != FIXED_HIRE_DATE
    assert sum(row["joined_date"] == FIXED_HIRE_DATE for row in rows.values()) == 2


# --- names, sizes and placement ----------------------------------------------------------


def test_padding_is_by_position_without_deduplication():
    names = ["Horace"]
    validate_nb_employees(names)
    assert names == ["Horace", *DEFAULT_ORG_NAMES[:11]]
    assert names.count("Horace") == 2 and "Jeeves" not in names
    long_enough = list("ABCDEFGHIJKLM")
    validate_nb_employees(long_enough)
    assert long_enough == list("ABCDEFGHIJKLM")


def test_padded_duplicates_reach_the_directory(world):
    simulate_org_structure(["Horace"])
    rows = world.get_database(DatabaseNamespace.EMPLOYEES)
    assert [row["name"] for row in rows].count("Horace") == 2
    assert "Jeeves" not in {row["name"] for row in rows}


@pytest.mark.parametrize(
    "caller_names, expected_size",
    [
        ([], 13),
        (["P1", "P2", "P3"], 13),
        ([f"P{i}" for i in range(12)], 13),
        ([f"P{i}" for i in range(15)], 16),
        ([f"P{i}" for i in range(11)] + ["Alex"], 12),
    ],
)
def test_directory_size(world, caller_names, expected_size):
    simulate_org_structure(caller_names)
    assert len(world.get_database(DatabaseNamespace.EMPLOYEES)) == expected_size


def test_callers_list_is_not_modified(world):
    caller_names = ["Ottilie", "Bartholomew"]
    simulate_org_structure(caller_names)
    assert caller_names == ["Ottilie", "Bartholomew"]


def test_twelve_names_with_the_user_fill_only_two_teams_before_the_user(world):
    simulate_org_structure([f"P{i}" for i in range(11)] + ["Alex"])
    members = [row for row in table(world).values() if row["role"] == "Team Member"]
    assert sorted(row["team"] for row in members if not row["is_user"]) == ["finance", "salesmarketing"]
    assert table(world)["Alex"]["team"] == "engineering"


def test_members_are_dealt_with_the_users_team_last(world):
    simulate_org_structure([f"P{i}" for i in range(14)], user_team=Team.Finance)
    members = [
        row
        for row in world.get_database(DatabaseNamespace.EMPLOYEES)
        if row["role"] == "Team Member" and not row["is_user"]
    ]
    # 14 names + user - 9 posts = 5 members (the user is placed separately):
    # rounds over (SalesMarketing, Engineering, Finance) give 2, 2, 1.
    counts = {
        team: sum(row["team"] == team for row in members) for team in ("salesmarketing", "engineering", "finance")
    }
    assert counts == {"salesmarketing": 2, "engineering": 2, "finance": 1}


def test_every_record_is_complete_and_consistent(world):
    simulate_org_structure(["Ottilie", "Bartholomew"], teams_to_extend={Team.Finance: ["F1", "F2", "F3"]})
    rows = list(world.get_database(DatabaseNamespace.EMPLOYEES))
    today = datetime.date(2024, 6, 25)
    for row in rows:
        name = row["name"].lower()
        assert row["email_address"] == f"{name}@company.co.ro"
        assert row["video_conference_link"] == f"https://company.xweb.com/{name}"
        assert row["mobile"][:3] == "+40" and row["mobile"][3] in "6789" and len(row["mobile"]) == 14
        assert row["birth_date"].month in (7, 8) and 1979 <= row["birth_date"].year <= 2004
        joined = row["joined_date"]
        assert (
            VeteranJoinedRange().start <= joined <= VeteranJoinedRange().end
            or NewHireJoinedRange().start <= joined < today
            or joined == FIXED_HIRE_DATE
        )
        assert isinstance(row["reports"], list)
        assert (row["assistant"] is not None) == (row["role"] in ("CEO", "COO", "CFO"))
        if row["role"] in ("CEO", "COO", "CFO"):
            assert joined == LEADERSHIP_START_DATE
    assert sum(row["is_user"] for row in rows) == 1
    assert len({row["employee_id"] for row in rows}) == len(rows)


def test_manager_user_gets_rumplestinskin(world):
    simulate_org_structure(["Ottilie"], user_role="Manager")
    placed = layout(world)
    assert placed["Alex"][1] == "Manager" and placed["Alex"][3] == ["Rumplestinskin"]
    assert placed["Rumplestinskin"][:3] == ("engineering", "Team Member", "Alex")
    assert placed[placed["Alex"][2]][:2] == ("engineering", "Manager")


@pytest.mark.parametrize("role", ["CEO", "COO", "CFO"])
def test_leader_user_takes_the_seat(world, role):
    simulate_org_structure(["Ottilie"], user_role=role, user_name="Gwendolyn")
    row = table(world)["Gwendolyn"]
    assert (row["role"], row["team"], row["is_user"]) == (role, "leadership", True)
    assert row["joined_date"] == LEADERSHIP_START_DATE
    assert (row["manager"] is None) == (role == "CEO")
    assert get_current_user().name == "Gwendolyn"
    assert len(world.get_database(DatabaseNamespace.EMPLOYEES)) == 13


def test_invalid_role_is_a_value_error(world):
    with pytest.raises(ValueError, match="Invalid user role: Intern"):
        simulate_org_structure(["Ottilie"], user_role="Intern")
    validate_user_role(None)
    with pytest.raises(ValueError):
        validate_user_role("ceo")


@pytest.mark.parametrize("team", [Team.Leadership, Team.Assistants])
def test_non_leader_user_outside_departments_is_a_key_error(world, team):
    with pytest.raises(KeyError):
        simulate_org_structure([], user_team=team)


@pytest.mark.parametrize("role", ["CEO", "CFO"])
def test_assistants_team_is_in_the_dealing_cycle_of_a_leader_user(world, role):
    # 13 names leave 4 to deal after the leaders, assistants and managers; the
    # fourth goes to Assistants, which has no manager.
    with pytest.raises(KeyError):
        simulate_org_structure([], user_role=role, user_team=Team.Assistants)
    assert world.get_database(DatabaseNamespace.EMPLOYEES) == []


def test_leader_user_in_assistants_with_three_names_to_deal_is_built(world):
    names = ["Alex", *DEFAULT_ORG_NAMES[:11]]
    simulate_org_structure(names, user_role="CFO", user_team=Team.Assistants)
    placed = layout(world)
    assert len(placed) == 12
    members = sorted(team for team, role, *_ in placed.values() if role == "Team Member")
    assert members == ["engineering", "finance", "salesmarketing"]


def test_a_duplicate_of_a_leader_users_name_is_never_placed(world):
    simulate_org_structure(["Anna", "Anna"], user_name="Anna", user_role="COO")
    names = [row["name"] for row in world.get_database(DatabaseNamespace.EMPLOYEES)]
    assert names.count("Anna") == 1
    assert len(names) == 11
    assert table(world)["Anna"]["role"] == "COO"


def test_a_duplicate_of_a_member_users_name_is_placed_as_someone_else(world):
    # Only one copy is set aside as the user; the other is an ordinary name to
    # the leader and assistant draws (here it becomes the CFO).
    simulate_org_structure(["Anna", "Anna"], user_name="Anna")
    rows = [row for row in world.get_database(DatabaseNamespace.EMPLOYEES) if row["name"] == "Anna"]
    assert sorted((row["role"], row["is_user"]) for row in rows) == [("CFO", False), ("Team Member", True)]
    assert len(world.get_database(DatabaseNamespace.EMPLOYEES)) == 12


def test_extending_leadership_is_a_key_error(world):
    with pytest.raises(KeyError):
        simulate_org_structure([], teams_to_extend={Team.Leadership: ["X1", "X2"]})


def test_a_second_call_duplicates_the_directory(world):
    simulate_org_structure([])
    simulate_org_structure([])
    assert len(world.get_database(DatabaseNamespace.EMPLOYEES)) == 26
    with pytest.raises(SearchError):
        get_current_user()


# --- extend_team -------------------------------------------------------------------------


def test_extension_pads_to_two_names(world):
    simulate_org_structure([], teams_to_extend={Team.Finance: ["Solo"]})
    placed = layout(world)
    assert {"Solo", "Songoku"} <= placed.keys() and "Frodopop" not in placed
    # No finance manager managed a manager: the last name becomes one, the next reports to it.
    assert placed["Songoku"][1:3] == ("Manager", "Robespierre")
    assert placed["Solo"][1:3] == ("Team Member", "Songoku")


def test_second_extension_does_not_add_another_manager_level(world):
    organization = simulate_basic_org_structure([], "Alex")
    extend_team(organization, ["B1", "B2"], Team.Engineering)
    extend_team(organization, ["C1"], Team.Engineering, manager_probability=0.0)
    members = {member.name: member for member in organization.teams[Team.Engineering]}
    assert members["B2"].role == "Manager" and members["B1"].manager is members["B2"]
    # ["C1"] is padded to ["C1", "Songoku"]; B2 already manages, so no new level is opened.
    assert (members["Songoku"].role, members["C1"].role) == ("Team Member", "Team Member")
    assert [m.name for m in organization.teams[Team.Engineering] if m.role == "Manager"] == ["Jeeves", "B2"]


def test_extension_always_makes_managers_when_probability_is_one(world):
    organization = simulate_basic_org_structure([], "Alex")
    extend_team(organization, ["M1", "M2", "M3", "M4"], Team.Finance, manager_probability=1.0)
    roles = {member.name: member.role for member in organization.teams[Team.Finance]}
    # M4 opens the new level with M3 under it; then M2 is a manager, and M1, the last, never is.
    assert (roles["M4"], roles["M3"], roles["M2"], roles["M1"]) == ("Manager", "Team Member", "Manager", "Team Member")
    # M2 is the only manager without reports, so the last hire goes to M2.
    members = {member.name: member for member in organization.teams[Team.Finance]}
    assert members["M1"].manager is members["M2"]


def test_extension_needs_a_manager(world):
    lonely = EmployeeConstructor("Lonely", Team.Finance, "Team Member", None)
    user = EmployeeConstructor("Alex", Team.Engineering, "Team Member", None, is_user=True)
    organization = OrgStructure(leadership=[], teams={Team.Finance: [lonely]}, user=user)
    with pytest.raises(ValueError):
        extend_team(organization, ["X1", "X2"], Team.Finance)


# --- in-memory structure and rendering ----------------------------------------------------


def test_org_structure_rendering_and_size(world):
    organization = simulate_org_structure([])
    assert str(organization) == (
        "Danton (CEO)\n"
        "  Horace (COO)\n"
        "    Splendour (Sales & Marketing Manager)\n"
        "      Elina (Team Member)\n"
        "    Jeeves (Engineering Manager)\n"
        "      Mafalda (Team Member)\n"
        "      Alex (Team Member)\n"
        "  Sweethearta (CFO)\n"
        "    Robespierre (Finance Manager)\n"
        "      Spookington (Team Member)\n"
        "\n"
        "Alex (Team Member in Engineering)"
    )
    assert organization.org_size == 13
    assert organization.user.is_user and organization.user.name == "Alex"
    assert [leader.role for leader in organization.leadership] == ["CEO", "COO", "CFO"]
    assert list(organization.teams) == [Team.SalesMarketing, Team.Engineering, Team.Finance]
    assert all(members[0].role == "Manager" for members in organization.teams.values())


def test_rendering_of_a_leader_user_and_sub_managers(world):
    organization = simulate_org_structure(
        ["Ottilie"], user_role="COO", teams_to_extend={Team.Engineering: ["E1", "E2"]}
    )
    text = str(organization)
    assert text.endswith("\n\nAlex (COO)")
    assert "      E2 (Manager)\n        E1 (Team Member)" in text


def test_basic_structure_writes_nothing_and_draws_only_the_shuffle(world):
    state = random.getstate()
    organization = simulate_basic_org_structure([], "Alex")
    after = random.getstate()
    random.setstate(state)
    random.shuffle(list(DEFAULT_ORG_NAMES) + ["Alex"])
    assert random.getstate() == after
    assert world.get_database(DatabaseNamespace.EMPLOYEES) == []
    assert organization.org_size == 13


def test_employee_constructor_details_are_drawn_once(world):
    person = EmployeeConstructor("Nia", Team.Finance, "Team Member", None)
    assert repr(person) == "Nia (Team Member)"
    assert person.mobile == person.mobile
    assert person.joined_date == person.joined_date
    assert person.employee_id == person.employee_id
    record = person.db_record
    assert (record.manager, record.reports, record.assistant) == (None, [], None)
    leader = EmployeeConstructor("Lea", Team.Leadership, "CEO", None)
    state = random.getstate()
    assert leader.joined_date == LEADERSHIP_START_DATE
    assert random.getstate() == state
    fixed = EmployeeConstructor("Fix", Team.Finance, "Team Member", None, fix_hire_date=True)
    assert fixed.joined_date == FIXED_HIRE_DATE


def test_write_to_db_stores_the_team_value_and_returns_the_handle(world):
    person = EmployeeConstructor("Nia", Team.Finance, "Team Member", None)
    handle = write_to_db(person.db_record)
    assert handle == Employee(name="Nia", employee_id=person.employee_id)
    row = world.get_database(DatabaseNamespace.EMPLOYEES)[0]
    assert row["team"] == "finance" and type(row["team"]) is str


def test_range_defaults():
    assert NewHireJoinedRange() == (datetime.date(2024, 5, 26), datetime.date(2024, 6, 24))
    assert VeteranJoinedRange() == (datetime.date(2023, 7, 23), datetime.date(2023, 12, 1))
    assert BirthDayRange() == (datetime.date(1979, 1, 1), datetime.date(2005, 1, 1))


def test_team_extension_request_validation():
    TeamExtension(
        team=Team.Finance,
        additional_members=["A", "B"],
        managers=["A"],
        structure_constraints=[{"manager": "A", "reports": ["B"]}],
    )
    with pytest.raises(ValidationError):
        TeamExtension(team=Team.Finance, additional_members=["A", "B"], managers=["Z"])
    with pytest.raises(ValidationError):
        TeamExtension(
            team=Team.Finance, additional_members=["A", "B"], structure_constraints=[{"manager": "A", "reports": ["Z"]}]
        )


# --- holidays -------------------------------------------------------------------------------


def test_vacation_rows_are_appended_as_given(world):
    simulate_org_structure([])
    elina = find_employee("Elina")[0]
    first = TimeInterval(datetime.datetime(2024, 7, 8), datetime.datetime(2024, 7, 12))
    second = TimeInterval(datetime.datetime(2024, 7, 1), datetime.datetime(2024, 7, 1, 12))
    simulate_vacation_schedule(elina, [first, second])
    simulate_vacation_schedule(elina, [])
    rows = world.get_database(DatabaseNamespace.EMPLOYEE_VACATIONS)
    assert rows == [
        {"employee_id": elina.employee_id, "starts": first.start, "ends": first.end},
        {"employee_id": elina.employee_id, "starts": second.start, "ends": second.end},
    ]
    assert get_vacation_schedule(elina) == [second, first]


# --- fake details ------------------------------------------------------------------------------


def test_phone_number_draws_digits_first_then_the_lead_digit():
    random.seed(7)
    number = utils.fake_phone_number()
    random.seed(7)
    digits = "".join(str(random.randint(0, 9)) for _ in range(10))
    lead = random.choice(["6", "7", "8", "9"])
    assert number == f"+40{lead}{digits}"
    assert len(utils.fake_phone_number(prefix="+44", n_digits=4)) == 8


def test_email_and_video_link():
    assert utils.fake_email_address("Mary") == "mary@company.co.ro"
    assert utils.fake_email_address("Mary", "Keane", "x.org") == "mary_keane@x.org"
    assert utils.fake_video_conference_link("Mary") == "https://company.xweb.com/mary"
    assert utils.fake_video_conference_link("Mary", "Keane") == "https://company.xweb.com/mary.keane"


def test_random_dates_are_inclusive_and_one_draw_each():
    start, end = datetime.date(2024, 1, 1), datetime.date(2024, 1, 3)
    random.seed(3)
    days = utils.random_dates(start, end, 200)
    assert set(days) == {start, datetime.date(2024, 1, 2), end}
    random.seed(3)
    expected = [start + datetime.timedelta(days=random.randint(0, 2)) for _ in range(200)]
    assert days == expected
    assert utils.random_dates(start, start, 2) == [start, start]
