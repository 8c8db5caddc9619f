"""The task's own metrics, beside inspect's ``accuracy`` and ``stderr``.

Each counts every scored task-epoch pair as one observation (``scores="unreduced"``),
as a results file counts every task-seed row; ``scored_pairs`` is that denominator.
Samples that ended in an error (the model could not be reached) have no score
and are in none of them.
"""

from __future__ import annotations

from inspect_ai.scorer import Metric, SampleScore, metric

from aspera_core.outcomes import Outcome

#: The outcomes a score can carry (no program obtained is a sample error in inspect, not a score).
SCORED_OUTCOMES = tuple(outcome.value for outcome in Outcome if outcome is not Outcome.MODEL_ERROR)


def _outcome(score: SampleScore) -> str | None:
    return (score.score.metadata or {}).get("outcome")


@metric(scores="unreduced")
def scored_pairs() -> Metric:
    """How many task-epoch pairs were scored: the denominator of the shares and means."""

    def compute(scores: list[SampleScore]) -> int:
        return len(scores)

    return compute


@metric(scores="unreduced")
def outcome_shares() -> Metric:
    """``share_<outcome>``: the share of scored task-epoch pairs ending in each outcome (every one listed, 0 included)."""

    def compute(scores: list[SampleScore]) -> dict[str, float]:
        total = len(scores)
        outcomes = [_outcome(score) for score in scores]
        return {f"share_{name}": (outcomes.count(name) / total if total else 0.0) for name in SCORED_OUTCOMES}

    return compute


@metric(scores="unreduced")
def selection_f1() -> Metric:
    """Mean F1 of the primitive selection over the scored task-epoch pairs (``ps``)."""

    def compute(scores: list[SampleScore]) -> float:
        values = [
            float(value) for score in scores if (value := (score.score.metadata or {}).get("selection_f1")) is not None
        ]
        return sum(values) / len(values) if values else float("nan")  # undefined, not 0

    return compute


@metric(scores="unreduced")
def checked_accuracy() -> Metric:
    """``checked_accuracy``: the share of scored task-epoch pairs whose checked verdict is success (side effects and
    over-inclusive answers checked beside the evaluation program); NaN when one is unknown (not checked: the control
    setting), which may be either. ``checked_unknown``: how many are unknown."""

    def compute(scores: list[SampleScore]) -> dict[str, float]:
        checked = [(score.score.metadata or {}).get("checked_outcome") for score in scores]
        unknown = sum(outcome is None for outcome in checked)
        rate = checked.count(Outcome.SUCCESS.value) / len(checked) if checked and not unknown else float("nan")
        return {"checked_accuracy": rate, "checked_unknown": float(unknown)}

    return compute
