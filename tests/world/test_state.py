import datetime
import random

import pytest

from aspera_core.world import (
    ComputeError,
    DatabaseNamespace,
    ExecutionContext,
    NoDataError,
    get_current_context,
    new_context,
    set_current_context,
)
from aspera_core.world.state import SCHEMAS


def test_new_context_has_empty_tables_and_reseeds_random():
    random.seed(123)
    random.random()
    context = ExecutionContext()
    assert random.random() == pytest.approx(0.8444218515250481)  # first draw after seed(0)
    assert all(rows == [] for rows in context.tables.values())
    assert set(context.tables) == set(DatabaseNamespace)
    assert context.query == ""


def test_namespace_values_are_lower_case_names():
    assert [ns.value for ns in DatabaseNamespace] == [ns.name.lower() for ns in DatabaseNamespace]


def test_add_fills_missing_columns_and_copies_rows():
    context = ExecutionContext()
    row = {"employee_id": "e1", "name": "Ana", "reports": ["e2"]}
    context.add_to_database(DatabaseNamespace.EMPLOYEES, [row])
    row["reports"].append("e3")
    stored = context.get_database(DatabaseNamespace.EMPLOYEES)
    assert stored[0]["reports"] == ["e2"]
    assert stored[0]["manager"] is None
    assert list(stored[0]) == list(SCHEMAS[DatabaseNamespace.EMPLOYEES])  # every column, schema order


def test_add_rejects_unknown_column_and_all_null_row():
    context = ExecutionContext()
    with pytest.raises(KeyError, match="colour"):
        context.add_to_database(DatabaseNamespace.CONFERENCE_ROOMS, [{"colour": "red"}])
    with pytest.raises(ValueError, match="all-null"):
        context.add_to_database(DatabaseNamespace.CONFERENCE_ROOMS, [{"room_name": None}])
    assert context.get_database(DatabaseNamespace.CONFERENCE_ROOMS) == []


def test_capacity_must_fit_unsigned_byte():
    context = ExecutionContext()
    context.add_to_database(DatabaseNamespace.CONFERENCE_ROOMS, [{"room_id": "r", "capacity": 255, "room_name": "A"}])
    with pytest.raises(ComputeError):
        context.add_to_database(
            DatabaseNamespace.CONFERENCE_ROOMS, [{"room_id": "s", "capacity": 256, "room_name": "B"}]
        )


def test_remove_matching_rows_keeps_order_and_reports_no_match():
    context = ExecutionContext()
    ns = DatabaseNamespace.EMPLOYEE_VACATIONS
    start = datetime.datetime(2024, 7, 1)
    context.add_to_database(ns, [{"employee_id": e, "starts": start, "ends": start} for e in "abcab"])
    context.remove_from_database(ns, lambda row: row["employee_id"] == "a")
    assert [r["employee_id"] for r in context.get_database(ns)] == ["b", "c", "b"]
    with pytest.raises(NoDataError):
        context.remove_from_database(ns, lambda row: row["employee_id"] == "zzz")
    with pytest.raises(KeyError):
        context.remove_from_database(DatabaseNamespace.SANDBOX, lambda row: True)


def test_to_dict_and_from_dict_round_trip_dates_and_structs():
    context = ExecutionContext()
    context.add_to_database(
        DatabaseNamespace.USER_CALENDAR,
        [
            {
                "subject": "Review",
                "starts_at": datetime.datetime(2024, 6, 26, 10),
                "repeats": {"frequency": "weekly", "exclude_occurrence": [datetime.datetime(2024, 7, 3, 10)]},
                "attendees": ["x"],
            }
        ],
    )
    data = context.to_dict()
    assert data["user_calendar"][0]["starts_at"] == "2024-06-26T10:00:00"
    restored = ExecutionContext.from_dict(data)
    assert restored.to_dict() == data
    row = restored.get_database(DatabaseNamespace.USER_CALENDAR)[0]
    assert row["repeats"]["exclude_occurrence"] == [datetime.datetime(2024, 7, 3, 10)]


def test_new_context_installs_and_restores_even_on_error():
    outer = ExecutionContext()
    set_current_context(outer)
    inner = ExecutionContext()
    with pytest.raises(RuntimeError):
        with new_context(inner):
            assert get_current_context() is inner
            raise RuntimeError("boom")
    assert get_current_context() is outer


def test_add_converts_values_to_column_types():
    context = ExecutionContext()
    context.add_to_database(DatabaseNamespace.CONFERENCE_ROOMS, [{"room_id": "r", "capacity": "8", "room_name": 12}])
    assert context.get_database(DatabaseNamespace.CONFERENCE_ROOMS) == [
        {"room_id": "r", "capacity": 8, "room_name": "12"}
    ]


def test_failed_add_leaves_the_table_as_it_was_and_names_the_column():
    context = ExecutionContext()
    ns = DatabaseNamespace.EMPLOYEE_VACATIONS
    start = datetime.datetime(2024, 7, 1)
    context.add_to_database(ns, [{"employee_id": "a", "starts": start, "ends": start}])
    rows = [{"employee_id": "b", "starts": start, "ends": start}, {"employee_id": "c", "starts": "soon", "ends": start}]
    with pytest.raises(ComputeError, match="'starts' of table 'employee_vacations'"):
        context.add_to_database(ns, rows)
    assert [row["employee_id"] for row in context.get_database(ns)] == ["a"]
