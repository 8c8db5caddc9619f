"""Kernel-enforced confinement of a sandboxed worker process (Linux).

Applied in a freshly forked worker before the program runs, in this order:

* resource limits: address space (current size + the memory cap), CPU time
  (a backstop behind the wall-clock timeout), size of files written, no core
  dumps;
* ``PR_SET_PDEATHSIG``: the worker is killed if the evaluating process dies;
* ``PR_SET_NO_NEW_PRIVS``, required by the next two layers;
* Landlock (kernel >= 5.13): no file may be written, created, removed or
  executed anywhere except below the worker's private directory and
  ``/dev/null``; with newer kernels also no TCP bind/connect (ABI 4) and no
  signals to processes outside the worker (ABI 6);
* seccomp (x86-64 only): ``fork``/``vfork``/process-creating ``clone``,
  ``execve``, sockets, signals to other processes, ``ptrace``, pidfds, raising
  resource limits, device/FIFO nodes, namespaces, mounts, ``io_uring`` and
  similar system calls fail with ``EPERM``; threads still work.

These hold even against code that bypasses Python's audit hooks (C
extensions, ``ctypes``, functions without audit events). They do not stop a
program from reading files, from using CPU and memory up to the limits, or
from corrupting its own worker's memory (and so its verdict); run the
workbench in a container for a stronger boundary.

Layers that the kernel or a container refuses are reported by
:func:`probe` and skipped; the audit hook still applies.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import errno
import os
import platform
import resource
import struct
from dataclasses import dataclass

_PR_SET_PDEATHSIG = 1
_PR_SET_SECCOMP = 22
_PR_SET_NO_NEW_PRIVS = 38
_SECCOMP_MODE_FILTER = 2

_LIBC = ctypes.CDLL(None, use_errno=True)
_LIBC.syscall.restype = ctypes.c_long
_LIBC.prctl.restype = ctypes.c_int
_LIBC.prctl.argtypes = [ctypes.c_int, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong]


def _errno_text() -> str:
    code = ctypes.get_errno()
    return f"{errno.errorcode.get(code, code)}: {os.strerror(code)}"


# -- resource limits -----------------------------------------------------------


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

    Args:
        file_size_mb: Largest file a process may write.

    Raises:
        OSError, ValueError: a limit cannot be set.
    """
    size = file_size_mb * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))


def set_worker_limits(current: int | None, memory_mb: int, cpu_s: float) -> None:
    """Limit this process's address space (current size + ``memory_mb``) and CPU time.

    Args:
        current: Address space in use now, in bytes (measured by the forking
            process just before the fork; read here when ``None``).
        memory_mb: Address space the process may add to its current size.
        cpu_s: CPU seconds (the process gets ``SIGXCPU`` after this).

    Raises:
        OSError, ValueError: a limit cannot be set.
    """
    if current is None:
        current = AddressSpace().current()
    address_space = current + memory_mb * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (address_space, address_space))
    cpu = max(1, int(cpu_s + 0.999))
    resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 1))


def die_with_parent(signal_number: int) -> None:
    """Ask the kernel to send ``signal_number`` to this process when its parent dies.

    Raises:
        OSError: the request failed.
    """
    if _LIBC.prctl(_PR_SET_PDEATHSIG, signal_number, 0, 0, 0) != 0:
        raise OSError(f"prctl(PR_SET_PDEATHSIG) failed ({_errno_text()})")


