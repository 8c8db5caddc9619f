"""The library's primitives, counted as documented and as callable."""

from __future__ import annotations

import pandas as pd

from aspera_workbench.analysis.dataset import primitive_counts
from aspera_workbench.surface.primitives import library_primitives, method_index, primitive_index


def counts(module: str, counted: str) -> pd.Series:
    table = primitive_counts()
    return table[(table["module"] == module) & (table["counted"] == counted)].iloc[0]


def test_documented_counts_per_module_are_those_of_the_original_documentation():
    expected = {  # functions, methods, classes, aliases
        "company_directory": (10, 0, 3, 0),
        "work_calendar": (11, 1, 3, 0),
        "room_booking": (4, 0, 2, 0),
        "time_utils": (19, 3, 11, 1),
        "exceptions": (0, 0, 1, 0),
        "all five modules": (44, 4, 20, 1),
    }
    for module, numbers in expected.items():
        row = counts(module, "documented")
        assert (row["function"], row["method"], row["class"], row["alias"]) == numbers, module
    assert counts("all five modules", "documented")["primitives"] == 69  # the paper's 49 + 20
    assert counts("time_utils", "documented")["functional enums"] == 5  # 20 - 5 = 15 class statements


def test_callable_counts_add_the_executable_only_names():
    total = counts("all five modules", "callable")
    assert (total["function"], total["method"], total["class"], total["alias"], total["constant"]) == (51, 10, 25, 3, 6)
    assert total["primitives"] == 89
    exceptions = counts("exceptions", "callable")
    assert (exceptions["function"], exceptions["class"]) == (1, 5)


def test_documentation_only_modules_are_catalogued_apart():
    row = counts("documentation-only modules", "documented")
    assert (row["function"], row["method"], row["class"]) == (18, 2, 14)
    assert all(not p.core for p in library_primitives() if p.module in {"files", "contacts", "reminder"})


def test_indexes_resolve_names_to_their_defining_module():
    index = primitive_index()
    assert index["Employee"].module == "company_directory"  # work_calendar only imports it
    assert index["EventId"].kind == "alias" and not index["EventId"].documented
    assert index["weekdays"].kind == "alias" and index["weekdays"].documented
    assert index["TimeUnits"].functional_enum and index["TimeUnits"].kind == "class"
    assert "datetime" not in index and "add_custom_label_address" not in index  # imported; peripheral
    assert {p.name for p in method_index()["contains"]} == {"TimeInterval.contains"}
    assert not primitive_index()["cast_to_timedelta"].documented
