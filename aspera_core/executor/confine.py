"""Kernel-enforced confinement of a worker process (Linux).

Protects the host from a worker whose program bypasses Python's audit hooks
(C extensions, ``ctypes``, functions without audit events). A worker applies,
before the program runs:

* resource limits: address space (current size + the memory cap), CPU time
  (a backstop behind the wall-clock timeout), size of files written, no core
  dumps;
* ``PR_SET_PDEATHSIG``: the worker is killed if the fork server dies;
* ``PR_SET_NO_NEW_PRIVS``, which the next two layers require;
* Landlock (kernel >= 5.13): nothing may be written, created, removed or
  executed except below the worker's private directory and ``/dev/null``;
  newer kernels also refuse TCP bind/connect (ABI 4) and signals to processes
  outside the worker (ABI 6);
* seccomp (x86-64): process creation (threads still work), ``execve``,
  sockets, signals to other processes, ``ptrace``, pidfds, raising resource
  limits, device nodes, namespaces, mounts, ``io_uring`` and similar system
  calls fail with ``EPERM``.

Not stopped: reading files, using CPU and memory up to the limits, corrupting
the worker's own memory (and so its own verdict). Layers the kernel or a
container refuses are reported by :func:`probe` and skipped; the audit hook
of :mod:`~aspera_core.executor.guard` still applies.
"""

from __future__ import annotations

import ctypes
import errno
import os
import platform
import resource
import struct
import tempfile
from dataclasses import dataclass

_PR_SET_PDEATHSIG = 1
_PR_SET_SECCOMP = 22
_PR_SET_NO_NEW_PRIVS = 38
_SECCOMP_MODE_FILTER = 2

_LIBC = ctypes.CDLL(None, use_errno=True)
_LIBC.syscall.restype = ctypes.c_long
_LIBC.prctl.restype = ctypes.c_int
_LIBC.prctl.argtypes = [ctypes.c_int, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong]


def _check(result: int, what: str) -> int:
    if result < 0:
        code = ctypes.get_errno()
        raise OSError(code, f"{what} failed ({errno.errorcode.get(code, code)}: {os.strerror(code)})")
    return result


def _prctl(option: int, value: int, what: str) -> None:
    _check(_LIBC.prctl(option, value, 0, 0, 0), what)


# -- resource limits -----------------------------------------------------------------------------


class AddressSpace:
    """Reads this process's current address-space size (kept open: read once per fork)."""

    def __init__(self) -> None:
        self._fd = os.open("/proc/self/statm", os.O_RDONLY | os.O_CLOEXEC)
        self._page = os.sysconf("SC_PAGE_SIZE")

    def current(self) -> int:
        """Bytes of address space in use now."""
        return int(os.pread(self._fd, 64, 0).split()[0]) * self._page


def set_shared_limits(file_size_mb: int) -> None:
    """Limit file sizes and forbid core dumps (inherited by forked workers).

    Raises:
        OSError, ValueError: a limit cannot be set.
    """
    size = file_size_mb * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))


def set_worker_limits(current: int, memory_mb: int, cpu_s: float) -> None:
    """Limit this process's address space to ``current`` + ``memory_mb`` and its CPU time.

    Args:
        current: Address space in use, in bytes (measured just before the fork).
        memory_mb: Address space the process may add.
        cpu_s: CPU seconds (the process gets ``SIGXCPU`` after this).

    Raises:
        OSError, ValueError: a limit cannot be set.
    """
    address_space = current + memory_mb * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (address_space, address_space))
    cpu = max(1, int(cpu_s + 0.999))
    resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 1))


def die_with_parent(signal_number: int) -> None:
    """Ask the kernel to send ``signal_number`` to this process when its parent thread ends.

    Raises:
        OSError: the request failed.
    """
    _prctl(_PR_SET_PDEATHSIG, signal_number, "prctl(PR_SET_PDEATHSIG)")


def no_new_privileges() -> None:
    """Set ``PR_SET_NO_NEW_PRIVS`` (inherited; needed by Landlock and seccomp).

    Raises:
        OSError: the request failed.
    """
    _prctl(_PR_SET_NO_NEW_PRIVS, 1, "prctl(PR_SET_NO_NEW_PRIVS)")


# -- Landlock ----------------------------------------------------------------------------------

