"""The judge's prompt, built from the files of ``templates/``, and reading the judge's answer.

The recorded version is :data:`TEMPLATE_SET` plus a digest of every file, so any edit shows.
The system message holds the scenario apps' documentation, the numbered guidelines and
the judged examples; the user message the pinned date and time, the request and the
program without its imports. Neither the reference program nor anything from running
the program is ever shown. The answer ends with ``Verdict: correct|incorrect``.
"""

from __future__ import annotations

import ast
import datetime
import hashlib
import re
import string
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from aspera_core.world import NOW
from aspera_workbench.judge.judgement_schema import JudgeVerdict
from aspera_workbench.surface import render_library_docs

#: Human version of the judge's prompt set; the recorded version adds a digest of every prompt file.
TEMPLATE_SET = "judge-1"
TEMPLATES = Path(__file__).resolve().parent / "templates"
#: The apps documented when a program's task is not known: the whole scenario of the project's task set.
DEFAULT_APPS: tuple[str, ...] = ("exceptions", "time_utils", "room_booking", "company_directory", "work_calendar")

Message = dict[str, str]
_TEMPLATE_NAMES = ("system", "user", "example")
_VERDICTS = {verdict.value for verdict in (JudgeVerdict.CORRECT, JudgeVerdict.INCORRECT)}


@dataclass(frozen=True)
class JudgeExample:
    """One judged example shown to the judge (``verdict``: ``correct`` or ``incorrect``)."""

    query: str
    program: str
    verdict: str
    explanation: str


@dataclass(frozen=True)
class JudgePromptFiles:
    """The judge's prompt material: templates, guidelines, judged examples and their version."""

    templates: dict[str, string.Template]
    guidelines: tuple[str, ...]
    examples: tuple[JudgeExample, ...]
    version: str
    # The system message depends on the scenario's apps only: built once per set of apps.
    _systems: dict[tuple[str, ...], str] = field(default_factory=dict, compare=False, repr=False)

    @classmethod
    def load(cls, folder: Path | None = None) -> JudgePromptFiles:
        """Read the prompt files of ``folder`` (default: the package's).

        Raises:
            FileNotFoundError: a prompt file is missing.
            ValueError: a prompt file is malformed (named, with the entry and field).
        """
        folder = folder or TEMPLATES
        names = [f"{name}.txt" for name in _TEMPLATE_NAMES] + ["guidelines.yaml", "examples.yaml"]
        digest = hashlib.sha256()
        for name in sorted(names):
            path = folder / name
            if not path.is_file():
                raise FileNotFoundError(f"judge prompt file {path} is missing")
            digest.update(name.encode() + b"\0" + path.read_bytes() + b"\0")
        guidelines = _read_yaml(folder / "guidelines.yaml")
        if not (isinstance(guidelines, list) and guidelines and all(isinstance(g, str) for g in guidelines)):
            raise ValueError(f"{folder / 'guidelines.yaml'}: needs a non-empty list of sentences")
        return cls(
            templates={
                name: string.Template((folder / f"{name}.txt").read_text(encoding="utf-8")) for name in _TEMPLATE_NAMES
            },
            guidelines=tuple(guidelines),
            examples=_examples(folder / "examples.yaml"),
            version=f"{TEMPLATE_SET}+{digest.hexdigest()[:10]}",
        )


def _read_yaml(path: Path) -> object:
    try:
        return yaml.safe_load(path.read_text(encoding="utf-8"))
    except yaml.YAMLError as error:
        raise ValueError(f"{path}: not valid YAML ({str(error).splitlines()[0]})") from None


