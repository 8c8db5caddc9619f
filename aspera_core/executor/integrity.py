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
from array import array
from collections.abc import Iterable, Mapping
from itertools import repeat
from operator import is_
from types import CodeType, FunctionType, ModuleType
from typing import Any

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

    def version(self, address: int, _pread: Any = os.pread) -> bytes:
        return _pread(self._fd, 8, address)

    def versions(self, runs: _Runs, _pread: Any = os.pread, _zip: Any = zip, _bytearray: Any = bytearray) -> bytes:
        """All tags, read run by run: one read per run of nearby addresses."""
        fd, offsets = self._fd, runs.offsets
        tags = _bytearray()
        position = 0
        for start, length, count in _zip(runs.starts, runs.lengths, runs.counts):
            chunk = _pread(fd, length, start)
            for offset in offsets[position : position + count]:
                tags += chunk[offset : offset + 8]
            position += count
        return bytes(tags)

    def close(self) -> None:
        os.close(self._fd)


class _Runs:
    """Addresses of 8-byte words grouped into reads of at most ``span`` bytes.

    Stored in flat machine-word arrays rather than tuples of integers, so that
    a forked worker iterating them writes to none of the inherited objects.

    Attributes:
        starts: First address of each read.
        lengths: Bytes of each read.
        counts: Words taken from each read.
        offsets: Offsets of the words inside their read, run after run.
    """

    def __init__(self, addresses: list[int], span: int = 4096) -> None:
        self.starts = array("Q")
        self.lengths = array("L")
        self.counts = array("L")
        self.offsets = array("L")
        group: list[int] = []
        for address in sorted(addresses) + [-1]:
            if group and (address < 0 or address + 8 - group[0] > span):
                self.starts.append(group[0])
                self.lengths.append(group[-1] + 8 - group[0])
                self.counts.append(len(group))
                self.offsets.extend(a - group[0] for a in group)
                group = []
            if address >= 0:
                group.append(address)


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
        # Addresses of the version tags, sorted and grouped into reads: plain
        # integers, so reading them touches none of the dictionaries (see the
        # module docstring).
        addresses = [id(real) + _VERSION_OFFSET for _, _, real in self._versioned]
        order = sorted(range(len(addresses)), key=addresses.__getitem__)
        self._versioned = [self._versioned[i] for i in order]
        self._runs = _Runs(addresses)
        self._reader: _VersionReader | None = None
        self._versions: bytes | None = None

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

    def snapshot(self) -> None:
        """Record the current version tags (in the process that forks the workers).

        Workers forked afterwards inherit the record, so they need not read
        the tags themselves before the program runs; anything that changes a
        protected dictionary after this call counts as a change.
        """
        if self._versioned:
            try:
                self._reader = self._reader or _VersionReader()
            except OSError:
                return
            self._versions = self._reader.versions(self._runs)

    def arm(self) -> None:
        """Prepare to check in this process (call it in the worker, before the program runs).

        Opens the worker's own memory reader; takes a :meth:`snapshot` first
        if none was inherited. Without ``arm``, :meth:`changes` checks every
        binding (correct, but slower in a fresh worker).
        """
        if not self._versioned:
            return
        if self._versions is None:
            self.snapshot()
            return
        try:
            # /proc/self/mem names the process that opens it: reopen after a fork.
            self._reader = _VersionReader()
        except OSError:
            self._reader = None

    @property
    def reads_versions(self) -> bool:
        """Whether this process can read version tags now (after :meth:`arm`)."""
        return self._reader is not None

    def dict_version(self, namespace: dict[str, Any]) -> bytes | None:
        """The version tag of one dictionary (``None`` when tags cannot be read here).

        Only the dictionary object's own header is read, never its contents.
        """
        if self._reader is None:
            return None
        return self._reader.version(id(namespace) + _VERSION_OFFSET)

    def changes(
        self,
        _len: Any = len,
        _range: Any = range,
        _map: Any = map,
        _zip: Any = zip,
        _all: Any = all,
        _list: Any = list,
        _tuple: Any = tuple,
        _sorted: Any = sorted,
        _set: Any = set,
        _callable: Any = callable,
        _isinstance: Any = isinstance,
        _modules: Any = sys.modules,
    ) -> list[str]:
        """Protected names that are no longer as they were.

        The builtins this check uses are bound when it is defined (a program
        that replaces ``len`` must not be able to blind it; function defaults
        cannot be reassigned inside a worker).

        Returns:
            Dotted names (``module.name`` or ``module.Class.attr``) that were
            rebound, deleted or added, and functions whose code or defaults
            were replaced; empty when nothing changed. (A change undone before
            this check is not reported.)
        """
        changed: list[str] = []
        suspects = _list(self._by_binding)
        reader = self._reader
        if reader is not None and self._versions is not None:
            now, before = reader.versions(self._runs), self._versions
            if now != before:
                suspects += [
                    self._versioned[i][0]
                    for i in _range(_len(self._versioned))
                    if now[8 * i : 8 * i + 8] != before[8 * i : 8 * i + 8]
                ]
        else:
            suspects += [index for index, _, _ in self._versioned]
        for index in suspects:
            label, mapping, names, values, known = self._tables[index]
            current = _tuple(_map(mapping.get, names, repeat(_MISSING)))
            if not _all(_map(is_, current, values)):
                changed += [f"{label}.{n}" for n, a, b in _zip(names, current, values) if a is not b]
            changed += [
                f"{label}.{n}"
                for n, v in _list(mapping.items())
                if n not in known
                and n not in _CACHE_NAMES
                and (not n.startswith("_") or _callable(v) or _isinstance(v, ModuleType))
                # importing a submodule binds it in its package: not tampering
                and not (_isinstance(v, ModuleType) and _modules.get(f"{label}.{n}") is v)
            ]
        if self.check_code:
            now_code = self._snapshot_code()
            for kind, before_code, after in _zip(("__code__", "__defaults__", "__kwdefaults__"), self._codes, now_code):
                if not _all(_map(is_, before_code, after)):
                    changed += [
                        f"{f.__module__}.{f.__qualname__}.{kind}"
                        for f, a, b in _zip(self._functions, before_code, after)
                        if a is not b
                    ]
        return _sorted(_set(changed))


def namespace_changes(
    snapshot: list[tuple[str, Any]], namespace: Mapping[str, Any], _missing: Any = _MISSING
) -> list[str]:
    """Names of ``snapshot`` that ``namespace`` no longer binds to the same object.

    Args:
        snapshot: ``list(namespace.items())`` taken earlier.
        namespace: The namespace now.

    Returns:
        The rebound or deleted names.
    """
    return [name for name, value in snapshot if namespace.get(name, _missing) is not value]
