"""Semantics-preserving rewrites of a program.

Each generator yields ``(description, new source)`` pairs and only rewrites what
it can show to be harmless from the text alone; when in doubt it yields
nothing. The rules:

* **reorder_statements** swaps two adjacent assignments to plain names when
  neither reads or rebinds a name the other binds, and neither calls anything
  that changes the world or an object (two reads of the world commute; a read
  and a write do not). Unknown calls count as changes.
* **rename_variables** renames local variables of the solution function, found
  with the compiler's own symbol tables; a name that a nested scope binds
  again, that an ``except``/``global``/``nonlocal``/walrus binds, or that is
  imported or a nested function is left alone. New names start with an
  underscore, which star imports never provide, and are checked against every
  identifier of the program. The result is checked against a tree renamed the
  same way.
* **extract_helper** moves the work of one statement (an assignment's value,
  an expression statement, a return value) into a nested function defined
  just before it and called in its place: the helper runs at the same moment
  and reads the same variables through its closure.
* **inline_variable** replaces a variable bound once and read once by its
  expression, when nothing between the binding and the use changes the world,
  an object, or a name the expression reads, and the use is not inside a
  loop body, comprehension or nested function (where it would be evaluated a
  different number of times).
* **equivalent_primitives** swaps a library call (``modify``, ``parse_date_string``,
  ``combine``, ``time_by_hm``) for the equal ``datetime`` expression, or a
  ``datetime.timedelta`` for one in the next smaller unit.
* **iteration_order** runs a ``for`` loop backwards (``reversed(list(...))``)
  when its iterations cannot see each other: no break, return, raise or
  ``else``; every variable the body assigns is assigned afresh in each
  iteration before use and not read after the loop, except number
  accumulators (``total += ...`` started from a number literal); no object
  from outside the body is changed in place; and the body does not both read
  and change the world. Changes made in the body then happen in a different
  order only, which a sound evaluation program must accept.
"""

from __future__ import annotations

import ast
import symtable
from collections.abc import Iterator

from aspera_workbench.variants._analysis import Effect, has_control_flow, loads, stores
from aspera_workbench.variants._program import Program, calls, lines, literal, member_of, short
from aspera_workbench.variants._source import Edit

Rewrite = Iterator[tuple[str, str]]

# Expressions that can be put anywhere in place of a name without parentheses.
_ATOMS = (ast.Call, ast.Attribute, ast.Subscript, ast.Name, ast.Constant, ast.List, ast.Dict, ast.Set)
_COMPREHENSIONS = (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)
_NESTED = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)


def _plain_targets(stmt: ast.stmt) -> set[str] | None:
    """Names an assignment binds, or ``None`` if it assigns anything but plain names."""
    if isinstance(stmt, ast.Assign):
        return _target_names(stmt.targets)
    if isinstance(stmt, ast.AnnAssign) and stmt.value is not None and stmt.simple:
        return _target_names([stmt.target])
    return None


def _target_names(targets: list[ast.expr]) -> set[str] | None:
    """Names bound by assignment targets, or ``None`` if they assign anything but plain names."""
    pending = list(targets)
    names: set[str] = set()
    while pending:
        target = pending.pop()
        if isinstance(target, ast.Name):
            names.add(target.id)
        elif isinstance(target, (ast.Tuple, ast.List)):
            pending.extend(target.elts)
        else:
            return None
    return names


