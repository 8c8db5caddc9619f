"""The prompts of task generation, built from template files.

Every word the model reads comes from ``templates/`` (``string.Template`` files and ``roles.yaml``),
the library's and the tools' docstrings, a guideline set and worked example tasks; the version
recorded with every generated task is :data:`TEMPLATE_SET` plus a digest of all template files, so
an edit of any file shows. Each step is a self-contained conversation (a system message with the
step's role, documentation, tools and examples; a user message with what to write, the step's
guidelines and the request); a repair or a comment continues it with the previous answer.
"""

from __future__ import annotations

import hashlib
import importlib
import string
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import yaml

from aspera_core.tasks import Guidelines, Scenario, Task, function_name
from aspera_workbench.authoring import GUIDELINES
from aspera_workbench.surface import render_library_docs, render_module_docs

#: Human version of the template set; the recorded version adds a digest of the files.
TEMPLATE_SET = "gen-1"
TEMPLATES = Path(__file__).resolve().parent / "templates"

#: The steps that write a program, in order.
PROGRAM_STEPS = ("program", "setup", "evaluation")
#: What each step writes, in words.
WHAT = {"program": "reference program", "setup": "setup program", "evaluation": "evaluation program"}

_REQUIRED = (
    "system",
    "queries",
    "focus",
    "existing",
    *PROGRAM_STEPS,
    "repair",
    "review",
    "queries_repair",
    "guidelines",
)

Message = dict[str, str]


@dataclass(frozen=True)
class GenerationPrompts:
    """The template files of task generation: templates by file stem, each step's role, and their version."""

    templates: dict[str, string.Template]
    roles: dict[str, str]
    version: str

    @classmethod
    def load(cls, folder: str | Path | None = None) -> GenerationPrompts:
        """Read the ``*.txt`` templates and ``roles.yaml`` of ``folder`` (default: the package's).

        Raises:
            FileNotFoundError: a template is missing.
            ValueError: ``roles.yaml`` does not give a role for every step.
        """
        folder = Path(folder) if folder is not None else TEMPLATES
        paths = sorted(folder.glob("*.txt")) + [folder / "roles.yaml"]
        missing = [name for name in _REQUIRED if not (folder / f"{name}.txt").is_file()]
        if missing or not paths[-1].is_file():
            names = [f"{name}.txt" for name in missing] + ([] if paths[-1].is_file() else ["roles.yaml"])
            raise FileNotFoundError(f"prompt templates missing in {folder}: {', '.join(names)}")
        digest = hashlib.sha256()
        for path in paths:
            digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
        roles = yaml.safe_load(paths[-1].read_text(encoding="utf-8")) or {}
        wanted = ("queries", *PROGRAM_STEPS)
        if not isinstance(roles, dict) or any(not isinstance(roles.get(step), str) for step in wanted):
            raise ValueError(f"{paths[-1]}: needs a text for each of {', '.join(wanted)}")
        return cls(
            templates={path.stem: string.Template(path.read_text(encoding="utf-8")) for path in paths[:-1]},
            roles={step: roles[step] for step in wanted},
            version=f"{TEMPLATE_SET}+{digest.hexdigest()[:10]}",
        )

    def fill(self, template: str, /, **values: object) -> str:
        """One template with its placeholders filled (KeyError for one without a value)."""
        return self.templates[template].substitute({key: str(value) for key, value in values.items()})


@dataclass(frozen=True)
class GuidelineSet:
    """Numbered rules shown at the program steps, named in provenance and recorded in each task's scenario."""

    name: str
    guidelines: Guidelines

    @classmethod
    def default(cls) -> GuidelineSet:
        """The rules the workbench's own tasks were written by."""
        return cls("workbench", GUIDELINES)

    @classmethod
    def load(cls, path: str | Path) -> GuidelineSet:
        """Read a set from YAML with lists of strings ``generation_labelling``, ``runtime_setup``, ``evaluation``.

        Raises:
            FileNotFoundError: no such file.
            ValueError: the file does not hold those three lists of strings.
        """
        path = Path(path)
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        keys = ("generation_labelling", "runtime_setup", "evaluation")
        if not isinstance(data, dict) or any(
            not isinstance(data.get(key), list) or not all(isinstance(item, str) for item in data[key]) for key in keys
        ):
            raise ValueError(f"{path}: needs lists of strings {', '.join(keys)}")
        return cls(path.stem, Guidelines(**{key: list(data[key]) for key in keys}))

    def for_step(self, step: str) -> list[str]:
        """The rules shown at a step (none at the query step)."""
        field = {"program": "generation_labelling", "setup": "runtime_setup", "evaluation": "evaluation"}.get(step)
        return list(getattr(self.guidelines, field) or []) if field else []


def _numbered(items: Sequence[str]) -> str:
    return "\n".join(f"{number}. {item}" for number, item in enumerate(items, start=1))


def _tool_docs(tools: Sequence[str] | None, package: str) -> str:
    """Documentation of ``module::function`` tools of ``aspera_core.tools.<package>``."""
    parts = []
    for tool in tools or ():
        module, _, name = tool.partition("::")
        loaded = importlib.import_module(f"aspera_core.tools.{package}.{module}")
        parts.append(render_module_docs(loaded, names=[name], module_docstring=False).strip("\n"))
    return "\n\n".join(part for part in parts if part)


