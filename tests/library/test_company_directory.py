"""Behaviour of the company directory (spec: assistant-library.md, section 5)."""

import datetime
import random
import types

import pytest
from beartype.roar import BeartypeCallHintParamViolation
from pydantic import ValidationError

from aspera_core.library import _rows
from aspera_core.library.company_directory import (
    Employee,
    EmployeeDetails,
    Team,
    _get_employee_by_id,
    find_employee,
    find_manager_of,
    find_reports_of,
    find_team_of,
    get_all_employees,
    get_assistant,
    get_current_user,
    get_employee_profile,
    get_office_location,
    get_vacation_schedule,
)
from aspera_core.library.exceptions import SearchError
from aspera_core.library.time_utils import TimeInterval
from aspera_core.tools.setup.company_directory import simulate_org_structure, simulate_vacation_schedule
from aspera_core.world.state import DatabaseNamespace, ExecutionContext, new_context

NO_USER = "Unable to retrieve user profile from the company directory."


@pytest.fixture
def world():
    with new_context(ExecutionContext()) as context:
        yield context


def add_person(
    context,
    name,
    *,
    team="engineering",
    role="Team Member",
    manager=None,
    assistant=None,
    reports=None,
    is_user=False,
    employee_id=None,
):
    """Write one employee row directly, for layouts the generator cannot produce."""
    employee_id = employee_id or f"id-{name}-{len(context.get_database(DatabaseNamespace.EMPLOYEES))}"
    context.add_to_database(
        DatabaseNamespace.EMPLOYEES,
        [
            {
                "employee_id": employee_id,
                "name": name,
                "email_address": f"{name.lower()}@company.co.ro",
                "mobile": "+40700000000",
                "team": team,
                "role": role,
                "video_conference_link": f"https://company.xweb.com/{name.lower()}",
                "joined_date": datetime.date(2023, 9, 1),
                "birth_date": datetime.date(1990, 7, 1),
                "manager": manager,
                "assistant": assistant,
                "reports": [] if reports is None else reports,
                "is_user": is_user,
            }
        ],
    )
    return Employee(name=name, employee_id=employee_id)


def names(employees):
    return [e.name for e in employees]


def draws_made(call):
    """How many 32-bit words ``call`` takes from the global random stream."""
    state = random.getstate()
    call()
    after = random.random()
    for n in range(5):
        random.setstate(state)
        for _ in range(n):
            random.getrandbits(32)
        if random.random() == after:
            random.setstate(state)
            return n
    raise AssertionError("could not attribute the draws")


# --- get_current_user ------------------------------------------------------------


def test_current_user_is_the_flagged_employee(world):
    simulate_org_structure(["Ottilie"], user_name="Saoirse")
    me = get_current_user()
    assert me.name == "Saoirse"
    assert get_employee_profile(me).is_user is True


def test_no_user_raises_search_error_with_the_exact_message(world):
    add_person(world, "Bob")
    with pytest.raises(SearchError) as error:
        get_current_user()
    assert str(error.value) == NO_USER


def test_two_users_raise_search_error(world):
    add_person(world, "Bob", is_user=True)
    add_person(world, "Ann", is_user=True)
    with pytest.raises(SearchError, match=NO_USER):
        get_current_user()


def test_empty_directory_has_no_user(world):
    with pytest.raises(SearchError, match=NO_USER):
        get_current_user()


# --- find_employee -----------------------------------------------------------------


@pytest.fixture
def people(world):
    for name in ["Bartholomew", "Ingeborg Holm", "Ingeborg Berg", "Annelise", "Mary-Jo Keane", "Alex", "Mafalda"]:
        add_person(world, name)
    return world


@pytest.mark.parametrize(
    "query, expected",
    [
        ("Bartholomew", ["Bartholomew"]),
        ("bartholomew", ["Bartholomew"]),
        ("  Annelise!", ["Annelise"]),
        ("Anneliese", ["Annelise"]),
        ("Barth", ["Bartholomew"]),
        ("Keane", ["Mary-Jo Keane"]),
        ("mary jo", ["Mary-Jo Keane"]),
        ("Bartholomew the Great", ["Bartholomew"]),
        ("Kasimir", []),
        ("", []),
    ],
)
def test_find_employee_is_fuzzy(people, query, expected):
    assert names(find_employee(query)) == expected


