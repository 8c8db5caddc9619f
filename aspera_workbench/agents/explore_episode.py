"""One exploring episode: the conversation in which a model looks things up, tries drafts and submits.

Each turn is one request. With ``tools``, every tool call of the reply is carried out
in order (calls after a ``submit`` are answered as not carried out, so the transcript
stays well formed); with ``text``, the reply's first ``Action:``. A reply with no tool
but a program is its submission, so a model that answers at once gets a fair verdict;
one with neither gets a reminder. Each answer ends with the budget left.

The episode ends on a submission, when the turn or token budget is used up (the last
dry-run draft is then submitted, if any), or when a request fails. The transcript and
one step per action are recorded, for replaying it.
"""

from __future__ import annotations

import dataclasses
import string
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import pydantic

from aspera_core.agents import StopRun
from aspera_workbench.agents.answer_parsing import extract_program
from aspera_workbench.agents.explore_dryrun import DryRunReport, DryRunUnavailable
from aspera_workbench.agents.explore_protocol import parse_action, result_message
from aspera_workbench.agents.explore_tools import (
    LIST_MODULES,
    READ_DOCS,
    SEARCH_DOCS,
    SUBMIT,
    TOOL_NAMES,
    DocumentationIndex,
    check_arguments,
)
from aspera_workbench.llm import Completion, LLMRequestError, ToolCall, tool_result_message
from aspera_workbench.options import AtLeastOne, AtLeastZero

#: Why an episode ended.
ENDINGS = ("submitted", "answered", "turn_budget", "token_budget", "model_error")


@pydantic.dataclasses.dataclass(frozen=True, config=pydantic.ConfigDict(strict=True))
class Budgets:
    """What one episode may use: replies, tokens as the endpoint reports them, and dry runs.

    Raises:
        pydantic.ValidationError: a budget below its minimum (1 turn, 1 token, 0 dry runs).
    """

    max_turns: AtLeastOne = 20
    max_tokens: AtLeastOne = 250_000
    max_dry_runs: AtLeastZero = 5

    def to_json(self) -> dict[str, int]:
        """The budgets as JSON values."""
        return dataclasses.asdict(self)


@dataclass
class EpisodeResult:
    """How an episode went.

    ``ended`` is one of :data:`ENDINGS`; ``submitted_by`` is ``"submit"`` (the tool),
    ``"answer"`` (a reply with a program and no tool), ``"last_draft"`` (the budget ran out)
    or ``None``; ``problem`` says why there is no program.
    """

    program: str | None = None
    ended: str = "submitted"
    submitted_by: str | None = None
    problem: str | None = None
    error: LLMRequestError | None = None
    transcript: list[dict[str, Any]] = field(default_factory=list)
    steps: list[dict[str, Any]] = field(default_factory=list)
    turns: int = 0
    tokens: int = 0
    dry_runs: int = 0
    read: list[str] = field(default_factory=list)
    last_text: str | None = None


class Notes:
    """The agent's messages to the model (``templates/explore_notes.txt``), by key (``KeyError`` if unknown)."""

    def __init__(self, entries: Mapping[str, str]) -> None:
        self.entries = dict(entries)

    def __call__(self, key: str, **values: Any) -> str:
        return string.Template(self.entries[key]).substitute(**values)


@dataclass
class _Outcome:
    content: str
    submitted: str | None = None


