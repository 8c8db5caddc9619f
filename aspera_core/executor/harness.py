"""Evaluating one candidate program on one task, in the current process.

This is the evaluation protocol itself (format part B); it has no isolation.
A sandbox worker calls it after confining itself. Calling
:func:`evaluate_program` directly is for trusted programs and debugging only.

For each setup/evaluation pair, in order:

1. a fresh namespace receives the harness imports and the setup (SIP) and
   evaluation (EP) sources; the SIP and EP are the first functions each
   source defines;
2. the candidate program runs in a fresh module ``query_executable``
   (registered in ``sys.modules`` while it runs) that already holds the
   scenario apps' star imports;
3. a fresh :class:`~aspera_core.world.state.ExecutionContext` (empty tables,
   ``random`` seeded with 0) is installed and the EP is called as
   ``evaluate_P(query="", executable=<program function>, setup_function=<SIP>)``;
4. the exception that escapes, if any, is classified by type and origin.

A task-completion error (or a timeout, or detected tampering) stops the
remaining pairs; :func:`~aspera_core.outcomes.combine_pairs` decides the task.

Mechanisms kept for speed, each measured in a sandbox worker (where every
first write to an inherited memory page costs a page copy): setup and
evaluation programs are compiled once per process (:func:`compile_source`
with ``cached=True``, filled before workers are forked); a single-use worker
runs its first pair in the namespace templates themselves instead of copies
when dictionary version tags can tell whether the program rebound anything
there (see :mod:`~aspera_core.executor.integrity`; about 30% fewer page copies
per task).
"""

from __future__ import annotations

import functools
import io
import linecache
import reprlib
import sys
import time
import traceback as traceback_module
from collections.abc import Callable
from types import CodeType, ModuleType
from typing import Any, Protocol

from aspera_core.executor.classify import classify, error_type_name, exception_message, format_traceback
from aspera_core.executor.integrity import IntegrityBaseline, namespace_changes
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
from aspera_core.programs import function_name, has_definition, solution_name
from aspera_core.world.state import ExecutionContext, new_context

PROGRAM_MODULE = "query_executable"
PROGRAM_FILE = "<program>"
MAX_OUTPUT_CHARS = 4_000
MAX_RETURN_REPR_CHARS = 1_000
TAMPERING = "LibraryTampering"
NO_FUNCTION = "NoFunctionFound"
_NO_FUNCTION_MESSAGE = "no function definition found (the protocol looks for a 'def name(...):' line)"

#: Exceptions ``compile`` raises for text that is not a valid module.
COMPILE_ERRORS = (SyntaxError, ValueError, OverflowError, RecursionError)


def setup_file(index: int) -> str:
    """Pseudo file name of setup program ``index`` (0-based) in tracebacks."""
    return f"<setup {index + 1}>"


def evaluation_file(index: int) -> str:
    """Pseudo file name of evaluation program ``index`` (0-based) in tracebacks."""
    return f"<evaluation {index + 1}>"


def _compile(text: str, filename: str) -> CodeType:
    # optimize=0 whatever the interpreter's -O: evaluation programs are built from asserts.
    return compile(text, filename, "exec", dont_inherit=True, optimize=0)


# Bounded: a task set has a few hundred setup and evaluation programs.
_compile_cached = functools.lru_cache(maxsize=4096)(_compile)


def compile_source(text: str, filename: str, *, cached: bool = False) -> CodeType:
    """Compile a module's source and make its lines available to tracebacks.

    Args:
        text: Python source of a whole module.
        filename: Pseudo file name shown in tracebacks, e.g. ``<program>``.
        cached: Reuse the code object of an earlier compilation of the same
            text and file name (for setup and evaluation programs, which are
            evaluated again and again; code objects are immutable).

    Returns:
        The module code object.

    Raises:
        SyntaxError, ValueError, OverflowError, RecursionError: ``text`` does
            not compile (see :data:`COMPILE_ERRORS`).
    """
    code = _compile_cached(text, filename) if cached else _compile(text, filename)
    # A pseudo file name has no file on disk: tracebacks read the lines from here.
    linecache.cache[filename] = (len(text), None, text.splitlines(keepends=True), filename)
    return code


