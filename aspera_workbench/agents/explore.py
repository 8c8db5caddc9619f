"""The exploring agent (``explore``): looks up the documentation and tries drafts before it answers.

It starts with the query, the guidelines, the worked example and only the library's
module names, then calls tools (:mod:`.explore_tools`) over several turns within
budgets (:mod:`.explore_episode`): list modules, search and read the documentation,
dry-run a draft (:mod:`.explore_dryrun`), submit. An endpoint that refuses tool
definitions gets the plain-text protocol (:mod:`.explore_protocol`); with
``protocol="auto"`` for the rest of the run.

Every row records the whole episode in ``details`` (docs/explore.md). The task's
evaluation program never runs before submission, and in the default dry-run world
nothing of the task's own world reaches the model.
"""

from __future__ import annotations

import threading
from typing import Any

from aspera_core.agents import Proposal, StopRun
from aspera_core.executor import SandboxConfig
from aspera_core.tasks import Task
from aspera_workbench.agents.agent_prompts import (
    Message,
    PromptFiles,
    examples_text,
    guidelines_text,
    return_annotation,
    user_message,
)
from aspera_workbench.agents.explore_dryrun import (
    DRY_RUN_WORLDS,
    PROTOCOLS,
    DryRunner,
    DryRunReport,
    GenericWorld,
    dry_run_task,
)
from aspera_workbench.agents.explore_episode import Budgets, Episode, EpisodeResult, Notes
from aspera_workbench.agents.explore_tools import documentation_index, parse_descriptions, tool_definitions
from aspera_workbench.agents.model_agents import ModelAgent, PromptStore, RequestTally
from aspera_workbench.llm import (
    Completion,
    LLMClient,
    ToolsNotSupportedError,
)
from aspera_workbench.surface import ALL_MODULES

#: Seconds a dry run may take by default.
DEFAULT_DRY_RUN_TIMEOUT_S = 10.0


def explore_messages(
    task: Task,
    files: PromptFiles,
    budgets: Budgets,
    *,
    examples: int = 1,
    guidelines: bool = True,
    protocol: str = "tools",
) -> list[Message]:
    """The explorer's starting prompt: the module names (no documentation), the tools, the budgets,
    the examples and guidelines (and, for the text protocol, how to write an action); then the query.
    """
    system = files.templates["explore_system"].substitute(
        modules="\n".join(f"- {module}" for module in ALL_MODULES),
        max_turns=budgets.max_turns,
        max_dry_runs=budgets.max_dry_runs,
        examples=examples_text(files.examples, examples),
        guidelines=guidelines_text(files, files.guidelines if guidelines else ()),
    )
    if protocol == "text":
        system = system.rstrip("\n") + "\n" + files.templates["explore_text_protocol"].template
    user = user_message(files, task, return_annotation(task.program), "explore_user")
    return [{"role": "system", "content": system}, user]