def test_find_employee_returns_every_plausible_match_best_first(people):
    # Both Ingeborgs score the same: directory order decides.
    assert names(find_employee("Ingeborg")) == ["Ingeborg Holm", "Ingeborg Berg"]
    # An exact match outranks a partial one.
    assert names(find_employee("ingeborg berg")) == ["Ingeborg Berg"]
    assert names(find_employee("Al")) == ["Alex", "Mafalda"]


def test_find_employee_keeps_namesakes_apart(world):
    first = add_person(world, "Sam")
    second = add_person(world, "Sam")
    found = find_employee("Sam")
    assert found == [first, second]
    assert found[0] != found[1]


def test_find_employee_returns_at_most_fifty(world):
    for _ in range(60):
        add_person(world, "Sam")
    assert len(find_employee("Sam")) == 50


def test_find_employee_on_an_empty_directory(world):
    assert find_employee("Alex") == []


def test_find_employee_returns_fresh_equal_handles(people):
    a, b = find_employee("Annelise")[0], find_employee("Annelise")[0]
    assert a == b and a is not b


def test_find_employee_checks_argument_types(people):
    with pytest.raises(BeartypeCallHintParamViolation, match="parameter name="):
        find_employee(42)


# --- team, reports, manager, assistant -------------------------------------------


@pytest.fixture
def org(world):
    """The default generated company (see the organisation vectors in the spec)."""
    simulate_org_structure([])
    return {e.name: e for e in get_all_employees()}


def test_team_excludes_the_person_and_is_sorted(org):
    assert names(find_team_of(org["Alex"])) == ["Jeeves", "Mafalda"]
    assert names(find_team_of(org["Jeeves"])) == ["Alex", "Mafalda"]


def test_team_of_leaders_and_assistants(org):
    assert names(find_team_of(org["Danton"])) == ["Horace", "Sweethearta"]
    assert names(find_team_of(org["Ileana"])) == ["Charm", "Marat"]


def test_team_sort_is_case_sensitive(world):
    me = add_person(world, "me", is_user=True)
    for name in ["zed", "Zoe", "adam", "Bob"]:
        add_person(world, name)
    add_person(world, "Fin", team="finance")
    assert names(find_team_of(me)) == ["Bob", "Zoe", "adam", "zed"]


def test_team_of_unknown_employee_is_an_assertion_error(org):
    with pytest.raises(AssertionError):
        find_team_of(Employee(name="Nobody", employee_id="no-such-id"))


def test_type_enforcement_on_employee_parameters(org):
    with pytest.raises(BeartypeCallHintParamViolation, match="parameter employee="):
        find_team_of("Alex")
    with pytest.raises(BeartypeCallHintParamViolation, match="parameter employee="):
        get_employee_profile(org["Alex"].employee_id)


def test_reports_are_direct_and_sorted(org):
    assert names(find_reports_of(org["Danton"])) == ["Horace", "Sweethearta"]
    assert names(find_reports_of(org["Jeeves"])) == ["Alex", "Mafalda"]
    assert names(find_reports_of(org["Horace"])) == ["Jeeves", "Splendour"]
    assert find_reports_of(org["Alex"]) == []


def test_assistants_are_not_reports(org):
    assistant = get_assistant(org["Danton"])
    assert assistant not in find_reports_of(org["Danton"])
    assert find_manager_of(assistant) == org["Danton"]


def test_reports_of_unknown_employee_is_an_assertion_error(org):
    with pytest.raises(AssertionError):
        find_reports_of(Employee(name="Nobody", employee_id="no-such-id"))


def test_manager_chain_ends_at_the_ceo(org):
    chain = []
    person = org["Alex"]
    while person is not None:
        chain.append(person.name)
        person = find_manager_of(person)
    assert chain == ["Alex", "Jeeves", "Horace", "Danton"]


def test_manager_of_unknown_employee_is_an_assertion_error(org):
    with pytest.raises(AssertionError):
        find_manager_of(Employee(name="Nobody", employee_id="no-such-id"))


def test_only_leaders_have_assistants(org):
    assert {name: getattr(get_assistant(e), "name", None) for name, e in org.items()} == {
        "Alex": None,
        "Charm": None,
        "Danton": "Ileana",
        "Elina": None,
        "Horace": "Marat",
        "Ileana": None,
        "Jeeves": None,
        "Mafalda": None,
        "Marat": None,
        "Robespierre": None,
        "Splendour": None,
        "Spookington": None,
        "Sweethearta": "Charm",
    }


