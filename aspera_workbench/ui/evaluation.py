"""Evaluating programs for a person looking at them: in the sandbox, with the world before and after each pair.

:class:`ProgramRunner` keeps a sandbox per library-fixes setting open while a widget lives
(starting one costs about half a second) and remembers the reference program's verdict per task;
:func:`checked_of` gives a fresh evaluation's checked verdict against the reference's.
"""

from __future__ import annotations

from typing import Any

from aspera_core.executor import Job, Sandbox, SandboxConfig
from aspera_core.grading import Footprint, checked_verdict
from aspera_core.outcomes import Verdict
from aspera_workbench.control import control_sandbox_config


class ProgramRunner:
    """Evaluates programs on tasks in sandboxes, capturing the world; close it when done (or use ``with``)."""

    def __init__(self, timeout_s: float = 10.0, workers: int = 2) -> None:
        self.timeout_s = timeout_s
        self.workers = workers
        self._sandboxes: dict[bool, Sandbox] = {}
        self._references: dict[tuple[str, bool], Verdict] = {}

    def sandbox(self, library_fixes: bool) -> Sandbox:
        """The sandbox for one library-fixes setting (started on first use)."""
        if library_fixes not in self._sandboxes:
            config = SandboxConfig(workers=self.workers, timeout_s=self.timeout_s, library_fixes=library_fixes)
            # (a control task's evaluation programs hand its program the control world: its classes must cross)
            self._sandboxes[library_fixes] = Sandbox(control_sandbox_config(config))
        return self._sandboxes[library_fixes]

    def evaluate(
        self, task: Any, program: str, *, library_fixes: bool = False, with_reference: bool = True
    ) -> tuple[Verdict, Verdict | None]:
        """The verdicts on an (untrusted) program and, ``with_reference``, on the task's reference program (cached
        per task and library-fixes setting)."""
        key = (task.query_id, library_fixes)
        # Footprints too, for the checked verdict (checked_of); the reference's are taken with its cached verdict.
        jobs = [Job(task, program, "program", capture_world=True, footprints=with_reference)]
        if with_reference and key not in self._references:
            jobs.append(Job(task, task.program, "reference", capture_world=True, footprints=True))
        verdicts = {job.key: verdict for job, verdict in self.sandbox(library_fixes).run(jobs)}
        if "reference" in verdicts:
            self._references[key] = verdicts["reference"]
        return verdicts["program"], self._references.get(key) if with_reference else None

    def close(self) -> None:
        """Stop every sandbox."""
        for sandbox in self._sandboxes.values():
            sandbox.close()
        self._sandboxes.clear()

    def __enter__(self) -> ProgramRunner:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


def _footprints(verdict: Verdict) -> list[Footprint] | None:
    try:
        return [Footprint.from_json(item) for item in verdict.footprints]
    except (ValueError, TypeError):
        return None


def checked_of(verdict: Verdict, reference: Verdict | None) -> tuple[str | None, list[str]]:
    """The checked verdict of a fresh evaluation (:meth:`ProgramRunner.evaluate`, with the reference's), as
    ``aspera run`` takes it; unknown (``None``) without the reference's footprints."""
    theirs = None if reference is None else _footprints(reference)
    return checked_verdict(verdict.outcome.value, _footprints(verdict), theirs, verdict.pairs_run)
