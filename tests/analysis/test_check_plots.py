"""Figures of the audit's rates, the judge's agreement and verdict flips: what they show, denominators, empty inputs."""

from __future__ import annotations

from pathlib import Path

import matplotlib.pyplot
import pandas as pd
import pytest

from aspera_workbench.analysis import (
    NoData,
    audit_rates,
    judge_agreement,
    judge_confusion,
    judgements_frame,
    plot_audit_rates,
    plot_judge_agreement,
    plot_judge_confusion,
    plot_verdict_flips,
    plot_weakest_tasks,
    runs_frame,
    verdict_flips,
)
from aspera_workbench.judge import JudgementsWriter
from tests.analysis.support import model_run
from tests.analysis.test_audit_rates import kinds
from tests.judge.support import JUDGED, SETUP, judgement


def tick_labels(axes) -> list[str]:  # noqa: ANN001 - matplotlib axes
    return [label.get_text() for label in axes.get_yticklabels()]


def test_audit_rates_show_each_kind_with_its_denominator_in_two_panels() -> None:
    figure = plot_audit_rates(audit_rates(kinds()))
    must_pass, must_fail = figure.axes
    assert tick_labels(must_pass) == ["reference (n = 10)", "rename variables (n = 9)", "all kinds (n = 19)"]
    written = kinds().assign(kind=["reference", "rename_variables", "hand_written_wrong", "drop_action", "change_room"])
    labels = tick_labels(plot_audit_rates(audit_rates(written)).axes[1])
    assert labels[0] == "hand-written wrong (n = 10)"  # the figure's labels come from kind_label
    assert tick_labels(must_fail) == [
        "noop (n = 10)",
        "drop action (n = 8)",
        "all kinds (n = 18)",
    ]  # nothing judged: no row
    # The axis says which interval: programs as the sample without per-task counts, tasks with them.
    assert must_fail.get_xlabel() == "false acceptances (% of judged;\nWilson 95% CI, programs as sample)"
    per_task = kinds()[["kind", "expected", "flagged", "judged"]].assign(task_id="1")  # every kind in one task
    clustered = plot_audit_rates(audit_rates(kinds(), 0.9, per_task=per_task))
    assert clustered.axes[0].get_xlabel() == "false rejections (% of judged;\nWilson 90% CI, tasks as sample)"
    assert must_pass.get_title() == "programs that must pass"
    low, high = must_pass.get_xlim()
    assert must_fail.get_xlim() == (low, high) and low <= 0 and high >= 100  # one scale of rates for both panels
    nothing = kinds().assign(judged=0, flagged=0)
    with pytest.raises(NoData):
        plot_audit_rates(audit_rates(nothing))
    assert not matplotlib.pyplot.get_fignums()  # nothing registered with pyplot


def test_the_weakest_tasks_are_ordered_by_false_acceptances() -> None:
    tasks = pd.DataFrame(
        {
            "task_id": ["1", "2", "3", "4"],
            "programs": [10, 10, 10, 10],
            "false_rejections": [1, 0, 0, 2],
            "must_pass_judged": [4, 4, 4, 4],
            "false_acceptances": [0, 0, 3, 1],
            "must_fail_judged": [5, 5, 5, 6],
        }
    )
    axes = plot_weakest_tasks(tasks).axes[0]
    assert tick_labels(axes) == ["task 3 (n = 9 judged)", "task 4 (n = 10 judged)", "task 1 (n = 9 judged)"]
    with pytest.raises(NoData, match="no evaluation program was flagged"):
        plot_weakest_tasks(tasks.assign(false_rejections=0, false_acceptances=0))


def test_judge_figures_show_counts_shares_and_intervals(tmp_path: Path) -> None:
    path = tmp_path / "judged.jsonl"
    with JudgementsWriter(path, SETUP, JUDGED) as writer:
        for number, (verdict, outcome) in enumerate(
            [
                ("correct", "success"),
                ("correct", "success"),
                ("incorrect", "task_completion_error"),
                ("correct", "timeout"),
            ]
        ):
            writer.write(judgement(str(number), verdict, outcome))
    frame = judgements_frame([path])
    matrix = plot_judge_confusion(judge_confusion(frame)).axes[0]
    assert tick_labels(matrix) == ["accepted\n(n = 2)", "rejected\n(n = 2)"]
    assert "2\n(100%)" in [text.get_text() for text in matrix.texts]
    agreement = judge_agreement(frame, samples=100)
    accuracy, kappa = plot_judge_agreement(agreement).axes
    assert tick_labels(accuracy) == ["gpt-x (CCK)\njudge judge-model (n = 4)"]
    assert "bootstrap 95% CI over tasks" in kappa.get_xlabel()
    for plot, table in ((plot_judge_confusion, judge_confusion), (plot_judge_agreement, judge_agreement)):
        with pytest.raises(NoData):
            plot(table(judgements_frame([])))


def test_verdict_flips_need_two_seeds(tmp_path: Path) -> None:
    ids = ["1", "2", "3", "4"]
    two = model_run(
        tmp_path / "a.jsonl", "m", "cck", {0: dict.fromkeys(ids, "success"), 1: {"1": "success", "2": "timeout"}}
    )
    one = model_run(tmp_path / "b.jsonl", "m", "ps", {0: dict.fromkeys(ids, "success")})
    axes = plot_verdict_flips(verdict_flips(runs_frame([two, one]))).axes[0]
    assert tick_labels(axes) == ["m (CCK)\n(n = 2 tasks)"]  # tasks judged under both seeds
    assert [round(x, 1) for x in axes.lines[0].get_xdata()] == [50.0]
    with pytest.raises(NoData, match="two seeds"):
        plot_verdict_flips(verdict_flips(runs_frame([one])))
