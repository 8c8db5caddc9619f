"""Building the prompts of model-backed agents from files, and scoring primitive selection.

The prompt's words live in files, not in code: message templates in
``aspera_core/agents/templates/`` (``string.Template`` placeholders) and the
policy guidelines and worked examples in ``data/prompts/``. Their version, as
recorded in every result row, is :data:`TEMPLATE_SET` plus a digest of all of
them, so any edit to any file shows up in the results.

Prompt structure (the original's, in our own words):

* complete codebase knowledge (CCK): a system message with a role statement,
  the documentation of every app of the task's scenario (as the original
  documents them), the worked examples and the numbered guidelines; a user
  message asking for one zero-argument function, giving the reference
  program's return annotation when it has one (the only thing taken from the
  reference), the query, and an open code fence;
* primitive selection (PS): first one selection prompt per library module,
  answered with import statements; then the CCK structure with the
  documentation reduced to what was selected (plus what the examples use and
  what the selected entries mention), restricted to the scenario's apps.
"""

from __future__ import annotations

import ast
import functools
import hashlib
import re
import string
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from aspera_core.library import docs
from aspera_core.library.primitives import ALL_MODULES, module_primitives, names_used, primitive_modules
from aspera_core.records import Selection
from aspera_core.tasks import Task

#: Human version of the prompt set; the recorded version adds a digest of every prompt file.
TEMPLATE_SET = "1"
TEMPLATES = Path(__file__).resolve().parent / "templates"
#: Guidelines and worked examples, beside the package in a source checkout.
PROMPT_DATA = Path(__file__).resolve().parents[2] / "data" / "prompts"

Message = dict[str, str]
_CODE = re.compile(r"```[ \t]*(?:python3?|py)?[ \t]*\n(.*?)(?:```|\Z)", re.DOTALL | re.IGNORECASE)


