"""What every ``aspera`` command gets from main(): one-line errors, Ctrl-C/SIGTERM, closed pipes, help texts."""

from __future__ import annotations

import os
import shlex
import signal
import subprocess
import sys
import time
import types
from pathlib import Path

import pytest

from aspera_workbench.cli import main as main_module
from aspera_workbench.cli.main import SUBCOMMANDS, build_parser, main, plain_text

REPO = Path(__file__).resolve().parents[2]
TASK_SET = REPO / "data" / "aspera_workbench_v1"


def fake_command(monkeypatch: pytest.MonkeyPatch, name: str, body) -> None:
    """Register ``aspera <name>`` running ``body(args)``."""
    module = types.ModuleType(f"aspera_workbench.cli._{name}")
    module.__doc__ = f"``aspera {name}``: a command made by a test."
    module.add_arguments = lambda parser: None
    module.run = body
    monkeypatch.setitem(sys.modules, module.__name__, module)
    monkeypatch.setitem(SUBCOMMANDS, name, f"_{name}")


# -- bad arguments -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        ([], "aspera: error: the following arguments are required: COMMAND"),
        (["fly"], "aspera: error: argument COMMAND: invalid choice: 'fly'"),
        (["tasks"], "aspera tasks: error: the following arguments are required: --tasks"),
        (["tasks", "--tasks", str(TASK_SET), "--colour"], "aspera tasks: error: unrecognized arguments: --colour"),
        (
            ["validate", "--tasks", str(TASK_SET), "--ids", "1001"],
            "aspera validate: error: unrecognized arguments: --ids 1001",
        ),
        (["show", "--tasks", "nowhere", "1"], "aspera show: error: argument --tasks: no such task set: 'nowhere'"),
        (["audit", "--tasks", "nowhere"], "aspera audit: error: argument --tasks: no such task set: 'nowhere'"),
        (["stats", "--tasks", "nowhere"], "aspera stats: error: argument --tasks: no such task set: 'nowhere'"),
        (
            ["judge", "results.jsonl", "--model", "m", "--out", "j.jsonl", "--tasks", "nowhere"],
            "aspera judge: error: argument --tasks: no such task set: 'nowhere'",
        ),
        (["audit", "--tasks", str(TASK_SET), "--timeout", "0"], "aspera audit: error: argument --timeout:"),
        (["audit", "--tasks", str(TASK_SET), "--workers", "0"], "aspera audit: error: argument --workers:"),
        (["audit", "--tasks", str(TASK_SET), "--weakest", "-1"], "aspera audit: error: argument --weakest:"),
        (["audit", "--tasks", str(TASK_SET), "--max-variants", "-1"], "aspera audit: error: argument --max-variants:"),
        (["validate", "--tasks", str(TASK_SET), "--timeout", "nan"], "aspera validate: error: argument --timeout:"),
        (["validate", "--tasks", str(TASK_SET), "--workers", "-1"], "aspera validate: error: argument --workers:"),
        (["build-tasks", str(REPO / "README.md")], "aspera build-tasks: error: argument ROOT:"),
    ],
)
def test_a_bad_argument_is_one_line_and_exit_two(argv, message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.err.startswith(message), captured.err
    assert captured.err.count("\n") == 1 and "Traceback" not in captured.err and captured.out == ""


def test_every_subcommand_names_itself_for_an_unknown_argument(monkeypatch, capsys) -> None:
    fake_command(monkeypatch, "quiet", lambda args: 0)
    assert main(["quiet", "--loud", "yes"]) == 2
    assert capsys.readouterr().err == "aspera quiet: error: unrecognized arguments: --loud yes\n"
    assert main(["--loud"]) == 2  # no command: the main parser's
    assert capsys.readouterr().err.startswith("aspera: error: ")


def test_an_unusable_path_found_while_running_is_one_line(monkeypatch, capsys) -> None:
    def body(args):
        raise PermissionError(13, "Permission denied", "/somewhere/out.csv")

    fake_command(monkeypatch, "write", body)
    assert main(["write"]) == 2
    assert capsys.readouterr().err == "aspera write: error: Permission denied: /somewhere/out.csv\n"


def test_other_os_errors_keep_their_traceback(monkeypatch) -> None:
    def body(args):
        raise OSError(12, "Cannot allocate memory")

    fake_command(monkeypatch, "fork", body)
    with pytest.raises(OSError, match="Cannot allocate"):
        main(["fork"])


# -- interrupts ----------------------------------------------------------------------


def test_sigterm_takes_the_ctrl_c_path(monkeypatch, capsys) -> None:
    def body(args):
        os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(5)  # the signal arrives before this ends
        return 0

    fake_command(monkeypatch, "slow", body)
    before = signal.getsignal(signal.SIGTERM)
    begun = time.monotonic()
    assert main(["slow"]) == 130
    assert time.monotonic() - begun < 4
    assert capsys.readouterr().err == "aspera slow: interrupted\n"
    assert signal.getsignal(signal.SIGTERM) == before


def test_the_command_line_goes_from_its_handler_straight_to_ignoring_interrupts_after_one(monkeypatch, capsys) -> None:
    # The repeat of a double Ctrl-C may land as the command ends: with the default handler back in
    # place, even for a moment, it would be raised as a second KeyboardInterrupt (a traceback at exit).
    def body(args):
        os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(5)
        return 0

    fake_command(monkeypatch, "slow", body)
    before = {number: signal.getsignal(number) for number in (signal.SIGINT, signal.SIGTERM)}
    seen = []
    real_signal = signal.signal
    monkeypatch.setattr(
        signal, "signal", lambda number, handler: seen.append((number, handler)) or real_signal(number, handler)
    )
    try:
        assert main(["slow"], exiting=True) == 130
        assert capsys.readouterr().err == "aspera slow: interrupted\n"
        after_interrupt = seen[2:]  # the first two installed the interrupt handler
        assert after_interrupt == [(signal.SIGINT, signal.SIG_IGN), (signal.SIGTERM, signal.SIG_IGN)]
    finally:
        for number, handler in before.items():
            real_signal(number, handler)


def test_a_command_can_catch_the_interrupt_to_say_how_to_resume(monkeypatch, capsys) -> None:
    def body(args):
        try:
            os.kill(os.getpid(), signal.SIGTERM)
            time.sleep(5)
        except KeyboardInterrupt:
            print("aspera resumable: interrupted; run the same command to resume", file=sys.stderr)
            return 130
        return 0

    fake_command(monkeypatch, "resumable", body)
    assert main(["resumable"]) == 130
    assert capsys.readouterr().err == "aspera resumable: interrupted; run the same command to resume\n"


def test_forked_children_still_die_of_sigterm(monkeypatch) -> None:
    statuses = []

    def body(args):
        child = os.fork()
        if child == 0:  # pragma: no cover - runs in the child
            try:
                time.sleep(30)
            finally:
                os._exit(0)  # only reached if SIGTERM became an exception
        time.sleep(0.2)
        os.kill(child, signal.SIGTERM)
        statuses.append(os.waitpid(child, 0)[1])
        return 0

    fake_command(monkeypatch, "forks", body)
    assert main(["forks"]) == 0
    assert os.WIFSIGNALED(statuses[0]) and os.WTERMSIG(statuses[0]) == signal.SIGTERM


def test_a_closed_pipe_ends_quietly() -> None:
    child = subprocess.Popen(
        [sys.executable, "-m", "aspera_workbench.cli.main", "tasks", "--tasks", str(TASK_SET)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=REPO,
    )
    assert child.stdout is not None and child.stderr is not None
    child.stdout.close()  # as `| head` does, before the command writes
    err = child.stderr.read().decode()
    assert child.wait() == 141
    assert err == ""


# -- help texts ------------------------------------------------------------------------


def test_plain_text_drops_rest_markup() -> None:
    assert plain_text("``aspera run``: see :func:`~aspera_core.tasks.load_tasks` and :mod:`x`") == (
        "aspera run: see load_tasks and x"
    )
    assert plain_text("(see :mod:`aspera_core.tasks.authoring`)") == "(see aspera_core.tasks.authoring)"
    assert plain_text("Typical use::\n\n    x") == ("Typical use:\n\n    x")


@pytest.mark.parametrize("command", list(SUBCOMMANDS))
def test_help_is_plain_text_with_one_example(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([command, "--help"]) == 0
    text = capsys.readouterr().out
    assert "``" not in text and ":func:" not in text and ":mod:" not in text
    examples = [line for line in text.splitlines() if line.startswith("example: ")]
    assert len(examples) == 1 and examples[0].startswith(f"example: aspera {command} ")
    # the example is a valid command line
    argv = shlex.split(examples[0].removeprefix("example: "))[1:]
    parsed = build_parser(argv).parse_args(argv)
    assert parsed.command == command


@pytest.mark.parametrize("command", ["tasks", "show"])
def test_the_examples_of_the_quick_commands_run(
    command: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    module = __import__(f"aspera_workbench.cli.{command}", fromlist=["EXAMPLE"])
    argv = shlex.split(module.EXAMPLE.removeprefix("example: "))[1:]
    monkeypatch.chdir(REPO)
    assert main(argv) == 0
    assert capsys.readouterr().out


def test_main_help_lists_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--help"]) == 0
    text = capsys.readouterr().out
    assert all(f"    {command}" in text for command in SUBCOMMANDS)
    assert "``" not in text
    assert main_module.EXIT_CLOSED_PIPE == 141


def test_a_command_imports_only_its_own_module() -> None:
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from aspera_workbench.cli.main import build_parser\n"
        "build_parser(['tasks', '--tasks', 'x'])\n"
        "print(sorted(m for m in sys.modules if m.startswith('aspera_workbench.cli.') or m == 'pandas'))"
    )
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    # (streams: the executable's standard streams, beside main; no command's module)
    expected = ["aspera_workbench.cli.args", "aspera_workbench.cli.main", "aspera_workbench.cli.streams"]
    assert loaded.strip() == str([*expected, "aspera_workbench.cli.tasks"])


# -- the fork server of ``aspera run``, started first ------------------------------------------------


def test_the_command_line_loads_nothing_of_the_core_before_it_starts_the_fork_server() -> None:
    code = "import json, sys; import aspera_workbench.cli.main; print(json.dumps([m for m in sys.modules if m.startswith('aspera_core')]))"
    loaded = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True).stdout
    assert loaded.strip() == "[]"


@pytest.mark.parametrize("argv", [["tasks", "data"], ["run", "--help"], ["--version"], []])
def test_only_a_run_starts_a_fork_server_early(argv: list[str]) -> None:
    main_module._start_fork_server_early(argv)
    assert main_module.take_early_server() is None


def test_the_early_fork_server_is_the_sandbox_s_own_command_and_the_run_takes_it(tmp_path: Path) -> None:
    from aspera_core.executor import sandbox as sandbox_module
    from aspera_core.records import read_rows

    main_module._start_fork_server_early(["run", "--tasks", str(TASK_SET)])
    process = main_module.early_server[0]
    assert process.args[:-1] == [sys.executable, *sandbox_module.SERVER_COMMAND]
    out = tmp_path / "run.jsonl"
    status = main(
        ["run", "--tasks", str(TASK_SET), "--agent", "reference", "--limit", "2", "--out", str(out), "--no-progress"]
    )
    assert status == 0
    assert main_module.early_server is None  # taken once, by the run's sandbox, and stopped with it
    assert process.wait(30) == 0
    assert [row.outcome for row in read_rows(out)] == ["success", "success"]


def test_an_interrupt_while_the_subcommand_loads_is_one_line_and_130(monkeypatch, capsys) -> None:
    def loading(argv=None, full=False):  # (run's imports take a second or so; Ctrl-C may land there)
        raise KeyboardInterrupt

    monkeypatch.setattr(main_module, "build_parser", loading)
    assert main(["run", "--tasks", str(TASK_SET)]) == 130
    assert capsys.readouterr().err == "aspera: interrupted\n"


# -- another aspera_core first on the module path ----------------------------------------------------


@pytest.mark.parametrize("argv", [["tasks", "--tasks", str(TASK_SET)], ["run", "--help"], ["--version"]])
def test_a_shadowing_core_on_the_module_path_is_one_line(tmp_path: Path, argv: list[str]) -> None:
    """An ``aspera_core`` found before the workbench's own (a PYTHONPATH entry, the working folder under ``-m``):
    one line naming both and what to check, status 2, and no fork server started from the wrong one."""
    (tmp_path / "aspera_core").mkdir()
    (tmp_path / "aspera_core" / "__init__.py").write_text("")
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    command = [sys.executable, "-c", "from aspera_workbench.cli.main import entry; entry()", *argv]
    done = subprocess.run(command, capture_output=True, text=True, env=env, cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    assert done.stderr == (
        f"aspera: error: the aspera_core found first on the module path, {tmp_path / 'aspera_core'}, is not the "
        f"workbench's own, {REPO / 'aspera_core'}: a PYTHONPATH entry or the working folder shadows it\n"
    )
    assert done.stdout == ""


def test_the_early_fork_server_starts_with_the_environment_the_sandbox_gives_its_own() -> None:
    from aspera_core.executor import sandbox as sandbox_module

    environ = {"TZ": "UTC", "PATH": "/bin", "PYTHONHASHSEED": "0", "LD_LIBRARY_PATH": "/opt/lib", "OPENAI_API_KEY": "k"}
    path = ["", "/work/a", "/work/b"]
    made = main_module.fork_server_environment(environ, path)
    assert made == sandbox_module.fork_server_environment(environ, path)
    assert "OPENAI_API_KEY" not in made and made["PYTHONPATH"] == os.pathsep.join(path[1:])
