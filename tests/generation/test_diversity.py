"""Marginal diversity: new primitive combinations, new structure signatures, query n-gram novelty."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from aspera_core.tasks import load_tasks
from aspera_workbench.analysis.artefacts import save_figure
from aspera_workbench.analysis.plots import NoData
from aspera_workbench.generation import diversity_frame, diversity_table, plot_diversity, task_features
from aspera_workbench.generation.diversity import query_ngrams, structure_signature

MINI = Path(__file__).resolve().parents[1] / "fixtures" / "mini_release"

LOOP = """def f():
    for day in this_week_dates():
        if day.weekday() == 4:
            raise RequiresUserInput("which?")
    return 3
"""
STRAIGHT = """def g():
    add_event(Event(subject="x", starts_at=now_()))
"""


@dataclass
class Item:
    query: str
    program: str
    focus: str | None
    batch: int
    task_id: str | None = None


def test_structure_signatures_and_features() -> None:
    assert structure_signature(LOOP) == "conditional+handback+loop+returns"
    assert structure_signature(STRAIGHT) == "straight"
    assert structure_signature("def h(:") == "unparsed"
    features = task_features("Hey, [Assistant], Book a room now!", STRAIGHT)
    assert features.primitives == {"add_event", "Event", "now_"}
    assert features.ngrams == {("book", "a", "room"), ("a", "room", "now")}
    assert query_ngrams("Hi there") == {("hi", "there")}


def test_each_task_is_compared_with_the_set_so_far() -> None:
    base = load_tasks(MINI)
    items = [
        Item(base[0].query.replace("Ottoline", "Ulla"), base[0].program, None, 1, "1"),  # a near copy
        Item("Hey, [Assistant], every weekday this week, tell me if Friday is free", LOOP, "loops", 1, "2"),
        Item("Hey, [Assistant], every weekday this week, tell me if Friday is free", LOOP, "loops", 2, "3"),  # a repeat
    ]
    frame = diversity_frame(base, items)
    assert frame.attrs["base_tasks"] == 4
    assert list(frame["new_combination"]) == [False, True, False]
    assert list(frame["new_signature"]) == [False, True, False]
    novelty = list(frame["ngram_novelty"])
    assert 0 < novelty[0] < 0.25 and novelty[1] == 1.0 and novelty[2] == 0.0
    assert list(frame["combinations_added"]) == [0, 1, 1] and list(frame["n"]) == [1, 2, 3]
    assert frame["mean_novelty"].iloc[-1] == pytest.approx(sum(novelty) / 3)
    by_focus = diversity_table(frame, "focus").set_index("focus")
    assert list(by_focus.index) == ["(no focus)", "loops"]
    assert by_focus.loc["loops", "tasks"] == 2 and by_focus.loc["loops", "new combinations"] == 1
    assert by_focus.loc["loops", "new combinations (%)"] == 50.0
    by_batch = diversity_table(frame, "batch").set_index("batch")
    assert by_batch.loc[2, "mean n-gram novelty (%)"] == 0.0
    with pytest.raises(ValueError, match="focus' or 'batch"):
        diversity_table(frame, "model")


def test_the_plot_shows_diversity_against_tasks_generated(tmp_path: Path) -> None:
    base = load_tasks(MINI)
    items = [
        Item(
            f"Hey, [Assistant], request number {n} about {n * 7} things",
            LOOP if n % 2 else STRAIGHT,
            "a" if n < 3 else None,
            n,
            str(n),
        )
        for n in range(1, 6)
    ]
    figure = plot_diversity(diversity_frame(base, items))
    left, right = figure.axes
    assert left.get_xlabel() == right.get_xlabel() == "tasks generated"
    assert "n = 5 tasks" in right.get_title() and "base set: 4 tasks" in left.get_title()
    saved = save_figure(figure, tmp_path, "diversity")
    assert saved.png.stat().st_size > 5000
    with pytest.raises(NoData):
        plot_diversity(diversity_frame(base, []))
