"""Results files and task sets as tidy pandas frames: the base every table and figure starts from.

:func:`runs_frame` has one row per (run, task, seed), counted as
:func:`aspera_core.records.counted_rows` counts them (``model_error`` rows kept, marked
``judged = False``); :func:`tasks_frame` one row per task; :func:`programs_frame` one per program.
"""

from __future__ import annotations

import functools
import os
import warnings
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import pandas as pd

from aspera_core.outcomes import PairResult, combine_pairs
from aspera_core.records import (
    Generation,
    ResultRow,
    ResultsFile,
    ResultsFileWarning,
    counted_rows,
    judged,
    read_results,
)
from aspera_core.tasks import Task
from aspera_workbench.analysis.program_size import (
    code_lines,
    cyclomatic_complexity,
    primitives_used,
    program_metrics,
    query_words,
    raw_lines,
)
from aspera_workbench.analysis.style import OUTCOME_ORDER

#: Display names of the agent settings.
SETTING_LABELS = {"cck": "CCK", "ps": "PS", "explore": "explore", "control": "control"}


def system_label(agent: str, model: str | None, setting: str | None, library_fixes: bool = False) -> str:
    """How a system is named in tables and figures: ``"gpt-4o (CCK)"`` for a model in a setting, the
    agent's name for built-in agents, ``" [fixes]"`` appended when the library's fixes were on.
    """
    label = model or agent
    if setting:
        label += f" ({SETTING_LABELS.get(setting, setting)})"
    elif model:
        label += f" ({agent})"
    return label + (" [fixes]" if library_fixes else "")


def described_system(results: ResultsFile, rows: Sequence[ResultRow] | None = None) -> str | None:
    """The system a results file describes (:func:`system_label`): its header's, else its first counted
    row's; ``None`` for neither. ``rows`` are its counted rows when already at hand.
    """
    described: Any = results.experiment
    if described is None:
        rows = counted_rows(results.rows) if rows is None else rows
        described = rows[0] if rows else None
    if described is None:
        return None
    return system_label(described.agent, described.model, described.setting, described.library_fixes)


def _deciding(row: ResultRow) -> PairResult | None:
    pairs = [PairResult(p.index, p.outcome, p.error_type, p.message, None, p.origin) for p in row.pairs]
    return combine_pairs(pairs)


def _returned_none(row: ResultRow, deciding: PairResult | None) -> bool:
    """Whether the program's call in the deciding pair returned ``None``, as far as the row shows.

    A row keeps only the program's *last* return value. It is the deciding pair's when no pair ran
    after it, or when every later pair ended as it did: the same failure again, from the same call.
    """
    if deciding is None or row.return_value != "None":
        return False
    later = [pair for pair in row.pairs if pair.index > deciding.index]
    same = (deciding.outcome, deciding.origin, deciding.error_type, deciding.message)
    return all((pair.outcome, pair.origin, pair.error_type, pair.message) == same for pair in later)


@functools.lru_cache(maxsize=65_536)
def _measures(program: str) -> tuple[int | None, int]:
    """Complexity and primitives of a program, once per distinct text (agents repeat programs across seeds)."""
    return cyclomatic_complexity(program), len(primitives_used(program))


def _row_record(run: str, path: Path, row: ResultRow) -> dict[str, Any]:
    deciding = _deciding(row)
    selection, generation = row.selection, row.generation
    record: dict[str, Any] = {
        "run": run,
        "path": str(path),
        "system": system_label(row.agent, row.model, row.setting, row.library_fixes),
        "agent": row.agent,
        "model": row.model,
        "setting": row.setting,
        "library_fixes": row.library_fixes,
        "seed": row.seed,
        "task_id": row.task_id,
        "query": row.query,
        "tags": tuple(row.tags),
        "outcome": row.outcome.value,
        "success": row.outcome.value == "success",
        "judged": judged(row),
        "error_type": row.error_type,
        "message": row.message,
        "origin": None if deciding is None else deciding.origin,
        "return_value": row.return_value,
        "returned_none": _returned_none(row, deciding),
        "duration_s": row.duration_s,
        "pairs_run": row.pairs_run,
        "pairs_total": row.pairs_total,
        "program": row.program,
        "program_raw_lines": raw_lines(row.program),
        "program_code_lines": code_lines(row.program),
        "program_complexity": _measures(row.program)[0],
        "program_primitives": _measures(row.program)[1],
        "mutation": row.mutation,
        "selected": None if selection is None else tuple(selection.selected),
        "selection_precision": None if selection is None else selection.precision,
        "selection_recall": None if selection is None else selection.recall,
        "selection_f1": None if selection is None else selection.f1,
        "template_version": None if generation is None else generation.template_version,
        "prompt_tokens": None if generation is None else generation.usage.prompt_tokens,
        "completion_tokens": None if generation is None else generation.usage.completion_tokens,
        # Answers without token counts: their row's tokens are missing (never 0), so totals can say so.
        "requests_without_usage": None if generation is None else generation.usage.requests_without_usage,
        "cost_usd": None if generation is None else generation.cost_usd,
        "latency_s": None if generation is None else generation.latency_s,
    }
    record.update(_answer_columns(generation))
    record.update(_checked_record(row))
    for pair in row.pairs:
        record[f"pair_{pair.index}_outcome"] = pair.outcome.value
        record[f"pair_{pair.index}_origin"] = pair.origin
        record[f"pair_{pair.index}_error_type"] = pair.error_type
    return record


