"""Detecting a program that replaced parts of the library or the evaluator (``LibraryTampering``).

A program shares its interpreter with the library and the evaluation program, so it could replace, say,
``Event.__eq__`` to make the checks pass. :class:`IntegrityBaseline`, taken before any program runs, covers the
module dictionaries of ``aspera_core``, the ``aspera`` aliases, ``builtins``, ``enum``, ``json``,
``json.encoder`` and ``pydantic.main``, the dictionaries of their classes and optionally each function's code
and defaults. Speed: reading a binding in a forked worker copies its memory page, so the check reads each
dictionary's version tag through ``/proc/self/mem`` (which writes nothing) and compares binding by binding only
the dictionaries whose tag moved: about 30% fewer page copies and CPU per evaluation. :func:`version_tags_work`
checks CPython's layout at start-up; without it, and for modules that rebind their own globals, every binding
is compared.
"""

from __future__ import annotations

import contextlib
import copyreg
import dis
import gc
import os
import sys
from collections.abc import Iterable, Mapping
from itertools import repeat
from operator import is_
from types import CodeType, FunctionType, ModuleType
from typing import Any

PROTECTED_PREFIXES = ("aspera_core", "aspera")
PROTECTED_EXTRA_MODULES = ("builtins", "enum", "json", "json.encoder", "pydantic.main")
# Class attributes the standard library adds lazily as caches (copyreg's __slotnames__).
_CACHE_NAMES = frozenset({"__slotnames__"})
_MISSING = object()
# Offset of the version tag in CPython's dict object (after the object header and
# ma_used); relied on only after version_tags_work() said so.
_VERSION_OFFSET = 3 * 8


def _watched(name: str, value: Any, _callable: Any = callable, _isinstance: Any = isinstance) -> bool:
    # (builtins bound early: this also runs after the program, which may have replaced them)
    return not name.startswith("_") or _callable(value) or _isinstance(value, ModuleType)


def _functions_of(value: Any) -> list[FunctionType]:
    if isinstance(value, staticmethod | classmethod):
        value = value.__func__
    if isinstance(value, property):
        return [f for f in (value.fget, value.fset, value.fdel) if isinstance(f, FunctionType)]
    return [value] if isinstance(value, FunctionType) else []


def _assigns_globals(function: FunctionType) -> bool:
    """Whether ``function`` (or a function it wraps or nests) assigns or deletes a global name."""
    codes: list[CodeType] = []
    for _ in range(10):
        codes.append(function.__code__)
        function = getattr(function, "__wrapped__", None)  # type: ignore[assignment]
        if not isinstance(function, FunctionType):
            break
    while codes:
        code = codes.pop()
        if any(i.opname in ("STORE_GLOBAL", "DELETE_GLOBAL") for i in dis.get_instructions(code)):
            return True
        codes += [const for const in code.co_consts if isinstance(const, CodeType)]
    return False


def protected_modules(modules: Mapping[str, ModuleType] | None = None) -> list[ModuleType]:
    """The loaded modules that are fingerprinted (distinct, in a stable order)."""
    table = dict(sys.modules if modules is None else modules)
    chosen: dict[int, ModuleType] = {}
    for name in sorted(table):
        module = table[name]
        if isinstance(module, ModuleType) and (
            name.split(".", 1)[0] in PROTECTED_PREFIXES or name in PROTECTED_EXTRA_MODULES
        ):
            chosen.setdefault(id(module), module)
    return list(chosen.values())


def version_tags_work() -> bool:
    """Self-test: do dict version tags sit where expected and change on every update?"""
    probe: dict[str, Any] = {"key": 1}
    try:
        with open("/proc/self/mem", "rb", buffering=0) as memory:
            tags = [os.pread(memory.fileno(), 8, id(probe) + _VERSION_OFFSET)]
            for update in (lambda: probe.update(key=2), lambda: probe.update(other=3), lambda: probe.pop("other")):
                update()
                tags.append(os.pread(memory.fileno(), 8, id(probe) + _VERSION_OFFSET))
    except OSError:
        return False
    return len(set(tags)) == 4