class ExploreAgent(ModelAgent):
    """Writes programs after looking up documentation and trying drafts (see the module docstring).

    ``dry_run_world``: ``"generic"`` (the same world for every task) or ``"task"`` (the task's
    own first setup program, writes discarded).

    Raises:
        ValueError: an unknown dry-run world or protocol.
    """

    name = "explore"
    setting = "explore"
    goes_on_without_usage = False  # its token budget needs the counts: the episode stops the run without them

    def __init__(
        self,
        client: LLMClient,
        files: PromptFiles | None = None,
        *,
        examples: int = 1,
        guidelines: bool = True,
        prompts: PromptStore | None = None,
        budgets: Budgets | None = None,
        dry_run_world: str = "generic",
        protocol: str = "auto",
        dry_run_config: SandboxConfig | None = None,
        generic_world: GenericWorld | None = None,
        allow_short_context: bool = False,
    ) -> None:
        if dry_run_world not in DRY_RUN_WORLDS:
            raise ValueError(f"unknown dry-run world {dry_run_world!r}; expected one of: {', '.join(DRY_RUN_WORLDS)}")
        if protocol not in PROTOCOLS:
            raise ValueError(f"unknown protocol {protocol!r}; expected one of: {', '.join(PROTOCOLS)}")
        super().__init__(
            client,
            files,
            examples=examples,
            guidelines=guidelines,
            prompts=prompts,
            allow_short_context=allow_short_context,
        )
        self.budgets = budgets or Budgets()
        self.dry_run_world = dry_run_world
        self.protocol = protocol
        self.generic_world = generic_world or GenericWorld.load()
        self.dry_runner = DryRunner(dry_run_config or SandboxConfig(workers=1, timeout_s=DEFAULT_DRY_RUN_TIMEOUT_S))
        self.tools = tool_definitions(parse_descriptions(self.files.templates["explore_tools"].template))
        self.notes = Notes(parse_descriptions(self.files.templates["explore_notes"].template))
        # "auto" starts with tool calling and switches to text, for good, once the endpoint refuses tools.
        self._protocol_now = "text" if protocol == "text" else "tools"
        self._switch = threading.Lock()

    def parameters(self) -> dict[str, Any]:
        config = self.dry_runner.config
        return {
            **super().parameters(),
            "budgets": self.budgets.to_json(),
            "dry_run_world": self.dry_run_world,
            "dry_run_world_version": self.generic_world.digest if self.dry_run_world == "generic" else None,
            "protocol": self.protocol,
            "dry_run_timeout_s": config.timeout_s,
            "dry_run_library_fixes": config.library_fixes,
        }

    def propose(self, task: Task, seed: int | None) -> Proposal:
        tally = RequestTally()
        protocol = self._protocol_now
        fallback: str | None = None
        try:
            messages, result = self._episode(task, seed, protocol, tally)
        except ToolsNotSupportedError as error:
            if self.protocol != "auto" or protocol != "tools":
                raise StopRun(str(error)) from error
            with self._switch:
                self._protocol_now = "text"
            protocol, fallback = "text", str(error)
            messages, result = self._episode(task, seed, protocol, tally)
        details = self._details(result, protocol, fallback)
        if result.error is not None:
            return self._proposal(messages, tally, result.last_text, error=str(result.error), details=details)
        answer = _final_answer(result)
        return self._proposal(messages, tally, answer, program=result.program, problem=result.problem, details=details)

    def close(self) -> None:
        self.dry_runner.close()

    def _episode(
        self, task: Task, seed: int | None, protocol: str, tally: RequestTally
    ) -> tuple[list[Message], EpisodeResult]:
        messages = explore_messages(
            task, self.files, self.budgets, examples=self.examples, guidelines=self.guidelines, protocol=protocol
        )
        world = dry_run_task(task, self.dry_run_world, self.generic_world)
        tools = self.tools if protocol == "tools" else None

        def ask(conversation: list[dict[str, Any]]) -> Completion:
            return self._ask(conversation, seed, tally, tools)

        def dry_run(program: str) -> DryRunReport:
            return self.dry_runner.run(world, program)

        episode = Episode(
            ask,
            messages,
            protocol=protocol,
            budgets=self.budgets,
            dry_run=dry_run,
            index=documentation_index(),
            notes=self.notes,
        )
        return messages, episode.run()

    def _details(self, result: EpisodeResult, protocol: str, fallback: str | None) -> dict[str, Any]:
        details: dict[str, Any] = {
            "ended": result.ended,
            "submitted_by": result.submitted_by,
            "turns": result.turns,
            "tokens": result.tokens,
            "dry_runs": result.dry_runs,
            "budgets": self.budgets.to_json(),
            "dry_run_world": self.dry_run_world,
            "protocol": protocol,
            "read": list(result.read),
            "steps": result.steps,
            "transcript": result.transcript,
        }
        if fallback is not None:
            details["protocol_fallback"] = fallback
        return details


def _final_answer(result: EpisodeResult) -> str | None:
    """The row's completion: the last reply's text, or the arguments of its last tool call."""
    if result.last_text:
        return result.last_text
    replies = [message for message in result.transcript if message.get("role") == "assistant"]
    calls = replies[-1].get("tool_calls") if replies else None
    return calls[-1]["function"]["arguments"] if calls else None
