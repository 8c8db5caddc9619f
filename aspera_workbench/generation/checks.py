"""Validating a generated task by running it, step by step, in the sandbox.

Model-written programs are untrusted: every one runs in the sandbox, never in this process. The
checks reuse the task validator (:func:`aspera_core.tasks.validate_task`) and the audit's behaviour
comparison. After the **program** step, the reference program alone (one function without
parameters, using the library); after the **setup** step, the setup program builds the same world
twice, and the reference program does something an evaluation can see in it (whether it hands back
decides whether the task expects a hand-back); after the **evaluation** step, everything
``aspera validate`` checks, then mutants of the reference program must fail unless they behave
like it in this world (and at least one must be rejected: else the world is too weak to tell them
apart), and meaning-preserving rewrites must pass.

Each failed check names the step that has to change, in words for the model or the person, with
the model's own code as the only location shown. A failed lookup in the setup's world
(``SearchError``, or an empty result indexed on a ``find_*``/``search_*``/``get_*`` line) blames the
setup, naming the program as the other step that may change (:attr:`Check.also`).

A task is accepted only if the checklist's shortcut probes fail (doing nothing, always handing back,
handing back or answering with every fact of the world, deleting every event:
:mod:`aspera_workbench.audit.shortcut_check`) and the preserving variants pass (rewrites, and correct
programs that use a freedom the request leaves: :mod:`aspera_workbench.variants.freedoms`); a probe
accepted or a variant rejected goes back to the evaluation step with what it was and what it got. The
engine writes one world per task, so a world in which the reference program hands back is kept only
if its evaluation checks what the hand-back says: where a plain hand-back passes, a program that
always asks would pass the task, and the setup step is asked for a world in which the request can be
carried out.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from aspera_core.agents import HandbackAgent, NoopAgent
from aspera_core.executor import Sandbox
from aspera_core.outcomes import ORIGIN_EVALUATION, Outcome, Verdict
from aspera_core.tasks import (
    HANDBACK_TAG,
    PROBE_EVALUATION,
    Scenario,
    SetupProgramError,
    SetupRunner,
    Task,
    convention_problems,
    first_difference,
    normalise_ids,
    validate_task,
)
from aspera_workbench.audit import (
    VALIDATION_PROBES,
    AuditConfig,
    Observation,
    audit_tasks,
    behaviours,
    program_diff,
    shortcut_findings,
    task_probes,
)
from aspera_workbench.surface import names_used
from aspera_workbench.variants import BREAKING_KINDS, FREEDOM_KINDS, IDENTITY_KINDS

HANDBACK_EXCEPTION = "RequiresUserInput"
_VALIDATOR_STAGE = {"parse": "evaluation", "setup": "setup", "reference": "evaluation", "noop": "evaluation"}
_SHOWN = 5  # mutants or rewrites listed in a problem
_WIDER = 4  # times the mutants drawn when every sampled one behaved like the reference
_PROBE_FUNCTION = PROBE_EVALUATION.split("(", 1)[0].removeprefix("def ")
#: The code files of a sandbox traceback that are the model's, and how they are named to it.
_OWN_FILES = {"program": "the reference program", "setup": "the setup program", "evaluation": "the evaluation program"}
_FRAME = re.compile(r'^  File "<(program|setup|evaluation)(?: \d+)?>", line (\d+), in (\S+)$')
_PACKAGE_ROOT = str(Path(__file__).resolve().parents[2])
#: Errors of a failed lookup, whatever the line: the library raises them when what is looked up is missing.
_LOOKUP_ERRORS = {"SearchError"}
#: Errors of an empty lookup result used as if it held something, on a line calling a lookup.
_EMPTY_RESULT_ERRORS = {"IndexError", "StopIteration", "KeyError"}
_LOOKUP_CALL = re.compile(r"\b(?:find|search|get)_\w+\s*\(")
_LOOKED_UP = re.compile(r"^\s*(\w+)\s*=\s*(?:find|search|get)_\w+\s*\(", re.MULTILINE)
_INDEXED = re.compile(r"\b(\w+)\s*\[")


@dataclass
class Check:
    """The result of checking a task up to some step.

    ``stage`` is the step that has to change when a check failed (the step checked when all passed);
    ``notes`` say what is worth knowing but not wrong; ``facts`` what was found out (``expects_handback``,
    ``behaviour``, mutant and rewrite counts, ``rejected_mutants``); ``also`` other steps whose change
    may be the fix.
    """

    ok: bool
    stage: str
    problems: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    facts: dict[str, Any] = field(default_factory=dict)
    also: list[str] = field(default_factory=list)

    def describe(self) -> str:
        """The problems as one text for a repair request or a display."""
        return " ".join(self.problems) if self.problems else "All checks passed."

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Check:
        """Rebuild from ``dataclasses.asdict`` output (session files written before ``also`` have none)."""
        return cls(**data)


def _single_function(program: str) -> ast.FunctionDef | None:
    try:
        body = ast.parse(program).body
    except SyntaxError:
        return None
    return body[0] if len(body) == 1 and isinstance(body[0], ast.FunctionDef) else None


@dataclass(frozen=True)
class Failure:
    """A program's failure as the model may see it: ``Class: message``, and the frames of its own code only.

    A frame is ``(file, line, function, code lines)``, outermost first; ``file`` is a program step.
    """

    error: str
    frames: tuple[tuple[str, int, str, tuple[str, ...]], ...] = ()

    @property
    def error_class(self) -> str:
        """The class name of the error."""
        return self.error.split(":", 1)[0].strip()

    def where(self) -> str:
        """The model's frames as indented lines (empty without any)."""
        lines = []
        for file, line, function, code in self.frames:
            lines.append(f"  {_OWN_FILES[file]}, line {line}, in {function}:")
            lines += [f"    {text.strip()}" for text in code if text.strip() and set(text.strip()) - set("^~ ")]
        return "\n".join(lines)

    def describe(self) -> str:
        """The error, then where it happened (when any frame is the model's)."""
        where = self.where()
        return f"{self.error}\n{where}" if where else self.error