def reorder_statements(program: Program) -> Rewrite:
    """Swap adjacent independent assignments (see the module docstring)."""
    src = program.source
    for block in program.blocks():
        for first, second in zip(block, block[1:]):
            bound_first, bound_second = _plain_targets(first), _plain_targets(second)
            if bound_first is None or bound_second is None or not (src.owns_lines(first) and src.owns_lines(second)):
                continue
            values = [first.value, second.value]  # type: ignore[attr-defined]
            if any(program.effects.of(value) > Effect.READ for value in values):
                continue
            if bound_first & (loads(second) | bound_second) or bound_second & loads(first):
                continue
            a_start, a_end = src.lines_of(first, with_comments=True)
            b_start, b_end = src.lines_of(second, with_comments=True)
            if b_start < a_end:  # comment lines shared: cannot tell whose they are
                continue
            text = src.text
            new = text[:a_start] + text[b_start:b_end] + text[a_end:b_start] + text[a_start:a_end] + text[b_end:]
            yield f"{lines(first)} and {lines(second)} swapped", new


def _renameable(program: Program) -> list[str]:
    """Local variables of the solution function that can be renamed safely."""
    tree = program.source.tree
    table = symtable.symtable(program.text, "<program>", "exec")
    function_tables = [t for t in table.get_children() if t.get_name() == program.function.name]
    if not function_tables or program.dynamic:
        return []
    scope = function_tables[0]
    excluded: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ExceptHandler) and node.name:
            excluded.add(node.name)
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            excluded.update(node.names)
        elif isinstance(node, ast.NamedExpr) and isinstance(node.target, ast.Name):
            excluded.add(node.target.id)
        elif isinstance(node, (ast.MatchAs, ast.MatchStar)) and node.name:
            excluded.add(node.name)
    # a nested scope that binds the name again would see its own variable
    nested = list(scope.get_children())
    while nested:
        child = nested.pop()
        nested.extend(child.get_children())
        for symbol in child.get_symbols():
            if symbol.is_local() or symbol.is_parameter() or symbol.is_assigned():
                excluded.add(symbol.get_name())
    names = []
    for symbol in scope.get_symbols():
        name = symbol.get_name()
        if (
            symbol.is_local()
            and symbol.is_assigned()
            and not symbol.is_parameter()
            and not symbol.is_imported()
            and not symbol.is_namespace()
            and not symbol.is_global()
            and not symbol.is_nonlocal()
            and name not in excluded
        ):
            names.append(name)
    return names


def rename_variables(program: Program) -> Rewrite:
    """Rename every local variable at once, then each one alone (see the module docstring)."""
    names = _renameable(program)
    if not names:
        return
    src = program.source
    mapping = {name: program.fresh(f"_{name}", reserve=True) for name in names}
    spans: dict[str, list[tuple[int, int]]] = {name: [] for name in names}
    first: dict[str, int] = {}
    for node in ast.walk(program.function):
        if isinstance(node, ast.Name) and node.id in spans:
            spans[node.id].append(src.span(node))
            first[node.id] = min(first.get(node.id, node.lineno), node.lineno)
    renamed = src.apply([Edit(start, end, mapping[name]) for name in names for start, end in spans[name]])
    # the text edits must give exactly the renamed tree (then any subset of them is right too)
    tree = ast.parse(program.text)
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            node.id = mapping.get(node.id, node.id)
    expected = ast.dump(tree)
    try:
        if ast.dump(ast.parse(renamed)) != expected:
            return
    except SyntaxError:
        return
    names.sort(key=lambda name: first[name])
    if len(names) > 1:
        yield f"all {len(names)} local variables renamed ({', '.join(names)})", renamed
    for name in names:
        new = src.apply([Edit(start, end, mapping[name]) for start, end in spans[name]])
        yield f"variable {name!r} renamed to {mapping[name]!r} (first used on line {first[name]})", new


