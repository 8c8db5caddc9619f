"""Boundaries that show: no import cycles, imports at module level, public names across subpackages.

A subpackage (``aspera_core.tasks``, ``aspera_workbench.analysis``, ...) is used by the rest of
the code through the names its ``__init__`` exports. Two kinds of module are public by path
instead: the release's modules (``aspera.apps_implementation.<name>`` and the setup and checking
tools resolve to them, and programs import them by that path) and the library's ``tool_support``,
which gives the tools public names for helpers the release modules must keep private; the
library's ``__init__`` installs the type-checking hook and deliberately imports nothing.
"""

from __future__ import annotations

import ast
import pathlib
from collections.abc import Iterator

import grimp
import pytest

from aspera_core.compat import ALIASES, install
from aspera_core.library import tool_support

ROOT = pathlib.Path(__file__).resolve().parents[2]
PACKAGES = ("aspera_core", "aspera_workbench")

#: Import cycles tolerated (none: a new one needs a reason written here).
ALLOWED_CYCLES: list[set[str]] = []

PUBLIC_BY_PATH = set(ALIASES.values()) | {"aspera_core.library.tool_support"}


def _source_files() -> Iterator[pathlib.Path]:
    for package in PACKAGES:
        yield from sorted((ROOT / package).rglob("*.py"))


