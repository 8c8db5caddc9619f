"""Detecting a program that replaced parts of the library or the evaluator.

A program runs in the same interpreter as the library it calls and the
evaluation program that judges it, so it could, for example, replace
``work_calendar.find_events`` or ``Event.__eq__`` to make the checks pass.
:class:`IntegrityBaseline` is taken before any program runs; afterwards
:meth:`IntegrityBaseline.changes` names what was rebound, deleted or added.

Protected: every loaded module of ``aspera_core`` (library, tools, world,
executor) and of the ``aspera`` compatibility aliases, plus ``builtins``,
``enum``, ``json``, ``json.encoder`` and ``pydantic.main``: their module
dictionaries and the dictionaries of the classes they define. Optionally
(``check_code``) each function's ``__code__``, ``__defaults__`` and
``__kwdefaults__`` too; inside a sandboxed worker the audit hook of
:mod:`aspera_core.executor.guard` refuses those assignments outright.

How changes are found cheaply. In a freshly forked worker, *reading* a binding
from Python increments the object's reference count, i.e. writes to its page,
which makes the kernel copy that page; checking some 1,500 bindings that way
costs more than evaluating the task. Instead, the check reads each protected
dictionary's version tag (PEP 509: CPython bumps it on every insertion,
replacement and deletion) through a read-only descriptor on ``/proc/self/mem``,
which writes nothing. Dictionaries that the library itself rebinds at run time
(modules with functions that assign ``global`` names, such as the world's
current context) are checked binding by binding instead, skipping their
private data. Where version tags cannot be read (another interpreter, no
``/proc``), every dictionary is checked binding by binding.
"""

from __future__ import annotations

import copyreg
import dis
import gc
import os
import sys
from itertools import repeat
from operator import is_
from types import CodeType, FunctionType, ModuleType
from typing import Any, Iterable, Mapping

PROTECTED_PREFIXES = ("aspera_core", "aspera")
PROTECTED_EXTRA_MODULES = ("builtins", "enum", "json", "json.encoder", "pydantic.main")

_MISSING = object()
_DESCRIPTORS = (FunctionType, staticmethod, classmethod, property, type)
# Class attributes the standard library adds lazily as caches (``copyreg``
# stores ``__slotnames__`` when an instance is first copied or pickled).
_CACHE_NAMES = frozenset({"__slotnames__"})
_GLOBAL_STORES = frozenset({"STORE_GLOBAL", "DELETE_GLOBAL"})
# Offset of ``ma_version_tag`` in CPython's dict object (after the object
# header and ``ma_used``); verified by a self-test before it is relied on.
_VERSION_OFFSET = 3 * 8


def _watch_in_module(name: str, value: Any) -> bool:
    return not name.startswith("_") or callable(value) or isinstance(value, ModuleType)


def _watch_in_class(name: str) -> bool:
    return name not in _CACHE_NAMES


def _functions_of(value: Any) -> list[FunctionType]:
    if isinstance(value, FunctionType):
        return [value]
    if isinstance(value, staticmethod | classmethod) and isinstance(value.__func__, FunctionType):
        return [value.__func__]
    if isinstance(value, property):
        return [f for f in (value.fget, value.fset, value.fdel) if isinstance(f, FunctionType)]
    return []


def _assigns_globals(code: CodeType) -> bool:
    """Whether ``code`` (or a function nested in it) assigns or deletes a global name."""
    stack = [code]
    while stack:
        current = stack.pop()
        if any(instruction.opname in _GLOBAL_STORES for instruction in dis.get_instructions(current)):
            return True
        stack += [const for const in current.co_consts if isinstance(const, CodeType)]
    return False


def _unwrapped(function: FunctionType) -> list[FunctionType]:
    chain = [function]
    while isinstance(getattr(chain[-1], "__wrapped__", None), FunctionType) and len(chain) < 10:
        chain.append(chain[-1].__wrapped__)
    return chain