def precompile(task: TaskLike) -> None:
    """Compile a task's setup and evaluation programs into the shared cache.

    Programs that do not compile are left for the evaluation to report.
    """
    for index, pair in enumerate(zip(task.state_generation_programs, task.evaluation_programs)):
        for text, filename in zip(pair, (setup_file(index), evaluation_file(index))):
            try:
                compile_source(text, filename, cached=True)
            except COMPILE_ERRORS:
                pass


class TaskTimeout(BaseException):
    """Raised inside a worker when the task's time is up (``BaseException``, so
    a program's ``except Exception`` does not swallow it)."""


class ScenarioLike(Protocol):
    """What the harness reads from a task's scenario."""

    apps: list[str]
    simulation_tools: list[str] | None
    evaluation_tools: list[str] | None


class TaskLike(Protocol):
    """What the harness reads from a task (``aspera_core.tasks.Task`` fits)."""

    query: str
    scenario: ScenarioLike
    state_generation_programs: list[str]
    evaluation_programs: list[str]


class TailBuffer(io.TextIOBase):
    """A text stream that keeps only the last ``limit`` characters written."""

    def __init__(self, limit: int = MAX_OUTPUT_CHARS) -> None:
        super().__init__()
        self._limit = limit
        self._chunks: list[str] = []
        self._size = 0
        self._dropped = 0

    def writable(self) -> bool:  # noqa: D102 - io protocol
        return True

    def isatty(self) -> bool:  # noqa: D102 - io protocol
        return False

    @property
    def encoding(self) -> str:  # noqa: D102 - io protocol
        return "utf-8"

    def write(self, text: str) -> int:
        """Append ``text``, forgetting the oldest characters beyond the limit."""
        if not isinstance(text, str):
            raise TypeError(f"write() argument must be str, not {type(text).__name__}")
        self._chunks.append(text)
        self._size += len(text)
        if self._size > 2 * self._limit:
            joined = "".join(self._chunks)
            keep = joined[-self._limit :]
            self._dropped += len(joined) - len(keep)
            self._chunks, self._size = [keep], len(keep)
        return len(text)

    def getvalue(self, _len: Any = len) -> str:
        """The kept tail, prefixed by a marker when older text was dropped."""
        joined = "".join(self._chunks)
        extra = _len(joined) - self._limit
        dropped = self._dropped + (extra if extra > 0 else 0)
        joined = joined[-self._limit :] if extra > 0 else joined
        return f"[... {dropped} characters cut ...]\n{joined}" if dropped else joined


_REPR = reprlib.Repr()
_REPR.maxlevel = 4
_REPR.maxlist = _REPR.maxtuple = _REPR.maxset = _REPR.maxfrozenset = _REPR.maxdict = 30
_REPR.maxstring = 300
_REPR.maxother = MAX_RETURN_REPR_CHARS


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


def _failure(index: int, exc: BaseException, origin: str) -> PairResult:
    return PairResult(
        index=index,
        outcome=Outcome.TIMEOUT if isinstance(exc, TaskTimeout) else classify(exc, origin),
        error_type=error_type_name(exc),
        message=exception_message(exc),
        traceback=format_traceback(exc),
        origin=origin,
    )


def _stops_task(result: PairResult) -> bool:
    return result.outcome in (Outcome.TASK_COMPLETION_ERROR, Outcome.TIMEOUT) or result.error_type == TAMPERING


class _NotRunnable(Exception):
    """The program text cannot be run at all (no function, or no valid Python)."""

    def __init__(self, outcome: Outcome, error_type: str, message: str, traceback: str | None) -> None:
        super().__init__(message)
        self.outcome, self.error_type, self.message, self.traceback = outcome, error_type, message, traceback


def load_program(program: str) -> tuple[CodeType, str]:
    """Compile a candidate program and find its solution function's name.

    Raises:
        _NotRunnable: prose is a parse error, broken code a syntax error, and
            code whose function the protocol's rule cannot find a parse error.
    """
    if has_definition(program):
        try:
            code = compile_source(program, PROGRAM_FILE)
        except COMPILE_ERRORS as exc:
            # The original reported compile errors with a zero-depth traceback.
            text = "".join(traceback_module.format_exception_only(type(exc), exc))
            raise _NotRunnable(Outcome.SYNTAX_ERROR, error_type_name(exc), exception_message(exc), text) from None
        name = solution_name(program)
        if name is not None:
            return code, name
    raise _NotRunnable(Outcome.PARSE_ERROR, NO_FUNCTION, _NO_FUNCTION_MESSAGE, None)


