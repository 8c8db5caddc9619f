"""Validating a generated task by running it, step by step, in the sandbox.

Model-written programs are untrusted: every one of them runs in the sandbox
(:class:`aspera_core.executor.Sandbox`), never in this process. The checks
reuse the task validator (:mod:`aspera_core.tasks.validation`) and the audit's
behaviour comparison (:mod:`aspera_workbench.audit`):

* **program**: the reference program is one function without parameters,
  named like neither a setup nor an evaluation function, and uses the library;
* **setup**: the setup program is one ``setup_env*`` function without
  parameters; it runs, and twice in fresh worlds it builds the same world;
  the reference program runs in that world without an error other than a
  hand-back, and does something an evaluation can see (changes the world,
  returns an answer or hands back). Whether it hands back decides whether the
  task expects a hand-back;
* **evaluation**: the whole task passes ``aspera validate``'s checks (format
  conventions, deterministic setup, the reference passes, ``noop`` fails,
  ``handback`` passes exactly when the task expects a hand-back); automatic
  mutants of the reference program fail, except those that behave like the
  reference in this world (they change nothing a check could see, so they are
  no weakness of the evaluation program), and at least one mutant must be
  rejected (when every mutant behaves like the reference, the world the setup
  builds is too weak to tell them apart); and, if asked, rewrites of the
  reference program that keep its meaning pass.

Each failed check names the step that has to change (a reference program that
raises in the world the setup built points back at the program) and says what
went wrong in words that go back to the model or to the person.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from typing import Any

from aspera_core.agents import HandbackAgent, NoopAgent
from aspera_core.executor import Sandbox
from aspera_core.tasks import Scenario, Task
from aspera_core.tasks.validation import (
    HANDBACK_TAG,
    PROBE_EVALUATION,
    SetupProgramError,
    SetupRunner,
    convention_problems,
    first_difference,
    normalise_ids,
    validate_task,
)
from aspera_workbench.audit import AuditConfig, Observation, audit_tasks, behaviours
from aspera_workbench.surface.primitives import names_used
from aspera_workbench.variants import BREAKING_KINDS, PRESERVING_KINDS

HANDBACK_EXCEPTION = "RequiresUserInput"
_VALIDATOR_STAGE = {"parse": "evaluation", "setup": "setup", "reference": "evaluation", "noop": "evaluation"}
_SHOWN = 5  # mutants or rewrites listed in a problem


@dataclass
class Check:
    """The result of checking a task up to some step.

    Attributes:
        ok: Every check passed.
        stage: The step that has to change when a check failed (``program``,
            ``setup`` or ``evaluation``); the step checked when all passed.
        problems: What went wrong, one sentence each.
        notes: What is worth knowing but not wrong (mutants that change nothing here...).
        facts: What was found out: ``expects_handback``, ``behaviour``,
            ``mutants`` and ``rewrites`` counts, ``rejected_mutants`` (kept as wrong programs).
    """

    ok: bool
    stage: str
    problems: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    facts: dict[str, Any] = field(default_factory=dict)

    def describe(self) -> str:
        """The problems as one text for a repair request or a display."""
        return " ".join(self.problems) if self.problems else "All checks passed."

    def to_json(self) -> dict[str, Any]:
        """JSON-compatible dictionary."""
        return {"ok": self.ok, "stage": self.stage, "problems": self.problems, "notes": self.notes, "facts": self.facts}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Check:
        """Rebuild from :meth:`to_json` output."""
        return cls(
            bool(data["ok"]), str(data["stage"]), list(data["problems"]), list(data["notes"]), dict(data["facts"])
        )


def _single_function(program: str) -> ast.FunctionDef | None:
    try:
        body = ast.parse(program).body
    except SyntaxError:
        return None
    return body[0] if len(body) == 1 and isinstance(body[0], ast.FunctionDef) else None


def describe_behaviour(observation: Observation | None) -> str:
    """What a program did in one world, in words (for the evaluation step's prompt and for people)."""
    if observation is None:
        return "it could not be observed (it did not finish)."
    parts = []
    if observation.raised == HANDBACK_EXCEPTION:
        parts.append("it hands control back to the user (raises RequiresUserInput)")
    elif observation.raised:
        parts.append(f"it raises {observation.raised}")
    elif observation.answer != "None":
        parts.append(f"it returns {observation.answer}")
    else:
        parts.append("it returns None")
    if observation.changes:
        changed = ", ".join(f"{table} {change} rows" for table, change in sorted(observation.changes.items()))
        parts.append(f"it changes the world ({changed}; + added, - removed)")
    else:
        parts.append("it changes nothing in the world")
    return "; ".join(parts) + "."


def draft_task(scenario: Scenario, query: str, program: str, setup: str, evaluation: str | None = None) -> Task:
    """A task record from the steps written so far (a placeholder evaluation before the last step).

    Raises:
        ValueError: a program does not parse or defines no function.
    """
    return Task(
        query_id="1",
        program=program,
        query=query,
        scenario=scenario,
        state_generation_programs=[setup],
        evaluation_programs=[evaluation or PROBE_EVALUATION],
    )


class _RememberedSetups:
    """Runs setup programs through the sandbox, reusing the worlds the setup step already built."""

    def __init__(self, sandbox: Sandbox) -> None:
        self.runner = SetupRunner(sandbox.evaluate)
        self.worlds: dict[str, list[Any]] = {}

    def __call__(self, task: Task, index: int) -> Any:
        kept = self.worlds.get(task.state_generation_programs[index])
        if kept:
            return kept.pop()
        return self.runner(task, index)

    def build_twice(self, task: Task) -> tuple[Any, Any]:
        first, second = self.runner(task, 0), self.runner(task, 0)
        self.worlds[task.state_generation_programs[0]] = [first, second]
        return first, second


class TaskChecker:
    """Checks generated tasks in an open sandbox.

    Args:
        sandbox: The sandbox every program runs in.
        mutants: Mutants of the reference program to try on the evaluation
            program (at most; 0 skips the check).
        rewrites: Meaning-preserving rewrites of the reference program that
            must pass (at most; 0 skips the check).
        seed: Seed of the choice of mutants and rewrites.
    """

    def __init__(self, sandbox: Sandbox, *, mutants: int = 8, rewrites: int = 2, seed: int = 0) -> None:
        self.sandbox = sandbox
        self.mutants = mutants
        self.rewrites = rewrites
        self.seed = seed
        self.setups = _RememberedSetups(sandbox)

    # -- program ----------------------------------------------------------------------

    def check_program(self, program: str, apps: list[str]) -> Check:
        """Check the reference program on its own (nothing runs yet)."""
        function = _single_function(program)
        problems = []
        if function is None:
            problems.append("The reference program must be exactly one top-level function.")
        else:
            arguments = function.args
            if arguments.args or arguments.posonlyargs or arguments.kwonlyargs or arguments.vararg or arguments.kwarg:
                problems.append(f"The function {function.name!r} must take no arguments.")
            if function.name.startswith(("setup_env", "evaluate")):
                problems.append(f"The function {function.name!r} must not be named like a setup or evaluation program.")
            elif not names_used(program, apps):
                problems.append("The program uses nothing from the assistant library.")
        return Check(not problems, "program", problems)

    # -- setup ------------------------------------------------------------------------

    def check_setup(self, task: Task) -> Check:
        """Run the setup program twice and the reference program in its world.

        Args:
            task: A draft task (:func:`draft_task`) with the reference and setup programs.
        """
        setup_problems = [p for p in convention_problems(task) if p.startswith("setup program")]
        if setup_problems:
            return Check(False, "setup", [_sentence(p) for p in setup_problems])
        try:
            first, second = self.setups.build_twice(task)
        except SetupProgramError as error:
            return Check(False, "setup", [f"The setup program fails: {error}"])
        difference = first_difference(normalise_ids(first), normalise_ids(second))
        if difference is not None:
            return Check(
                False,
                "setup",
                [
                    f"The setup program is not deterministic: two runs in fresh worlds differ at {difference}. "
                    "Use no randomness, no real clock and no identifiers of your own."
                ],
            )
        observed = behaviours(task, [task.program], self.sandbox)[0]
        observation = observed[0] if observed else None
        if observation is None or (observation.raised and observation.raised != HANDBACK_EXCEPTION):
            verdict = self.sandbox.evaluate(task, task.program)
            detail = f"{(verdict.error_type or verdict.outcome.value).rsplit('.', 1)[-1]}: {verdict.message}"
            trace = (verdict.traceback or "").strip().splitlines()[-6:]
            where = ("\n" + "\n".join(trace)) if trace else ""
            return Check(
                False,
                "program",
                [f"In the world the setup program builds, the reference program fails with {detail}{where}"],
                facts={"setup": task.state_generation_programs[0]},
            )
        behaviour = describe_behaviour(observation)
        facts = {
            "expects_handback": observation.raised == HANDBACK_EXCEPTION,
            "behaviour": behaviour,
            "answers": observation.answer != "None" and not observation.raised,
            "changes_world": bool(observation.changes),
        }
        if not observation.raised and observation.answer == "None" and not observation.changes:
            return Check(
                False,
                "setup",
                [
                    "In the world the setup program builds, the reference program changes nothing, returns nothing "
                    "and does not hand back, so no evaluation could tell it from a program that does nothing. "
                    "Build a world in which the request leads to the action or the answer it asks for."
                ],
                facts=facts,
            )
        return Check(True, "setup", facts=facts)

    # -- the whole task ---------------------------------------------------------------

    def check_task(self, task: Task) -> Check:
        """Every check of ``aspera validate``, then mutants and rewrites of the reference program.

        Args:
            task: The complete task; tagged ``handback`` when it expects a hand-back.
        """
        report = validate_task(
            task,
            evaluate=self.sandbox.evaluate,
            run_setup=self.setups,
            baselines={"noop": NoopAgent().program, "handback": HandbackAgent().program},
            wrong_programs=None,
            require_wrong=False,
        )
        if report.problems:
            stage = "evaluation"
            for problem in report.problems:
                column = problem.split(":", 1)[0]
                stage = min(
                    stage, _VALIDATOR_STAGE.get(column, "evaluation"), key=("program", "setup", "evaluation").index
                )
            return Check(False, stage, [_sentence(_plain(p)) for p in report.problems])
        check = Check(True, "evaluation", facts={"expects_handback": HANDBACK_TAG in task.tags})
        if self.mutants:
            self._mutants(task, check)
        if check.ok and self.rewrites:
            self._rewrites(task, check)
        return check

    def _audit(self, task: Task, kinds: tuple[str, ...], limit: int) -> list[Any]:
        config = AuditConfig(kinds=kinds, per_kind=None, max_variants=limit, seed=self.seed, baselines=False)
        audit = audit_tasks([task], self.sandbox, config).tasks[0]
        return [result for result in audit.variants if result.origin == "generated"]

    def _mutants(self, task: Task, check: Check) -> None:
        try:
            results = self._audit(task, tuple(BREAKING_KINDS), self.mutants)
        except ValueError as error:  # the program does not parse: checked before, so not expected
            check.notes.append(f"no mutants made: {error}")
            return
        rejected = [r for r in results if r.status == "ok"]
        same = [r for r in results if r.status == "equivalent"]
        slipped = [r for r in results if r.status == "flagged"]
        undetermined = [r for r in results if r.status == "undetermined"]
        check.facts["mutants"] = {
            "tried": len(results),
            "rejected": len(rejected),
            "change_nothing": len(same),
            "accepted": len(slipped),
            "undetermined": len(undetermined),
        }
        check.facts["rejected_mutants"] = [
            {"description": r.description, "program": r.source, "kind": r.kind} for r in rejected
        ]
        if not results:
            check.notes.append("no mutant could be made of the reference program")
        if same:
            check.notes.append(
                f"{len(same)} of {len(results)} mutants change nothing an evaluation could see in this world"
            )
        if results and len(same) == len(results):
            check.ok = False
            check.stage = "setup"
            check.problems.append(
                f"None of the {len(results)} mutants of the reference program does anything different from it in the "
                "world the setup program builds, so no evaluation could be shown to tell a wrong program from a right "
                "one. Build a world in which the request's details (dates, people, times) make a difference."
            )
        if slipped:
            check.ok = False
            shown = "; ".join(f"{r.description}" for r in slipped[:_SHOWN])
            check.problems.append(
                f"The evaluation program accepts {len(slipped)} of {len(results)} mutants of the reference program "
                f"that behave differently from it in this world: {shown}. Check those aspects too."
            )

    def _rewrites(self, task: Task, check: Check) -> None:
        try:
            results = self._audit(task, tuple(PRESERVING_KINDS), self.rewrites)
        except ValueError as error:
            check.notes.append(f"no rewrites made: {error}")
            return
        refused = [r for r in results if r.status == "flagged"]
        check.facts["rewrites"] = {"tried": len(results), "refused": len(refused)}
        if refused:
            check.ok = False
            shown = "; ".join(f"{r.description} (it said: {r.message})" for r in refused[:_SHOWN])
            check.problems.append(
                f"The evaluation program rejects {len(refused)} of {len(results)} rewrites of the reference program "
                f"that do exactly what it does: {shown}. Accept every correct way of reaching the goal."
            )


def _plain(problem: str) -> str:
    """A validator problem in words for the model: which program, what happened."""
    column, _, rest = problem.partition(": ")
    what = {
        "reference": "The reference program, run through the evaluation program,",
        "noop": "A program that does nothing, run through the evaluation program,",
        "handback": "A program that only hands back control, run through the evaluation program,",
        "setup": "The setup program:",
        "parse": "Format:",
    }.get(column, f"{column}:")
    rest = rest.replace("expected to pass", "should pass").replace("expected to fail", "should fail")
    return f"{what} {rest}"


def _sentence(text: str) -> str:
    text = text.strip()
    text = text[0].upper() + text[1:] if text else text
    return text if text.endswith((".", "!", "?")) else text + "."
