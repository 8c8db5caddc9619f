"""An inspect log of ``aspera_workbench/asper_bench`` as a results file of the usual schema.

Each sample (a task and an epoch) becomes one row: the evaluation (and its checked
verdict, when the score carries one) from the score's metadata, the rest from what the
solver stored; a sample that ended in an error is a ``model_error`` row, and prompts are
kept by digest in ``prompts/``, as ``aspera run`` does. Importing is idempotent: a task-seed pair with a verdict in the file is not added
again, nor a model error from the same log.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from inspect_ai.log import EvalLog, EvalSample, read_eval_log
from pydantic import ValidationError

from aspera_core.outcomes import Outcome
from aspera_core.records import (
    Experiment,
    Generation,
    PairDetail,
    ResultRow,
    ResultsWriter,
    Selection,
    completed_keys,
    judged,
)
from aspera_core.tasks import open_task_set
from aspera_workbench.agents import PromptStore, prompt_digest
from aspera_workbench.inspect_bridge.benchmark import METADATA_KEY, TASK_NAME, experiment_parameters
from aspera_workbench.inspect_bridge.solver import STORE, seed_of

#: The name of the task's scorer (its score is the verdict).
SCORER = "sandbox_verdict"
#: What the import reads of the task's metadata in the log (:meth:`~aspera_workbench.inspect_bridge.benchmark.Benchmark.identity`).
IDENTITY_KEYS = (
    "agent",
    "setting",
    "task_set",
    "task_set_digest",
    "template_version",
    "library_fixes",
    "workbench_version",
    "control_return_types",
)


class LogImportError(ValueError):
    """A log that cannot be imported (the message names the log and why)."""


@dataclass
class ImportReport:
    """What an import did: samples in the log, rows added (``counts``: their outcomes), samples already there."""

    log: str
    out: Path
    samples: int = 0
    added: int = 0
    already: int = 0
    counts: Counter[str] = field(default_factory=Counter)

    def describe(self) -> str:
        counts = ", ".join(f"{name} {number}" for name, number in sorted(self.counts.items())) or "nothing new"
        return (
            f"{self.log}: {self.added} of {self.samples} samples added to {self.out} ({counts}); "
            f"{self.already} of {self.samples} already there"
        )


def read_log(path: str | Path) -> EvalLog:
    """The inspect log at ``path`` (``.eval`` or ``.json``), checked to be one of this task.

    Raises:
        LogImportError: the file cannot be read as an inspect log, or is a log of another task.
    """
    if not Path(path).is_file():
        raise LogImportError(f"{path}: no such log file")
    try:
        log = read_eval_log(str(path))
    except Exception as error:  # noqa: BLE001 - inspect raises many kinds for files that are not logs
        raise LogImportError(f"{path}: not an inspect log ({type(error).__name__}: {error})") from error
    identity = (log.eval.metadata or {}).get(METADATA_KEY)
    # (run from Python with the checkout's root on sys.path, inspect names the task without its package)
    if log.eval.task not in (TASK_NAME, TASK_NAME.split("/")[-1]) or not isinstance(identity, dict):
        raise LogImportError(f"{path}: a log of task {log.eval.task!r}, not of {TASK_NAME}")
    missing = [key for key in IDENTITY_KEYS if key not in identity]
    if missing:
        raise LogImportError(f"{path}: eval.metadata.{METADATA_KEY} lacks {', '.join(missing)}")
    return log


def log_experiment(log: EvalLog) -> Experiment:
    """The experiment of a log's runs: the model as inspect names it, the setting, the parameters, the task set."""
    identity = log.eval.metadata[METADATA_KEY]
    config = log.plan.config
    return Experiment(
        agent=identity["agent"],
        model=log.eval.model,
        setting=identity["setting"],
        parameters=experiment_parameters(identity, config.temperature, config.max_tokens),
        task_set=identity["task_set"],
        task_set_digest=identity["task_set_digest"],
        library_fixes=identity["library_fixes"],
        workbench_version=identity["workbench_version"],
    )


def check_task_set(log_path: str | Path, experiment: Experiment, tasks: str | Path) -> None:
    """Refuse (``LogImportError``) a log whose task set is not ``tasks``, naming both digests."""
    try:
        digest = open_task_set(tasks).digest
    except (OSError, ValueError) as error:
        raise LogImportError(f"{tasks}: cannot load the task set ({error})") from error
    if digest != experiment.task_set_digest:
        raise LogImportError(
            f"{log_path}: a log of another task set (digest {experiment.task_set_digest}) "
            f"than {tasks} (digest {digest}); refused"
        )


def _score(sample: EvalSample) -> dict[str, Any] | None:
    score = (sample.scores or {}).get(SCORER)
    return None if score is None or score.metadata is None else score.metadata


def _prompt(sample: EvalSample) -> list[dict[str, str]]:
    return [
        {"role": message.role, "content": message.text} for message in sample.messages if message.role != "assistant"
    ]


