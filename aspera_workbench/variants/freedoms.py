"""Variants that use a freedom the request leaves: correct programs that differ from the reference, which a sound
evaluation program accepts.

Today's rewrites (:mod:`aspera_workbench.variants.preserving`) keep behaviour identical, so no deterministic
evaluation program can reject them; these change what the program does, in a respect the request leaves open:

* ``unstated_length``: every new event gets another common length (60, 30 or 15 minutes, the longest that fits
  the free time of the user and the attendees), where the request states no length;
* ``unordered_assignment``: a loop that gives slots, rooms or times to people runs over them in the other order,
  where the request fixes no order;
* ``answer_rendering``: a text answer given in other words (a sentence around the same text), or with its dates
  and times in another common format (``Tuesday 25 June 2024``, ``2:30 PM``; an answer without any is left as it
  is), where the request asks for no set wording or form;
* ``user_attendee``: the user listed among the attendees of the events the program creates (or left out where
  it lists them), where the request says nothing of who attends beyond naming the others;
* ``change_form``: the same change stored another way: an update in place done as delete-and-add, a delete then
  add done as an update in place, a bounded series added as its single occurrences.

Each generator first proves from the request's words that the freedom exists
(:mod:`aspera_workbench.variants.request_cues`) and otherwise yields nothing. The variant reaches the library
through a helper defined first thing in the solution function, in place of the action calls it wraps, so the
program's own logic is untouched. Whether it really changed nothing the request fixes is the second half of the
proof, made by running it beside the reference (:mod:`aspera_workbench.audit.freedom`).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from aspera_workbench.variants import request_cues
from aspera_workbench.variants._program import Program, lines, short
from aspera_workbench.variants._source import Edit, indent_block

Rewrite = Iterator[tuple[str, str]]


def _calls(program: Program, name: str) -> list[ast.Call]:
    """Calls of the library function ``name`` in the solution function (nested functions included)."""
    return [
        node
        for node in ast.walk(program.function)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == name
    ]


def _called_elsewhere(program: Program, name: str) -> bool:
    """Whether ``name`` is called outside the solution function (a helper at top level: it cannot be wrapped)."""
    inside = set(map(id, ast.walk(program.function)))
    return any(
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == name
        and id(node) not in inside
        for node in ast.walk(program.source.tree)
    )


def _wrapped(program: Program, helpers: dict[str, str], text: str) -> str | None:
    """The program with each call of a library function in ``helpers`` going through the helper defined for it.

    ``helpers`` maps a library name to a helper's source (a template with ``{name}`` for the helper's own name and
    ``{<library name>}`` for the other helpers'). ``None`` when a wrapped name is rebound by the program, called
    from outside the solution function, never called, or the function has no body to put the helpers before.
    """
    if any(not program.unbound(name) or _called_elsewhere(program, name) for name in helpers):
        return None
    if not any(_calls(program, name) for name in helpers):
        return None
    first = program.body_start()
    if first is None:
        return None
    src = program.source
    names = {name: program.fresh(f"_{name}_{text}", reserve=True) for name in helpers}
    definitions = "".join(template.format(name=names[name], **names) + "\n" for name, template in helpers.items())
    start = src.line_start(first.lineno)
    edits = [Edit(start, start, indent_block(definitions, src.indent(first.lineno)))]
    for name in helpers:
        edits += [Edit(*src.span(call.func), names[name]) for call in _calls(program, name)]
    return src.apply(edits)


def _creates_events(program: Program) -> bool:
    return bool(_calls(program, "add_event"))


# -- an unstated length --------------------------------------------------------------------------------------

_LENGTH_HELPER = """def {name}(event):
    # The request states no length: a new event gets the longest common length that fits the free time.
    import datetime as _datetime

    start, end = getattr(event, "starts_at", None), getattr(event, "ends_at", None)
    if getattr(event, "event_id", None) is not None or start is None:
        return add_event(event)
    current = None if end is None else end - start
    busy = []
    for other in find_events() + find_past_events():
        busy.append((other.starts_at, other.ends_at))
    for person in event.attendees or []:
        for other in get_calendar(person):
            busy.append((other.starts_at, other.ends_at))
    for minutes in (60, 30, 15):
        length = _datetime.timedelta(minutes=minutes)
        if length == current:
            continue
        if all(not (a is not None and b is not None and a < start + length and start < b) for a, b in busy):
            event.ends_at = start + length
            break
    return add_event(event)
