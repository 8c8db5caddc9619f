"""Kernel-enforced confinement (Linux): what holds even against code that bypasses audit hooks.

Resource limits, death with the parent, ``PR_SET_NO_NEW_PRIVS``, Landlock and a seccomp filter (x86-64);
:func:`probe` finds and skips the layers the kernel refuses. The full lists are in docs/running.md.
"""

from __future__ import annotations

import ctypes
import errno
import os
import platform
import resource
import struct
import sys
import sysconfig
import tempfile
from collections.abc import Collection, Iterable
from dataclasses import dataclass

_LIBC = ctypes.CDLL(None, use_errno=True)
_LIBC.syscall.restype = ctypes.c_long
_LIBC.prctl.argtypes = [ctypes.c_int, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong]
_PR_SET_PDEATHSIG, _PR_SET_SECCOMP, _PR_SET_NO_NEW_PRIVS = 1, 22, 38


def _check(result: int, what: str) -> int:
    if result < 0:
        code = ctypes.get_errno()
        raise OSError(code, f"{what} failed ({errno.errorcode.get(code, code)}: {os.strerror(code)})")
    return result


def address_space() -> int:
    """Bytes of address space this process uses now."""
    with open("/proc/self/statm", "rb") as statm:
        return int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")


def set_shared_limits(file_size_mb: int, no_new_privileges: bool) -> None:
    """Limit file sizes, forbid core dumps, optionally set ``PR_SET_NO_NEW_PRIVS`` (all inherited)."""
    size = file_size_mb * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    if no_new_privileges:
        _check(_LIBC.prctl(_PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0), "prctl(PR_SET_NO_NEW_PRIVS)")


def set_worker_limits(current: int, memory_mb: int, cpu_s: float) -> None:
    """Limit the address space to ``current`` + ``memory_mb`` and CPU time to ``cpu_s`` (then ``SIGXCPU``)."""
    limit = current + memory_mb * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    cpu = max(1, int(cpu_s + 0.999))
    resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 1))


def isolate_descriptors(fds: Iterable[int], keep: Collection[int | None]) -> None:
    """Point ``fds`` but ``keep`` at /dev/null (the numbers stay taken, so nothing stale hits them)."""
    devnull = os.open(os.devnull, os.O_RDWR)
    for fd in fds:
        if fd != devnull and fd not in keep:
            try:
                os.dup2(devnull, fd, inheritable=fd < 3)
            except OSError:  # closed since it was listed
                pass
    os.close(devnull)


def die_with_parent(signal_number: int) -> None:
    """Ask the kernel to send ``signal_number`` to this process when its parent (thread) ends."""
    _check(_LIBC.prctl(_PR_SET_PDEATHSIG, signal_number, 0, 0, 0), "prctl(PR_SET_PDEATHSIG)")


# -- Landlock ---------------------------------------------------------------------------------

_LANDLOCK_CREATE_RULESET, _LANDLOCK_ADD_RULE, _LANDLOCK_RESTRICT_SELF = 444, 445, 446
# Rights: execute, write, remove dir/file, make char/dir/reg/sock/fifo/block/sym (ABI 1),
# refer (2), truncate (3); net: TCP bind and connect (4); scopes: abstract sockets, signals (6).
_FS_EXECUTE, _FS_WRITE, _FS_REFER, _FS_TRUNCATE = 1 << 0, 1 << 1, 1 << 13, 1 << 14
_FS_READ_FILE, _FS_READ_DIR = 1 << 2, 1 << 3
_FS_ABI1 = _FS_EXECUTE | _FS_WRITE | sum(1 << bit for bit in range(4, 13))
_NET_TCP, _SCOPES = 0b11, 0b11


def landlock_abi() -> int:
    """Landlock ABI version of the running kernel (0 when unavailable)."""
    return max(0, int(_LIBC.syscall(_LANDLOCK_CREATE_RULESET, None, 0, 1)))


Rules = tuple[tuple[int, int], ...]  # (rights, O_PATH descriptor) pairs


def _handled(abi: int, reads: bool) -> int:
    read_rights = _FS_READ_FILE | _FS_READ_DIR if reads else 0
    return _FS_ABI1 | read_rights | (_FS_REFER if abi >= 2 else 0) | (_FS_TRUNCATE if abi >= 3 else 0)


