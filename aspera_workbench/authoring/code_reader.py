"""Reading ``code/query_<id>.py`` modules (format A.7) back into a task's programs.

The release's rule: cut at the ``if __name__ == '__main__':`` guard, remove the
top-level imports and every line starting with ``#``, split at top-level
``def`` lines and classify the functions by name (``setup_env*`` is a SIP,
``evaluate*`` an EP, anything else the AEP). This workbench's own tasks are
authored as such modules, so the reader also rejects what the rule would
silently mangle: code outside functions, decorated functions, a missing or
second AEP.
"""

from __future__ import annotations

import ast
import re

from aspera_core.tasks import TaskFormatError, TaskProblem, function_name

SIP_PREFIX = "setup_env"
EP_PREFIX = "evaluate"
ENTRY_GUARD = re.compile(r"""^if\s+__name__\s*==\s*(['"])__main__\1\s*:""")
_MARKER = re.compile(r"^\s*#\s*(Feedback|Quarantine|OK): *(.*)$")
_TAGS = re.compile(r"^#\s*Tags:\s*(.*)$")


def code_error(message: str, source: str | None, line: int | None = None) -> TaskFormatError:
    return TaskFormatError([TaskProblem(message, source=source, line=line)])


def read_code_module(text: str, source: str | None = None) -> tuple[str, list[str], list[str]]:
    """Turn a code module back into the task's programs (rule of A.7).

    Args:
        text: The module's source.
        source: Display name of the file, for error messages.

    Returns:
        ``(aep, sips, eps)``; each program ends with one newline. SIPs and EPs
        keep their order in the file, which pairs them by position.

    Raises:
        TaskFormatError: If the module does not parse, has code outside
            functions or after the entry-point block, decorated functions, or
            not exactly one AEP.
    """
    lines = text.splitlines()
    cut = next((i for i, line in enumerate(lines) if ENTRY_GUARD.match(line)), len(lines))
    if cut < len(lines):  # what the cut drops must still be the entry point alone, not lost code
        try:
            whole = ast.parse(text)
        except SyntaxError as error:
            raise code_error(f"does not parse as Python: {error.msg}", source, error.lineno) from None
        after = [node for node in whole.body if node.lineno > cut + 1]
        if after:
            message = "code after the if __name__ == '__main__': block would be dropped; move it above the block"
            raise code_error(message, source, after[0].lineno)
    lines = lines[:cut]
    try:
        module = ast.parse("\n".join(lines))
    except SyntaxError as error:
        raise code_error(f"does not parse as Python: {error.msg}", source, error.lineno) from None
    dropped: set[int] = set()  # 0-based line numbers of top-level imports
    for node in module.body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            dropped.update(range(node.lineno - 1, (node.end_lineno or node.lineno)))
        elif not isinstance(node, ast.FunctionDef):
            message = "only imports and function definitions may appear at top level"
            raise code_error(message, source, node.lineno)
        elif node.decorator_list:
            raise code_error(f"function {node.name!r} must not be decorated", source, node.lineno)
    kept = [(number, line) for number, line in enumerate(lines) if number not in dropped and not line.startswith("#")]
    chunks: list[list[str]] = []
    for _number, line in kept:
        if line.startswith("def "):
            chunks.append([])
        if chunks:
            chunks[-1].append(line)
    aep: str | None = None
    sips: list[str] = []
    eps: list[str] = []
    for chunk in chunks:
        while chunk and not chunk[-1].strip():
            chunk.pop()
        program = "\n".join(chunk) + "\n"
        name = function_name(program)
        try:
            body = ast.parse(program).body
        except SyntaxError:
            body = []
        if len(body) != 1 or name is None:
            # A line inside a string started with "def " or "#" at column 0.
            raise code_error(f"cannot cut function {name!r} out of the module cleanly", source)
        if name.startswith(SIP_PREFIX):
            sips.append(program)
        elif name.startswith(EP_PREFIX):
            eps.append(program)
        elif aep is None:
            aep = program
        else:
            message = f"two solution functions ({function_name(aep)!r} and {name!r})"
            raise code_error(message, source)
    if aep is None:
        raise code_error("no solution function (one not named setup_env*/evaluate*)", source)
    return aep, sips, eps


def read_code_tags(text: str) -> list[str]:
    """Read the task's categories from a ``# Tags: a, b, c`` comment line.

    This workbench's own code modules carry such a line under the query line;
    the release's do not. Only the part before the entry point is searched.

    Args:
        text: The module's source.

    Returns:
        The tags in written order, without duplicates; empty if there is no
        such line.
    """
    for line in text.splitlines():
        if ENTRY_GUARD.match(line):
            break
        match = _TAGS.match(line)
        if match:
            tags = [tag.strip() for tag in match.group(1).split(",")]
            return list(dict.fromkeys(tag for tag in tags if tag))
    return []


def read_code_query(text: str) -> str | None:
    """Find the query text written as ``# <query>`` under the AEP's marker.

    Args:
        text: The module's source.

    Returns:
        The query, or ``None`` if the module has no such line.
    """
    lines = text.splitlines()
    for index, line in enumerate(lines[:-1]):
        following = lines[index + 1]
        if _MARKER.match(line) and following.startswith("#") and not _MARKER.match(following):
            if not _TAGS.match(following):
                return following[1:].strip()
    return None
