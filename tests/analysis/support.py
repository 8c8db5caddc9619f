"""Hand-made results files for analysis tests: model rows with seeds, selection scores, failures of every kind."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from aspera_core.records import Experiment, Generation, Outcome, PairDetail, ResultRow, ResultsWriter, Selection

PROGRAM = "def solve():\n    x = 1\n    return x\n"


def result_row(task_id: str, outcome: Outcome | str, **fields: Any) -> ResultRow:
    """A row with sensible defaults; ``origin``/``error_type`` also fill the row's single pair."""
    outcome = Outcome(outcome)
    origin = fields.pop("origin", None if outcome is Outcome.SUCCESS else "program")
    error_type = fields.get("error_type")
    pairs = fields.pop("pairs", None)
    if pairs is None:
        pairs = (
            ()
            if outcome is Outcome.MODEL_ERROR
            else (PairDetail(index=0, outcome=outcome, origin=origin, error_type=error_type),)
        )
    values: dict[str, Any] = {
        "task_id": task_id,
        "query": f"query of task {task_id}",
        "agent": "reference",
        "program": PROGRAM,
        "outcome": outcome,
        "duration_s": 0.01,
        "pairs_run": len(pairs),
        "pairs_total": 1,
        "pairs": pairs,
    }
    values.update(fields)
    return ResultRow(**values)


def write_results(path: Path, rows: list[ResultRow], **experiment: Any) -> Path:
    """Write a results file (header from ``experiment`` fields, defaulting to the first row's agent/model/setting)."""
    first = rows[0]
    fields: dict[str, Any] = {
        "agent": first.agent,
        "model": first.model,
        "setting": first.setting,
        "task_set_digest": "test",
        "workbench_version": "test",
    }
    fields.update(experiment)
    with ResultsWriter(path, Experiment(**fields)) as writer:
        writer.write_all(rows)
    return path


def model_run(
    path: Path,
    model: str,
    setting: str,
    verdicts: dict[int | None, dict[str, str]],
    *,
    selection: dict[str, tuple[float, float, float]] | None = None,
    programs: dict[str, str] | None = None,
    errors: dict[str, tuple[str, str]] | None = None,
    agent: str | None = None,
    template_version: str | None = None,
) -> Path:
    """A model-backed run: ``verdicts[seed][task_id] = outcome``.

    ``selection[task_id] = (precision, recall, f1)`` adds PS scores;
    ``programs[task_id]`` replaces the program; ``errors[task_id] = (origin, error_type)``
    for failing rows; ``agent`` defaults to the setting's name; ``template_version``
    records a prompt-set version in every row.
    """
    rows = []
    for seed, outcomes in verdicts.items():
        for task_id, outcome in outcomes.items():
            extra: dict[str, Any] = {}
            if selection and task_id in selection:
                precision, recall, f1 = selection[task_id]
                extra["selection"] = Selection(
                    selected=("find_events",), reference=("find_events",), precision=precision, recall=recall, f1=f1
                )
            if errors and task_id in errors and outcome != "success":
                extra["origin"], extra["error_type"] = errors[task_id]
            if template_version is not None:
                extra["generation"] = Generation(template_version=template_version)
            rows.append(
                result_row(
                    task_id,
                    outcome,
                    agent=agent or setting,
                    model=model,
                    setting=setting,
                    seed=seed,
                    program=(programs or {}).get(task_id, PROGRAM),
                    **extra,
                )
            )
    return write_results(path, rows)


def explore_run(path: Path, model: str, verdicts: dict[int, dict[str, str]]) -> Path:
    """An explore run whose rows carry episode details (a submission, or the turn budget for failures)."""
    rows = []
    for seed, outcomes in verdicts.items():
        for task_id, outcome in outcomes.items():
            failed = outcome != "success"
            details = {"ended": "turn_budget" if failed else "submitted", "turns": 6 if failed else 3}
            details |= {"dry_runs": 2, "tokens": 1000}
            extra = {"error_type": "NameError"} if outcome == "execution_error" else {}
            rows.append(
                result_row(
                    task_id,
                    outcome,
                    agent="explore",
                    model=model,
                    setting="explore",
                    seed=seed,
                    details=details,
                    **extra,
                )
            )
    return write_results(path, rows)


def cck_and_ps_runs(folder: Path, ids: list[str], cck_model: str = "gpt-4o", cck_seeds: int = 2) -> tuple[Path, Path]:
    """A CCK run (``cck_seeds`` of seeds 0, 1, 2, one execution error) and a one-seed PS run with selection
    scores, on four tasks: the model runs the plot and figure tests draw."""
    S, F = "success", "task_completion_error"
    seeds = {0: dict(zip(ids, [S, S, F, "execution_error"])), 1: dict(zip(ids, [S, F, F, S])), 2: dict.fromkeys(ids, S)}
    cck = model_run(
        folder / "cck.jsonl",
        cck_model,
        "cck",
        {seed: seeds[seed] for seed in range(cck_seeds)},
        errors={ids[3]: ("program", "NameError")},
    )
    ps = model_run(
        folder / "ps.jsonl",
        "gpt-4o",
        "ps",
        {0: dict(zip(ids, [S, F, F, F]))},
        selection={i: (0.5, 1.0, 2 / 3) for i in ids},
    )
    return cck, ps