def _opened(paths: Iterable[tuple[str, int]]) -> Rules:
    rules = []
    for path, rights in paths:
        try:
            rules.append((rights, os.open(path, os.O_PATH | os.O_CLOEXEC)))
        except FileNotFoundError:
            continue
    return tuple(rules)


def landlock_rules(writable_dir: str, abi: int, reads: bool) -> Rules:
    """The rules allowing writes (and, with ``reads``, reads) below ``writable_dir`` and of ``/dev/null``."""
    file_rights = _FS_WRITE | (_FS_TRUNCATE if abi >= 3 else 0) | (_FS_READ_FILE if reads else 0)
    return _opened([(writable_dir, _handled(abi, reads) & ~_FS_EXECUTE), (os.devnull, file_rights)])


def readable_rules(paths: Iterable[str]) -> Rules:
    """The rules allowing reads of ``paths`` (files and directories; missing ones are left out).

    The fork server opens these once: a candidate adds them from the descriptors it inherits instead of opening
    and checking every path again."""
    return _opened((path, _FS_READ_FILE | _FS_READ_DIR if os.path.isdir(path) else _FS_READ_FILE) for path in paths)


def landlock_ruleset(abi: int, rules: Rules, reads: bool) -> int:
    """A Landlock ruleset (a descriptor) allowing only what ``rules`` allow (``reads``: reads are confined too)."""
    handled = _handled(abi, reads)
    fields = [handled] + ([_NET_TCP] if abi >= 4 else []) + ([_SCOPES] if abi >= 6 else [])
    attr = struct.pack(f"={len(fields)}Q", *fields)
    ruleset = _check(int(_LIBC.syscall(_LANDLOCK_CREATE_RULESET, attr, len(attr), 0)), "landlock_create_ruleset")
    try:
        for rights, fd in rules:
            rule = struct.pack("=Qi", rights, fd)
            _check(int(_LIBC.syscall(_LANDLOCK_ADD_RULE, ruleset, 1, rule, 0)), "landlock_add_rule")
    except BaseException:
        os.close(ruleset)
        raise
    return ruleset


def writes_ruleset(writable_dir: str, abi: int) -> int:
    """A ruleset confining writes only (to ``writable_dir`` and ``/dev/null``), its descriptors closed again."""
    rules = landlock_rules(writable_dir, abi, reads=False)
    try:
        return landlock_ruleset(abi, rules, reads=False)
    finally:
        for _, fd in rules:
            os.close(fd)


_CORE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # aspera_core, without importing it


def readable_paths() -> tuple[str, ...]:
    """What a candidate may read: Python's own code, installed packages, shared libraries, the code of the base
    packages of ``aspera_core`` (for the library's own imports and tracebacks), time zones and ``/dev/urandom``;
    nothing of the user's, the repository's data, the results or the task set."""
    paths = {sysconfig.get_paths()[key] for key in ("stdlib", "platstdlib", "purelib", "platlib")}
    paths |= {os.path.dirname(os.__file__)}
    # The base packages (code only; ``tasks`` for the setup probe of ``aspera validate``, which imports it),
    # and the modules at the package's top.
    paths |= {os.path.join(_CORE, name) for name in ("library", "world", "tools", "compat", "executor", "tasks")}
    paths |= {entry.path for entry in os.scandir(_CORE) if entry.name.endswith(".py") and entry.is_file()}
    paths |= {"/usr/share/zoneinfo", "/etc/localtime", "/dev/urandom", "/etc/ld.so.cache"}
    paths |= {"/lib", "/lib64", "/usr/lib", "/usr/lib64", "/usr/local/lib"}  # shared libraries of extensions
    return tuple(sorted(path for path in paths if os.path.exists(path)))


def package_paths(modules: Iterable[str]) -> list[str]:
    """The folders (or files) of the top-level packages of ``modules``, imported already: what a judge may read of
    the modules its fork server loaded for it (its setting's value modules, the modules a sandbox preloads), besides
    the core, which it may read whole. Nothing beside them: not a repository's data, a task set or results."""
    paths = [_CORE]
    for name in modules:
        package = sys.modules.get(name.partition(".")[0])
        where = getattr(package, "__path__", None) or [getattr(package, "__file__", None) or ""]
        paths += [path for path in where if path and os.path.exists(path)]
    return list(dict.fromkeys(paths))