_SYS_LANDLOCK_CREATE_RULESET, _SYS_LANDLOCK_ADD_RULE, _SYS_LANDLOCK_RESTRICT_SELF = 444, 445, 446
_LANDLOCK_CREATE_RULESET_VERSION = 1
_LANDLOCK_RULE_PATH_BENEATH = 1
# Filesystem rights: execute, write, remove dir/file, make char/dir/reg/sock/fifo/block/sym (ABI 1),
# refer (ABI 2), truncate (ABI 3).
_FS_EXECUTE, _FS_WRITE_FILE, _FS_TRUNCATE = 1 << 0, 1 << 1, 1 << 14
_FS_ABI1 = _FS_EXECUTE | _FS_WRITE_FILE | sum(1 << bit for bit in range(4, 13))
_FS_REFER = 1 << 13
_NET_BIND_CONNECT_TCP = (1 << 0) | (1 << 1)  # ABI 4
_SCOPE_UNIX_SOCKET_AND_SIGNAL = (1 << 0) | (1 << 1)  # ABI 6


def landlock_abi() -> int:
    """Landlock ABI version of the running kernel (0 when unavailable)."""
    if platform.system() != "Linux":
        return 0
    return max(0, int(_LIBC.syscall(_SYS_LANDLOCK_CREATE_RULESET, None, 0, _LANDLOCK_CREATE_RULESET_VERSION)))


def landlock_ruleset(writable_dir: str, abi: int) -> int:
    """A Landlock ruleset allowing writes only below ``writable_dir`` and to ``/dev/null``.

    The ruleset can be created once and applied by many processes.

    Args:
        writable_dir: The only directory tree a restricted process may modify.
        abi: Landlock ABI version from :func:`landlock_abi` (>= 1).

    Returns:
        The ruleset's file descriptor (close it when no longer needed).

    Raises:
        OSError: a Landlock call failed.
    """
    handled = _FS_ABI1 | (_FS_REFER if abi >= 2 else 0) | (_FS_TRUNCATE if abi >= 3 else 0)
    fields = [handled]
    if abi >= 4:
        fields.append(_NET_BIND_CONNECT_TCP)
    if abi >= 6:
        fields.append(_SCOPE_UNIX_SOCKET_AND_SIGNAL)
    attr = struct.pack(f"={len(fields)}Q", *fields)
    ruleset = _check(int(_LIBC.syscall(_SYS_LANDLOCK_CREATE_RULESET, attr, len(attr), 0)), "landlock_create_ruleset")
    try:
        file_rights = _FS_WRITE_FILE | (_FS_TRUNCATE if abi >= 3 else 0)
        for path, rights in ((writable_dir, handled & ~_FS_EXECUTE), (os.devnull, file_rights)):
            fd = os.open(path, os.O_PATH | os.O_CLOEXEC)
            try:
                rule = struct.pack("=Qi", rights, fd)
                result = _LIBC.syscall(_SYS_LANDLOCK_ADD_RULE, ruleset, _LANDLOCK_RULE_PATH_BENEATH, rule, 0)
                _check(int(result), f"landlock_add_rule({path!r})")
            finally:
                os.close(fd)
    except BaseException:
        os.close(ruleset)
        raise
    return ruleset


# -- seccomp -----------------------------------------------------------------------------------

_AUDIT_ARCH_X86_64 = 0xC000003E
_RET_KILL_PROCESS, _RET_ALLOW, _RET_ERRNO = 0x80000000, 0x7FFF0000, 0x00050000
_EPERM = _RET_ERRNO | errno.EPERM
_CLONE_THREAD = 0x00010000
_LD_ABS, _JEQ, _JGE, _JSET, _RET = 0x20, 0x15, 0x35, 0x45, 0x06
_INSN_SIZE = 8

# x86-64 system calls that always fail with EPERM in a worker.
_X86_64_DENIED = {
    name: int(number)
    for name, number in (
        item.split("=")
        for item in """
        fork=57 vfork=58 execve=59 execveat=322 socketpair=53 tkill=200 ptrace=101 process_vm_readv=310
        process_vm_writev=311 pidfd_open=434 pidfd_send_signal=424 pidfd_getfd=438 setrlimit=160
        mknod=133 mknodat=259 unshare=272 setns=308 mount=165 umount2=166 pivot_root=155 chroot=161
        setpgid=109 setsid=112 io_uring_setup=425 open_by_handle_at=304 name_to_handle_at=303 bpf=321
        perf_event_open=298 userfaultfd=323 kexec_load=246 kexec_file_load=320 init_module=175
        finit_module=313 delete_module=176 reboot=169 keyctl=250 add_key=248 request_key=249 acct=163
        swapon=167 swapoff=168 quotactl=179
        """.split()
    )
}
_SOCKET, _CLONE, _CLONE3, _PRLIMIT64 = 41, 56, 435, 302
_SIGNALLING = (62, 234, 129, 297)  # kill, tgkill, rt_sigqueueinfo, rt_tgsigqueueinfo: first argument is a pid


