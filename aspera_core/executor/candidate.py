"""The candidate's process, where a program runs, holding nothing of the task but the world it is sent.

Forked by the judge before it reads its job, it keeps only its two pipes and applies its limits, Landlock (reads:
Python's and the library's code; writes: its directory), seccomp and the audit hook. Each request (``load``,
``module``, ``call``) is one exchange of values in the encoding of :mod:`~aspera_core.executor.wire`. Answers,
which a program could have written, travel as JSON that the judge parses without trusting; requests travel as
``marshal`` data, several times cheaper to write and read: only the judge writes them (a candidate holds only the
read end of its request pipe), so nothing a program made is ever read by ``marshal``. The judge's side is
:class:`Channel`, :class:`RemoteProgram` and :func:`apply_world`.
"""

from __future__ import annotations

import _signal
import contextlib
import marshal
import os
import random
import signal
import struct
import sys
import time
import traceback
from collections.abc import Callable, Iterator
from types import SimpleNamespace
from typing import Any, NoReturn

from aspera_core.executor import confine, forking, wire
from aspera_core.executor.classify import error_type_name, exception_message
from aspera_core.executor.harness import (
    COMPILE_ERRORS,
    PROGRAM_MODULE,
    Fallback,
    Refused,
    TailBuffer,
    compile_source,
    program_module,
    safe_repr,
)
from aspera_core.executor.inherited import Inherited, ServerSlot
from aspera_core.executor.sandbox import readable, write_all
from aspera_core.world import (
    ComputeError,
    DatabaseNamespace,
    ExecutionContext,
    current_context_or_none,
    get_current_context,
    swap_current_context,
)

HEADER = struct.Struct("=I")
#: Largest message either side accepts (a world of many thousand rows fits).
MAX_MESSAGE = 128 * 1024 * 1024


class CandidateGone(Exception):
    """The candidate's pipe closed: the program ended its process (``status``: its wait status, if known)."""

    def __init__(self, status: int | None) -> None:
        super().__init__(status)
        self.status = status


def send(fd: int, message: Any) -> None:
    """Write one of the judge's requests (``marshal``; a candidate answers through :func:`bound_line`)."""
    data = marshal.dumps(message)
    write_all(fd, HEADER.pack(len(data)) + data)


def _wait(fd: int, deadline: float | None) -> None:
    """Return once ``fd`` can be read (``CandidateGone`` past ``deadline``: a program stalling its own process,
    whatever it caught)."""
    if deadline is not None and not readable(fd, deadline - time.monotonic()):
        raise CandidateGone(None)


def _read_exactly(fd: int, size: int, deadline: float | None = None) -> bytes | None:
    chunks, left = [], size
    while left:
        _wait(fd, deadline)
        chunk = os.read(fd, min(left, 1 << 20))
        if not chunk:
            return None
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def _drain(fd: int, deadline: float | None) -> None:
    """Read ``fd`` to its end (``CandidateGone`` past ``deadline``)."""
    while True:
        _wait(fd, deadline)
        if not os.read(fd, 1 << 16):
            return


def receive(fd: int, deadline: float | None = None) -> Any:
    """A candidate's next answer, ``None`` at end of file (``Malformed`` if it is oversized or not JSON; ``deadline``:
    the ``time.monotonic()`` after which the candidate is given up, :class:`CandidateGone`)."""
    header = _read_exactly(fd, HEADER.size, deadline)
    if header is None:
        return None
    (length,) = HEADER.unpack(header)
    if length > MAX_MESSAGE:
        raise wire.Malformed(f"a message of {length} bytes (at most {MAX_MESSAGE})")
    data = _read_exactly(fd, length, deadline)
    if data is None:
        return None
    return wire.loads(data)