def own_ruleset(abi: int, rules: Rules) -> int:
    """A ruleset confining reads too, allowing ``rules`` and this process's own ``/proc`` entries (built in the
    process itself: its pid names them). The descriptors of ``rules`` are closed: nothing here refers to them."""
    rules = (*rules, *readable_rules([f"/proc/{os.getpid()}"]))
    try:
        return landlock_ruleset(abi, rules, reads=True)
    finally:
        for _, fd in rules:
            os.close(fd)


# -- seccomp ----------------------------------------------------------------------------------

_ALLOW, _KILL, _ERRNO = 0x7FFF0000, 0x80000000, 0x00050000
_EPERM = _ERRNO | errno.EPERM
_LD, _JEQ, _JGE, _JSET, _RET = 0x20, 0x15, 0x35, 0x45, 0x06  # BPF: load word, jumps, return
# x86-64 system calls that always fail with EPERM in a worker.
_DENIED = [
    int(item.split("=")[1])
    for item in """fork=57 vfork=58 execve=59 execveat=322 socketpair=53 tkill=200 ptrace=101
    process_vm_readv=310 process_vm_writev=311 pidfd_open=434 pidfd_send_signal=424 pidfd_getfd=438
    setrlimit=160 mknod=133 mknodat=259 unshare=272 setns=308 mount=165 umount2=166 pivot_root=155
    chroot=161 setpgid=109 setsid=112 io_uring_setup=425 open_by_handle_at=304 name_to_handle_at=303
    bpf=321 perf_event_open=298 userfaultfd=323 kexec_load=246 kexec_file_load=320 init_module=175
    finit_module=313 delete_module=176 reboot=169 keyctl=250 add_key=248 request_key=249 acct=163
    swapon=167 swapoff=168 quotactl=179""".split()
]
_SOCKET, _CLONE, _CLONE3, _PRLIMIT64 = 41, 56, 435, 302
_SIGNALLING = (62, 234, 129, 297)  # kill, tgkill, rt_sigqueueinfo, rt_tgsigqueueinfo: first argument a pid


def _insn(code: int, jt: int, jf: int, k: int) -> bytes:
    return struct.pack("=HBBI", code, jt, jf, k & 0xFFFFFFFF)


def _seccomp_template(may_fork: bool) -> tuple[bytes, list[int]]:
    """The filter with a placeholder pid and the byte offsets of the pid (``may_fork``: a zygote's filter)."""
    insns = [_insn(_LD, 0, 0, 4), _insn(_JEQ, 1, 0, 0xC000003E), _insn(_RET, 0, 0, _KILL)]  # x86-64 only
    insns += [_insn(_LD, 0, 0, 0), _insn(_JGE, 0, 1, 0x40000000), _insn(_RET, 0, 0, _EPERM)]  # no x32 calls
    for number in sorted(_DENIED):
        insns += [_insn(_JEQ, 0, 1, number), _insn(_RET, 0, 0, _EPERM)]
    insns += [_insn(_JEQ, 0, 1, _SOCKET), _insn(_RET, 0, 0, _ERRNO | errno.EACCES)]
    insns += [_insn(_JEQ, 0, 1, _CLONE3), _insn(_RET, 0, 0, _ERRNO | errno.ENOSYS)]  # glibc falls back to clone
    if not may_fork:  # clone: threads only
        insns += [_insn(_JEQ, 0, 4, _CLONE), _insn(_LD, 0, 0, 16), _insn(_JSET, 0, 1, 0x10000)]
        insns += [_insn(_RET, 0, 0, _ALLOW), _insn(_RET, 0, 0, _EPERM)]
    offsets = []
    for number in _SIGNALLING:  # signals: to this process only
        insns += [_insn(_JEQ, 0, 4, number), _insn(_LD, 0, 0, 16)]
        offsets.append(len(insns) * 8 + 4)
        insns += [_insn(_JEQ, 0, 1, 0), _insn(_RET, 0, 0, _ALLOW), _insn(_RET, 0, 0, _EPERM)]
    insns += [_insn(_JEQ, 0, 6, _PRLIMIT64), _insn(_LD, 0, 0, 32), _insn(_JEQ, 0, 3, 0), _insn(_LD, 0, 0, 36)]
    insns += [_insn(_JEQ, 0, 1, 0), _insn(_RET, 0, 0, _ALLOW), _insn(_RET, 0, 0, _EPERM)]  # prlimit64: reading
    return b"".join(insns + [_insn(_RET, 0, 0, _ALLOW)]), offsets


