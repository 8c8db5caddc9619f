"""Spend tracking shared by every call of a run, with an optional dollar limit.

The limit is checked before each request is sent, and the cost of an answer is known only
once it arrives. So when the limit is crossed, requests already in flight still complete
(and are counted): the final spend can exceed ``max_cost_usd`` by at most the cost of the
calls in flight at that moment, i.e. at most ``concurrency`` times the dearest single call.
Answers from the cache cost nothing now and never use up the limit.
"""

from __future__ import annotations

import threading

from pydantic import BaseModel, ConfigDict

from aspera_core.wording import count

from .errors import BudgetExceededError, PriceUnknownError
from .result import Completion


class SpendReport(BaseModel):
    """What a run's calls used so far (docs/llm.md); token and dollar figures count answered calls, not cache hits.

    Attributes:
        answers_without_usage: Answered calls whose endpoint reported no token counts; the token
            figures leave them out and say so.
        cached_cost_usd: Original cost of the answers served from the cache (known prices).
        unpriced_answers: Answers (fresh or cached) whose cost is unknown; the dollar figures leave them out.
        in_flight: Calls sent and not yet answered or failed; their cost is counted when they
            arrive (so the spend can still grow after the limit refused a request).
        exhausted: The limit is reached: new requests are refused.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    requests_answered: int = 0
    cache_hits: int = 0
    requests_failed: int = 0
    attempts: int = 0
    answers_without_usage: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    total_tokens: int = 0
    cost_usd: float = 0.0
    cached_cost_usd: float = 0.0
    unpriced_answers: int = 0
    in_flight: int = 0
    max_cost_usd: float | None = None
    exhausted: bool = False

    def describe(self) -> str:
        """One line for a run's log, every number with what it counts."""
        calls = self.requests_answered + self.cache_hits + self.requests_failed
        line = (
            f"{count(calls, 'model call')}: {self.requests_answered} answered, {self.cache_hits} from cache, "
            f"{self.requests_failed} failed ({count(self.attempts, 'request')} sent); "
            f"{self.prompt_tokens} prompt + {self.completion_tokens} completion tokens{self._token_scope()}; "
        )
        unpriced_only = self.requests_answered and not self.cost_usd and self.unpriced_answers >= self.requests_answered
        if unpriced_only:  # no answer of known cost: a dollar figure of 0 would be a wrong number
            line += f"spend unknown: {count(self.requests_answered, 'answered call')}, none of known cost"
        else:
            line += f"{dollars(self.cost_usd)} spent on {count(self.requests_answered, 'answered call')}"
        if self.max_cost_usd is not None:
            line += f" of {dollars(self.max_cost_usd)} allowed"
        if self.in_flight:
            line += f"; {self.in_flight} in flight (not counted yet)"
        if self.unpriced_answers and not unpriced_only:
            line += f" ({count(self.unpriced_answers, 'answer')} of unknown cost not included)"
        return line

    def _token_scope(self) -> str:
        """Which answered calls the token figures cover, when some reported no counts."""
        if not self.answers_without_usage:
            return ""
        known = self.requests_answered - self.answers_without_usage
        return (
            f" of {known} of {count(self.requests_answered, 'answered call')} "
            f"({self.answers_without_usage} without token counts)"
        )


def dollars(amount: float) -> str:
    """A dollar amount for people: cents for large sums, more digits for small ones."""
    if amount >= 1 or amount == 0:
        return f"${amount:.2f}"
    return f"${amount:.4f}" if amount >= 0.01 else f"${amount:.6f}"