def test_leader_without_assistant_is_an_assertion_error(world):
    boss = add_person(world, "Boss", team="leadership", role="CEO")
    with pytest.raises(AssertionError):
        get_assistant(boss)


def test_assistant_of_unknown_employee_is_an_assertion_error(org):
    with pytest.raises(AssertionError):
        get_assistant(Employee(name="Nobody", employee_id="no-such-id"))


# --- holidays ------------------------------------------------------------------------


def test_no_holidays_is_none_not_an_empty_list(org):
    assert get_vacation_schedule(org["Alex"]) is None


def test_holidays_are_sorted_by_start_and_kept_as_stored(org):
    later = TimeInterval(datetime.datetime(2024, 8, 12), datetime.datetime(2024, 8, 23))
    afternoon = TimeInterval(datetime.datetime(2024, 6, 27, 13), datetime.datetime(2024, 6, 28, 18))
    simulate_vacation_schedule(org["Elina"], [later])
    simulate_vacation_schedule(org["Mafalda"], [later])
    simulate_vacation_schedule(org["Elina"], [afternoon])
    assert get_vacation_schedule(org["Elina"]) == [afternoon, later]
    assert get_vacation_schedule(org["Mafalda"]) == [later]


def test_holidays_do_not_require_a_directory_entry(world):
    ghost = Employee(name="Ghost", employee_id="ghost-id")
    interval = TimeInterval(datetime.datetime(2024, 7, 1), datetime.datetime(2024, 7, 2))
    simulate_vacation_schedule(ghost, [interval])
    assert get_vacation_schedule(Employee(name="Anyone", employee_id="ghost-id")) == [interval]


# --- profiles and listings --------------------------------------------------------------


def test_profile_holds_the_full_record(org):
    profile = get_employee_profile(org["Horace"])
    assert isinstance(profile, EmployeeDetails)
    assert profile.name == "Horace"
    assert profile.role == "COO"
    assert profile.team is Team.Leadership
    assert profile.email_address == "horace@company.co.ro"
    assert profile.video_conference_link == "https://company.xweb.com/horace"
    assert profile.joined_date == datetime.date(2023, 7, 23)
    assert profile.manager == org["Danton"].employee_id
    assert profile.assistant == org["Marat"].employee_id
    assert profile.reports == [org["Splendour"].employee_id, org["Jeeves"].employee_id]
    assert profile.employee_id == org["Horace"].employee_id
    assert profile.is_user is False
    assert str(profile) == f"Horace ({profile.employee_id})"


def test_profiles_are_fresh_frozen_and_unhashable(org):
    a, b = get_employee_profile(org["Alex"]), get_employee_profile(org["Alex"])
    assert a == b and a is not b
    assert a.reports == [] and a.assistant is None
    a.reports.append("tampered")
    assert get_employee_profile(org["Alex"]).reports == []
    with pytest.raises(ValidationError, match="frozen"):
        a.role = "CEO"
    with pytest.raises(TypeError, match="unhashable"):
        hash(b)


def test_profile_of_unknown_employee_is_an_assertion_error(org):
    with pytest.raises(AssertionError):
        get_employee_profile(Employee(name="Alex", employee_id="nope"))


def test_all_employees_sorted_by_code_point(world):
    for name in ["zoe", "Zoe", "Ådne", "_under", "10x", "Alex"]:
        add_person(world, name)
    assert names(get_all_employees()) == ["10x", "Alex", "Zoe", "_under", "zoe", "Ådne"]


def test_all_employees_includes_the_user(org):
    assert len(org) == 13
    assert get_current_user() in get_all_employees()


def test_all_employees_of_an_empty_directory(world):
    assert get_all_employees() == []


def test_office_location_is_the_same_for_everyone(org):
    stranger = Employee(name="Stranger", employee_id="x-1")
    assert get_office_location(org["Alex"]) == "30 Station Road, Cambridge, CV3 2AL"
    assert get_office_location(stranger) == "30 Station Road, Cambridge, CV3 2AL"


def test_lookups_see_later_changes(world):
    assert find_employee("Late") == []
    late = add_person(world, "Late Comer")
    assert find_employee("Late") == [late]


# --- the private id lookup --------------------------------------------------------------


def test_lookup_by_id(world):
    ann = add_person(world, "Ann", employee_id="a-1")
    assert _get_employee_by_id("a-1") == ann


