"""The exploring agent's documentation tools, and the definitions of all its tools.

``list_modules``, ``search_docs`` and ``read_docs`` show only what the original documents
(names of :data:`aspera_workbench.surface.library_docs.EXECUTABLE_ONLY` are never listed,
found or shown). ``dry_run`` and ``submit`` are carried out by the episode. The tools'
descriptions are read from ``templates/explore_tools.txt``.
"""

from __future__ import annotations

import difflib
import functools
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from aspera_workbench.llm import function_tool
from aspera_workbench.surface import ALL_MODULES, module_primitives, render_module_docs

LIST_MODULES = "list_modules"
SEARCH_DOCS = "search_docs"
READ_DOCS = "read_docs"
DRY_RUN = "dry_run"
SUBMIT = "submit"
#: The tools, in the order the prompt lists them.
TOOL_NAMES = (LIST_MODULES, SEARCH_DOCS, READ_DOCS, DRY_RUN, SUBMIT)

#: Each tool's arguments (all strings): name -> whether it is required.
ARGUMENTS: dict[str, dict[str, bool]] = {
    LIST_MODULES: {},
    SEARCH_DOCS: {"query": True, "module": False},
    READ_DOCS: {"name": True},
    DRY_RUN: {"program": True},
    SUBMIT: {"program": True},
}
#: How many hits a search returns at most.
SEARCH_HITS = 8

_WORD = re.compile(r"[a-z0-9]+")
# Words too common to say anything about which entry is meant.
_STOP_WORDS = frozenset(
    "a an and are as at be by do does for from how i in is it me my of on or that the this to what when which who with".split()
)
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")


def parse_descriptions(text: str) -> dict[str, str]:
    """Read ``key: text`` lines (``tool`` or ``tool.argument``); ``#`` lines are comments, indented ones continue.

    Raises:
        ValueError: a line is neither a comment, a continuation nor ``key: text``.
    """
    entries: dict[str, str] = {}
    last: str | None = None
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if line[0].isspace() and last is not None:
            entries[last] += " " + line.strip()
            continue
        key, colon, value = line.partition(":")
        if not colon or not re.fullmatch(r"[a-z_]+(\.[a-z_]+)?", key.strip()):
            raise ValueError(f"line {number} is not 'name: description': {line!r}")
        last = key.strip()
        entries[last] = value.strip()
    return entries


def tool_definitions(descriptions: Mapping[str, str]) -> list[dict[str, Any]]:
    """The five tools in the OpenAI format (``KeyError``: a tool or argument has no description)."""
    tools = []
    for name in TOOL_NAMES:
        properties = {
            argument: {"type": "string", "description": descriptions[f"{name}.{argument}"]}
            for argument in ARGUMENTS[name]
        }
        if name == SEARCH_DOCS:
            properties["module"]["enum"] = list(ALL_MODULES)
        required = [argument for argument, needed in ARGUMENTS[name].items() if needed]
        schema = {"type": "object", "properties": properties, "required": required}
        tools.append(function_tool(name, descriptions[name], schema))
    return tools


def check_arguments(tool: str, arguments: Mapping[str, Any] | None, problem: str | None = None) -> str | None:
    """Why a tool call's arguments (``None``: they did not decode, for ``problem``) cannot be used, in words
    the model can act on; ``None`` when they can (unknown extra arguments are ignored).
    """
    expected = ARGUMENTS[tool]
    shape = "{" + ", ".join(f'"{name}": "..."' for name in expected) + "}"
    if arguments is None:
        return f"the arguments are not a JSON object ({problem or 'unreadable'}); expected {shape}"
    for name, required in expected.items():
        value = arguments.get(name)
        if value is None:
            if required:
                return f"the argument {name!r} is missing; expected {shape}"
        elif not isinstance(value, str):
            return f"the argument {name!r} must be a string, not {type(value).__name__}; expected {shape}"
        elif required and not value.strip():
            return f"the argument {name!r} is empty"
    return None


@dataclass(frozen=True)
class DocEntry:
    """One documented function or class: its stub text, and the lower-case words of its name and text."""

    module: str
    name: str
    text: str
    words: frozenset[str]
    text_words: frozenset[str]

    @property
    def signature(self) -> str:
        return self.text.splitlines()[0].rstrip(":") if self.text else self.name

    @property
    def summary(self) -> str:
        match = re.search(r'"""\s*(.*)', self.text)
        return match.group(1).rstrip('" ').strip() if match else ""


def _words(text: str) -> list[str]:
    return _WORD.findall(_CAMEL.sub(" ", text).lower())