def no_new_privileges() -> None:
    """Set ``PR_SET_NO_NEW_PRIVS`` (needed by Landlock and seccomp).

    Raises:
        OSError: the request failed.
    """
    if _LIBC.prctl(_PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
        raise OSError(f"prctl(PR_SET_NO_NEW_PRIVS) failed ({_errno_text()})")


# -- Landlock -------------------------------------------------------------------

_SYS_LANDLOCK_CREATE_RULESET = 444
_SYS_LANDLOCK_ADD_RULE = 445
_SYS_LANDLOCK_RESTRICT_SELF = 446
_LANDLOCK_CREATE_RULESET_VERSION = 1
_LANDLOCK_RULE_PATH_BENEATH = 1

_FS_EXECUTE = 1 << 0
_FS_WRITE_FILE = 1 << 1
_FS_REMOVE_DIR = 1 << 4
_FS_REMOVE_FILE = 1 << 5
_FS_MAKE_CHAR = 1 << 6
_FS_MAKE_DIR = 1 << 7
_FS_MAKE_REG = 1 << 8
_FS_MAKE_SOCK = 1 << 9
_FS_MAKE_FIFO = 1 << 10
_FS_MAKE_BLOCK = 1 << 11
_FS_MAKE_SYM = 1 << 12
_FS_REFER = 1 << 13  # ABI 2
_FS_TRUNCATE = 1 << 14  # ABI 3
_NET_BIND_TCP = 1 << 0  # ABI 4
_NET_CONNECT_TCP = 1 << 1
_SCOPE_ABSTRACT_UNIX_SOCKET = 1 << 0  # ABI 6
_SCOPE_SIGNAL = 1 << 1


def landlock_abi() -> int:
    """Landlock ABI version of the running kernel (0 when unavailable)."""
    if platform.system() != "Linux":
        return 0
    version = _LIBC.syscall(_SYS_LANDLOCK_CREATE_RULESET, None, 0, _LANDLOCK_CREATE_RULESET_VERSION)
    return max(0, int(version))


def _handled_fs(abi: int) -> int:
    rights = (
        _FS_EXECUTE
        | _FS_WRITE_FILE
        | _FS_REMOVE_DIR
        | _FS_REMOVE_FILE
        | _FS_MAKE_CHAR
        | _FS_MAKE_DIR
        | _FS_MAKE_REG
        | _FS_MAKE_SOCK
        | _FS_MAKE_FIFO
        | _FS_MAKE_BLOCK
        | _FS_MAKE_SYM
    )
    if abi >= 2:
        rights |= _FS_REFER
    if abi >= 3:
        rights |= _FS_TRUNCATE
    return rights


def landlock_ruleset(writable_dir: str, abi: int) -> int:
    """Create a Landlock ruleset allowing writes only below ``writable_dir`` and to ``/dev/null``.

    The ruleset can be created once and applied by many processes.

    Args:
        writable_dir: The only directory tree a restricted process may modify.
        abi: Landlock ABI version from :func:`landlock_abi` (>= 1).

    Returns:
        The ruleset's file descriptor (close it when no longer needed).

    Raises:
        OSError: a Landlock call failed.
    """
    handled_fs = _handled_fs(abi)
    handled_net = _NET_BIND_TCP | _NET_CONNECT_TCP if abi >= 4 else 0
    scoped = _SCOPE_ABSTRACT_UNIX_SOCKET | _SCOPE_SIGNAL if abi >= 6 else 0
    if abi >= 6:
        attr = struct.pack("=QQQ", handled_fs, handled_net, scoped)
    elif abi >= 4:
        attr = struct.pack("=QQ", handled_fs, handled_net)
    else:
        attr = struct.pack("=Q", handled_fs)
    attr_buffer = ctypes.create_string_buffer(attr, len(attr))
    ruleset = int(_LIBC.syscall(_SYS_LANDLOCK_CREATE_RULESET, attr_buffer, len(attr), 0))
    if ruleset < 0:
        raise OSError(f"landlock_create_ruleset failed ({_errno_text()})")
    try:
        file_rights = _FS_WRITE_FILE | (_FS_TRUNCATE if abi >= 3 else 0)
        for path, rights in ((writable_dir, handled_fs & ~_FS_EXECUTE), (os.devnull, file_rights)):
            fd = os.open(path, os.O_PATH | os.O_CLOEXEC)
            try:
                rule = ctypes.create_string_buffer(struct.pack("=Qi", rights, fd), 12)
                if _LIBC.syscall(_SYS_LANDLOCK_ADD_RULE, ruleset, _LANDLOCK_RULE_PATH_BENEATH, rule, 0) != 0:
                    raise OSError(f"landlock_add_rule({path!r}) failed ({_errno_text()})")
            finally:
                os.close(fd)
    except BaseException:
        os.close(ruleset)
        raise
    return ruleset


def landlock_restrict(ruleset: int) -> None:
    """Restrict this process (and future threads) by a ruleset (``no_new_privileges`` first).

    Raises:
        OSError: the kernel refused.
    """
    if _LIBC.syscall(_SYS_LANDLOCK_RESTRICT_SELF, ruleset, 0) != 0:
        raise OSError(f"landlock_restrict_self failed ({_errno_text()})")


# -- seccomp ----------------------------------------------------------------------

_AUDIT_ARCH_X86_64 = 0xC000003E
_SECCOMP_RET_KILL_PROCESS = 0x80000000
_SECCOMP_RET_ALLOW = 0x7FFF0000
_SECCOMP_RET_ERRNO = 0x00050000
_CLONE_THREAD = 0x00010000

_BPF_LD_W_ABS = 0x20
_BPF_JEQ_K = 0x15
_BPF_JGE_K = 0x35
_BPF_JSET_K = 0x45
_BPF_RET_K = 0x06

# x86-64 system call numbers.
_X86_64_DENIED = {
    "fork": 57,
    "vfork": 58,
    "execve": 59,
    "execveat": 322,
    "socketpair": 53,
    "tkill": 200,
    "ptrace": 101,
    "process_vm_readv": 310,
    "process_vm_writev": 311,
    "pidfd_open": 434,
    "pidfd_send_signal": 424,
    "pidfd_getfd": 438,
    "setrlimit": 160,
    "mknod": 133,
    "mknodat": 259,
    "unshare": 272,
    "setns": 308,
    "mount": 165,
    "umount2": 166,
    "pivot_root": 155,
    "chroot": 161,
    "setpgid": 109,
    "setsid": 112,
    "io_uring_setup": 425,
    "open_by_handle_at": 304,
    "name_to_handle_at": 303,
    "bpf": 321,
    "perf_event_open": 298,
    "userfaultfd": 323,
    "kexec_load": 246,
    "kexec_file_load": 320,
    "init_module": 175,
    "finit_module": 313,
    "delete_module": 176,
    "reboot": 169,
    "keyctl": 250,
    "add_key": 248,
    "request_key": 249,
    "acct": 163,
    "swapon": 167,
    "swapoff": 168,
    "quotactl": 179,
}
_X86_64_SOCKET = 41
_X86_64_CLONE = 56
_X86_64_CLONE3 = 435
_X86_64_KILL = 62
_X86_64_TGKILL = 234
_X86_64_RT_SIGQUEUEINFO = 129
_X86_64_RT_TGSIGQUEUEINFO = 297
_X86_64_PRLIMIT64 = 302


def _insn(code: int, jt: int, jf: int, k: int) -> bytes:
    return struct.pack("=HBBI", code, jt, jf, k & 0xFFFFFFFF)


_INSN_SIZE = 8
_K_OFFSET = 4  # offset of the 32-bit constant inside an instruction


def _seccomp_template() -> tuple[bytes, tuple[int, ...]]:
    """The x86-64 filter with a placeholder pid, and the byte offsets of that pid."""
    eperm = _SECCOMP_RET_ERRNO | errno.EPERM
    insns = [
        _insn(_BPF_LD_W_ABS, 0, 0, 4),  # architecture
        _insn(_BPF_JEQ_K, 1, 0, _AUDIT_ARCH_X86_64),
        _insn(_BPF_RET_K, 0, 0, _SECCOMP_RET_KILL_PROCESS),
        _insn(_BPF_LD_W_ABS, 0, 0, 0),  # system call number
        _insn(_BPF_JGE_K, 0, 1, 0x40000000),  # x32 ABI calls
        _insn(_BPF_RET_K, 0, 0, eperm),
    ]
    for number in sorted(_X86_64_DENIED.values()):
        insns += [_insn(_BPF_JEQ_K, 0, 1, number), _insn(_BPF_RET_K, 0, 0, eperm)]
    insns += [
        _insn(_BPF_JEQ_K, 0, 1, _X86_64_SOCKET),
        _insn(_BPF_RET_K, 0, 0, _SECCOMP_RET_ERRNO | errno.EACCES),
        # glibc falls back from clone3 to clone, whose flags can be inspected
        _insn(_BPF_JEQ_K, 0, 1, _X86_64_CLONE3),
        _insn(_BPF_RET_K, 0, 0, _SECCOMP_RET_ERRNO | errno.ENOSYS),
        # clone: threads only
        _insn(_BPF_JEQ_K, 0, 4, _X86_64_CLONE),
        _insn(_BPF_LD_W_ABS, 0, 0, 16),
        _insn(_BPF_JSET_K, 0, 1, _CLONE_THREAD),
        _insn(_BPF_RET_K, 0, 0, _SECCOMP_RET_ALLOW),
        _insn(_BPF_RET_K, 0, 0, eperm),
    ]
    # signals: only to this process (the first argument is the target pid / tgid)
    pid_offsets = []
    for number in (_X86_64_KILL, _X86_64_TGKILL, _X86_64_RT_SIGQUEUEINFO, _X86_64_RT_TGSIGQUEUEINFO):
        insns += [_insn(_BPF_JEQ_K, 0, 4, number), _insn(_BPF_LD_W_ABS, 0, 0, 16)]
        pid_offsets.append(len(insns) * _INSN_SIZE + _K_OFFSET)
        insns += [
            _insn(_BPF_JEQ_K, 0, 1, 0),  # placeholder: the worker's pid
            _insn(_BPF_RET_K, 0, 0, _SECCOMP_RET_ALLOW),
            _insn(_BPF_RET_K, 0, 0, eperm),
        ]
    # prlimit64: reading limits (new_limit == NULL) only
    insns += [
        _insn(_BPF_JEQ_K, 0, 6, _X86_64_PRLIMIT64),
        _insn(_BPF_LD_W_ABS, 0, 0, 32),
        _insn(_BPF_JEQ_K, 0, 3, 0),
        _insn(_BPF_LD_W_ABS, 0, 0, 36),
        _insn(_BPF_JEQ_K, 0, 1, 0),
        _insn(_BPF_RET_K, 0, 0, _SECCOMP_RET_ALLOW),
        _insn(_BPF_RET_K, 0, 0, eperm),
        _insn(_BPF_RET_K, 0, 0, _SECCOMP_RET_ALLOW),
    ]
    return b"".join(insns), tuple(pid_offsets)


_SECCOMP_TEMPLATE, _SECCOMP_PID_OFFSETS = _seccomp_template()


def seccomp_program(pid: int) -> bytes:
    """The BPF filter (x86-64) for a worker whose process id is ``pid`` (for inspection).

    Args:
        pid: The worker's own pid; signals to it stay allowed.

    Returns:
        The filter as packed ``sock_filter`` instructions.
    """
    program = bytearray(_SECCOMP_TEMPLATE)
    for offset in _SECCOMP_PID_OFFSETS:
        struct.pack_into("=I", program, offset, pid)
    return bytes(program)


class _SockFprog(ctypes.Structure):
    _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]


