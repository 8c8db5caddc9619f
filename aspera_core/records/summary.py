"""Counting the outcomes of a results file, always with their denominators.

Which row counts: one per ``(task, seed)``. A program can be judged only
once it exists, so ``model_error`` rows (the model never delivered a program)
are kept apart: they are not in the denominator of the success rate, and a
later judged row for the same task and seed (from a resumed run) replaces
them. If a file holds two judged rows for one task and seed, the first counts.
"""

from __future__ import annotations

import statistics
import warnings
from collections.abc import Iterable, Sequence
from typing import Any

from aspera_core.outcomes import Outcome
from aspera_core.records.jsonl import ResultsFileWarning, judged
from aspera_core.records.schema import ResultRow
from aspera_core.records.subset import AuditedSubset
from aspera_core.task_ids import task_id_order


def counted_rows(rows: Iterable[ResultRow]) -> list[ResultRow]:
    """The row that counts for each ``(task_id, seed)``, in first-seen order.

    The first judged row wins; a key with only ``model_error`` rows keeps the
    last of them. Warns once when judged rows were duplicated.
    """
    chosen: dict[tuple[str, int | None], ResultRow] = {}
    duplicates = 0
    for row in rows:
        current = chosen.get(row.key)
        if current is None or not judged(current):
            chosen[row.key] = row
        elif judged(row):
            duplicates += 1
    if duplicates:
        warnings.warn(
            f"{duplicates} duplicate row(s) ignored (the first judged row of each task and seed counts)",
            ResultsFileWarning,
            stacklevel=2,
        )
    return list(chosen.values())


def _rate(part: int, whole: int) -> float | None:
    return part / whole if whole else None


def _per_seed(kept: list[ResultRow]) -> dict[str, dict[str, Any]]:
    seeds: dict[str, dict[str, Any]] = {}
    for row in kept:
        if not judged(row):
            continue
        entry = seeds.setdefault(str(row.seed), {"programs": 0, "success": 0})
        entry["programs"] += 1
        entry["success"] += row.outcome is Outcome.SUCCESS
    for entry in seeds.values():
        entry["success_rate"] = _rate(entry["success"], entry["programs"])
    return dict(sorted(seeds.items(), key=lambda item: _seed_order(item[0])))


def _seed_order(seed: str) -> tuple[int, int]:
    """Seeds in numeric order (10 after 2), a row without seed first."""
    return (0, 0) if seed == "None" else (1, int(seed))


