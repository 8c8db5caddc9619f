"""Building the prompts of model-backed agents from files, and scoring primitive selection.

The words live in files: message templates in ``templates/`` and the guidelines and
worked examples in ``data/prompts/``. Their recorded version is :data:`TEMPLATE_SET`
plus a digest of all of them, so any edit shows up in the results.

* CCK: a system message with the documentation of the scenario's apps, the worked
  examples and the numbered guidelines; a user message with the query and the reference
  program's return annotation (the only thing taken from the reference);
* PS: one selection prompt per library module, answered with imports; then the CCK
  structure documenting only what was selected (plus what the examples use and what
  the selected entries mention);
* control: the CCK structure over the control surface, with the translated examples
  (``examples_control.py``), the guidelines' ``control`` replacements, and a function
  taking ``world``.
"""

from __future__ import annotations

import ast
import builtins
import functools
import hashlib
import re
import string
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from aspera_core.records import Selection
from aspera_core.tasks import Task
from aspera_workbench.control import render_control_docs
from aspera_workbench.surface import (
    ALL_MODULES,
    module_primitives,
    names_used,
    primitive_modules,
    render_library_docs,
    render_module_docs,
)

#: Human version of the prompt set; the recorded version adds a digest of every prompt file.
TEMPLATE_SET = "1"
TEMPLATES = Path(__file__).resolve().parent / "templates"
#: Guidelines and worked examples, beside the package in a source checkout.
PROMPT_DATA = Path(__file__).resolve().parents[2] / "data" / "prompts"

#: The message templates every prompt set has (``templates/<name>.txt``).
MESSAGE_TEMPLATES = (
    "system",
    "user",
    "guidelines",
    "select",
    "select_guidelines",
    "control_system",
    "control_user",
    "explore_system",
    "explore_user",
    "explore_tools",
    "explore_notes",
    "explore_text_protocol",
)

Message = dict[str, str]
#: A fenced code block (an unclosed last fence runs to the end).
CODE_BLOCK = re.compile(r"```[ \t]*(?:python3?|py)?[ \t]*\n(.*?)(?:```|\Z)", re.DOTALL | re.IGNORECASE)


@dataclass(frozen=True)
class PromptFiles:
    """The prompt material of one agent run.

    ``version`` covers every setting (cck, ps, control, explore), so runs of different
    settings can be checked to come from the same prompt set.
    """

    templates: dict[str, string.Template]
    guidelines: tuple[str, ...]
    selection_guidelines: tuple[str, ...]
    examples: tuple[str, ...]
    control_guidelines: tuple[str, ...]
    control_examples: tuple[str, ...]
    version: str
    # System messages depend on the scenario, not on the query: built once each.
    _systems: dict[tuple[object, ...], str] = field(default_factory=dict, compare=False, repr=False)

    @classmethod
    def load(cls, data: Path | None = None, templates: Path | None = None) -> PromptFiles:
        """Read the prompt files (``data``: ``guidelines.yaml`` and the examples; ``templates``: the messages).

        Raises:
            FileNotFoundError: a prompt file is missing.
            ValueError: a prompt file is malformed, or the control examples do not
                translate the library examples one for one.
        """
        data = data or PROMPT_DATA
        templates = templates or TEMPLATES
        message_files = sorted(templates.glob("*.txt"))
        missing = sorted(set(MESSAGE_TEMPLATES) - {path.stem for path in message_files})
        if missing:
            raise FileNotFoundError(f"prompt file {templates / (missing[0] + '.txt')} is missing")
        paths = message_files + [data / "guidelines.yaml", data / "examples.py", data / "examples_control.py"]
        digest = hashlib.sha256()
        for path in paths:
            if not path.is_file():
                raise FileNotFoundError(f"prompt file {path} is missing")
            digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
        loaded = yaml.safe_load((data / "guidelines.yaml").read_text(encoding="utf-8")) or {}
        program, selection = loaded.get("program"), loaded.get("selection")
        if not (isinstance(program, list) and isinstance(selection, list)):
            raise ValueError(f"{data / 'guidelines.yaml'}: needs lists 'program' and 'selection'")
        guidelines = tuple(str(item) for item in program)
        examples = _example_functions(data / "examples.py")
        control_examples = _example_functions(data / "examples_control.py")
        _check_translations(examples, control_examples, data / "examples_control.py")
        return cls(
            templates={path.stem: string.Template(path.read_text(encoding="utf-8")) for path in message_files},
            guidelines=guidelines,
            selection_guidelines=tuple(str(item) for item in selection),
            examples=examples,
            control_guidelines=_control_guidelines(guidelines, loaded.get("control"), data / "guidelines.yaml"),
            control_examples=control_examples,
            version=f"{TEMPLATE_SET}+{digest.hexdigest()[:10]}",
        )


