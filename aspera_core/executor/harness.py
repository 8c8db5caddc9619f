"""The evaluation protocol itself (format part B), on the judge's side.

Each setup/evaluation pair gets a fresh namespace, a fresh ``query_executable`` module for the program and a
fresh ``ExecutionContext``; the EP is called as ``evaluate_P(query="", executable=<program>,
setup_function=<SIP>)`` and what escapes is classified by type and origin. With ``Evaluator.remote`` the program
runs in its candidate process; without, in this process (trusted programs only: :func:`evaluate_program`).
"""

from __future__ import annotations

import dataclasses
import functools
import io
import linecache
import marshal
import reprlib
import sys
import time
import traceback as traceback_module
from collections.abc import Callable, Iterable
from types import CodeType, ModuleType
from typing import Any

from aspera_core import grading
from aspera_core.executor.classify import classify, error_type_name, exception_message, format_traceback
from aspera_core.executor.namespaces import NamespaceTemplates
from aspera_core.outcomes import (
    ORIGIN_EVALUATION,
    ORIGIN_HARNESS,
    ORIGIN_PROGRAM,
    ORIGIN_SETUP,
    Outcome,
    PairResult,
    Verdict,
    combine_pairs,
)
from aspera_core.program_entry import function_name, has_definition, solution_name
from aspera_core.world import ExecutionContext, get_current_context, new_context

PROGRAM_MODULE = "query_executable"
MAX_OUTPUT_CHARS = 4_000
MAX_RETURN_REPR_CHARS = 1_000
#: Exceptions ``compile`` raises for text that is not a valid module.
COMPILE_ERRORS = (SyntaxError, ValueError, OverflowError, RecursionError)


class TaskTimeout(BaseException):
    """Raised in a worker when the task's time is up (not an ``Exception``: programs rarely catch it)."""


class Fallback(BaseException):
    """A deferred program cannot be evaluated from the shared setup; evaluate it on its own."""


class Refused(BaseException):
    """The candidate found the program does not compile (raised at the first exchange): its syntax error."""

    def __init__(self, error_type: str, message: str, text: str) -> None:
        super().__init__(error_type, message, text)
        self.parts = (error_type, message, text)


class ModuleFailed(BaseException):
    """The program's module code raised (told at the pair's first exchange): the pair is the program's failure."""


def _compile(text: str, filename: str) -> CodeType:
    return compile(text, filename, "exec", dont_inherit=True, optimize=0)  # asserts kept under ``-O``


def compile_source(text: str, filename: str, compiled: dict[tuple[str, str], CodeType] | None = None) -> CodeType:
    """Compile module source (or take it from ``compiled``, by text and file name); register its lines for
    tracebacks."""
    code = (compiled or {}).get((text, filename)) or _compile(text, filename)
    linecache.cache[filename] = (len(text), None, text.splitlines(keepends=True), filename)
    return code


def pair_filenames(index: int) -> tuple[str, str]:
    """The file names tracebacks give the setup and evaluation programs of pair ``index`` (from 0)."""
    return f"<setup {index + 1}>", f"<evaluation {index + 1}>"


def pair_programs(setups: Iterable[str], checks: Iterable[str]) -> list[tuple[str, str]]:
    """(text, file name) of each setup and evaluation program, pair by pair."""
    pairs = enumerate(zip(setups, checks))
    return [(text, name) for index, pair in pairs for text, name in zip(pair, pair_filenames(index))]


@functools.lru_cache(maxsize=4096)
def marshalled_code(text: str, filename: str) -> bytes | None:
    """A task program compiled as :func:`compile_source` compiles it, as :mod:`marshal` bytes for a process of the
    same interpreter; ``None`` if it does not compile (the judge then compiles it, and fails, itself). The
    evaluating process compiles each distinct program once instead of every judge compiling it again (in a fresh
    fork compiling costs several times what it does here)."""
    try:
        return marshal.dumps(_compile(text, filename))
    except Exception:  # noqa: BLE001 - SyntaxError, ValueError (a NUL byte), RecursionError, MemoryError
        return None