def summarize(
    rows: Iterable[ResultRow], selected: Sequence[str] | None = None, known: Iterable[str] | None = None
) -> dict[str, Any]:
    """Outcome counts and success rates of a set of rows, with every denominator.

    Args:
        rows: Result rows (of one experiment).
        selected: Task ids that should have rows (e.g. the whole task set).
            When given, tasks without a row and rows of other tasks are counted.
        known: Every task id of the task set, to tell rows of tasks outside the
            selection from rows of tasks the set does not have (``None``: all
            rows outside the selection count as not selected).

    Returns:
        A dictionary with:

        * ``rows``: rows given; ``n``: judged programs (one per task and seed),
          the denominator of ``success_rate``;
        * one count per outcome, in the order of :class:`Outcome` (``model_error``
          counts tasks and seeds that have no program);
        * ``success_rate``: ``success / n`` (``None`` when ``n`` is 0);
        * ``tasks``: distinct task ids with a judged row; ``seeds``: the seeds seen;
        * ``per_seed``: per seed, ``programs``, ``success`` and ``success_rate``;
          ``seed_mean`` and ``seed_sd``: mean and sample standard deviation of
          the per-seed success rates (``seed_sd`` is ``None`` for one seed);
        * with ``selected``: ``selected`` (task count), ``expected`` (selected
          tasks x the seeds of the selected tasks' rows, model errors included;
          rows of other tasks add no seed), ``missing`` (expected pairs with no judged row, model
          errors included), ``missing_tasks`` (their ids), ``unselected_tasks``
          (ids of the task set with rows, outside the selection) and
          ``unknown_tasks`` (ids with rows that the task set does not have; both
          left out of every count above) and
          ``success_rate_of_expected`` (``success / expected``: a missing
          program counts as a failure);
        * for rows with model answers, the counts of :func:`answer_counts`.
        * the checked verdict's counts (:func:`checked_summary`).
    """
    rows = list(rows)
    kept = counted_rows(rows)
    unknown: list[str] = []
    unselected: list[str] = []
    if selected is not None:
        wanted = {str(task_id) for task_id in selected}
        others = sorted({row.task_id for row in kept if row.task_id not in wanted}, key=task_id_order)
        in_set = None if known is None else {str(task_id) for task_id in known}
        unselected = [task_id for task_id in others if in_set is None or task_id in in_set]
        unknown = [task_id for task_id in others if in_set is not None and task_id not in in_set]
        kept = [row for row in kept if row.task_id in wanted]
    counts = {outcome.value: 0 for outcome in Outcome}
    for row in kept:
        counts[row.outcome.value] += 1
    n = sum(counts.values()) - counts[Outcome.MODEL_ERROR.value]
    per_seed = _per_seed(kept)
    rates = [entry["success_rate"] for entry in per_seed.values() if entry["success_rate"] is not None]
    summary: dict[str, Any] = {
        "rows": len(rows),
        "n": n,
        "success_rate": _rate(counts[Outcome.SUCCESS.value], n),
        **counts,
        "tasks": len({row.task_id for row in kept if judged(row)}),
        "seeds": [None if seed == "None" else int(seed) for seed in per_seed],
        "per_seed": per_seed,
        "seed_mean": statistics.fmean(rates) if rates else None,
        "seed_sd": statistics.stdev(rates) if len(rates) > 1 else None,
        **answer_counts(kept),
    }
    summary.update(checked_summary(kept))
    if selected is not None:
        # The seeds the selected tasks were run with: rows of other tasks (a
        # wider run into the same file) say nothing about what these should have.
        seeds = {row.seed for row in rows if row.task_id in wanted} or {None}
        done = {row.key for row in kept if judged(row)}
        missing = [(task_id, seed) for task_id in wanted for seed in seeds if (task_id, seed) not in done]
        expected = len(wanted) * len(seeds)
        summary.update(
            selected=len(wanted),
            expected=expected,
            missing=len(missing),
            missing_tasks=sorted({task_id for task_id, _ in missing}, key=task_id_order),
            unselected_tasks=unselected,
            unknown_tasks=unknown,
            # Nothing judged yet is no measurement, not a success rate of 0.
            success_rate_of_expected=_rate(counts[Outcome.SUCCESS.value], expected) if n else None,
        )
    return summary


def answer_counts(rows: Iterable[ResultRow]) -> dict[str, Any]:
    """How the model answers behind judged rows ended: none for rows without one (built-in agents).

    Returns (only when some judged row has an answer): ``answers`` (judged rows with a model
    answer: the denominator), ``truncated`` (those the token limit cut off, whatever their
    verdict), ``truncated_outcomes`` (their outcomes, counted) and ``prompt_truncated`` (those
    whose prompt the endpoint did not see whole).
    """
    answered = [row for row in rows if judged(row) and row.generation is not None]
    if not answered:
        return {}
    cut = [row for row in answered if row.generation is not None and row.generation.truncated]
    outcomes: dict[str, int] = {}
    for row in cut:
        outcomes[row.outcome.value] = outcomes.get(row.outcome.value, 0) + 1
    return {
        "answers": len(answered),
        "truncated": len(cut),
        "truncated_outcomes": {
            outcome.value: outcomes[outcome.value] for outcome in Outcome if outcome.value in outcomes
        },
        "prompt_truncated": sum(
            1 for row in answered if row.generation is not None and row.generation.prompt_truncated
        ),
    }


def describe_answer_counts(counts: dict[str, Any]) -> list[str]:
    """Lines saying how many answers were cut off by the token limit, or given a cut prompt (none when none were)."""
    lines = []
    answers = counts.get("answers", 0)
    if counts.get("truncated"):
        outcomes = ", ".join(f"{number} {outcome}" for outcome, number in counts["truncated_outcomes"].items())
        lines.append(
            f"{counts['truncated']} of {answers} answers cut off by the token limit (finish_reason length; "
            f"their outcomes: {outcomes}): they are not the model's finished answers; raise --max-tokens "
            "(a reasoning model spends much of it thinking) and run into a new results file"
        )
    if counts.get("prompt_truncated"):
        lines.append(
            f"{counts['prompt_truncated']} of {answers} answers to prompts the endpoint did not see whole (its "
            "context window was smaller; rows marked prompt_truncated): they do not measure the model on the task"
        )
    return lines


