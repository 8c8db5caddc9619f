"""The library's public names ("primitives"), and which of them a program uses.

A *primitive* is a public name a library module itself defines (what it imports
belongs to the module that defines it), or a public method or property of one of its
classes (``Class.name``). Kinds: ``function``, ``class`` (also a functional
``Enum("Name", [...])``), ``method``, ``alias`` (``EventId = str``, ``Literal[...]``)
and ``constant``.

Two counts, because readers meet both: **documented** (what the original's
documentation shows, everything but :data:`~aspera_workbench.surface.library_docs.EXECUTABLE_ONLY`;
the paper's "49 functions + 20 classes = 69 primitives") and **callable** (everything a
program can reach). Documentation-only modules are catalogued (``core`` false) but
left out of the totals, as in the paper.

:func:`primitives_used` reads a program's syntax tree: bare names no binding of the
program shadows (released programs import nothing: the evaluator star-imports the
library), names imported from a library module, attributes of an imported library
module and attributes named like a method of a library class (``event.duration``).
"""

from __future__ import annotations

import ast
import functools
import importlib
import inspect
from collections.abc import Iterable
from dataclasses import dataclass, field

from aspera_core.library import DOCUMENTATION_ONLY_MODULES
from aspera_workbench.surface.library_docs import EXECUTABLE_ONLY

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
    """One public name of the library (``Class.member`` for methods; ``line`` orders them in the source)."""

    module: str
    name: str
    kind: str
    documented: bool
    core: bool
    functional_enum: bool = False
    line: int = 0

    @property
    def short_name(self) -> str:
        return self.name.rsplit(".", 1)[-1]


def _decorator_name(node: ast.expr) -> str:
    target = node.func if isinstance(node, ast.Call) else node
    if isinstance(target, ast.Attribute):
        return target.attr
    return target.id if isinstance(target, ast.Name) else ""


def _assigned_kind(value: ast.expr | None) -> tuple[str, bool]:
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
    """Every primitive of the library, core modules first (in :data:`CORE_MODULES` order), in source order."""
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


# Import paths under which programs reach the library: the original's
# implementation and documentation packages, and this workbench's own.
_LIBRARY_PACKAGES = ("aspera.apps_implementation", "aspera.apps", "aspera_core.library")


def _library_module(dotted: str) -> str | None:
    for package in _LIBRARY_PACKAGES:
        if dotted.startswith(package + "."):
            rest = dotted[len(package) + 1 :]
            if "." not in rest:
                return rest
    return None


def _bound_names(node: ast.AST) -> set[str]:
    """Names a function (or module) body binds locally, nested scopes excluded."""
    bound: set[str] = set()
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
        arguments = node.args
        for argument in [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]:
            bound.add(argument.arg)
        for argument in (arguments.vararg, arguments.kwarg):
            if argument is not None:
                bound.add(argument.arg)
    body = node.body if isinstance(node.body, list) else [node.body]
    stack: list[ast.AST] = list(body)
    while stack:
        child = stack.pop()
        if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            bound.add(child.name)
            stack.extend(child.decorator_list)
            continue  # its body is its own scope
        if isinstance(child, ast.Lambda):
            continue
        if isinstance(child, ast.Name) and isinstance(child.ctx, (ast.Store, ast.Del)):
            bound.add(child.id)
        elif isinstance(child, ast.ExceptHandler) and child.name:
            bound.add(child.name)
        elif isinstance(child, ast.Import):
            bound.update((a.asname or a.name).split(".")[0] for a in child.names if not _library_module(a.name))
        elif isinstance(child, ast.ImportFrom) and _library_module(child.module or "") is None:
            if (child.module or "") not in _LIBRARY_PACKAGES:
                bound.update(a.asname or a.name for a in child.names if a.name != "*")
        elif isinstance(child, (ast.Global, ast.Nonlocal)):
            bound.difference_update(child.names)
        stack.extend(ast.iter_child_nodes(child))
    return bound


