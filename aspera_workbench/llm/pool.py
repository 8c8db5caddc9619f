"""A fixed pool of daemon threads for model requests.

``ThreadPoolExecutor`` joins its threads at exit, so a command interrupted while requests are
in flight would wait for each (up to the request timeout) before it could exit; these threads
are daemons and end with the process. Its futures are ordinary ``concurrent.futures.Future`` objects.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any, TypeVar

_Result = TypeVar("_Result")


class DaemonPool:
    """Runs submitted calls on ``workers`` daemon threads (named ``name-N``), in submission order."""

    def __init__(self, workers: int, name: str) -> None:
        if workers < 1:
            raise ValueError("workers must be at least 1")
        self._queue: queue.SimpleQueue[tuple[Future[Any], Callable[..., Any], tuple[Any, ...]] | None]
        self._queue = queue.SimpleQueue()
        self._workers = workers
        for number in range(workers):
            threading.Thread(target=self._work, name=f"{name}-{number}", daemon=True).start()

    def submit(self, function: Callable[..., _Result], *args: Any) -> Future[_Result]:
        """Queue ``function(*args)``; its future holds the result or the exception."""
        future: Future[_Result] = Future()
        self._queue.put((future, function, args))
        return future

    def shutdown(self) -> None:
        """Cancel the calls not started yet and let the threads end once idle (running calls are not waited for)."""
        while True:
            try:
                item = self._queue.get_nowait()
            except queue.Empty:
                break
            if item is not None:
                item[0].cancel()
        for _ in range(self._workers):
            self._queue.put(None)

    def _work(self) -> None:
        while (item := self._queue.get()) is not None:
            future, function, args = item
            if not future.set_running_or_notify_cancel():
                continue
            try:
                future.set_result(function(*args))
            except BaseException as error:  # noqa: BLE001 - handed to whoever reads the future
                future.set_exception(error)
