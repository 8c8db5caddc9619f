"""The audit's error rates with intervals, for tables and figures.

The audit (``aspera audit``, :mod:`aspera_core.audit`) counts, per variant
kind, the programs its evaluation programs misjudged (``flagged``) among
those it could judge (``judged``). This module adds Wilson score intervals to
those rates. Wilson rather than a bootstrap because the rates are often 0 %:
a bootstrap of zero errors is the point 0, while the Wilson interval still
says how large a rate so few programs could have missed. It treats programs
as independent, which variants of one task are not quite, so the intervals
are on the narrow side.
"""

from __future__ import annotations

import math
import re

import pandas as pd

from aspera_core.analysis.outcomes import wilson_interval

#: Row label of the rates over every kind.
ALL_KINDS = "all kinds"

_ERROR_NAMES = {"pass": "false rejection", "fail": "false acceptance"}

# Words a kind's identifier writes run together or apart that the prose (docs, help texts) hyphenates.
_HYPHENATED = {"handback": "hand-back", "hand written": "hand-written"}
_HYPHENATED_PATTERN = re.compile(r"\b(" + "|".join(re.escape(words) for words in _HYPHENATED) + r")\b")


def kind_label(kind: str) -> str:
    """A variant kind's identifier as words for a figure: ``hand_written_wrong`` reads "hand-written wrong".

    Underscores become spaces, and the compounds the prose hyphenates
    (hand-back, hand-written) get their hyphen, whichever kind they are part of.

    Args:
        kind: A kind as the audit names it (``swallow_handback``), or :data:`ALL_KINDS`.

    Returns:
        The label.
    """
    return _HYPHENATED_PATTERN.sub(lambda match: _HYPHENATED[match.group(1)], kind.replace("_", " "))


def audit_rates(kinds: pd.DataFrame, confidence: float = 0.95) -> pd.DataFrame:
    """False-rejection and false-acceptance rates per variant kind, with Wilson intervals and denominators.

    Args:
        kinds: The audit's rates per kind, as :func:`aspera_core.audit.kind_table`
            returns them (columns ``kind``, ``expected``, ``flagged``,
            ``judged``, ``equivalent``, ``not_equivalent``, ``undetermined``).
        confidence: Coverage of the intervals.

    Returns:
        One row per kind and expected verdict, then one :data:`ALL_KINDS` row
        per expected verdict: ``kind``, ``must`` (``pass`` or ``fail``),
        ``error`` (``false rejection`` for programs that must pass, ``false
        acceptance`` for those that must fail), ``flagged``, ``judged`` (the
        denominator), ``rate (%)`` (NaN when nothing was judged), ``CI low (%)``,
        ``CI high (%)`` (Wilson) and ``excluded`` (programs left out of the rate:
        equivalent mutants, rewrites that changed behaviour, undetermined runs).

    Raises:
        ValueError: ``kinds`` lacks one of those columns.
    """
    needed = {"kind", "expected", "flagged", "judged", "equivalent", "not_equivalent", "undetermined"}
    missing = needed - set(kinds.columns)
    if missing:
        raise ValueError(f"the audit's kind table lacks the column(s) {', '.join(sorted(missing))}")
    excluded = kinds["equivalent"] + kinds["not_equivalent"] + kinds["undetermined"]
    table = pd.DataFrame(
        {
            "kind": kinds["kind"],
            "must": kinds["expected"],
            "flagged": kinds["flagged"].astype(int),
            "judged": kinds["judged"].astype(int),
            "excluded": excluded.astype(int),
        }
    )
    totals = [
        {
            "kind": ALL_KINDS,
            "must": must,
            "flagged": int(rows["flagged"].sum()),
            "judged": int(rows["judged"].sum()),
            "excluded": int(rows["excluded"].sum()),
        }
        for must, rows in table.groupby("must", sort=False)
    ]
    table = pd.concat([table, pd.DataFrame(totals, columns=table.columns)], ignore_index=True)
    table = table.sort_values("must", key=lambda column: column != "pass", kind="stable").reset_index(drop=True)
    intervals = [wilson_interval(f, j, confidence) for f, j in zip(table["flagged"], table["judged"])]
    table.insert(2, "error", table["must"].map(_ERROR_NAMES))
    table["rate (%)"] = [100 * f / j if j else math.nan for f, j in zip(table["flagged"], table["judged"])]
    table["CI low (%)"] = [100 * low for low, _ in intervals]
    table["CI high (%)"] = [100 * high for _, high in intervals]
    table = table[["kind", "must", "error", "flagged", "judged", "rate (%)", "CI low (%)", "CI high (%)", "excluded"]]
    table.attrs["confidence"] = confidence
    return table