def bound_line(inbox: int, outbox: int) -> tuple[Callable[[], Any], Callable[[Any], None], Callable[[int], NoReturn]]:
    """The candidate's side of its pipes, bound before the program runs: a function returning the judge's next request
    (``None`` at end of file, or for anything that is not one), one sending an answer, and one ending the process.

    They look nothing up when called (no builtin, no attribute of a module or a class), so a program that replaces
    the functions of ``os``, ``json``, ``marshal``, the library, the executor or the builtins in its own process still
    has its answers sent, or, when they cannot be made, its process ended: its judge never waits for an answer that
    will not come."""
    read, write, end, loads = os.read, os.write, os._exit, marshal.loads
    pack, unpack, size, dumps = HEADER.pack, HEADER.unpack, HEADER.size, wire.dumps  # (made by wire.answer_encoder)
    join, length, view, limit, most = b"".join, len, memoryview, MAX_MESSAGE, 1 << 20

    def read_exactly(count: int) -> bytes | None:
        chunks = []
        while count:
            chunk = read(inbox, count if count < most else most)
            if not chunk:
                return None
            chunks.append(chunk)
            count -= length(chunk)
        return join(chunks)

    def receive() -> Any:
        header = read_exactly(size)
        count = limit + 1 if header is None else unpack(header)[0]
        data = read_exactly(count) if count <= limit else None
        try:
            return None if data is None else loads(data)
        except:  # noqa: E722 - not a request (no exception class named: a program may have replaced the builtins)
            return None

    def answer(message: Any) -> None:
        left = view(pack(length(data := dumps(message))) + data)
        while left:
            left = left[write(outbox, left) :]

    return receive, answer, end


# -- the judge's side ----------------------------------------------------------------------------------


class Channel:
    """The judge's end of one candidate: send a request, wait for its answer (``on_signal``: a self-signal
    the program announced before sending it). ``parent``: the judge forked it, so may learn how it ended.
    ``deadline``: when to give the candidate up (a zygote judging its last program itself has no zygote watching
    it; elsewhere the fork server's deadline is the bound)."""

    deadline: float | None = None

    def __init__(self, pid: int, to_candidate: int, from_candidate: int, parent: bool = True) -> None:
        self.pid, self.to_candidate, self.from_candidate, self.parent = pid, to_candidate, from_candidate, parent

    def request(self, message: dict[str, Any], on_signal: Any = None) -> dict[str, Any]:
        try:
            send(self.to_candidate, message)
        except BrokenPipeError:
            raise CandidateGone(self._status()) from None
        while True:
            try:
                reply = receive(self.from_candidate, deadline=self.deadline)
            except wire.Malformed:
                # Not the candidate's own framing: the program wrote into its pipe. Its answer cannot be told
                # from what it wrote, so it has none: no request follows (the candidate ends once it is back in its
                # loop), and the judge waits until its process ends (or the deadline kills all).
                self._close(self.to_candidate)
                _drain(self.from_candidate, self.deadline)
                reply = None
            if reply is None:
                raise CandidateGone(self._status())
            if type(reply) is not dict:
                raise wire.Malformed("an answer must be a dict")
            signalled = reply.get("signal")
            if len(reply) == 1 and type(signalled) is int:
                if on_signal is not None:
                    on_signal(signalled)
                continue
            return reply

    def close(self) -> None:
        for fd in (self.to_candidate, self.from_candidate):
            self._close(fd)
        self.to_candidate = self.from_candidate = -1

    @staticmethod
    def _close(fd: int) -> None:
        try:
            os.close(fd)
        except OSError:  # (closed already)
            pass

    def _status(self) -> int | None:
        if not self.parent:
            return None
        try:
            _, status = os.waitpid(self.pid, 0)
        except ChildProcessError:
            return None
        return status


def spawn(server: Inherited, slot: ServerSlot, address_space: int) -> Channel:
    """Fork a candidate for ``slot`` (call it before this process holds any task data)."""
    to_read, to_write = os.pipe()
    from_read, from_write = os.pipe()
    pid = forking.fork()
    if pid == 0:  # pragma: no cover - runs in the candidate
        end = os._exit  # (bound before any program runs, as its line is)
        try:
            _Candidate(server, slot, to_read, from_write, address_space).serve()
        finally:
            end(0)
    os.close(to_read)
    os.close(from_write)
    return Channel(pid, to_write, from_read)