def _control_guidelines(guidelines: tuple[str, ...], replacements: object, path: Path) -> tuple[str, ...]:
    if not isinstance(replacements, dict) or not all(
        isinstance(number, int) and 1 <= number <= len(guidelines) for number in replacements
    ):
        raise ValueError(
            f"{path}: needs a mapping 'control' from guideline numbers (1 to {len(guidelines)}) to their control text"
        )
    return tuple(str(replacements.get(number, text)) for number, text in enumerate(guidelines, start=1))


def _name_and_query(source: str) -> tuple[str, str]:
    function = ast.parse(source).body[0]
    assert isinstance(function, ast.FunctionDef)
    return function.name, (ast.get_docstring(function) or "").split("\n")[0]


def _check_translations(library: tuple[str, ...], control: tuple[str, ...], path: Path) -> None:
    if [_name_and_query(source) for source in control] != [_name_and_query(source) for source in library]:
        raise ValueError(
            f"{path}: the control examples must translate examples.py one for one "
            "(the same functions, in the same order, with the same 'Query:' lines)"
        )


def _example_functions(path: Path) -> tuple[str, ...]:
    text = path.read_text(encoding="utf-8")
    try:
        tree = ast.parse(text)
    except SyntaxError as error:
        raise ValueError(f"{path}: the worked examples do not parse ({error})") from None
    lines = text.splitlines(keepends=True)
    functions = [node for node in tree.body if isinstance(node, ast.FunctionDef)]
    if not functions:
        raise ValueError(f"{path}: no worked example functions")
    return tuple("".join(lines[node.lineno - 1 : node.end_lineno]).rstrip() + "\n" for node in functions)


def guidelines_text(files: PromptFiles, items: Sequence[str], template: str = "guidelines") -> str:
    """The numbered guidelines in their template (nothing when there are none)."""
    if not items:
        return ""
    numbered = "\n".join(f"{number}. {item}" for number, item in enumerate(items, start=1))
    return files.templates[template].substitute(count=len(items), items=numbered)


def return_annotation(program: str) -> str | None:
    """The return annotation of a program's first function, as written (``None`` if it has none)."""
    try:
        tree = ast.parse(program)
    except SyntaxError:
        return None
    function = next((node for node in tree.body if isinstance(node, ast.FunctionDef)), None)
    if function is None or function.returns is None:
        return None
    return ast.get_source_segment(program, function.returns)


def builtin_annotation(program: str | None) -> str | None:
    """The return annotation of a program's first function if it names built-in types only, else ``None``.

    A control program's module has no imports, so only such an annotation can be recommended.
    """
    annotation = return_annotation(program) if program else None
    if annotation is None:
        return None
    try:
        tree = ast.parse(annotation, mode="eval")
    except SyntaxError:
        return None
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) or (isinstance(node, ast.Name) and not hasattr(builtins, node.id)):
            return None
    return annotation


def _system(files: PromptFiles, documentation: str, examples: int, guidelines: bool, *, control: bool = False) -> str:
    shown = files.control_guidelines if control else files.guidelines
    return files.templates["control_system" if control else "system"].substitute(
        documentation=documentation.strip("\n"),
        examples=examples_text(files.control_examples if control else files.examples, examples),
        guidelines=guidelines_text(files, shown if guidelines else ()),
    )


def examples_text(examples: Sequence[str], count: int) -> str:
    """The first ``count`` worked examples, as a prompt shows them."""
    return "\n\n".join(examples[:count]).strip("\n")


def user_message(files: PromptFiles, task: Task, annotation: str | None, template: str = "user") -> Message:
    """The user message: the query, and the return type to give when one is known."""
    return_type = f"The function's return type should be `{annotation}`." if annotation else ""
    return {"role": "user", "content": files.templates[template].substitute(query=task.query, return_type=return_type)}


def cck_messages(task: Task, files: PromptFiles, examples: int = 5, guidelines: bool = True) -> list[Message]:
    """The complete-codebase-knowledge prompt for ``task``: a system message and a user message."""
    key = ("cck", tuple(task.scenario.apps), examples, guidelines)
    if key not in files._systems:
        documentation = render_library_docs(list(task.scenario.apps), documented_only=True)
        files._systems[key] = _system(files, documentation, examples, guidelines)
    return [
        {"role": "system", "content": files._systems[key]},
        user_message(files, task, return_annotation(task.program)),
    ]


def control_messages(
    task: Task, files: PromptFiles, examples: int = 5, guidelines: bool = True, reference: str | None = None
) -> list[Message]:
    """The control setting's prompt: CCK's with the control surface; ``reference`` is the control reference program."""
    key = ("control", examples, guidelines)
    if key not in files._systems:
        files._systems[key] = _system(files, render_control_docs(), examples, guidelines, control=True)
    user = user_message(files, task, builtin_annotation(reference), template="control_user")
    return [{"role": "system", "content": files._systems[key]}, user]


