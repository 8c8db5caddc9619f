"""A scripted model that plays every step of task generation, for tests of the engine.

It answers through the scripted OpenAI-protocol server: the step is read from
the system message (each step states its role), the request from the first
user message's ``Request:`` line. By default it answers with the programs of
the mini release's tasks; a test changes single answers through ``overrides``:
``(step, query) -> list of answers``, used one per request in order (the last
one repeats), so a first wrong answer can be followed by a repaired one.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from aspera_core.executor import SandboxConfig
from aspera_core.tasks import Task, load_tasks
from aspera_workbench.generation import GenerationParams
from aspera_workbench.llm import LLMClient, LLMConfig, ResponseCache, RetryPolicy
from tests.support.openai_server import Reply, ScriptedOpenAIServer, ScriptedRequest

ROOT = Path(__file__).resolve().parents[2]
MINI_RELEASE = ROOT / "tests" / "fixtures" / "mini_release"
FAST_RETRIES = RetryPolicy(max_attempts=2, initial_backoff_s=0.01, max_backoff_s=0.02, max_total_wait_s=1.0)
SANDBOX = SandboxConfig(workers=2, timeout_s=10)

_ROLES = {
    "invent new requests": "queries",
    "write reference programs": "program",
    "write setup programs": "setup",
    "write evaluation programs": "evaluation",
}


def step_of(request: ScriptedRequest) -> str:
    """Which step a request is for."""
    system = str(request.messages[0].get("content", ""))
    for words, step in _ROLES.items():
        if words in system:
            return step
    raise AssertionError(f"no step role in the system message: {system[:200]}")


def query_of(request: ScriptedRequest) -> str | None:
    """The request a program step is about (``None`` for the query step)."""
    user = next(m for m in request.messages if m["role"] == "user")
    match = re.search(r"^Request: (.*)$", str(user["content"]), re.MULTILINE)
    return match.group(1).strip() if match else None


def fenced(code: str, language: str = "python") -> str:
    return f"Here it is.\n```{language}\n{code.rstrip()}\n```\n"


@dataclass
class ScriptedModel:
    """Answers every step; records what it was asked.

    Attributes:
        tasks: The tasks whose programs it answers with, by request.
        batches: Lists of requests it proposes, one per query request (the last repeats).
        overrides: ``(step, request) -> answers`` replacing the default answer.
        asked: ``(step, request)`` of every request, in order.
    """

    tasks: dict[str, Task]
    batches: list[list[str]]
    overrides: dict[tuple[str, str | None], list[str | Reply]] = field(default_factory=dict)
    asked: list[tuple[str, str | None]] = field(default_factory=list)
    query_answers: list[str | Reply] = field(default_factory=list)

    def __call__(self, request: ScriptedRequest) -> Reply | str:
        step, query = step_of(request), query_of(request)
        self.asked.append((step, query))
        if step == "queries":
            if self.query_answers:
                answer = self.query_answers.pop(0)
                return answer
            number = sum(1 for s, _ in self.asked if s == "queries") - 1
            batch = self.batches[min(number, len(self.batches) - 1)]
            return fenced(json.dumps(batch), "json")
        key = (step, query)
        if key in self.overrides:
            answers = self.overrides[key]
            done = sum(1 for asked in self.asked if asked == key) - 1
            chosen = answers[min(done, len(answers) - 1)]
            return fenced(chosen) if isinstance(chosen, str) and "def " in chosen and "```" not in chosen else chosen
        task = self.tasks[query or ""]
        code = {
            "program": task.program,
            "setup": task.state_generation_programs[0],
            "evaluation": task.evaluation_programs[0],
        }
        return fenced(code[step])

    def count(self, step: str, query: str | None = None) -> int:
        return sum(1 for s, q in self.asked if s == step and (query is None or q == query))


# The mini release's evaluation programs compare a new event's attendees exactly, so they reject a correct
# program that lists the user among them, which the engine's checks now try (the user_attendee variant). The
# engine's tests serve them as a model should write them: the user's own attendance left free.
_USER_FREE = {
    "new_event.attendees == [ottoline]": "[p for p in new_event.attendees or [] if p != get_current_user()] == [ottoline]",
    "event.attendees == [thaddeus]": "[p for p in event.attendees or [] if p != get_current_user()] == [thaddeus]",
}


def _user_free(evaluation: str) -> str:
    for strict, free in _USER_FREE.items():
        evaluation = evaluation.replace(strict, free)
    return evaluation


def mini_tasks() -> dict[str, Task]:
    """The mini release's tasks by request, their evaluation programs leaving the user's own attendance free."""
    return {
        task.query: task.model_copy(update={"evaluation_programs": [_user_free(e) for e in task.evaluation_programs]})
        for task in load_tasks(MINI_RELEASE)
    }


def params(tmp_path: Path, server: ScriptedOpenAIServer, **values: Any) -> GenerationParams:
    """Parameters for a quick session against the scripted server, everything under ``tmp_path``."""
    settings = {
        "model": "scripted-model",
        "base_url": server.base_url,
        "out": str(tmp_path / "generated"),
        "session": str(tmp_path / "session" / "session.jsonl"),
        "cache_dir": str(tmp_path / "cache"),
        "examples_from": str(MINI_RELEASE),
        "examples": 1,
        "first_id": 500,
        "mutants": 4,
        "rewrites": 1,
        "workers": 2,
        "rounds": [{"tasks": 1}],
        "max_repairs": 1,
        **values,
    }
    return GenerationParams.model_validate(settings)


def client(server: ScriptedOpenAIServer, tmp_path: Path, model: str = "scripted-model", **options: Any) -> LLMClient:
    config = LLMConfig(model=model, base_url=server.base_url, api_key="test-key", retry=FAST_RETRIES, timeout_s=5.0)
    return LLMClient(config, cache=ResponseCache(tmp_path / "cache"), **options)


def script(server: ScriptedOpenAIServer, model: ScriptedModel) -> ScriptedModel:
    server.script(model)
    return model


def queries_of(tasks: Sequence[Task]) -> list[str]:
    return [task.query for task in tasks]


Progress = Callable[[str], None]