class _SockFprog(ctypes.Structure):
    _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]


class SeccompFilter:
    """A worker's (or zygote's) filter, built in the fork server (a zygote's child installs it under the guard)."""

    def __init__(self, may_fork: bool = False) -> None:
        template, self._offsets = _seccomp_template(may_fork)
        self._buffer = ctypes.create_string_buffer(template, len(template))
        self._program = _SockFprog(len(template) // 8, ctypes.addressof(self._buffer))
        self._address = ctypes.addressof(self._program)

    def install(self, pid: int) -> None:
        """Install the filter on this process, whose pid ``pid`` is the only one signals may reach."""
        for offset in self._offsets:
            struct.pack_into("=I", self._buffer, offset, pid)
        _check(_LIBC.prctl(_PR_SET_SECCOMP, 2, self._address, 0, 0), "prctl(PR_SET_SECCOMP)")


# -- what this machine supports --------------------------------------------------------------


@dataclass(frozen=True)
class Protections:
    """Which kernel layers a worker applies."""

    landlock_abi: int = 0  # 0: no Landlock
    seccomp: bool = False
    notes: tuple[str, ...] = ()  # why a layer is missing, for the user
    audit_hook: bool = True  # not a kernel layer, but named with them

    def describe(self) -> str:
        """One line naming the active layers."""
        layers = ["processes", "rlimits"] + ["audit hook"] * self.audit_hook
        layers += [f"landlock v{self.landlock_abi}"] * bool(self.landlock_abi) + ["seccomp"] * self.seccomp
        return ", ".join(layers)


def apply(protections: Protections, ruleset: int | None, seccomp: SeccompFilter | None = None) -> None:
    """Apply the layers of ``protections`` to this process (``PR_SET_NO_NEW_PRIVS`` must be set)."""
    if protections.landlock_abi:
        if ruleset is None:
            raise OSError("no Landlock ruleset was prepared for this worker")
        _check(int(_LIBC.syscall(_LANDLOCK_RESTRICT_SELF, ruleset, 0)), "landlock_restrict_self")
    if protections.seccomp:
        (seccomp or SeccompFilter()).install(os.getpid())


def probe(enabled: bool = True) -> Protections:
    """Which kernel layers work here (none if not ``enabled``), found in a forked child: call it single-threaded."""
    if not enabled:
        return Protections(notes=("kernel confinement disabled",))
    abi, seccomp = landlock_abi(), platform.machine() == "x86_64"
    notes = ["Landlock is not available (kernel >= 5.13 with Landlock enabled is needed)"] * (not abi)
    notes += [f"the seccomp filter is not available on {platform.machine()}"] * (not seccomp)
    failure = _try_in_child(Protections(abi, seccomp))
    if failure is None:
        return Protections(abi, seccomp, tuple(notes))
    return Protections(notes=(*notes, f"kernel confinement refused here ({failure}); relying on the audit hook"))


def _try_in_child(protections: Protections) -> str | None:
    directory = tempfile.mkdtemp(prefix="aspera-probe-")
    read_end, write_end = os.pipe()
    try:
        pid = os.fork()
        if pid == 0:  # pragma: no cover - runs in the child
            message = b""
            try:
                abi = protections.landlock_abi
                set_shared_limits(64, no_new_privileges=True)
                apply(protections, writes_ruleset(directory, abi) if abi else None)
            except BaseException as error:  # noqa: BLE001 - reported to the parent
                message = str(error).encode("utf-8", "replace")[:500]
            os.write(write_end, message)
            os._exit(0)
        os.close(write_end)
        write_end = -1
        os.waitpid(pid, 0)
        return os.read(read_end, 4096).decode("utf-8", "replace") or None  # (500 bytes at most: one write)
    finally:
        os.close(read_end)
        if write_end >= 0:
            os.close(write_end)
        os.rmdir(directory)