def test_lookup_by_unknown_or_duplicate_id_is_a_bare_assertion_error(world):
    add_person(world, "Ann", employee_id="a-1")
    add_person(world, "Ann again", employee_id="a-1")
    for employee_id in ("a-1", "missing"):
        with pytest.raises(AssertionError) as error:
            _get_employee_by_id(employee_id)
        assert str(error.value) == ""


# --- the Employee handle -----------------------------------------------------------------


def test_employee_requires_an_id():
    with pytest.raises(ValidationError, match="find_employee") as error:
        Employee(name="Ottilie")
    assert error.value.errors()[0]["type"] == "SolutionError"


def test_employee_equality_repr_and_hashing():
    a = Employee(name="Ottilie", employee_id="e-1")
    assert a == Employee(name="Ottilie", employee_id="e-1")
    assert a != Employee(name="Ottilie B", employee_id="e-1")
    assert repr(a) == "Employee(name='Ottilie', employee_id='e-1')"
    assert str(a) == "name='Ottilie' employee_id='e-1'"
    assert len({a, Employee(name="Ottilie", employee_id="e-1")}) == 1


def test_team_values():
    assert [(t.name, t.value) for t in Team] == [
        ("SalesMarketing", "salesmarketing"),
        ("Engineering", "engineering"),
        ("Finance", "finance"),
        ("Leadership", "leadership"),
        ("Assistants", "assistants"),
    ]
    assert Team.Finance == "finance"


# --- random-stream coupling and the star-import surface ---------------------------------


def test_only_list_typed_functions_draw_from_random(org):
    me = org["Alex"]
    drawing = {
        "find_employee": lambda: find_employee("Alex"),
        "find_team_of": lambda: find_team_of(me),
        "find_reports_of": lambda: find_reports_of(me),
        "get_vacation_schedule": lambda: get_vacation_schedule(me),
        "get_all_employees": get_all_employees,
    }
    silent = {
        "get_current_user": get_current_user,
        "find_manager_of": lambda: find_manager_of(me),
        "get_assistant": lambda: get_assistant(me),
        "get_employee_profile": lambda: get_employee_profile(me),
        "get_office_location": lambda: get_office_location(me),
        "_get_employee_by_id": lambda: _get_employee_by_id(me.employee_id),
    }
    assert {name: draws_made(call) for name, call in drawing.items()} == dict.fromkeys(drawing, 1)
    assert {name: draws_made(call) for name, call in silent.items()} == dict.fromkeys(silent, 0)


def test_star_import_surface():
    namespace = {}
    exec("from aspera_core.library.company_directory import *", namespace)
    assert isinstance(namespace["datetime"], types.ModuleType)
    assert namespace["datetime"] is datetime
    for name in [
        "deepcopy",
        "Any",
        "Optional",
        "TYPE_CHECKING",
        "BaseModel",
        "model_validator",
        "PydanticCustomError",
        "StrEnum",
        "auto",
        "SearchError",
        "TimeInterval",
        "EmployeeID",
    ]:
        assert name in namespace, name
    for name in ["filter_dataframe", "exact_match_filter_dataframe", "fuzzy_match_filter_dataframe"]:
        assert namespace[name] is getattr(_rows, name)
    assert "_get_employee_by_id" not in namespace
    assert namespace["SearchError"] is SearchError
    assert namespace["EmployeeID"] is str


# --- row helpers ----------------------------------------------------------------------------


ROWS = [
    {"name": "Alex", "n": 3},
    {"name": "Alice Smith", "n": 1},
    {"name": None, "n": None},
    {"name": "Mafalda", "n": 2},
]


def test_row_filters():
    assert _rows.filter_dataframe(ROWS, lambda row: row["n"] == 1) == [ROWS[1]]
    assert _rows.exact_match_filter_dataframe(ROWS, "name", None) == [ROWS[2]]
    assert _rows.exact_match_filter_dataframe(ROWS, "name", "alex") == []
    assert _rows.gt_eq_filter_dataframe(ROWS, "n", 2) == [ROWS[0], ROWS[3]]
    assert _rows.fuzzy_match_filter_dataframe(ROWS, "name", "al") == [ROWS[0], ROWS[1], ROWS[3]]
    assert _rows.fuzzy_match_filter_dataframe(ROWS, "name", "Mafalda")[0] is ROWS[3]


def test_row_filters_do_not_draw_from_random():
    assert draws_made(lambda: _rows.fuzzy_match_filter_dataframe(ROWS, "name", "al")) == 0
    assert draws_made(lambda: _rows.filter_dataframe(ROWS, bool)) == 0