@dataclass
class _Resolver(ast.NodeVisitor):
    names: dict[str, Primitive] = field(default_factory=primitive_index)
    methods: dict[str, tuple[Primitive, ...]] = field(default_factory=method_index)
    module_aliases: dict[str, str] = field(default_factory=dict)
    imported: dict[str, Primitive] = field(default_factory=dict)
    scopes: list[set[str]] = field(default_factory=list)
    used: dict[str, Primitive] = field(default_factory=dict)

    def _shadowed(self, name: str) -> bool:
        return any(name in scope for scope in self.scopes)

    def _use(self, primitive: Primitive) -> None:
        self.used.setdefault(f"{primitive.module}.{primitive.name}", primitive)

    def _scoped(self, node: ast.AST) -> None:
        self.scopes.append(_bound_names(node))
        self.generic_visit(node)
        self.scopes.pop()

    def visit_Module(self, node: ast.Module) -> None:
        self._scoped(node)

    def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
        self._scoped(node)

    visit_AsyncFunctionDef = visit_FunctionDef  # noqa: N815 - ast.NodeVisitor's naming
    visit_Lambda = visit_FunctionDef  # noqa: N815

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            module = _library_module(alias.name)
            if module is not None and alias.asname:
                self.module_aliases[alias.asname] = module

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        source = node.module or ""
        module = _library_module(source)
        for alias in node.names:
            local = alias.asname or alias.name
            if module is None and source in _LIBRARY_PACKAGES and _library_module(f"{source}.{alias.name}"):
                self.module_aliases[local] = alias.name  # from aspera.apps_implementation import work_calendar
            elif module is not None and alias.name != "*":
                primitive = self.names.get(alias.name)
                if primitive is not None:
                    self.imported[local] = primitive

    def visit_Name(self, node: ast.Name) -> None:
        if not isinstance(node.ctx, ast.Load):
            return
        if node.id in self.imported:
            self._use(self.imported[node.id])
        elif not self._shadowed(node.id) and node.id in self.names:
            self._use(self.names[node.id])

    def visit_Attribute(self, node: ast.Attribute) -> None:
        base = node.value
        if isinstance(base, ast.Name) and base.id in self.module_aliases and not self._shadowed(base.id):
            primitive = self.names.get(node.attr)
            if primitive is not None and primitive.module == self.module_aliases[base.id]:
                self._use(primitive)
                return
        for primitive in self.methods.get(node.attr, ()):
            self._use(primitive)
        self.generic_visit(node)


def primitives_used(program: str) -> list[Primitive]:
    """Distinct library primitives a program refers to, in order of first use (none if it does not parse).

    A method name declared by several library classes counts once per class that declares it.
    """
    try:
        tree = ast.parse(program)
    except SyntaxError:
        return []
    resolver = _Resolver()
    resolver.visit(tree)
    return list(resolver.used.values())


#: Every module of the library's documentation, in alphabetical order (the
#: order in which a primitive-selection agent is shown them).
ALL_MODULES = tuple(sorted((*CORE_MODULES, *DOCUMENTATION_ONLY_MODULES)))


@functools.cache
def module_primitives(module: str, documented_only: bool = False) -> tuple[str, ...]:
    """Names of the top-level primitives ``module`` defines (no methods), in definition order."""
    return tuple(
        p.name
        for p in sorted(library_primitives(), key=lambda p: p.line)
        if p.module == module and p.kind != "method" and (p.documented or not documented_only)
    )


@functools.cache
def primitive_modules(modules: tuple[str, ...] = ALL_MODULES, documented_only: bool = False) -> dict[str, str]:
    """Top-level primitive name -> the first of ``modules`` that defines it."""
    owner: dict[str, str] = {}
    for module in modules:
        for name in module_primitives(module, documented_only):
            owner.setdefault(name, module)
    return owner


def names_used(program: str, modules: Iterable[str] = CORE_MODULES, documented_only: bool = False) -> list[str]:
    """Distinct top-level names of ``modules`` (no methods) a program refers to, in order of first use.

    Raises:
        SyntaxError: the program does not parse.
    """
    ast.parse(program)  # fail loudly on a program that does not parse
    wanted = set(modules)
    used: dict[str, None] = {}
    for primitive in primitives_used(program):
        if primitive.kind != "method" and primitive.module in wanted and (primitive.documented or not documented_only):
            used.setdefault(primitive.name)
    return list(used)
