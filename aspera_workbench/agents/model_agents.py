"""Agents backed by a language model: complete codebase knowledge (``cck``, also ``control``) and primitive selection (``ps``).

A request that fails after its retries gives a ``model_error`` proposal (a resumed
run asks again); an answer without a program a ``parse_error`` one, the answer kept;
a setup error or the spending limit stops the run (:class:`StopRun`): no other
request could succeed, and every finished row is kept.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import re
import time
import warnings
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from aspera_core.agents import Proposal, StopRun
from aspera_core.fileio import dangling_link, make_folders, refuse_dangling_link_in, write_atomic
from aspera_core.outcomes import Outcome
from aspera_core.records import Generation, Usage
from aspera_core.runner import RunWarning
from aspera_core.tasks import Task
from aspera_workbench.agents.agent_prompts import (
    Message,
    PromptFiles,
    builtin_annotation,
    cck_messages,
    control_messages,
    ps_messages,
    reference_primitives,
    selected_names,
    selection_messages,
    selection_scores,
)
from aspera_workbench.agents.answer_parsing import extract_program
from aspera_workbench.agents.answer_watch import AnswerWatch
from aspera_workbench.agents.selection_summary import EmptySelectionWatch
from aspera_workbench.control import CONTROL_SETTING, CONTROL_VALUE_MODULES, control_task
from aspera_workbench.llm import (
    BudgetExceededError,
    Completion,
    LLMClient,
    LLMRequestError,
    LLMSetupError,
    ToolsNotSupportedError,
)
from aspera_workbench.surface import ALL_MODULES, module_primitives

_PROMPT_FILE = re.compile(r"[0-9a-f]{64}\.json")


def prompt_digest(messages: Sequence[Message]) -> str:
    """SHA-256 of a prompt (its messages as canonical JSON)."""
    return hashlib.sha256(json.dumps(list(messages), sort_keys=True).encode("utf-8")).hexdigest()


class PromptStore:
    """Keeps each distinct prompt once, as ``<digest>.json`` in a folder beside the results file.

    Rows record only the digest (prompts are large and repeat across seeds). The folder is
    created with the first prompt, so a run refused before asking leaves nothing behind;
    files are written atomically and never rewritten.

    Raises:
        DanglingLinkError: ``directory`` or a folder above it is a symbolic link to nothing.
        NotADirectoryError: ``directory`` is not a folder.
        FileExistsError: ``directory`` holds other files (say ``data/prompts/`` beside
            ``--out data/x.jsonl``): it is not written into; ``advice`` ends the message.
    """

    def __init__(
        self,
        directory: str | Path,
        advice: str = "prompts are kept in a folder named prompts beside --out, so name an --out file in another folder",
    ) -> None:
        self.directory = Path(directory)
        refuse_dangling_link_in(self.directory)
        if self.directory.exists() and not self.directory.is_dir():
            raise NotADirectoryError(
                errno.ENOTDIR, "exists and is not a folder; the prompts cannot be stored there", str(self.directory)
            )
        if self.directory.is_dir():
            foreign = sorted(
                item.name
                for item in self.directory.iterdir()
                if not item.name.startswith(".") and not _PROMPT_FILE.fullmatch(item.name)
            )
            if foreign:
                shown = ", ".join(foreign[:3]) + (" ..." if len(foreign) > 3 else "")
                raise FileExistsError(
                    errno.EEXIST, f"holds files that are not stored prompts ({shown}); {advice}", str(self.directory)
                )

    def put(self, messages: Sequence[Message]) -> str:
        """Store a prompt (if not stored yet) and return its digest.

        Raises:
            FileExistsError: a file of the prompt's name holds something else (left as it is).
            OSError: the prompt cannot be written (its ``filename`` is the prompt's file).
        """
        digest = prompt_digest(messages)
        path = self.directory / f"{digest}.json"
        if os.path.lexists(path):
            _check_stored(path, digest)
        else:
            make_folders(self.directory)
            write_atomic(path, json.dumps(list(messages), ensure_ascii=False, indent=1), durable=False)
        return digest

    def get(self, digest: str) -> list[Message]:
        """The prompt stored under ``digest`` (``FileNotFoundError`` if there is none)."""
        return json.loads((self.directory / f"{digest}.json").read_text(encoding="utf-8"))


def _check_stored(path: Path, digest: str) -> None:
    """Refuse a file named as the prompt of ``digest`` that does not hold it."""
    dangling = dangling_link(path)
    if dangling is not None:
        problem = f"is {dangling}"
    else:
        try:
            if prompt_digest(json.loads(path.read_bytes())) == digest:
                return
            problem = "holds another prompt (the digest of its content is not its name)"
        except OSError as error:  # a folder, an unreadable file
            problem = f"cannot be read as a stored prompt ({error.strerror or error})"
        except (ValueError, TypeError):
            problem = "is not a stored prompt (not a JSON list of messages)"
    raise FileExistsError(
        errno.EEXIST, f"{problem}; it is left as it is: move it away, or name another folder", str(path)
    )


@dataclass
class AnswerMarks:
    """What a row records of how its answers ended and of the model's thinking (``Generation``'s later fields).

    The last answer is the one the program is read from: its finish reason, its cut-off flag and its thinking are
    the row's; the thinking's length and a cut prompt count over all of the row's answers.
    """

    finish_reason: str | None = None
    truncated: bool = False
    reasoning: str | None = None
    reasoning_chars: int = 0
    reasoning_tokens: int | None = 0  # None once an answer did not report its reasoning tokens
    prompt_truncated: bool = False
    answers: int = 0

    def add(self, answer: Any) -> None:
        """Count an answer (a :class:`~aspera_workbench.llm.Completion`, or what the inspect bridge makes of inspect's)."""
        self.answers += 1
        self.finish_reason = answer.finish_reason
        self.truncated = answer.cut_off
        self.reasoning = answer.reasoning
        self.reasoning_chars += len(answer.reasoning or "")
        reported = answer.usage.reasoning_tokens if answer.usage is not None else None
        self.reasoning_tokens = (
            None if self.reasoning_tokens is None or reported is None else self.reasoning_tokens + reported
        )
        self.prompt_truncated = self.prompt_truncated or answer.prompt_cut

    def fields(self) -> dict[str, Any]:
        """The ``Generation`` fields (none for a row without an answer: the defaults, as in older files)."""
        if not self.answers:
            return {}
        return {
            "finish_reason": self.finish_reason,
            "truncated": self.truncated,
            "reasoning": self.reasoning,
            "reasoning_chars": self.reasoning_chars,
            "reasoning_tokens": self.reasoning_tokens,
            "prompt_truncated": self.prompt_truncated,
        }


@dataclass
class RequestTally:
    """What all requests made for one row cost."""

    prompt_tokens: int = 0
    completion_tokens: int = 0
    total_tokens: int = 0
    without_usage: int = 0  # answers whose token counts the endpoint did not report
    cost: float | None = 0.0  # None: some answer's price is unknown (never counted as free)
    spent: float | None = 0.0
    latency: float = 0.0
    requests: int = 0
    cached: list[bool] = field(default_factory=list)
    answer: AnswerMarks = field(default_factory=AnswerMarks)

    def add(self, completion: Completion) -> None:
        usage = completion.usage
        if usage is not None:
            self.prompt_tokens += usage.prompt_tokens
            self.completion_tokens += usage.completion_tokens
            self.total_tokens += usage.total_tokens
        else:
            self.without_usage += 1
        self.cost = None if self.cost is None or completion.cost_usd is None else self.cost + completion.cost_usd
        spent = 0.0 if completion.cached else completion.spent_usd  # a cached answer spends nothing, priced or not
        self.spent = None if self.spent is None or spent is None else self.spent + spent
        self.latency += completion.latency_s
        self.requests += 1
        self.cached.append(completion.cached)
        self.answer.add(completion)

    def usage(self) -> Usage:
        """The row's tokens: unknown (``None``), not a partial sum, once any answer reported none."""
        if self.without_usage:
            return Usage(
                prompt_tokens=None, completion_tokens=None, total_tokens=None, requests_without_usage=self.without_usage
            )
        return Usage(
            prompt_tokens=self.prompt_tokens, completion_tokens=self.completion_tokens, total_tokens=self.total_tokens
        )

    def generation(self, version: str, prompt: str | None, completion: str | None, error: str | None) -> Generation:
        return Generation(
            template_version=version,
            prompt_sha256=prompt,
            completion=completion,
            usage=self.usage(),
            cost_usd=self.cost if self.requests else None,
            spent_usd=self.spent,
            latency_s=self.latency,
            requests=self.requests,
            cached=bool(self.cached) and all(self.cached),
            error=error,
            **(self.answer.fields() if error is None else {}),
        )


class ModelAgent:
    """What the model-backed agents share: the client, the prompt files, asking and recording."""

    name = ""
    setting = ""
    seeded = True
    blocking = True  # the runner asks from a pool of threads
    #: Positional arguments the solution function takes (the world, for control programs).
    solution_arguments = 0
    #: Whether an endpoint without token counts is said once and the run goes on (an agent that needs them stops).
    goes_on_without_usage = True

    def __init__(
        self,
        client: LLMClient,
        files: PromptFiles | None = None,
        *,
        examples: int,
        guidelines: bool = True,
        prompts: PromptStore | None = None,
        allow_short_context: bool = False,
    ) -> None:
        self.client = client
        self.files = files or PromptFiles.load()
        self.examples = examples
        self.guidelines = guidelines
        self.prompts = prompts
        #: Checks every answer: a prompt the endpoint cut stops the run unless ``allow_short_context``.
        self.answer_watch = AnswerWatch(
            allow_short_context, client.config.max_tokens, note_missing_usage=self.goes_on_without_usage
        )

    @property
    def model(self) -> str:
        return self.client.config.model

    def parameters(self) -> dict[str, Any]:
        """Sampling parameters and prompt versions: what else makes two runs the same experiment."""
        config = self.client.config
        return {
            "temperature": config.temperature,
            "max_tokens": config.max_tokens,
            "template_version": self.files.version,
            "examples": self.examples,
            "guidelines": self.guidelines,
        }

    def _ask(
        self, messages: list[Any], seed: int | None, tally: RequestTally, tools: list[Any] | None = None
    ) -> Completion:
        """One request; setup errors, the spending limit and a prompt the endpoint cut stop the run (a refusal of
        tools is the caller's)."""
        started = time.perf_counter()
        with self.answer_watch.asking():
            try:
                completion = self.client.complete(messages, tools=tools, seed=seed)
            except ToolsNotSupportedError:
                raise
            except (BudgetExceededError, LLMSetupError) as error:
                raise StopRun(str(error)) from error
            except LLMRequestError:
                tally.latency += time.perf_counter() - started  # retries and their waits are the row's latency too
                raise
            self.answer_watch.check(completion)
        tally.add(completion)
        return completion

    def _store(self, messages: list[Message]) -> str:
        return self.prompts.put(messages) if self.prompts is not None else prompt_digest(messages)

    def _proposal(
        self,
        messages: list[Message] | None,
        tally: RequestTally,
        answer: str | None,
        *,
        program: str | None = None,
        problem: str | None = None,
        error: str | None = None,
        **extra: Any,
    ) -> Proposal:
        """The row's proposal: a model error, a parse error (no program) or the program, with its generation."""
        prompt = self._store(messages) if messages is not None else None
        generation = tally.generation(self.files.version, prompt, answer, error)
        if error is not None:
            return Proposal(failure=Outcome.MODEL_ERROR, message=error, generation=generation, **extra)
        if program is None:
            return Proposal(failure=Outcome.PARSE_ERROR, message=problem, generation=generation, **extra)
        return Proposal(program=program, generation=generation, **extra)

    def _finish(self, messages: list[Message], tally: RequestTally, completion: Completion, **extra: Any) -> Proposal:
        parsed = extract_program(completion.text, arguments=self.solution_arguments)
        return self._proposal(messages, tally, completion.text, program=parsed.program, problem=parsed.problem, **extra)

    def _model_error(
        self, messages: list[Message], tally: RequestTally, error: LLMRequestError, **extra: Any
    ) -> Proposal:
        return self._proposal(messages, tally, None, error=str(error), **extra)


def return_types_digest(programs: Mapping[str, str]) -> str:
    """Digest of the return types a control prompt recommends, by task id (what the prompts take from ``programs``)."""
    hints = sorted((task_id, builtin_annotation(program)) for task_id, program in programs.items())
    return hashlib.sha256(json.dumps(hints).encode("utf-8")).hexdigest()[:10]


class CCKAgent(ModelAgent):
    """Complete codebase knowledge: the documentation of every scenario app, five worked examples, the guidelines.

    With ``setting="control"`` the prompt shows the control surface instead and asks for a
    function taking ``world``; ``control_programs`` (by task id) recommend each task's return
    type when it names built-in types only.
    """

    name = "cck"
    setting = "cck"

    def __init__(
        self,
        client: LLMClient,
        files: PromptFiles | None = None,
        *,
        examples: int = 5,
        guidelines: bool = True,
        prompts: PromptStore | None = None,
        setting: str = "cck",
        control_programs: Mapping[str, str] | None = None,
        allow_short_context: bool = False,
    ) -> None:
        if setting not in ("cck", CONTROL_SETTING):
            raise ValueError(f"unknown setting {setting!r} for the cck agent: expected 'cck' or {CONTROL_SETTING!r}")
        super().__init__(
            client,
            files,
            examples=examples,
            guidelines=guidelines,
            prompts=prompts,
            allow_short_context=allow_short_context,
        )
        self.setting = setting
        self.control = setting == CONTROL_SETTING
        self.solution_arguments = 1 if self.control else 0
        self.control_programs = dict(control_programs or {}) if self.control else {}
        #: Modules whose values the evaluation tasks hand the program (the runner's sandbox registers them).
        self.value_modules = CONTROL_VALUE_MODULES if self.control else ()

    def parameters(self) -> dict[str, Any]:
        if not self.control:
            return super().parameters()
        return {**super().parameters(), "control_return_types": return_types_digest(self.control_programs)}

    def evaluation_task(self, task: Task) -> Task:
        return control_task(task) if self.control else task

    def propose(self, task: Task, seed: int | None) -> Proposal:
        if self.control:
            reference = self.control_programs.get(task.query_id)
            messages = control_messages(task, self.files, self.examples, self.guidelines, reference)
        else:
            messages = cck_messages(task, self.files, self.examples, self.guidelines)
        tally = RequestTally()
        try:
            completion = self._ask(messages, seed, tally)
        except LLMRequestError as error:
            return self._model_error(messages, tally, error)
        return self._finish(messages, tally, completion)


class PSAgent(ModelAgent):
    """Primitive selection: the model picks what it needs module by module, then writes with only that documented.

    ``modules`` are shown one request each (default: all twelve, alphabetically, as the
    original: those outside the task's scenario act as distractors).
    """

    name = "ps"
    setting = "ps"

    def __init__(
        self,
        client: LLMClient,
        files: PromptFiles | None = None,
        *,
        modules: Sequence[str] = ALL_MODULES,
        examples: int = 1,
        guidelines: bool = True,
        prompts: PromptStore | None = None,
        allow_short_context: bool = False,
    ) -> None:
        super().__init__(
            client,
            files,
            examples=examples,
            guidelines=guidelines,
            prompts=prompts,
            allow_short_context=allow_short_context,
        )
        self.modules = tuple(modules)
        self._selections = EmptySelectionWatch()

    def parameters(self) -> dict[str, Any]:
        return {**super().parameters(), "selection_modules": list(self.modules)}

    def propose(self, task: Task, seed: int | None) -> Proposal:
        tally = RequestTally()
        selected: dict[str, None] = {}
        answers: dict[str, str] = {}
        for module in self.modules:
            messages = selection_messages(task, module, self.files, self.guidelines)
            try:
                completion = self._ask(messages, seed, tally)
            except LLMRequestError as error:
                return self._model_error(messages, tally, error, details={"selection_answers": answers})
            answers[module] = completion.text
            for name in selected_names(completion.text, module_primitives(module, documented_only=True)):
                selected.setdefault(name)
        selection = selection_scores(selected, reference_primitives(task))
        if warning := self._selections.record(selected):  # said while the run goes on, once
            warnings.warn(warning, RunWarning, stacklevel=2)
        messages = ps_messages(task, selected, self.files, self.examples, self.guidelines)
        details = {"selection_answers": answers}
        try:
            completion = self._ask(messages, seed, tally)
        except LLMRequestError as error:
            return self._model_error(messages, tally, error, selection=selection, details=details)
        return self._finish(messages, tally, completion, selection=selection, details=details)