def fenced(code: str) -> str:
    """Code in a Markdown block, as the model is shown it."""
    return f"```python\n{code.rstrip()}\n```"


def _example_block(task: Task, step: str) -> str:
    """One worked example, as much of it as a step needs."""
    parts = [f"Request: {task.query}", fenced(task.program)]
    if step in ("setup", "evaluation"):
        parts.append(fenced(task.state_generation_programs[0]))
    if step == "evaluation":
        parts.append(fenced(task.evaluation_programs[0]))
    return "\n\n".join(parts)


def _examples(examples: Sequence[Task], step: str) -> str:
    if not examples:
        return ""
    if step == "queries":
        return "\nRequests of the benchmark and their reference programs, as examples:\n\n" + "\n\n".join(
            _example_block(task, "program") for task in examples
        )
    heading = {
        "program": "Examples of requests and their reference programs:",
        "setup": "Examples of requests, their reference programs and their setup programs:",
        "evaluation": "Examples of requests with their reference, setup and evaluation programs:",
    }[step]
    return f"\n{heading}\n\n" + "\n\n".join(_example_block(task, step) for task in examples)


class PromptBuilder:
    """Builds the messages of every step for one scenario (its apps documented, its tools shown where needed).

    ``examples`` are worked example tasks by step; at most ``max_listed_queries`` of the latest
    existing requests are listed when asking for new ones.
    """

    def __init__(
        self,
        prompts: GenerationPrompts,
        scenario: Scenario,
        guidelines: GuidelineSet,
        examples: dict[str, Sequence[Task]],
        max_listed_queries: int = 150,
    ) -> None:
        self.prompts = prompts
        self.scenario = scenario
        self.guidelines = guidelines
        self.examples = examples
        self.max_listed_queries = max_listed_queries
        self._systems: dict[str, str] = {}

    def system(self, step: str) -> str:
        """The system message of a step (built once)."""
        if step not in self._systems:
            tools = ""
            if step == "evaluation":
                tools = "\nSetup programs and evaluation programs may also use these tools:\n\n" + fenced(
                    _tool_docs(self.scenario.simulation_tools, "setup")
                    + "\n\n"
                    + _tool_docs(self.scenario.evaluation_tools, "checks")
                )
            self._systems[step] = self.prompts.fill(
                "system",
                role=self.prompts.roles[step],
                documentation=render_library_docs(list(self.scenario.apps), documented_only=True).strip("\n"),
                tools=tools,
                examples=_examples(self.examples.get(step, ()), step),
            )
        return self._systems[step]

    def _conversation(self, step: str, **values: object) -> list[Message]:
        """A step's system message and its user message (the step's template, with its guidelines)."""
        items = self.guidelines.for_step(step)
        if step != "queries":
            values["guidelines"] = self.prompts.fill("guidelines", items=_numbered(items)) if items else ""
        user = self.prompts.fill(step, **values)
        return [{"role": "system", "content": self.system(step)}, {"role": "user", "content": user}]

    def queries(self, count: int, focus: str | None, existing: Sequence[str]) -> list[Message]:
        """The messages asking for ``count`` new requests, with a focus instruction and the latest ``existing``."""
        listed = list(existing)[-self.max_listed_queries :]
        return self._conversation(
            "queries",
            count=count,
            focus=self.prompts.fill("focus", focus=focus.strip()) if focus and focus.strip() else "",
            existing=self.prompts.fill("existing", queries="\n".join(f"- {q}" for q in listed)) if listed else "",
        )

    def program(self, query: str) -> list[Message]:
        """The messages asking for the reference program of ``query``."""
        return self._conversation("program", query=query)

    def setup(self, query: str, program: str) -> list[Message]:
        """The messages asking for the setup program of a request and its reference program."""
        return self._conversation(
            "setup",
            query=query,
            program=program.rstrip(),
            name=f"setup_env_{function_name(program) or 'task'}",
            docstring=f"World in which the user asks:\n\n    {query}\n    ",
            tools=_tool_docs(self.scenario.simulation_tools, "setup"),
        )

    def evaluation(self, query: str, program: str, setup: str, behaviour: str) -> list[Message]:
        """The messages asking for the evaluation program (``behaviour``: the reference's in the setup's world)."""
        return self._conversation(
            "evaluation",
            query=query,
            program=program.rstrip(),
            setup=setup.rstrip(),
            behaviour=behaviour,
            name=f"evaluate_{function_name(program) or 'task'}",
            docstring=f"Check the program written for the request\n\n    {query}\n    ",
            tools=_tool_docs(self.scenario.evaluation_tools, "checks"),
        )

    def follow_up(
        self, messages: list[Message], answer: str, step: str, *, problem: str = "", comment: str = ""
    ) -> list[Message]:
        """The conversation continued after an answer (or a person's code): a repair, or a reviewer's comment."""
        if step == "queries":
            text = self.prompts.fill("queries_repair", problem=problem)
        elif comment:
            text = self.prompts.fill("review", what=WHAT[step], comment=comment)
        else:
            text = self.prompts.fill("repair", what=WHAT[step], problem=problem)
        return [*messages, {"role": "assistant", "content": answer}, {"role": "user", "content": text}]