def hide_workbench(text: str) -> str:
    """``text`` without the absolute paths of the workbench's files (the model never wrote them)."""
    return text.replace(_PACKAGE_ROOT + "/", "").replace(_PACKAGE_ROOT, "")


def failure_of(error_type: str | None, message: str | None, traceback: str | None, probe: bool = False) -> Failure:
    """The model's view of a failed run: the workbench's frames (library, harness, beartype wrappers)
    and, with ``probe``, those of the engine's own probe evaluation (:data:`PROBE_EVALUATION`) are left out."""
    error_class = (error_type or "").rsplit(".", 1)[-1] or "error"
    error = f"{error_class}: {hide_workbench((message or '').strip())}".rstrip(": ")
    text = traceback or ""
    # a chained traceback: the last one is where the error that ended the run was raised
    for marker in ("\nDuring handling of the above exception", "\nThe above exception was the direct cause"):
        if marker in text:
            text = text.rsplit(marker, 1)[-1]
    frames: list[tuple[str, int, str, list[str]]] = []
    current: list[str] | None = None
    for line in text.splitlines():
        if line.startswith("  File "):
            match = _FRAME.match(line)
            current = None
            if match and not (probe and match.group(3) == _PROBE_FUNCTION):
                current = []
                frames.append((match.group(1), int(match.group(2)), match.group(3), current))
        elif line.startswith("    ") and current is not None:
            current.append(line)
        elif not line.startswith(" "):
            current = None
    return Failure(error, tuple((file, number, function, tuple(code)) for file, number, function, code in frames))


def failure_of_verdict(verdict: Verdict, probe: bool = False) -> Failure:
    """:func:`failure_of` for a sandbox verdict."""
    return failure_of(verdict.error_type or str(verdict.outcome.value), verdict.message, verdict.traceback, probe)