class IntegrityBaseline:
    """Fingerprint of ``modules`` (default: :func:`protected_modules`), taken at construction in the fork server.

    :meth:`snapshot` there, :meth:`arm` once per worker, :meth:`changes` after each pair. ``check_code`` adds
    every function's code and defaults; ``use_versions=False`` compares every binding.
    """

    def __init__(
        self, modules: Iterable[ModuleType] | None = None, check_code: bool = True, use_versions: bool = True
    ) -> None:
        self.check_code = check_code
        use_versions = use_versions and version_tags_work()
        # (label, mapping, watched names, their values, every name at baseline)
        self._tables: list[tuple[str, Mapping[str, Any], tuple[str, ...], tuple[Any, ...], frozenset[str]]] = []
        self._by_version: list[tuple[int, int]] = []  # (table, address of the dict's version tag)
        self._by_binding: list[int] = []
        functions: dict[int, FunctionType] = {}
        classes: set[int] = set()
        for module in protected_modules() if modules is None else modules:
            namespace, label = vars(module), module.__name__
            items = list(namespace.items())
            local = [f for _, value in items for f in _functions_of(value) if f.__module__ == label]
            volatile = any(_assigns_globals(f) for f in local)
            names = tuple(n for n, v in items if _watched(n, v))
            self._add(label, namespace, names, namespace if use_versions and not volatile else None)
            for _, value in items:
                for function in _functions_of(value):
                    functions.setdefault(id(function), function)
                if isinstance(value, type) and value.__module__ == label and id(value) not in classes:
                    classes.add(id(value))
                    self._add_class(value, functions, use_versions)
        self._functions = tuple(functions.values())
        self._codes = self._code_snapshot()
        self._fd = -1
        self._tags: list[bytes] | None = None

    def _add(self, label: str, mapping: Mapping[str, Any], names: tuple[str, ...], real: dict[str, Any] | None) -> None:
        self._tables.append((label, mapping, names, tuple(mapping[n] for n in names), frozenset(mapping)))
        if real is None:
            self._by_binding.append(len(self._tables) - 1)
        else:
            self._by_version.append((len(self._tables) - 1, id(real) + _VERSION_OFFSET))

    def _add_class(self, cls: type, functions: dict[int, FunctionType], use_versions: bool) -> None:
        try:  # fill copyreg's cache now, so copying instances later does not modify the class
            copyreg._slotnames(cls)  # type: ignore[attr-defined]
        except Exception:  # noqa: BLE001 - an unusual class; the check still works
            pass
        attributes = vars(cls)
        names = tuple(n for n in list(attributes) if n not in _CACHE_NAMES)
        # the dict behind the read-only mapping proxy, whose version tag is read
        real = next((r for r in gc.get_referents(attributes) if isinstance(r, dict)), None)
        self._add(f"{cls.__module__}.{cls.__qualname__}", attributes, names, real if use_versions else None)
        for name in names:
            for function in _functions_of(attributes[name]):
                functions.setdefault(id(function), function)

    def _code_snapshot(self) -> tuple[tuple[Any, ...], ...]:
        if not self.check_code:
            return ()
        fns = self._functions
        return tuple(f.__code__ for f in fns), tuple(f.__defaults__ for f in fns), tuple(f.__kwdefaults__ for f in fns)

    def _read_tags(self, fd: int, _pread: Any = os.pread) -> list[bytes]:
        return [_pread(fd, 8, address) for _, address in self._by_version]

    def snapshot(self) -> None:
        """Record the version tags now (in the fork server; workers inherit the record)."""
        self._tags = None
        with contextlib.suppress(OSError), open("/proc/self/mem", "rb", buffering=0) as memory:
            self._tags = self._read_tags(memory.fileno())

    def arm(self) -> None:
        """Open this process's own ``/proc/self/mem`` (in the worker, before the program runs)."""
        if self._fd >= 0:  # a zygote's reader, which reads the zygote's memory
            os.close(self._fd)
        try:
            self._fd = os.open("/proc/self/mem", os.O_RDONLY | os.O_CLOEXEC) if self._by_version else -1
        except OSError:
            self._fd = -1
        if self._tags is None and self._fd >= 0:
            self._tags = self._read_tags(self._fd)

    def changes(self, _sorted: Any = sorted, _set: Any = set) -> list[str]:
        """Names rebound, deleted or added since the baseline, and functions whose code changed (builtins bound)."""
        changed: list[str] = []
        for index in self._suspects():
            changed += self._table_changes(index)
        if self.check_code:
            changed += self._code_changes()
        return _sorted(_set(changed))

    def _suspects(self, _zip: Any = zip) -> list[int]:
        if self._fd < 0 or self._tags is None:  # not armed, or tags unreadable here
            return self._by_binding + [table for table, _ in self._by_version]
        moved = [table for (table, _), a, b in _zip(self._by_version, self._read_tags(self._fd), self._tags) if a != b]
        return self._by_binding + moved

    def _table_changes(
        self, index: int, _list: Any = list, _map: Any = map, _zip: Any = zip, _all: Any = all, _tuple: Any = tuple
    ) -> list[str]:
        label, mapping, names, values, known = self._tables[index]
        current = _tuple(_map(mapping.get, names, repeat(_MISSING)))
        changed = []
        if not _all(_map(is_, current, values)):
            changed += [f"{label}.{n}" for n, a, b in _zip(names, current, values) if a is not b]
        return changed + [f"{label}.{n}" for n, v in _list(mapping.items()) if n not in known and _added(label, n, v)]

    def _code_changes(self, _map: Any = map, _zip: Any = zip, _all: Any = all) -> list[str]:
        changed: list[str] = []
        kinds = ("__code__", "__defaults__", "__kwdefaults__")
        for kind, before, after in _zip(kinds, self._codes, self._code_snapshot()):
            if not _all(_map(is_, before, after)):
                pairs = _zip(self._functions, before, after)
                changed += [f"{f.__module__}.{f.__qualname__}.{kind}" for f, a, b in pairs if a is not b]
        return changed


def _added(label: str, name: str, value: Any, _isinstance: Any = isinstance, _modules: Any = sys.modules) -> bool:
    """Whether a name added since the baseline counts as tampering (importing a submodule does not)."""
    if name in _CACHE_NAMES or not _watched(name, value):
        return False
    return not (_isinstance(value, ModuleType) and _modules.get(f"{label}.{name}") is value)


def namespace_changes(
    snapshot: list[tuple[str, Any]], namespace: Mapping[str, Any], _missing: Any = _MISSING
) -> list[str]:
    """Names of ``snapshot`` (an earlier ``list(namespace.items())``) no longer bound to the same object."""
    return [name for name, value in snapshot if namespace.get(name, _missing) is not value]
