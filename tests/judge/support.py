"""Judgements and results files for the judge's tests."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from aspera_core.records import Experiment, Generation, Outcome, ResultRow, ResultsWriter, Usage
from aspera_workbench.judge import Judgement, JudgeSetup, JudgeVerdict, program_digest

SETUP = JudgeSetup(model="judge-model", template_version="judge-1+test")
JUDGED = Experiment(agent="cck", model="gpt-x", setting="cck", task_set_digest="d", workbench_version="test")


def judgement(task_id: str, verdict: str, evaluation: str = "success", **fields: Any) -> Judgement:
    """A judgement with sensible defaults (``error=...`` makes it a failed request)."""
    error = fields.pop("error", None)
    program = fields.pop("program", f"def solve_{task_id}():\n    return {task_id}\n")
    values: dict[str, Any] = {
        "task_id": task_id,
        "seed": 0,
        "query": f"request {task_id}",
        "agent": "cck",
        "model": "gpt-x",
        "setting": "cck",
        "program_sha256": program_digest(program),
        "evaluation": Outcome(evaluation),
        "verdict": JudgeVerdict(verdict),
        "explanation": None if verdict == "not_judged" else f"because of {task_id}",
        "problem": None,
        "generation": Generation(
            completion=None if error else f"Verdict: {verdict}",
            usage=Usage(prompt_tokens=100, completion_tokens=10, total_tokens=110),
            cost_usd=None if error else 0.001,
            requests=1,
            error=error,
        ),
    }
    values.update(fields)
    return Judgement(**values)


def results_file(path: Path, rows: list[dict[str, Any]], experiment: Experiment = JUDGED) -> Path:
    """A results file with one row per mapping (``task_id``, ``outcome``, optional ``program``, ``seed``, ``query``)."""
    with ResultsWriter(path, experiment) as writer:
        for row in rows:
            outcome = Outcome(row["outcome"])
            writer.write(
                ResultRow(
                    task_id=row["task_id"],
                    query=row.get("query", f"request {row['task_id']}"),
                    agent=experiment.agent,
                    model=experiment.model,
                    setting=experiment.setting,
                    seed=row.get("seed", 0),
                    program=""
                    if outcome is Outcome.MODEL_ERROR
                    else row.get("program", f"def solve():\n    return {row['task_id']}\n"),
                    outcome=outcome,
                    duration_s=0.1,
                    pairs_run=1,
                    pairs_total=1,
                )
            )
    return path
