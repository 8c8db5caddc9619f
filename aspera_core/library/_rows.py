"""Small filters over table rows, shared by the directory, calendar and room modules.

A table is a list of row dicts in insertion order (see ``aspera_core.world.state``).
Every helper returns a new list holding the *same* row dicts (no copies), in
table order unless stated otherwise; callers must not mutate them.

The names mirror the dataframe helpers that the original library's modules
import, so star imports expose the same names.

Why the annotations are unsubscripted (``list`` rather than ``list[dict]``):
this package is type-checked by beartype on every call, and beartype draws one
word from Python's global ``random`` per call of a function that has any
subscripted container in its signature. The original's table helpers live
outside the checked package and draw nothing; plain ``list`` keeps ours from
shifting the random stream that task setup code relies on.
"""

from collections.abc import Callable
from typing import Any

from aspera_core.library._matching import fuzzy_match_positions as _fuzzy_positions


def filter_dataframe(rows: list, predicate: Callable) -> list:
    """Rows for which ``predicate(row)`` is true.

    Args:
        rows: the table rows (dicts), in table order.
        predicate: called with each row dict; truthy results keep the row.

    Returns:
        The kept rows, in table order.
    """
    return [row for row in rows if predicate(row)]


def exact_match_filter_dataframe(rows: list, column: str, value: Any) -> list:
    """Rows whose ``column`` equals ``value`` (``==``), in table order.

    A ``None`` value matches rows where the column is ``None``.

    Raises:
        KeyError: a row lacks ``column``.
    """
    return [row for row in rows if row[column] == value]


def fuzzy_match_filter_dataframe(rows: list, column: str, query: str) -> list:
    """Rows whose ``column`` text resembles ``query``, best match first.

    Matching is the library's name/subject matching (``_matching``): case and
    punctuation are ignored, a score of at least 90 out of 100 is needed, at
    most 50 rows are returned, and equally good matches keep table order.
    Rows whose column is ``None`` never match.
    """
    positions = _fuzzy_positions(query, [row[column] for row in rows])
    return [rows[position] for position in positions]


def gt_eq_filter_dataframe(rows: list, column: str, value: Any) -> list:
    """Rows whose ``column`` is not ``None`` and is ``>= value``, in table order."""
    return [row for row in rows if row[column] is not None and row[column] >= value]
