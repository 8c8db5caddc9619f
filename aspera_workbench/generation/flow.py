"""The decisions of a generation session, for a person (the notebook's widget) or the batch mode.

Every decision and every change of a candidate is appended to the session file before the method
returns, so a session can stop at any point and continue later. Only a fully validated task can be
accepted; :meth:`GenerationFlow.run_batch` accepts what passes every check and rejects the rest.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from aspera_core import __version__
from aspera_core.tasks import Task
from aspera_core.wording import count
from aspera_workbench.generation.answers import read_function
from aspera_workbench.generation.candidate import (
    ACCEPTED,
    INVALID,
    LEFT_OPEN,
    NEW,
    OPEN,
    REJECTED,
    VALID,
    Candidate,
    is_model_error,
    now_text,
)
from aspera_workbench.generation.diversity import diversity_frame
from aspera_workbench.generation.generation_engine import GenerationStopped, TaskGenerator
from aspera_workbench.generation.prompts import PROGRAM_STEPS
from aspera_workbench.generation.session import SessionLog
from aspera_workbench.generation.task_writer import (
    GeneratedTask,
    RepeatedRequest,
    TaskSetTarget,
    normalise_query,
    read_provenance,
)

#: What a person may edit.
EDITABLE = ("query", *PROGRAM_STEPS)
#: Wrong programs kept per task (mutants its evaluation program rejected).
WRONG_KEPT = 3


class DecisionError(ValueError):
    """A decision that cannot be taken (an unknown candidate, accepting a task that failed a check...)."""


def read_program(text: str, step: str) -> str:
    """The program a person typed for ``step``, imports and helpers folded in (DecisionError if unreadable)."""
    read = read_function(text, step)
    if read.program is None:
        raise DecisionError(f"the {step} cannot be used: {read.problem}")
    return read.program


@dataclass(frozen=True)
class Round:
    """One round of batch generation (see :class:`~aspera_workbench.generation.RoundParams`)."""

    focus: str | None
    tasks: int
    max_queries: int


@dataclass
class BatchReport:
    """What a batch run did; :meth:`describe` says it in words. Requests are the user requests proposed."""

    accepted: list[str] = field(default_factory=list)  # task ids written, in order
    rejected: list[tuple[str, str]] = field(default_factory=list)  # (request, reason), repeats included
    # (batch, problem) of answers that proposed no request: each used up a try of its round
    failed_calls: list[tuple[str, str]] = field(default_factory=list)
    # (request, problem): the model did not answer for one of its programs; the next run asks again
    unanswered: list[tuple[str, str]] = field(default_factory=list)
    # (batch, problem) of calls for requests that got no answer: each stopped its round, using up no try
    unanswered_calls: list[tuple[str, str]] = field(default_factory=list)
    proposal_calls: int = 0
    stopped: str | None = None  # why the run stopped early (the spending limit...)
    rounds: list[dict[str, Any]] = field(default_factory=list)  # focus, tasks wanted, accepted, tried
    dropped: int = 0  # how many of rejected repeated a known request
    # proposed this run, left as proposed (their round was full): a later round of their focus takes them up
    not_processed: list[str] = field(default_factory=list)
    waiting: list[str] = field(default_factory=list)  # proposed in earlier runs, still not processed

    @property
    def tried(self) -> int:
        """Proposed user requests this run dealt with: kept, not kept, left open or not processed (each once)."""
        return len(self.accepted) + len(self.rejected) + len(self.unanswered) + len(self.not_processed)

    def describe(self) -> str:
        """A few lines for a log: what was kept and why the rest was not."""
        tried = self.tried
        lines = [
            f"{len(self.accepted)} of {tried} proposed user requests became tasks ({', '.join(self.accepted) or 'none'})"
            + (
                f"; {self.dropped} of the {tried} repeated a known request and were dropped before any program was written"
                if self.dropped
                else ""
            )
            if tried
            else "no user request was proposed in this run"
        ]
        if self.unanswered:
            lines.append(
                f"{len(self.unanswered)} of {tried} proposed user requests left open: the model did not answer "
                "for one of their programs (the next run asks again)"
            )
        if self.not_processed:
            lines.append(
                f"{len(self.not_processed)} of {tried} proposed user requests were not processed: "
                + ("the run stopped, or " if self.stopped else "")
                + "their round had its tasks before their turn came (they stay in the session; a later run takes "
                "them up only for a round of their focus that wants more tasks)"
            )
        if self.waiting:
            lines.append(
                f"{count(len(self.waiting), 'user request')} proposed in earlier runs still not processed: no round "
                "of this run wanted more tasks of their focus (not counted above)"
            )
        if self.unanswered_calls:
            lines.append(
                f"{len(self.unanswered_calls)} of {self.proposal_calls} model calls proposing user requests "
                "failed (the model did not answer, after its retries; each stopped its round): the next run asks again"
            )
        if self.failed_calls and self.proposal_calls:
            lines.append(
                f"{len(self.failed_calls)} of {self.proposal_calls} model calls proposing user requests proposed none"
            )
        elif self.failed_calls:  # (a report built by hand, without the calls counted)
            lines.append(f"{count(len(self.failed_calls), 'model call')} proposed no user request")
        for round_ in self.rounds:
            lines.append(
                f"round {round_['round']} ({round_['focus'] or 'no focus'}): {round_['accepted']} of "
                f"{round_['tasks']} tasks wanted, after {round_['tried']} tries (one per user request asked for, "
                "or per answer that proposed none)"
            )
        lines += [f"not kept: {query} -- {reason}" for query, reason in self.rejected]
        lines += [f"left open: {query} -- {problem}" for query, problem in self.unanswered]
        lines += [f"not processed: {query}" for query in self.not_processed]
        lines += [f"model call for {batch}: {problem}" for batch, problem in self.failed_calls]
        lines += [f"model call for {batch} failed: {problem}" for batch, problem in self.unanswered_calls]
        if self.stopped:
            lines.append(f"stopped early: {self.stopped}")
        return "\n".join(lines)


class GenerationFlow:
    """A generation session: proposals, checks, decisions, and the task set they go into.

    ``log``'s replayed state is the session's state; ``reference_queries`` are ``(request, where it
    is)`` of other sets that a new request must not repeat; ``on_close`` stops the sandbox.
    """

    def __init__(
        self,
        generator: TaskGenerator,
        log: SessionLog,
        target: TaskSetTarget,
        *,
        provenance: dict[str, Any] | None = None,
        reference_queries: Sequence[tuple[str, str]] = (),
        per_request: int = 5,
        rounds: Sequence[Round] = (),
        on_close: Callable[[], None] | None = None,
    ) -> None:
        self.generator = generator
        self.log = log
        self.target = target
        self.provenance = dict(provenance or {})
        self.reference_queries = list(reference_queries)
        self.per_request = per_request
        self.rounds = list(rounds)
        self._on_close = on_close

    def close(self) -> None:
        """Stop the session's sandbox and let go of its session file (which holds everything; it can be reopened)."""
        self.log.close()
        if self._on_close is not None:
            self._on_close()
            self._on_close = None

    def __enter__(self) -> GenerationFlow:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    # -- state ------------------------------------------------------------------------

    @property
    def candidates(self) -> list[Candidate]:
        """Every candidate of the session, in the order proposed."""
        return list(self.log.state.candidates.values())

    def candidate(self, candidate_id: str) -> Candidate:
        """A candidate by id (DecisionError if there is none)."""
        try:
            return self.log.state.candidates[candidate_id]
        except KeyError:
            raise DecisionError(f"no candidate {candidate_id!r} in this session") from None

    def open_candidates(self) -> list[Candidate]:
        """Candidates waiting for a decision."""
        return [c for c in self.candidates if c.status in OPEN]

    def accepted(self) -> list[Candidate]:
        """Accepted candidates, in the order they were written."""
        done = [c for c in self.candidates if c.status == ACCEPTED]
        return sorted(done, key=lambda c: int(c.task_id or 0))

    def counts(self) -> dict[str, int]:
        """Candidates per status."""
        return dict(Counter(candidate.status for candidate in self.candidates))

    def requests(self) -> list[dict[str, Any]]:
        """Every model request of the session so far (query batches and candidates), as recorded."""
        found = [request for batch in self.log.state.batches for request in batch.get("requests", [])]
        return found + [request for candidate in self.candidates for request in candidate.requests]

    def summary(self) -> str:
        """One line: proposed user requests by status and the session's model calls and spend.

        Those invalid only for a model error are counted apart, as :data:`LEFT_OPEN`: they failed no check.
        """
        counts = self.counts()
        left_open = sum(candidate.unanswered for candidate in self.candidates)
        counts[INVALID] = counts.get(INVALID, 0) - left_open
        parts = ", ".join(f"{counts.get(s, 0)} {s}" for s in (ACCEPTED, REJECTED, VALID, INVALID, NEW))
        if left_open:
            parts += f", {left_open} {LEFT_OPEN}"
        requests = self.requests()
        cached = sum(bool(request.get("cached")) for request in requests)
        spent = sum(float(request.get("spent_usd") or 0.0) for request in requests)
        answered = [request for request in requests if request.get("error") is None]
        unpriced = sum(1 for request in answered if request.get("cost_usd") is None)
        budget = self.generator.client.budget
        limit = budget.max_cost_usd if budget is not None else None
        if answered and unpriced == len(answered) and not spent:  # $0 would be a wrong number
            spend = f"spend unknown: {count(len(answered), 'answered model call')}, none of known cost"
        else:
            spend = f"${spent:.4f} spent" + (f" ({unpriced} answered of unknown cost not included)" if unpriced else "")
        spend += f" (limit ${limit:.2f} per run)" if limit is not None else ""
        return (
            f"{count(len(self.candidates), 'user request')} taken up in this session (repeats dropped): {parts}; {count(len(requests), 'model call')} in this session "
            f"({cached} answered from the cache), {spend}"
        )

    def _known(self) -> dict[str, str]:
        known = {normalise_query(query): where for query, where in self.reference_queries}
        known.update({key: f"task {value} of {self.target.root}" for key, value in self.target.known_queries().items()})
        for candidate in self.candidates:  # rejected ones too: asking again would cost the same again
            known.setdefault(normalise_query(candidate.query), f"candidate {candidate.id} of this session")
        return known

    def _save(self, candidate: Candidate) -> None:
        candidate.updated = now_text()
        self.log.snapshot(candidate)

    def _develop(self, candidate: Candidate, *args: Any, **options: Any) -> Candidate:
        """The engine's :meth:`~TaskGenerator.develop`, the candidate saved even when the engine stops."""
        try:
            return self.generator.develop(candidate, *args, **options)
        finally:
            self._save(candidate)

    def diversity(self) -> Any:
        """The marginal diversity of the accepted tasks over the rest of the target set (:func:`diversity_frame`)."""
        accepted = self.accepted()
        mine = {candidate.task_id for candidate in accepted}
        base = [task for task in self.target.existing() if task.query_id not in mine]
        return diversity_frame(base, accepted)

    # -- proposing and preparing ----------------------------------------------------------

    def propose(self, count: int, focus: str | None = None) -> list[Candidate]:
        """Ask the model for ``count`` new requests (status ``new``); repeats of known ones are dropped with a reason.

        Raises:
            GenerationStopped: the spending limit or a client setup error.
        """
        number = len(self.log.state.batches) + 1
        known = self._known()
        existing = [query for query, _ in self.reference_queries]
        existing += [task.query for task in self.target.existing()] + [c.query for c in self.candidates]
        batch = self.generator.ask_queries(count, focus, existing, attempt=number - 1)
        new: list[Candidate] = []
        dropped = []
        next_number = len(self.log.state.candidates) + 1
        for query in batch.queries:
            key = normalise_query(query)
            if key in known:
                dropped.append({"query": query, "reason": f"repeats the request of {known[key]}"})
                continue
            known[key] = "an earlier request of this batch"
            new.append(Candidate(id=f"c{next_number + len(new):04d}", query=query, focus=focus, batch=number))
        self.log.append(
            {
                "event": "batch",
                "batch": number,
                "focus": focus,
                "asked": count,
                "queries": batch.queries,
                "dropped": dropped,
                "problem": batch.problem,
                "requests": batch.requests,
            }
        )
        for candidate in new:
            self._save(candidate)
        return new

    def prepare(self, candidate_id: str) -> Candidate:
        """Write and check a new candidate's programs (one already prepared is left alone); what was done is saved."""
        candidate = self.candidate(candidate_id)
        if candidate.status != NEW:
            return candidate
        return self._develop(candidate)

    # -- decisions --------------------------------------------------------------------------

    def accept(self, candidate_id: str, by: str = "person") -> Task:
        """Write a validated candidate into the task set; returns the task as written (with its id).

        ``by`` (``person`` or ``batch``) goes into the provenance. An accept cut short after the task
        was written (the session does not record it) is completed without writing the task again.

        Raises:
            DecisionError: no such candidate, or it is not a validated, undecided task.
            TaskFormatError: its request repeats one of the set (``RepeatedRequest``),
                or the set does not load or build (nothing written).
            OSError: a file of the user's is where the task's files would go (nothing written).
        """
        candidate = self.candidate(candidate_id)
        if candidate.status != VALID:
            why = f": {candidate.reason}" if candidate.reason else ""
            raise DecisionError(
                f"candidate {candidate_id} is {candidate.status}, only a valid task can be accepted{why}"
            )
        written = self._written_before(candidate)
        if written is None:
            accepted_at = now_text()
            task = self.generator.task_of(candidate).model_copy(update={"timestamp": accepted_at})
            wrong = [(m["description"], m["program"]) for m in candidate.facts.get("rejected_mutants", [])[:WRONG_KEPT]]
            item = GeneratedTask(task, self._provenance(candidate, by, accepted_at), wrong)
            written = self.target.write([item])[0]
        candidate.status = ACCEPTED
        candidate.task_id = written.query_id
        self.log.decision(candidate, "accept", by)
        self._save(candidate)
        self.log.append(
            {
                "event": "written",
                "candidate": candidate.id,
                "task_id": written.query_id,
                "target": str(self.target.root),
            }
        )
        return written

    def _written_before(self, candidate: Candidate) -> Task | None:
        """The set's task written from this candidate by an accept the session did not record (a crash)."""
        key = normalise_query(candidate.query)
        for task in self.target.existing():
            if normalise_query(task.query) != key:
                continue
            made = read_provenance(task, self.target.root) or {}
            if (made.get("session"), made.get("candidate"), made.get("proposed")) == (
                self.log.path.name,
                candidate.id,
                candidate.created,
            ):
                return task
        return None

    def reject(self, candidate_id: str, reason: str = "", by: str = "person") -> Candidate:
        """Set a candidate aside, with the reason (DecisionError if it was accepted already)."""
        candidate = self.candidate(candidate_id)
        if candidate.status == ACCEPTED:
            raise DecisionError(f"candidate {candidate_id} was accepted already (task {candidate.task_id})")
        candidate.status = REJECTED
        candidate.reason = reason or candidate.reason or "rejected"
        self.log.decision(candidate, "reject", by, reason=candidate.reason)
        self._save(candidate)
        return candidate

    def edit(self, candidate_id: str, step: str, text: str, by: str = "person") -> Candidate:
        """Put a person's text in place of the request or a program (``step``), then check the task again.

        The model is not asked: whatever the checks find goes back to the person.

        Raises:
            DecisionError: unknown candidate or step, a decided candidate, a
                request that repeats a known one, or a program that cannot be read.
        """
        candidate = self._undecided(candidate_id)
        if step not in EDITABLE:
            raise DecisionError(f"cannot edit {step!r}; editable: {', '.join(EDITABLE)}")
        if step == "query":
            query = " ".join(text.split())
            if not query:
                raise DecisionError("the request is empty")
            known = self._known()
            known.pop(normalise_query(candidate.query), None)
            if normalise_query(query) in known:
                raise DecisionError(f"the request repeats the request of {known[normalise_query(query)]}")
            candidate.query = query
            start = "program"
        else:
            setattr(candidate, step, read_program(text, step))
            start = step
        if step not in candidate.edited:
            candidate.edited.append(step)
        candidate.repairs = {}
        self.log.decision(candidate, "edit", by, step=step)
        if all(candidate.code(s) is not None for s in PROGRAM_STEPS[: PROGRAM_STEPS.index(start) + 1]):
            return self._develop(candidate, start, repair=False)
        self._save(candidate)
        return candidate

    def regenerate(self, candidate_id: str, step: str = "program", comment: str = "", by: str = "person") -> Candidate:
        """Ask the model for one step again (with the comment, if any), and write the later steps afresh.

        Raises:
            DecisionError: unknown candidate or step, or a decided candidate.
            GenerationStopped: the spending limit or a client setup error.
        """
        candidate = self._undecided(candidate_id)
        if step not in PROGRAM_STEPS:
            raise DecisionError(f"cannot regenerate {step!r}; steps: {', '.join(PROGRAM_STEPS)}")
        for later in PROGRAM_STEPS[PROGRAM_STEPS.index(step) + 1 :]:
            setattr(candidate, later, None)
            candidate.answers.pop(later, None)
        candidate.repairs = {}
        feedback = None
        if comment.strip():
            candidate.comments.append(f"{step}: {comment.strip()}")
            if candidate.code(step) is not None or candidate.answers.get(step):
                feedback = ("comment", comment.strip())
        if feedback is None:
            setattr(candidate, step, None)
        self.log.decision(candidate, "regenerate", by, step=step, comment=comment.strip())
        return self._develop(candidate, step, feedback=feedback)

    def _undecided(self, candidate_id: str) -> Candidate:
        candidate = self.candidate(candidate_id)
        if candidate.status in (ACCEPTED, REJECTED):
            raise DecisionError(f"candidate {candidate_id} was {candidate.status} already")
        return candidate

    def _provenance(self, candidate: Candidate, by: str, accepted_at: str) -> dict[str, Any]:
        mutants = candidate.facts.get("mutants") or {}
        checks = "reference passes; noop fails; handback fails"
        if candidate.expects_handback:
            checks += " (the evaluation checks what the hand-back says)"
        probes = candidate.facts.get("probes") or {}
        if probes:
            checks += f"; {probes.get('tried', 0)} of {probes.get('tried', 0)} shortcut probes fail"
        if mutants:
            checks += (
                f"; {mutants.get('rejected', 0)} of {mutants.get('tried', 0)} mutants rejected, "
                f"{mutants.get('change_nothing', 0)} change nothing here"
            )
        rewrites = candidate.facts.get("rewrites") or {}
        if rewrites:
            checks += f"; {rewrites.get('tried', 0) - rewrites.get('refused', 0)} of {rewrites.get('tried', 0)} rewrites accepted"
        return {
            "generator": f"aspera-workbench {__version__}",
            **self.provenance,
            "templates": self.generator.template_version,
            "focus": candidate.focus or "",
            "batch": str(candidate.batch),
            "session": self.log.path.name,
            "candidate": candidate.id,
            "proposed": candidate.created,
            "accepted": accepted_at,
            "accepted_by": by,
            "edited_by_person": ", ".join(candidate.edited) if candidate.edited else "no",
            **({"comments": list(candidate.comments)} if candidate.comments else {}),
            "repairs": ", ".join(f"{step} {candidate.repairs.get(step, 0)}" for step in PROGRAM_STEPS),
            "requests": str(len(candidate.requests)),
            # null, not 0, when a model without a price answered (the session line says "spend unknown")
            "spent_usd": None if candidate.spent_usd is None else f"{candidate.spent_usd:.6f}",
            "checks": checks,
        }

    # -- batch mode -------------------------------------------------------------------------

    def _settle(self, candidate: Candidate, report: BatchReport) -> None:
        """Prepare a candidate and decide it as the batch mode does.

        A model error says nothing about the request: the candidate stays open for the next run.
        """
        if candidate.unanswered:
            self._develop(candidate, candidate.check.stage)  # type: ignore[union-attr]
        else:
            self.prepare(candidate.id)
        if candidate.unanswered:
            report.unanswered.append((candidate.query, candidate.reason or ""))
            return
        if candidate.status == VALID:
            try:
                report.accepted.append(self.accept(candidate.id, by="batch").query_id)
                return
            except RepeatedRequest as error:  # a repeat found only now: another writer changed the set
                self.reject(candidate.id, str(error), by="batch")
            # any other error of writing (a set that stopped loading, a file in the way) stops
            # the run: the candidate stays valid, to be written once the set is fixed
        else:
            self.reject(candidate.id, candidate.reason or "failed a check", by="batch")
        report.rejected.append((candidate.query, candidate.reason or ""))

    def run_batch(
        self, rounds: Sequence[Round] | None = None, progress: Callable[[str], None] | None = None
    ) -> BatchReport:
        """Generate without a person (default rounds: :attr:`rounds`): keep what passes every check, reject the rest.

        Candidates an interrupted run left undecided are settled first; a round counts the tasks and
        tries its focus already has in this session, so running the same rounds again continues
        them. A call for requests the model did not answer stops its round and uses up no try.
        """
        say = progress or (lambda line: None)
        rounds = self.rounds if rounds is None else rounds
        report = BatchReport()
        proposed_here: set[str] = set()
        try:
            for candidate in self.open_candidates():
                if candidate.status != NEW:  # checked, or cut short by an interruption: decided now
                    self._settle(candidate, report)
            for number, round_ in enumerate(rounds, start=1):
                accepted = sum(c.status == ACCEPTED for c in self.candidates if c.focus == round_.focus)
                tried = sum(_tries(b) for b in self.log.state.batches if b.get("focus") == round_.focus)
                # proposals an earlier run left unprocessed come first: their tries are used up already
                for candidate in [c for c in self.candidates if c.status == NEW and c.focus == round_.focus]:
                    if accepted >= round_.tasks:
                        break
                    say(f"{candidate.id}: {candidate.query} (proposed in an earlier run)")
                    self._settle(candidate, report)
                    accepted += candidate.status == ACCEPTED
                while accepted < round_.tasks and tried < round_.max_queries:
                    ask = min(self.per_request, round_.max_queries - tried)
                    say(
                        f"round {number}: asking for {count(ask, 'user request')} ({accepted} of {round_.tasks} tasks so far)"
                    )
                    before = len(self.log.state.batches)
                    new = self.propose(ask, round_.focus)
                    proposed_here.update(c.id for c in new)
                    report.proposal_calls += 1
                    batch = self.log.state.batches[before] if len(self.log.state.batches) > before else {}
                    report.rejected += [(d["query"], d["reason"]) for d in batch.get("dropped", [])]
                    report.dropped += len(batch.get("dropped", []))
                    tried += _tries(batch)
                    if is_model_error(batch.get("problem")):  # the endpoint is failing: asking on would fail too
                        report.unanswered_calls.append((f"batch {batch.get('batch')}", str(batch["problem"])))
                        say(f"round {number}: the model did not answer ({batch['problem']}); the next run asks again")
                        break
                    if batch.get("problem"):
                        report.failed_calls.append((f"batch {batch.get('batch')}", str(batch["problem"])))
                    for position, candidate in enumerate(new):
                        if accepted >= round_.tasks:
                            report.not_processed += [c.query for c in new[position:]]
                            say(f"round {number}: full; {count(len(new) - position, 'proposal')} left not processed")
                            break
                        say(f"{candidate.id}: {candidate.query}")
                        self._settle(candidate, report)
                        accepted += candidate.status == ACCEPTED
                        say(
                            f"{candidate.id}: {candidate.shown_status}"
                            + (f" as task {candidate.task_id}" if candidate.task_id else f" ({candidate.reason})")
                        )
                report.rounds.append(
                    {
                        "round": number,
                        "focus": round_.focus,
                        "tasks": round_.tasks,
                        "accepted": accepted,
                        "tried": tried,
                    }
                )
        except GenerationStopped as error:
            report.stopped = str(error)
        if report.stopped:  # the proposals of the batch cut short count with this run's
            report.not_processed += [
                c.query
                for c in self.candidates
                if c.status == NEW and c.id in proposed_here and c.query not in report.not_processed
            ]
        report.waiting = [c.query for c in self.candidates if c.status == NEW and c.id not in proposed_here]
        return report


def _tries(batch: dict[str, Any]) -> int:
    """The tries a recorded batch used up: one per request, one for an answer without any, none for no answer."""
    queries = batch.get("queries") or []
    if not queries and is_model_error(batch.get("problem")):
        return 0
    return max(len(queries), 1)
