"""The library's primitives, and which of them a program uses.

A *primitive* is a public name a library module defines: a function, a class
(enums included), a type alias or a constant; names a module merely imports
(``datetime``, ``Enum``...) are not primitives. Two inventories are offered,
because readers count both ways: what the original's documentation shows
(``documented_only=True``, see :data:`aspera_core.library.docs.EXECUTABLE_ONLY`)
and everything a program can call.

:func:`names_used` finds the primitives a program refers to by reading its
syntax tree, not its text: a name counts where the program loads it (``find_events(...)``,
``TimeUnits.Minutes``, ``work_calendar.add_event``) and does not bind it itself.
It serves the primitive-selection scores of agents, the complexity analysis
and the audit alike.
"""

from __future__ import annotations

import ast
import functools
import importlib
from collections.abc import Iterable

from aspera_core.library import docs

#: Every module of the library's documentation, in alphabetical order (the
#: order in which a primitive-selection agent is shown them).
ALL_MODULES = (
    "ai_assistant",
    "company_directory",
    "contacts",
    "exceptions",
    "files",
    "messaging",
    "navigation",
    "reminder",
    "room_booking",
    "time_utils",
    "user_device_settings",
    "work_calendar",
)
#: The modules that act on the simulated world, in the order tasks list them.
CORE_MODULES = ("exceptions", "time_utils", "company_directory", "work_calendar", "room_booking")


@functools.cache
def module_primitives(module: str, documented_only: bool = False) -> tuple[str, ...]:
    """Public names ``module`` defines, in definition order.

    Args:
        module: Short module name (``"work_calendar"``).
        documented_only: Leave out the names the original's documentation does not show.

    Returns:
        The names.
    """
    loaded = importlib.import_module(f"aspera_core.library.{module}")
    names = docs.defined_names(loaded)
    if documented_only:
        hidden = docs.EXECUTABLE_ONLY.get(module, frozenset())
        names = [name for name in names if name not in hidden]
    return tuple(names)


@functools.cache
def primitive_modules(modules: tuple[str, ...] = ALL_MODULES, documented_only: bool = False) -> dict[str, str]:
    """Primitive name -> the first of ``modules`` that defines it."""
    owner: dict[str, str] = {}
    for module in modules:
        for name in module_primitives(module, documented_only):
            owner.setdefault(name, module)
    return owner


class _Uses(ast.NodeVisitor):
    """Collects loaded names and ``module.attribute`` references, and the names a program binds."""

    def __init__(self, modules: frozenset[str]) -> None:
        self.modules = modules
        self.loaded: list[str] = []
        self.bound: set[str] = set()

    def visit_Name(self, node: ast.Name) -> None:
        if isinstance(node.ctx, ast.Load):
            self.loaded.append(node.id)
        else:
            self.bound.add(node.id)

    def visit_Attribute(self, node: ast.Attribute) -> None:
        # ``work_calendar.add_event`` after ``from aspera... import work_calendar``
        if isinstance(node.value, ast.Name) and node.value.id in self.modules:
            self.loaded.append(node.attr)
        self.generic_visit(node)

    def _function(self, node: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda) -> None:
        if not isinstance(node, ast.Lambda):
            self.bound.add(node.name)
        arguments = node.args
        for argument in [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]:
            self.bound.add(argument.arg)
        for argument in (arguments.vararg, arguments.kwarg):
            if argument is not None:
                self.bound.add(argument.arg)
        self.generic_visit(node)

    visit_FunctionDef = visit_AsyncFunctionDef = visit_Lambda = _function

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        self.bound.add(node.name)
        self.generic_visit(node)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        # Importing a library name does not use it; importing anything else binds a name.
        if not (node.module or "").startswith(("aspera", "aspera_core")):
            self.bound.update(alias.asname or alias.name for alias in node.names)

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            if not alias.name.startswith(("aspera", "aspera_core")):
                self.bound.add((alias.asname or alias.name).split(".")[0])


def names_used(program: str, modules: Iterable[str] = CORE_MODULES, documented_only: bool = False) -> list[str]:
    """The library primitives a program refers to, in order of first use.

    Args:
        program: Python source (it must parse).
        modules: Modules whose primitives count.
        documented_only: Count only primitives the original documents.

    Returns:
        Distinct primitive names. A name the program binds itself (a variable,
        parameter, function or class of its own, or an import from outside
        the library) is not counted, even where it also loads it.

    Raises:
        SyntaxError: the program does not parse.
    """
    modules = tuple(modules)
    owner = primitive_modules(modules, documented_only)
    visitor = _Uses(frozenset(modules))
    visitor.visit(ast.parse(program))
    used: dict[str, None] = {}
    for name in visitor.loaded:
        if name in owner and name not in visitor.bound:
            used.setdefault(name)
    return list(used)
