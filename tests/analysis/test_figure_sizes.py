"""Every figure is saved exactly one column (3.3 in) or two columns (7 in) wide, whatever its labels and legend."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from PIL import Image

from aspera_core.tasks import load_tasks
from aspera_workbench.analysis import (
    audit_rates,
    error_taxonomy,
    judge_agreement,
    judge_confusion,
    judgements_frame,
    length_pairs,
    outcome_counts,
    pass_k_table,
    plot_audit_rates,
    plot_complexity_distributions,
    plot_error_types,
    plot_generated_vs_reference,
    plot_judge_agreement,
    plot_judge_confusion,
    plot_outcomes,
    plot_pass_k,
    plot_program_lengths,
    plot_query_length,
    plot_selection,
    plot_success_by_length,
    plot_task_success,
    plot_verdict_flips,
    plot_weakest_tasks,
    programs_frame,
    runs_frame,
    save_figure,
    selection_table,
    success_by_length,
    success_table,
    tasks_frame,
    verdict_flips,
)
from aspera_workbench.analysis.style import COLUMN_WIDTH, PAGE_WIDTH
from aspera_workbench.judge import JudgementsWriter
from tests.analysis.support import cck_and_ps_runs
from tests.analysis.test_audit_rates import kinds
from tests.judge.support import JUDGED, SETUP, judgement

ROOT = Path(__file__).resolve().parents[2]
MINI = ROOT / "tests" / "fixtures" / "mini_release"
S, F = "success", "task_completion_error"
LONG = "a-model-with-a-rather-long-name-2024-08-06 (CCK)"


def saved_width(path: Path) -> float:
    """The PNG's width in inches, at the resolution written into it."""
    with Image.open(path) as image:
        return image.size[0] / image.info["dpi"][0]


def figures(folder: Path) -> dict[str, Callable[[], Any]]:
    tasks = load_tasks(MINI)
    per_task = tasks_frame(tasks)
    ids = list(per_task.index)
    cck, ps = cck_and_ps_runs(folder, ids, "a-model-with-a-rather-long-name-2024-08-06", cck_seeds=3)
    runs = runs_frame([cck, ps])
    table = success_table(runs)
    judged = folder / "judged.jsonl"
    with JudgementsWriter(judged, SETUP, JUDGED) as writer:
        for number, (verdict, outcome) in enumerate([("correct", S), ("incorrect", F), ("correct", "timeout")]):
            writer.write(judgement(str(number), verdict, outcome))
    verdicts = judgements_frame([judged])
    audit_kinds = kinds().replace({"drop_action": "equivalent_primitives", "reference": "hand_written_wrong"})
    weakest = pd.DataFrame(
        {
            "task_id": ["1001", "1002"],
            "programs": [10, 10],
            "false_rejections": [1, 0],
            "must_pass_judged": [4, 4],
            "false_acceptances": [0, 3],
            "must_fail_judged": [5, 5],
        }
    )
    return {
        "outcomes": lambda: plot_outcomes(outcome_counts(runs)),
        "complexity_distributions": lambda: plot_complexity_distributions(per_task),
        "query_length_vs_primitives": lambda: plot_query_length(per_task),
        "program_length_distribution": lambda: plot_program_lengths(programs_frame(tasks)),
        "task_success": lambda: plot_task_success(table, runs),
        "error_types": lambda: plot_error_types(error_taxonomy(runs)),
        "success_vs_reference_length": lambda: plot_success_by_length(success_by_length(runs, per_task)),
        "generated_vs_reference_length": lambda: plot_generated_vs_reference(length_pairs(runs, per_task)),
        "primitive_selection": lambda: plot_selection(selection_table(runs, table)),
        "pass_k": lambda: plot_pass_k(pass_k_table(runs)),
        "audit_rates": lambda: plot_audit_rates(audit_rates(audit_kinds)),
        "audit_weakest": lambda: plot_weakest_tasks(weakest),
        "judge_confusion": lambda: plot_judge_confusion(judge_confusion(verdicts)),
        "judge_agreement": lambda: plot_judge_agreement(judge_agreement(verdicts, samples=100)),
        "verdict_flips_share": lambda: plot_verdict_flips(verdict_flips(runs)),
    }


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("figures")
    return {name: save_figure(make(), folder, name).png for name, make in figures(folder).items()}


def test_every_figure_is_one_or_two_columns_wide(made: dict[str, Path]) -> None:
    widths = {name: round(saved_width(path), 2) for name, path in made.items()}
    wrong = {
        name: width for name, width in widths.items() if min(abs(width - COLUMN_WIDTH), abs(width - PAGE_WIDTH)) > 0.02
    }
    assert not wrong, wrong
    assert len(widths) == 15


def test_no_label_or_legend_is_cut_off_at_that_width(tmp_path: Path) -> None:
    for name, make in figures(tmp_path).items():
        figure = make()
        figure.draw_without_rendering()
        drawn = figure.get_tightbbox()  # in inches: everything drawn, labels and legends included
        width, height = figure.get_size_inches()
        inside = drawn.x0 >= -0.01 and drawn.y0 >= -0.01 and drawn.x1 <= width + 0.01 and drawn.y1 <= height + 0.01
        assert inside, (name, drawn.bounds, (width, height))


def test_no_figure_has_a_title_of_its_own_and_only_differing_panels_have_titles(tmp_path: Path) -> None:
    """Captions live in figures/README.md (and a paper's caption); a title names a panel among differing panels."""
    for name, make in figures(tmp_path).items():
        figure = make()
        assert figure._suptitle is None, name  # noqa: SLF001 - matplotlib keeps the figure title there
        visible = [axes for axes in figure.axes if axes.get_visible()]
        titled = [axes.get_title() for axes in visible if axes.get_title()]
        if len(visible) == 1:
            assert not titled, (name, titled)
        else:
            assert not titled or len(set(titled)) == len(visible), (name, titled)