def mirror_death(status: int | None) -> None:
    """End this process the way the candidate ended (so the verdict reads the same as when they were one)."""
    if status is None:
        os._exit(1)
    if os.WIFSIGNALED(status):
        number = os.WTERMSIG(status)
        try:
            signal.pthread_sigmask(signal.SIG_UNBLOCK, [number])
            signal.signal(number, signal.SIG_DFL)
        except (OSError, ValueError):
            pass
        os.kill(os.getpid(), number)
        os._exit(128 + number)  # (a signal that does not end a process)
    os._exit(os.WEXITSTATUS(status) if os.WIFEXITED(status) else 1)


# -- the candidate's side ------------------------------------------------------------------------------


class _Candidate:
    def __init__(self, server: Inherited, slot: ServerSlot, inbox: int, outbox: int, address_space: int) -> None:
        self.line = bound_line(inbox, outbox)
        self.inbox, self.outbox = inbox, outbox
        self.server, self.templates = server, server.evaluator.templates
        self.guard = slot.guard
        self.code: Any = None
        self.name = ""
        self.apps: list[str] = []
        self.target: Any = None
        self.context: Any = None
        self.sent_denials = 0
        self._confine(server, slot, address_space)

    def _confine(self, server: Inherited, slot: ServerSlot, address_space: int) -> None:
        judge = os.getppid()
        confine.die_with_parent(signal.SIGKILL)
        if os.getppid() != judge:
            os._exit(3)
        abi, ruleset = server.protections.landlock_abi, None
        if abi:  # built here, where its own /proc entries (not another process's) can be named
            ruleset = confine.own_ruleset(abi, (*slot.rules, *server.readable))
        confine.isolate_descriptors(map(int, os.listdir("/proc/self/fd")), (self.inbox, self.outbox, ruleset))
        config = server.config
        confine.set_worker_limits(address_space, config.memory_mb, config.timeout_s + config.grace_s)
        confine.apply(server.protections, ruleset, server.seccomp)
        if ruleset is not None:
            os.close(ruleset)
        guard = self.guard
        guard.pid = os.getpid()
        answer = self.line[1]
        guard.on_self_signal = lambda number: answer({"signal": number})
        _announce_self_signals(guard)
        if config.audit_hook:
            guard.install()

    def serve(self) -> NoReturn:
        """Answer the judge's requests until it closes the pipe, then end the process; end it at once, too, if an
        answer cannot be sent. What it calls is bound now, before the program's first line: a program that breaks
        what :meth:`handle` uses has a ``crash`` answer, never none."""
        receive, answer, end = self.line
        handle, failure = self.handle, BaseException
        try:
            while (message := receive()) is not None:
                try:
                    reply = handle(message)
                except failure as exc:  # a failure outside the program (a late timer, memory, a library it broke)
                    reply = {"crash": exc.__class__.__name__}
                try:
                    answer(reply)
                except failure as exc:  # (not made of nodes: what made it was broken)
                    answer({"crash": exc.__class__.__name__})
        except failure:  # (no answer can be sent)
            end(1)
        end(0)

    def handle(self, message: dict[str, Any]) -> dict[str, Any]:
        timer = message.get("timer")
        self.deadline = time.monotonic() + timer if type(timer) is float and timer > 0 else None
        operation = message.get("op")
        load = message.get("load")
        if type(load) is dict:  # the program arrives with the first pair's first exchange
            loaded = self.load(load)
            if "syntax" in loaded:
                return loaded
        if operation == "load":
            return self.load(message)
        if operation == "module":
            return self.module(message)
        if operation == "call":
            module = self.module(message) if message.get("module") else None
            if module is not None and "exc" in module:
                return {"module": module}
            reply = self.call(message)
            if module is not None:
                reply["module"] = module
            return reply
        return {"crash": "unknown request"}

    def _left(self) -> float | None:
        return None if self.deadline is None else max(self.deadline - time.monotonic(), 0.001)

    def load(self, message: dict[str, Any]) -> dict[str, Any]:
        self.name, self.apps = message["name"], list(message["apps"])
        try:
            self.code = compile_source(message["program"], "<program>")
        except COMPILE_ERRORS as exc:
            text = "".join(traceback.format_exception_only(type(exc), exc))
            return {"syntax": [error_type_name(exc), exception_message(exc), text]}
        return {"ok": True}

    def _denials(self) -> dict[str, Any]:
        new = self.guard.denials[self.sent_denials :]
        self.sent_denials = len(self.guard.denials)
        return {"denials": new, "refusals": self.guard.refusals}

    def module(self, message: dict[str, Any]) -> dict[str, Any]:
        """Run the module code in a fresh ``query_executable``, against this process's default context."""
        namespace = self.templates.program(SimpleNamespace(apps=self.apps))
        namespace["__name__"] = PROGRAM_MODULE
        sys.modules[PROGRAM_MODULE] = program_module(namespace)
        self.context, self.target = None, None
        before = current_context_or_none()
        stdout, stderr = TailBuffer(), TailBuffer()
        failure = None
        with _running(stdout, stderr, self._left()):
            try:
                exec(self.code, namespace)
                target = namespace.get(self.name)
                if not callable(target):
                    raise AttributeError(f"module {PROGRAM_MODULE!r} has no top-level function {self.name!r}")
                self.target = target
            except BaseException as exc:  # noqa: BLE001 - every failure is the program's
                failure = exc
        reply = {"made_context": current_context_or_none() is not before, "out": _outputs(stdout, stderr)}
        reply.update(self._denials())
        if failure is not None:
            reply["exc"] = wire.encode_exception(failure, wire.Encoder(safe_repr))
        return reply

    def call(self, message: dict[str, Any]) -> dict[str, Any]:
        """Rebuild the world, call the program's function, and describe everything it left."""
        decoder = wire.Decoder()
        received = message["world"]
        stream = wire.decode_random(message["random"])
        args, kwargs = decoder.value(message["args"]), decoder.value(message["kwargs"])
        if self.context is None:  # the pair's first call: its context
            self.context = ExecutionContext(library_fixes=bool(message.get("fixes")))
            self.context.query = message.get("query", "")
        context = self.context
        if type(getattr(context, "tables", None)) is dict:
            for name, node in received.items():
                namespace, rows = DatabaseNamespace(name), decoder.value(node)
                held = context.tables.get(namespace)
                if type(held) is list:
                    held[:] = rows
                else:
                    context.tables[namespace] = rows
        random.setstate(stream)
        outer = swap_current_context(context)
        stdout, stderr = TailBuffer(), TailBuffer()
        value, failure = None, None
        with _running(stdout, stderr, self._left()):
            try:
                value = self.target(*args, **kwargs)
            except BaseException as exc:  # noqa: BLE001 - every failure is the program's
                failure = exc
        self.context = swap_current_context(outer)
        encoder = wire.Encoder(safe_repr)
        reply: dict[str, Any] = {"out": _outputs(stdout, stderr)}
        reply.update(self._denials())
        try:
            tables = self.context.tables if isinstance(self.context, ExecutionContext) else None
            if type(tables) is not dict:
                raise TypeError("the current context holds no tables")
            names = [namespace.value if isinstance(namespace, DatabaseNamespace) else "?" for namespace in tables]
            nodes = {name: encoder.node(rows, 0) for name, rows in zip(names, tables.values())}
            # Only the tables that changed travel back.
            reply["world"] = {name: node for name, node in nodes.items() if received.get(name) != node}
            reply["tables"] = names
        except wire._TooBig:
            reply["world_error"] = "the world is too large to send back"
        except Exception as error:  # noqa: BLE001 - a world the program made unreadable
            reply["world_error"] = f"the world cannot be read ({type(error).__name__})"
        if args or kwargs:  # passed by reference: what the program did to them goes back
            reply["args"] = encoder.top([list(args), kwargs])
        now = random.getstate()
        reply["random"] = None if now == stream else wire.encode_random(now)
        if failure is not None:
            reply["exc"] = wire.encode_exception(failure, encoder)
        else:
            reply["return"] = encoder.top(value)
        return reply