def selection_messages(task: Task, module: str, files: PromptFiles, guidelines: bool = True) -> list[Message]:
    """The primitive-selection prompt showing one library ``module`` (a single system message)."""
    content = files.templates["select"].substitute(
        module=module,
        guidelines=guidelines_text(files, files.selection_guidelines if guidelines else (), "select_guidelines"),
        documentation=f"# {module}.py\n\n" + render_module_docs(module, documented_only=True).strip("\n"),
        query=task.query,
    )
    return [{"role": "system", "content": content}]


def _imported_names(code: str) -> list[str] | None:
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError):
        return None
    return [alias.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) for alias in node.names]


def selected_names(answer: str | None, universe: Iterable[str] | None = None) -> list[str]:
    """Distinct primitives of ``universe`` (default: every documented one) a selection answer imports, in order.

    Imports are read from the answer's code blocks (or the whole answer without any); a
    block that does not parse is read line by line. A star import selects nothing.
    """
    if not answer:
        return []
    known = set(universe if universe is not None else primitive_modules(ALL_MODULES, documented_only=True))
    blocks = [match.group(1) for match in CODE_BLOCK.finditer(answer)] or [answer]
    found: dict[str, None] = {}
    for block in blocks:
        names = _imported_names(block)
        if names is None:  # read the import lines one by one
            names = []
            for line in block.splitlines():
                if line.lstrip().startswith(("from ", "import ")):
                    names += _imported_names(line.strip()) or []
        for name in names:
            if name in known:
                found.setdefault(name)
    return list(found)


def selection_scores(selected: Iterable[str], reference: Iterable[str]) -> Selection:
    """Precision, recall and F1 of a primitive selection against the reference program's primitives.

    Conventions (those of the original): both empty -> 1, 1, 1; nothing
    selected but something needed -> 0, 0, 0; nothing needed but something
    selected -> precision 0, recall 1; F1 is the harmonic mean, 0 when both are 0.
    """
    chosen, needed = list(dict.fromkeys(selected)), list(dict.fromkeys(reference))
    hits = len(set(chosen) & set(needed))
    if not chosen and not needed:
        precision = recall = 1.0
    elif not chosen:
        precision = recall = 0.0
    else:
        precision = hits / len(chosen)
        recall = hits / len(needed) if needed else 1.0
    f1 = 0.0 if precision + recall == 0 else 2 * precision * recall / (precision + recall)
    return Selection(selected=tuple(chosen), reference=tuple(needed), precision=precision, recall=recall, f1=f1)


def reference_primitives(task: Task) -> list[str]:
    """The documented library primitives the task's reference program uses."""
    try:
        return names_used(task.program, ALL_MODULES, documented_only=True)
    except SyntaxError:
        return []


_IDENTIFIER = re.compile(r"(?<![\w.])[A-Za-z_]\w*")


def _mentioned(text: str, candidates: Iterable[str]) -> set[str]:
    return set(_IDENTIFIER.findall(text)).intersection(candidates)


@functools.lru_cache(maxsize=64)
def _example_primitives(example: str, apps: tuple[str, ...]) -> frozenset[str]:
    return frozenset(names_used(example, apps, documented_only=True))


def selected_documentation(task: Task, selected: Iterable[str], files: PromptFiles, examples: int = 1) -> str:
    """Documentation of what a primitive-selection agent chose, for its second prompt.

    The selected primitives, those the shown examples use, and (repeatedly) those their
    documentation mentions, of the scenario's apps, under ``# <module>.py`` headers.
    """
    apps = list(task.scenario.apps)
    owner = primitive_modules(tuple(apps), documented_only=True)
    wanted = {name for name in selected if name in owner}
    for example in files.examples[:examples]:
        wanted |= _example_primitives(example, tuple(apps)) & owner.keys()
    while True:
        rendered = "\n".join(
            render_module_docs(
                app, documented_only=True, names=[n for n in wanted if owner[n] == app], module_docstring=False
            )
            for app in apps
        )
        more = _mentioned(rendered, owner) - wanted
        if not more:
            break
        wanted |= more
    parts = []
    for app in apps:
        names = [name for name in module_primitives(app, documented_only=True) if name in wanted]
        if names:
            parts.append(f"# {app}.py\n\n" + render_module_docs(app, documented_only=True, names=names))
    return "\n\n".join(parts)


def ps_messages(
    task: Task, selected: Iterable[str], files: PromptFiles, examples: int = 1, guidelines: bool = True
) -> list[Message]:
    """The primitive-selection agent's program prompt: CCK's structure with the selected documentation."""
    documentation = selected_documentation(task, selected, files, examples)
    system = _system(files, documentation, examples, guidelines)
    return [{"role": "system", "content": system}, user_message(files, task, return_annotation(task.program))]