class TailBuffer(io.TextIOBase):
    """A text stream keeping only the last ``limit`` characters written (a program may print forever)."""

    def __init__(self, limit: int = MAX_OUTPUT_CHARS) -> None:
        super().__init__()
        self._limit, self._chunks, self._size, self.written = limit, [], 0, 0

    def writable(self) -> bool:  # noqa: D102 - io protocol
        return True

    def write(self, text: str) -> int:
        """Append ``text``, forgetting the oldest characters beyond the limit."""
        if not isinstance(text, str):
            raise TypeError(f"write() argument must be str, not {type(text).__name__}")
        self._chunks.append(text)
        self._size += len(text)
        self.written += len(text)
        if self._size > 2 * self._limit:
            self._chunks, self._size = ["".join(self._chunks)[-self._limit :]], self._limit
        return len(text)

    def kept(self) -> str:
        """The kept tail, without a marker."""
        return "".join(self._chunks)[-self._limit :]

    def absorb(self, kept: Any, written: Any) -> None:
        """Append what another buffer kept of ``written`` characters (a candidate's output; checked: it is data)."""
        if type(kept) is not str or type(written) is not int or written < len(kept):
            raise ValueError("malformed output")
        self.write(kept[-self._limit :])
        self.written += written - min(len(kept), self._limit)

    def getvalue(self) -> str:
        """The kept tail, prefixed by a marker when older text was dropped."""
        kept = self.kept()
        dropped = self.written - len(kept)
        return f"[... {dropped} characters cut ...]\n{kept}" if dropped else kept


_REPR = reprlib.Repr()
_REPR.maxlevel = 4
_REPR.maxlist = _REPR.maxtuple = _REPR.maxset = _REPR.maxfrozenset = _REPR.maxdict = 30
_REPR.maxstring, _REPR.maxother = 300, MAX_RETURN_REPR_CHARS


def safe_repr(value: Any, _len: Any = len, _isinstance: Any = isinstance, _type: Any = type, _str: Any = str) -> str:
    """Bounded ``repr`` that never raises (builtins bound early: a program may have replaced them)."""
    try:
        text = _REPR.repr(value)
        if not _isinstance(text, _str):
            raise TypeError("repr returned a non-string")
    except BaseException as error:  # noqa: BLE001 - a hostile __repr__
        if _isinstance(error, TaskTimeout):
            raise
        return f"<repr failed: {_type(error).__name__}>"
    return text if _len(text) <= MAX_RETURN_REPR_CHARS else text[:MAX_RETURN_REPR_CHARS] + "..."


def pair_failure(index: int, exc: BaseException, origin: str) -> PairResult:
    outcome = Outcome.TIMEOUT if isinstance(exc, TaskTimeout) else classify(exc, origin)
    return PairResult(index, outcome, error_type_name(exc), exception_message(exc), format_traceback(exc), origin)


class Evaluator:
    """Runs candidate programs through a task's setup/evaluation pairs.

    ``interrupts_are_errors``: a ``KeyboardInterrupt`` is the program's execution error (in a worker), not the
    caller's stop; ``library_fixes``: the library's fixes. :attr:`remote`: where the program runs (set in a
    worker: a :class:`~aspera_core.executor.candidate.RemoteProgram`); ``None`` runs it in this process, which
    only suits trusted programs.
    """

    def __init__(
        self,
        templates: NamespaceTemplates | None = None,
        interrupts_are_errors: bool = False,
        library_fixes: bool = False,
    ) -> None:
        self.templates = templates or NamespaceTemplates()
        self.library_fixes = library_fixes
        self.interrupts_are_errors = interrupts_are_errors
        self.remote: Any = None

    def evaluate(
        self,
        task: Any,
        program: str | Callable[[], str],
        on_pair_start: Callable[[int], None] | None = None,
        on_pair_end: Callable[[PairResult], None] | None = None,
        capture_world: bool = False,
        footprints: bool = False,
    ) -> Verdict:
        """The verdict of ``program`` on ``task``; the program's errors are classified, never raised.

        ``program``: the source, or (in a zygote) a callable returning it where the first pair's EP first calls
        it. ``capture_world`` records the world's tables around the program's first call in each pair;
        ``footprints`` records them with what the call returned or raised, for :func:`with_footprints` to turn
        into footprints once the evaluation's time is up. Raises ``KeyboardInterrupt`` (in-process only),
        ``Fallback`` and ``CandidateGone`` (in a worker)."""
        run = _Run(self, task, program, on_pair_start, on_pair_end, capture_world or footprints)
        run.answers = footprints
        saved = sys.stdout, sys.stderr
        sys.stdout, sys.stderr = run.stdout, run.stderr
        try:
            return run.evaluate()
        finally:
            sys.stdout, sys.stderr = saved


