"""Waits between attempts: exponential backoff with jitter, longer when the server's ``Retry-After`` says so."""

from __future__ import annotations

import email.utils
import math
import random
from collections.abc import Mapping
from datetime import UTC, datetime

from .config import RetryPolicy


def parse_retry_after(headers: Mapping[str, str], *, now: datetime | None = None) -> float | None:
    """Seconds the server asks the client to wait, or ``None`` if it does not say.

    Reads ``retry-after-ms`` (sent by OpenAI) first, then ``Retry-After`` as seconds or as an
    HTTP date (one in the past means 0 s); negative, infinite or unreadable values are ignored.
    """
    lowered = {name.lower(): value for name, value in headers.items()}
    for name, scale in (("retry-after-ms", 0.001), ("retry-after", 1.0)):
        value = lowered.get(name)
        if value is None:
            continue
        try:
            seconds = float(value.strip()) * scale
        except ValueError:
            if name == "retry-after":
                return _seconds_until(value, now)
            continue
        if math.isfinite(seconds) and seconds >= 0:
            return seconds
    return None


def _seconds_until(http_date: str, now: datetime | None) -> float | None:
    try:
        when = email.utils.parsedate_to_datetime(http_date.strip())
    except (TypeError, ValueError, IndexError):
        return None
    if when.tzinfo is None:  # HTTP dates are in GMT
        when = when.replace(tzinfo=UTC)
    return max(0.0, (when - (now or datetime.now(UTC))).total_seconds())


def retry_delay(
    policy: RetryPolicy, retry_number: int, retry_after: float | None, rng: random.Random | None = None
) -> float:
    """The wait before retry ``retry_number`` (from 1): the backoff, or the server's ``Retry-After`` if longer.

    The backoff ``d = min(max_backoff_s, initial_backoff_s * multiplier ** (n - 1))`` gets "equal
    jitter" (within ``[d/2, d]``) and is a floor: a server answering ``Retry-After: 0`` on every
    attempt would otherwise be asked ``max_attempts`` times back to back. A longer ``Retry-After``
    gets up to 10% jitter, to spread out threads told the same value at the same time.
    """
    rng = rng or random.Random()
    base = min(policy.max_backoff_s, policy.initial_backoff_s * policy.multiplier ** (retry_number - 1))
    backoff = base / 2 + rng.uniform(0.0, base / 2)
    if retry_after is None:
        return backoff
    return max(backoff, retry_after + rng.uniform(0.0, retry_after * 0.1))