@functools.cache
def _module_summary(module: str) -> str:
    text = render_module_docs(module, documented_only=True, names=[]).strip()
    return text.strip('"').strip().splitlines()[0].rstrip(".") if text else ""


@functools.cache
def _entries() -> tuple[DocEntry, ...]:
    found = []
    for module in ALL_MODULES:
        for name in module_primitives(module, documented_only=True):
            text = render_module_docs(module, documented_only=True, names=[name], module_docstring=False).strip()
            found.append(DocEntry(module, name, text, frozenset(_words(name)), frozenset(_words(text))))
    return tuple(found)


def _stem_match(term: str, words: frozenset[str]) -> bool:
    if term in words:
        return True
    if len(term) < 4:
        return False
    return any(word.startswith(term) or (len(word) >= 4 and term.startswith(word)) for word in words)


class DocumentationIndex:
    """Search and read the documented part of the library; it holds no state, so threads may share one."""

    def __init__(self) -> None:
        self.entries = _entries()
        self.by_name: dict[str, list[DocEntry]] = {}
        for entry in self.entries:
            self.by_name.setdefault(entry.name, []).append(entry)

    def list_modules(self) -> str:
        lines = []
        for module in ALL_MODULES:
            count = len(module_primitives(module, documented_only=True))
            lines.append(f"{module}: {_module_summary(module)} ({count} documented functions and classes)")
        return "\n".join(lines)

    def search(self, query: str, module: str | None = None, limit: int = SEARCH_HITS) -> str:
        """The best matches of ``query``'s words, one per line (``ValueError``: an unknown ``module``).

        A word found in a name counts three times one found only in the text; words of four
        letters or more also match longer or shorter forms ("book" finds "booking").
        """
        if module is not None and module not in ALL_MODULES:
            raise ValueError(f"there is no module {module!r}; the modules are: {', '.join(ALL_MODULES)}")
        terms = [term for term in dict.fromkeys(_words(query)) if term not in _STOP_WORDS]
        if not terms:
            return "The query has no words to search for."
        scored = []
        for position, entry in enumerate(self.entries):
            if module is not None and entry.module != module:
                continue
            score = sum(
                3 if _stem_match(t, entry.words) else 1 if _stem_match(t, entry.text_words) else 0 for t in terms
            )
            if score:
                scored.append((-score, position, entry))
        if not scored:
            where = f" in {module}" if module else ""
            return f"Nothing{where} matches {query!r}. Try other words, or list_modules and read_docs on a module."
        hits = [entry for _, _, entry in sorted(scored)[:limit]]
        lines = [f"{entry.module}.{entry.signature}  # {entry.summary}" for entry in hits]
        more = len(scored) - len(hits)
        if more:
            lines.append(f"({more} more matches; use more specific words or name a module)")
        return "\n".join(lines)

    def read(self, name: str) -> str:
        """The documentation of ``find_events``, ``work_calendar.find_events``, ``Event.duration`` (the class)
        or a module's overview; ``KeyError`` (suggesting close names) when nothing has that name.
        """
        cleaned = name.strip().strip("`'\"").removesuffix("()").strip()
        cleaned = re.sub(r"^(?:aspera_core\.library\.|aspera\.apps_implementation\.)", "", cleaned)
        if cleaned in ALL_MODULES:
            return self._module_overview(cleaned)
        module, _, rest = cleaned.partition(".")
        if module in ALL_MODULES and rest:
            wanted, owners = rest.split(".")[0], [module]
        else:
            wanted, owners = cleaned.split(".")[0], list(ALL_MODULES)
        entries = [entry for entry in self.by_name.get(wanted, []) if entry.module in owners]
        if not entries:
            raise KeyError(self._unknown(cleaned))
        return "\n\n".join(f"# {entry.module}.py\n\n{entry.text}" for entry in entries)

    def _module_overview(self, module: str) -> str:
        docstring = render_module_docs(module, documented_only=True, names=[]).strip()
        names = [entry for entry in self.entries if entry.module == module]
        listing = "\n".join(f"- {entry.signature}  # {entry.summary}" for entry in names) or "(nothing documented)"
        return f"# {module}.py\n\n{docstring}\n\nDocumented functions and classes:\n{listing}"

    def _unknown(self, name: str) -> str:
        close = difflib.get_close_matches(name.split(".")[-1], list(self.by_name) + list(ALL_MODULES), n=5, cutoff=0.6)
        hint = f" Close names: {', '.join(close)}." if close else " Try search_docs."
        return f"Nothing documented is called {name!r}.{hint}"


@functools.cache
def documentation_index() -> DocumentationIndex:
    return DocumentationIndex()
