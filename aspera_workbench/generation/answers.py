"""Reading the model's answers: a list of requests, or one function of a task.

A task's programs must each be exactly one top-level function (the release
format's convention), while models like to put imports above the function,
helpers beside it, a call below it, or to repeat the programs they were shown.
:func:`read_function` keeps the function the step asks for and folds what it
needs into it: standard-library imports and helper functions it calls (and
module-level constants it reads) move to the top of its body. Everything else
is dropped, including imports of the assistant library (the harness provides
those) and other functions the answer repeats.
"""

from __future__ import annotations

import ast
import json
import re
import textwrap
from dataclasses import dataclass

from aspera_workbench.agents import extract_program
from aspera_workbench.generation.task_writer import QUERY_PREFIX_PATTERN

QUERY_PREFIX = "Hey, [Assistant], "
_FENCE = re.compile(r"```[ \t]*([A-Za-z0-9_+-]*)[ \t]*\n(.*?)(?:```|\Z)", re.DOTALL)
_QUERY_LINE = re.compile(r"^\s*(?:[-*•]|\d+[.)])?\s*[\"“]?(Hey,? \[Assistant\],?.*?)[\"”]?,?\s*$", re.IGNORECASE)
#: Name prefixes of the setup and evaluation functions.
PREFIXES = {"setup": "setup_env", "evaluation": "evaluate"}
_HARNESS_PACKAGES = ("aspera", "aspera_core")


@dataclass(frozen=True)
class ReadFunction:
    """What :func:`read_function` found: the single function and its name, or why there is none."""

    program: str | None
    name: str | None = None
    problem: str | None = None


def _with_prefix(query: str) -> str:
    return QUERY_PREFIX + QUERY_PREFIX_PATTERN.sub("", " ".join(query.split()), count=1)


def read_queries(answer: str | None) -> tuple[list[str], str | None]:
    """The distinct requests in an answer to the query step, in order, and the problem when there are none.

    A JSON list of strings (fenced or bare) is preferred; without one, every line that starts like a
    request (``Hey, [Assistant], ...``, maybe numbered or bulleted) counts. Each request is made one
    line with the ``Hey, [Assistant], `` prefix.
    """
    if not answer or not answer.strip():
        return [], "the answer is empty"
    texts = [body for _, body in _FENCE.findall(answer)] + [answer]
    for text in texts:
        try:
            value = json.loads(text)
        except (ValueError, RecursionError):
            continue
        if isinstance(value, dict):
            value = next((item for item in value.values() if isinstance(item, list)), None)
        if isinstance(value, list):
            found = [_with_prefix(item) for item in value if isinstance(item, str) and item.strip()]
            if found:
                return list(dict.fromkeys(found)), None
    lines = [match.group(1) for line in answer.splitlines() if (match := _QUERY_LINE.match(line))]
    found = [_with_prefix(line) for line in lines if len(line.split()) > 3]
    if found:
        return list(dict.fromkeys(found)), None
    return [], "it holds no JSON list of requests and no line starting with 'Hey, [Assistant],'"


def _parse(text: str) -> ast.Module | None:
    try:
        return ast.parse(textwrap.dedent(text))
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None


def _loaded_names(node: ast.AST) -> set[str]:
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}


def _is_harness_import(node: ast.stmt) -> bool:
    if isinstance(node, ast.ImportFrom):
        return (node.module or "").split(".")[0] in _HARNESS_PACKAGES or any(a.name == "*" for a in node.names)
    if isinstance(node, ast.Import):
        return all(alias.name.split(".")[0] in _HARNESS_PACKAGES for alias in node.names)
    return False


