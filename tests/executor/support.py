"""Small tasks written for the executor tests, and functions to inspect a sandbox."""

from __future__ import annotations

import os
import textwrap
from dataclasses import dataclass, field
from pathlib import Path

from aspera_core.executor import Sandbox, SandboxConfig, Verdict

MINI_RELEASE = Path(__file__).resolve().parents[1] / "fixtures" / "mini_release"

APPS = ["exceptions", "time_utils", "company_directory", "work_calendar"]
SIMULATION_TOOLS = [
    "company_directory::simulate_org_structure",
    "work_calendar::simulate_user_calendar",
]
EVALUATION_TOOLS = ["exceptions::SolutionError"]


@dataclass
class Scenario:
    apps: list[str] = field(default_factory=lambda: list(APPS))
    simulation_tools: list[str] | None = field(default_factory=lambda: list(SIMULATION_TOOLS))
    evaluation_tools: list[str] | None = field(default_factory=lambda: list(EVALUATION_TOOLS))


@dataclass
class SmallTask:
    """Just what the executor reads from a task."""

    state_generation_programs: list[str]
    evaluation_programs: list[str]
    query: str = "Hey, [Assistant], answer the question."
    scenario: Scenario = field(default_factory=Scenario)


def source(text: str) -> str:
    return textwrap.dedent(text).lstrip("\n")


SETUP = source(
    """
    def setup_env_answer():
        simulate_org_structure(["Ada Lovelace"])
    """
)

# Passes when the program returns 42 and leaves the calendar empty.
EVALUATE_ANSWER = source(
    """
    def evaluate_answer(query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]):
        setup_function()
        result = executable()
        if find_events():
            raise SolutionError("the calendar was changed")
        if result != 42:
            raise SolutionError(f"expected 42, got {result!r}")
    """
)

# Passes when the program adds a meeting with Ada (compares with ``==`` and ``len``).
EVALUATE_MEETING = source(
    """
    def evaluate_meeting(query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]):
        setup_function()
        executable()
        events = find_events()
        if len(events) != 1:
            raise SolutionError(f"expected one meeting, found {len(events)}")
        ada = find_employee("Ada Lovelace")[0]
        if events[0].attendees != [ada]:
            raise SolutionError("wrong attendees")
        wanted = Event(attendees=[ada], subject="Sync", starts_at=events[0].starts_at, ends_at=events[0].ends_at)
        if not events[0] == wanted.model_copy(update={"event_id": events[0].event_id}):
            raise SolutionError("not the expected meeting")
    """
)

# A bare ``assert`` in the evaluation program itself.
EVALUATE_BARE_ASSERT = source(
    """
    def evaluate_answer(query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]):
        setup_function()
        assert executable() == 42
    """
)

# Expects the program to hand control back.
EVALUATE_EXPECTS_HANDBACK = source(
    """
    def evaluate_answer(query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]):
        setup_function()
        try:
            executable()
        except RequiresUserInput:
            return
        raise SolutionError("the program should have asked the user")
    """
)


# Catches the deadline's TaskTimeout and sleeps on: only a kill ends it.
SWALLOWS_TIMEOUT = source(
    """
    import time

    def answer():
        while True:
            try:
                time.sleep(10)
            except BaseException:
                pass
    """
)


def writes_everywhere_then_stalls(data: str) -> str:
    """A program that writes ``data`` (a bytes expression) into every descriptor it has, then sleeps on like
    :data:`SWALLOWS_TIMEOUT`."""
    return (
        "import os, time\n\n"
        "def answer():\n"
        "    for fd in map(int, os.listdir('/proc/self/fd')):\n"
        "        try:\n"
        f"            os.write(fd, {data})\n"
        "        except OSError:\n"
        "            pass\n"
        "    while True:\n"
        "        try:\n"
        "            time.sleep(10)\n"
        "        except BaseException:\n"
        "            pass\n"
    )


def patch_everything(name: str = "answer", stub: str = "return ''", spare: tuple[str, ...] = ("builtins",)) -> str:
    """A program that breaks its own process, then returns: every function and class of every module it has loaded
    (the library, json, the executor's own modules) but the modules named in ``spare``, every attribute of those
    classes, every builtin (unless ``builtins`` is spared), and every entry of ``sys.modules`` become a stub
    (``stub``: its body). Returning ``''`` with the builtins spared is the cruellest: the process lives on, its
    encoder writing well-framed garbage."""
    return source(
        f"""
        import builtins, sys

        def {name}():
            def stub(*args, **kwargs):
                {stub}

            modules, classes = [m for n, m in list(sys.modules.items()) if n not in {spare!r}], []
            _vars, _setattr, _isinstance, _callable = vars, setattr, isinstance, callable
            for module in modules:
                try:
                    names = list(_vars(module).items())
                except Exception:
                    continue
                for attribute, value in names:
                    if _isinstance(value, type):
                        classes.append(value)
                    if _callable(value):
                        try:
                            _setattr(module, attribute, stub)
                        except Exception:
                            pass
            for cls in classes:
                try:
                    attributes = list(_vars(cls))
                except Exception:
                    continue
                for attribute in attributes:
                    try:
                        _setattr(cls, attribute, stub)
                    except Exception:
                        pass
            for key in list(sys.modules):
                sys.modules[key] = stub
            for attribute in [] if "builtins" in {spare!r} else list(_vars(builtins)):
                _setattr(builtins, attribute, stub)
        """
    )


def answer_task(evaluation: str = EVALUATE_ANSWER, pairs: int = 1, setup: str = SETUP) -> SmallTask:
    return SmallTask([setup] * pairs, [evaluation] * pairs)


def meeting_task() -> SmallTask:
    return SmallTask([SETUP], [EVALUATE_MEETING])


GOOD_MEETING = source(
    """
    def book_sync():
        ada = find_employee("Ada Lovelace")[0]
        start = combine(get_next_dow("Wednesday"), time_by_hm(10, 0, "am"))
        add_event(Event(attendees=[ada], subject="Sync", starts_at=start, ends_at=start + datetime.timedelta(minutes=30)))
    """
)
GOOD_MEETING = "import datetime\n\n\n" + GOOD_MEETING


def hostile_config(**overrides: object) -> SandboxConfig:
    values = dict(workers=2, timeout_s=2.0, grace_s=0.5, memory_mb=256)
    values.update(overrides)
    return SandboxConfig(**values)  # type: ignore[arg-type]


def server_children(sandbox: Sandbox) -> list[int]:
    """Processes whose parent is the sandbox's fork server (live or zombie)."""
    server = sandbox.server_pid
    if server is None:
        return []
    children = []
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == server:
            children.append(int(name))
    return children


def slot_contents(sandbox: Sandbox) -> list[str]:
    """Everything left in the sandbox's slot directories."""
    left = []
    for slot in sandbox._slots:
        left += [os.path.join(slot.directory, name) for name in os.listdir(slot.directory)]
    return left


def describe(verdict: Verdict) -> str:
    return f"{verdict.outcome} {verdict.error_type}: {verdict.message}\n{verdict.traceback or ''}\n{verdict.stderr}"
