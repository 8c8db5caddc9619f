"""The generation engine: asks the model for each step, checks the answer by running it, repairs.

A failed check goes back to the model with what went wrong, at most ``max_repairs`` times per step,
to the step the check blames, then to the others it names (``Check.also``); what still fails waits
for a person (or is rejected in batch mode). An answer cut off by the token limit is asked again
once with twice the room, and is never used. A request that fails after the client's retries, or an
answer with nothing usable, is a problem of its candidate; the spending limit or a client setup
error stops the engine with :class:`GenerationStopped`, keeping everything done so far.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aspera_core.tasks import Scenario, Task
from aspera_workbench.agents import PromptStore, RequestTally, prompt_digest
from aspera_workbench.generation.answers import read_function, read_queries
from aspera_workbench.generation.candidate import (
    INVALID,
    MODEL_ERROR,
    VALID,
    Candidate,
    derive_tags,
    is_model_error,
    now_text,
)
from aspera_workbench.generation.checks import Check, TaskChecker, draft_task
from aspera_workbench.generation.prompts import PROGRAM_STEPS, WHAT, Message, PromptBuilder, fenced
from aspera_workbench.llm import LENGTH, BudgetExceededError, LLMClient, LLMRequestError, LLMSetupError

#: How the problem of an answer cut off by the token limit starts.
CUT_OFF = "The answer was cut off"


class GenerationStopped(RuntimeError):
    """The engine cannot go on: the spending limit is reached (``budget``) or the model client is unusable."""

    def __init__(self, message: str, budget: bool = False) -> None:
        super().__init__(message)
        self.budget = budget


@dataclass
class QueryBatch:
    """What one request for new queries gave: the requests read (before any duplicate check), or why there are none."""

    queries: list[str]
    problem: str | None = None
    requests: list[dict[str, Any]] = field(default_factory=list)


class TaskGenerator:
    """Writes and checks the programs of candidate tasks.

    Each new request of a step moves the sampling ``seed`` on, so a repeated question gets a new answer
    rather than the cached one; ``prompts`` keeps each distinct prompt (else only its digest is recorded).
    """

    def __init__(
        self,
        client: LLMClient,
        builder: PromptBuilder,
        checker: TaskChecker,
        scenario: Scenario,
        *,
        max_repairs: int = 2,
        seed: int = 0,
        prompts: PromptStore | None = None,
        progress: Callable[[str], None] | None = None,
    ) -> None:
        self.client = client
        self.builder = builder
        self.checker = checker
        self.scenario = scenario
        self.max_repairs = max_repairs
        self.seed = seed
        self.prompts = prompts
        self.progress = progress or (lambda line: None)

    @property
    def template_version(self) -> str:
        """The version of the prompt templates."""
        return self.builder.prompts.version

    # -- asking ---------------------------------------------------------------------

    def _ask_once(
        self, step: str, messages: list[Message], seed: int, max_tokens: int | None = None
    ) -> tuple[str | None, dict[str, Any]]:
        """One request; returns the answer (``None`` on a request error) and its record."""
        tally = RequestTally()
        digest = self.prompts.put(messages) if self.prompts is not None else prompt_digest(messages)
        try:
            completion = self.client.complete(messages, seed=seed, **({"max_tokens": max_tokens} if max_tokens else {}))
        except BudgetExceededError as error:
            raise GenerationStopped(str(error), budget=True) from error
        except LLMSetupError as error:
            raise GenerationStopped(str(error)) from error
        except LLMRequestError as error:
            record = tally.generation(self.template_version, digest, None, str(error)).model_dump(mode="json")
            return None, {"step": step, "seed": seed, "time": now_text(), **record}
        tally.add(completion)
        record = tally.generation(self.template_version, digest, completion.text, None).model_dump(mode="json")
        # the tally counts an unknown spend as 0; the session says unknown (a model without a price)
        record["spent_usd"] = 0.0 if completion.cached else completion.spent_usd
        record["finish_reason"] = completion.finish_reason
        if max_tokens is not None:
            record["max_tokens"] = max_tokens
        return completion.text, {"step": step, "seed": seed, "time": now_text(), **record}

    def _ask(
        self, step: str, messages: list[Message], seed: int
    ) -> tuple[str | None, list[dict[str, Any]], str | None]:
        """Ask, and ask once more with twice the room when the answer was cut off by the token limit.

        Returns the answer (``None`` on a request error), the request records, and a :data:`CUT_OFF`
        problem when the last answer was still cut off: it must not be used.
        """
        answer, record = self._ask_once(step, messages, seed)
        records = [record]
        if answer is None or record.get("finish_reason") != LENGTH:
            return answer, records, None
        limit = self.client.config.max_tokens or (record.get("usage") or {}).get("completion_tokens")
        if limit:
            self.progress(f"{step}: the answer was cut off at {limit} tokens; asking again with room for {2 * limit}")
            answer, record = self._ask_once(step, messages, seed, max_tokens=2 * int(limit))
            records.append(record)
            if answer is None or record.get("finish_reason") != LENGTH:
                return answer, records, None
            limit = 2 * int(limit)
        tokens = f" of {limit} tokens" if limit else ""
        return (
            answer,
            records,
            f"{CUT_OFF} (the token limit{tokens} was reached before it ended), so none of it was used. "
            f"Write a shorter {WHAT.get(step, 'answer')}: leave out comments, explanations and anything the "
            "request does not need.",
        )

    def ask_queries(self, count: int, focus: str | None, existing: list[str], attempt: int = 0) -> QueryBatch:
        """Ask for ``count`` new requests beside ``existing``; an unreadable answer is asked again (``max_repairs``).

        ``attempt``, the number of earlier batches, moves the sampling seed on.
        """
        messages = self.builder.queries(count, focus, existing)
        requests = []
        problem = None
        for repair in range(self.max_repairs + 1):
            answer, records, cut = self._ask("queries", messages, self.seed + attempt + repair)
            requests += records
            if answer is None:
                return QueryBatch([], f"{MODEL_ERROR}: {records[-1].get('error')}", requests)
            if cut is not None:  # a list cut short may end in a request cut in half
                problem = cut
                messages = self.builder.follow_up(messages, answer, "queries", problem=cut)
                continue
            queries, problem = read_queries(answer)
            if queries:
                return QueryBatch(queries, None, requests)
            messages = self.builder.follow_up(messages, answer, "queries", problem=problem or "")
        return QueryBatch([], f"no readable requests after {self.max_repairs + 1} answers: {problem}", requests)

    # -- developing a candidate ---------------------------------------------------------

    def _messages(self, candidate: Candidate, step: str) -> list[Message]:
        if step == "program":
            return self.builder.program(candidate.query)
        if step == "setup":
            return self.builder.setup(candidate.query, candidate.program or "")
        behaviour = str(candidate.facts.get("behaviour", "not observed."))
        return self.builder.evaluation(candidate.query, candidate.program or "", candidate.setup or "", behaviour)

    def _write(self, candidate: Candidate, step: str, feedback: tuple[str, str] | None) -> str | None:
        """Ask for a step's program; returns the problem when no program could be read."""
        messages = self._messages(candidate, step)
        if feedback is not None:
            kind, text = feedback
            previous = candidate.answers.get(step) or fenced(candidate.code(step) or "")
            options = {"comment": text} if kind == "comment" else {"problem": text}
            messages = self.builder.follow_up(messages, previous, step, **options)
        attempt = candidate.attempts.get(step, 0)
        candidate.attempts[step] = attempt + 1
        answer, records, cut = self._ask(step, messages, self.seed + attempt)
        candidate.requests += records
        if answer is None:
            return f"{MODEL_ERROR}: {records[-1].get('error')}"
        candidate.answers[step] = answer
        if cut is not None:  # a function cut short can still parse (a body holding only its docstring) and run
            return cut
        read = read_function(answer, step)
        if read.program is None:
            return f"I could not find the {WHAT[step]} in the answer: {read.problem}."
        setattr(candidate, step, read.program)
        return None

    def check(self, candidate: Candidate, step: str) -> Check:
        """Check a candidate up to ``step`` (its programs up to that step must exist)."""
        apps = list(self.scenario.apps)
        if step == "program":
            return self.checker.check_program(candidate.program or "", apps)
        try:
            task = draft_task(self.scenario, candidate.query, candidate.program or "", candidate.setup or "")
        except ValueError as error:
            return Check(False, step, [f"The task cannot be built: {error}"])
        if step == "setup":
            check = self.checker.check_setup(task)
            if check.ok:
                candidate.facts.update(check.facts)
            return check
        try:
            task = self.task_of(candidate)
        except ValueError as error:
            return Check(False, "evaluation", [f"The task cannot be built: {error}"])
        check = self.checker.check_task(task)
        # every probe one of its evaluations accepted, and every kind of correct variant one rejected (for the trial)
        caught = set(candidate.facts.get("probes_caught", [])) | set(check.facts.get("probes_accepted", []))
        strict = set(candidate.facts.get("variants_caught", [])) | set(check.facts.get("variants_refused", []))
        candidate.facts.update(check.facts)
        candidate.facts["probes_caught"], candidate.facts["variants_caught"] = sorted(caught), sorted(strict)
        return check

    def task_of(self, candidate: Candidate, query_id: str = "1") -> Task:
        """The candidate as a task record, tagged from its program and behaviour (ValueError if incomplete)."""
        if candidate.program is None or candidate.setup is None or candidate.evaluation is None:
            raise ValueError("the task is not complete")
        tags = derive_tags(candidate.program, candidate.facts, list(self.scenario.apps))
        return Task(
            query_id=query_id,
            program=candidate.program,
            query=candidate.query,
            scenario=self.scenario,
            state_generation_programs=[candidate.setup],
            evaluation_programs=[candidate.evaluation],
            tags=tags,
        )

    def develop(
        self,
        candidate: Candidate,
        start: str = "program",
        *,
        feedback: tuple[str, str] | None = None,
        repair: bool = True,
    ) -> Candidate:
        """Write what is missing from ``start`` on, checking each step, repairing what fails; the candidate ends
        ``valid`` or ``invalid`` with the failing check.

        An earlier step whose check failed last time is checked again first. ``feedback``
        (``("comment" or "problem", text)``) asks the ``start`` step again with it; without ``repair``
        (after a person's edit) a failed check goes back to the person.

        Raises:
            GenerationStopped: the spending limit or a client setup error.
        """
        pending: dict[str, tuple[str, str]] = {start: feedback} if feedback else {}
        index = PROGRAM_STEPS.index(start)
        failed = candidate.check
        if failed is not None and not failed.ok and failed.stage in PROGRAM_STEPS:
            # an earlier step that failed its check is checked again first: the steps
            # before ``start`` are taken as checked only when they passed
            index = min(index, PROGRAM_STEPS.index(failed.stage))
        while index < len(PROGRAM_STEPS):
            step = PROGRAM_STEPS[index]
            if candidate.code(step) is None or step in pending:
                self.progress(f"{candidate.id}: writing the {WHAT[step]}")
                problem = self._write(candidate, step, pending.pop(step, None))
                if problem is not None:
                    if is_model_error(problem) or not self._may_repair(candidate, step, repair):
                        return self._fail(candidate, Check(False, step, [problem]))
                    pending[step] = ("problem", problem)
                    continue
            self.progress(f"{candidate.id}: checking the {WHAT[step]}")
            check = self.check(candidate, step)
            candidate.check = check
            if check.ok:
                index += 1
                continue
            # the step the check blames, else the other steps it names, while repairs of them are left
            blamed = next(
                (s for s in (check.stage, *check.also) if self._may_repair(candidate, s, repair)),
                None,
            )
            if blamed is None:
                return self._fail(candidate, check)
            text = check.describe()
            if blamed == "program" and step != "program" and candidate.setup:
                text += f"\n\nThe setup program that builds the world:\n{fenced(candidate.setup)}"
            pending[blamed] = ("problem", text)
            index = PROGRAM_STEPS.index(blamed)
        candidate.status = VALID
        candidate.reason = None
        candidate.updated = now_text()
        return candidate

    def _may_repair(self, candidate: Candidate, step: str, repair: bool) -> bool:
        if not repair or candidate.repairs.get(step, 0) >= self.max_repairs:
            return False
        candidate.repairs[step] = candidate.repairs.get(step, 0) + 1
        return True

    @staticmethod
    def _fail(candidate: Candidate, check: Check) -> Candidate:
        candidate.check = check
        candidate.status = INVALID
        candidate.reason = f"{check.stage}: {check.describe()}"
        candidate.updated = now_text()
        return candidate