def extract_helper(program: Program) -> Rewrite:
    """Move one statement's work into a nested helper called in its place."""
    src = program.source
    if program.dynamic:
        return
    for stmt in program.statements():
        if not src.owns_lines(stmt):
            continue
        if isinstance(stmt, (ast.Assign, ast.Return)) and stmt.value is not None:
            moved: ast.AST = stmt.value
            if isinstance(moved, (ast.Name, ast.Constant)):
                continue
            body = "return " + src.segment(moved)
        elif isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call):
            moved = stmt
            body = src.segment(moved)
        else:
            continue
        if any(isinstance(n, (ast.Yield, ast.YieldFrom, ast.Await, ast.NamedExpr)) for n in ast.walk(moved)):
            continue
        helper = program.fresh("_helper")
        indent = src.indent(stmt.lineno)
        # continuation lines keep their own indentation (they sit inside brackets or strings)
        definition = f"{indent}def {helper}():\n{indent}    {body}\n"
        start, end = src.span(moved)
        new = src.apply(
            [
                Edit(src.line_start(stmt.lineno), src.line_start(stmt.lineno), definition),
                Edit(start, end, f"{helper}()"),
            ]
        )
        yield f"{lines(moved)}: {short(src.segment(moved))} moved into a nested helper {helper}()", new


def _single_use(program: Program, name: str) -> ast.Name | None:
    """The one read of a name bound once, if that is all its uses."""
    found = program.names(name)
    used = [n for n in found if isinstance(n.ctx, ast.Load)]
    return used[0] if len(used) == 1 and len(found) == 2 else None


def _evaluated_once_in_order(program: Program, stmt: ast.stmt, use: ast.Name) -> bool:
    """Whether ``use`` inside ``stmt`` is evaluated at most once and before anything that changes state.

    The use may sit in a call's arguments (the call runs after them) or in a
    ``for`` loop's iterable (evaluated before the body); not in a loop body, a
    comprehension, a nested function, a ``try`` or an f-string.
    """
    parent_of = {child: node for node in ast.walk(stmt) for child in ast.iter_child_nodes(node)}
    chain: list[ast.AST] = []
    node: ast.AST = use
    while node is not stmt and node in parent_of:
        node = parent_of[node]
        chain.append(node)
    child: ast.AST = use
    for node in chain:
        if isinstance(node, _NESTED + _COMPREHENSIONS + (ast.JoinedStr, ast.Try, ast.While)):
            return False
        if isinstance(node, ast.For) and child is not node.iter:
            return False
        child = node
    if isinstance(stmt, ast.For) and use in [n for n in ast.walk(stmt.iter)]:
        scope: ast.AST = stmt.iter
    else:
        scope = stmt
    calls_before = [
        n
        for n in ast.walk(scope)
        if isinstance(n, ast.Call) and n not in chain and program.effects.call(n) > Effect.READ
    ]
    return not calls_before and not (scope is stmt and program.effects.of(stmt) is Effect.UNKNOWN)


def inline_variable(program: Program) -> Rewrite:
    """Replace a variable bound once and used once by its expression."""
    src = program.source
    if program.dynamic:
        return
    for block in program.blocks():
        for index, stmt in enumerate(block):
            if not (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name)):
                continue
            name = stmt.targets[0].id
            if not src.owns_lines(stmt) or program.effects.of(stmt.value) > Effect.READ or name in stores(stmt.value):
                continue
            use = _single_use(program, name)
            if use is None:
                continue
            where = program.owner(block, use)
            if where is None or where <= index:
                continue
            between = block[index + 1 : where]
            if any(program.effects.of(s) > Effect.READ or stores(s) & loads(stmt.value) for s in between):
                continue
            if not _evaluated_once_in_order(program, block[where], use):
                continue
            value = src.segment(stmt.value)
            if not isinstance(stmt.value, _ATOMS):
                value = f"({value})"
            start, end = src.lines_of(stmt)
            new = src.apply([Edit(start, end, ""), Edit(*src.span(use), value)])
            yield (
                f"{lines(stmt)}: variable {name!r} removed, its expression {short(src.segment(stmt.value), 40)} "
                f"written on line {use.lineno} where it was used",
                new,
            )


_DELTA_UNITS = {"Days": "days", "Hours": "hours", "Minutes": "minutes"}