def _examples(path: Path) -> tuple[JudgeExample, ...]:
    loaded = _read_yaml(path)
    if not isinstance(loaded, list):
        raise ValueError(f"{path}: needs a list of examples")
    examples = []
    for number, entry in enumerate(loaded, start=1):
        fields = ("query", "program", "verdict", "explanation")
        if not isinstance(entry, dict) or set(entry) != set(fields):
            raise ValueError(f"{path}: example {number} needs exactly the fields {', '.join(fields)}")
        if not all(isinstance(entry[name], str) and entry[name].strip() for name in fields):
            raise ValueError(f"{path}: example {number}: every field must be non-empty text")
        if entry["verdict"] not in _VERDICTS:
            raise ValueError(
                f"{path}: example {number}: verdict must be correct or incorrect, not {entry['verdict']!r}"
            )
        examples.append(JudgeExample(**{name: entry[name].strip() for name in fields}))
    return tuple(examples)


def without_imports(program: str) -> str:
    """A program without its top-level imports (the harness adds the library's); unchanged if it does not parse."""
    try:
        tree = ast.parse(program)
    except (SyntaxError, ValueError):
        return program.strip("\n")
    drop: set[int] = set()
    for node in tree.body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            drop.update(range(node.lineno, (node.end_lineno or node.lineno) + 1))
    kept = [line for number, line in enumerate(program.splitlines(), start=1) if number not in drop]
    return "\n".join(kept).strip("\n")


def _system(files: JudgePromptFiles, apps: tuple[str, ...]) -> str:
    system = files._systems.get(apps)
    if system is None:
        examples = "\n\n".join(
            files.templates["example"]
            .substitute(
                query=example.query,
                program=example.program.strip("\n"),
                explanation=example.explanation,
                verdict=example.verdict,
            )
            .strip("\n")
            for example in files.examples
        )
        system = files._systems[apps] = files.templates["system"].substitute(
            documentation=render_library_docs(list(apps), documented_only=True).strip("\n"),
            guidelines="\n".join(f"{number}. {item}" for number, item in enumerate(files.guidelines, start=1)),
            examples=examples,
        )
    return system


def judge_messages(
    files: JudgePromptFiles,
    query: str,
    program: str,
    apps: Sequence[str] = DEFAULT_APPS,
    now: datetime.datetime = NOW,
) -> list[Message]:
    """The judge's prompt for one program: ``apps`` documented, ``now`` the simulation's pinned clock."""
    user = files.templates["user"].substitute(
        now=now.strftime("%Y-%m-%d %H:%M"),
        weekday=now.strftime("%A"),
        query=query,
        program=without_imports(program),
    )
    return [{"role": "system", "content": _system(files, tuple(apps))}, {"role": "user", "content": user}]


@dataclass(frozen=True)
class ParsedVerdict:
    """A judge's answer, read: the verdict, the reasoning before it, and why none could be read."""

    verdict: JudgeVerdict
    explanation: str | None
    problem: str | None = None


# A verdict line: "Verdict: correct" (or "Final verdict: ..."), tolerating markdown emphasis, a trailing full stop and any case.
_VERDICT_LINE = re.compile(
    r"^[\s>*_#`-]*(?:final\s+)?verdict[\s*_`]*[:=][\s*_`]*(?P<word>[a-z_ ]+?)[\s*_`.!]*$", re.IGNORECASE | re.MULTILINE
)


def parse_verdict(answer: str | None) -> ParsedVerdict:
    """Read the last ``Verdict: correct|incorrect`` line (any case, markdown allowed); the text before is the explanation.

    An empty answer, one without a verdict line, or whose last one says something else
    (``Verdict: partly``) gives ``not_judged`` with the reason.
    """
    if answer is None or not answer.strip():
        return ParsedVerdict(JudgeVerdict.NOT_JUDGED, None, "the judge's answer is empty")
    matches = list(_VERDICT_LINE.finditer(answer))
    if not matches:
        return ParsedVerdict(
            JudgeVerdict.NOT_JUDGED, answer.strip(), "the judge's answer has no 'Verdict: correct|incorrect' line"
        )
    last = matches[-1]
    word = last.group("word").strip().lower()
    explanation = answer[: last.start()].strip() or None
    if word not in _VERDICTS:
        return ParsedVerdict(
            JudgeVerdict.NOT_JUDGED, explanation, f"the judge's verdict line says {word!r}, not correct or incorrect"
        )
    return ParsedVerdict(JudgeVerdict(word), explanation)
