"""Putting a generation session together from its parameters: client, sandbox, prompts, session, target."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from aspera_core.executor import Sandbox, SandboxConfig, default_workers
from aspera_core.fileio import dangling_link_in
from aspera_core.tasks import Task, load_tasks
from aspera_workbench.agents import PromptStore
from aspera_workbench.authoring import scenario_for
from aspera_workbench.generation.checks import TaskChecker
from aspera_workbench.generation.flow import BatchReport, GenerationFlow
from aspera_workbench.generation.generation_engine import TaskGenerator
from aspera_workbench.generation.generation_params import GenerationParams
from aspera_workbench.generation.prompts import PROGRAM_STEPS, GenerationPrompts, GuidelineSet, PromptBuilder
from aspera_workbench.generation.session import SessionLog
from aspera_workbench.generation.task_writer import TaskSetTarget
from aspera_workbench.llm import LLMClient, build_model_client
from aspera_workbench.pipeline import ParamsError, project_root, resolve_path
from aspera_workbench.variants import choose


def _examples(tasks: list[Task], count: int, seed: int) -> dict[str, list[Task]]:
    """Worked examples per step, chosen reproducibly, different ones for each step where the set allows."""
    if not count or not tasks:
        return {}
    return {step: choose(tasks, count, seed, f"examples:{step}") for step in ("queries", *PROGRAM_STEPS)}


def build_client(params: GenerationParams, root: Path) -> LLMClient:
    """The model client of a session, with its spending limit and cache.

    Raises:
        aspera_workbench.llm.LLMSetupError: no key, or a limit on a model without a price.
        ParamsError: ``cache_dir`` cannot hold the cache (a file stands there, or it is a link to nothing).
    """
    try:
        return build_model_client(
            model=params.model,
            temperature=params.temperature,
            base_url=params.base_url,
            api_key_env=params.api_key_env,
            max_tokens=params.max_tokens,
            timeout_s=params.request_timeout_s,
            use_cache=params.cache,
            cache_dir=resolve_path(params.cache_dir, root),
            max_cost_usd=params.max_cost_usd,
        )
    except (NotADirectoryError, FileNotFoundError) as error:  # a file in the way, a symbolic link to nothing
        raise ParamsError(f"cache_dir: {error.filename} {error.strerror}") from None


def open_generation(
    params: GenerationParams,
    root: str | os.PathLike[str] | None = None,
    progress: Callable[[str], None] | None = None,
    *,
    client: LLMClient | None = None,
) -> GenerationFlow:
    """A generation session ready for decisions, with its own sandbox (the session file is reopened if it exists).

    Close it (``flow.close()``, or a ``with`` block) to stop the sandbox; a notebook's widget keeps it
    open while the person works. ``root`` is the project root (found when omitted), ``progress``
    receives a line per step of the engine, and ``client`` replaces the one the parameters describe.

    Raises:
        ParamsError: a file named by the parameters is missing or unusable.
        aspera_workbench.llm.LLMSetupError: the client cannot be built (no key...).
        aspera_workbench.generation.session.SessionFileError: the session file is not one.
        aspera_core.tasks.TaskFormatError: the output set exists and does not load.
    """
    root = Path(root).resolve() if root is not None else project_root()
    examples: list[Task] = []
    reference: list[tuple[str, str]] = []
    examples_from = resolve_path(params.examples_from, root)
    if examples_from is not None:
        try:
            examples = load_tasks(examples_from)
        except (FileNotFoundError, ValueError) as error:
            raise ParamsError(f"examples_from: {error}") from None
        reference = [(task.query, f"task {task.query_id} of {params.examples_from}") for task in examples]
    try:
        guidelines = (
            GuidelineSet.load(resolve_path(params.guidelines, root)) if params.guidelines else GuidelineSet.default()
        )
    except (FileNotFoundError, ValueError) as error:
        raise ParamsError(f"guidelines: {error}") from None
    scenario = scenario_for(params.apps).model_copy(update={"guidelines": guidelines.guidelines})
    session = resolve_path(params.session, root)
    out = resolve_path(params.out, root)
    assert session is not None and out is not None
    prompts_dir = resolve_path(params.prompts_dir, root) or session.parent / "prompts"
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
    log.opened(params.model_dump(mode="json"))  # no secrets: the key is never a parameter
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
    """Batch mode: run the rounds, keeping only fully validated tasks (arguments as :func:`open_generation`).

    Returns the report and the (closed) flow, for its summary and session state.
    """
    with open_generation(params, root, progress, client=client) as flow:
        report = flow.run_batch(flow.rounds, progress)
    return report, flow
