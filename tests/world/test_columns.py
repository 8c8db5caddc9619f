"""Column conversions, as measured on the original's storage (polars 1.16 row construction)."""

import datetime
import decimal

import pytest

from aspera_core.world.columns import (
    BOOLEAN,
    DATE,
    DATETIME,
    INT32,
    TEXT,
    UINT8,
    Category,
    ListOf,
    Struct,
    float_text,
)
from aspera_core.world.errors import ComputeError

DAY = datetime.date(2024, 6, 26)
MOMENT = datetime.datetime(2024, 6, 26, 10)


@pytest.mark.parametrize(
    ("column", "value", "stored"),
    [
        (TEXT, "Plan", "Plan"),
        (TEXT, 12, "12"),
        (TEXT, -3, "-3"),
        (TEXT, 8.0, "8"),
        (TEXT, 8.5, "8.5"),
        (TEXT, True, "true"),
        (TEXT, False, "false"),
        (TEXT, float("nan"), "NaN"),
        (DATETIME, MOMENT, MOMENT),
        (DATETIME, 12, datetime.datetime(1970, 1, 1, 0, 0, 0, 12)),
        (DATETIME, -1.5, datetime.datetime(1969, 12, 31, 23, 59, 59, 999999)),
        (DATE, DAY, DAY),
        (DATE, 12, datetime.date(1970, 1, 13)),
        (UINT8, "8", 8),
        (UINT8, "8.5", 8),
        (UINT8, "+8", 8),
        (UINT8, "1e1", 10),
        (UINT8, 8.5, 8),
        (UINT8, 255.9, 255),
        (UINT8, -0.5, 0),
        (UINT8, True, 1),
        (UINT8, decimal.Decimal("1.5"), 1),
        (INT32, -1.5, -1),
        (INT32, DAY, 19900),
        (INT32, 2**31 - 1, 2**31 - 1),
        (BOOLEAN, 1, True),
        (BOOLEAN, 2, False),
        (BOOLEAN, "1.0", True),
    ],
)
def test_store_converts_like_the_original(column, value, stored):
    result = column.store(value)
    assert result == stored
    assert type(result) is type(stored)


@pytest.mark.parametrize(
    ("column", "value"),
    [
        (TEXT, MOMENT),
        (TEXT, DAY),
        (TEXT, ["Kiln"]),
        (TEXT, ("Kiln",)),
        (TEXT, {"a": 1}),
        (TEXT, decimal.Decimal("1.5")),
        (DATETIME, "soon"),
        (DATETIME, "2024-06-26T10:00:00"),  # text is never parsed
        (DATETIME, DAY),  # a plain date is refused at top level
        (DATETIME, True),
        (DATETIME, float("nan")),
        (DATE, MOMENT),
        (DATE, "2024-06-26"),
        (DATE, 2**40),
        (UINT8, 256),
        (UINT8, -1),
        (UINT8, "256"),
        (UINT8, " 8"),
        (UINT8, "1e3"),
        (UINT8, "eight"),
        (UINT8, float("inf")),
        (UINT8, DAY),
        (INT32, 2**31),
        (BOOLEAN, "true"),
        (BOOLEAN, -1),
    ],
)
def test_store_refuses_with_compute_error(column, value):
    with pytest.raises(ComputeError, match="could not append value"):
        column.store(value)


def test_category_keeps_known_values_and_nulls_the_rest():
    status = Category(("busy", "outofoffice", "free"))
    assert status.store("free") == "free"
    assert status.store("Free") is None
    assert status.store("tentative") is None
    assert status.store(3) is None


def test_lists_cast_items_and_ignore_non_lists():
    days = ListOf(UINT8)
    assert days.store((0, 2)) == [0, 2]
    assert days.store([-1, 300, 0]) == [None, None, 0]
    assert days.store([1.5]) == [1]
    assert days.store(["2", "x", None]) == [2, None, None]
    assert days.store(3) is None
    assert ListOf(TEXT).store("ab") is None
    assert ListOf(TEXT).store([1, 2]) == ["1", "2"]
    assert ListOf(DATETIME).store([DAY]) == [datetime.datetime(2024, 6, 26)]


def test_lists_mixing_item_types_fail_with_type_error():
    with pytest.raises(TypeError, match="unexpected value"):
        ListOf(TEXT).store(["a", 1])
    with pytest.raises(TypeError):
        ListOf(UINT8).store([0, True])


def test_struct_casts_fields_and_fills_missing_ones():
    rule = Struct({"frequency": Category(("weekly",)), "period": INT32, "until": DATETIME})
    assert rule.store({"frequency": "weekly", "until": DAY, "extra": 1}) == {
        "frequency": "weekly",
        "period": None,
        "until": datetime.datetime(2024, 6, 26),
    }
    assert rule.store({"frequency": "fortnightly", "period": "x", "until": "2024-06-26"}) == dict.fromkeys(
        ("frequency", "period", "until")
    )
    assert rule.store("weekly") == dict.fromkeys(("frequency", "period", "until"))
    assert rule.store(None) is None


def test_store_never_returns_the_callers_list():
    people = ["e1", "e2"]
    stored = ListOf(TEXT).store(people)
    assert stored == people
    assert stored is not people


@pytest.mark.parametrize(
    ("number", "text"),
    [(1e-07, "0.0000001"), (1e20, "100000000000000000000"), (-0.0, "-0"), (0.1, "0.1"), (float("-inf"), "-inf")],
)
def test_float_text_is_positional(number, text):
    assert float_text(number) == text