def _equivalent(program: Program, call: ast.Call) -> tuple[str, str] | None:
    """An equivalent expression for a library call, and what it is, or ``None``."""
    src = program.source
    if not program.unbound("datetime"):
        return None
    if calls(call, "modify") and len(call.args) == 2 and program.unbound("modify", "Duration", "TimeUnits"):
        moment, duration = call.args
        operators = [member_of(k.value, "DateTimeClauseOperators") for k in call.keywords if k.arg == "operator"]
        if len(call.keywords) != 1 or operators[0] not in ("add", "subtract"):
            return None
        if not (calls(duration, "Duration") and len(duration.args) == 2 and not duration.keywords):  # type: ignore[attr-defined]
            return None
        amount, unit = duration.args  # type: ignore[attr-defined]
        unit_name = member_of(unit, "TimeUnits")
        if unit_name not in _DELTA_UNITS:
            return None
        sign = "+" if operators[0] == "add" else "-"
        text = f"({src.segment(moment)} {sign} datetime.timedelta({_DELTA_UNITS[unit_name]}={src.segment(amount)}))"
        return text, "modify(...) written as datetime arithmetic"
    if calls(call, "parse_date_string") and len(call.args) == 1 and program.unbound("parse_date_string", "now_"):
        member = member_of(call.args[0], "DateExpressions")
        shifts = {"Today": "now_().date()", "Tomorrow": "(now_().date() + datetime.timedelta(days=1))"}
        shifts["Yesterday"] = "(now_().date() - datetime.timedelta(days=1))"
        if member in shifts:
            return shifts[member], f"parse_date_string({member}) written from now_()"
    if calls(call, "combine") and len(call.args) == 2 and not call.keywords and program.unbound("combine"):
        args = ", ".join(src.segment(a) for a in call.args)
        return f"datetime.datetime.combine({args})", "combine(...) written as datetime.datetime.combine(...)"
    if calls(call, "time_by_hm") and len(call.args) == 3 and program.unbound("time_by_hm"):
        hour, minute, marker = (a.value if isinstance(a, ast.Constant) else None for a in call.args)
        if type(hour) is not int or type(minute) is not int or not isinstance(marker, str):
            return None
        if marker.lower() == "pm" and hour < 12:
            hour += 12
        elif marker.lower() == "am" and hour == 12:
            hour = 0
        if not (0 <= hour < 24 and 0 <= minute < 60):
            return None
        return f"datetime.time({hour}, {minute})", "time_by_hm(...) written as datetime.time(...)"
    if calls(call, "datetime.timedelta") and not call.args and len(call.keywords) == 1:
        keyword = call.keywords[0]
        amount = literal(keyword.value, int, float)
        smaller = {"weeks": ("days", 7), "days": ("hours", 24), "hours": ("minutes", 60)}
        if keyword.arg in smaller and type(amount) is int:
            unit, factor = smaller[keyword.arg]
            return f"datetime.timedelta({unit}={amount * factor})", f"timedelta in {keyword.arg} written in {unit}"
    return None


def equivalent_primitives(program: Program) -> Rewrite:
    """Replace library calls by equivalent combinations (see the module docstring)."""
    src = program.source
    calls = sorted((n for n in program.nodes() if isinstance(n, ast.Call)), key=lambda n: (n.lineno, n.col_offset))
    for call in calls:
        found = _equivalent(program, call)
        if found is None:
            continue
        text, what = found
        new = src.replace(call, text)
        yield f"{lines(call)}: {what}: {short(src.segment(call), 50)} -> {short(text, 50)}", new


