"""Marginal diversity: what each generated task, focus instruction and batch adds to a task set.

Each task is compared with the set so far (the tasks it held before, then every generated task
before it) on its primitive combination (the library names its reference program uses), its
structure signature (which of loop, comprehension, conditional, handback, returns, helper, try it
has; ``straight`` for none) and the share of its request's word trigrams no earlier request has
(docs/generation.md says more).
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import pandas as pd

from aspera_workbench.generation.task_writer import normalise_query
from aspera_workbench.surface import CORE_MODULES, names_used

NGRAM = 3
NO_FOCUS = "(no focus)"
_FRAME_COLUMNS = "task_id focus batch signature new_combination new_signature ngram_novelty".split()
_HANDBACK = "RequiresUserInput"


class _Generated(Protocol):
    query: str
    program: str | None
    focus: str | None
    batch: int
    task_id: str | None


@dataclass(frozen=True)
class TaskFeatures:
    """What diversity is measured on, for one task: library names used, structure signature, request trigrams."""

    primitives: frozenset[str]
    signature: str
    ngrams: frozenset[tuple[str, ...]]


def structure_signature(program: str) -> str:
    """The constructs a program has, joined with ``+`` in alphabetical order (``straight`` for none)."""
    try:
        tree = ast.parse(program)
    except SyntaxError:
        return "unparsed"
    body = tree.body[0] if tree.body and isinstance(tree.body[0], ast.FunctionDef) else tree
    found = set()
    for node in ast.walk(body):
        if isinstance(node, ast.For | ast.While | ast.AsyncFor):
            found.add("loop")
        elif isinstance(node, ast.comprehension):
            found.add("comprehension")
        elif isinstance(node, ast.If | ast.IfExp):
            found.add("conditional")
        elif isinstance(node, ast.Raise) and _HANDBACK in ast.unparse(node):
            found.add("handback")
        elif isinstance(node, ast.Return) and node.value is not None:
            found.add("returns")
        elif isinstance(node, ast.FunctionDef | ast.Lambda) and node is not body:
            found.add("helper")
        elif isinstance(node, ast.Try):
            found.add("try")
    return "+".join(sorted(found)) or "straight"


def query_ngrams(query: str, n: int = NGRAM) -> frozenset[tuple[str, ...]]:
    """Word n-grams of a request (normalised; a request shorter than ``n`` words is one n-gram)."""
    words = normalise_query(query).split()
    if len(words) < n:
        return frozenset({tuple(words)}) if words else frozenset()
    return frozenset(tuple(words[i : i + n]) for i in range(len(words) - n + 1))


def task_features(query: str, program: str) -> TaskFeatures:
    """The features of one task (see the module docstring)."""
    try:
        used = frozenset(names_used(program, CORE_MODULES))
    except SyntaxError:
        used = frozenset()
    return TaskFeatures(used, structure_signature(program), query_ngrams(query))


def diversity_frame(base: Iterable[Any], generated: Sequence[_Generated]) -> pd.DataFrame:
    """One row per generated task, in the order added: what it added to the set so far.

    ``base`` holds the tasks the set held before (anything with ``query`` and ``program``). Columns:
    ``n`` (tasks generated so far), ``task_id``, ``focus``, ``batch``, ``signature``,
    ``new_combination``, ``new_signature``, ``ngram_novelty`` (0 to 1), and the running
    ``combinations_added``, ``signatures_added`` and ``mean_novelty``; ``attrs["base_tasks"]`` is
    the size of the base set.
    """
    combinations: set[frozenset[str]] = set()
    signatures: set[str] = set()
    ngrams: set[tuple[str, ...]] = set()

    def add(features: TaskFeatures) -> None:
        combinations.add(features.primitives)
        signatures.add(features.signature)
        ngrams.update(features.ngrams)

    base_count = 0
    for task in base:
        add(task_features(task.query, task.program))
        base_count += 1
    rows = []
    for item in generated:
        features = task_features(item.query, item.program or "")
        rows.append(
            {
                "task_id": item.task_id,
                "focus": item.focus or NO_FOCUS,
                "batch": item.batch,
                "signature": features.signature,
                "new_combination": features.primitives not in combinations,
                "new_signature": features.signature not in signatures,
                "ngram_novelty": len(features.ngrams - ngrams) / len(features.ngrams) if features.ngrams else 0.0,
            }
        )
        add(features)
    frame = pd.DataFrame(rows, columns=_FRAME_COLUMNS)
    frame.insert(0, "n", range(1, len(frame) + 1))
    frame["combinations_added"] = frame["new_combination"].astype(int).cumsum()
    frame["signatures_added"] = frame["new_signature"].astype(int).cumsum()
    frame["mean_novelty"] = frame["ngram_novelty"].astype(float).cumsum() / frame["n"]
    frame.attrs["base_tasks"] = base_count
    return frame


def diversity_table(frame: pd.DataFrame, by: str = "focus") -> pd.DataFrame:
    """Marginal diversity per focus instruction or per batch (``by``), groups in order of first appearance.

    Columns: ``tasks``, ``new combinations`` and ``new combinations (%)`` (of the group's tasks),
    ``new signatures``, ``new signatures (%)``, ``mean n-gram novelty (%)``.

    Raises:
        ValueError: ``by`` is neither.
    """
    if by not in ("focus", "batch"):
        raise ValueError(f"by must be 'focus' or 'batch', not {by!r}")
    groups = frame.groupby(by, sort=False)
    table = {
        "tasks": groups.size(),
        "new combinations": groups["new_combination"].sum().astype(int),
        "new combinations (%)": 100.0 * groups["new_combination"].mean(),
        "new signatures": groups["new_signature"].sum().astype(int),
        "new signatures (%)": 100.0 * groups["new_signature"].mean(),
        "mean n-gram novelty (%)": 100.0 * groups["ngram_novelty"].mean(),
    }
    return pd.DataFrame(table).rename_axis(by).reset_index()


def plot_diversity(frame: pd.DataFrame, title: str | None = None) -> Any:
    """Diversity of a :func:`diversity_frame` against the number of tasks generated: two panels.

    Left: primitive combinations and structure signatures that no earlier task had, added so far.
    Right: each task's query n-gram novelty (a marker and colour per focus) and its running mean.

    Raises:
        aspera_workbench.analysis.plots.NoData: the frame has no task.
    """
    # deferred: the analysis package loads matplotlib, which generating tasks never needs
    from aspera_workbench.analysis import PAGE_WIDTH, NoData, new_figure, plotting_style, system_colours

    if frame.empty:
        raise NoData("no generated task to measure")
    base = frame.attrs.get("base_tasks", 0)
    with plotting_style():
        figure, (left, right) = new_figure(PAGE_WIDTH, 2.6, ncols=2)
        x = frame["n"]
        for column, colour, label, marker, line in (
            ("combinations_added", "#0072B2", "new primitive combinations", "o", "-"),
            ("signatures_added", "#E69F00", "new structure signatures", "s", "--"),
        ):
            left.step(
                x, frame[column], where="post", color=colour, label=label, marker=marker, markersize=3, linestyle=line
            )
        left.plot([0, x.max()], [0, x.max()], color="0.7", linewidth=0.8, linestyle=":", label="every task new")
        left.set_ylabel("added so far (count)")
        left.set_ylim(0, x.max() + 0.5)
        left.legend(loc="upper left", fontsize=7)
        left.set_title(f"New combinations (base set: {base} tasks)")
        focuses = list(dict.fromkeys(frame["focus"]))
        colours = system_colours(focuses)
        markers = ["o", "s", "^", "D", "v", "P", "X", "*"]
        for index, focus in enumerate(focuses):
            part = frame[frame["focus"] == focus]
            right.scatter(
                part["n"],
                100 * part["ngram_novelty"],
                s=14,
                color=colours[focus],
                marker=markers[index % len(markers)],
                label=focus,
                zorder=3,
            )
        right.plot(x, 100 * frame["mean_novelty"], color="black", linewidth=1, label="running mean")
        right.set_ylabel("query trigrams not seen before (%)")
        right.set_ylim(-3, 103)
        right.legend(loc="lower left", fontsize=7, ncols=2)
        right.set_title(f"Query n-gram novelty (n = {len(frame)} tasks)")
        for axes in (left, right):
            axes.set_xlabel("tasks generated")
            axes.set_xlim(0, x.max() + 0.5)
            axes.xaxis.get_major_locator().set_params(integer=True)
        if title:
            figure.suptitle(title)
    return figure