class Evaluator:
    """Runs candidate programs through a task's setup/evaluation pairs.

    Args:
        templates: Namespace templates to reuse (one is created if omitted).
        integrity: Fingerprint of the library and evaluator modules to check
            after every pair; ``None`` skips the check.
        interrupts_are_errors: Treat ``KeyboardInterrupt`` raised during a
            pair as the program's execution error (inside a worker) rather
            than stopping the caller (in-process use).
        single_use: This process evaluates one program and exits (a sandbox
            worker): its first pair may run in the namespace templates
            themselves instead of copies.
    """

    def __init__(
        self,
        templates: NamespaceTemplates | None = None,
        integrity: IntegrityBaseline | None = None,
        interrupts_are_errors: bool = False,
        single_use: bool = False,
    ) -> None:
        self.templates = templates or NamespaceTemplates()
        self.integrity = integrity
        self.interrupts_are_errors = interrupts_are_errors
        self.single_use = single_use
        self._used_templates = False

    def evaluate(
        self,
        task: TaskLike,
        program: str,
        on_pair_start: Callable[[int], None] | None = None,
        on_pair_end: Callable[[PairResult], None] | None = None,
        capture_output: bool = True,
    ) -> Verdict:
        """Evaluate ``program`` on ``task``.

        Args:
            task: The task (its query, scenario and SIP/EP lists are used).
            program: The candidate program's source.
            on_pair_start: Called with a pair's index before it runs.
            on_pair_end: Called with each pair's result as soon as it is known.
            capture_output: Redirect ``sys.stdout``/``sys.stderr`` into bounded
                buffers whose tails go into the verdict.

        Returns:
            The verdict. Program errors never raise; they are classified.

        Raises:
            KeyboardInterrupt: in-process use only (see ``interrupts_are_errors``).
        """
        started = time.perf_counter()
        pairs = list(zip(task.state_generation_programs or (), task.evaluation_programs or ()))
        stdout, stderr = TailBuffer(), TailBuffer()
        saved = sys.stdout, sys.stderr
        if capture_output:
            sys.stdout, sys.stderr = stdout, stderr
        last_return: list[Any] = []
        results: list[PairResult] = []
        try:
            try:
                code, name = load_program(program)
            except _NotRunnable as error:
                return Verdict(
                    outcome=error.outcome,
                    error_type=error.error_type,
                    message=error.message,
                    traceback=error.traceback,
                    pairs_total=len(pairs),
                    duration_s=time.perf_counter() - started,
                )
            for index, (sip, ep) in enumerate(pairs):
                if on_pair_start is not None:
                    on_pair_start(index)
                result = self._run_pair(task, index, sip, ep, code, name, last_return)
                results.append(result)
                if on_pair_end is not None:
                    on_pair_end(result)
                if _stops_task(result):
                    break
        finally:
            if capture_output:
                sys.stdout, sys.stderr = saved
        return self._verdict(results, len(pairs), started, stdout, stderr, last_return)

    def _verdict(
        self,
        results: list[PairResult],
        total: int,
        started: float,
        stdout: TailBuffer,
        stderr: TailBuffer,
        last_return: list[Any],
        _len: Any = len,
        _tuple: Any = tuple,
        _clock: Any = time.perf_counter,
    ) -> Verdict:
        # Runs after the program: builtins are bound early in case it replaced them.
        deciding = combine_pairs(results)
        return Verdict(
            outcome=Outcome.SUCCESS if deciding is None else deciding.outcome,
            error_type=None if deciding is None else deciding.error_type,
            message=None if deciding is None else deciding.message,
            traceback=None if deciding is None else deciding.traceback,
            pairs_run=_len(results),
            pairs_total=total,
            duration_s=_clock() - started,
            stdout=stdout.getvalue(),
            stderr=stderr.getvalue(),
            return_value=safe_repr(last_return[-1]) if last_return else None,
            pairs=_tuple(results),
        )

    def _run_pair(
        self, task: TaskLike, index: int, sip: str, ep: str, code: CodeType, name: str, last_return: list[Any]
    ) -> PairResult:
        try:
            try:
                pair = _Pair(self, task, index, sip, ep)
            except Exception as exc:
                # Broken task data or a missing library module: not the program's
                # fault, but the pair cannot be judged, so it is an execution error.
                return _failure(index, exc, ORIGIN_HARNESS)
            return pair.run(code, name, last_return)
        except TaskTimeout as exc:
            # The timer fired in harness code, between the program's steps.
            return _failure(index, exc, ORIGIN_HARNESS)

    def namespaces(self, task: TaskLike, index: int) -> tuple[dict[str, Any], dict[str, Any], bool]:
        """The evaluation namespace and the program's globals for one pair.

        Returns:
            ``(evaluation namespace, program globals, shared)``; ``shared``
            means both are the cached templates themselves (a single-use
            worker's first pair, with version tags available to notice changes).
        """
        scenario = task.scenario
        shared = (
            self.single_use
            and index == 0
            and self.integrity is not None
            and self.integrity.reads_versions
            and not self._used_templates
        )
        self._used_templates |= shared
        evaluation = self.templates.evaluation(
            scenario.apps, scenario.simulation_tools, scenario.evaluation_tools, fresh=not shared
        )
        program = self.templates.program(scenario.apps, fresh=not shared)
        program["__name__"] = PROGRAM_MODULE
        return evaluation, program, shared

    def checked(
        self, index: int, result: Callable[[], PairResult], watch: _NamespaceWatch, _len: Any = len
    ) -> PairResult:
        """The pair's result, unless the program tampered with anything (then an execution error).

        Tampering is checked *before* the result is built: building it formats
        the exception with code that relies on builtins the program may have replaced.
        """
        changed = self.integrity.changes() if self.integrity is not None else []
        changed += watch.changes()
        if not changed:
            return result()
        shown = ", ".join(changed[:10]) + (f" and {_len(changed) - 10} more" if _len(changed) > 10 else "")
        return PairResult(
            index=index,
            outcome=Outcome.EXECUTION_ERROR,
            error_type=TAMPERING,
            message=f"the program replaced parts of the library or evaluator: {shown}",
            origin=ORIGIN_PROGRAM,
        )


