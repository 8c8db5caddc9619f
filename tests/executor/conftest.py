from __future__ import annotations

from collections.abc import Iterator

import pytest

from aspera_core.executor import Sandbox

from .support import hostile_config


@pytest.fixture(scope="module")
def sandbox() -> Iterator[Sandbox]:
    """One sandbox per test module, with short limits."""
    with Sandbox(hostile_config()) as box:
        yield box
