"""Wilson score intervals of a rate: the interval every success rate of the workbench is shown with."""

from __future__ import annotations

import math
from statistics import NormalDist


def wilson_interval(successes: int, n: int, confidence: float = 0.95) -> tuple[float, float]:
    """Wilson score interval of ``successes / n``: unlike the normal approximation it stays inside
    [0, 1] and is sensible at 0 % and 100 %, which small runs often hit. ``(nan, nan)`` for ``n`` 0.

    Raises:
        ValueError: ``successes`` is not within ``0..n`` or ``confidence`` not in (0, 1).
    """
    if not 0 <= successes <= n:
        raise ValueError(f"successes must be between 0 and n={n}, got {successes}")
    if n == 0:
        if not 0 < confidence < 1:
            raise ValueError(f"confidence must be between 0 and 1, got {confidence}")
        return (math.nan, math.nan)
    return wilson_bounds(successes / n, n, confidence)


def wilson_bounds(rate: float, n: float, confidence: float = 0.95) -> tuple[float, float]:
    """The Wilson score interval of a rate on a sample of size ``n``, which may be an effective,
    non-integer size (:func:`aspera_workbench.analysis.statistics.success_interval`).

    Raises:
        ValueError: ``rate`` is not in [0, 1], ``n`` is not positive or ``confidence`` not in (0, 1).
    """
    if not 0 < confidence < 1:
        raise ValueError(f"confidence must be between 0 and 1, got {confidence}")
    if not 0 <= rate <= 1 or not n > 0:
        raise ValueError(f"need a rate in [0, 1] and a positive sample size, got {rate} and {n}")
    z = NormalDist().inv_cdf(0.5 + confidence / 2)
    centre = rate + z * z / (2 * n)
    spread = z * math.sqrt(rate * (1 - rate) / n + z * z / (4 * n * n))
    scale = 1 + z * z / n
    low = 0.0 if rate == 0 else (centre - spread) / scale
    high = 1.0 if rate == 1 else (centre + spread) / scale
    return (low, high)