class _Run:
    """One evaluation of one program on one task."""

    def __init__(
        self, evaluator: Evaluator, task: Any, program: Any, on_start: Any, on_end: Any, capture: bool
    ) -> None:
        self.evaluator, self.task, self.on_start, self.on_end = evaluator, task, on_start, on_end
        self.capture_world = capture
        self.started = time.perf_counter()
        self.stdout, self.stderr = TailBuffer(), TailBuffer()
        self.pairs = list(zip(task.state_generation_programs or (), task.evaluation_programs or ()))
        self.deferred = program if callable(program) else None
        self.program: str | None = None if callable(program) else program
        self.code: Any = None  # the compiled program (True: compiled in the candidate)
        self.name = ""
        self.last_return: list[Any] = []
        self.fell_back = False
        self.worlds: list[dict[str, Any]] = []
        self.answers = False  # record what the program's first call returned or raised, beside the worlds

    def load(self, program: str) -> Verdict | None:
        """Compile the program; the verdict if it cannot run (no function found: parse error; broken: syntax error).

        A candidate compiles a program with a function at its first exchange instead (:class:`Refused`)."""
        self.program = program
        if has_definition(program):
            remote = self.evaluator.remote
            name = solution_name(program) or ""
            if remote is not None and name:
                remote.prepare(program, name, self.task.scenario)
                self.code, self.name = True, name
                return None
            if remote is not None:
                refused = remote.compile(program, name, self.task.scenario)
                if refused is not None:
                    return self._refused(Outcome.SYNTAX_ERROR, *refused)
                self.code = True
            else:
                try:
                    self.code = compile_source(program, "<program>")
                except COMPILE_ERRORS as exc:
                    text = "".join(traceback_module.format_exception_only(type(exc), exc))
                    return self._refused(Outcome.SYNTAX_ERROR, error_type_name(exc), exception_message(exc), text)
            self.name = name
            if self.name:
                return None
            self.code = None
        message = "no function definition found (the protocol looks for a 'def name(...):' line)"
        return self._refused(Outcome.PARSE_ERROR, "NoFunctionFound", message, None)

    def _refused(self, outcome: Outcome, error_type: str, message: str, traceback: str | None) -> Verdict:
        return Verdict(outcome, error_type, message, traceback, pairs_total=len(self.pairs), duration_s=self._elapsed())

    def _elapsed(self) -> float:
        return time.perf_counter() - self.started

    def evaluate(self) -> Verdict:
        if self.program is not None:
            refused = self.load(self.program)
            if refused is not None:
                return refused
        results: list[PairResult] = []
        for index, (sip, ep) in enumerate(self.pairs):
            if self.on_start is not None:
                self.on_start(index)
            try:
                result = self._run_pair(index, sip, ep)
            except Refused as refused:
                return self._refused(Outcome.SYNTAX_ERROR, *refused.parts)
            if self.code is None:  # a zygote's first pair ended before the program was called
                raise Fallback("the first pair ended before it called the program")
            results.append(result)
            if self.on_end is not None:
                self.on_end(result)
            if result.outcome in (Outcome.TASK_COMPLETION_ERROR, Outcome.TIMEOUT):
                break
        if self.code is None:
            raise Fallback("the task has no pair to evaluate the program in")
        return self._verdict(results)

    def _verdict(self, results: list[PairResult]) -> Verdict:
        deciding = combine_pairs(results) or PairResult(0, Outcome.SUCCESS)
        last = self.last_return
        return Verdict(
            outcome=deciding.outcome,
            error_type=deciding.error_type,
            message=deciding.message,
            traceback=deciding.traceback,
            pairs_run=len(results),
            pairs_total=len(self.pairs),
            duration_s=self._elapsed(),
            stdout=self.stdout.getvalue(),
            stderr=self.stderr.getvalue(),
            return_value=safe_repr(last[-1]) if last else None,
            pairs=tuple(results),
            world=tuple(self.worlds),
        )

    def _run_pair(self, index: int, sip: str, ep: str) -> PairResult:
        try:  # (a Fallback passes through)
            try:
                pair = _Pair(self, index, sip, ep)
            except Exception as exc:
                # Broken task data or a missing library module: not the program's
                # fault, but the pair cannot be judged, so it is an execution error.
                return pair_failure(index, exc, ORIGIN_HARNESS)
            return pair.run()
        except TaskTimeout as exc:  # the timer fired in harness code, between the program's steps
            return pair_failure(index, exc, ORIGIN_HARNESS)