def _module_name(path: pathlib.Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@pytest.fixture(scope="module")
def graph() -> grimp.ImportGraph:
    # Imports made only for type checkers count too: a cycle there is still a tangle to read.
    return grimp.build_graph(*PACKAGES, exclude_type_checking_imports=False, cache_dir=None)  # no stale cache


def _function_level_imports(source: str) -> Iterator[tuple[ast.stmt, ast.stmt]]:
    """Each import inside a function, with the first import of the run of imports it belongs to."""
    for function in ast.walk(ast.parse(source)):
        if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        for node in ast.walk(function):
            for field in ("body", "orelse", "finalbody"):
                statements = getattr(node, field, None)
                if not isinstance(statements, list):  # a lambda's body is an expression
                    continue
                head = None
                for statement in statements:
                    if isinstance(statement, (ast.Import, ast.ImportFrom)):
                        head = head or statement
                        yield statement, head
                    else:
                        head = None


def _says_deferred(lines: list[str], head: ast.stmt) -> bool:
    """Whether the first import of a run, or the comment lines right above it, say why the run is deferred."""
    if "# deferred:" in lines[head.lineno - 1]:
        return True
    above = head.lineno - 2
    while above >= 0 and lines[above].strip().startswith("#"):
        if "# deferred:" in lines[above]:
            return True
        above -= 1
    return False


def test_imports_sit_at_module_level_unless_deliberately_deferred():
    found = []
    for path in _source_files():
        source = path.read_text()
        lines = source.splitlines()
        seen = set()
        for node, head in _function_level_imports(source):
            if node.lineno not in seen and not _says_deferred(lines, head):
                seen.add(node.lineno)
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {lines[node.lineno - 1].strip()}")
    assert not found, "function-level imports without a '# deferred: <why>' comment:\n" + "\n".join(found)


def test_the_deferral_check_sees_nested_and_commented_imports():
    source = (
        "import os\n"
        "def f():\n"
        "    def g():\n"
        "        import json\n"
        "    # deferred: pandas is only needed for frames\n"
        "    import pandas\n"
        "    import csv  # deferred: rarely used\n"
        "    import io\n"
        "    x = 1\n"
        "    import re\n"
        "    if x:\n"
        "        # deferred: only on this branch\n"
        "        import ast\n"
        "        import dis\n"
    )
    lines = source.splitlines()
    verdicts = {node.lineno: _says_deferred(lines, head) for node, head in _function_level_imports(source)}
    assert verdicts == {4: False, 6: True, 7: True, 8: True, 10: False, 13: True, 14: True}


def _cycles(graph: grimp.ImportGraph) -> list[set[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm, iteratively)."""
    edges = {module: sorted(graph.find_modules_directly_imported_by(module)) for module in graph.modules}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components = []
    for start in sorted(edges):
        if start in index:
            continue
        work = [(start, iter(edges[start]))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            module, successors = work[-1]
            successor = next(successors, None)
            if successor is None:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[module])
                if low[module] == index[module]:
                    component = set()
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.add(member)
                        if member == module:
                            break
                    if len(component) > 1:
                        components.append(component)
            elif successor not in index:
                index[successor] = low[successor] = len(index)
                stack.append(successor)
                on_stack.add(successor)
                work.append((successor, iter(edges[successor])))
            elif successor in on_stack:
                low[module] = min(low[module], index[successor])
    return components


def test_no_import_cycles_between_modules(graph):
    unexpected = [sorted(cycle) for cycle in _cycles(graph) if cycle not in ALLOWED_CYCLES]
    assert not unexpected, f"import cycles: {unexpected}"


def test_the_cycle_finder_finds_a_cycle():
    graph = grimp.ImportGraph()
    for module in ("p.a", "p.b", "p.c", "p.d"):
        graph.add_module(module)
    graph.add_import(importer="p.a", imported="p.b")
    graph.add_import(importer="p.b", imported="p.c")
    graph.add_import(importer="p.c", imported="p.a")
    graph.add_import(importer="p.c", imported="p.d")
    assert _cycles(graph) == [{"p.a", "p.b", "p.c"}]


def _subpackage(module: str) -> str:
    """``aspera_core.tasks`` for ``aspera_core.tasks.validation``; a top-level module is its own."""
    return ".".join(module.split(".")[:2])


def _reaches_in(importer: str, imported: str) -> bool:
    """Whether ``importer`` imports a submodule of another subpackage rather than its exported names."""
    return (
        imported.count(".") >= 2 and _subpackage(importer) != _subpackage(imported) and imported not in PUBLIC_BY_PATH
    )


def test_other_subpackages_are_imported_through_their_public_names(graph):
    found = []
    for importer in sorted(graph.modules):
        for imported in sorted(graph.find_modules_directly_imported_by(importer)):
            if _reaches_in(importer, imported):
                for detail in graph.get_import_details(importer=importer, imported=imported):
                    found.append(f"{importer}:{detail['line_number']}: {detail['line_contents']}")
    assert not found, "imports of another subpackage's submodules (export the names instead):\n" + "\n".join(found)


def test_the_reach_in_check_tells_exported_names_from_submodules():
    assert _reaches_in("aspera_workbench.cli.audit", "aspera_core.tasks.validation")
    assert _reaches_in("aspera_core", "aspera_core.tasks.validation")
    assert not _reaches_in("aspera_workbench.cli.audit", "aspera_core.tasks")
    assert not _reaches_in("aspera_core.tasks.index", "aspera_core.tasks.validation")
    assert not _reaches_in("aspera_workbench.control.mapping", "aspera_core.library.work_calendar")
    assert not _reaches_in("aspera_workbench.analysis.frames", "aspera_core.outcomes")


def _private_names_from_elsewhere(path: pathlib.Path) -> Iterator[str]:
    """``from <module of another subpackage> import _name`` statements in the file at ``path``."""
    importer = _module_name(path)
    package = importer if path.name == "__init__.py" else importer.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text())):
        if not isinstance(node, ast.ImportFrom):
            continue
        module = node.module or ""
        if node.level:  # relative: resolve against the importer's package
            base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
            module = f"{base}.{module}" if module else base
        if not module.startswith(PACKAGES) or _subpackage(module) == _subpackage(importer):
            continue
        for alias in node.names:
            if alias.name.startswith("_") and not alias.name.startswith("__"):
                yield f"{path.relative_to(ROOT)}:{node.lineno}: {alias.name} from {module}"


def test_no_module_imports_another_subpackages_private_names():
    found = [hit for path in _source_files() for hit in _private_names_from_elsewhere(path)]
    assert not found, "private names imported across subpackages:\n" + "\n".join(found)


def test_tool_support_names_stay_out_of_what_programs_star_import():
    install()
    for alias, target in ALIASES.items():
        namespace: dict = {}
        exec(f"from {alias} import *", namespace)
        leaked = {name for name in tool_support.__all__ if name in namespace} | ({"tool_support"} & set(namespace))
        if target == "aspera_core.tools.checks.time_utils":
            # the release's checking tool defines its own public repetition_schedule (None-tolerant)
            assert namespace.pop("repetition_schedule") is not tool_support.repetition_schedule
            leaked.discard("repetition_schedule")
        assert not leaked, f"{alias} gives programs {sorted(leaked)}"
