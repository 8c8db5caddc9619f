"""A trial of the generation engine on real task material: a scripted model serves validated tasks.

The model proposes the requests of tasks of the project's set (``data/aspera_workbench_v1``)
and answers each step with the matching program of the task (its reference program, its
first setup program, its first evaluation program), the way a model answers: prose around
a fenced block, and the module header (the library imports) above every second one. It
answers through the scripted OpenAI-protocol server of the test suite, on 127.0.0.1, so the
engine runs exactly as ``aspera generate`` does: checks, repairs, batch decisions, output.

Independently written, validated tasks should pass; each one that does not is either a
defect of the engine or a weakness of the task that the engine's checks (shortcut probes,
mutants, preserving variants) find. The trial prints each task's fate with the reason, the
counts with their denominators, how many tasks each shortcut probe caught, and validates the
written set with ``aspera validate``'s checks.

With ``--faults`` some first answers are unusable the way a sloppy model's are (a setup
cut off by the token limit, prose without code), to see them repaired rather than used.

Usage::

    python benchmarks/trial_generation.py [--tasks N] [--faults] [--workers W] [--out FOLDER]

``--tasks`` picks N tasks spread evenly over the set's ids (default 20). Everything is
written under a temporary folder unless ``--out`` names one (it must not exist).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

_HEADER = re.compile(r"^from aspera\.[\w.]+ import \*$", re.MULTILINE)


def spread(tasks: list[Any], count: int) -> list[Any]:
    """``count`` tasks spread evenly over ``tasks`` (all of them when there are fewer)."""
    if count >= len(tasks):
        return list(tasks)
    step = len(tasks) / count
    return [tasks[int(index * step)] for index in range(count)]


def module_header(task: Any) -> str:
    """The library imports of the task's code module, as a model would put them above its function."""
    module = REPO / "data" / "aspera_workbench_v1" / "code" / f"query_{task.query_id}.py"
    lines = _HEADER.findall(module.read_text(encoding="utf-8")) if module.is_file() else []
    return "\n".join(lines) + "\n\n\n" if lines else ""


