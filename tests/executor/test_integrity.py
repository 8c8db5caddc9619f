"""The integrity fingerprint notices rebound, deleted and added library names."""

from __future__ import annotations

import copy
import sys
import types
from collections.abc import Iterator

import pytest

from aspera_core.executor.integrity import IntegrityBaseline, namespace_changes


def make_module() -> types.ModuleType:
    module = types.ModuleType("aspera_core._integrity_probe")
    source = """
import dataclasses

LIMIT = 16
_state = None

def lookup():
    return LIMIT

def _helper():
    return 1

def remember(value):
    global _state
    _state = value

@dataclasses.dataclass
class Record:
    name: str = "x"

    def __eq__(self, other):
        return isinstance(other, Record) and self.name == other.name
"""
    sys.modules[module.__name__] = module  # dataclasses looks the module up
    exec(source, module.__dict__)
    return module


@pytest.fixture(params=[True, False], ids=["version-tags", "binding-by-binding"])
def probe(request: pytest.FixtureRequest) -> Iterator[tuple[types.ModuleType, IntegrityBaseline]]:
    module = make_module()
    baseline = IntegrityBaseline([module], check_code=True, use_versions=request.param)
    baseline.arm()
    yield module, baseline
    del sys.modules[module.__name__]


def test_nothing_changed(probe: tuple[types.ModuleType, IntegrityBaseline]) -> None:
    module, baseline = probe
    module.lookup()
    copy.copy(module.Record())  # fills a copy cache on the class: not tampering
    assert baseline.changes() == []


def test_rebinding_a_function(probe: tuple[types.ModuleType, IntegrityBaseline]) -> None:
    module, baseline = probe
    module.lookup = lambda: 0
    assert baseline.changes() == ["aspera_core._integrity_probe.lookup"]


def test_rebinding_a_private_helper_and_a_constant(probe: tuple[types.ModuleType, IntegrityBaseline]) -> None:
    module, baseline = probe
    module._helper = lambda: 2
    module.LIMIT = 30
    assert baseline.changes() == ["aspera_core._integrity_probe.LIMIT", "aspera_core._integrity_probe._helper"]


def test_private_state_may_change(probe: tuple[types.ModuleType, IntegrityBaseline]) -> None:
    module, baseline = probe
    module.remember("new state")
    assert baseline.changes() == []


def test_class_attributes(probe: tuple[types.ModuleType, IntegrityBaseline]) -> None:
    module, baseline = probe
    module.Record.__eq__ = lambda self, other: True
    module.Record.extra = staticmethod(lambda: None)
    assert baseline.changes() == [
        "aspera_core._integrity_probe.Record.__eq__",
        "aspera_core._integrity_probe.Record.extra",
    ]


def test_deleting_and_adding_module_names(probe: tuple[types.ModuleType, IntegrityBaseline]) -> None:
    module, baseline = probe
    del module.lookup
    module.injected = print
    assert baseline.changes() == ["aspera_core._integrity_probe.injected", "aspera_core._integrity_probe.lookup"]


def test_code_replacement_is_seen_when_code_is_checked(probe: tuple[types.ModuleType, IntegrityBaseline]) -> None:
    module, baseline = probe
    module.lookup.__code__ = (lambda: 0).__code__
    assert baseline.changes() == ["aspera_core._integrity_probe.lookup.__code__"]


def test_namespace_changes() -> None:
    namespace = {"a": 1, "b": object()}
    snapshot = list(namespace.items())
    namespace["a"] = 2
    del namespace["b"]
    namespace["c"] = 3
    assert namespace_changes(snapshot, namespace) == ["a", "b"]


def test_importing_a_submodule_is_not_tampering() -> None:
    package = types.ModuleType("aspera_core._integrity_package")
    package.__path__ = []  # type: ignore[attr-defined]
    sub = types.ModuleType("aspera_core._integrity_package.sub")
    sys.modules[package.__name__] = package
    try:
        baseline = IntegrityBaseline([package], check_code=False)
        baseline.arm()
        sys.modules[sub.__name__] = sub
        package.sub = sub  # what the import system does
        assert baseline.changes() == []
        package.other = types.ModuleType("impostor")  # not a genuine submodule
        assert baseline.changes() == ["aspera_core._integrity_package.other"]
    finally:
        sys.modules.pop(sub.__name__, None)
        del sys.modules[package.__name__]


def test_fingerprinting_again_and_arming_again_leave_no_descriptor_open() -> None:
    """The fork server takes the fingerprint again after each prepare; a zygote's child arms again."""
    import os

    module = make_module()
    try:
        baseline = IntegrityBaseline([module])
        open_before = len(os.listdir("/proc/self/fd"))
        for _ in range(3):
            baseline.snapshot()
        assert len(os.listdir("/proc/self/fd")) == open_before
        for _ in range(3):
            baseline.arm()
        assert len(os.listdir("/proc/self/fd")) == open_before + 1  # the one reader this process uses
        module.LIMIT = 17
        assert baseline.changes() == ["aspera_core._integrity_probe.LIMIT"]
    finally:
        del sys.modules[module.__name__]
