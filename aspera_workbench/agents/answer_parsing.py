"""Finding the program in a model's answer.

Models answer in many shapes: a fenced code block (or several, some of them
examples or tests), bare code, code continuing the open fence the prompt ends
with, prose before and after, helper functions nested or beside the solution,
a trailing call of the solution. :func:`extract_program` turns any of these
into one program the executor can run, or says why there is none.

The rules, in order:

1. Candidates are the fenced blocks (```` ```python ````, ```` ```py ```` or a
   bare fence; an unclosed last fence runs to the end), then the whole answer
   without its fences, then the answer from its first line that starts a
   definition or an import. The first candidate that parses and defines a
   function wins; trailing lines that stop it from parsing (prose after code)
   are dropped.
2. Of its top-level statements, imports, function and class definitions and
   plain assignments are kept; calls, prints, ``if __name__ == "__main__":``
   blocks and other top-level code are dropped (they would run before the
   task's world exists).
3. The solution is the function that no other top-level function calls and
   that can be called with the number of arguments the setting passes (none
   for library programs, one, the world, for control programs; see
   ``arguments``), the last such one, as the original parser took the last
   function. It is placed first after the imports, because the
   evaluation protocol calls the first function a program defines; helper
   functions defined beside it are kept after it. (The original parser
   dropped top-level helpers, which made such programs fail with a
   ``NameError``; see docs/compatibility.md.)
"""

from __future__ import annotations

import ast
import re
import textwrap
from dataclasses import dataclass

_FENCE = re.compile(r"```[ \t]*(?:python3?|py|Python)?[ \t]*\n(.*?)(?:```|\Z)", re.DOTALL)
_START = re.compile(r"^(?:async\s+def|def|import|from|class)\s", re.MULTILINE)


@dataclass(frozen=True)
class ParsedAnswer:
    """The result of :func:`extract_program`: the program and its solution's name, or why there is none."""

    program: str | None
    solution: str | None = None
    problem: str | None = None


def _parses(text: str) -> ast.Module | None:
    try:
        return ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None


def _trimmed(text: str) -> tuple[str, ast.Module] | None:
    """``text``, or ``text`` without trailing lines (prose), as the longest prefix that parses with a function."""
    lines = textwrap.dedent(text.strip("\n")).rstrip().splitlines()
    for end in range(len(lines), 0, -1):
        candidate = "\n".join(lines[:end]) + "\n"
        tree = _parses(candidate)
        if tree is not None and any(isinstance(node, ast.FunctionDef) for node in tree.body):
            return candidate, tree
        if end < len(lines) - 200:  # prose after code is short; do not scan a whole essay
            break
    return None


def _candidates(answer: str) -> list[str]:
    texts = [match.group(1) for match in _FENCE.finditer(answer)]
    texts.append(answer.strip().strip("`").removeprefix("python\n").split("```")[0])
    start = _START.search(answer)
    if start is not None:
        texts.append(answer[start.start() :].split("```")[0])
    return texts


def _kept(node: ast.stmt) -> bool:
    return isinstance(node, ast.Import | ast.ImportFrom | ast.FunctionDef | ast.ClassDef | ast.Assign | ast.AnnAssign)


def _calls(function: ast.FunctionDef) -> set[str]:
    return {
        node.func.id for node in ast.walk(function) if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
    }


def _callable_with(function: ast.FunctionDef, count: int) -> bool:
    arguments = function.args
    positional = [*arguments.posonlyargs, *arguments.args]
    required = len(positional) - len(arguments.defaults)
    required_keywords = sum(default is None for default in arguments.kw_defaults)
    fits = required <= count and (count <= len(positional) or arguments.vararg is not None)
    return fits and required_keywords == 0


def _solution(functions: list[ast.FunctionDef], arguments: int) -> ast.FunctionDef:
    called = set().union(*(_calls(function) for function in functions))
    for pool in (
        [f for f in functions if f.name not in called and _callable_with(f, arguments)],
        [f for f in functions if _callable_with(f, arguments)],
        functions,
    ):
        if pool:
            return pool[-1]
    raise ValueError("no function")  # unreachable: callers pass at least one function


def _source(lines: list[str], node: ast.stmt) -> str:
    first = min([node.lineno, *(d.lineno for d in getattr(node, "decorator_list", []))])
    return "".join(lines[first - 1 : node.end_lineno])


def extract_program(answer: str | None, arguments: int = 0) -> ParsedAnswer:
    """The program in a model's answer (see the module docstring for the rules).

    ``arguments``: what the solution is called with: 0 for a library program, 1 for a control
    program (the world); ``ValueError`` if negative.
    """
    if arguments < 0:
        raise ValueError(f"arguments must not be negative, got {arguments}")
    if answer is None or not answer.strip():
        return ParsedAnswer(None, problem="the answer is empty")
    found = next((hit for text in _candidates(answer) if (hit := _trimmed(text)) is not None), None)
    if found is None:
        has_def = bool(re.search(r"^\s*def\s", answer, re.MULTILINE))
        problem = "the answer's code does not parse" if has_def else "the answer contains no function definition"
        return ParsedAnswer(None, problem=problem)
    text, tree = found
    lines = text.splitlines(keepends=True)
    body = [node for node in tree.body if _kept(node)]
    functions = [node for node in body if isinstance(node, ast.FunctionDef)]
    solution = _solution(functions, arguments)
    imports = [node for node in body if isinstance(node, ast.Import | ast.ImportFrom)]
    rest = [node for node in body if node is not solution and node not in imports]
    parts = ["".join(_source(lines, node) for node in imports), _source(lines, solution)]
    parts += [_source(lines, node) for node in rest]
    program = "\n\n".join(part.rstrip("\n") for part in parts if part.strip()) + "\n"
    return ParsedAnswer(program, solution=solution.name)