def protected_modules(modules: Mapping[str, ModuleType] | None = None) -> list[ModuleType]:
    """The loaded modules whose names and classes are fingerprinted.

    Args:
        modules: Module table to search (``sys.modules`` by default).

    Returns:
        Distinct module objects, in a stable order.
    """
    table = dict(sys.modules if modules is None else modules)
    chosen: dict[int, ModuleType] = {}
    for name in sorted(table):
        module = table[name]
        if not isinstance(module, ModuleType):
            continue
        if name.split(".", 1)[0] in PROTECTED_PREFIXES or name in PROTECTED_EXTRA_MODULES:
            chosen.setdefault(id(module), module)
    return list(chosen.values())


class _VersionReader:
    """Reads dict version tags from this process's memory without touching the dicts."""

    def __init__(self) -> None:
        self._fd = os.open("/proc/self/mem", os.O_RDONLY | os.O_CLOEXEC)

    def version(self, address: int) -> bytes:
        return os.pread(self._fd, 8, address)

    def close(self) -> None:
        os.close(self._fd)


def _version_tags_work() -> bool:
    """Self-test: do dict version tags sit where expected and change on every update?"""
    try:
        reader = _VersionReader()
    except OSError:
        return False
    try:
        probe: dict[str, Any] = {"key": 1}
        before = reader.version(id(probe) + _VERSION_OFFSET)
        probe["key"] = 2
        after_replace = reader.version(id(probe) + _VERSION_OFFSET)
        probe["other"] = 3
        after_insert = reader.version(id(probe) + _VERSION_OFFSET)
        del probe["other"]
        after_delete = reader.version(id(probe) + _VERSION_OFFSET)
        return len({before, after_replace, after_insert, after_delete}) == 4
    except OSError:
        return False
    finally:
        reader.close()


