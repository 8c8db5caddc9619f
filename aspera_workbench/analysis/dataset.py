"""Table 1 for any task set: its size, its programs, its queries, and the library's primitives.

*Raw lines* count each program as stored (``len(text.splitlines())``, summed), as the paper's
"about 9k / 13k / 17.5k lines" are measured; *code lines* leave out blank and comment-only
lines. Primitives are counted as documented and as callable
(:mod:`aspera_workbench.surface.primitives`).
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from typing import Any

import pandas as pd

from aspera_core.tasks import Task
from aspera_workbench.analysis.frames import tasks_frame
from aspera_workbench.analysis.paper import PAPER_TABLE1
from aspera_workbench.analysis.program_size import code_lines, raw_lines
from aspera_workbench.surface import CORE_MODULES, KINDS, library_primitives, render_library_docs


def _number(value: float) -> float:
    """Whole numbers as ``int`` (so tables print ``5``, not ``5.0``)."""
    return int(value) if float(value).is_integer() else float(value)


def _describe(values: Sequence[float], name: str, unit: str) -> list[tuple[str, float]]:
    if not values:
        return []
    return [
        (f"{name} ({unit}): min", _number(min(values))),
        (f"{name} ({unit}): mean", round(statistics.fmean(values), 2)),
        (f"{name} ({unit}): median", _number(statistics.median(values))),
        (f"{name} ({unit}): max", _number(max(values))),
    ]


def dataset_statistics(tasks: Sequence[Task]) -> list[tuple[str, float]]:
    """The ``(quantity, value)`` rows of Table 1 that depend on the task set, in the table's order."""
    frame = tasks_frame(tasks)
    setups = [program for task in tasks for program in task.state_generation_programs]
    evaluations = [program for task in tasks for program in task.evaluation_programs]
    rows: list[tuple[str, float]] = [
        ("tasks", len(tasks)),
        ("setup/evaluation pairs", int(frame["pairs"].sum()) if len(frame) else 0),
        ("distinct app combinations", len({tuple(sorted(task.scenario.apps)) for task in tasks})),
    ]
    for label, programs in (
        ("reference programs (AEP)", [task.program for task in tasks]),
        ("setup programs (SIP)", setups),
        ("evaluation programs (EP)", evaluations),
    ):
        rows += [
            (f"{label}: programs", len(programs)),
            (f"{label}: raw lines", sum(raw_lines(p) for p in programs)),
            (f"{label}: code lines", sum(code_lines(p) for p in programs)),
        ]
    rows += _describe(list(frame["query_words"]) if len(frame) else [], "query length", "words")
    complexity = [int(v) for v in frame["complexity"].dropna()] if len(frame) else []
    rows += [(q.replace(" (radon)", ""), v) for q, v in _describe(complexity, "cyclomatic complexity of AEP", "radon")]
    rows += _describe(list(frame["unique_primitives"]) if len(frame) else [], "unique primitives per AEP", "names")
    return rows


def primitive_counts() -> pd.DataFrame:
    """The library's primitives per module, counted as documented and as callable.

    Returns:
        One row per core module and way of counting, the totals over the five core modules, then the
        documentation-only modules: ``module``, ``counted``, one column per kind, ``functional
        enums`` (``Enum(...)`` classes, included in ``class``) and ``primitives`` (functions +
        methods + classes + aliases; constants are values, not primitives).
    """
    primitives = library_primitives()
    records: list[dict[str, Any]] = []

    def count(module: str, counted: str, chosen: list[Any]) -> None:
        record: dict[str, Any] = {"module": module, "counted": counted}
        for kind in KINDS:
            record[kind] = sum(1 for p in chosen if p.kind == kind)
        record["functional enums"] = sum(1 for p in chosen if p.functional_enum)
        record["primitives"] = sum(record[kind] for kind in ("function", "method", "class", "alias"))
        records.append(record)

    for counted in ("documented", "callable"):
        for module in CORE_MODULES:
            chosen = [p for p in primitives if p.module == module and (p.documented or counted == "callable")]
            count(module, counted, chosen)
        core = [p for p in primitives if p.core and (p.documented or counted == "callable")]
        count("all five modules", counted, core)
    count("documentation-only modules", "documented", [p for p in primitives if not p.core])
    return pd.DataFrame.from_records(records)


def documentation_words() -> dict[str, int]:
    """Words of the core modules' rendered documentation: as documented, and with the executable-only names."""
    return {
        "documented": len(render_library_docs(list(CORE_MODULES), documented_only=True).split()),
        "callable": len(render_library_docs(list(CORE_MODULES), documented_only=False).split()),
    }


def _library_rows() -> list[tuple[str, float]]:
    counts = primitive_counts()
    rows: list[tuple[str, float]] = []
    for counted in ("documented", "callable"):
        total = counts[(counts["module"] == "all five modules") & (counts["counted"] == counted)].iloc[0]
        rows += [
            (f"library primitives, {counted} (functions + methods + aliases + classes)", int(total["primitives"])),
            (f"library primitives, {counted}: functions", int(total["function"])),
            (f"library primitives, {counted}: methods", int(total["method"])),
            (f"library primitives, {counted}: classes", int(total["class"])),
            (f"library primitives, {counted}: of which functional enums", int(total["functional enums"])),
            (f"library primitives, {counted}: aliases", int(total["alias"])),
        ]
    words = documentation_words()
    rows += [
        ("library documentation, documented only: words", words["documented"]),
        ("library documentation, everything callable: words", words["callable"]),
    ]
    return rows


def dataset_table(tasks: Sequence[Task], library: bool = True) -> pd.DataFrame:
    """Table 1: the task set's statistics and (with ``library``) the library's primitives, beside the paper's figures.

    Returns:
        ``quantity``, ``value`` and ``paper`` (the paper's figure where it reports one); Markdown
        writes two decimals (``attrs["decimals"]``).
    """
    rows = dataset_statistics(tasks) + (_library_rows() if library else [])
    frame = pd.DataFrame({"quantity": [q for q, _ in rows], "value": pd.Series([v for _, v in rows], dtype=object)})
    frame["paper"] = [PAPER_TABLE1.get(quantity, "") for quantity in frame["quantity"]]
    frame.attrs["decimals"] = {"value": 2}
    return frame
