"""An audit hook (irremovable) refusing dangerous operations inside a candidate.

It protects the host where the kernel layers of :mod:`~aspera_core.executor.confine` are missing and gives clear
errors where they exist: a refusal raises :class:`SandboxViolation` and is noted in :attr:`Guard.denials`. Reads
are left to Landlock; in-process checks can be defeated, so the kernel layers and the process boundary are the
boundary.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import Any

_WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_APPEND | os.O_CREAT | os.O_TRUNC
_ALWAYS_DENIED = frozenset(
    "os.fork os.forkpty os.posix_spawn os.spawn os.exec os.system os.startfile subprocess.Popen socket.__new__ "
    "socket.connect socket.bind socket.sendto socket.sendmsg socket.getaddrinfo socket.gethostbyname "
    "socket.gethostbyaddr socket.getnameinfo socket.sethostname resource.setrlimit sys.settrace sys.setprofile "
    "gc.get_objects gc.get_referrers gc.get_referents sqlite3.enable_load_extension sqlite3.load_extension "
    "os.symlink os.link os.killpg".split()
)
# Events whose arguments hold paths, and directory descriptors, at these positions.
_PATH_EVENTS: dict[str, tuple[tuple[int, ...], tuple[int, ...]]] = {
    "os.remove": ((0,), (1,)),
    "os.rmdir": ((0,), (1,)),
    "os.mkdir": ((0,), (2,)),
    "os.rename": ((0, 1), (2, 3)),
    "os.chmod": ((0,), (2,)),
    "os.chown": ((0,), (3,)),
    "os.utime": ((0,), (3,)),
    **{event: ((0,), ()) for event in ("os.truncate", "os.setxattr", "os.removexattr", "os.chflags", "os.lchflags")},
}
_PROTECTED_FUNCTION_ATTRIBUTES = frozenset({"__code__", "__defaults__", "__kwdefaults__"})


class SandboxViolation(PermissionError):
    """Raised in a sandboxed program for an operation the sandbox does not allow."""


class Guard:
    """The audit-hook policy of one worker, which may write only strictly below ``sandbox_dir``."""

    def __init__(self, sandbox_dir: str) -> None:
        self.sandbox_dir = os.path.realpath(sandbox_dir)
        self.pid = os.getpid()  # the only process that may receive signals (set it after forking)
        # Called with the number before the program signals its own process, so that
        # its death is not taken for the out-of-memory killer's.
        self.on_self_signal: Callable[[int], None] | None = None
        self.permitted: set[str] = set()  # what the worker's own code allows itself for a moment (a zygote's fork)
        self.denials: list[str] = []  # the first 100 refusals, for the verdict's stderr
        self.refusals = 0
        self._handlers: dict[str, Callable[[tuple[Any, ...]], None]] = {
            "open": self._check_open,
            "os.kill": self._check_kill,
            "object.__setattr__": self._check_setattr,
            "resource.prlimit": self._check_prlimit,
            "sqlite3.connect": self._check_sqlite,
            "dbm.open": self._check_dbm,
            "sys.addaudithook": self._refuse_hook,
        }

    def install(self) -> None:
        """Install the hook in this process (irreversible: call it in a worker only)."""
        sys.addaudithook(self._hook)

    def _hook(self, event: str, args: tuple[Any, ...]) -> None:
        if event in self.permitted:
            return
        handler = self._handlers.get(event)
        if handler is not None:
            handler(args)
        elif event in _PATH_EVENTS:
            self._check_paths(event, args)
        elif event in _ALWAYS_DENIED or event.startswith("ctypes."):
            self._deny(f"{event} is not allowed in the sandbox")

    def _deny(self, what: str) -> None:
        self._note(what)
        raise SandboxViolation(f"sandbox: {what}")

    def _note(self, what: str) -> None:
        self.refusals += 1
        if len(self.denials) < 100:  # the verdict's stderr stays bounded however often a program tries
            self.denials.append(what)

    def _inside(self, path: Any, or_itself: bool = False) -> bool:
        """Whether ``path`` lies strictly below the sandbox directory (or is it, if ``or_itself``: opening it)."""
        try:
            text = os.fsdecode(path)
        except TypeError:
            return False
        if text == os.devnull:
            return True
        resolved = os.path.realpath(os.path.join(os.getcwd(), text))
        return resolved.startswith(self.sandbox_dir + os.sep) or (or_itself and resolved == self.sandbox_dir)

    def _check_open(self, args: tuple[Any, ...]) -> None:
        path, _mode, flags = args
        if not isinstance(flags, int) or not flags & _WRITE_FLAGS:
            return
        if isinstance(path, int):
            self._deny(f"opening file descriptor {path} for writing is not allowed")
        if not self._inside(path, or_itself=True):
            self._deny(f"writing {os.fsdecode(path)!r} (outside the task's directory) is not allowed")

    def _check_paths(self, event: str, args: tuple[Any, ...]) -> None:
        paths, dir_fds = _PATH_EVENTS[event]
        for position in dir_fds:
            if position < len(args) and args[position] not in (None, -1):
                self._deny(f"{event} relative to a directory descriptor is not allowed")
        for position in paths:
            if position < len(args) and not isinstance(args[position], int) and not self._inside(args[position]):
                where = os.fsdecode(args[position])
                self._deny(f"{event} on {where!r} (outside the task's directory) is not allowed")

    def _check_sqlite(self, args: tuple[Any, ...]) -> None:
        database = args[0] if args else None
        if database not in (":memory:", b":memory:", "") and not self._inside(database):
            self._deny("opening a database outside the task's directory is not allowed")

    def _check_dbm(self, args: tuple[Any, ...]) -> None:
        filename, flag = args[0], args[1] if len(args) > 1 else "r"
        if isinstance(flag, str) and flag[:1] in ("w", "c", "n") and not self._inside(filename):
            self._deny("opening a database outside the task's directory for writing is not allowed")

    def _check_kill(self, args: tuple[Any, ...]) -> None:
        target, sig = args  # (os.killpg is always refused: a zygote's child shares the zygote's group)
        if target != self.pid:
            self._deny(f"sending signal {sig} to process {target} is not allowed")
        if sig and self.on_self_signal is not None:
            self.on_self_signal(sig)

    def _check_setattr(self, args: tuple[Any, ...]) -> None:
        if len(args) > 1 and args[1] in _PROTECTED_FUNCTION_ATTRIBUTES:
            self._deny(f"replacing a function's {args[1]} is not allowed")

    def _check_prlimit(self, args: tuple[Any, ...]) -> None:
        if len(args) > 2 and args[2] is not None:
            self._deny("changing resource limits is not allowed")

    def _refuse_hook(self, args: tuple[Any, ...]) -> None:
        # Only a RuntimeError stops a hook from being added (and silently).
        self._note("sys.addaudithook is not allowed in the sandbox")
        raise RuntimeError("sandbox: sys.addaudithook is not allowed")
