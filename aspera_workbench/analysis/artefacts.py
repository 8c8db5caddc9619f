"""Writing tables (CSV and Markdown) and figures (PNG and PDF), each file swapped in only when complete.

CSV keeps full precision for machines, Markdown is for people; PNG is for the README and
notebooks, PDF (vector) for papers. Every file is written with
:func:`aspera_core.fileio.atomic_path`: an error or an interruption leaves the previous file as
it was, and no reader sees half a file.
"""

from __future__ import annotations

import base64
import html
import io
import math
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pandas as pd

from aspera_core.fileio import atomic_path, final_path, write_atomic
from aspera_workbench.analysis.plots import NoData
from aspera_workbench.analysis.style import PNG_DPI


def _format_cell(value: Any, percent: bool, decimals: int | None = None) -> str:
    if value is None or value is pd.NA or (isinstance(value, float) and math.isnan(value)):
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        if decimals is not None:
            return f"{value:,.{decimals}f}"
        if percent:
            return f"{value:.1f}"
        if value.is_integer() and abs(value) < 1e15:
            return f"{int(value):,}"
        return f"{value:.3g}"
    if isinstance(value, int):
        return f"{value:,}"
    return str(value).replace("|", "\\|").replace("\n", " ")


def markdown_table(frame: pd.DataFrame, index: bool = False) -> str:
    """A frame as a Markdown (GitHub) table, numbers formatted for reading.

    Columns whose name contains ``%`` get one decimal, a column named in ``frame.attrs["decimals"]``
    that many, other floats three significant digits, integers thousands separators. A
    ``frame.attrs["note"]`` follows the table as a paragraph of its own.
    """
    fixed = frame.attrs.get("decimals", {})
    table = frame.reset_index() if index else frame
    headers = [str(column) for column in table.columns]
    percent = ["%" in header for header in headers]
    decimals = [fixed.get(column) for column in table.columns]
    numeric = [pd.api.types.is_numeric_dtype(table[column]) for column in table.columns]
    lines = ["| " + " | ".join(header.replace("|", "\\|") for header in headers) + " |"]
    lines.append("|" + "|".join("---:" if is_number else "---" for is_number in numeric) + "|")
    for row in table.itertuples(index=False):
        cells = [_format_cell(_plain(v), is_percent, places) for v, is_percent, places in zip(row, percent, decimals)]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n" + _note(frame)


def _note(frame: pd.DataFrame) -> str:
    """A table's note (``attrs["note"]``) as a paragraph below it; empty without one."""
    note = frame.attrs.get("note")
    return f"\n{note}\n" if note else ""


def readable(frame: pd.DataFrame) -> pd.DataFrame:
    """A table as text formatted as in the Markdown files, so notebooks do not show full precision (``100.000000``)."""
    columns = {
        column: [_format_cell(_plain(value), "%" in str(column)) for value in frame[column]] for column in frame.columns
    }
    return pd.DataFrame(columns, index=frame.index, columns=frame.columns)


def _plain(value: Any) -> Any:
    """numpy scalars as Python numbers, so formatting treats them alike."""
    if hasattr(value, "item") and not isinstance(value, (str, bytes)):
        try:
            return value.item()
        except (TypeError, ValueError):
            return value
    return value


@dataclass(frozen=True)
class SavedTable:
    """Where a table was written (``csv``, ``markdown``); shows the table (``display`` if given) in a notebook."""

    csv: Path
    markdown: Path
    frame: pd.DataFrame
    display: pd.DataFrame | None = None

    def _repr_html_(self) -> str:
        # Rounded as in the Markdown file, not pandas' full precision (100.000000, 1.033976e-25).
        shown = self.frame if self.display is None else self.display
        note = shown.attrs.get("note")
        return readable(shown)._repr_html_() + (f"<p>{html.escape(note)}</p>" if note else "")

    def _repr_markdown_(self) -> str:
        return self.markdown.read_text(encoding="utf-8")

    def __repr__(self) -> str:
        # What a notebook shows as text: the rounded table and where it is kept, never a staging folder.
        final = final_path(self.csv)
        table = self.frame if self.display is None else self.display
        note = f"\n{table.attrs['note']}" if table.attrs.get("note") else ""
        return f"{readable(table).to_string()}{note}\n({final.parent.name}/{final.stem}.csv and .md)"


def save_table(
    frame: pd.DataFrame, folder: str | os.PathLike[str], name: str, display: pd.DataFrame | None = None
) -> SavedTable:
    """Write a table as ``<folder>/<name>.csv`` and ``<folder>/<name>.md``.

    The index is written only if it is named; ``display`` (the same numbers arranged for reading,
    e.g. ``mean ± sd`` in one cell) goes to the Markdown file instead of ``frame``.
    """
    folder = Path(folder)
    keep_index = any(level is not None for level in frame.index.names)
    with atomic_path(folder / f"{name}.csv", durable=False) as temporary:
        frame.to_csv(temporary, index=keep_index)
    shown = frame if display is None else display
    shown_index = any(level is not None for level in shown.index.names)
    markdown = write_atomic(folder / f"{name}.md", markdown_table(shown, index=shown_index), durable=False)
    return SavedTable(folder / f"{name}.csv", markdown, frame, display)


