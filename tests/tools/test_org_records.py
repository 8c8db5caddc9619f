import pytest
from pydantic import ValidationError

from aspera_core.library.company_directory import get_all_employees
from aspera_core.tools.setup.company_directory import (
    ReportAssignment,
    TeamExtension,
    simulate_basic_org_structure,
    write_to_database,
)
from aspera_core.world.state import ExecutionContext, new_context


def test_write_to_database_writes_the_basic_org_depth_first():
    with new_context(ExecutionContext()):
        org = simulate_basic_org_structure(["Ines", "Tomas"], user_name="Alex")
        assert get_all_employees() == []  # laying out the org writes nothing
        write_to_database(org)
        names = [e.name for e in get_all_employees()]
    assert len(names) == 13 and {"Ines", "Tomas", "Alex"} <= set(names)


def test_report_assignment_and_team_extension_validate_names():
    assignment = ReportAssignment(manager="Ines", reports=["Tomas"])
    assert assignment.reports == ["Tomas"]
    with pytest.raises(ValidationError):
        ReportAssignment(manager="Ines")
    with pytest.raises(ValidationError):
        TeamExtension(team="finance", additional_members=["Ines"], managers=["Tomas"])
