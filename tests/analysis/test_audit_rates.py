"""The audit's rates with Wilson intervals and their denominators, from the audit's kind table."""

from __future__ import annotations

import math

import pandas as pd
import pytest

from aspera_core.analysis.audit_rates import ALL_KINDS, audit_rates, kind_label
from aspera_core.analysis.outcomes import wilson_interval


def kinds() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "kind": ["reference", "rename_variables", "noop", "drop_action", "change_room"],
            "expected": ["pass", "pass", "fail", "fail", "fail"],
            "flagged": [0, 1, 0, 2, 0],
            "judged": [10, 9, 10, 8, 0],
            "equivalent": [0, 0, 0, 3, 1],
            "not_equivalent": [0, 1, 0, 0, 0],
            "undetermined": [0, 0, 0, 1, 0],
        }
    )


def test_rates_intervals_and_totals() -> None:
    table = audit_rates(kinds(), confidence=0.9)
    assert list(table["kind"]) == [
        "reference",
        "rename_variables",
        ALL_KINDS,
        "noop",
        "drop_action",
        "change_room",
        ALL_KINDS,
    ]
    assert list(table["error"][:3]) == ["false rejection"] * 3 and set(table["error"][3:]) == {"false acceptance"}
    totals = table[table["kind"] == ALL_KINDS].set_index("must")
    assert (totals.loc["pass", "flagged"], totals.loc["pass", "judged"], totals.loc["pass", "excluded"]) == (1, 19, 1)
    assert (totals.loc["fail", "flagged"], totals.loc["fail", "judged"], totals.loc["fail", "excluded"]) == (2, 18, 5)
    drop = table[table["kind"] == "drop_action"].iloc[0]
    assert drop["rate (%)"] == pytest.approx(25.0)
    low, high = wilson_interval(2, 8, 0.9)
    assert (drop["CI low (%)"], drop["CI high (%)"]) == (pytest.approx(100 * low), pytest.approx(100 * high))
    reference = table[table["kind"] == "reference"].iloc[0]
    assert reference["rate (%)"] == 0.0 and reference["CI low (%)"] == 0.0 and 0 < reference["CI high (%)"] < 30
    room = table[table["kind"] == "change_room"].iloc[0]
    assert math.isnan(room["rate (%)"]) and room["excluded"] == 1  # nothing judged: no rate
    assert table.attrs["confidence"] == 0.9


def test_a_table_without_the_counts_is_refused() -> None:
    with pytest.raises(ValueError, match="undetermined"):
        audit_rates(kinds().drop(columns=["undetermined"]))


@pytest.mark.parametrize(
    ("kind", "label"),
    [
        ("hand_written_wrong", "hand-written wrong"),
        ("handback", "hand-back"),
        ("swallow_handback", "swallow hand-back"),
        ("add_unrelated_event", "add unrelated event"),
        ("reference", "reference"),
        (ALL_KINDS, ALL_KINDS),
    ],
)
def test_kind_names_read_as_words_with_the_hyphens_of_the_prose(kind: str, label: str) -> None:
    assert kind_label(kind) == label