def _answer_columns(generation: Generation | None) -> dict[str, Any]:
    """How the row's answer ended and how long the model thought (missing for rows without an answer)."""
    return {
        "finish_reason": None if generation is None else generation.finish_reason,
        "truncated": False if generation is None else generation.truncated,
        "prompt_truncated": False if generation is None else generation.prompt_truncated,
        "reasoning_chars": None if generation is None else generation.reasoning_chars,
    }


def _checked_record(row: ResultRow) -> dict[str, Any]:
    """The row's checked verdict: ``None`` (unknown) in files written before it existed and where it was not taken,
    and then ``checked_success`` is missing too, never guessed."""
    known = row.checked_outcome is not None
    return {
        "checked_outcome": row.checked_outcome,
        "checked_success": row.checked_outcome == "success" if known else None,
        "checked_reasons": tuple(row.checked_reasons),
    }


def runs_frame(paths: Mapping[str, str | os.PathLike[str]] | Iterable[str | os.PathLike[str]]) -> pd.DataFrame:
    """Read results files into one frame with a row per (run, task, seed).

    Args:
        paths: Results files, run label -> path, or paths alone (each run then labelled by its
            system: ``"gpt-4o (CCK)"``, ``"reference"``).

    Returns:
        Columns ``run``, ``path``, ``system``, ``agent``, ``model``, ``setting``, ``library_fixes``,
        ``seed``, ``task_id``, ``query``, ``tags``, ``outcome`` (ordered categorical), ``success``,
        ``judged`` (false for ``model_error`` rows), ``error_type``, ``message``, ``origin`` (of the
        deciding pair's exception), ``return_value`` (``repr`` of the last one), ``returned_none``,
        ``duration_s``, ``pairs_run``, ``pairs_total``, ``program``, ``program_raw_lines``,
        ``program_code_lines``, ``program_complexity`` (radon; ``None`` if it does not parse),
        ``program_primitives``, ``mutation``, ``selected``, ``selection_precision``,
        ``selection_recall``, ``selection_f1``, ``template_version``, ``prompt_tokens``,
        ``completion_tokens`` (missing, not 0, when an answer reported no counts),
        ``requests_without_usage``, ``cost_usd``, ``latency_s``, ``finish_reason``, ``truncated`` (the token
        limit cut the answer off), ``prompt_truncated`` (the endpoint did not see the whole prompt),
        ``reasoning_chars`` (missing without an answer, or in files written before), ``checked_outcome`` (the
        checked verdict; ``None``: unknown), ``checked_success`` (nullable: missing where unknown),
        ``checked_reasons``, and ``pair_<i>_outcome``,
        ``pair_<i>_origin``, ``pair_<i>_error_type`` per pair index. ``run`` and ``system`` are
        categoricals in the order the files were given.

    Raises:
        FileNotFoundError: a file does not exist.
        aspera_core.records.NotAResultsFile: a path is not a results file.
    """
    items = list(paths.items()) if isinstance(paths, Mapping) else [(None, path) for path in paths]
    records: list[dict[str, Any]] = []
    runs: list[str] = []
    for label, raw_path in items:
        path = Path(raw_path)
        results = read_results(path)
        rows = counted_rows(results.rows)
        run = label or described_system(results, rows) or path.stem
        if run in runs:
            run = f"{run} ({path.name})"
        runs.append(run)
        records.extend(_row_record(run, path, row) for row in rows)
    records = _first_per_system(records)
    frame = pd.DataFrame.from_records(records)
    if frame.empty:
        frame = pd.DataFrame(columns=list(_row_record("", Path(""), _EMPTY_ROW)))
    pair_columns = sorted(
        (c for c in frame.columns if c.startswith("pair_") and c.count("_") >= 2 and c.split("_")[1].isdigit()),
        key=lambda c: (int(c.split("_")[1]), c),
    )
    base = [c for c in frame.columns if c not in pair_columns]
    frame = frame[base + pair_columns]
    frame["outcome"] = pd.Categorical(frame["outcome"], categories=OUTCOME_ORDER, ordered=True)
    frame["run"] = pd.Categorical(frame["run"], categories=runs)
    systems = list(dict.fromkeys(frame["system"]))
    frame["system"] = pd.Categorical(frame["system"], categories=systems)
    frame["seed"] = frame["seed"].astype("Int64")
    frame["checked_success"] = frame["checked_success"].astype("boolean")  # missing where unknown
    frame["program_complexity"] = frame["program_complexity"].astype("Int64")
    return frame


