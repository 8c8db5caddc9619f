"""The ``aspera`` command.

Each subcommand is a module of this package with ``add_arguments(parser)`` and
``run(args) -> int`` (the exit status); its docstring's first line is its help, its
``EXAMPLE`` its example. To add one, write the module and add it to :data:`SUBCOMMANDS`.
Every subcommand fails the same documented way, through :func:`main`:

* a bad argument, or a path found unusable while the command runs (an ``OSError``
  naming a file): one line and exit status 2; so is another ``aspera_core`` shadowing the workbench's own
  (:func:`shadowing_core`, checked by the executable first);
* Ctrl-C and SIGTERM raise ``KeyboardInterrupt`` in the command (which may say how to
  resume), else one line and 130. A repeat within a second is the same interrupt
  (``timeout -s INT`` signals the command and then its process group; keys bounce),
  and later ones are ignored while the executable exits, so its status stays 130;
* output into a closed pipe (``aspera tasks ... | head``) ends quietly with 141, as SIGPIPE would; a stdout that
  cannot be written otherwise (closed, full) ends with one line and 2; a stderr that cannot be written loses the
  messages only (the executable's streams: :mod:`~aspera_workbench.cli.streams`).
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import importlib
import importlib.util
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NoReturn

from aspera_workbench.cli import streams

# Nothing of aspera_core at import: ``entry`` starts the fork server of ``aspera run`` before the core's imports
# (about 0.5 s), so that it imports the library meanwhile.
if TYPE_CHECKING:
    from aspera_core.executor import StartedServer

#: Exit statuses shared by every subcommand.
EXIT_BAD_ARGUMENT = 2
EXIT_INTERRUPTED = 130
EXIT_CLOSED_PIPE = 141

#: command name -> module of ``aspera_workbench.cli``, in the order ``--help`` lists them.
SUBCOMMANDS: dict[str, str] = {
    "build-tasks": "build_tasks",
    "validate": "validate",
    "tasks": "tasks",
    "show": "show",
    "run": "run",
    "summary": "summary",
    "audit": "audit",
    "judge": "judge",
    "stats": "stats",
    "pipeline": "pipeline",
    "generate": "generate",
    "import-inspect": "import_inspect",
}


class OneLineParser(argparse.ArgumentParser):
    """An argument parser whose errors are one line, reported by the subcommand's parser when they are its arguments."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        #: subcommand name -> its parser, filled in by :func:`build_parser`.
        self.subcommands: dict[str, argparse.ArgumentParser] = {}

    def parse_args(self, args: Sequence[str] | None = None, namespace: Any = None) -> Any:  # type: ignore[override]
        """Parse, then end with one line naming the subcommand if any argument was not recognised."""
        parsed, extras = self.parse_known_args(args, namespace)
        if extras:
            owner = self.subcommands.get(getattr(parsed, "command", None) or "", self)
            owner.error(f"unrecognized arguments: {' '.join(extras)}")
        return parsed

    def error(self, message: str) -> NoReturn:
        """Print the problem on one line and exit with status 2."""
        self.exit(EXIT_BAD_ARGUMENT, f"{self.prog}: error: {message}\n")


def plain_text(text: str) -> str:
    """Docstring text without reStructuredText markup, for ``--help`` (roles shown as Sphinx shows them)."""
    text = re.sub(r":[a-z]+:`(~?)([^`]+)`", lambda m: m.group(2).rsplit(".", 1)[-1] if m.group(1) else m.group(2), text)
    return re.sub(r"``([^`]+)``", r"\1", text).replace("::\n", ":\n")


def _docstring(module_name: str) -> str:
    """A subcommand module's docstring, read from its source: listing the commands must not import their heavy libraries."""
    name = f"{__package__}.{module_name}"
    if name in sys.modules:
        return sys.modules[name].__doc__ or ""
    spec = importlib.util.find_spec(name)
    if spec is None or spec.origin is None:
        return ""
    with open(spec.origin, encoding="utf-8") as source:
        return ast.get_docstring(ast.parse(source.read())) or ""


def _chosen(argv: Sequence[str] | None) -> str | None:
    """The subcommand named on the command line, if any (the first argument that is not an option)."""
    words = list(sys.argv[1:] if argv is None else argv)
    return next((word for word in words if not word.startswith("-")), None)


