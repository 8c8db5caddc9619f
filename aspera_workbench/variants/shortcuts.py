"""Shortcut probes: programs that skip the task, which a sound evaluation program rejects.

They are the checks of the Agentic Benchmark Checklist (ABC, Zhu et al. 2025) that a harness can run on every
task without knowing its answer:

* ``handback_everything`` hands back at once with every fact of the world in its message (I.b.2);
* ``list_everything`` answers with every candidate of the answer's type: every name, room, date, time and number
  of the world as text, or every employee (or name, or date) as a list (I.b.2);
* ``delete_everything`` deletes every event of the user's calendar (I.g.2);
* ``negate_answer`` is the reference program with its yes/no answers turned over (I.b.1).

The trivial agents ``noop`` and ``handback`` (III.13) are the built-in agents; the audit runs them beside these.
Each generator yields ``(description, source)``; the program keeps the reference program's function name (the
evaluation program calls it) and uses only library names and the standard library, imported inside it.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from aspera_workbench.variants._analysis import ACTIONS
from aspera_workbench.variants._program import Program, lines
from aspera_workbench.variants._source import Edit, indent_block

Probe = Iterator[tuple[str, str]]

# Everything the world holds that an answer could name, gathered through the library at run time: people and
# rooms by name; every date from a month back to three months ahead and every date and time of every event, in
# the two common formats; every quarter hour of the day; the numbers 0 to 120 (counts, minutes, days).
_FACTS = """
def _every_fact():
    import datetime as _datetime

    texts, moments = [], set()
    today = now_().date()
    people = get_all_employees()
    texts += [person.name for person in people]
    events = []
    try:
        events += find_events() + find_past_events()
    except Exception:
        pass
    for person in people:
        try:
            events += get_calendar(person)
        except Exception:
            pass
    for event in events:
        texts += [str(event.subject or ""), str(event.location or "")]
        for moment in (event.starts_at, event.ends_at):
            if moment is not None:
                moments.add(moment)
    try:
        texts += [found.room.room_name for found in search_conference_room([today])]
    except Exception:
        pass
    days = {today + _datetime.timedelta(days=offset) for offset in range(-31, 92)}
    days |= {moment.date() for moment in moments}
    for day in sorted(days):
        texts += [day.isoformat(), day.strftime("%A %d %B %Y")]
    times = {(hour, minute) for hour in range(24) for minute in (0, 15, 30, 45)}
    times |= {(moment.hour, moment.minute) for moment in moments}
    for hour, minute in sorted(times):
        texts += [f"{hour:02d}:{minute:02d}", f"{(hour - 1) % 12 + 1}:{minute:02d} {'AM' if hour < 12 else 'PM'}"]
    texts += [str(number) for number in range(121)]
    return [text for text in texts if text]