@dataclass(frozen=True)
class SavedFigure:
    """Where a figure was written (``png``, ``pdf``); shows the PNG (``image``) in a notebook with its path."""

    png: Path
    pdf: Path
    image: bytes

    @property
    def shown_path(self) -> str:
        """The PNG's path as a reader will find it (``figures/outcomes.png``), even while the pipeline
        still writes into a staging folder.
        """
        final = final_path(self.png)
        return f"{final.parent.name}/{final.name}" if final.parent.name else final.name

    def _caption(self) -> str:
        return f"{self.shown_path} (and .pdf)"

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> tuple[dict[str, Any], dict[str, Any]]:
        alt = f"figure: {self.png.stem.replace('_', ' ')}"
        encoded = base64.b64encode(self.image).decode("ascii")
        caption = html.escape(self._caption())
        page = (
            f'<figure style="margin: 0"><img src="data:image/png;base64,{encoded}" alt="{html.escape(alt)}"/>'
            f'<figcaption style="font-size: smaller; color: #555">{caption}</figcaption></figure>'
        )
        # The alternative text travels with the image into HTML exports (and with the PNG alone).
        return {"image/png": self.image, "text/html": page, "text/plain": self._caption()}, {"image/png": {"alt": alt}}

    def _repr_png_(self) -> tuple[bytes, dict[str, str]]:
        return self.image, {"alt": f"figure: {self.png.stem.replace('_', ' ')}"}

    def __repr__(self) -> str:
        return f"SavedFigure({self._caption()})"


def save_figure(figure: Any, folder: str | os.PathLike[str], name: str, dpi: int = PNG_DPI) -> SavedFigure:
    """Save a figure as ``<folder>/<name>.png`` and ``<folder>/<name>.pdf``; the result displays the image.

    Raises:
        ValueError: ``dpi`` is below 150 (not print quality).
    """
    if dpi < 150:
        raise ValueError(f"dpi must be at least 150 for figures meant for papers, got {dpi}")
    folder = Path(folder)
    buffer = io.BytesIO()
    # The figure's own size, never a bounding box grown around its labels: figures are made exactly
    # one or two columns wide (style.COLUMN_WIDTH, style.PAGE_WIDTH) and lay themselves out inside.
    figure.savefig(buffer, format="png", dpi=dpi)
    image = buffer.getvalue()
    png = write_atomic(folder / f"{name}.png", image, durable=False)
    with atomic_path(folder / f"{name}.pdf", durable=False) as temporary:
        figure.savefig(temporary, format="pdf")
    return SavedFigure(png, folder / f"{name}.pdf", image)


@dataclass(frozen=True)
class Skipped:
    """An artefact that was not written because its input holds nothing to show, and why."""

    name: str
    reason: str

    def _repr_markdown_(self) -> str:
        return f"*{self.name}: not written: {self.reason}.*"

    def __repr__(self) -> str:
        return f"Skipped({self.name!r}: {self.reason})"


class Artefacts:
    """Writes one notebook's tables and figures into a folder and keeps a list of them.

    Example::

        out = Artefacts("figures")
        out.table("table3_success", table, display=success_table_display(table))
        out.figure("task_success", lambda: plot_task_success(table))
    """

    def __init__(self, folder: str | os.PathLike[str]) -> None:
        self.folder = Path(folder)
        self.written: list[Path] = []
        self.skipped: list[Skipped] = []

    def table(self, name: str, frame: pd.DataFrame, display: pd.DataFrame | None = None) -> SavedTable | Skipped:
        """Write a table (CSV and Markdown, ``display`` for the latter if given); an empty table is skipped with a note."""
        if frame.empty:
            return self._skip(name, "the table is empty for these runs")
        saved = save_table(frame, self.folder, name, display)
        self.written += [saved.csv, saved.markdown]
        return saved

    def figure(self, name: str, make: Any) -> SavedFigure | Skipped:
        """Write a figure (PNG and PDF); ``make`` is one or a function returning one, whose
        :class:`~aspera_workbench.analysis.plots.NoData` becomes a :class:`Skipped` note.
        """
        if callable(make):
            try:
                make = make()
            except NoData as reason:
                return self._skip(name, str(reason))
        saved = save_figure(make, self.folder, name)
        self.written += [saved.png, saved.pdf]
        return saved

    def _skip(self, name: str, reason: str) -> Skipped:
        note = Skipped(name, reason)
        self.skipped.append(note)
        return note
