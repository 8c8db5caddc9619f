"""The plain-text tool protocol, for endpoints and models that take no tool definitions.

The prompt (``templates/explore_text_protocol.txt``) asks the model to end a
reply with one action::

    Action: search_docs
    Input: free conference room tomorrow

    Action: dry_run
    Input:
    ```python
    def book_room():
        ...
    ```

and answers it in the next user message, which starts ``Result of <tool>:``.
:func:`parse_action` reads replies leniently, because models decorate:
``**Action:** `read_docs` ``, ``Action: read_docs(find_events)``, the input on
the action's line, quotes or backticks around a name, an optional
``Module:`` line for a search. The first action of a reply is carried out;
anything after it (often an invented result) is ignored, and the model is
told so. A program tool's input is the first Python code block after the
action, else the input text itself.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from aspera_workbench.agents.agent_prompts import CODE_BLOCK
from aspera_workbench.agents.explore_tools import DRY_RUN, READ_DOCS, SEARCH_DOCS, SUBMIT

_ACTION = re.compile(r"^[ \t>*_#-]*action[ \t*_]*:[ \t*_`]*(?P<tool>[A-Za-z_]+)[ \t`*_]*(?P<rest>.*)$", re.I | re.M)
_INPUT = re.compile(r"^[ \t>*_-]*input[ \t*_]*:[ \t*_]*", re.I | re.M)
_MODULE = re.compile(r"^[ \t>*_-]*module[ \t*_]*:[ \t*_`]*(?P<module>[A-Za-z_]+)", re.I | re.M)
_RESULT = re.compile(r"^[ \t*_]*(?:result|observation)[ \t*_]*(?:of\b[^:\n]*)?:", re.I | re.M)


@dataclass(frozen=True)
class TextAction:
    """An action read from a reply: the tool (maybe unknown), its arguments as a tool call would carry them,
    why it cannot be carried out as written, and whether something after it was ignored.
    """

    tool: str
    arguments: dict[str, Any] = field(default_factory=dict)
    problem: str | None = None
    ignored: bool = False


def _clean_name(text: str) -> str:
    first = text.strip().splitlines()[0] if text.strip() else ""
    first = first.strip().strip("`'\"*").strip()
    first = first.removesuffix("()")  # a call written out: add_event()
    first = re.sub(r"^[A-Za-z_]+\((.+)\)$", r"\1", first)  # read_docs(find_events) written on one line
    return first.strip().strip("`'\"").strip()


def parse_action(reply: str | None) -> TextAction | None:
    """The first action of a plain-text reply (``tool`` lower-cased), or ``None`` without an ``Action:`` line."""
    if not reply:
        return None
    match = _ACTION.search(reply)
    if match is None:
        return None
    tool = match.group("tool").lower()
    rest = match.group("rest").strip()
    body_end = len(reply)
    following = _ACTION.search(reply, match.end())
    invented = _RESULT.search(reply, match.end())
    for stop in (following, invented):
        if stop is not None:
            body_end = min(body_end, stop.start())
    ignored = body_end < len(reply) and bool(reply[body_end:].strip())
    body = reply[match.end() : body_end]
    if rest.startswith("(") and rest.endswith(")"):
        rest = rest[1:-1]
    explicit = _INPUT.search(body)
    inline = rest.strip().strip("`'\"")
    if explicit is not None:
        text = body[explicit.end() :]
    else:
        text = inline or body
    if tool in (DRY_RUN, SUBMIT):
        code = CODE_BLOCK.search(body)
        program = code.group(1) if code is not None else text.strip()
        if not program.strip():
            return TextAction(tool, {}, f"{tool} needs the program as its input, in a Python code block", ignored)
        return TextAction(tool, {"program": program}, None, ignored)
    if tool == SEARCH_DOCS:
        module = _MODULE.search(body)
        lines = [line.strip() for line in _MODULE.sub("", text).splitlines() if line.strip()]
        arguments: dict[str, Any] = {"query": lines[0].strip("`'\"") if lines else ""}
        if module is not None:
            arguments["module"] = module.group("module")
        if not arguments["query"]:
            return TextAction(tool, {}, "search_docs needs keywords as its input", ignored)
        return TextAction(tool, arguments, None, ignored)
    if tool == READ_DOCS:
        name = _clean_name(text)
        if not name:
            return TextAction(tool, {}, "read_docs needs the name of a function, class or module as its input", ignored)
        return TextAction(tool, {"name": name}, None, ignored)
    return TextAction(tool, {}, None, ignored)  # list_modules, or an unknown tool: the episode lists the real ones


def result_message(tool: str, content: str) -> dict[str, str]:
    """The user message that answers an action in the plain-text protocol."""
    return {"role": "user", "content": f"Result of {tool}:\n{content}"}