"""


def unstated_length(program: Program) -> Rewrite:
    """Give new events another common length that fits (see the module's text)."""
    if request_cues.states_length(program.query) or not request_cues.creates_event(program.query):
        return
    if not _creates_events(program):
        return
    if not program.unbound("find_events", "find_past_events", "get_calendar", "getattr", "all"):
        return
    new = _wrapped(program, {"add_event": _LENGTH_HELPER}, "with_length")
    if new is not None:
        where = ", ".join(lines(call) for call in _calls(program, "add_event"))
        yield f"{where}: each new event gets another common length (60, 30 or 15 minutes) that fits the free time", new


# -- an unordered assignment ---------------------------------------------------------------------------------


def _gives_people_slots(loop: ast.For) -> bool:
    """Whether the loop creates events whose attendees come from its own variable (people get slots or rooms)."""
    targets = {n.id for n in ast.walk(loop.target) if isinstance(n, ast.Name)}
    adds = [
        n
        for n in ast.walk(loop)
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id in ("add_event", "Event")
    ]
    if not adds:
        return False
    for node in ast.walk(loop):
        if isinstance(node, ast.keyword) and node.arg == "attendees":
            if targets & {n.id for n in ast.walk(node.value) if isinstance(n, ast.Name)}:
                return True
    return False


def _reordered(program: Program, iterable: ast.expr) -> tuple[ast.expr, str] | None:
    """The part of a loop's iterable to reverse and its new text (the first sequence of ``zip``, the sequence
    of ``enumerate``); ``None`` for a literal list (the request may have named the people in an order)."""
    src = program.source
    target = iterable
    if isinstance(iterable, ast.Call) and isinstance(iterable.func, ast.Name) and iterable.args:
        if iterable.func.id in ("zip", "enumerate") and program.unbound(iterable.func.id):
            target = iterable.args[0]
    if isinstance(target, ast.List | ast.Tuple | ast.Set | ast.Constant):
        return None
    return target, f"reversed(list({src.segment(target)}))"


def unordered_assignment(program: Program) -> Rewrite:
    """Run a loop (or a comprehension) that gives people slots, rooms or times over the people in the other order."""
    if request_cues.fixes_order(program.query) or not program.unbound("reversed", "list"):
        return
    src = program.source
    loops: list[tuple[ast.AST, ast.expr]] = [
        (stmt, stmt.iter) for stmt in program.statements() if isinstance(stmt, ast.For) and _gives_people_slots(stmt)
    ]
    for node in program.nodes():
        if isinstance(node, ast.ListComp | ast.GeneratorExp) and len(node.generators) == 1:
            wrapper = ast.For(
                target=node.generators[0].target, iter=node.generators[0].iter, body=[ast.Expr(node.elt)], orelse=[]
            )
            if _gives_people_slots(wrapper):
                loops.append((node, node.generators[0].iter))
    for where, iterable in sorted(loops, key=lambda pair: (pair[0].lineno, pair[0].col_offset)):  # type: ignore[attr-defined]
        found = _reordered(program, iterable)
        if found is None:
            continue
        target, text = found
        yield (
            f"{lines(where)}: the people of {short(src.segment(target), 40)} get their slots in the other order",
            src.replace(target, text),
        )


# -- another rendering of a text answer ----------------------------------------------------------------------

_WORDS_HELPER = """def {name}(value):
    # The same facts in other words: a sentence around the answer.
    if not isinstance(value, str) or not value.strip():
        return value
    return "Here is what I found: " + value.strip()
"""

_FORMAT_HELPER = """def {name}(value):
    # The same facts with dates and times written another common way (nothing else changed).
    import datetime as _datetime
    import re as _re

    if not isinstance(value, str) or not value.strip():
        return value

    def _date(match):
        try:
            day = _datetime.date(int(match.group(1)), int(match.group(2)), int(match.group(3)))
        except ValueError:
            return match.group(0)
        return day.strftime("%A ") + str(day.day) + day.strftime(" %B %Y")

    def _time(match):
        hour, minute = int(match.group(1)), int(match.group(2))
        if hour > 23 or minute > 59:
            return match.group(0)
        return f"{{(hour - 1) % 12 + 1}}:{{minute:02d}} {{'AM' if hour < 12 else 'PM'}}"

    text = _re.sub(r"(\\d{{4}}-\\d{{2}}-\\d{{2}})T(?=\\d{{2}}:)", r"\\1 at ", value.strip())
    text = _re.sub(r"(?<!\\d)(\\d{{4}})-(\\d{{2}})-(\\d{{2}})(?!\\d)", _date, text)
    text = _re.sub(r"(?<![\\d:])(\\d{{1,2}}):(\\d{{2}})(?::\\d{{2}})?(?!\\s*[AaPp]\\.?[Mm])(?![\\d:])", _time, text)
    return text
"""


# Calls whose value is text: a program that returns one of them answers in text, annotated or not.
_TEXT_CALLS = frozenset({"summarise_calendar", "provide_event_details", "summarise_availability", "str"})


def _text_answer(program: Program) -> bool:
    """Whether the program answers in text: its annotation says ``str``, or (without one) a return gives an
    f-string, a joined text or the value of a library function that writes text."""
    returns = program.function.returns
    if returns is not None:
        return ast.unparse(returns) == "str"
    for node in program.nodes():
        if isinstance(node, ast.Return) and node.value is not None:
            value = node.value
            if isinstance(value, ast.JoinedStr):
                return True
            if isinstance(value, ast.Call):
                func = value.func
                if isinstance(func, ast.Name) and func.id in _TEXT_CALLS and program.unbound(func.id):
                    return True
                if isinstance(func, ast.Attribute) and func.attr == "join" and isinstance(func.value, ast.Constant):
                    return True
    return False


def answer_rendering(program: Program) -> Rewrite:
    """Give a text answer in other words, or with its dates and times in another format."""
    if request_cues.fixes_wording(program.query) or not _text_answer(program):
        return
    if not program.unbound("isinstance", "str", "int"):
        return
    returns = [n for n in program.statements() if isinstance(n, ast.Return) and n.value is not None]
    first = program.body_start()
    if not returns or first is None:
        return
    src = program.source
    where = ", ".join(lines(r) for r in returns)
    for helper, what in (
        (_WORDS_HELPER, "in other words"),
        (_FORMAT_HELPER, "with its dates and times in another format"),
    ):
        name = program.fresh("_rendered")
        start = src.line_start(first.lineno)
        edits = [Edit(start, start, indent_block(helper.format(name=name) + "\n", src.indent(first.lineno)))]
        edits += [Edit(*src.span(r.value), f"{name}({src.segment(r.value)})") for r in returns]  # type: ignore[arg-type]
        yield f"the text answer ({where}) given {what}", src.apply(edits)


# -- the user as an attendee ---------------------------------------------------------------------------------

_USER_HELPER = """def {name}(event):
    # Who attends besides the others is free: the user is listed where the program leaves them out, and the reverse.
    if getattr(event, "event_id", None) is None:
        me = get_current_user()
        people = list(event.attendees or [])
        if any(person == me for person in people):
            event.attendees = [person for person in people if person != me]
        else:
            event.attendees = people + [me]
    return add_event(event)
"""


def user_attendee(program: Program) -> Rewrite:
    """List the user among the attendees of the events the program creates (or leave them out)."""
    if request_cues.settles_attendance(program.query) or not request_cues.creates_event(program.query):
        return
    if not _creates_events(program):
        return
    if not program.unbound("get_current_user", "getattr", "list", "any"):
        return
    new = _wrapped(program, {"add_event": _USER_HELPER}, "with_user")
    if new is not None:
        yield "the user listed among the attendees of each new event (or left out where the program lists them)", new


# -- another form of the same change -------------------------------------------------------------------------

_REPLACING_HELPER = """def {name}(event):
    # An update in place done as a replacement: the old version deleted, the new one added under a new id.
    if getattr(event, "event_id", None) is not None and getattr(event, "recurrent_event_id", None) is None:
        try:
            delete_event(event)
        except Exception:
            return add_event(event)
        event.event_id = None
    return add_event(event)
"""

_DELETING_HELPER = """def {name}(event):
    delete_event(event)
    _replaced_{add_event}.append(event)
"""

_UPDATING_HELPER = """_replaced_{add_event} = []


def {name}(event):
    # A delete followed by an add of the same meeting done as an update in place: the new version keeps the id.
    import datetime as _datetime

    if getattr(event, "event_id", None) is None and _replaced_{add_event}:
        old = _replaced_{add_event}[-1]
        same_people = {{p.employee_id for p in old.attendees or []}} == {{p.employee_id for p in event.attendees or []}}
        same_subject = (old.subject or "").casefold() == (event.subject or "").casefold()
        if old.recurrent_event_id is None and (same_subject or same_people):
            _replaced_{add_event}.pop()
            if event.ends_at is None and event.starts_at is not None:
                event.ends_at = event.starts_at + _datetime.timedelta(minutes=16)
            event.event_id = old.event_id
    return add_event(event)
"""

_SINGLES_HELPER = """def {name}(event):
    # A bounded series added as its single occurrences.
    repeats = getattr(event, "repeats", None)
    if getattr(event, "event_id", None) is not None or repeats is None or (
        repeats.max_repetitions is None and repeats.recurs_until is None
    ):
        return add_event(event)
    import datetime as _datetime

    if event.ends_at is None and event.starts_at is not None:
        event.ends_at = event.starts_at + _datetime.timedelta(minutes=16)
    made = []
    for occurrence in expand_to_instances(event) or []:
        single = occurrence.model_copy(
            update={{"event_id": None, "recurrent_event_id": None, "original_starts_at": None, "repeats": None}}
        )
        made.append(add_event(single))
    return made[0] if made else None
"""


def _updates_in_place(program: Program) -> bool:
    """Whether the program may save an event it changed (it sets an attribute, or copies a model)."""
    for node in ast.walk(program.function):
        if isinstance(node, ast.Assign | ast.AugAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(target, ast.Attribute) for target in targets):
                return True
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "model_copy":
            return True
    return False


def change_form(program: Program) -> Rewrite:
    """The same change stored another way (see the module's text)."""
    if not _creates_events(program) or not program.unbound("getattr", "Exception"):
        return
    if program.unbound("delete_event"):
        if _updates_in_place(program):
            new = _wrapped(program, {"add_event": _REPLACING_HELPER}, "replacing")
            if new is not None:
                yield "each update in place done as a deletion and a new event", new
        if _calls(program, "delete_event"):
            new = _wrapped(program, {"delete_event": _DELETING_HELPER, "add_event": _UPDATING_HELPER}, "updating")
            if new is not None:
                yield "each deletion followed by a new version of the same meeting done as an update in place", new
    repeats = any(isinstance(n, ast.keyword) and n.arg == "repeats" for n in ast.walk(program.function))
    if repeats and program.unbound("expand_to_instances"):
        new = _wrapped(program, {"add_event": _SINGLES_HELPER}, "as_singles")
        if new is not None:
            yield "each bounded series added as its single occurrences", new


#: Generator of each kind that uses a freedom of the request.
GENERATORS = {
    "unstated_length": unstated_length,
    "unordered_assignment": unordered_assignment,
    "answer_rendering": answer_rendering,
    "user_attendee": user_attendee,
    "change_form": change_form,
}