class Budget:
    """A thread-safe account of the spend of one run, shared by all its calls.

    ``max_cost_usd``: dollars the run may spend; ``None`` for no limit (spend is still counted).
    """

    def __init__(self, max_cost_usd: float | None = None) -> None:
        if max_cost_usd is not None and max_cost_usd < 0:
            raise ValueError(f"max_cost_usd must be >= 0, got {max_cost_usd}")
        self.max_cost_usd = max_cost_usd
        self._lock = threading.Lock()
        self._report = SpendReport(max_cost_usd=max_cost_usd)
        self._counts = self._report.model_dump()
        # Why the spend became unknown (a fresh answer of unknown cost under a limit), or None.
        self._unknown_spend: str | None = None

    @property
    def has_limit(self) -> bool:
        """A dollar limit is set."""
        return self.max_cost_usd is not None

    def check(self, *, model: str, base_url: str) -> None:
        """Allow a request (for ``model`` at ``base_url``, named in the errors) to be sent, or refuse it.

        Raises:
            BudgetExceededError: the spend has reached ``max_cost_usd``.
            PriceUnknownError: a limit is set and an answer of unknown cost arrived (the
                endpoint reported no token usage, say): the spend is no longer known.
        """
        with self._lock:
            spent = self._counts["cost_usd"]
            answered = self._counts["requests_answered"]
            in_flight = self._counts["in_flight"]
            unknown = self._unknown_spend
        if self.max_cost_usd is not None and unknown is not None:
            raise PriceUnknownError(
                f"a spend limit of {dollars(self.max_cost_usd)} is set but an answer's cost is unknown ({unknown}); "
                f"the limit cannot be enforced, so the request for model {model!r} at {base_url} was not sent "
                "(run without a spending limit to go on)",
                model=model,
                base_url=base_url,
            )
        if self.max_cost_usd is not None and spent >= self.max_cost_usd:
            # The figures of this moment: calls in flight arrive later and are counted then, so the
            # run's final spend can be higher; saying how many keeps the two figures reconcilable.
            flying = f"; {in_flight} more in flight (counted when they arrive)" if in_flight else ""
            raise BudgetExceededError(
                f"spend limit reached: {dollars(spent)} spent on {count(answered, 'answered call')} "
                f"of {dollars(self.max_cost_usd)} allowed{flying}; request for model {model!r} at {base_url} not sent",
                model=model,
                base_url=base_url,
                spent_usd=spent,
                max_cost_usd=self.max_cost_usd,
            )

    def call_started(self) -> None:
        """Count a call whose first request is about to be sent (in flight until recorded)."""
        with self._lock:
            self._counts["in_flight"] += 1

    def call_abandoned(self) -> None:
        """A call in flight ended without an answer or a counted failure (refused before a retry)."""
        with self._lock:
            self._counts["in_flight"] = max(0, self._counts["in_flight"] - 1)

    def record(self, completion: Completion) -> None:
        """Count an answer (fresh or from the cache)."""
        with self._lock:
            counts = self._counts
            if not completion.cached:
                counts["in_flight"] = max(0, counts["in_flight"] - 1)
            if completion.cost_usd is None:
                counts["unpriced_answers"] += 1
                if not completion.cached and self._unknown_spend is None:
                    self._unknown_spend = completion.cost_note or "cost unknown"
            if completion.cached:
                counts["cache_hits"] += 1
                counts["cached_cost_usd"] += completion.cost_usd or 0.0
                return
            counts["requests_answered"] += 1
            counts["attempts"] += completion.attempts
            if completion.usage is not None:
                counts["prompt_tokens"] += completion.usage.prompt_tokens
                counts["completion_tokens"] += completion.usage.completion_tokens
                counts["total_tokens"] += completion.usage.total_tokens
            else:
                counts["answers_without_usage"] += 1
            counts["cost_usd"] += completion.spent_usd or 0.0

    def record_failure(self, attempts: int) -> None:
        """Count a call that ended in an error after ``attempts`` requests."""
        with self._lock:
            self._counts["requests_failed"] += 1
            self._counts["attempts"] += attempts
            self._counts["in_flight"] = max(0, self._counts["in_flight"] - 1)

    @property
    def unknown_spend(self) -> str | None:
        """Under a limit: why the spend became unknown (an answer of unknown cost arrived), else ``None``."""
        with self._lock:
            return self._unknown_spend if self.max_cost_usd is not None else None

    @property
    def spent_usd(self) -> float:
        """Dollars spent so far."""
        with self._lock:
            return self._counts["cost_usd"]

    def report(self) -> SpendReport:
        """A snapshot of the counts."""
        with self._lock:
            counts = dict(self._counts)
        counts["exhausted"] = self.max_cost_usd is not None and counts["cost_usd"] >= self.max_cost_usd
        return SpendReport(**counts)
