"""The scorer's pool of sandboxes: evaluations from many threads at once, each in a sandbox of its own."""

from __future__ import annotations

import time
from collections.abc import Iterable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from aspera_core.executor import Job, Sandbox, SandboxConfig
from aspera_workbench.inspect_bridge import scorer
from aspera_workbench.inspect_bridge.scorer import SandboxPool
from tests.inspect.support import embedded_tasks


class SlowToFinish(Sandbox):
    """A sandbox whose run takes a while to end after its last verdict, and that says when it is used twice."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.busy = False

    def run(self, jobs: Iterable[Job]) -> Iterator[tuple[Job, Any]]:
        assert not self.busy, "lent again while its run was not over"
        self.busy = True
        try:
            yield from super().run(jobs)
        finally:
            time.sleep(0.05)
            self.busy = False


def test_a_sandbox_is_lent_again_only_once_its_run_is_over(monkeypatch: pytest.MonkeyPatch) -> None:
    # The pool gave a sandbox back on receiving its verdict, before the run had ended: another
    # thread could then start a run in it ("already running jobs"), and scores failed under load.
    monkeypatch.setattr(scorer, "Sandbox", SlowToFinish)
    task = embedded_tasks()[3]
    pool = SandboxPool(SandboxConfig(workers=2, timeout_s=10))
    try:
        with ThreadPoolExecutor(max_workers=6) as threads:
            futures = [threads.submit(pool.evaluate, task, task.program) for _ in range(12)]
            verdicts = [future.result(timeout=120) for future in futures]
    finally:
        pool.close()
    assert [verdict.outcome.value for verdict in verdicts] == ["success"] * 12


def test_a_sandbox_that_failed_is_replaced_and_waiting_evaluations_go_on(monkeypatch: pytest.MonkeyPatch) -> None:
    task = embedded_tasks()[3]
    pool = SandboxPool(SandboxConfig(workers=1, timeout_s=10))
    failures = iter([True])

    class FailsOnce(Sandbox):
        def run(self, jobs: Iterable[Job]) -> Iterator[tuple[Job, Any]]:
            if next(failures, False):
                raise RuntimeError("the sandbox's fork server died unexpectedly (exit status -9)")
            yield from super().run(jobs)

    monkeypatch.setattr(scorer, "Sandbox", FailsOnce)
    try:
        with ThreadPoolExecutor(max_workers=3) as threads:
            futures = [threads.submit(pool.evaluate, task, task.program) for _ in range(3)]
            outcomes = []
            for future in futures:
                try:
                    outcomes.append(future.result(timeout=120).outcome.value)
                except RuntimeError as error:
                    outcomes.append(str(error))
    finally:
        pool.close()
    assert sorted(outcomes) == ["success", "success", "the sandbox's fork server died unexpectedly (exit status -9)"]
