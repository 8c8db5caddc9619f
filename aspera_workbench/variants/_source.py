"""Text surgery on a program's source: node spans, statement lines, edits.

Variants are produced by editing the original text rather than by printing a
rewritten syntax tree, so comments, docstrings and layout survive and a variant
differs from its program only where it was changed (its diff is readable).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass


@dataclass(frozen=True)
class Edit:
    """Replace ``text[start:end]`` by ``replacement`` (character offsets)."""

    start: int
    end: int
    replacement: str


class Source:
    """A program's text with its syntax tree (``SyntaxError`` if it does not parse) and position helpers."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.tree = ast.parse(text)
        self.lines = text.splitlines(keepends=True)
        self._starts = [0]
        for line in self.lines:
            self._starts.append(self._starts[-1] + len(line))

    def offset(self, lineno: int, col: int) -> int:
        """Character offset of a 1-based line and a UTF-8 byte column (as ``ast`` gives them)."""
        line = self.lines[lineno - 1] if lineno - 1 < len(self.lines) else ""
        return self._starts[lineno - 1] + len(line.encode("utf-8")[:col].decode("utf-8", errors="replace"))

    def span(self, node: ast.AST) -> tuple[int, int]:
        """Character offsets where ``node`` starts and ends."""
        return (
            self.offset(node.lineno, node.col_offset),  # type: ignore[attr-defined]
            self.offset(node.end_lineno, node.end_col_offset),  # type: ignore[attr-defined]
        )

    def segment(self, node: ast.AST) -> str:
        start, end = self.span(node)
        return self.text[start:end]

    def indent(self, lineno: int) -> str:
        line = self.lines[lineno - 1]
        return line[: len(line) - len(line.lstrip(" \t"))]

    def line_start(self, lineno: int) -> int:
        return self._starts[lineno - 1]

    def owns_lines(self, stmt: ast.stmt) -> bool:
        """Whether a statement occupies whole lines (nothing else before or after it on them)."""
        start, end = self.span(stmt)
        before = self.text[self.line_start(stmt.lineno) : start]
        last = stmt.end_lineno or stmt.lineno
        after = self.text[end : self._starts[last]]
        return not before.strip() and (not after.strip() or after.strip().startswith("#"))

    def lines_of(self, stmt: ast.stmt, with_comments: bool = False) -> tuple[int, int]:
        """Offsets of the whole lines a statement that owns its lines occupies, and its comments above if asked."""
        first = stmt.lineno
        if with_comments:
            while first > 1 and self.lines[first - 2].strip().startswith("#"):
                first -= 1
        last = stmt.end_lineno or stmt.lineno
        return self._starts[first - 1], self._starts[last]

    def replace(self, node: ast.AST, text: str) -> str:
        """The text with ``node`` replaced by ``text``."""
        return self.apply([Edit(*self.span(node), text)])

    def apply(self, edits: list[Edit]) -> str:
        """The text with non-overlapping edits applied (``ValueError`` if two overlap)."""
        ordered = sorted(edits, key=lambda edit: (edit.start, edit.end))
        pieces: list[str] = []
        position = 0
        for edit in ordered:
            if edit.start < position:
                raise ValueError("overlapping edits")
            pieces.append(self.text[position : edit.start])
            pieces.append(edit.replacement)
            position = edit.end
        pieces.append(self.text[position:])
        return "".join(pieces)


def indent_block(text: str, indent: str) -> str:
    """Indent every line of ``text`` (which ends with a newline) by ``indent``."""
    return "".join(indent + line if line.strip() else line for line in text.splitlines(keepends=True))


def solution_function(tree: ast.Module) -> ast.FunctionDef | None:
    """The first top-level function of a module (the program's solution), if any."""
    return next((node for node in tree.body if isinstance(node, ast.FunctionDef)), None)


def body_without_docstring(function: ast.FunctionDef) -> list[ast.stmt]:
    """A function's statements, its docstring left out."""
    return function.body[1:] if ast.get_docstring(function, clean=False) is not None else function.body
