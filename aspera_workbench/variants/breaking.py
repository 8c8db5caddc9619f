"""Semantics-breaking mutants of a program (the kinds are listed in :data:`BREAKING_KINDS`).

Each generator yields ``(description, new source)`` pairs. A mutant is meant to
do something the user did not ask for; whether it actually behaves differently
in a given world is for the caller to check (a dropped action that found
nothing to act on, or a hand-back that the world never triggers, changes
nothing there). Code a mutant adds uses library names only when the program
does not rebind them, and its own names start with an underscore (never
provided by star imports) and are unused by the program.

Some choices are not plain from the code: ``duplicate_action`` adds an event
held in a variable again as a copy without its id, so the calendar gets a
second event rather than the same one saved twice; "another colleague"
(``change_attendee``) and "another room" (``change_room``) are found when the
program runs, as the first employee neither listed nor the user and the first
other room of ``search_conference_room``; ``wrong_answer`` wraps a returned
value in a nested helper that returns a wrong value of the same kind.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Sequence

from aspera_workbench.variants._analysis import ACTIONS
from aspera_workbench.variants._program import Program, calls, lines, literal, member_of, short
from aspera_workbench.variants._source import Edit, indent_block

Rewrite = Iterator[tuple[str, str]]

_WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
_DATE_NEIGHBOURS = {"Today": "Tomorrow", "Tomorrow": "Today", "Yesterday": "Today"}


def _action_statements(program: Program) -> Iterator[tuple[ast.stmt, ast.Call, str]]:
    for stmt in program.statements():
        if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call):
            func = stmt.value.func
            if isinstance(func, ast.Name) and func.id in ACTIONS and program.unbound(func.id):
                if program.source.owns_lines(stmt):
                    yield stmt, stmt.value, func.id


def drop_action(program: Program) -> Rewrite:
    """Remove one action call."""
    src = program.source
    for stmt, call, _ in _action_statements(program):
        start, end = src.lines_of(stmt)
        new = src.apply([Edit(start, end, f"{src.indent(stmt.lineno)}pass\n")])
        yield f"{lines(stmt)}: the call {short(src.segment(call), 50)} removed", new


def duplicate_action(program: Program) -> Rewrite:
    """Perform one action twice."""
    src = program.source
    for stmt, call, name in _action_statements(program):
        start, end = src.lines_of(stmt)
        indent = src.indent(stmt.lineno)
        if name == "add_event" and len(call.args) == 1 and isinstance(call.args[0], ast.Name):
            # a copy without its id: a second event even when the first is
            # one read from the calendar (saving it again would replace it)
            held = call.args[0].id
            extra = f'{indent}add_event({held}.model_copy(update={{"event_id": None}}, deep=True))\n'
            new = src.apply([Edit(start, start, extra)])
            what = f"a copy of {held} (without its id) added before it too"
        else:
            new = src.apply([Edit(end, end, src.text[start:end])])
            what = "performed twice"
        yield f"{lines(stmt)}: {short(src.segment(call), 40)} {what}", new


def _shifts(program: Program, node: ast.AST) -> Iterator[tuple[ast.AST, str, str]]:
    """(node to replace, replacement text, what it means) for each date or time literal in ``node``."""
    src = program.source
    if not isinstance(node, (ast.Call, ast.Subscript, ast.Attribute)):
        return
    if calls(node, "time_by_hm", "datetime.time") and node.args:  # type: ignore[attr-defined]
        hour = node.args[0]  # type: ignore[attr-defined]
        value = literal(hour, int)
        if value is not None:
            moved = value + 1 if value not in (11, 12, 23) else value - 1
            yield hour, str(moved), f"hour {value} -> {moved}"
        minute = node.args[1] if len(node.args) > 1 else None  # type: ignore[attr-defined]
        value = literal(minute, int)
        if value is not None:
            moved = value + 15 if value < 45 else value - 15
            yield minute, str(moved), f"minute {value} -> {moved}"
    if calls(node, "datetime.timedelta", "timedelta"):
        for keyword in node.keywords:  # type: ignore[attr-defined]
            value = literal(keyword.value, int)
            if value is not None and keyword.arg in ("weeks", "days", "hours", "minutes"):
                moved = value + (15 if keyword.arg == "minutes" else 1)
                yield keyword.value, str(moved), f"{keyword.arg}={value} -> {moved}"
    if calls(node, "Duration") and len(node.args) == 2:  # type: ignore[attr-defined]
        amount, unit = node.args  # type: ignore[attr-defined]
        value = literal(amount, int)
        unit_text = src.segment(unit)
        if value is not None:
            moved = value + (15 if "Minutes" in unit_text else 1)
            yield amount, str(moved), f"Duration {value} -> {moved}"
    if calls(node, "get_next_dow", "get_prev_dow") and node.args:  # type: ignore[attr-defined]
        day = node.args[0]  # type: ignore[attr-defined]
        if isinstance(day, ast.Constant) and day.value in _WEEKDAYS:
            moved = _WEEKDAYS[(_WEEKDAYS.index(day.value) + 1) % 7]
            yield day, repr(moved), f"{day.value} -> {moved}"
    days = [k.value for k in node.keywords if k.arg == "day"] if calls(node, "date_by_mdy") else []  # type: ignore[attr-defined]
    if calls(node, "datetime.date", "datetime.datetime") and len(node.args) >= 3:  # type: ignore[attr-defined]
        days.append(node.args[2])  # type: ignore[attr-defined]
    for day in days:
        value = literal(day, int)
        if value is not None:
            moved = value + 1 if value < 28 else value - 1
            yield day, str(moved), f"day {value} -> {moved}"
    member = member_of(node, "DateExpressions")
    if member in _DATE_NEIGHBOURS:
        moved = _DATE_NEIGHBOURS[member]
        if isinstance(node, ast.Subscript):
            yield node.slice, repr(moved), f"{member} -> {moved}"
        else:
            yield node, f"DateExpressions.{moved}", f"{member} -> {moved}"


def shift_datetime(program: Program) -> Rewrite:
    """Move one date or time literal."""
    src = program.source
    found = [shift for node in program.nodes() for shift in _shifts(program, node)]
    for target, text, what in sorted(found, key=lambda item: (item[0].lineno, item[0].col_offset)):  # type: ignore[attr-defined]
        new = src.replace(target, text)
        yield f"{lines(target)}: {what}", new


def _event_fields(program: Program, field: str) -> Iterator[ast.expr]:
    """Values given to ``field`` in ``Event(...)`` calls or ``x.field = ...`` assignments."""
    found: list[ast.expr] = []
    for node in program.nodes():
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Event":
            found += [k.value for k in node.keywords if k.arg == field]
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
            if isinstance(target, ast.Attribute) and target.attr == field:
                found.append(node.value)
    yield from sorted(found, key=lambda n: (n.lineno, n.col_offset))


def change_attendee(program: Program) -> Rewrite:
    """Add, replace or drop an attendee."""
    src = program.source
    if not program.unbound("Event", "get_all_employees", "get_current_user", "list", "next"):
        return
    person = program.fresh("_person")
    for value in _event_fields(program, "attendees"):
        if isinstance(value, ast.Constant) and value.value is None:
            continue
        text = src.segment(value)
        listed = f"({text} or [])"
        others = f"{person} for {person} in get_all_employees() if {person} not in {listed} and {person} != get_current_user()"
        for what, replacement in (
            (f"another colleague added to the attendees {short(text, 40)}", f"{listed} + [{others}][:1]"),
            (
                f"the first attendee of {short(text, 40)} replaced by another colleague",
                f"[next({others})] + list({listed})[1:]",
            ),
            (f"the first attendee of {short(text, 40)} dropped", f"list({listed})[1:]"),
        ):
            yield f"{lines(value)}: {what}", src.replace(value, replacement)


def change_room(program: Program, rooms: bool = True) -> Rewrite:
    """Move the event to another room (without ``rooms``, the room's name with " annex"), or drop the room."""
    src = program.source
    room = program.fresh("_room")
    for value in _event_fields(program, "location"):
        if isinstance(value, ast.Constant) and value.value is None:
            continue
        text = src.segment(value)
        where = lines(value)
        if rooms and program.unbound("search_conference_room", "now_", "next"):
            other = (
                f"next(({room}.room.room_name for {room} in search_conference_room([now_().date()]) "
                f"if {room}.room.room_name != ({text})), str({text}) + ' annex')"
            )
        else:
            other = f"str({text}) + ' annex'"
        yield f"{where}: the location {short(text, 40)} replaced by another room", src.replace(value, other)
        yield f"{where}: the location {short(text, 40)} dropped", src.replace(value, "None")


def add_unrelated_event(program: Program) -> Rewrite:
    """Add an event the user did not ask for, first thing in the function."""
    src = program.source
    names = ("add_event", "Event", "modify", "now_", "Duration", "TimeUnits", "DateTimeClauseOperators")
    if not program.unbound(*names):
        return
    first = program.body_start()
    if first is None:
        return
    indent = src.indent(first.lineno)
    day = "modify(now_(), Duration(8, TimeUnits.Days), operator=DateTimeClauseOperators.add)"
    extra = (
        f"{indent}add_event(\n"
        f"{indent}    Event(\n"
        f'{indent}        subject="Dentist appointment",\n'
        f"{indent}        starts_at={day}.replace(hour=7, minute=0, second=0, microsecond=0),\n"
        f"{indent}        ends_at={day}.replace(hour=7, minute=30, second=0, microsecond=0),\n"
        f"{indent}    )\n"
        f"{indent})\n"
    )
    start = src.line_start(first.lineno)
    yield (
        f"line {first.lineno}: an unrelated 30-minute event eight days ahead added first",
        src.apply([Edit(start, start, extra)]),
    )


def _raises_handback(stmt: ast.stmt) -> bool:
    if not isinstance(stmt, ast.Raise) or stmt.exc is None:
        return False
    exc = stmt.exc.func if isinstance(stmt.exc, ast.Call) else stmt.exc
    return isinstance(exc, ast.Name) and exc.id == "RequiresUserInput"


def swallow_handback(program: Program) -> Rewrite:
    """Replace one hand-back by a silent return."""
    src = program.source
    for stmt in program.statements():
        if _raises_handback(stmt) and src.owns_lines(stmt):
            new = src.replace(stmt, "return None")
            yield f"{lines(stmt)}: raise RequiresUserInput(...) replaced by return None", new


def _wrong_answer_helper(name: str, person: str, indent: str) -> str:
    body = f"""def {name}(value):
    import datetime as _datetime

    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return not value
    if isinstance(value, (int, float)):
        return value + 1
    if isinstance(value, str):
        for {person} in get_all_employees():
            if {person}.name.lower() not in value.lower():
                return {person}.name
        return ""
    if isinstance(value, (_datetime.date, _datetime.datetime)):
        return value + _datetime.timedelta(days=1)
    if isinstance(value, _datetime.time):
        return value.replace(hour=(value.hour + 1) % 24)
    if isinstance(value, _datetime.timedelta):
        return value + _datetime.timedelta(hours=1)
    if isinstance(value, tuple) and hasattr(value, "_fields") and value:
        return value._replace(**{{value._fields[0]: {name}(value[0])}})
    if isinstance(value, (list, tuple)):
        return value[:-1] if value else type(value)([None])
    if isinstance(value, dict):
        return dict(list(value.items())[:-1]) if value else {{None: None}}
    if isinstance(value, (set, frozenset)):
        return type(value)(sorted(value, key=repr)[:-1]) if value else type(value)([None])
    return None
"""
    return indent_block(body, indent) + "\n"


def wrong_answer(program: Program) -> Rewrite:
    """Alter one returned answer."""
    src = program.source
    if not program.unbound("get_all_employees", "isinstance", "hasattr", "type", "dict", "list", "sorted", "repr"):
        return
    returns = [
        stmt
        for stmt in program.statements()
        if isinstance(stmt, ast.Return)
        and stmt.value is not None
        and not (isinstance(stmt.value, ast.Constant) and stmt.value.value is None)
    ]
    if not returns:
        return
    first = program.body_start()
    if first is None:
        return
    helper, person = program.fresh("_wrong_answer"), program.fresh("_person")
    start = src.line_start(first.lineno)
    definition = Edit(start, start, _wrong_answer_helper(helper, person, src.indent(first.lineno)))
    for stmt in returns:
        value = src.segment(stmt.value)  # type: ignore[arg-type]
        new = src.apply([definition, Edit(*src.span(stmt.value), f"{helper}({value})")])  # type: ignore[arg-type]
        yield f"{lines(stmt)}: the answer {short(value, 40)} altered", new


def generators(apps: Sequence[str] | None = None) -> dict:
    """The generator of each breaking kind (``change_room`` uses real rooms unless ``apps`` lacks ``room_booking``)."""
    rooms = apps is None or "room_booking" in apps
    return {
        "drop_action": drop_action,
        "duplicate_action": duplicate_action,
        "shift_datetime": shift_datetime,
        "change_attendee": change_attendee,
        "change_room": lambda program: change_room(program, rooms),
        "add_unrelated_event": add_unrelated_event,
        "swallow_handback": swallow_handback,
        "wrong_answer": wrong_answer,
    }
