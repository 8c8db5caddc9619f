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

    Reads ``retry-after-ms`` (milliseconds, sent by OpenAI) first, then ``Retry-After`` as
    seconds or as an HTTP date. A date in the past means "now" (0 s); values that are
    negative, not finite or unreadable are ignored.

    Args:
        headers: Response headers (names compared without case).
        now: The current time, for HTTP dates (default: now, UTC).
    """
    lowered = {name.lower(): value for name, value in headers.items()}
    for name, scale in (("retry-after-ms", 0.001), ("retry-after", 1.0)):
        value = lowered.get(name)
        if value is None:
            continue
        try:
            seconds = float(value.strip()) * scale
        except ValueError:
            seconds = None
        if seconds is not None:
            if math.isfinite(seconds) and seconds >= 0:
                return seconds
            continue
        if name == "retry-after":
            return _seconds_until(value, now)
    return None


def _seconds_until(http_date: str, now: datetime | None) -> float | None:
    try:
        when = email.utils.parsedate_to_datetime(http_date.strip())
    except (TypeError, ValueError, IndexError):
        return None
    if when.tzinfo is None:  # HTTP dates are in GMT
        when = when.replace(tzinfo=UTC)
    now = now or datetime.now(UTC)
    return max(0.0, (when - now).total_seconds())


def backoff_delay(policy: RetryPolicy, retry_number: int, rng: random.Random | None = None) -> float:
    """The wait before retry ``retry_number`` (1 for the first retry) when the server gives none.

    ``d = min(max_backoff_s, initial_backoff_s * multiplier ** (retry_number - 1))``, then
    "equal jitter": ``d / 2 + uniform(0, d / 2)``, so the wait stays within ``[d/2, d]``.
    """
    base = min(policy.max_backoff_s, policy.initial_backoff_s * policy.multiplier ** (retry_number - 1))
    draw = (rng or random).uniform(0.0, base / 2)
    return base / 2 + draw


def retry_after_delay(seconds: float, rng: random.Random | None = None) -> float:
    """The wait for a server-given ``Retry-After``: the value plus up to 10% jitter.

    The jitter spreads out threads that were all told the same value at the same time.
    """
    return seconds + (rng or random).uniform(0.0, seconds * 0.1)


def retry_delay(
    policy: RetryPolicy, retry_number: int, retry_after: float | None, rng: random.Random | None = None
) -> float:
    """The wait before retry ``retry_number``: the backoff, or the server's ``Retry-After`` if longer.

    The backoff schedule is a floor: a server answering ``Retry-After: 0`` (or a date in the
    past) on every attempt would otherwise be asked ``max_attempts`` times back to back,
    which only adds to its load. A longer ``Retry-After`` is honoured (with its jitter); the
    caller still bounds the total wait by ``max_total_wait_s``.
    """
    backoff = backoff_delay(policy, retry_number, rng)
    if retry_after is None:
        return backoff
    return max(backoff, retry_after_delay(retry_after, rng))
