"""A parsed program with what every rewrite needs to know about it."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from typing import Any

from aspera_workbench.variants._analysis import EffectAnalyser, bound_names, identifiers, uses_dynamic_scope
from aspera_workbench.variants._source import Source, body_without_docstring, solution_function

_NESTED_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)


class Program:
    """A program's source, its solution function and the names it uses.

    Raises:
        SyntaxError: the text does not parse.
        ValueError: the text defines no top-level function.
    """

    def __init__(self, text: str, query: str = "") -> None:
        self.query = query  # the request, for the variants that use its freedoms ("": none is assumed)
        self.source = Source(text)
        function = solution_function(self.source.tree)
        if function is None:
            raise ValueError("the program defines no top-level function")
        self.function = function
        self.bindings = bound_names(self.source.tree)
        self._taken = identifiers(self.source.tree, self.bindings)
        self.dynamic = uses_dynamic_scope(function)
        self.effects = EffectAnalyser(self.bindings)
        self._names: dict[str, list[ast.Name]] | None = None
        self._owners: dict[int, dict[ast.AST, ast.stmt]] = {}

    @property
    def text(self) -> str:
        return self.source.text

    def unbound(self, *names: str) -> bool:
        """Whether the program binds none of ``names`` (so they still mean the library's or builtins' objects)."""
        return not any(name in self.bindings for name in names)

    def fresh(self, base: str, reserve: bool = False) -> str:
        """An identifier the program does not use, starting with ``base`` (``reserve``: never give it again)."""
        name, number = base, 1
        while name in self._taken:
            number += 1
            name = f"{base}_{number}"
        if reserve:
            self._taken.add(name)
        return name

    def names(self, name: str) -> list[ast.Name]:
        """Every ``Name`` node for ``name`` in the solution function (nested scopes included)."""
        if self._names is None:
            self._names = {}
            for node in ast.walk(self.function):
                if isinstance(node, ast.Name):
                    self._names.setdefault(node.id, []).append(node)
        return self._names.get(name, [])

    def owner(self, block: list[ast.stmt], node: ast.AST) -> int | None:
        """Position in ``block`` of the statement that contains ``node``, if any."""
        owners = self._owners.get(id(block))
        if owners is None:
            owners = {inner: index for index, stmt in enumerate(block) for inner in ast.walk(stmt)}
            self._owners[id(block)] = owners
        return owners.get(node)

    def blocks(self) -> Iterator[list[ast.stmt]]:
        """Every statement list of the solution function, nested functions left out; the docstring is skipped."""
        pending: list[list[ast.stmt]] = [body_without_docstring(self.function)]
        while pending:
            block = pending.pop(0)
            yield block
            for stmt in block:
                if isinstance(stmt, _NESTED_SCOPES):
                    continue
                for field in ("body", "orelse", "finalbody"):
                    inner = getattr(stmt, field, None)
                    if isinstance(inner, list) and inner and isinstance(inner[0], ast.stmt):
                        pending.append(inner)
                pending += [handler.body for handler in getattr(stmt, "handlers", [])]
                pending += [case.body for case in getattr(stmt, "cases", [])]

    def statements(self) -> Iterator[ast.stmt]:
        """Every statement of the solution function (nested functions' bodies left out), in source order."""
        found = [stmt for block in self.blocks() for stmt in block]
        yield from sorted(found, key=lambda stmt: (stmt.lineno, stmt.col_offset))

    def nodes(self) -> Iterator[ast.AST]:
        """Every node inside the solution function, nested functions and lambdas left out."""
        pending: list[ast.AST] = list(self.function.body)
        while pending:
            node = pending.pop()
            yield node
            if isinstance(node, _NESTED_SCOPES):
                continue
            pending.extend(ast.iter_child_nodes(node))

    def body_start(self) -> ast.stmt | None:
        """The first statement after the docstring, where code can go before it; ``None`` in a one-line function."""
        body = body_without_docstring(self.function)
        first = body[0] if body else self.function.body[0]
        return None if first.lineno == self.function.lineno or not self.source.owns_lines(first) else first


def lines(node: ast.AST) -> str:
    """``line N`` or ``lines N-M`` for a node of the original program."""
    first, last = node.lineno, node.end_lineno or node.lineno  # type: ignore[attr-defined]
    return f"line {first}" if first == last else f"lines {first}-{last}"


def short(text: str, limit: int = 60) -> str:
    """One line of at most ``limit`` characters, for descriptions."""
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 3] + "..."


def calls(node: ast.AST, *dotted: str) -> bool:
    """Whether ``node`` is a call to one of the dotted names (``datetime.time``, ``combine``...)."""
    if not isinstance(node, ast.Call):
        return False
    parts = []
    func = node.func
    while isinstance(func, ast.Attribute):
        parts.append(func.attr)
        func = func.value
    if not isinstance(func, ast.Name):
        return False
    parts.append(func.id)
    return ".".join(reversed(parts)) in dotted


def literal(node: ast.AST | None, *types: type) -> Any:
    """The value of ``node`` if it is a constant of exactly one of ``types`` (``True`` is no int), else ``None``."""
    if isinstance(node, ast.Constant) and type(node.value) in types:
        return node.value
    return None


def member_of(node: ast.expr, enum: str) -> str | None:
    """``M`` for ``enum.M`` or ``enum["M"]``."""
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == enum:
        return node.attr
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id == enum:
        if isinstance(node.slice, ast.Constant) and isinstance(node.slice.value, str):
            return node.slice.value
    return None