class _Pair:
    """One setup/evaluation pair, ready to run a program."""

    def __init__(self, evaluator: Evaluator, task: TaskLike, index: int, sip: str, ep: str) -> None:
        self.evaluator, self.task, self.index = evaluator, task, index
        namespace, self.program_globals, shared = evaluator.namespaces(task, index)
        exec(compile_source(sip, setup_file(index), cached=True), namespace)
        exec(compile_source(ep, evaluation_file(index), cached=True), namespace)
        self.setup_fn = namespace[function_name(sip) or ""]
        self.evaluate_fn = namespace[function_name(ep) or ""]
        self.watch = _NamespaceWatch(evaluator, task, namespace, shared, (self.setup_fn, self.evaluate_fn))

    def run(self, code: CodeType, name: str, last_return: list[Any]) -> PairResult:
        """Run the program's module code, then the evaluation program; classify what escapes."""
        module = _program_module(self.program_globals)
        sys.modules[PROGRAM_MODULE] = module
        try:
            try:
                # The module's top-level code runs before the pair's context
                # exists, against the process's default context (as in the original).
                exec(code, self.program_globals)
                target = self.program_globals.get(name)
                if not callable(target):
                    raise AttributeError(f"module {PROGRAM_MODULE!r} has no top-level function {name!r}")
            except BaseException as exc:  # noqa: BLE001 - every failure is classified
                self._reraise_interrupt(exc)
                return self._failed(exc, lambda caught: ORIGIN_PROGRAM)
            return self._evaluate(target, last_return)
        finally:
            if sys.modules.get(PROGRAM_MODULE) is module:
                del sys.modules[PROGRAM_MODULE]

    def _evaluate(self, target: Callable[..., Any], last_return: list[Any]) -> PairResult:
        from_program: list[BaseException] = []
        from_setup: list[BaseException] = []
        executable = _tagging(target, from_program, last_return)
        setup_function = _tagging(self.setup_fn, from_setup, None)
        context = ExecutionContext()
        context.query = self.task.query
        try:
            with new_context(context):
                self.evaluate_fn(query="", executable=executable, setup_function=setup_function)
        except BaseException as exc:  # noqa: BLE001
            self._reraise_interrupt(exc)
            return self._failed(exc, lambda caught: _origin(caught, from_program, from_setup))
        return self._success()

    def _reraise_interrupt(self, exc: BaseException, _isinstance: Any = isinstance) -> None:
        if _isinstance(exc, KeyboardInterrupt) and not self.evaluator.interrupts_are_errors:
            raise exc

    def _success(self) -> PairResult:
        index = self.index
        return self.evaluator.checked(index, lambda: PairResult(index=index, outcome=Outcome.SUCCESS), self.watch)

    def _failed(self, exc: BaseException, origin: Callable[[BaseException], str]) -> PairResult:
        # The origin is found after the tampering check, like the rest of the result.
        index = self.index
        return self.evaluator.checked(index, lambda: _failure(index, exc, origin(exc)), self.watch)