def sample_row(sample: EvalSample, log: EvalLog, experiment: Experiment) -> ResultRow:
    store = sample.store
    generation = store.get(STORE.generation)
    selection = store.get(STORE.selection)
    common: dict[str, Any] = dict(
        task_id=str(sample.id),
        query=sample.input if isinstance(sample.input, str) else "",
        tags=tuple(sample.metadata.get("tags", ())),
        agent=experiment.agent,
        model=experiment.model,
        setting=experiment.setting,
        seed=store.get(STORE.seed, seed_of(sample.epoch)),
        run_id=log.eval.eval_id,
        started_at=str(sample.started_at or log.eval.created),
        library_fixes=experiment.library_fixes,
        generation=None if generation is None else Generation.model_validate(generation),
        selection=None if selection is None else Selection.model_validate(selection),
        details=dict(store.get(STORE.details) or {}),
    )
    metadata = _score(sample)
    if sample.error is not None or metadata is None:
        message = sample.error.message if sample.error is not None else "the sample has no score"
        return ResultRow(**common, program="", outcome=Outcome.MODEL_ERROR, message=message, duration_s=0, pairs_run=0)
    return ResultRow(
        **common,
        program=store.get(STORE.program) or "",
        outcome=metadata.get("outcome"),  # (validated by the row: a bad one names the field)
        error_type=metadata.get("error_type"),
        message=metadata.get("message"),
        traceback=metadata.get("traceback"),
        duration_s=max(0.0, metadata.get("duration_s") or 0.0),
        pairs_run=metadata.get("pairs_run", 0),
        pairs_total=metadata.get("pairs_total", 0),
        pairs=tuple(PairDetail.model_validate(pair) for pair in metadata.get("pairs", ())),
        stdout=metadata.get("stdout") or "",
        stderr=metadata.get("stderr") or "",
        return_value=metadata.get("return_value"),
        **checked_fields(metadata),
    )


def checked_fields(metadata: dict[str, Any]) -> dict[str, Any]:
    """The checked verdict a score carries, as a results row holds it; a log scored before it existed carries
    none, and its rows' checked verdict is unknown (``None``), never guessed."""
    reasons = metadata.get("checked_reasons") or ()
    return {"checked_outcome": metadata.get("checked_outcome"), "checked_reasons": tuple(str(line) for line in reasons)}


def _checked_row(path: str | Path, sample: EvalSample, log: EvalLog, experiment: Experiment) -> ResultRow:
    try:
        return sample_row(sample, log, experiment)
    except ValidationError as error:
        first = error.errors()[0]
        problem = f"{'.'.join(str(part) for part in first['loc'])}: {first['msg']}"
        raise LogImportError(f"{path}: sample {sample.id} (epoch {sample.epoch}): {problem}") from error
    except (ValueError, TypeError, KeyError, AttributeError) as error:
        first = str(error).splitlines()[0] if str(error) else type(error).__name__
        raise LogImportError(f"{path}: sample {sample.id} (epoch {sample.epoch}): unusable: {first}") from error


def import_log(path: str | Path, out: str | Path, *, tasks: str | Path | None = None) -> ImportReport:
    """Append the rows of an inspect log to a results file (created if missing).

    Args:
        path: The log (``.eval`` or ``.json``).
        out: The results file: new, or one holding the log's experiment.
        tasks: If given, the task set the log must have been run on (checked by digest).

    Raises:
        LogImportError: the log cannot be read, is of another task, or of another task set than ``tasks``.
        aspera_core.records.NotAResultsFile, ExperimentMismatch, ResultsFileBusy: as for ``aspera run``;
            the file is left untouched.
        OSError: a prompt or the results file cannot be written (the error names the file).
    """
    log = read_log(path)
    experiment = log_experiment(log)
    if tasks is not None:
        check_task_set(path, experiment, tasks)
    samples = sorted(log.samples or [], key=lambda sample: (str(sample.id), sample.epoch))
    report = ImportReport(log=str(path), out=Path(out), samples=len(samples))
    rows = [_checked_row(path, sample, log, experiment) for sample in samples]  # all read before any is written
    with ResultsWriter(out, experiment) as writer:
        done = completed_keys(writer.existing)
        seen = {(row.key, row.run_id) for row in writer.existing}
        prompts: PromptStore | None = None
        for sample, row in zip(samples, rows):
            # A verdict is never added twice; a model error only once per log (a later log may bring its verdict).
            if row.key in done or (not judged(row) and (row.key, row.run_id) in seen):
                report.already += 1
                continue
            if row.generation is not None and row.generation.prompt_sha256 is not None:
                prompt = _prompt(sample)
                if prompt_digest(prompt) == row.generation.prompt_sha256:  # (a sample cut short has no prompt)
                    prompts = prompts or PromptStore(Path(out).parent / "prompts")
                    prompts.put(prompt)
            writer.write(row)
            seen.add((row.key, row.run_id))
            if judged(row):
                done.add(row.key)
            report.added += 1
            report.counts[row.outcome.value] += 1
    return report