def fold_into_function(source: str, name: str) -> ReadFunction:
    """Make ``source`` the single function ``name``, folding what it needs into its body (or say why not)."""
    text = textwrap.dedent(source)
    tree = _parse(text)
    if tree is None:
        return ReadFunction(None, problem="the code does not parse")
    functions = {node.name: node for node in tree.body if isinstance(node, ast.FunctionDef)}
    classes = {node.name: node for node in tree.body if isinstance(node, ast.ClassDef)}
    target = functions.get(name)
    if target is None:
        return ReadFunction(None, problem=f"no function {name!r}")
    if target.decorator_list:
        return ReadFunction(None, name, f"the function {name!r} must not be decorated")
    # What the function needs, followed through the helpers it calls.
    needed: set[str] = set()
    pending: list[ast.stmt] = [target]
    helpers: list[ast.stmt] = []
    while pending:
        names = _loaded_names(pending.pop()) - needed
        needed |= names
        for other in names:
            helper = functions.get(other) or classes.get(other)  # helper functions and classes
            if helper is not None and helper is not target and helper not in helpers:
                helpers.append(helper)
                pending.append(helper)
    defined = set(functions) | set(classes)
    constants = [
        node
        for node in tree.body
        if (
            (isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id in needed for t in node.targets))
            or (isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.target.id in needed)
        )
        and node.value is not None
        and not _loaded_names(node.value) & defined
    ]
    imports = [
        node for node in tree.body if isinstance(node, ast.Import | ast.ImportFrom) and not _is_harness_import(node)
    ]
    moved = [*imports, *constants, *sorted(helpers, key=lambda node: node.lineno)]
    lines = text.splitlines()
    function_lines = lines[target.lineno - 1 : target.end_lineno]
    if moved:
        body = target.body
        first = body[0]
        docstring = (
            isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str)
        )
        if first.lineno == target.lineno:
            return ReadFunction(None, name, f"write the body of {name!r} on its own lines")
        indent = " " * first.col_offset
        if docstring:  # after the docstring
            at = (first.end_lineno or first.lineno) - target.lineno + 1
        else:  # before the first statement
            at = first.lineno - target.lineno
        inserted: list[str] = []
        for node in moved:
            segment = "\n".join(lines[node.lineno - 1 : node.end_lineno])
            inserted += textwrap.indent(textwrap.dedent(segment), indent).splitlines() + [""]
        if docstring:
            inserted = ["", *inserted]
        function_lines = function_lines[:at] + inserted + function_lines[at:]
    program = "\n".join(function_lines).rstrip() + "\n"
    if _parse(program) is None:
        return ReadFunction(None, name, "the function does not parse once its imports and helpers are moved into it")
    return ReadFunction(program, name)


def _candidate_sources(answer: str) -> list[str]:
    blocks = [body for language, body in _FENCE.findall(answer) if language.lower() in ("", "python", "py", "python3")]
    return [*reversed(blocks), answer]


def read_function(answer: str | None, step: str) -> ReadFunction:
    """The function a program step asked for, alone, or the problem in words the model can act on.

    For ``program`` that is the solution (a function nothing else calls, without arguments); for
    ``setup`` a ``setup_env*`` function; for ``evaluation`` an ``evaluate*`` function.
    """
    if not answer or not answer.strip():
        return ReadFunction(None, problem="the answer is empty")
    if step == "program":
        parsed = extract_program(answer)
        if parsed.program is None or parsed.solution is None:
            return ReadFunction(None, problem=parsed.problem or "no function found")
        solution = parsed.solution
        if solution.startswith(tuple(PREFIXES.values())):
            # The answer repeats a setup or evaluation function beside the solution: take the solution.
            tree = ast.parse(parsed.program)
            others = [
                node.name
                for node in tree.body
                if isinstance(node, ast.FunctionDef)
                and not node.name.startswith(tuple(PREFIXES.values()))
                and not node.args.args
                and not node.args.posonlyargs
            ]
            if not others:
                return ReadFunction(
                    None, solution, "the reference program must not be named like a setup or evaluation function"
                )
            solution = others[-1]
        return fold_into_function(parsed.program, solution)
    prefix = PREFIXES[step]
    parsed_any = False
    for source in _candidate_sources(answer):
        tree = _parse(source)
        if tree is None:
            continue
        parsed_any = True
        named = [node.name for node in tree.body if isinstance(node, ast.FunctionDef) and node.name.startswith(prefix)]
        if named:
            return fold_into_function(source, named[-1])
    if not parsed_any:
        return ReadFunction(None, problem="the answer's code does not parse")
    return ReadFunction(None, problem=f"the answer defines no function whose name starts with {prefix!r}")
