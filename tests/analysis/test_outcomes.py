import math
from statistics import NormalDist

import pytest

from aspera_core.records import Outcome, ResultRow
from aspera_workbench.analysis import outcome_table, plot_outcomes, wilson_interval

Z95 = NormalDist().inv_cdf(0.975)


def row(task_id: str, outcome: Outcome) -> ResultRow:
    return ResultRow(
        task_id=task_id, query="q", agent="a", program="def p(): pass\n", outcome=outcome, duration_s=0.01, pairs_run=1
    )


def test_wilson_interval_at_the_extremes_is_closed_form():
    low, high = wilson_interval(84, 84)
    assert high == 1.0 and low == pytest.approx(84 / (84 + Z95**2))
    low, high = wilson_interval(0, 20)
    assert low == 0.0 and high == pytest.approx(Z95**2 / (20 + Z95**2))


def test_wilson_interval_inside_the_range():
    # 15 of 84: centre (p + z^2/2n) / (1 + z^2/n), half width z*sqrt(p(1-p)/n + z^2/4n^2) / (1 + z^2/n)
    low, high = wilson_interval(15, 84)
    assert (low, high) == pytest.approx((0.11131, 0.27394), abs=1e-5)
    assert low < 15 / 84 < high
    narrower = wilson_interval(15, 84, confidence=0.8)
    assert low < narrower[0] < narrower[1] < high


def test_wilson_interval_rejects_bad_input_and_is_undefined_for_no_tasks():
    assert all(math.isnan(v) for v in wilson_interval(0, 0))
    with pytest.raises(ValueError):
        wilson_interval(5, 4)
    with pytest.raises(ValueError):
        wilson_interval(1, 4, confidence=1.0)


def test_outcome_table_counts_each_task_once_per_run():
    runs = {
        "good": [row("1", Outcome.SUCCESS), row("2", Outcome.SUCCESS), row("3", Outcome.TIMEOUT)],
        "bad": [row("1", Outcome.SYNTAX_ERROR), row("1", Outcome.SUCCESS), row("2", Outcome.HANDBACK_CONTROL)],
    }
    with pytest.warns(UserWarning, match="duplicate"):
        table = outcome_table(runs)
    assert list(table.index) == ["good", "bad"]
    assert table.loc["good", "n"] == 3 and table.loc["good", "success"] == 2
    assert table.loc["good", "timeout"] == 1
    assert table.loc["bad", "n"] == 2 and table.loc["bad", "syntax_error"] == 1  # first row of task 1 counts
    assert table.loc["bad", "success_rate"] == 0.0 and table.loc["bad", "ci_low"] == 0.0
    assert table.loc["good", "success_rate"] == pytest.approx(2 / 3)
    assert list(table.columns[1:10]) == [o.value for o in Outcome]


def test_plot_has_one_bar_per_run_and_outcome_that_occurs():
    table = outcome_table(
        {"a": [row("1", Outcome.SUCCESS), row("2", Outcome.TIMEOUT)], "b": [row("1", Outcome.SUCCESS)]}
    )
    figure = plot_outcomes(table)
    axes = figure.axes[0]
    labels = [text.get_text() for text in figure.legends[0].get_texts()]
    assert labels == ["success", "timeout"]
    widths = sorted(round(patch.get_width(), 3) for patch in axes.patches)
    assert widths == [0.0, 50.0, 50.0, 100.0]  # a: half success, half timeout; b: all success (percent)
    assert axes.get_xlabel() == "share of judged programs (%)"
    assert [t.get_text() for t in axes.get_yticklabels()] == ["a\n(n = 2 programs)", "b\n(n = 1 programs)"]


def test_outcome_table_interval_takes_the_tasks_as_the_sample_when_a_run_has_seeds():
    # Four tasks, three seeds each; task 1 solved under every seed, the others under none: 3 of 12
    # programs but 1 of 4 tasks. Seeds of one task are not independent draws, so the interval is
    # Wilson's for 1 of 4 (the tasks agree with themselves across seeds), not for 3 of 12.
    rows = [
        row(task, Outcome.SUCCESS if task == "1" else Outcome.TIMEOUT).model_copy(update={"seed": seed})
        for seed in (0, 1, 2)
        for task in "1234"
    ]
    table = outcome_table({"seeded": rows})
    assert table.loc["seeded", "n"] == 12 and table.loc["seeded", "success"] == 3
    assert table.loc["seeded", "tasks"] == 4
    assert table.loc["seeded", "success_rate"] == pytest.approx(0.25)
    assert table.loc["seeded", "ci_low"] == pytest.approx(0.045588, abs=1e-5)
    assert table.loc["seeded", "ci_high"] == pytest.approx(0.699365, abs=1e-5)