"""

_LIST_ANSWERS = {
    "employees": "return get_all_employees()",
    "dates": (
        "import datetime as _datetime\n\n"
        "    return [now_().date() + _datetime.timedelta(days=offset) for offset in range(-31, 92)]"
    ),
}


def _function(program: Program, docstring: str, body: str, helpers: str = "") -> str:
    """A program with the reference's function name and signature's name only: ``helpers`` inside, then ``body``."""
    name = program.function.name
    inner = indent_block(helpers.strip("\n") + "\n\n", "    ") if helpers else ""
    return f'def {name}():\n    """{docstring}"""\n{inner}    {body}\n'


def _annotation(program: Program) -> str:
    returns = program.function.returns
    return "" if returns is None else ast.unparse(returns).replace(" ", "")


def _answers(program: Program) -> bool:
    """Whether the reference returns something (an annotation other than None, or a return with a value)."""
    if _annotation(program) not in ("", "None"):
        return True
    return any(
        isinstance(node, ast.Return)
        and node.value is not None
        and not (isinstance(node.value, ast.Constant) and node.value.value is None)
        for node in program.nodes()
    )


def handback_everything(program: Program) -> Probe:
    """Hand back at once, with every fact of the world in the message."""
    if not program.unbound("RequiresUserInput"):
        return
    body = 'raise RequiresUserInput("Which of these do you mean? " + "; ".join(_every_fact()))'
    yield (
        "hands back at once, naming every person, room, date, time and number of the world",
        _function(program, "Hand the request back, listing everything the world holds.", body, _FACTS),
    )


def list_everything(program: Program) -> Probe:
    """Answer with every candidate of the answer's type (text for ``str`` or no annotation, lists for ``list``)."""
    if not _answers(program):
        return
    annotation = _annotation(program).lower()
    if annotation.startswith(("list", "set", "tuple")):
        if "str" in annotation:
            yield (
                "answers with every name, room, date, time and number of the world as a list of texts",
                _function(program, "Answer with everything the world holds.", "return _every_fact()", _FACTS),
            )
        else:
            kind = "dates" if "date" in annotation else "employees"
            yield (
                f"answers with every {kind[:-1]} of the world as a list",
                _function(program, f"Answer with every {kind[:-1]} there is.", _LIST_ANSWERS[kind]),
            )
    if annotation not in ("bool", "int", "float"):  # (text may pass an evaluation program that reads any type)
        body = 'return "; ".join(_every_fact())'
        yield (
            "answers with one text naming every person, room, date, time and number of the world",
            _function(program, "Answer with everything the world holds.", body, _FACTS),
        )


def delete_everything(program: Program) -> Probe:
    """Delete every event of the user's calendar (for programs that change the world)."""
    acts = any(
        isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ACTIONS
        for node in ast.walk(program.source.tree)
    )
    if not acts:
        return
    body = (
        "for event in find_events() + find_past_events():\n"
        "        try:\n"
        "            delete_event(event)\n"
        "        except Exception:\n"
        "            pass"
    )
    yield "deletes every event of the user's calendar", _function(program, "Delete every event there is.", body)


_NEGATION = """
def {name}(value):
    if isinstance(value, bool):
        return not value
    if isinstance(value, str):
        stripped = value.lstrip()
        for word, opposite in (("yes", "No"), ("no", "Yes")):
            if stripped[: len(word)].lower() == word and not stripped[len(word) : len(word) + 1].isalpha():
                return opposite + stripped[len(word) :]
    return value
"""

_BOOLEAN_CALLS = frozenset({"any", "all", "bool", "isinstance"})


def _boolean(node: ast.expr) -> bool:
    if isinstance(node, ast.Constant):
        return isinstance(node.value, bool) or (
            isinstance(node.value, str) and node.value.lower().startswith(("yes", "no"))
        )
    if isinstance(node, ast.Compare | ast.BoolOp) or (isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not)):
        return True
    if isinstance(node, ast.JoinedStr) and node.values and isinstance(node.values[0], ast.Constant):
        return str(node.values[0].value).lower().startswith(("yes", "no"))
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in _BOOLEAN_CALLS


def negate_answer(program: Program) -> Probe:
    """The reference with its yes/no answers turned over (a ``bool``, or a text starting with yes or no)."""
    if not program.unbound("isinstance", "bool", "str"):
        return
    returns = [node for node in program.statements() if isinstance(node, ast.Return) and node.value is not None]
    if not returns or not (_annotation(program) == "bool" or any(_boolean(r.value) for r in returns)):  # type: ignore[arg-type]
        return
    first = program.body_start()
    if first is None:
        return
    src = program.source
    helper = program.fresh("_negated")
    start = src.line_start(first.lineno)
    edits = [
        Edit(start, start, indent_block(_NEGATION.format(name=helper).lstrip("\n") + "\n", src.indent(first.lineno)))
    ]
    edits += [Edit(*src.span(r.value), f"{helper}({src.segment(r.value)})") for r in returns]  # type: ignore[arg-type]
    where = ", ".join(lines(r) for r in returns)
    yield f"the yes/no answer turned over ({where})", src.apply(edits)


#: Generator of each shortcut kind.
GENERATORS = {
    "handback_everything": handback_everything,
    "list_everything": list_everything,
    "delete_everything": delete_everything,
    "negate_answer": negate_answer,
}
