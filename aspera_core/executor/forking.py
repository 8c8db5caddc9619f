"""Forking a single-threaded interpreter without CPython's at-fork hooks (the fork server's and judge's forks).

``os.fork`` runs CPython's bookkeeping around the system call: the import lock, the thread states, the functions
registered with ``os.register_at_fork`` (``random``, ``threading``, ``logging`` and others). For a process with one
thread none of it changes anything but the random stream, yet it writes to (so copies) about 150 pages of the
parent's memory in every child and costs it half a millisecond: a tenth of a candidate's whole cost. The C
library's ``fork`` (its own at-fork handlers included) is called with the interpreter lock held, so the child
resumes exactly where the parent was; the child reseeds ``random`` as Python would have.
"""

from __future__ import annotations

import ctypes
import os
import random
import threading

_FORK = ctypes.PyDLL(None, use_errno=True).fork  # PyDLL: the interpreter lock stays held across the call
_FORK.restype = ctypes.c_int


def fork(keep_random: bool = False) -> int:
    """``os.fork()`` for a process whose only thread is the caller: 0 in the child, the child's pid in the parent.

    With other Python threads alive it is ``os.fork()`` itself (their locks need CPython's resetting).
    ``keep_random``: the child continues the parent's random stream instead of reseeding it (a zygote's children
    are the one program's evaluation continued, so they must draw what it would have drawn)."""
    if threading.active_count() > 1:
        stream = random.getstate() if keep_random else None
        pid = os.fork()
        if pid == 0 and stream is not None:
            random.setstate(stream)  # (undo the reseeding of Python's own hook)
        return pid
    pid = _FORK()
    if pid < 0:
        error = ctypes.get_errno()
        raise OSError(error, os.strerror(error))
    if pid == 0 and not keep_random:
        random.seed()  # (what Python's own hook does: each child draws its own numbers until a context seeds them)
    return pid