def seccomp_supported() -> bool:
    """Whether the filter of this module fits the machine (Linux on x86-64)."""
    return platform.system() == "Linux" and platform.machine() in ("x86_64", "AMD64")


class SeccompFilter:
    """The worker filter, prepared once; :meth:`install` patches in the worker's pid.

    The buffers are created in the process that forks workers, so a worker
    only writes its pid and makes one system call.
    """

    def __init__(self) -> None:
        self._buffer = ctypes.create_string_buffer(_SECCOMP_TEMPLATE, len(_SECCOMP_TEMPLATE))
        self._program = _SockFprog(len(_SECCOMP_TEMPLATE) // _INSN_SIZE, ctypes.addressof(self._buffer))

    def install(self, pid: int) -> None:
        """Install the filter on this process, allowing signals to ``pid`` only.

        Raises:
            OSError: the kernel refused the filter.
        """
        for offset in _SECCOMP_PID_OFFSETS:
            struct.pack_into("=I", self._buffer, offset, pid)
        if _LIBC.prctl(_PR_SET_SECCOMP, _SECCOMP_MODE_FILTER, ctypes.addressof(self._program), 0, 0) != 0:
            raise OSError(f"prctl(PR_SET_SECCOMP) failed ({_errno_text()})")


# -- what this machine supports ---------------------------------------------------------


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


def apply(
    protections: Protections,
    ruleset: int | None,
    seccomp: SeccompFilter | None = None,
    set_no_new_privileges: bool = True,
) -> None:
    """Apply the kernel layers named by ``protections`` to this process.

    Args:
        protections: Result of :func:`probe`.
        ruleset: Landlock ruleset from :func:`landlock_ruleset` (needed when
            ``protections.landlock_abi`` is set).
        seccomp: A prepared filter (one is made if omitted).
        set_no_new_privileges: Set ``PR_SET_NO_NEW_PRIVS`` first (skip it
            when an ancestor set it: the flag is inherited).

    Raises:
        OSError: a layer that worked when probed failed now.
    """
    if not (protections.landlock_abi or protections.seccomp):
        return
    if set_no_new_privileges:
        no_new_privileges()
    if protections.landlock_abi:
        if ruleset is None:
            raise OSError("no Landlock ruleset was prepared for this worker")
        landlock_restrict(ruleset)
    if protections.seccomp:
        (seccomp or SeccompFilter()).install(os.getpid())


def probe(enabled: bool = True) -> Protections:
    """Find out which kernel layers work here, by applying them in a throw-away child.

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
    seccomp = seccomp_supported()
    if not seccomp:
        notes.append(f"the seccomp filter is not available on {platform.system()}/{platform.machine()}")
    candidate = Protections(landlock_abi=abi, seccomp=seccomp)
    if not (abi or seccomp):
        return Protections(notes=tuple(notes))
    failure = _try_in_child(candidate)
    if failure is None:
        return Protections(landlock_abi=abi, seccomp=seccomp, notes=tuple(notes))
    notes.append(f"kernel confinement refused here ({failure}); relying on the audit hook")
    return Protections(notes=tuple(notes))


def _try_in_child(protections: Protections) -> str | None:
    import tempfile

    directory = tempfile.mkdtemp(prefix="aspera-probe-")
    read_end, write_end = os.pipe()
    try:
        pid = os.fork()
        if pid == 0:  # pragma: no cover - runs in the child
            message = b""
            try:
                os.close(read_end)
                ruleset = landlock_ruleset(directory, protections.landlock_abi) if protections.landlock_abi else None
                apply(protections, ruleset)
            except BaseException as error:  # noqa: BLE001
                message = str(error).encode("utf-8", "replace")[:500]
            try:
                os.write(write_end, message)
            finally:
                os._exit(0)
        os.close(write_end)
        write_end = -1
        chunks = []
        while chunk := os.read(read_end, 4096):
            chunks.append(chunk)
        os.waitpid(pid, 0)
        text = b"".join(chunks).decode("utf-8", "replace")
        return text or None
    finally:
        os.close(read_end)
        if write_end >= 0:
            os.close(write_end)
        os.rmdir(directory)