def _outputs(stdout: TailBuffer, stderr: TailBuffer) -> list[Any]:
    return [stdout.kept(), stdout.written, stderr.kept(), stderr.written]


@contextlib.contextmanager
def _running(stdout: TailBuffer, stderr: TailBuffer, seconds: float | None) -> Iterator[None]:
    """The program's output captured and the evaluation's remaining time on the timer (the judge's waits)."""
    saved = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = stdout, stderr
    if seconds:
        signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        sys.stdout, sys.stderr = saved


def _announce_self_signals(guard: Any) -> None:
    """Make ``raise_signal`` and ``pthread_kill`` (no audit event) announce their signal like ``os.kill``, so that a
    program's own ``SIGKILL`` is not taken for the out-of-memory killer's (an honest label, not a protection)."""

    def announcing(function: Any) -> Any:
        def call(*args: Any) -> None:
            if args and isinstance(args[-1], int) and args[-1] and guard.on_self_signal is not None:
                guard.on_self_signal(args[-1])
            function(*args)

        return call

    for module in (signal, _signal):
        module.raise_signal = announcing(module.raise_signal)
        module.pthread_kill = announcing(module.pthread_kill)


# -- the judge's view of the program -------------------------------------------------------------------


class RemoteProgram:
    """The program of one evaluation as the judge's harness sees it (``Evaluator.remote``).

    ``on_signal``: a self-signal the program announced; ``denials``: the operations the candidate's guard
    refused (for the verdict's stderr). ``gone``: set once the candidate has ended (its :class:`CandidateGone`).
    """

    def __init__(self, channel: Channel, on_signal: Any = None) -> None:
        self.channel, self.on_signal = channel, on_signal
        self.denials: list[str] = []
        self.refusals = 0
        self.gone: CandidateGone | None = None

    def _request(self, message: dict[str, Any], run: Any = None) -> dict[str, Any]:
        if self.gone is not None:
            raise self.gone
        paused = signal.setitimer(signal.ITIMER_REAL, 0)[0]  # the candidate keeps the time meanwhile
        started = time.monotonic()
        message["timer"] = float(paused)
        try:
            reply = self.channel.request(message, self.on_signal)
        except CandidateGone as gone:
            self.gone = gone
            raise
        finally:
            left = paused - (time.monotonic() - started)
            if left > 0:
                signal.setitimer(signal.ITIMER_REAL, left)
            elif paused:  # spent: this process's next step times out (unless the program's did already)
                self.spent = True
        if getattr(self, "spent", False):
            self.spent = False
            if not _timed_out(reply) and not (type(reply.get("module")) is dict and _timed_out(reply["module"])):
                signal.setitimer(signal.ITIMER_REAL, 0.001)
        self._take(reply, run)
        return reply

    def _take(self, reply: dict[str, Any], run: Any) -> None:
        """Note what the candidate's guard refused and what the program printed (``run``: its buffers)."""
        if "crash" in reply:
            if reply["crash"] == "MemoryError":
                raise MemoryError("the program's process ran out of memory")
            raise wire.Malformed(f"the program's process failed outside the program: {str(reply['crash'])[:200]}")
        denials, refusals = reply.pop("denials", None), reply.get("refusals")  # (taken once)
        if type(denials) is list and type(refusals) is int:
            room = max(0, 100 - len(self.denials))
            self.denials += [text[:1000] for text in denials[:room] if type(text) is str]
            self.refusals = refusals
        if run is not None:
            out = reply.get("out")
            if type(out) is not list or len(out) != 4:
                raise wire.Malformed("an answer must say what the program printed")
            run.stdout.absorb(out[0], out[1])
            run.stderr.absorb(out[2], out[3])

    def compile(self, program: str, name: str, scenario: Any) -> tuple[str, str, str] | None:
        """Have the candidate compile ``program`` (one without a function to call): ``None``, or the syntax error's
        type, message and text."""
        return _syntax_error(
            self._request({"op": "load", "program": program, "name": name, "apps": list(scenario.apps)})
        )

    refused: BaseException | None = None
    load_request: dict[str, Any] | None = None

    def prepare(self, program: str, name: str, scenario: Any) -> None:
        """Send ``program`` with the first exchange (which then also runs its module code)."""
        self.load_request = {"program": program, "name": name, "apps": list(scenario.apps)}

    def stub(self, run: Any, pair: Any = None) -> Any:
        """The EP's ``executable`` (``pair``: one that runs ahead of the module code, :meth:`_Pair._run_ahead`)."""

        def executable(*args: Any, **kwargs: Any) -> Any:
            return self.call(run, args, kwargs, pair)

        return executable

    def module_alone(self, run: Any, pair: Any) -> None:
        """The module code of a pair whose EP never called the program, at its end."""
        message: dict[str, Any] = {"op": "module"}
        self._first(message)
        reply = self._request(message)
        self._refuse(reply)
        self._module_taken(reply, run, pair)

    def _first(self, message: dict[str, Any]) -> None:
        if self.load_request is not None:
            message["load"], self.load_request = self.load_request, None

    def _refuse(self, reply: dict[str, Any]) -> None:
        refused = _syntax_error(reply)
        if refused is not None:
            self.refused = Refused(*refused)
            raise self.refused

    def _module_taken(self, reply: Any, run: Any, pair: Any) -> None:
        if type(reply) is not dict:
            raise wire.Malformed("an answer must say how the module code ended")
        self._take(reply, run)
        self._made_context = bool(reply.get("made_context"))
        pair.take_module(wire.decode_exception(reply["exc"]) if "exc" in reply else None)

    def module(self, run: Any) -> Any:
        """Run the module code (compiling a prepared program first: :class:`Refused` if it does not compile); the
        stub the EP calls as ``executable`` (raises what the module code raised)."""
        message: dict[str, Any] = {"op": "module"}
        self._first(message)
        reply = self._request(message)
        self._refuse(reply)
        self._take(reply, run)
        self._made_context = bool(reply.get("made_context"))
        if "exc" in reply:
            raise wire.decode_exception(reply["exc"])
        return self.stub(run)

    def module_as_if_first(self, run: Any) -> Any:
        """The same in a zygote's child: any trace the module code left makes it fall back to a lone evaluation."""
        before = (run.stdout.written, run.stderr.written, self.refusals)
        try:
            stub = self.module(run)
        except (CandidateGone, wire.Malformed) as exc:
            raise Fallback("the program's process failed") from exc
        except BaseException as exc:
            raise Fallback("the program's module code raised") from exc
        if self._made_context or before != (run.stdout.written, run.stderr.written, self.refusals):
            raise Fallback("the program's module code printed, was refused something, or made a context")
        return stub

    _made_context = False

    def call(self, run: Any, args: tuple[Any, ...], kwargs: dict[str, Any], pair: Any = None) -> Any:
        """One exchange: the world out, the program's answer back and rebuilt (``Malformed``: a bad answer).

        ``pair``: a pair running ahead; its first call also runs the module code (and compiles the program)."""
        context = get_current_context()
        encoder = wire.Encoder(safe_repr)
        world = {namespace.value: encoder.node(rows, 0) for namespace, rows in context.tables.items()}
        message = {
            "op": "call",
            "world": world,
            "random": wire.encode_random(random.getstate()),
            "args": encoder.top(args),
            "kwargs": encoder.top(kwargs),
            "query": context.query if type(context.query) is str else "",
            "fixes": bool(context.library_fixes),
        }
        ahead = pair is not None and not pair.module_done
        if ahead:
            message["module"] = pair.module_asked = True
            self._first(message)
        reply = self._request(message, run if "module" not in message else None)
        if ahead:
            self._refuse(reply)
            self._module_taken(reply.get("module"), run, pair)
            self._take(reply, run)
        decoder = wire.Decoder()
        if "world_error" in reply:
            raise wire.Malformed(str(reply["world_error"])[:200])
        apply_world(context, reply.get("tables"), reply.get("world"), world, decoder)
        stream = reply.get("random")
        if stream is not None:
            try:
                random.setstate(wire.decode_random(stream))
            except wire.Malformed:
                raise
            except Exception as error:  # noqa: BLE001 - not a state of the random stream
                raise wire.Malformed(f"not a random stream state ({type(error).__name__})") from None
        if (args or kwargs) and "args" in reply:
            after = decoder.value(reply["args"])
            if type(after) is list and len(after) == 2 and type(after[0]) is list and type(after[1]) is dict:
                for original, new in zip(args, after[0]):
                    wire.update_in_place(original, new)
                for name, original in kwargs.items():
                    if name in after[1]:
                        wire.update_in_place(original, after[1][name])
        if "exc" in reply:
            raise wire.decode_exception(reply["exc"])
        if "return" not in reply:
            raise wire.Malformed("an answer must hold a return value or an exception")
        return decoder.value(reply["return"])


