"""Tables and figures are written whole (write-then-swap), twice each: CSV and Markdown, PNG and PDF."""

from __future__ import annotations

import struct
from pathlib import Path

import pandas as pd
import pytest

from aspera_workbench.analysis.artefacts import (
    Artefacts,
    markdown_table,
    readable,
    save_figure,
    save_table,
)
from aspera_workbench.analysis.plots import NoData
from aspera_workbench.analysis.style import COLUMN_WIDTH, new_figure


def test_a_figure_that_fails_to_save_leaves_the_old_files_and_no_temporary(tmp_path: Path):
    class Broken:
        def savefig(self, target, **options):
            if options["format"] == "png":
                target.write(b"png")
                return
            Path(target).write_bytes(b"half a dra")
            raise RuntimeError("interrupted")

    (tmp_path / "pass_k.pdf").write_bytes(b"old pdf")
    with pytest.raises(RuntimeError):
        save_figure(Broken(), tmp_path, "pass_k")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pass_k.pdf", "pass_k.png"]
    assert (tmp_path / "pass_k.pdf").read_bytes() == b"old pdf"


def test_tables_go_to_csv_and_markdown_with_the_same_numbers(tmp_path: Path):
    frame = pd.DataFrame(
        {"success (%)": [45.333, 2.4], "tasks": [84, 12_345], "p_value": [0.000123, 0.5]},
        index=pd.Index(["gpt-4o (CCK)", "a|b"], name="system"),
    )
    saved = save_table(frame, tmp_path / "out", "table3")
    back = pd.read_csv(saved.csv, index_col="system")
    pd.testing.assert_frame_equal(back, frame)
    markdown = saved.markdown.read_text()
    assert markdown.splitlines()[0] == "| system | success (%) | tasks | p_value |"
    assert "| gpt-4o (CCK) | 45.3 | 84 | 0.000123 |" in markdown
    assert "| a\\|b | 2.4 | 12,345 | 0.5 |" in markdown


def test_markdown_leaves_missing_values_empty():
    table = markdown_table(pd.DataFrame({"paper (%)": [80.13, None], "name": ["x", None]}))
    assert table.splitlines()[2:] == ["| 80.1 | x |", "|  |  |"]


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_figures_go_to_png_and_pdf_at_print_resolution(tmp_path: Path):
    figure, axes = new_figure(COLUMN_WIDTH, 2.0)
    axes.plot([1, 2, 3])
    saved = save_figure(figure, tmp_path, "line")
    width, _ = png_size(saved.png.read_bytes())
    assert width >= 150 * 3.0  # at least 150 dpi over a one-column width
    assert saved.pdf.read_bytes()[:5] == b"%PDF-"
    assert saved._repr_png_() == (saved.png.read_bytes(), {"alt": "figure: line"})
    with pytest.raises(ValueError, match="150"):
        save_figure(figure, tmp_path, "low", dpi=72)


def test_artefacts_skip_empty_tables_and_figures_without_data(tmp_path: Path):
    out = Artefacts(tmp_path / "figures")

    def nothing_to_draw():
        raise NoData("no run recorded primitive-selection scores")

    note = out.figure("primitive_selection", nothing_to_draw)
    assert "not written: no run recorded" in note._repr_markdown_()
    assert out.table("empty", pd.DataFrame()).name == "empty"
    assert not (tmp_path / "figures").exists() and len(out.skipped) == 2
    out.table("one", pd.DataFrame({"a": [1]}))
    assert sorted(p.name for p in out.written) == ["one.csv", "one.md"]


def test_markdown_counts_get_thousands_separators_and_columns_may_fix_their_decimals():
    frame = pd.DataFrame({"quantity": ["words", "mean"], "value": pd.Series([6067, 6.4286], dtype=object)})
    frame["ratio"] = [1.0, 0.0869]
    frame.attrs["decimals"] = {"value": 2, "ratio": 2}
    lines = markdown_table(frame).splitlines()[2:]
    assert lines == ["| words | 6,067 | 1.00 |", "| mean | 6.43 | 0.09 |"]


def test_a_figure_shows_itself_with_the_path_it_will_have_once_swapped_in(tmp_path: Path):
    staging = tmp_path / ".figures.staging-123-abcd1234"  # where the pipeline writes before the swap
    figure, axes = new_figure(COLUMN_WIDTH, 2.0)
    axes.plot([1, 2, 3])
    saved = save_figure(figure, staging, "task_success")
    bundle, metadata = saved._repr_mimebundle_()
    assert bundle["image/png"] == saved.png.read_bytes()
    assert "staging" not in repr(saved) and "staging" not in bundle["text/plain"]
    assert "figures/task_success.png" in bundle["text/plain"] and "figures/task_success.png" in bundle["text/html"]
    assert 'alt="figure: task success"' in bundle["text/html"] and "<img" in bundle["text/html"]
    assert str(tmp_path) not in bundle["text/html"]


def test_tables_show_in_a_notebook_rounded_as_in_the_markdown_file(tmp_path: Path):
    frame = pd.DataFrame({"system": ["a"], "success (%)": [100.0], "McNemar p": [1.033976e-25], "tasks": [84]})
    saved = save_table(frame, tmp_path, "t")
    html = saved._repr_html_()
    assert "100.0<" in html and "1.03e-25" in html and "84" in html
    assert "100.000000" not in html and "1.033976e-25" not in html
    shown = readable(frame)
    assert shown.loc[0, "success (%)"] == "100.0" and shown.loc[0, "McNemar p"] == "1.03e-25"
    assert "100.000000" not in shown._repr_html_()


def test_a_table_as_text_is_rounded_and_names_its_final_files(tmp_path: Path):
    frame = pd.DataFrame({"success (%)": [17.857142857], "p": [0.178571]})
    text = repr(save_table(frame, tmp_path / ".figures.staging-1-00ff", "t"))
    assert "17.9" in text and "0.179" in text and "figures/t.csv" in text
    assert "17.857" not in text and "staging" not in text


def a_figure():
    figure, axes = new_figure(COLUMN_WIDTH, 2.0)
    axes.plot([1, 2, 3])
    return figure


def test_a_second_run_of_a_notebook_on_its_own_replaces_its_outputs(tmp_path: Path):
    figures = tmp_path / "figures"
    first = Artefacts(figures)
    first.table("outcomes", pd.DataFrame({"a": [1]}))
    first.figure("pass_k", a_figure)
    second = Artefacts(figures)
    second.table("outcomes", pd.DataFrame({"a": [2]}))
    second.figure("pass_k", a_figure)
    assert pd.read_csv(figures / "outcomes.csv")["a"].tolist() == [2]
    assert second.written == [figures / name for name in ("outcomes.csv", "outcomes.md", "pass_k.png", "pass_k.pdf")]
    assert sorted(p.name for p in figures.iterdir()) == ["outcomes.csv", "outcomes.md", "pass_k.pdf", "pass_k.png"]