class _Pair:
    """One setup/evaluation pair of a run."""

    def __init__(self, run: _Run, index: int, sip: str, ep: str) -> None:
        self.run_, self.index = run, index
        self.remote = run.evaluator.remote
        templates, scenario = run.evaluator.templates, run.task.scenario
        self.namespace = namespace = templates.evaluation(scenario)
        if self.remote is None:
            self.globals = templates.program(scenario)
            self.globals["__name__"] = PROGRAM_MODULE
            self.module = program_module(self.globals)
        compiled, (setup_file, evaluation_file) = getattr(run.task, "compiled", None), pair_filenames(index)
        exec(compile_source(sip, setup_file, compiled), namespace)
        exec(compile_source(ep, evaluation_file, compiled), namespace)
        self.setup_fn = namespace[function_name(sip) or ""]
        self.evaluate_fn = namespace[function_name(ep) or ""]
        self.from_program: list[BaseException] = []

    def run(self) -> PairResult:
        """Run the program's module code, then the evaluation program; classify what escapes."""
        if self.remote is not None and self.run_.deferred is None:
            return self._run_ahead()
        if self.remote is None:
            sys.modules[PROGRAM_MODULE] = self.module
        try:
            if self.run_.code is None:  # deferred: the module code runs at the program's first call
                return self._evaluate(self._deferred_program())
            try:
                # The module code runs before the pair's context exists, against
                # the process's default context (as in the original).
                target = self._load_module()
            except BaseException as exc:  # noqa: BLE001 - every failure is classified
                self._reraise_interrupt(exc)
                return pair_failure(self.index, exc, ORIGIN_PROGRAM)
            return self._evaluate(target)
        finally:
            if self.remote is None and sys.modules.get(PROGRAM_MODULE) is self.module:
                del sys.modules[PROGRAM_MODULE]

    def _run_ahead(self) -> PairResult:
        """The pair with the program in its candidate: the module code runs in the same exchange as the first call.

        Until then the EP runs ahead with its output held back. The module code cannot observe the judge, so
        only its outcome and output must keep their place: its output goes before the held output; if it raised
        (or the program does not compile), what the EP did is dropped and the pair is the program's failure, as
        if the EP had never started. An EP that never calls the program has the module code run at its end (one
        that called it and got no answer has the pair's verdict already: a program that broke its answer)."""
        run = self.run_
        self.held = TailBuffer(), TailBuffer()
        self.module_failure: BaseException | None = None
        self.module_done = self.module_asked = False
        sys.stdout, sys.stderr = self.held
        try:
            result = self._evaluate(self.remote.stub(run, self))
            if not self.module_asked:
                self.remote.module_alone(run, self)
        except ModuleFailed:
            pass
        finally:
            sys.stdout, sys.stderr = run.stdout, run.stderr
        if self.module_failure is not None:
            return pair_failure(self.index, self.module_failure, ORIGIN_PROGRAM)
        return result

    def take_module(self, failure: BaseException | None) -> None:
        """The module code's outcome arrived (its output is in the run's buffers): place what the EP held back."""
        run = self.run_
        self.module_done = True
        if failure is not None:
            self.module_failure = failure
            sys.stdout, sys.stderr = TailBuffer(), TailBuffer()  # what the EP does from now on never happened
            raise ModuleFailed(failure)
        for held, kept in zip(self.held, (run.stdout, run.stderr)):
            kept.absorb(held.kept(), held.written)
        sys.stdout, sys.stderr = run.stdout, run.stderr

    def _load_module(self) -> Callable[..., Any]:
        if self.remote is not None:
            return self.remote.module(self.run_)
        exec(self.run_.code, self.globals)
        target = self.globals.get(self.run_.name)
        if not callable(target):
            raise AttributeError(f"module {PROGRAM_MODULE!r} has no top-level function {self.run_.name!r}")
        return target

    def _deferred_program(self) -> Callable[..., Any]:
        """The program as the EP sees it in a zygote (so with a candidate): loaded, in the zygote's child, at its
        first call, falling back to a lone evaluation if its module code left any trace."""
        run, loaded = self.run_, []

        def call(*args: Any, **kwargs: Any) -> Any:
            if not loaded:
                try:
                    waited = time.perf_counter()
                    program = run.deferred()  # type: ignore[misc]
                    run.started += time.perf_counter() - waited  # (a child: its siblings' time is not its own)
                    self.remote = run.evaluator.remote  # (the child's own candidate)
                    if run.load(program) is not None:
                        raise Fallback("the program cannot run")
                    loaded.append(self.remote.module_as_if_first(run))  # (the module code as if first)
                except Fallback:
                    run.fell_back = True  # even if the EP swallows it
                    raise
            return loaded[0](*args, **kwargs)

        return call

    def _evaluate(self, target: Callable[..., Any]) -> PairResult:
        from_setup: list[BaseException] = []
        executable = _tagging(target, self.from_program, self.run_.last_return)
        if self.run_.capture_world:
            executable = _capturing(executable, self.run_.worlds, self.index, self.run_.answers)
        setup_function = _tagging(self.setup_fn, from_setup, None)
        context = ExecutionContext(library_fixes=self.run_.evaluator.library_fixes)
        context.query = self.run_.task.query
        try:
            with new_context(context):
                self.evaluate_fn(query="", executable=executable, setup_function=setup_function)
        except BaseException as exc:  # noqa: BLE001
            self._reraise_interrupt(exc)
            return pair_failure(self.index, exc, _origin(exc, self.from_program, from_setup))
        self._reraise_interrupt(None)
        return PairResult(self.index, Outcome.SUCCESS)

    def _reraise_interrupt(self, exc: BaseException | None) -> None:
        """Raise what ends the evaluation rather than the pair (also when the EP swallowed it)."""
        refused = getattr(self.remote, "refused", None)
        if refused is not None:
            raise refused
        if getattr(self, "module_failure", None) is not None:
            raise ModuleFailed(self.module_failure)
        if self.run_.fell_back:
            raise Fallback("the program must be evaluated on its own") from exc
        gone = getattr(self.remote, "gone", None)
        if gone is not None:
            raise gone
        if isinstance(exc, KeyboardInterrupt) and not self.run_.evaluator.interrupts_are_errors:
            raise exc