def _insn(code: int, jt: int, jf: int, k: int) -> bytes:
    return struct.pack("=HBBI", code, jt, jf, k & 0xFFFFFFFF)


def _seccomp_template(may_fork: bool) -> tuple[bytes, tuple[int, ...]]:
    """The filter with a placeholder pid, and the byte offsets where the worker's pid goes.

    ``may_fork``: a zygote's filter, which lets it fork its children (each
    child then installs the worker filter on top).
    """
    insns = [
        _insn(_LD_ABS, 0, 0, 4),  # architecture
        _insn(_JEQ, 1, 0, _AUDIT_ARCH_X86_64),
        _insn(_RET, 0, 0, _RET_KILL_PROCESS),
        _insn(_LD_ABS, 0, 0, 0),  # system call number
        _insn(_JGE, 0, 1, 0x40000000),  # x32 ABI calls
        _insn(_RET, 0, 0, _EPERM),
    ]
    for number in sorted(_X86_64_DENIED.values()):
        insns += [_insn(_JEQ, 0, 1, number), _insn(_RET, 0, 0, _EPERM)]
    insns += [
        _insn(_JEQ, 0, 1, _SOCKET),
        _insn(_RET, 0, 0, _RET_ERRNO | errno.EACCES),
        _insn(_JEQ, 0, 1, _CLONE3),  # glibc falls back to clone, whose flags can be inspected
        _insn(_RET, 0, 0, _RET_ERRNO | errno.ENOSYS),
    ]
    if not may_fork:
        insns += [
            _insn(_JEQ, 0, 4, _CLONE),  # clone: threads only
            _insn(_LD_ABS, 0, 0, 16),
            _insn(_JSET, 0, 1, _CLONE_THREAD),
            _insn(_RET, 0, 0, _RET_ALLOW),
            _insn(_RET, 0, 0, _EPERM),
        ]
    pid_offsets = []
    for number in _SIGNALLING:  # signals: only to this process
        insns += [_insn(_JEQ, 0, 4, number), _insn(_LD_ABS, 0, 0, 16)]
        pid_offsets.append(len(insns) * _INSN_SIZE + 4)
        insns += [_insn(_JEQ, 0, 1, 0), _insn(_RET, 0, 0, _RET_ALLOW), _insn(_RET, 0, 0, _EPERM)]
    insns += [  # prlimit64: reading limits only (new_limit == NULL)
        _insn(_JEQ, 0, 6, _PRLIMIT64),
        _insn(_LD_ABS, 0, 0, 32),
        _insn(_JEQ, 0, 3, 0),
        _insn(_LD_ABS, 0, 0, 36),
        _insn(_JEQ, 0, 1, 0),
        _insn(_RET, 0, 0, _RET_ALLOW),
        _insn(_RET, 0, 0, _EPERM),
        _insn(_RET, 0, 0, _RET_ALLOW),
    ]
    return b"".join(insns), tuple(pid_offsets)


class _SockFprog(ctypes.Structure):
    _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]


