"""Waits between attempts."""

from __future__ import annotations

import random
from datetime import UTC, datetime

import pytest

from aspera_workbench.llm import RetryPolicy, parse_retry_after, retry_delay

NOW = datetime(2025, 3, 1, 12, 0, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("headers", "seconds"),
    [
        ({"Retry-After": "7"}, 7.0),
        ({"retry-after": "0.5"}, 0.5),
        ({"retry-after-ms": "250"}, 0.25),
        ({"retry-after-ms": "250", "Retry-After": "9"}, 0.25),
        ({"Retry-After": "Sat, 01 Mar 2025 12:00:30 GMT"}, 30.0),
        ({"Retry-After": "Sat, 01 Mar 2025 11:00:00 GMT"}, 0.0),
        ({"retry-after-ms": "soon", "Retry-After": "3"}, 3.0),
        ({"Retry-After": "-4"}, None),
        ({"Retry-After": "whenever"}, None),
        ({}, None),
    ],
)
def test_retry_after_forms(headers, seconds):
    assert parse_retry_after(headers, now=NOW) == seconds


def test_backoff_grows_is_capped_and_stays_within_its_jitter_band():
    policy = RetryPolicy(initial_backoff_s=1.0, multiplier=2.0, max_backoff_s=5.0)
    rng = random.Random(0)

    for retry, full in [(1, 1.0), (2, 2.0), (3, 4.0), (4, 5.0), (10, 5.0)]:
        waits = [retry_delay(policy, retry, None, rng) for _ in range(200)]
        assert min(waits) >= full / 2
        assert max(waits) <= full
        assert max(waits) - min(waits) > full / 4  # jittered, not constant


@pytest.mark.parametrize("retry_after", [None, 0.0, 0.01])
def test_a_missing_or_short_retry_after_waits_at_least_the_backoff(retry_after):
    policy = RetryPolicy(initial_backoff_s=1.0, multiplier=2.0, max_backoff_s=60.0)
    rng = random.Random(0)

    for retry, full in [(1, 1.0), (2, 2.0), (3, 4.0)]:
        waits = [retry_delay(policy, retry, retry_after, rng) for _ in range(100)]
        assert min(waits) >= full / 2


def test_a_longer_retry_after_is_honoured_with_its_jitter():
    policy = RetryPolicy(initial_backoff_s=1.0, multiplier=2.0, max_backoff_s=60.0)
    rng = random.Random(0)

    waits = [retry_delay(policy, 1, 7.0, rng) for _ in range(100)]
    assert min(waits) >= 7.0 and max(waits) <= 7.7