class IntegrityBaseline:
    """Fingerprint of the protected modules, taken at construction.

    Take it in the process that forks the workers, after everything they
    need has been imported; each worker then calls :meth:`arm` once (it opens
    the memory reader) and :meth:`changes` after each evaluation.

    Args:
        modules: Modules to protect (default: :func:`protected_modules`).
        check_code: Also fingerprint every function's ``__code__``,
            ``__defaults__`` and ``__kwdefaults__``.
        use_versions: Use dict version tags where possible (``False`` forces
            the binding-by-binding check everywhere).
    """

    def __init__(
        self, modules: Iterable[ModuleType] | None = None, check_code: bool = True, use_versions: bool = True
    ) -> None:
        modules = list(protected_modules() if modules is None else modules)
        self.check_code = check_code
        self.use_versions = use_versions and _version_tags_work()
        # (label, dictionary, watched names, their values, all names at baseline)
        self._tables: list[tuple[str, Mapping[str, Any], tuple[str, ...], tuple[Any, ...], frozenset[str]]] = []
        self._versioned: list[tuple[int, str, dict[str, Any]]] = []  # (table index, label, dict)
        self._by_binding: list[int] = []  # table indexes checked binding by binding
        functions: dict[int, FunctionType] = {}
        seen_classes: set[int] = set()
        for module in modules:
            namespace = vars(module)
            label = module.__name__
            items = list(namespace.items())
            volatile = any(
                _assigns_globals(f.__code__)
                for _, value in items
                for direct in _functions_of(value)
                if direct.__module__ == label
                for f in _unwrapped(direct)
            )
            names = tuple(n for n, v in items if _watch_in_module(n, v))
            self._add_table(label, namespace, names, namespace, by_version=not volatile)
            for _, value in items:
                for function in _functions_of(value):
                    functions.setdefault(id(function), function)
                if isinstance(value, type) and value.__module__ == label and id(value) not in seen_classes:
                    seen_classes.add(id(value))
                    self._add_class(value, functions)
        self._functions = tuple(functions.values())
        self._codes = self._snapshot_code()
        self._reader: _VersionReader | None = None
        self._versions: tuple[bytes, ...] = ()

    def _add_table(
        self, label: str, mapping: Mapping[str, Any], names: tuple[str, ...], real: Any, by_version: bool
    ) -> None:
        index = len(self._tables)
        self._tables.append((label, mapping, names, tuple(mapping[n] for n in names), frozenset(mapping)))
        if by_version and self.use_versions and isinstance(real, dict):
            self._versioned.append((index, label, real))
        else:
            self._by_binding.append(index)

    def _add_class(self, cls: type, functions: dict[int, FunctionType]) -> None:
        # Fill the copy/pickle cache now, so copying instances does not modify the class later.
        slotnames = getattr(copyreg, "_slotnames", None)
        if slotnames is not None:
            try:
                slotnames(cls)
            except Exception:  # noqa: BLE001 - an unusual class; the check still works
                pass
        attributes = vars(cls)
        label = f"{cls.__module__}.{cls.__qualname__}"
        names = tuple(n for n in list(attributes) if _watch_in_class(n))
        # the dict behind the read-only mapping proxy, whose version tag is read
        real = next((r for r in gc.get_referents(attributes) if isinstance(r, dict)), None)
        self._add_table(label, attributes, names, real, by_version=True)
        for name in names:
            for function in _functions_of(attributes[name]):
                functions.setdefault(id(function), function)

    def _snapshot_code(self) -> tuple[tuple[Any, ...], ...]:
        if not self.check_code:
            return ()
        fns = self._functions
        return (
            tuple(f.__code__ for f in fns),
            tuple(f.__defaults__ for f in fns),
            tuple(f.__kwdefaults__ for f in fns),
        )

    def _read_versions(self) -> tuple[bytes, ...]:
        assert self._reader is not None
        version = self._reader.version
        return tuple(version(id(real) + _VERSION_OFFSET) for _, _, real in self._versioned)

    def arm(self) -> None:
        """Start watching from now: record the current version tags (call in the worker).

        Call it before anything untrusted runs. Without it, :meth:`changes`
        checks every binding (correct, but slower in a fresh worker).
        """
        if self._versioned and self._reader is None:
            try:
                self._reader = _VersionReader()
            except OSError:
                return
            self._versions = self._read_versions()

    def changes(self) -> list[str]:
        """Protected names that are no longer as they were.

        Returns:
            Dotted names (``module.name`` or ``module.Class.attr``) that were
            rebound, deleted or added, and functions whose code or defaults
            were replaced; empty when nothing changed. (A change undone before
            this check is not reported.)
        """
        changed: list[str] = []
        suspects = list(self._by_binding)
        if self._reader is not None:
            now = self._read_versions()
            suspects += [self._versioned[i][0] for i, (a, b) in enumerate(zip(self._versions, now)) if a != b]
        else:
            suspects += [index for index, _, _ in self._versioned]
        for index in suspects:
            label, mapping, names, values, known = self._tables[index]
            current = tuple(map(mapping.get, names, repeat(_MISSING)))
            if not all(map(is_, current, values)):
                changed += [f"{label}.{n}" for n, a, b in zip(names, current, values) if a is not b]
            changed += [
                f"{label}.{n}"
                for n, v in list(mapping.items())
                if n not in known and n not in _CACHE_NAMES and _watch_in_module(n, v)
            ]
        if self.check_code:
            now_code = self._snapshot_code()
            for kind, before, after in zip(("__code__", "__defaults__", "__kwdefaults__"), self._codes, now_code):
                if not all(map(is_, before, after)):
                    changed += [
                        f"{f.__module__}.{f.__qualname__}.{kind}"
                        for f, a, b in zip(self._functions, before, after)
                        if a is not b
                    ]
        return sorted(set(changed))


def namespace_changes(snapshot: list[tuple[str, Any]], namespace: Mapping[str, Any]) -> list[str]:
    """Names of ``snapshot`` that ``namespace`` no longer binds to the same object.

    Args:
        snapshot: ``list(namespace.items())`` taken earlier.
        namespace: The namespace now.

    Returns:
        The rebound or deleted names.
    """
    return [name for name, value in snapshot if namespace.get(name, _MISSING) is not value]
