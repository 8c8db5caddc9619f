"""Running the parameter set's agents, and finding their results files again for the analysis notebooks.

Each agent's rows go to ``<label>.jsonl`` in ``results_dir``, or, when that file holds another
experiment (the task set changed, say), to ``<label>.2.jsonl`` and so on
(:func:`aspera_core.records.results_file_for`): a file is found again by its header, never by
its name alone, and never overwritten. Running again resumes.
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pandas as pd

from aspera_core.agents import Agent
from aspera_core.executor import SandboxConfig
from aspera_core.records import Experiment, counted_rows, holds_experiment, judged, read_results, results_file_for
from aspera_core.runner import experiment_of, run_agent
from aspera_core.tasks import Task, load_tasks
from aspera_core.wording import count
from aspera_workbench.agents import AGENTS, make_agent
from aspera_workbench.pipeline.paths import project_root, resolve_path
from aspera_workbench.pipeline.pipeline_params import AgentSpec


class ResultsNotFound(FileNotFoundError):
    """No results file of an agent's experiment exists yet (run the evaluation first)."""


def _specs(agents: Iterable[AgentSpec | Mapping[str, Any] | str]) -> list[AgentSpec]:
    return [
        item
        if isinstance(item, AgentSpec)
        else AgentSpec.model_validate({"agent": item} if isinstance(item, str) else dict(item))
        for item in agents
    ]


def _available(specs: list[AgentSpec]) -> list[AgentSpec]:
    chosen = []
    for spec in specs:
        if spec.agent in AGENTS:
            chosen.append(spec)
        elif spec.optional:
            warnings.warn(f"agent {spec.agent!r} is not available in this workbench: skipped", stacklevel=3)
        else:
            raise KeyError(f"unknown agent {spec.agent!r}; available: {', '.join(sorted(AGENTS))}")
    return chosen


def results_path(results_dir: str | os.PathLike[str], label: str, experiment: Experiment) -> tuple[Path, bool]:
    """The results file of an experiment, ``<label>.jsonl`` or a numbered one beside it, and whether it holds it yet.

    A ``<label>.jsonl`` that is not a results file is refused (``NotAResultsFile``) and left untouched.
    """
    path = results_file_for(Path(results_dir) / f"{label}.jsonl", experiment)
    return path, holds_experiment(path, experiment)


@dataclass(frozen=True)
class _Prepared:
    spec: AgentSpec
    agent: Agent
    experiment: Experiment


def _prepare(
    specs: list[AgentSpec], tasks: Sequence[Task], task_set: str, library_fixes: bool, root: Path
) -> list[_Prepared]:
    prepared = []
    for spec in specs:
        agent = make_agent(spec.agent, **spec.factory_options(root))  # paths relative to the root, as checked
        prepared.append(_Prepared(spec, agent, experiment_of(agent, tasks, task_set, library_fixes)))
    return prepared


def evaluate_agents(
    tasks: str | os.PathLike[str],
    agents: Iterable[AgentSpec | Mapping[str, Any] | str],
    results_dir: str | os.PathLike[str],
    *,
    root: str | os.PathLike[str] | None = None,
    workers: int | None = None,
    timeout_s: float = 10.0,
    library_fixes: bool = False,
    progress: bool = True,
) -> pd.DataFrame:
    """Run each agent (a name or an :class:`AgentSpec`) on the task set, appending to (or resuming) its results file.

    Paths are relative to ``root`` (the project root when omitted); ``workers`` ``None``: one per CPU.
    Returns one row per agent: ``label``, ``agent``, ``path``, ``selected`` (tasks), ``seeds``,
    ``expected`` (task-seed pairs), ``already_done``, and this time's ``evaluated``, ``model_errors``,
    ``unavailable`` and ``success``. Raises ``KeyError`` for an unknown agent that is not optional.
    """
    root = Path(root) if root is not None else project_root()
    tasks_path = resolve_path(tasks, root)
    folder = resolve_path(results_dir, root)
    assert tasks_path is not None and folder is not None
    task_list = load_tasks(tasks_path)
    config = SandboxConfig(timeout_s=timeout_s, **({} if workers is None else {"workers": workers}))
    records = []
    for item in _prepare(_available(_specs(agents)), task_list, str(tasks), library_fixes, root):
        path, _ = results_path(folder, item.spec.name, item.experiment)
        report = run_agent(
            task_list,
            item.agent,
            path,
            config,
            seeds=item.spec.seeds,
            task_set=str(tasks),
            library_fixes=library_fixes,
            progress=progress,
        )
        records.append(
            {
                "label": item.spec.name,
                "agent": item.spec.agent,
                "path": str(report.out),
                "selected": report.selected,
                "seeds": ", ".join("-" if s is None else str(s) for s in report.seeds),
                "expected": report.expected,
                "already_done": report.already_done,
                "evaluated": report.evaluated,
                "model_errors": report.model_errors,
                "unavailable": len(report.unavailable),
                "success": report.counts.get("success", 0),
            }
        )
    return pd.DataFrame.from_records(records)