@dataclass(frozen=True)
class PromptFiles:
    """The prompt material of one agent run.

    Attributes:
        templates: Message templates by name (``system``, ``user``, ``guidelines``,
            ``select``, ``select_guidelines``).
        guidelines: The numbered program guidelines.
        selection_guidelines: The guidelines shown when selecting primitives.
        examples: Source of each worked example function, in file order.
        version: :data:`TEMPLATE_SET` and the digest of every file read.
    """

    templates: dict[str, string.Template]
    guidelines: tuple[str, ...]
    selection_guidelines: tuple[str, ...]
    examples: tuple[str, ...]
    version: str
    # System messages depend on the scenario, not on the query: built once each.
    _systems: dict[tuple[object, ...], str] = field(default_factory=dict, compare=False, repr=False)

    @classmethod
    def load(cls, data: Path | None = None, templates: Path | None = None) -> PromptFiles:
        """Read the prompt files.

        Args:
            data: Folder with ``guidelines.yaml`` and ``examples.py`` (default: ``data/prompts``).
            templates: Folder with the message templates (default: the package's).

        Raises:
            FileNotFoundError: a prompt file is missing.
            ValueError: a prompt file is malformed.
        """
        data = data or PROMPT_DATA
        templates = templates or TEMPLATES
        paths = sorted(templates.glob("*.txt")) + [data / "guidelines.yaml", data / "examples.py"]
        digest = hashlib.sha256()
        for path in paths:
            if not path.is_file():
                raise FileNotFoundError(f"prompt file {path} is missing")
            digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
        loaded = yaml.safe_load((data / "guidelines.yaml").read_text(encoding="utf-8")) or {}
        program, selection = loaded.get("program"), loaded.get("selection")
        if not (isinstance(program, list) and isinstance(selection, list)):
            raise ValueError(f"{data / 'guidelines.yaml'}: needs lists 'program' and 'selection'")
        return cls(
            templates={path.stem: string.Template(path.read_text(encoding="utf-8")) for path in paths[:-2]},
            guidelines=tuple(str(item) for item in program),
            selection_guidelines=tuple(str(item) for item in selection),
            examples=_example_functions(data / "examples.py"),
            version=f"{TEMPLATE_SET}+{digest.hexdigest()[:10]}",
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


def _numbered(items: Sequence[str]) -> str:
    return "\n".join(f"{number}. {item}" for number, item in enumerate(items, start=1))


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


def _system(files: PromptFiles, documentation: str, examples: int, guidelines: bool) -> str:
    rules = ""
    if guidelines and files.guidelines:
        rules = files.templates["guidelines"].substitute(count=len(files.guidelines), items=_numbered(files.guidelines))
    return files.templates["system"].substitute(
        documentation=documentation.strip("\n"),
        examples="\n\n".join(files.examples[:examples]).strip("\n"),
        guidelines=rules,
    )


def _user(files: PromptFiles, task: Task) -> str:
    annotation = return_annotation(task.program)
    return_type = f"The function's return type should be `{annotation}`." if annotation else ""
    return files.templates["user"].substitute(query=task.query, return_type=return_type)


def cck_messages(task: Task, files: PromptFiles, examples: int = 5, guidelines: bool = True) -> list[Message]:
    """The complete-codebase-knowledge prompt for ``task``.

    Args:
        task: The task (its scenario's apps, query and the reference's return annotation are used).
        files: The prompt files.
        examples: How many worked examples to show.
        guidelines: Show the numbered guidelines.

    Returns:
        A system message and a user message.
    """
    key = ("cck", tuple(task.scenario.apps), examples, guidelines)
    system = files._systems.get(key)
    if system is None:
        documentation = docs.render_library_docs(list(task.scenario.apps), documented_only=True)
        system = files._systems[key] = _system(files, documentation, examples, guidelines)
    return [{"role": "system", "content": system}, {"role": "user", "content": _user(files, task)}]


def selection_messages(task: Task, module: str, files: PromptFiles, guidelines: bool = True) -> list[Message]:
    """The primitive-selection prompt showing one library ``module`` (a single system message)."""
    rules = ""
    if guidelines and files.selection_guidelines:
        rules = files.templates["select_guidelines"].substitute(
            count=len(files.selection_guidelines), items=_numbered(files.selection_guidelines)
        )
    content = files.templates["select"].substitute(
        module=module,
        guidelines=rules,
        documentation=f"# {module}.py\n\n" + docs.render_module_docs(module, documented_only=True).strip("\n"),
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
    """Library primitives a selection answer imports.

    Import statements are read from the answer's code blocks (or from the
    whole answer when it has none); a block that does not parse is read line
    by line. A ``None`` answer, or a star import, selects nothing.

    Args:
        answer: The model's answer.
        universe: Names that count (default: every primitive the original documents).

    Returns:
        Distinct selected primitives, in the order they appear.
    """
    if not answer:
        return []
    known = set(universe if universe is not None else primitive_modules(ALL_MODULES, documented_only=True))
    blocks = [match.group(1) for match in _CODE.finditer(answer)] or [answer]
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
    """Which candidate names ``text`` mentions as names (not as attributes of something else)."""
    return set(_IDENTIFIER.findall(text)).intersection(candidates)


@functools.lru_cache(maxsize=64)
def _example_primitives(example: str, apps: tuple[str, ...]) -> frozenset[str]:
    return frozenset(names_used(example, apps, documented_only=True))


def selected_documentation(task: Task, selected: Iterable[str], files: PromptFiles, examples: int = 1) -> str:
    """Documentation of what a primitive-selection agent chose, for its second prompt.

    The selected primitives, those the shown examples use, and (repeatedly)
    the primitives their documentation mentions, restricted to the scenario's
    apps and grouped by module in scenario order under ``# <module>.py``
    headers with each module's docstring.
    """
    apps = list(task.scenario.apps)
    owner = primitive_modules(tuple(apps), documented_only=True)
    wanted = {name for name in selected if name in owner}
    for example in files.examples[:examples]:
        wanted |= _example_primitives(example, tuple(apps)) & owner.keys()
    while True:
        rendered = "\n".join(
            docs.render_module_docs(
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
            parts.append(f"# {app}.py\n\n" + docs.render_module_docs(app, documented_only=True, names=names))
    return "\n\n".join(parts)


def ps_messages(
    task: Task, selected: Iterable[str], files: PromptFiles, examples: int = 1, guidelines: bool = True
) -> list[Message]:
    """The primitive-selection agent's program prompt: CCK's structure with the selected documentation."""
    documentation = selected_documentation(task, selected, files, examples)
    return [
        {"role": "system", "content": _system(files, documentation, examples, guidelines)},
        {"role": "user", "content": _user(files, task)},
    ]