def _loop_is_order_free(program: Program, loop: ast.For) -> bool:
    body = ast.Module(body=loop.body, type_ignores=[])
    if loop.orelse or has_control_flow(body) or _target_names([loop.target]) is None:
        return False
    effects = {program.effects.of(node) for node in ast.walk(body) if isinstance(node, ast.Call)}
    effects.add(program.effects.of(body))
    if Effect.UNKNOWN in effects:
        return False
    if Effect.WRITE in effects:
        if Effect.READ in effects or program.effects.of(loop.iter) > Effect.READ:
            return False  # a later iteration could see an earlier one's change
        if any(isinstance(n, _COMPREHENSIONS + (ast.Lambda,)) for n in ast.walk(loop.iter)):
            return False  # a lazily read iterable would see the body's changes
    targets = stores(loop.target)
    in_loop = set(ast.walk(loop))
    read_outside = {
        n.id
        for n in ast.walk(program.function)
        if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load) and n not in in_loop
    }
    if targets & read_outside:
        return False
    for name in stores(body) - targets:
        if _is_number_accumulator(program, loop, name):
            continue
        if name in read_outside or not _assigned_before_use(loop.body, name):
            return False
    # objects from outside the body must not change in place
    local = stores(body) | targets
    for node in ast.walk(body):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            if program.effects.call(node) is Effect.WRITE and _root(node.func.value) not in local:
                return False
        if isinstance(node, (ast.Attribute, ast.Subscript)) and isinstance(node.ctx, (ast.Store, ast.Del)):
            if _root(node.value) not in local:
                return False
    return True


def _root(node: ast.expr) -> str | None:
    while isinstance(node, (ast.Attribute, ast.Subscript)):
        node = node.value
    return node.id if isinstance(node, ast.Name) else None


def _is_number_accumulator(program: Program, loop: ast.For, name: str) -> bool:
    """``name += ...`` is the body's only use of ``name``, which starts from a number literal before the loop."""
    body = list(ast.walk(ast.Module(body=loop.body, type_ignores=[])))
    uses = [n for n in body if isinstance(n, ast.Name) and n.id == name]
    augmented = [
        n
        for n in body
        if isinstance(n, ast.AugAssign)
        and isinstance(n.op, ast.Add)
        and isinstance(n.target, ast.Name)
        and n.target.id == name
    ]
    if not augmented or len(uses) != len(augmented) or any(name in loads(a.value) for a in augmented):
        return False
    starts = [
        s
        for s in ast.walk(program.function)
        if isinstance(s, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in s.targets)
    ]
    other_bindings = [
        n
        for n in ast.walk(program.function)
        if isinstance(n, ast.Name) and n.id == name and not isinstance(n.ctx, ast.Load)
    ]
    return (
        len(starts) == 1
        and literal(starts[0].value, int, float) is not None
        and starts[0].lineno < loop.lineno
        and len(other_bindings) == 1 + len(augmented)
    )


def _assigned_before_use(body: list[ast.stmt], name: str) -> bool:
    """Whether each iteration binds ``name`` by a top-level statement before anything reads it."""
    for stmt in body:
        if isinstance(stmt, (ast.Assign, ast.AnnAssign)) and stmt.value is not None:
            if name in loads(stmt.value):
                return False
            if name in (_plain_targets(stmt) or set()):
                return True
        elif isinstance(stmt, ast.For):
            if name in loads(stmt.iter):
                return False
            if name in stores(stmt.target):
                return True
        if name in loads(stmt) or name in stores(stmt):
            return False
    return True


def iteration_order(program: Program) -> Rewrite:
    """Run loops with independent iterations in reverse order."""
    src = program.source
    if not program.unbound("reversed", "list"):
        return
    for stmt in program.statements():
        if isinstance(stmt, ast.For) and _loop_is_order_free(program, stmt):
            iterable = src.segment(stmt.iter)
            new = src.replace(stmt.iter, f"reversed(list({iterable}))")
            yield f"{lines(stmt)}: the loop over {short(iterable, 40)} runs in reverse order", new


#: Generator of each preserving kind.
GENERATORS = {
    "reorder_statements": reorder_statements,
    "rename_variables": rename_variables,
    "extract_helper": extract_helper,
    "inline_variable": inline_variable,
    "equivalent_primitives": equivalent_primitives,
    "iteration_order": iteration_order,
}