#: How a judged program without a checked verdict is counted (a file written before it existed, or not checked).
CHECKED_UNKNOWN = "unknown"
#: The checked outcomes that are not evaluation-program outcomes (aspera_core.grading.CHECKED_OUTCOMES).
_CHECKED_ONLY = ("side_effect", "over_inclusive")


def checked_summary(rows: Iterable[ResultRow]) -> dict[str, Any]:
    """The checked verdict's counts among the judged ``rows`` (one per task and seed, as :func:`counted_rows` keeps).

    Returns ``checked``: a count per checked outcome (``success``, ``side_effect``, ``over_inclusive``, each
    evaluation-program failure, and ``unknown`` for a program without a checked verdict: it is never guessed),
    summing to the judged programs; and ``checked_success_rate``: checked successes over judged programs, ``None``
    when nothing was judged or some verdict is unknown (an unknown one may be either).
    """
    judged_rows = [row for row in rows if judged(row)]
    names = [Outcome.SUCCESS.value, *_CHECKED_ONLY]
    names += [outcome.value for outcome in Outcome if outcome not in (Outcome.SUCCESS, Outcome.MODEL_ERROR)]
    counts = dict.fromkeys([*names, CHECKED_UNKNOWN], 0)
    for row in judged_rows:
        name = row.checked_outcome if row.checked_outcome in counts else CHECKED_UNKNOWN
        counts[name] += 1
    known = not counts[CHECKED_UNKNOWN]
    return {
        "checked": counts,
        "checked_success_rate": _rate(counts[Outcome.SUCCESS.value], len(judged_rows)) if known else None,
    }


def _checked_lines(summary: dict[str, Any], width: int) -> list[str]:
    """The checked verdict's counts, each beside its share of the judged programs (the outcome table's denominator)."""
    counts = summary.get("checked")
    if counts is None:
        return []
    n = summary["n"]
    failed = sum(
        count for name, count in counts.items() if name not in (Outcome.SUCCESS.value, *_CHECKED_ONLY, CHECKED_UNKNOWN)
    )
    shown = [(name, counts[name], "") for name in (Outcome.SUCCESS.value, *_CHECKED_ONLY)]
    shown.append(("failed", failed, "  (rejected by the evaluation program: its outcomes above)"))
    shown.append(
        (
            CHECKED_UNKNOWN,
            counts[CHECKED_UNKNOWN],
            "  (no checked verdict: a file written before it existed, or not checked)",
        )
    )
    lines = [f"checked verdict (of the {n} judged programs: side effects and over-inclusive answers checked beside)"]
    lines += [f"{name:<{width}}  {count:>6}  {_percent(_rate(count, n)):>7}{note}" for name, count, note in shown]
    return lines


def summarize_subset(
    rows: Iterable[ResultRow], subset: AuditedSubset, selected: Sequence[str] | None = None
) -> dict[str, Any]:
    """Success on an audited subset's tasks (those an audit found the evaluation program sound on).

    Args:
        rows: Result rows (of one experiment, on the subset's task set).
        subset: The audited subset.
        selected: Only these of its tasks (a narrowed summary); ``None``: all of them.

    Returns:
        ``size`` (``"41 of 84 audited tasks"``), ``subset_tasks``, ``tasks`` (those of them counted: selected), ``n`` (their judged
        programs: the denominator), ``success`` and ``success_rate`` (the evaluation program's), ``checked_success``,
        ``checked_unknown`` and ``checked_success_rate`` (``None`` when some checked verdict is unknown),
        ``missing_tasks`` (subset tasks without a judged row) and ``not_audited`` (task ids with rows that the
        audit did not audit: the subset says nothing about them).
    """
    with warnings.catch_warnings():  # duplicates are warned of by the file's own summary
        warnings.simplefilter("ignore", ResultsFileWarning)
        kept = counted_rows(rows)
    chosen = [task_id for task_id in subset.task_ids if selected is None or task_id in set(selected)]
    inside = set(chosen)
    judged_rows = [row for row in kept if judged(row) and row.task_id in inside]
    checked = checked_summary(judged_rows)
    success = sum(row.outcome is Outcome.SUCCESS for row in judged_rows)
    with_rows = {row.task_id for row in judged_rows}
    return {
        "size": subset.size,
        "task_set_digest": subset.task_set_digest,
        "subset_tasks": len(subset.task_ids),
        "tasks": len(chosen),
        "n": len(judged_rows),
        "success": success,
        "success_rate": _rate(success, len(judged_rows)),
        "checked_success": checked["checked"][Outcome.SUCCESS.value],
        "checked_unknown": checked["checked"][CHECKED_UNKNOWN],
        "checked_success_rate": checked["checked_success_rate"],
        "missing_tasks": sorted(inside - with_rows, key=task_id_order),
        "not_audited": sorted(set(subset.covers({row.task_id for row in kept})), key=task_id_order),
    }