class TaskServingModel:
    """Answers every step of the engine with the programs of known tasks (see the module docstring).

    Args:
        tasks: The tasks served.
        faults: Make the first answers of some tasks unusable, as a sloppy model's are: the
            setup program of every third task comes back cut off by the token limit twice
            (``finish_reason: "length"``, half of it), the reference program of the next one
            comes back as prose without code once.
    """

    def __init__(self, tasks: list[Any], faults: bool = False) -> None:
        self.by_query = {task.query: task for task in tasks}
        self.order = {task.query: number for number, task in enumerate(tasks)}
        self.asked: list[tuple[str, str | None]] = []
        self.served = 0
        self.faults = faults

    def _fault(self, step: str, query: str, code: str) -> Any:
        from tests.support.openai_server import Reply

        if not self.faults:
            return None
        number, times = self.order[query], self.asked.count((step, query))
        if step == "setup" and number % 3 == 0 and times <= 2:
            return Reply.text(f"```python\n{code[: len(code) // 2]}", finish_reason="length")
        if step == "program" and number % 3 == 1 and times == 1:
            return "I would look the colleague up first, then add the event at the right time."
        return None

    def __call__(self, request: Any) -> Any:
        from tests.generation.support import query_of, step_of

        step, query = step_of(request), query_of(request)
        self.asked.append((step, query))
        if step == "queries":  # the next requests not served yet, as many as asked for
            asked = re.search(r"Invent (\d+) new requests", request.last_user_text)
            count = int(asked.group(1)) if asked else len(self.by_query)
            listed = json.dumps(list(self.by_query)[self.served : self.served + count], indent=1)
            self.served += count
            return f"Here are requests a user could make:\n\n```json\n{listed}\n```\n\nEach uses only the library."
        task = self.by_query[query or ""]
        code = {
            "program": task.program,
            "setup": task.state_generation_programs[0],
            "evaluation": task.evaluation_programs[0],
        }[step]
        fault = self._fault(step, task.query, code)
        if fault is not None:
            return fault
        header = module_header(task) if self.order[task.query] % 2 else ""
        return (
            f"Sure. Here is the {step} program for this request.\n\n```python\n{header}{code.rstrip()}\n```\n\n"
            "It uses only the documented functions."
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tasks", type=int, default=20, help="tasks of the set served (default 20)")
    parser.add_argument("--workers", type=int, default=2, help="sandbox workers (default 2)")
    parser.add_argument("--out", type=Path, help="folder for the session and the set written (must not exist)")
    parser.add_argument("--faults", action="store_true", help="cut-off and prose-only first answers (see the model)")
    args = parser.parse_args(argv)

    from aspera_core.executor import SandboxConfig
    from aspera_core.tasks import load_tasks
    from aspera_workbench.cli.validate import validate_with_executor
    from aspera_workbench.generation import GenerationParams, generate_tasks, read_provenance
    from aspera_workbench.llm import LLMClient, LLMConfig, RetryPolicy
    from tests.support.openai_server import ScriptedOpenAIServer

    source = load_tasks(REPO / "data" / "aspera_workbench_v1")
    chosen = spread(sorted(source, key=lambda task: int(task.query_id)), args.tasks)
    if args.out is not None and args.out.exists():
        parser.error(f"--out {args.out} exists; name a new folder")
    folder = args.out or Path(tempfile.mkdtemp(prefix="trial_generation_"))
    model = TaskServingModel(chosen, faults=args.faults)
    with ScriptedOpenAIServer(model) as server:
        settings = GenerationParams.model_validate(
            {
                "model": "scripted-task-server",
                "base_url": server.base_url,
                "out": str(folder / "generated"),
                "session": str(folder / "session.jsonl"),
                "cache_dir": str(folder / "cache"),
                "examples_from": None,  # the requests are this set's own: they would be dropped as repeats
                "first_id": 5001,
                "workers": args.workers,
                "per_request": min(len(chosen), 20),
                "rounds": [{"tasks": len(chosen), "max_queries": len(chosen)}],
            }
        )
        retry = RetryPolicy(max_attempts=2, initial_backoff_s=0.01, max_backoff_s=0.02, max_total_wait_s=1.0)
        config = LLMConfig(model="scripted-task-server", base_url=server.base_url, api_key="trial", retry=retry)
        report, flow = generate_tasks(settings, client=LLMClient(config), progress=None)

    by_query = {candidate.query: candidate for candidate in flow.candidates}
    print(f"served {len(chosen)} tasks of data/aspera_workbench_v1: {', '.join(t.query_id for t in chosen)}")
    print(f"model calls: {len(model.asked)} ({sum(step == 'queries' for step, _ in model.asked)} for requests)")
    for task in chosen:
        candidate = by_query.get(task.query)
        if candidate is None:
            print(f"  {task.query_id}: never taken up")
            continue
        repairs = ", ".join(f"{step} {n}" for step, n in candidate.repairs.items() if n) or "none"
        fate = f"accepted as {candidate.task_id}" if candidate.task_id else candidate.shown_status
        print(f"  {task.query_id}: {fate} (repairs: {repairs})")
        if not candidate.task_id:
            print("      " + (candidate.reason or "").replace("\n", "\n      "))
    print(report.describe())
    print(flow.summary())
    taken = [candidate for candidate in flow.candidates if candidate.evaluation is not None]
    caught = {probe: 0 for probe in ("handback_everything", "list_everything", "delete_everything")}
    for candidate in taken:
        for probe in candidate.facts.get("probes_caught", []):
            caught[probe] = caught.get(probe, 0) + 1
    print(
        "shortcut probes that an evaluation program accepted at some check (tasks, of "
        f"{len(taken)} with an evaluation program): " + ", ".join(f"{probe} {n}" for probe, n in caught.items())
    )
    strict: dict[str, int] = {}
    for candidate in taken:
        for kind in candidate.facts.get("variants_caught", []):
            strict[kind] = strict.get(kind, 0) + 1
    print(
        f"correct variants that an evaluation program rejected at some check (tasks, of {len(taken)}): "
        + (", ".join(f"{kind} {n}" for kind, n in sorted(strict.items())) or "none")
    )
    written = load_tasks(Path(settings.out)) if report.accepted else []
    if written:
        validated = validate_with_executor(Path(settings.out), config=SandboxConfig(workers=args.workers))
        passed = sum(task.checks["reference"].status == "ok" for task in validated.tasks if "reference" in task.checks)
        noop = sum(task.checks["noop"].status == "ok" for task in validated.tasks if "noop" in task.checks)
        print(
            f"written set: {len(written)} tasks; validates: {'yes' if validated.ok else 'no'}; reference passes "
            f"{passed} of {len(written)}, noop fails {noop} of {len(written)}"
        )
        handback = [task.query_id for task in written if "handback" in task.tags]
        print(f"tagged handback: {len(handback)} of {len(written)}")
        checks = [read_provenance(task, Path(settings.out)) or {} for task in written]
        print("checks: " + "; ".join(f"{t.query_id}: {c.get('checks')}" for t, c in zip(written, checks, strict=True)))
    print(f"session and set: {folder}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
