"""Putting a generation session together from its parameters: client, sandbox, prompts, session, target."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from aspera_core.executor import Sandbox, SandboxConfig, default_workers
from aspera_core.fileio import dangling_link_in
from aspera_core.tasks import Scenario, Task, load_tasks
from aspera_workbench.agents import PromptStore
from aspera_workbench.authoring import scenario_for
from aspera_workbench.generation.checks import TaskChecker
from aspera_workbench.generation.flow import BatchReport, GenerationFlow
from aspera_workbench.generation.generation_engine import TaskGenerator
from aspera_workbench.generation.generation_params import GenerationParams
from aspera_workbench.generation.prompts import GenerationPrompts, GuidelineSet, PromptBuilder
from aspera_workbench.generation.session import SessionLog
from aspera_workbench.generation.task_writer import TaskSetTarget
from aspera_workbench.llm import Budget, LLMClient, LLMConfig, ResponseCache
from aspera_workbench.pipeline import ParamsError, project_root
from aspera_workbench.variants import choose


def _examples(tasks: list[Task], count: int, seed: int) -> dict[str, list[Task]]:
    """Worked examples per step, chosen reproducibly, different ones for each step where the set allows."""
    if not count or not tasks:
        return {}
    chosen = {}
    for step in ("queries", "program", "setup", "evaluation"):
        chosen[step] = choose(tasks, count, seed, f"examples:{step}")
    return chosen


def _scenario(params: GenerationParams, guidelines: GuidelineSet) -> Scenario:
    """The scenario of the workbench's own tasks, with the parameters' apps and guideline set."""
    return scenario_for(params.apps).model_copy(update={"guidelines": guidelines.guidelines})


def build_client(params: GenerationParams, root: Path) -> LLMClient:
    """The model client of a session, with its spending limit and cache.

    Raises:
        aspera_workbench.llm.LLMSetupError: no key, or a limit on a model without a price.
        ParamsError: ``cache_dir`` cannot hold the cache (a file stands there, or it is a link to nothing).
    """
    settings: dict[str, Any] = {"model": params.model, "base_url": params.base_url, "temperature": params.temperature}
    if params.max_tokens:
        settings["max_tokens"] = params.max_tokens
    if params.api_key_env:
        settings["api_key_env"] = params.api_key_env
    if params.request_timeout_s:
        settings["timeout_s"] = params.request_timeout_s
    try:
        cache = ResponseCache(params.path(params.cache_dir, root)) if params.cache else None
    except (NotADirectoryError, FileNotFoundError) as error:  # a file in the way, a symbolic link to nothing
        raise ParamsError(f"cache_dir: {error.filename} {error.strerror}") from None
    return LLMClient(LLMConfig(**settings), cache=cache, budget=Budget(max_cost_usd=params.max_cost_usd))


def open_generation(
    params: GenerationParams,
    root: str | os.PathLike[str] | None = None,
    progress: Callable[[str], None] | None = None,
    *,
    client: LLMClient | None = None,
) -> GenerationFlow:
    """A generation session ready for decisions, with its own sandbox.

    Close it (``flow.close()``, or use it in a ``with`` block) to stop the
    sandbox; a notebook's widget keeps it open while the person works.

    Args:
        params: The parameters.
        root: The project root relative paths resolve against (found when omitted).
        progress: Receives a line per step of the engine.
        client: A model client to use instead of one built from the parameters.

    Returns:
        The flow (the session file is reopened if it exists).

    Raises:
        ParamsError: a file named by the parameters is missing or unusable.
        aspera_workbench.llm.LLMSetupError: the client cannot be built (no key...).
        aspera_workbench.generation.session.SessionFileError: the session file is not one.
        aspera_core.tasks.TaskFormatError: the output set exists and does not load.
    """
    root = Path(root).resolve() if root is not None else project_root()
    examples: list[Task] = []
    reference: list[tuple[str, str]] = []
    examples_from = params.path(params.examples_from, root)
    if examples_from is not None:
        try:
            examples = load_tasks(examples_from)
        except (FileNotFoundError, ValueError) as error:
            raise ParamsError(f"examples_from: {error}") from None
        reference = [(task.query, f"task {task.query_id} of {params.examples_from}") for task in examples]
    try:
        guidelines = (
            GuidelineSet.load(params.path(params.guidelines, root)) if params.guidelines else GuidelineSet.default()
        )
    except (FileNotFoundError, ValueError) as error:
        raise ParamsError(f"guidelines: {error}") from None
    scenario = _scenario(params, guidelines)
    session = params.path(params.session, root)
    out = params.path(params.out, root)
    assert session is not None and out is not None
    prompts_dir = params.path(params.prompts_dir, root) or session.parent / "prompts"
    for key, written in (("out", out), ("session", session), ("prompts_dir", prompts_dir)):
        dangling = dangling_link_in(written)
        if dangling is not None:  # its folders would be made wherever the link points
            raise ParamsError(f"{key}: {dangling}")
    if out.exists() and not out.is_dir():
        raise ParamsError(
            f"out: {out} is not a folder; name the folder of the task set to write to (created if missing)"
        )
    target = TaskSetTarget(out, params.first_id)
    target.check()  # a set that does not load or build is refused before anything is asked
    try:
        prompts = PromptStore(
            prompts_dir, advice="it is not written into: set prompts_dir, or session, to name another folder"
        )
    except NotADirectoryError:
        raise ParamsError(f"prompts_dir: {prompts_dir} exists and is not a folder") from None
    except FileExistsError as error:
        raise ParamsError(f"prompts_dir: {prompts_dir} {error.strerror}") from None
    client = client or build_client(params, root)
    builder = PromptBuilder(
        GenerationPrompts.load(), scenario, guidelines, _examples(examples, params.examples, params.seed)
    )
    log = SessionLog(session)
    config = SandboxConfig(workers=params.workers or default_workers(), timeout_s=params.timeout_s)
    sandbox = Sandbox(config)
    checker = TaskChecker(sandbox, mutants=params.mutants, rewrites=params.rewrites, seed=params.seed)
    generator = TaskGenerator(
        client,
        builder,
        checker,
        scenario,
        max_repairs=params.max_repairs,
        seed=params.seed,
        prompts=prompts,
        progress=progress,
    )
    log.opened(params.settings())
    return GenerationFlow(
        generator,
        log,
        target,
        provenance={
            "model": params.model,
            "endpoint": params.base_url or "default (OpenAI)",
            "temperature": "" if params.temperature is None else str(params.temperature),
            "guidelines": guidelines.name,
        },
        reference_queries=reference,
        per_request=params.per_request,
        rounds=[round_.round() for round_ in params.rounds],
        on_close=sandbox.close,
    )


def generate_tasks(
    params: GenerationParams,
    root: str | os.PathLike[str] | None = None,
    progress: Callable[[str], None] | None = None,
    *,
    client: LLMClient | None = None,
) -> tuple[BatchReport, GenerationFlow]:
    """Batch mode: run the parameters' rounds, keeping only fully validated tasks.

    Args:
        params: The parameters.
        root: The project root (found when omitted).
        progress: Receives a line per event.
        client: A model client to use instead of one built from the parameters.

    Returns:
        The report and the (closed) flow, for its summary and session state.
    """
    with open_generation(params, root, progress, client=client) as flow:
        report = flow.run_batch(flow.rounds, progress)
    return report, flow