def results_files(
    tasks: str | os.PathLike[str],
    agents: Iterable[AgentSpec | Mapping[str, Any] | str],
    results_dir: str | os.PathLike[str],
    results: Mapping[str, str | os.PathLike[str]] | None = None,
    *,
    root: str | os.PathLike[str] | None = None,
    library_fixes: bool = False,
) -> dict[str, Path]:
    """The results files the analysis reads (label -> absolute path): each agent's for this task set, then ``results``.

    Arguments as for :func:`evaluate_agents`; ``results`` names more files, label -> path.

    Raises:
        ResultsNotFound: an agent has no results file for this task set yet.
        FileNotFoundError: an extra results file does not exist.
    """
    root = Path(root) if root is not None else project_root()
    files, missing = _agent_files(tasks, agents, results_dir, root, library_fixes)
    if missing:
        raise ResultsNotFound(
            f"no results of agent {missing[0]!r} on {tasks} in {resolve_path(results_dir, root)}: "
            "run notebooks/02_evaluate.ipynb (or aspera pipeline) first"
        )
    for label, value in (results or {}).items():
        path = resolve_path(value, root)
        assert path is not None
        if not path.exists():
            raise FileNotFoundError(f"results file {value} (label {label!r}) does not exist")
        files[label] = path
    return files


def agents_without_programs(
    tasks: str | os.PathLike[str],
    agents: Iterable[AgentSpec | Mapping[str, Any] | str],
    results_dir: str | os.PathLike[str],
    *,
    root: str | os.PathLike[str] | None = None,
    library_fixes: bool = False,
) -> list[str]:
    """One line per agent whose results file holds rows and not one program: every model request failed.

    The tables show such a system with only ``model_error`` rows, which looks like a result; a
    command running the agents must not end as if it had got one. Arguments as for
    :func:`evaluate_agents`; an agent without a results file yet is not named.
    """
    # deferred: the analysis package loads matplotlib, which running agents never needs
    from aspera_workbench.analysis import described_system

    lines = []
    for label, path in _agent_files(tasks, agents, results_dir, root, library_fixes)[0].items():
        with warnings.catch_warnings():  # a damaged line is the notebooks' to report
            warnings.simplefilter("ignore")
            results = read_results(path)
            rows = counted_rows(results.rows)
        if not rows or any(judged(row) for row in rows):
            continue
        seeds = {row.seed for row in rows}
        noun = "task" if len(seeds) == 1 else "task-seed pair"
        system = described_system(results, rows) or label
        lines.append(
            f"{system}: 0 of {count(len(rows), noun)} got a program: every model request failed; "
            "run the same command to ask again"
        )
    return lines


def _agent_files(
    tasks: str | os.PathLike[str],
    agents: Iterable[AgentSpec | Mapping[str, Any] | str],
    results_dir: str | os.PathLike[str],
    root: str | os.PathLike[str] | None,
    library_fixes: bool,
) -> tuple[dict[str, Path], list[str]]:
    """The results file of each agent that has one (label -> path), and the labels of those that have none."""
    root = Path(root) if root is not None else project_root()
    tasks_path = resolve_path(tasks, root)
    folder = resolve_path(results_dir, root)
    assert tasks_path is not None and folder is not None
    specs = _available(_specs(agents))
    if not specs:
        return {}, []
    files, missing = {}, []
    for item in _prepare(specs, load_tasks(tasks_path), str(tasks), library_fixes, root):
        path, exists = results_path(folder, item.spec.name, item.experiment)
        if exists:
            files[item.spec.name] = path
        else:
            missing.append(item.spec.name)
    return files, missing
