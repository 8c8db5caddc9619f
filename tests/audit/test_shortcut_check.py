"""The shortcut probes as a check: a weakened evaluation program is found pair by pair, a world where the
reference does what a probe does is left alone."""

from __future__ import annotations

from aspera_core.executor import Sandbox, SandboxConfig
from aspera_workbench.audit import shortcut_findings

from .freedom_tasks import MANAGER_PROGRAM, MANAGER_SETUP, MANAGER_SOUND, MANAGER_WEAK
from .support import CANCEL_ONE, CANCEL_PROGRAM, CANCEL_TWO, _cancel_setup, task

# Two pairs: the same question in two worlds, the second pair's evaluation program weakened to accept any
# answer that names the manager (a list of everyone does).
WEAKENED = task(
    "9301",
    "Hey, [Assistant], who is Ann's manager?",
    MANAGER_PROGRAM,
    [MANAGER_SETUP, MANAGER_SETUP],
    [MANAGER_SOUND, MANAGER_WEAK],
)
SOUND = task(
    "9302", "Hey, [Assistant], tell me who Ann's manager is.", MANAGER_PROGRAM, [MANAGER_SETUP], [MANAGER_SOUND]
)
# Hands back in its second world (two meetings with Ann), acts in its first: always asking passes the second
# pair only, where asking is what the reference does.
CANCEL = task(
    "9303", "Hey, [Assistant], cancel my meeting with Ann tomorrow.", CANCEL_PROGRAM,
    [_cancel_setup("one", (9,)), _cancel_setup("two", (9, 11))], [CANCEL_ONE, CANCEL_TWO],
)  # fmt: skip
# Only the hand-back world: always asking passes the whole task.
ONLY_ASKS = task(
    "9304", "Hey, [Assistant], cancel my meeting with Ann tomorrow.", CANCEL_PROGRAM,
    [_cancel_setup("two", (9, 11))], [CANCEL_TWO],
)  # fmt: skip


def test_the_probes_find_a_weakened_pair_and_leave_sound_ones_alone() -> None:
    with Sandbox(SandboxConfig(workers=2, timeout_s=10)) as sandbox:
        found = shortcut_findings([WEAKENED, SOUND, CANCEL, ONLY_ASKS], sandbox)
    assert {(f.pair, f.probe) for f in found["9301"]} == {(2, "list_everything")}
    assert "pair 2 accepts the shortcut 'list_everything'" in str(found["9301"][0])
    assert "9302" not in found and "9303" not in found
    assert {(f.pair, f.probe) for f in found["9304"]} == {(None, "handback"), (None, "handback_everything")}