def _origin(exc: BaseException, from_program: list[BaseException], from_setup: list[BaseException]) -> str:
    """Where an exception that escaped the evaluation program came from (plain loops: no builtins)."""
    for seen in from_program:
        if exc is seen:
            return ORIGIN_PROGRAM
    for seen in from_setup:
        if exc is seen:
            return ORIGIN_SETUP
    return ORIGIN_EVALUATION


def program_module(namespace: dict[str, Any]) -> ModuleType:
    """The ``query_executable`` module object: it forwards attribute lookups to the program's globals."""
    module = ModuleType(PROGRAM_MODULE)

    def forward(name: str) -> Any:
        try:
            return namespace[name]
        except KeyError:
            raise AttributeError(f"module {PROGRAM_MODULE!r} has no attribute {name!r}") from None

    module.__getattr__ = forward  # type: ignore[method-assign]
    return module


def _tagging(function: Callable[..., Any], escaped: list[BaseException], returns: list[Any] | None) -> Any:
    """``function``, remembering the exceptions that leave it (their origin) and what it returns."""

    def call(*args: Any, **kwargs: Any) -> Any:
        try:
            value = function(*args, **kwargs)
        except BaseException as exc:
            escaped.append(exc)
            raise
        if returns is not None:
            returns[:] = [value]
        return value

    return call


def _world_tables() -> dict[str, Any] | None:
    try:
        return get_current_context().to_dict()
    except Exception:  # noqa: BLE001 - a program may have left its world unreadable
        return None


def _capturing(function: Callable[..., Any], worlds: list[dict[str, Any]], index: int, answers: bool) -> Any:
    """``function``, recording the world's tables around its first call in pair ``index`` (and, with ``answers``,
    what the call returned or raised)."""

    def call(*args: Any, **kwargs: Any) -> Any:
        if any(world["pair"] == index for world in worlds):
            return function(*args, **kwargs)
        record = {"pair": index, "before": _world_tables()}
        try:
            value = function(*args, **kwargs)
        except BaseException as exc:
            if answers:
                record["raised"] = exc
            raise
        else:
            if answers:
                record["value"] = value
            return value
        finally:
            record["after"] = _world_tables()
            worlds.append(record)

    return call


def with_footprints(verdict: Verdict, query: str, keep_world: bool = False) -> Verdict:
    """``verdict`` with the worlds its evaluation recorded (``Evaluator.evaluate(footprints=True)``) turned into
    one footprint per pair (:mod:`aspera_core.grading`); the worlds are kept only with ``keep_world``. A footprint
    that cannot be taken says why instead: grading never changes the verdict itself."""
    footprints = []
    for world in verdict.world:
        try:
            found = grading.take(
                world["pair"], world.get("before"), world.get("after"), world.get("value"), world.get("raised"), query
            )
        except Exception as exc:  # noqa: BLE001 - a world or answer the grading cannot read
            found = grading.Footprint(world["pair"], problem=f"the footprint could not be taken: {type(exc).__name__}")
        footprints.append(found.to_json())
    kept = tuple({k: v for k, v in w.items() if k in ("pair", "before", "after")} for w in verdict.world)
    return dataclasses.replace(verdict, world=kept if keep_world else (), footprints=tuple(footprints))


def evaluate_program(task: Any, program: str, evaluator: Evaluator | None = None) -> Verdict:
    """The verdict of a trusted program on a task, evaluated in this process (no isolation)."""
    return (evaluator or Evaluator()).evaluate(task, program)
