"""The library's documented fixes are off unless the sandbox is configured with them."""

from __future__ import annotations

from aspera_core.executor import Outcome, Sandbox, SandboxConfig
from tests.executor.support import Scenario, SmallTask, source

SETUP = source(
    """
    def setup_env_rooms():
        simulate_org_structure(["Ada Lovelace"])
        simulate_conference_room("Saffron", 6)
        simulate_conference_room("Cobalt", 12)
    """
)
EVALUATE = source(
    """
    def evaluate_rooms(query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]):
        setup_function()
        text = executable()
        if not text.startswith("Room: Saffron") or "Cobalt" in text:
            raise SolutionError(f"unexpected summary: {text!r}")
    """
)
PROGRAM = source(
    """
    def describe_saffron():
        schedule = search_conference_room([room_booking_default_time_window()])
        return summarise_availability(schedule, room_name="Saffron")
    """
)
TASK = SmallTask(
    [SETUP],
    [EVALUATE],
    scenario=Scenario(
        apps=["exceptions", "time_utils", "company_directory", "work_calendar", "room_booking"],
        simulation_tools=["company_directory::simulate_org_structure", "room_booking::simulate_conference_room"],
    ),
)


def test_by_default_the_original_defect_decides_the_verdict() -> None:
    with Sandbox(SandboxConfig(workers=1, timeout_s=10)) as sandbox:
        verdict = sandbox.evaluate(TASK, PROGRAM)
    assert verdict.outcome is Outcome.EXECUTION_ERROR
    assert verdict.error_type == "TypeError" and "not subscriptable" in (verdict.message or "")


def test_with_the_fixes_on_the_same_program_succeeds() -> None:
    with Sandbox(SandboxConfig(workers=1, timeout_s=10, library_fixes=True)) as sandbox:
        verdict = sandbox.evaluate(TASK, PROGRAM)
    assert verdict.outcome is Outcome.SUCCESS, verdict.message