def _syntax_error(reply: dict[str, Any]) -> tuple[str, str, str] | None:
    """The syntax error's type, message and text the candidate found, if any."""
    refused = reply.get("syntax")
    if refused is not None and (
        type(refused) is not list or len(refused) != 3 or not all(type(p) is str for p in refused)
    ):
        raise wire.Malformed("a malformed syntax error")
    return None if refused is None else (refused[0], refused[1], refused[2])


def _timed_out(reply: dict[str, Any]) -> bool:
    """Whether the program's time ran out in this exchange (then this process's timer stays off)."""
    failure = reply.get("exc")
    return type(failure) is dict and type(failure.get("class")) is str and failure["class"].endswith(".TaskTimeout")


def apply_world(context: Any, names: Any, changed: Any, sent: dict[str, Any], decoder: wire.Decoder) -> None:
    """Make the tables a candidate sent back (those that changed) the tables of ``context``, in place.

    A row whose node is the one the judge ``sent`` at its place stays the judge's row object; any other row is
    stored by the library's own write (:meth:`ExecutionContext.add_to_database`), so it is checked against the
    schema as a program's writes are. ``names``: the tables the candidate's world held (exactly the judge's)."""
    if type(names) is not list or sorted(map(str, names)) != sorted(namespace.value for namespace in context.tables):
        raise wire.Malformed("the world must hold exactly the tables of the schema")
    if type(changed) is not dict or not set(changed) <= set(names):
        raise wire.Malformed("the changed tables must be tables of the world")
    random_state = random.getstate()
    scratch = ExecutionContext()  # (a new context seeds the random stream: it is put back below)
    random.setstate(random_state)
    prepared = {}
    for name, node in changed.items():
        namespace, table = DatabaseNamespace(name), context.tables[DatabaseNamespace(name)]
        if type(node) is not list or node[:1] != ["l"]:
            raise wire.Malformed(f"table {name!r} must be a list of rows")
        before = sent.get(name, ["l"])[1:]
        rows, new = [], []
        for position, row in enumerate(node[1:]):
            if position < len(before) and row == before[position]:
                rows.append(table[position])
            else:
                rows.append(None)
                new.append((position, decoder.value(row)))
        try:
            scratch.add_to_database(namespace, [row for _, row in new])
        except (ComputeError, KeyError, TypeError, ValueError, OverflowError, AttributeError) as error:
            raise wire.Malformed(f"table {name!r}: {str(error)[:300]}") from None
        for (position, _), stored in zip(new, scratch.tables[namespace]):
            rows[position] = table[position] if position < len(table) and stored == table[position] else stored
        prepared[namespace] = rows
    for namespace, rows in prepared.items():
        context.tables[namespace][:] = rows
