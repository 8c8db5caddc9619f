"""An audit hook that refuses dangerous operations inside a sandboxed worker.

Python raises an *audit event* before many sensitive operations (opening a
file, creating a socket, forking, sending a signal, loading a C library). A
hook installed with :func:`sys.addaudithook` sees each event and can refuse it
by raising; it cannot be removed afterwards. :class:`Guard` refuses:

* process creation: ``os.fork``, ``os.forkpty``, ``os.posix_spawn``,
  ``os.spawn*``, ``os.exec*``, ``os.system``, ``subprocess.Popen``;
* signals to any process but the worker itself (``os.kill``, ``os.killpg``);
* networking: socket creation, ``connect``, ``bind``, ``sendto``, name lookups;
* ``ctypes`` entirely (loading libraries, calling foreign functions, raw memory);
* writes outside the worker's private directory: ``open`` in a writing mode
  (or of a raw file descriptor), and removing, renaming, creating directories,
  changing modes/owners/times, truncating, linking, extended attributes;
  ``sqlite3``/``dbm`` databases outside it;
* raising resource limits, tracing/profiling hooks (they can rewrite the
  evaluation program's local variables), walking all objects with ``gc``, and
  assigning a function's ``__code__``, ``__defaults__`` or ``__kwdefaults__``.

A refused operation raises :class:`SandboxViolation` (a ``PermissionError``)
in the program, and is noted in :attr:`Guard.denials` so the worker can report
it. Reading files is allowed.

This is not a security boundary on its own: some operations have no audit
event (``_posixsubprocess.fork_exec``, ``signal.pidfd_send_signal``,
``os.mkfifo``), and in-process code can in principle defeat any in-process
check. The kernel layers of :mod:`aspera_core.executor.confine` (seccomp and
Landlock) cover those paths on Linux.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import Any

_WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_APPEND | os.O_CREAT | os.O_TRUNC

_ALWAYS_DENIED = frozenset(
    {
        "os.fork",
        "os.forkpty",
        "os.posix_spawn",
        "os.spawn",
        "os.exec",
        "os.system",
        "os.startfile",
        "subprocess.Popen",
        "socket.__new__",
        "socket.connect",
        "socket.bind",
        "socket.sendto",
        "socket.sendmsg",
        "socket.getaddrinfo",
        "socket.gethostbyname",
        "socket.gethostbyaddr",
        "socket.getnameinfo",
        "socket.sethostname",
        "resource.setrlimit",
        "sys.settrace",
        "sys.setprofile",
        "gc.get_objects",
        "gc.get_referrers",
        "gc.get_referents",
        "sqlite3.enable_load_extension",
        "sqlite3.load_extension",
        "os.symlink",
        "os.link",
    }
)

# Events whose arguments are (path, ..., dir_fd...): which positions hold
# paths and which hold directory descriptors.
_PATH_EVENTS: dict[str, tuple[tuple[int, ...], tuple[int, ...]]] = {
    "os.remove": ((0,), (1,)),
    "os.rmdir": ((0,), (1,)),
    "os.mkdir": ((0,), (2,)),
    "os.rename": ((0, 1), (2, 3)),
    "os.chmod": ((0,), (2,)),
    "os.chown": ((0,), (3,)),
    "os.utime": ((0,), (3,)),
    "os.truncate": ((0,), ()),
    "os.setxattr": ((0,), ()),
    "os.removexattr": ((0,), ()),
    "os.chflags": ((0,), ()),
    "os.lchflags": ((0,), ()),
}

_PROTECTED_FUNCTION_ATTRIBUTES = frozenset({"__code__", "__defaults__", "__kwdefaults__"})


class SandboxViolation(PermissionError):
    """Raised in a sandboxed program for an operation the sandbox does not allow."""


class Guard:
    """The audit-hook policy of one sandboxed worker.

    Args:
        sandbox_dir: The worker's private directory; writes are allowed only
            strictly below it (and to ``/dev/null``).
        on_self_signal: Called with the signal number just before the program
            is allowed to signal its own process (so a worker killed by its
            own program can be told apart from one killed by the kernel).
    """

    def __init__(self, sandbox_dir: str, on_self_signal: Callable[[int], None] | None = None) -> None:
        self.sandbox_dir = os.path.realpath(sandbox_dir)
        self.on_self_signal = on_self_signal
        self.denials: list[str] = []
        #: The process allowed to receive signals; set it again after forking.
        self.pid = os.getpid()
        self._handlers: dict[str, Callable[[tuple[Any, ...]], None]] = {
            "open": self._check_open,
            "os.kill": self._check_kill,
            "os.killpg": self._check_killpg,
            "object.__setattr__": self._check_setattr,
            "resource.prlimit": self._check_prlimit,
            "sqlite3.connect": self._check_sqlite,
            "dbm.open": self._check_dbm,
            "sys.addaudithook": self._refuse_hook,
        }
        for event in _PATH_EVENTS:
            self._handlers[event] = self._path_checker(event)

    def install(self) -> None:
        """Install the hook in this process (irreversible: call it in a worker only)."""
        sys.addaudithook(self._hook)

    # -- the hook -------------------------------------------------------------

    def _hook(self, event: str, args: tuple[Any, ...]) -> None:
        handler = self._handlers.get(event)
        if handler is not None:
            handler(args)
        elif event in _ALWAYS_DENIED or event.startswith("ctypes."):
            self._deny(f"{event} is not allowed in the sandbox")

    def _deny(self, what: str) -> None:
        if len(self.denials) < 100:
            self.denials.append(what)
        raise SandboxViolation(f"sandbox: {what}")

    # -- paths ----------------------------------------------------------------

    def _inside(self, path: Any, or_itself: bool = False) -> bool:
        """Whether ``path`` lies strictly below the sandbox directory (or is it, if allowed).

        Removing, renaming or re-permissioning the directory itself is refused
        so that it survives for the next task; opening it is fine (that is how
        unnamed temporary files are made).
        """
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

    def _path_checker(self, event: str) -> Callable[[tuple[Any, ...]], None]:
        paths, dir_fds = _PATH_EVENTS[event]

        def check(args: tuple[Any, ...]) -> None:
            for position in dir_fds:
                if position < len(args) and args[position] not in (None, -1):
                    self._deny(f"{event} relative to a directory descriptor is not allowed")
            for position in paths:
                if position < len(args) and not isinstance(args[position], int) and not self._inside(args[position]):
                    self._deny(
                        f"{event} on {os.fsdecode(args[position])!r} (outside the task's directory) is not allowed"
                    )

        return check

    def _check_sqlite(self, args: tuple[Any, ...]) -> None:
        database = args[0] if args else None
        if database not in (":memory:", b":memory:", "") and not self._inside(database):
            self._deny("opening a database outside the task's directory is not allowed")

    def _check_dbm(self, args: tuple[Any, ...]) -> None:
        filename, flag = args[0], args[1] if len(args) > 1 else "r"
        if isinstance(flag, str) and flag[:1] in ("w", "c", "n") and not self._inside(filename):
            self._deny("opening a database outside the task's directory for writing is not allowed")

    # -- processes and the interpreter --------------------------------------------

    def _check_kill(self, args: tuple[Any, ...]) -> None:
        pid, sig = args
        if pid != self.pid:
            self._deny(f"sending signal {sig} to process {pid} is not allowed")
        if sig and self.on_self_signal is not None:
            self.on_self_signal(sig)

    def _check_killpg(self, args: tuple[Any, ...]) -> None:
        pgid, sig = args
        if pgid != self.pid:  # the worker leads a process group of its own
            self._deny(f"sending signal {sig} to process group {pgid} is not allowed")
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
        self.denials.append("sys.addaudithook is not allowed in the sandbox")
        raise RuntimeError("sandbox: sys.addaudithook is not allowed")