def _first_per_system(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One record per (system, task, seed) across files: the first judged one, else the first."""
    chosen: dict[tuple[Any, ...], int] = {}
    duplicates = 0
    for position, record in enumerate(records):
        key = (record["system"], record["task_id"], record["seed"])
        earlier = chosen.get(key)
        if earlier is None or (not records[earlier]["judged"] and record["judged"]):
            chosen[key] = position
        elif record["judged"]:
            duplicates += 1
    if duplicates:
        warnings.warn(
            f"{duplicates} row(s) repeat the system, task and seed of an earlier file and were left out",
            ResultsFileWarning,
            stacklevel=3,
        )
    return [records[position] for position in sorted(chosen.values())]


_EMPTY_ROW = ResultRow(task_id="0", query="", agent="", program="", outcome="success", duration_s=0, pairs_run=0)


def system_order(frame: pd.DataFrame) -> list[str]:
    """Every system of a runs frame, in the order its files were given (the order of colours in figures)."""
    column = frame["system"]
    return [str(s) for s in column.cat.categories] if hasattr(column, "cat") else list(dict.fromkeys(column))


def with_systems(table: pd.DataFrame, frame: pd.DataFrame) -> pd.DataFrame:
    """Record the runs frame's system order on a table derived from it (``table.attrs["systems"]``)."""
    table.attrs["systems"] = system_order(frame)
    return table


def judged_rows(frame: pd.DataFrame) -> pd.DataFrame:
    """The rows that are verdicts on programs (``model_error`` rows dropped)."""
    return frame[frame["judged"]]


def model_systems(frame: pd.DataFrame) -> dict[tuple[Any, bool, Any], str]:
    """The systems of model-backed runs by ``(model, library_fixes, setting)``, in order of first appearance."""
    rows = judged_rows(frame)
    systems = rows.drop_duplicates("system")[["system", "model", "setting", "library_fixes"]]
    systems = systems[systems["model"].notna()]
    return {
        (row.model, bool(row.library_fixes), row.setting): str(row.system) for row in systems.itertuples(index=False)
    }


def tasks_frame(tasks: Iterable[Task]) -> pd.DataFrame:
    """One row per task, indexed by ``task_id``.

    Columns ``query``, ``query_words``, ``tags``, ``apps``, ``pairs``, ``reference_raw_lines``,
    ``reference_code_lines``, ``complexity`` (radon, the top-level function), ``unique_primitives``,
    ``primitives``, ``modules``, and raw and code lines of the setup and evaluation programs, summed.
    """
    records = []
    for task in tasks:
        metrics = program_metrics(task.program)
        records.append(
            {
                "task_id": task.query_id,
                "query": task.query,
                "query_words": query_words(task.query),
                "tags": tuple(task.tags),
                "apps": tuple(task.scenario.apps),
                "pairs": min(len(task.state_generation_programs), len(task.evaluation_programs)),
                "reference_raw_lines": metrics.raw_lines,
                "reference_code_lines": metrics.code_lines,
                "complexity": metrics.complexity,
                "unique_primitives": metrics.unique_primitives,
                "primitives": metrics.primitives,
                "modules": tuple(dict.fromkeys(name.split(".", 1)[0] for name in metrics.primitives)),
                "setup_raw_lines": sum(raw_lines(p) for p in task.state_generation_programs),
                "setup_code_lines": sum(code_lines(p) for p in task.state_generation_programs),
                "evaluation_raw_lines": sum(raw_lines(p) for p in task.evaluation_programs),
                "evaluation_code_lines": sum(code_lines(p) for p in task.evaluation_programs),
            }
        )
    frame = pd.DataFrame.from_records(records)
    if frame.empty:
        return pd.DataFrame(columns=["task_id"]).set_index("task_id")
    frame["complexity"] = frame["complexity"].astype("Int64")
    return frame.set_index("task_id")


#: Program kinds of a task, as tables and figures name them.
PROGRAM_KINDS = {
    "reference": "reference program (AEP)",
    "setup": "setup program (SIP)",
    "evaluation": "evaluation program (EP)",
}


def programs_frame(tasks: Iterable[Task]) -> pd.DataFrame:
    """One row per program of a task set: ``task_id``, ``kind`` (``reference``, ``setup`` or
    ``evaluation``), ``index`` in its list, ``raw_lines`` and ``code_lines``.
    """
    records = []
    for task in tasks:
        listed = [("reference", [task.program]), ("setup", task.state_generation_programs)]
        listed.append(("evaluation", task.evaluation_programs))
        for kind, programs in listed:
            for index, program in enumerate(programs):
                records.append(
                    {
                        "task_id": task.query_id,
                        "kind": kind,
                        "index": index,
                        "raw_lines": raw_lines(program),
                        "code_lines": code_lines(program),
                    }
                )
    return pd.DataFrame.from_records(records, columns=["task_id", "kind", "index", "raw_lines", "code_lines"])
