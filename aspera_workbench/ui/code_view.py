"""Programs as HTML: syntax highlighted, and two programs side by side with their differences marked.

The HTML uses inline styles only (no stylesheet, no script), so it looks the
same in JupyterLab, in Voila and in a notebook exported to static HTML.
"""

from __future__ import annotations

import difflib
import html
from dataclasses import dataclass

from pygments.lexers import PythonLexer
from pygments.styles import get_style_by_name
from pygments.token import _TokenType

_STYLE = get_style_by_name("default")
# text-align: JupyterLab and nbconvert's HTML right-align table cells unless told otherwise.
_CELL = "font-family:monospace;font-size:12px;white-space:pre;text-align:left;padding:0 6px;vertical-align:top"
_NUMBER = "font-family:monospace;font-size:11px;color:#999;text-align:right;padding:0 4px;user-select:none"
#: Background of a line by how it differs: on the left (this program) and on the right (the other).
_BACKGROUND = {
    "equal": ("", ""),
    "replace": ("#fff5b1", "#fff5b1"),
    "delete": ("#ffd7d5", "#f6f8fa"),
    "insert": ("#f6f8fa", "#ccffd8"),
}


def _token_style(kind: _TokenType) -> str:
    style = _STYLE.style_for_token(kind)
    parts = []
    if style["color"]:
        parts.append(f"color:#{style['color']}")
    if style["bold"]:
        parts.append("font-weight:bold")
    if style["italic"]:
        parts.append("font-style:italic")
    return ";".join(parts)


def highlight_lines(program: str) -> list[str]:
    """A program's lines as HTML fragments, each highlighted on its own (the program is only tokenised)."""
    lines: list[list[str]] = [[]]
    # Whitespace waiting for the next token: it goes inside that token's span, since a
    # whitespace-only text node between tags is collapsed by nbconvert's HTML export.
    pending = ""
    for kind, text in PythonLexer(stripnl=False, ensurenl=False).get_tokens(program):
        style = _token_style(kind)
        for index, piece in enumerate(text.split("\n")):
            if index:
                lines[-1].append(html.escape(pending))
                lines.append([])
                pending = ""
            if piece and not piece.strip():
                pending += piece
            elif piece:
                escaped = html.escape(pending + piece)
                pending = ""
                lines[-1].append(f'<span style="{style}">{escaped}</span>' if style else escaped)
    lines[-1].append(html.escape(pending))
    fragments = ["".join(parts) for parts in lines]
    expected = len(program.splitlines()) or 1
    return (fragments + [""] * expected)[:expected]


def code_html(program: str, *, numbers: bool = True) -> str:
    """A program as a highlighted HTML block (a table of lines, numbered)."""
    rows = []
    for number, line in enumerate(highlight_lines(program), start=1):
        prefix = f'<td style="{_NUMBER}">{number}</td>' if numbers else ""
        rows.append(f'<tr>{prefix}<td style="{_CELL}">{line}</td></tr>')
    return '<table class="aspera-code" style="border-collapse:collapse">' + "".join(rows) + "</table>"


@dataclass(frozen=True)
class DiffLine:
    """One line of a side-by-side diff: ``equal``, ``replace``, ``delete`` (left only) or ``insert`` (right only),
    with its 1-based line number on each side (``None``: no line there)."""

    kind: str
    left: int | None
    right: int | None


def side_by_side(left: str, right: str) -> list[DiffLine]:
    """Align two programs line by line; replaced blocks of different lengths are padded with one-sided lines."""
    a, b = left.splitlines(), right.splitlines()
    matcher = difflib.SequenceMatcher(a=a, b=b, autojunk=False)
    aligned: list[DiffLine] = []
    for kind, a_start, a_end, b_start, b_end in matcher.get_opcodes():
        if kind == "equal":
            aligned += [DiffLine("equal", a_start + i + 1, b_start + i + 1) for i in range(a_end - a_start)]
        elif kind == "delete":
            aligned += [DiffLine("delete", i + 1, None) for i in range(a_start, a_end)]
        elif kind == "insert":
            aligned += [DiffLine("insert", None, i + 1) for i in range(b_start, b_end)]
        else:
            common = min(a_end - a_start, b_end - b_start)
            aligned += [DiffLine("replace", a_start + i + 1, b_start + i + 1) for i in range(common)]
            aligned += [DiffLine("delete", i + 1, None) for i in range(a_start + common, a_end)]
            aligned += [DiffLine("insert", None, i + 1) for i in range(b_start + common, b_end)]
    return aligned


def diff_html(left: str, right: str, left_title: str = "this program", right_title: str = "reference program") -> str:
    """Two programs side by side as an HTML table, highlighted; yellow: a line differs, red: only on the left,
    green: only on the right."""
    left_lines, right_lines = highlight_lines(left), highlight_lines(right)
    rows = []
    for line in side_by_side(left, right):
        left_colour, right_colour = _BACKGROUND[line.kind]
        cells = []
        for number, lines, colour in ((line.left, left_lines, left_colour), (line.right, right_lines, right_colour)):
            background = f";background:{colour}" if colour else ""
            text = lines[number - 1] if number is not None else ""
            cells.append(f'<td style="{_NUMBER}{background}">{number or ""}</td>')
            cells.append(f'<td style="{_CELL}{background}">{text}</td>')
        rows.append(f'<tr class="aspera-diff-{line.kind}">{"".join(cells)}</tr>')
    head = (
        f"<tr><th></th><th style='text-align:left'>{html.escape(left_title)}</th>"
        f"<th></th><th style='text-align:left'>{html.escape(right_title)}</th></tr>"
    )
    return '<table class="aspera-diff" style="border-collapse:collapse">' + head + "".join(rows) + "</table>"