def is_lookup_failure(failure: Failure, program: str = "") -> bool:
    """Whether a reference program's failure is a lookup that found nothing: the world lacks what it looks up.

    ``SearchError`` always; an empty-result error when its line calls a lookup (``find_employee("M")[0]``)
    or indexes a name ``program`` assigns from one (``people = find_employee("M")`` then ``people[0]``).
    """
    if failure.error_class in _LOOKUP_ERRORS:
        return True
    if failure.error_class not in _EMPTY_RESULT_ERRORS:
        return False
    own = [frame for frame in failure.frames if frame[0] == "program"]
    if not own:
        return False
    lines = own[-1][3]
    if any(_LOOKUP_CALL.search(line) for line in lines):
        return True
    looked_up = set(_LOOKED_UP.findall(program))
    return any(name in looked_up for line in lines for name in _INDEXED.findall(line))


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
    """A task record from the steps written so far (a placeholder evaluation before the last step); ValueError if
    a program does not parse or defines no function."""
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
        self.sandbox = sandbox
        self.runner = SetupRunner(self._evaluate)
        self.worlds: dict[str, list[Any]] = {}
        self.last: Verdict | None = None  # the verdict of the last probe, for the location of a failure

    def _evaluate(self, task: Task, program: str) -> Verdict:
        self.last = self.sandbox.evaluate(task, program)
        return self.last

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
    """Checks generated tasks in an open sandbox; ``mutants`` and ``rewrites`` are the most tried (0 skips)."""

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
        """Run the setup program of a :func:`draft_task` twice, and the reference program in its world."""
        setup_problems = [p for p in convention_problems(task) if p.startswith("setup program")]
        if setup_problems:
            return Check(False, "setup", [_sentence(p) for p in setup_problems])
        try:
            first, second = self.setups.build_twice(task)
        except SetupProgramError as error:
            last = self.setups.last
            failure = failure_of_verdict(last, probe=True) if last is not None and last.traceback else None
            shown = failure.describe() if failure is not None else hide_workbench(str(error))
            return Check(False, "setup", [f"The setup program fails: {shown}"])
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
            return self._reference_fails(task)
        behaviour = describe_behaviour(observation)
        facts: dict[str, Any] = {
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

    def _reference_fails(self, task: Task) -> Check:
        """The reference program raised in the setup's world: blame the step that can fix it."""
        verdict = self.sandbox.evaluate(task, task.program)
        failure = failure_of_verdict(verdict, probe=True)
        facts = {"setup": task.state_generation_programs[0]}
        if is_lookup_failure(failure, task.program):
            return Check(
                False,
                "setup",
                [
                    "In the world the setup program builds, the reference program looks up something that is "
                    f"not there: {failure.describe()}\nThe setup program must create everything the request "
                    "and the reference program presuppose: the organisation with the user in it first, then the "
                    "colleagues, rooms and events they name. (If that world is right, it is the reference program "
                    "that looks up the wrong thing.)"
                ],
                facts=facts,
                also=["program"],
            )
        return Check(
            False,
            "program",
            [f"In the world the setup program builds, the reference program fails with {failure.describe()}"],
            facts=facts,
        )

    # -- the whole task ---------------------------------------------------------------

    def check_task(self, task: Task) -> Check:
        """Every check of ``aspera validate``, then the shortcut probes, mutants and preserving variants.

        The do-nothing and hand-back programs must be decided by the evaluation program's own checks
        (one that raises on them is a finding of its own).
        """
        baselines = {"noop": NoopAgent().program, "handback": HandbackAgent().program}
        programs = {"reference": task.program, **{name: build(task) for name, build in baselines.items()}}
        verdicts: dict[str, Verdict] = {}

        def evaluate(run: Task, program: str) -> Verdict:
            verdict = self.sandbox.evaluate(run, program)
            for name, text in programs.items():
                if program == text:
                    verdicts[name] = verdict
            return verdict

        report = validate_task(
            task,
            evaluate=evaluate,
            run_setup=self.setups,
            baselines=baselines,
            wrong_programs=None,
            require_wrong=False,
        )
        expects = HANDBACK_TAG in task.tags
        facts: dict[str, Any] = {"expects_handback": expects}
        problems: list[tuple[str, str]] = []
        notes: list[str] = []
        reference = verdicts.get("reference")
        if expects and reference is not None and reference.outcome is Outcome.HANDBACK_CONTROL:
            # the evaluation expects an action of a reference that hands back in this world: a world
            # lacking what the reference looks up does that (a forgotten colleague), so the setup first
            return Check(
                False,
                "setup",
                [
                    "The reference program hands back in the world the setup program builds "
                    f"({failure_of_verdict(reference).describe()}), but the evaluation program expects it to "
                    "carry the request out. If the request is to be carried out, that world lacks what the "
                    "reference program looks for: the setup program must build it (the organisation with the "
                    "user in it first, then the colleagues, rooms and events the request names). If asking the "
                    "user is right in this world, it is the evaluation program that must expect the hand-back."
                ],
                facts=facts,
                also=["evaluation"],
            )
        crashed = {name: _evaluation_crash(verdicts.get(name)) for name in baselines}
        for problem in report.problems:
            column = problem.split(":", 1)[0]
            if column == "handback" or (column == "noop" and crashed["noop"] is not None):
                continue  # said below, with what the engine expects and why
            text = _sentence(hide_workbench(_plain(problem)))
            if column == "reference" and column in verdicts:
                where = failure_of_verdict(verdicts[column]).where()
                text += f"\n{where}" if where else ""
            problems.append((column, text))
        for name, what in (
            ("noop", "the do-nothing program (its body is `pass`: it returns None and changes nothing)"),
            ("handback", "the hand-back program (it only raises RequiresUserInput with a generic message)"),
        ):
            failure = crashed[name]
            if failure is not None:
                problems.append(
                    (
                        name,
                        f"The evaluation program raised on {what} instead of deciding with SolutionError: "
                        f"{failure.describe()}\nCheck what the program returned, raised or left in the world before "
                        "using it, and raise SolutionError when it is not what a correct program gives.",
                    )
                )
        if crashed["handback"] is None and any(p.startswith("handback:") for p in report.problems):
            got = _got(verdicts.get("handback"))
            if expects:
                # asking is right in this world, so no evaluation may reject a plain hand-back: the world must change
                return Check(
                    False,
                    "setup",
                    [
                        "In the world the setup program builds, the reference program hands back, and a program "
                        f"that always hands back passes the evaluation program too ({got}). A task whose only world "
                        "calls for asking the user cannot tell an assistant that always asks from one that acts. "
                        "Build a world in which the request can be carried out. (Only if the request makes one "
                        "answer to the user necessary may the evaluation program check instead that the hand-back "
                        "says it.)"
                    ],
                    facts=facts,
                    also=["evaluation"],
                )
            problems.append(
                (
                    "handback",
                    "A program that only hands back control (raises RequiresUserInput and changes nothing) "
                    f"passes the evaluation program ({got}), but it should fail: the reference program does not hand "
                    "back in the world the setup program builds. Require what a correct program does or answers.",
                )
            )
        if problems:
            stage = min(
                (_VALIDATOR_STAGE.get(column, "evaluation") for column, _ in problems),
                key=("program", "setup", "evaluation").index,
            )
            return Check(False, stage, [text for _, text in problems], notes=notes, facts=facts)
        check = Check(True, "evaluation", notes=notes, facts=facts)
        self._probes(task, check)
        if self.mutants:
            self._mutants(task, check)
        if check.ok and self.rewrites:
            self._rewrites(task, check)
        return check

    def _probes(self, task: Task, check: Check) -> None:
        """The shortcut probes beyond the trivial agents (the validator ran those): each must fail."""
        kinds = [kind for kind in VALIDATION_PROBES if kind not in ("noop", "handback")]
        tried = task_probes(task, kinds)
        found = shortcut_findings([task], self.sandbox, kinds, {task.query_id: tried}).get(task.query_id, [])
        check.facts["probes"] = {"tried": len(tried), "accepted": len(found)}
        check.facts["probes_accepted"] = sorted({finding.probe for finding in found})
        if found:
            check.ok = False
            shown = "; ".join(f"a program that {finding.description} (it passed)" for finding in found)
            check.problems.append(
                f"The evaluation program accepts {len(found)} of {len(tried)} programs that skip the task: {shown}. "
                "Require the answer or the change the request asks for, and nothing more: an answer that names "
                "everything, a hand-back that lists everything or a calendar emptied of everything must fail."
            )

    def _audit(self, task: Task, kinds: tuple[str, ...], limit: int | None, per_kind: int | None = None) -> list[Any]:
        config = AuditConfig(kinds=kinds, per_kind=per_kind, max_variants=limit, seed=self.seed, baselines=False)
        audit = audit_tasks([task], self.sandbox, config).tasks[0]
        return [result for result in audit.variants if result.origin == "generated"]

    def _mutants(self, task: Task, check: Check) -> None:
        try:
            results = self._audit(task, tuple(BREAKING_KINDS), self.mutants)
        except ValueError as error:  # the program does not parse: checked before, so not expected
            check.notes.append(f"no mutants made: {error}")
            return
        if len(results) == self.mutants and all(r.status == "equivalent" for r in results):
            # a sample can fall entirely on code the world never reaches (past a hand-back, in a
            # branch not taken): draw more before blaming the world
            sampled = len(results)
            results = self._audit(task, tuple(BREAKING_KINDS), _WIDER * self.mutants)
            if len(results) > sampled:
                check.notes.append(
                    f"{len(results)} mutants drawn: the first {sampled} all behaved like the reference program"
                )
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
            # the rewrites that keep behaviour identical up to the number asked for; every variant that uses a
            # freedom of the request (the audit's three of each kind), since those are what strict evaluations reject
            results = self._audit(task, tuple(IDENTITY_KINDS), self.rewrites)
            results += self._audit(task, tuple(FREEDOM_KINDS), None, per_kind=3)
        except ValueError as error:
            check.notes.append(f"no rewrites made: {error}")
            return
        refused = [r for r in results if r.status == "flagged"]
        check.facts["rewrites"] = {"tried": len(results), "refused": len(refused)}
        check.facts["variants_refused"] = sorted({r.kind for r in refused})
        if refused:
            check.ok = False
            shown = "\n".join(
                f"- {r.description} (it said: {r.message}); what it changes in the reference program:\n"
                + "\n".join(program_diff(task.program, r.source))
                for r in refused[:_SHOWN]
            )
            check.problems.append(
                f"The evaluation program rejects {len(refused)} of {len(results)} correct variants of the reference "
                f"program (each does what it does, or uses a freedom the request leaves):\n{shown}\n"
                "Accept every correct way of reaching the goal."
            )


def _evaluation_crash(verdict: Verdict | None) -> Failure | None:
    """The evaluation program's own error in a verdict (it raised something other than SolutionError), if any."""
    if verdict is None:
        return None
    for pair in verdict.pairs:
        if pair.outcome is Outcome.EXECUTION_ERROR and pair.origin == ORIGIN_EVALUATION:
            return failure_of(pair.error_type, pair.message, pair.traceback)
    return None


def _got(verdict: Verdict | None) -> str:
    if verdict is None:
        return "no verdict"
    outcome = verdict.outcome.value
    message = hide_workbench((verdict.message or "").strip().splitlines()[0][:160]) if verdict.message else ""
    return f"got {outcome}: {message}" if message else f"got {outcome}"


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
