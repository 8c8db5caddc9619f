"""DaemonPool: results and errors through ordinary futures, queued calls cancelled, threads that never block exit."""

from __future__ import annotations

import concurrent.futures
import threading

import pytest

from aspera_workbench.llm.pool import DaemonPool


def test_results_and_errors_come_back_through_the_futures() -> None:
    pool = DaemonPool(3, "test")
    futures = [pool.submit(pow, 2, n) for n in range(10)]
    failing = pool.submit(int, "not a number")
    concurrent.futures.wait([*futures, failing])
    assert [f.result() for f in futures] == [2**n for n in range(10)]
    with pytest.raises(ValueError):
        failing.result()
    pool.shutdown()


def test_shutdown_cancels_what_has_not_started_and_leaves_daemon_threads() -> None:
    release = threading.Event()
    started = threading.Event()

    def blocked() -> str:
        started.set()
        release.wait(10)
        return "done"

    pool = DaemonPool(1, "blocked")
    running = pool.submit(blocked)
    started.wait(10)
    queued = pool.submit(blocked)
    pool.shutdown()
    assert queued.cancelled()
    assert all(t.daemon for t in threading.enumerate() if t.name.startswith("blocked-"))
    release.set()
    assert running.result(timeout=10) == "done"


def test_at_least_one_worker() -> None:
    with pytest.raises(ValueError, match="at least 1"):
        DaemonPool(0, "none")
