"""The library's public names ("primitives"), read from its source, and counted two ways.

A *primitive* is a public name of one of the five executable library modules
(``exceptions``, ``time_utils``, ``company_directory``, ``work_calendar``,
``room_booking``) that the module itself defines, or a public method or
property declared on one of its classes. Names a module merely imports
(``datetime``, or ``Employee`` seen through ``work_calendar``) belong to the
module that defines them, or to nobody.

Kinds:

* ``function``: a module-level ``def``;
* ``class``: a ``class`` statement, or an enum made with the functional
  ``Enum("Name", [...])`` call (``functional_enum`` is then true);
* ``method``: a public method or property of a library class (``Class.name``);
* ``alias``: a type alias (``weekdays = Literal[...]``, ``EventId = str``);
* ``constant``: any other module-level value (``MAX_EVENT_RECURRENCES``, ``logger``).

Two counts are offered, because readers meet both:

* **documented**: what the original's documentation layer shows program
  authors (everything except :data:`aspera_core.library.docs.EXECUTABLE_ONLY`);
  the paper's "49 functions + 20 classes = 69 primitives" is counted this way;
* **callable**: everything a program can reach through the modules' star
  imports and the classes' attributes, executable-only additions included.

Documentation-only modules (``files``, ``contacts``, ...) are catalogued too
(``core`` false) but are left out of the totals, as in the paper.
"""

from __future__ import annotations

import ast
import functools
import importlib
import inspect
from dataclasses import dataclass

#: The executable modules whose names the paper counts, in the order tables list them.
CORE_MODULES: tuple[str, ...] = ("company_directory", "work_calendar", "room_booking", "time_utils", "exceptions")

#: Kinds of primitive, in the order tables list them.
KINDS: tuple[str, ...] = ("function", "method", "class", "alias", "constant")

# Decorators that turn a method into model machinery rather than API; such
# members are still callable, so they count as callable but never as documented.
_PYDANTIC_HOOKS = frozenset(
    {"field_validator", "model_validator", "field_serializer", "model_serializer", "validator", "root_validator"}
)


@dataclass(frozen=True)
class Primitive:
    """One public name of the library.

    Attributes:
        module: Short name of the defining module (``"work_calendar"``).
        name: The name; ``Class.member`` for methods.
        kind: One of :data:`KINDS`.
        documented: Shown by the original's documentation layer.
        core: Defined in one of :data:`CORE_MODULES`.
        functional_enum: A class made with the functional ``Enum(...)`` API.
        line: Line of the definition in the module's source (for ordering).
    """

    module: str
    name: str
    kind: str
    documented: bool
    core: bool
    functional_enum: bool = False
    line: int = 0

    @property
    def short_name(self) -> str:
        """The name as used after a dot (``duration`` for ``Event.duration``)."""
        return self.name.rsplit(".", 1)[-1]


def _decorator_name(node: ast.expr) -> str:
    target = node.func if isinstance(node, ast.Call) else node
    if isinstance(target, ast.Attribute):
        return target.attr
    return target.id if isinstance(target, ast.Name) else ""


def _assigned_kind(value: ast.expr | None) -> tuple[str, bool]:
    """Kind of a module-level assignment: ``(kind, functional_enum)``."""
    if isinstance(value, ast.Call) and _decorator_name(value.func) in {"Enum", "StrEnum", "IntEnum"}:
        return "class", True
    if isinstance(value, ast.Subscript) and _decorator_name(value.value) in {"Literal", "Union", "Optional"}:
        return "alias", False
    if isinstance(value, ast.Name) and value.id in {"str", "int", "float"}:
        return "alias", False
    return "constant", False


def _module_primitives(module_name: str, hidden: frozenset[str], core: bool) -> list[Primitive]:
    module = importlib.import_module(f"aspera_core.library.{module_name}")
    tree = ast.parse(inspect.getsource(module))
    found: dict[str, Primitive] = {}

    def add(name: str, kind: str, line: int, functional_enum: bool = False, machinery: bool = False) -> None:
        if name in found:
            return
        documented = name not in hidden and not machinery
        found[name] = Primitive(module_name, name, kind, documented, core, functional_enum, line)

    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and not node.name.startswith("_"):
            add(node.name, "function", node.lineno)
        elif isinstance(node, ast.ClassDef) and not node.name.startswith("_"):
            add(node.name, "class", node.lineno)
            for item in node.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)) and not item.name.startswith("_"):
                    machinery = any(_decorator_name(d) in _PYDANTIC_HOOKS for d in item.decorator_list)
                    add(f"{node.name}.{item.name}", "method", item.lineno, machinery=machinery)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            kind, functional = _assigned_kind(node.value)
            for target in targets:
                if isinstance(target, ast.Name) and not target.id.startswith("_"):
                    add(target.id, kind, node.lineno, functional)
    return list(found.values())


@functools.cache
def library_primitives() -> tuple[Primitive, ...]:
    """Every primitive of the library, core modules first (in :data:`CORE_MODULES` order), then the others.

    Returns:
        The primitives in module order, then source order.
    """
    from aspera_core.library import DOCUMENTATION_ONLY_MODULES
    from aspera_core.library.docs import EXECUTABLE_ONLY

    primitives: list[Primitive] = []
    for module_name in CORE_MODULES:
        primitives += _module_primitives(module_name, EXECUTABLE_ONLY.get(module_name, frozenset()), True)
    for module_name in DOCUMENTATION_ONLY_MODULES:
        primitives += _module_primitives(module_name, frozenset(), False)
    return tuple(primitives)


@functools.cache
def primitive_index() -> dict[str, Primitive]:
    """Top-level primitives of the core modules by name (what a bare name in a program can refer to)."""
    return {p.name: p for p in library_primitives() if p.core and p.kind != "method"}


@functools.cache
def method_index() -> dict[str, tuple[Primitive, ...]]:
    """Methods of core library classes by their short name (what ``value.name`` can refer to)."""
    index: dict[str, list[Primitive]] = {}
    for primitive in library_primitives():
        if primitive.core and primitive.kind == "method":
            index.setdefault(primitive.short_name, []).append(primitive)
    return {name: tuple(found) for name, found in index.items()}