def format_subset(found: dict[str, Any]) -> str:
    """A :func:`summarize_subset` result as text, each figure beside its denominator."""
    n = found["n"]
    checked_rate = (
        f"no rate: {found['checked_unknown']} unknown"
        if found["checked_unknown"]
        else _percent(found["checked_success_rate"])
    )
    selected = f"; {found['tasks']} of them selected" if found["tasks"] != found["subset_tasks"] else ""
    lines = [
        f"audited subset{' (' + found['file'] + ')' if found.get('file') else ''}: {found['size']} "
        f"(the evaluation program found sound){selected}",
        f"  evaluation program's success: {found['success']} of {n} judged programs ({_percent(found['success_rate'])})",
        f"  checked success: {found['checked_success']} of {n} judged programs ({checked_rate})",
    ]
    for key, what in (
        ("missing_tasks", "subset task(s) without a judged row"),
        ("not_audited", "task(s) the audit did not audit (not in these figures)"),
    ):
        ids = found[key]
        if ids:
            shown = ", ".join(ids[:10]) + (" ..." if len(ids) > 10 else "")
            lines.append(f"  {'rows for ' if key == 'not_audited' else ''}{len(ids)} {what}: {shown}")
    return "\n".join(lines)


def _percent(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.1f}%"


def format_summary(summary: dict[str, Any]) -> str:
    """A text table of a :func:`summarize` result, each rate beside its denominator."""
    n = summary["n"]
    width = max(len(outcome.value) for outcome in Outcome)
    lines = [f"{'outcome':<{width}}  {'count':>6}  {'rate':>7}"]
    for outcome in Outcome:
        if outcome is Outcome.MODEL_ERROR:
            continue
        count = summary[outcome.value]
        lines.append(f"{outcome.value:<{width}}  {count:>6}  {_percent(_rate(count, n)):>7}")
    lines.append(f"{'judged programs':<{width}}  {n:>6}  (the denominator of every rate above)")
    model_errors = summary[Outcome.MODEL_ERROR.value]
    lines.append(
        f"{'model_error':<{width}}  {model_errors:>6}  (no program obtained; not judged; asked again on resume)"
    )
    lines += _checked_lines(summary, width)
    seeds = summary["seeds"]
    lines.append(f"tasks with a judged row: {summary['tasks']}; rows in file: {summary['rows']}")
    if len(seeds) > 1 or seeds not in ([], [None]):
        per_seed = ", ".join(
            f"seed {seed}: {_percent(entry['success_rate'])} of {entry['programs']}"
            for seed, entry in summary["per_seed"].items()
        )
        spread = "" if summary["seed_sd"] is None else f" ± {100 * summary['seed_sd']:.1f} (sd over seeds)"
        lines.append(f"success per seed: {per_seed}; mean {_percent(summary['seed_mean'])}{spread}")
    if "selected" in summary:
        lines.append(
            f"task set: {summary['selected']} tasks selected, {summary['expected']} task-seed pairs expected; "
            f"{summary['missing']} without a judged row; success over expected: "
            + (
                f"{summary[Outcome.SUCCESS.value]}/{summary['expected']} = {_percent(summary['success_rate_of_expected'])}"
                if summary["success_rate_of_expected"] is not None
                else "- (no program judged yet)"
            )
        )
        for key, where in (("unselected_tasks", "outside the selection"), ("unknown_tasks", "not in the task set")):
            ids = summary.get(key) or []
            if ids:
                shown = ", ".join(ids[:10]) + (" ..." if len(ids) > 10 else "")
                lines.append(f"rows for {len(ids)} task id(s) {where} (not counted): {shown}")
    lines += describe_answer_counts(summary)
    return "\n".join(lines)
