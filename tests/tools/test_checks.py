"""Checking tools (spec: evaluation-tools.md, sections 7 and 9)."""

from types import SimpleNamespace

import pytest

from aspera_core.library.company_directory import find_employee
from aspera_core.library.work_calendar import share_calendar
from aspera_core.tools.checks.exceptions import SolutionError
from aspera_core.tools.checks.work_calendar import assert_user_calendar_shared
from aspera_core.tools.setup.company_directory import simulate_org_structure
from aspera_core.world.state import ExecutionContext, new_context


@pytest.fixture
def people():
    with new_context(ExecutionContext()):
        simulate_org_structure(["Ottilie", "Bartholomew", "Xiomara"])
        yield SimpleNamespace(
            **{name[:3].lower(): find_employee(name)[0] for name in ("Ottilie", "Bartholomew", "Xiomara")}
        )


def test_solution_error_is_a_plain_exception():
    assert SolutionError.__bases__ == (Exception,)
    assert str(SolutionError("Incorrect schedule")) == "Incorrect schedule"
    with pytest.raises(SolutionError, match="expected one event"):
        raise SolutionError("expected one event")


def test_nothing_shared_matches_empty(people):
    assert assert_user_calendar_shared([]) is None


def test_one_grant_in_any_order(people):
    share_calendar([people.ott, people.bar])
    assert assert_user_calendar_shared([people.bar, people.ott]) is None


def test_grants_split_over_calls(people):
    share_calendar([people.ott])
    share_calendar([])
    share_calendar([people.bar])
    assert_user_calendar_shared([people.ott, people.bar])


def test_duplicates_must_match_exactly(people):
    share_calendar([people.xio, people.xio])
    assert_user_calendar_shared([people.xio, people.xio])
    with pytest.raises(AssertionError):
        assert_user_calendar_shared([people.xio])


@pytest.mark.parametrize("grants", [[["ott", "bar"], ["ott"]], [["ott", "bar", "xio"]], [["ott"]]])
def test_extra_repeated_or_missing_people_fail(people, grants):
    for names in grants:
        share_calendar([getattr(people, name) for name in names])
    with pytest.raises(AssertionError) as error:
        assert_user_calendar_shared([people.ott, people.bar])
    assert str(error.value) == ""