def _origin(exc: BaseException, from_program: list[BaseException], from_setup: list[BaseException]) -> str:
    """Where an exception that escaped the evaluation program came from."""
    for seen in from_program:
        if exc is seen:
            return ORIGIN_PROGRAM
    for seen in from_setup:
        if exc is seen:
            return ORIGIN_SETUP
    return ORIGIN_EVALUATION


class _NamespaceWatch:
    """Notices a program rebinding names in the evaluation program's namespace (via frames).

    With a private copy of the namespace, every binding is remembered and
    compared afterwards. With the shared template (see
    :meth:`Evaluator.namespaces`), only the dictionary's version tag is read;
    if it changed, the bindings are compared with a pristine copy of the
    template and with the setup and evaluation functions.
    """

    def __init__(
        self, evaluator: Evaluator, task: TaskLike, namespace: dict[str, Any], shared: bool, functions: tuple[Any, ...]
    ) -> None:
        self.namespace = namespace
        self.functions = functions
        self.integrity = evaluator.integrity if shared else None
        self.pristine: dict[str, Any] | None = None
        self.version: bytes | None = None
        self.snapshot: list[tuple[str, Any]] = []
        if self.integrity is not None:
            scenario = task.scenario
            self.pristine = evaluator.templates.pristine_evaluation(
                scenario.apps, scenario.simulation_tools, scenario.evaluation_tools
            )
            self.version = self.integrity.dict_version(namespace)
        else:
            self.snapshot = list(namespace.items())

    def changes(self, _list: Any = list) -> list[str]:
        """Names of the evaluation namespace the program rebound or deleted (empty if none)."""
        if self.integrity is None or self.pristine is None:
            changed = namespace_changes(self.snapshot, self.namespace)
        elif self.integrity.dict_version(self.namespace) == self.version:
            return []
        else:
            changed = namespace_changes(_list(self.pristine.items()), self.namespace)
            changed += [f.__name__ for f in self.functions if self.namespace.get(f.__name__) is not f]
        return [f"evaluation namespace: {name}" for name in changed]


def _program_module(namespace: dict[str, Any]) -> ModuleType:
    """The ``query_executable`` module object: it forwards attribute lookups to the program's globals."""
    module = ModuleType(PROGRAM_MODULE)

    def forward(name: str) -> Any:
        try:
            return namespace[name]
        except KeyError:
            raise AttributeError(f"module {PROGRAM_MODULE!r} has no attribute {name!r}") from None

    module.__getattr__ = forward  # type: ignore[method-assign]
    return module


def _tagging(
    function: Callable[..., Any], escaped: list[BaseException], returns: list[Any] | None
) -> Callable[..., Any]:
    """Wrap ``function`` so exceptions leaving it are remembered (to know their origin).

    Not dressed up with ``functools.wraps``: evaluation programs only call it,
    and copying attributes costs page copies in a worker.
    """

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


def evaluate_program(task: TaskLike, program: str, evaluator: Evaluator | None = None) -> Verdict:
    """Evaluate a trusted program on a task in this process (no isolation).

    Args:
        task: The task.
        program: The program's source.
        evaluator: An evaluator to reuse (its templates stay warm).

    Returns:
        The verdict.
    """
    return (evaluator or Evaluator()).evaluate(task, program)