def build_parser(argv: Sequence[str] | None = None, full: bool = False) -> argparse.ArgumentParser:
    """The argument parser with every subcommand registered; only the module of the one in ``argv`` is imported (all with ``full``)."""
    parser = OneLineParser(prog="aspera", description="ASPERA workbench: evaluate programs on task sets.")
    from aspera_core import __version__  # deferred: aspera run starts its fork server before the core loads

    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    subparsers.required = True
    chosen = _chosen(argv)
    for command, module_name in SUBCOMMANDS.items():
        doc = plain_text(_docstring(module_name).strip())
        # "aspera run: evaluate ..." -> "evaluate ..."
        summary = re.sub(r"^aspera [^:]*:\s*", "", doc.splitlines()[0]) if doc else command
        loaded = importlib.import_module(f"{__package__}.{module_name}") if full or command == chosen else None
        sub = subparsers.add_parser(
            command,
            help=summary,
            description=doc,
            epilog=getattr(loaded, "EXAMPLE", None),
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        parser.subcommands[command] = sub
        if loaded is not None:
            loaded.add_arguments(sub)
            sub.set_defaults(handler=loaded.run)
    return parser


#: Seconds during which a repeated Ctrl-C or SIGTERM counts as the same interrupt.
REPEAT_WINDOW_S = 1.0


@contextlib.contextmanager
def interrupts_as_keyboard_interrupt(exiting: bool = False) -> Iterator[None]:
    """While active, Ctrl-C and SIGTERM raise ``KeyboardInterrupt`` once per interrupt (see the module docstring).

    On leaving, the earlier handlers are put back; with ``exiting`` (the process ends next), after an
    interrupt they are set to ignore straight away instead: a late repeat of a double Ctrl-C landing
    while the default handler is back would be raised as a second interrupt, a traceback at exit.

    Child processes forked meanwhile keep the default behaviour: SIGTERM ends them. Only the main
    thread can install handlers; elsewhere this does nothing.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    owner = os.getpid()
    last: list[float] = []

    def interrupt(number: int, frame: Any) -> None:
        if os.getpid() != owner:  # a forked child: die as the signal normally makes it
            signal.signal(number, signal.SIG_DFL)
            os.kill(os.getpid(), number)
            return
        now = time.monotonic()
        if last and now - last[-1] < REPEAT_WINDOW_S:
            return
        last.append(now)
        raise KeyboardInterrupt

    previous = {number: signal.signal(number, interrupt) for number in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, signal.SIG_IGN if exiting and last else handler)


def _quiet_stdout() -> None:
    # Output already buffered for the closed pipe would fail again when Python
    # flushes it at exit; send it nowhere instead.
    with contextlib.suppress(OSError, ValueError, AttributeError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())


def main(argv: Sequence[str] | None = None, *, exiting: bool = False) -> int:
    """Run the ``aspera`` command on ``argv`` (``sys.argv[1:]`` by default); returns the exit status (see the module docstring).

    ``exiting``: the process ends with the command, so interrupts after an interrupt are ignored.
    """
    name = "aspera"
    with interrupts_as_keyboard_interrupt(exiting):
        try:
            try:
                # (the subcommand's imports take a second or so: an interrupt meanwhile is one like any other)
                args = build_parser(argv).parse_args(argv)
            except SystemExit as stop:  # --help, --version, or a bad argument (already printed)
                status = stop.code if isinstance(stop.code, int) else EXIT_BAD_ARGUMENT
            else:
                name = f"aspera {args.command}"
                status = int(args.handler(args) or 0)
            sys.stdout.flush()  # a closed pipe or an unwritable stdout shows here, not at exit
            return status
        except KeyboardInterrupt:
            print(f"{name}: interrupted", file=sys.stderr)
            return EXIT_INTERRUPTED
        except BrokenPipeError:
            _quiet_stdout()
            return EXIT_CLOSED_PIPE
        except streams.OutputError as error:  # (raised by the executable's own stdout, streams.install)
            with contextlib.suppress(OSError, ValueError, AttributeError):
                print(f"{name}: error: {error}", file=sys.stderr)
            return EXIT_BAD_ARGUMENT
        except OSError as error:
            if error.filename is None:
                raise  # not about a path the user gave: a real failure, keep its traceback
            print(f"{name}: error: {_describe(error)}", file=sys.stderr)
            return EXIT_BAD_ARGUMENT


def _describe(error: OSError) -> str:
    from aspera_core.fileio import DanglingLinkError  # deferred: as __version__ above

    if isinstance(error, DanglingLinkError):  # says its path first, as the commands' own refusals do
        return str(error)
    reason = error.strerror or type(error).__name__
    if error.filename2 is not None:
        return f"{reason}: {error.filename!s} -> {error.filename2!s}"
    return f"{reason}: {error.filename!s}"


#: The fork server ``entry`` started for ``aspera run`` (a :class:`~aspera_core.executor.sandbox.StartedServer`'s
#: parts), taken by the run's sandbox.
early_server: tuple[subprocess.Popen[bytes], socket.socket] | None = None


def _start_fork_server_early(argv: Sequence[str]) -> None:
    """Start the fork server of ``aspera run`` now, as ``aspera_core.executor.start_fork_server`` does (importing it
    would load the core first); unused, it exits when this process does."""
    global early_server
    if _chosen(argv) != "run" or {"-h", "--help", "--version"} & set(argv) or not sys.executable:
        return
    core = importlib.util.find_spec("aspera_core")  # (found, not imported)
    if core is None or not core.submodule_search_locations:
        return
    boot = os.path.join(core.submodule_search_locations[0], "executor", "boot.py")
    ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    environment = fork_server_environment(os.environ, sys.path)
    try:
        process = subprocess.Popen(
            [sys.executable, "-P", boot, str(theirs.fileno())],
            pass_fds=[theirs.fileno()],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            cwd="/",
            env=environment,
            start_new_session=True,
        )
    except OSError:  # the sandbox starts its own
        ours.close()
        return
    finally:
        theirs.close()
    early_server = process, ours


def shadowing_core() -> str | None:
    """The one-line problem, if the ``aspera_core`` Python finds first is not the one installed with this workbench
    (beside its package): the commands would run another core, or fail to import it with a traceback."""
    own = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "aspera_core")
    found = importlib.util.find_spec("aspera_core")  # (found, not imported)
    where = list(found.submodule_search_locations or []) if found is not None else []
    if not os.path.isdir(own) or (where and os.path.realpath(where[0]) == os.path.realpath(own)):
        return None
    first = where[0] if where else (found.origin if found is not None else None)
    if first is None:
        return f"aspera: error: aspera_core is not on the module path; the workbench's own is {own}"
    return (
        f"aspera: error: the aspera_core found first on the module path, {first}, is not the workbench's own, "
        f"{own}: a PYTHONPATH entry or the working folder shadows it"
    )


def fork_server_environment(environ: Mapping[str, str], path: list[str]) -> dict[str, str]:
    """``aspera_core.executor.sandbox.fork_server_environment`` (which it cannot import before the server starts):
    what starts Python and how it reads time and text, never an API key (``/proc/self/environ`` shows it to every
    judge and candidate)."""
    kept = ("TZ", "LANG", "LC_ALL", "LC_CTYPE", "PATH", "LD_LIBRARY_PATH")
    environment = {name: value for name, value in environ.items() if name in kept or name.startswith("PYTHON")}
    return environment | {"PYTHONPATH": os.pathsep.join(entry for entry in path if entry)}


def take_early_server() -> StartedServer | None:
    """The fork server :func:`entry` started, once, as a ``StartedServer`` (``None``: the sandbox starts one)."""
    global early_server
    if early_server is None:
        return None
    from aspera_core.executor import StartedServer  # deferred: as __version__ above

    started, early_server = StartedServer(*early_server), None
    return started


def entry() -> NoReturn:
    """The ``aspera`` executable: :func:`main`, then exit with its status.

    After an interrupt later interrupts are ignored: a late repeat would otherwise be raised as a second
    interrupt, or kill the interpreter with another status while it shuts down.
    """
    streams.install()  # (first: a closed descriptor must be held before anything opens a file)
    shadowed = shadowing_core()
    if shadowed is not None:
        print(shadowed, file=sys.stderr)
        sys.exit(EXIT_BAD_ARGUMENT)
    _start_fork_server_early(sys.argv[1:])
    sys.exit(main(exiting=True))


if __name__ == "__main__":  # pragma: no cover
    entry()