class SeccompFilter:
    """The worker (or zygote) filter, prepared once in the fork server; :meth:`install` patches in the pid.

    Building the buffers before the fork leaves a worker one write and one
    system call (a single ``ctypes`` call, which a zygote's child permits itself).
    """

    def __init__(self, may_fork: bool = False) -> None:
        template, self._offsets = _seccomp_template(may_fork)
        self._buffer = ctypes.create_string_buffer(template, len(template))
        self._program = _SockFprog(len(template) // _INSN_SIZE, ctypes.addressof(self._buffer))
        self._address = ctypes.addressof(self._program)

    def program(self, pid: int) -> bytes:
        """The filter's instructions for a process whose pid is ``pid`` (for inspection)."""
        for offset in self._offsets:
            struct.pack_into("=I", self._buffer, offset, pid)
        return self._buffer.raw

    def install(self, pid: int) -> None:
        """Install the filter on this process, allowing signals to ``pid`` only.

        Raises:
            OSError: the kernel refused the filter.
        """
        for offset in self._offsets:
            struct.pack_into("=I", self._buffer, offset, pid)
        _check(_LIBC.prctl(_PR_SET_SECCOMP, _SECCOMP_MODE_FILTER, self._address, 0, 0), "prctl(PR_SET_SECCOMP)")


# -- what this machine supports ---------------------------------------------------------------


@dataclass(frozen=True)
class Protections:
    """Which kernel layers a worker applies.

    Attributes:
        landlock_abi: Landlock ABI used (0: Landlock not applied).
        seccomp: Whether the seccomp filter is installed.
        notes: Why a layer is missing, for the user.
    """

    landlock_abi: int = 0
    seccomp: bool = False
    notes: tuple[str, ...] = ()

    def describe(self) -> str:
        """One line naming the active layers."""
        layers = ["processes", "rlimits", "audit hook"]
        if self.landlock_abi:
            layers.append(f"landlock v{self.landlock_abi}")
        if self.seccomp:
            layers.append("seccomp")
        return ", ".join(layers)


def apply(protections: Protections, ruleset: int | None, seccomp: SeccompFilter | None = None) -> None:
    """Apply the kernel layers named by ``protections`` to this process.

    ``PR_SET_NO_NEW_PRIVS`` must already be set (the fork server sets it once).

    Args:
        protections: Result of :func:`probe`.
        ruleset: Landlock ruleset from :func:`landlock_ruleset` (needed when
            ``protections.landlock_abi`` is set).
        seccomp: A prepared filter (one is made if omitted).

    Raises:
        OSError: a layer that worked when probed failed now.
    """
    if protections.landlock_abi:
        if ruleset is None:
            raise OSError("no Landlock ruleset was prepared for this worker")
        _check(int(_LIBC.syscall(_SYS_LANDLOCK_RESTRICT_SELF, ruleset, 0)), "landlock_restrict_self")
    if protections.seccomp:
        (seccomp or SeccompFilter()).install(os.getpid())


def probe(enabled: bool = True) -> Protections:
    """Find out which kernel layers work here, by applying them in a throw-away child.

    The child is forked: call this only in a process without other threads
    (the sandbox's fork server probes at its start; ``Sandbox.protections``
    reports the result).

    Args:
        enabled: ``False`` returns "no kernel layers" without probing.

    Returns:
        The layers workers should apply.
    """
    if not enabled:
        return Protections(notes=("kernel confinement disabled",))
    notes = []
    abi = landlock_abi()
    if not abi:
        notes.append("Landlock is not available (kernel >= 5.13 with Landlock enabled is needed)")
    seccomp = platform.system() == "Linux" and platform.machine() in ("x86_64", "AMD64")
    if not seccomp:
        notes.append(f"the seccomp filter is not available on {platform.system()}/{platform.machine()}")
    if not (abi or seccomp):
        return Protections(notes=tuple(notes))
    failure = _try_in_child(Protections(landlock_abi=abi, seccomp=seccomp))
    if failure is None:
        return Protections(landlock_abi=abi, seccomp=seccomp, notes=tuple(notes))
    notes.append(f"kernel confinement refused here ({failure}); relying on the audit hook")
    return Protections(notes=tuple(notes))


def _try_in_child(protections: Protections) -> str | None:
    directory = tempfile.mkdtemp(prefix="aspera-probe-")
    read_end, write_end = os.pipe()
    try:
        pid = os.fork()
        if pid == 0:  # pragma: no cover - runs in the child
            message = b""
            try:
                ruleset = landlock_ruleset(directory, protections.landlock_abi) if protections.landlock_abi else None
                no_new_privileges()
                apply(protections, ruleset)
            except BaseException as error:  # noqa: BLE001 - reported to the parent
                message = str(error).encode("utf-8", "replace")[:500]
            os.write(write_end, message)
            os._exit(0)
        os.close(write_end)
        write_end = -1
        chunks = []
        while chunk := os.read(read_end, 4096):
            chunks.append(chunk)
        os.waitpid(pid, 0)
        return b"".join(chunks).decode("utf-8", "replace") or None
    finally:
        os.close(read_end)
        if write_end >= 0:
            os.close(write_end)
        os.rmdir(directory)