@dataclass
class Episode:
    """Runs one episode (see the module docstring) from the starting ``messages``.

    ``ask`` sends the conversation and returns the reply; its ``LLMRequestError`` ends the
    episode as a model error, any other exception propagates. ``protocol``: ``tools`` or ``text``.
    """

    ask: Callable[[list[dict[str, Any]]], Completion]
    messages: dataclasses.InitVar[Sequence[Mapping[str, Any]]]
    _: dataclasses.KW_ONLY
    protocol: str
    budgets: Budgets
    dry_run: Callable[[str], DryRunReport]
    index: DocumentationIndex
    notes: Notes
    result: EpisodeResult = field(init=False)
    _last_draft: str | None = field(default=None, init=False)

    def __post_init__(self, messages: Sequence[Mapping[str, Any]]) -> None:
        self.result = EpisodeResult(transcript=[dict(message) for message in messages])

    def run(self) -> EpisodeResult:
        result = self.result
        while True:
            if result.turns >= self.budgets.max_turns:
                return self._out_of_budget("turn_budget", f"all {self.budgets.max_turns} replies were used")
            if result.tokens >= self.budgets.max_tokens:
                return self._out_of_budget(
                    "token_budget", f"{result.tokens} tokens were used (budget {self.budgets.max_tokens})"
                )
            try:
                completion = self.ask(list(result.transcript))
            except LLMRequestError as error:
                result.ended, result.error, result.problem = "model_error", error, str(error)
                return result
            result.turns += 1
            if completion.usage is None:
                # Counting the answer as 0 tokens would leave the episode without a token budget.
                raise StopRun(
                    f"the endpoint reported no token usage for an answer, so the token budget of "
                    f"{self.budgets.max_tokens} per task cannot be enforced (an answer of unknown size is not "
                    "counted as free)",
                    advice="running again stops the same way: use an endpoint that reports token usage",
                )
            result.tokens += completion.usage.total_tokens
            result.last_text = completion.text
            result.transcript.append(completion.assistant_message())
            if self.protocol == "tools" and completion.tool_calls:
                if self._tool_calls(completion.tool_calls):
                    return result
            elif self.protocol == "text" and (action := parse_action(completion.text)) is not None:
                outcome = self._act(action.tool, action.arguments, action.problem)
                if outcome.submitted is not None:
                    return self._submitted(outcome.submitted, "submit")
                content = outcome.content + (("\n" + self.notes("ignored")) if action.ignored else "")
                result.transcript.append(result_message(action.tool, content + self._footer()))
            else:
                parsed = extract_program(completion.text)
                if parsed.program is not None:
                    return self._submitted(parsed.program, "answer")
                note = self.notes("no_tool" if self.protocol == "tools" else "no_action")
                result.transcript.append({"role": "user", "content": note + self._footer()})

    def _tool_calls(self, calls: Sequence[ToolCall]) -> bool:
        """Carry out a reply's tool calls; ``True`` when one of them submitted the program."""
        submitted: str | None = None
        answers: list[dict[str, Any]] = []
        for call in calls:
            if submitted is not None:
                answers.append(tool_result_message(call, self.notes("skipped")))
                self._step(call.name, call.arguments, "not carried out: the program was already submitted")
                continue
            outcome = self._act(call.name, call.arguments, call.arguments_error)
            submitted = outcome.submitted
            answers.append(tool_result_message(call, outcome.content))
        if submitted is not None:
            self.result.transcript.extend(answers)
            self._submitted(submitted, "submit")
            return True
        answers[-1]["content"] += self._footer()
        self.result.transcript.extend(answers)
        return False

    def _act(self, tool: str, arguments: Mapping[str, Any] | None, problem: str | None) -> _Outcome:
        if tool not in TOOL_NAMES:
            self._step(tool, arguments, "unknown tool")
            return _Outcome(self.notes("unknown_tool", tool=repr(tool), tools=", ".join(TOOL_NAMES)))
        # A problem found while reading the call (the text protocol's missing input) stands as it is;
        # undecodable arguments are described by check_arguments.
        wrong = problem if problem is not None and arguments is not None else check_arguments(tool, arguments, problem)
        if wrong is not None:
            self._step(tool, arguments, wrong)
            return _Outcome(self.notes("bad_arguments", problem=wrong))
        assert arguments is not None
        if tool == LIST_MODULES:
            self._step(tool, arguments)
            return _Outcome(self.index.list_modules())
        if tool == SEARCH_DOCS:
            try:
                found = self.index.search(arguments["query"], arguments.get("module"))
            except ValueError as error:
                self._step(tool, arguments, str(error))
                return _Outcome(self.notes("bad_arguments", problem=str(error)))
            self._step(tool, arguments)
            return _Outcome(found)
        if tool == READ_DOCS:
            try:
                text = self.index.read(arguments["name"])
            except KeyError as error:
                self._step(tool, arguments, str(error.args[0]))
                return _Outcome(str(error.args[0]))
            self.result.read.append(arguments["name"])
            self._step(tool, arguments)
            return _Outcome(text)
        parsed = extract_program(arguments["program"])
        if parsed.program is None:
            self._step(tool, arguments, parsed.problem)
            return _Outcome(self.notes("no_program", problem=parsed.problem))
        if tool == SUBMIT:
            self._step(tool, arguments)
            return _Outcome("Submitted.", submitted=parsed.program)
        return self._dry_run(tool, arguments, parsed.program)

    def _dry_run(self, tool: str, arguments: Mapping[str, Any], program: str) -> _Outcome:
        result = self.result
        if result.dry_runs >= self.budgets.max_dry_runs:
            self._step(tool, arguments, "no dry run left")
            return _Outcome(self.notes("no_dry_runs_left", max_dry_runs=self.budgets.max_dry_runs))
        try:
            report = self.dry_run(program)
        except DryRunUnavailable as error:
            self._step(tool, arguments, str(error))
            return _Outcome(self.notes("dry_run_failed", problem=str(error)))
        result.dry_runs += 1
        self._last_draft = program
        self._step(tool, arguments, dry_run=report.to_json())
        return _Outcome(report.to_text())

    def _footer(self) -> str:
        turns_left = self.budgets.max_turns - self.result.turns
        dry_runs_left = max(0, self.budgets.max_dry_runs - self.result.dry_runs)
        text = "\n\n" + self.notes("budget", turns_left=turns_left, dry_runs_left=dry_runs_left)
        if turns_left == 1:
            text += "\n" + self.notes("last_turn")
        return text

    def _step(
        self,
        tool: str,
        arguments: Mapping[str, Any] | None,
        problem: str | None = None,
        dry_run: dict[str, Any] | None = None,
    ) -> None:
        step: dict[str, Any] = {"turn": self.result.turns, "tool": tool, "arguments": dict(arguments or {})}
        step["problem"] = problem
        if dry_run is not None:
            step["dry_run"] = dry_run
        self.result.steps.append(step)

    def _submitted(self, program: str, how: str) -> EpisodeResult:
        result = self.result
        result.program, result.submitted_by = program, how
        result.ended = "submitted" if how == "submit" else "answered"
        return result

    def _out_of_budget(self, ended: str, why: str) -> EpisodeResult:
        result = self.result
        result.ended = ended
        if self._last_draft is not None:
            result.program, result.submitted_by = self._last_draft, "last_draft"
        else:
            result.problem = f"the episode ended without a program: {why}, and no draft was dry-run"
        return result


@dataclass(frozen=True)
class TranscriptTurn:
    """One turn of a recorded transcript: the reply (``number`` 1 first) and what the agent sent back after it."""

    number: int
    reply: dict[str, Any]
    answers: tuple[dict[str, Any], ...] = ()


def transcript_turns(transcript: Sequence[Mapping[str, Any]]) -> tuple[list[dict[str, Any]], list[TranscriptTurn]]:
    """Split a recorded transcript (``details["transcript"]`` of an explore row) into its prompt and its turns."""
    messages = [dict(message) for message in transcript]
    first = next((i for i, message in enumerate(messages) if message.get("role") == "assistant"), len(messages))
    turns: list[TranscriptTurn] = []
    reply: dict[str, Any] | None = None
    answers: list[dict[str, Any]] = []
    for message in messages[first:]:
        if message.get("role") == "assistant":
            if reply is not None:
                turns.append(TranscriptTurn(len(turns) + 1, reply, tuple(answers)))
            reply, answers = message, []
        else:
            answers.append(message)
    if reply is not None:
        turns.append(TranscriptTurn(len(turns) + 1, reply, tuple(answers)))
    return messages[:first], turns
