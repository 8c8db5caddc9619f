"""What a piece of program reads, binds and does: the facts rewrites rely on.

The assistant library is known here by name only (this package imports nothing
from the workbench): which calls change the world, which only read it, and
which compute without touching it. Anything not known is treated as an effect
of unknown kind, so a rewrite that needs a statement to be harmless skips it.
"""

from __future__ import annotations

import ast
from enum import IntEnum


class Effect(IntEnum):
    """What evaluating a piece of code may do, from harmless to unknown."""

    PURE = 0  # computes a value; touches neither the world nor shared objects
    READ = 1  # reads the simulated world (directory, calendars, rooms)
    WRITE = 2  # changes the world, or changes an object in place
    UNKNOWN = 3  # calls something this module does not know


#: Library calls that change the world (or, for the recurrence helpers, the spec object passed in).
WRITERS = frozenset({"add_event", "delete_event", "share_calendar", "expand_to_instances", "_repetition_schedule"})

#: The actions a request can ask for: the calls whose effect an evaluation program should check.
ACTIONS = frozenset({"add_event", "delete_event", "share_calendar"})

#: Library calls that read the world and change nothing.
READERS = frozenset(
    {
        "find_employee",
        "find_team_of",
        "find_reports_of",
        "find_manager_of",
        "get_assistant",
        "get_vacation_schedule",
        "get_employee_profile",
        "get_all_employees",
        "get_current_user",
        "find_events",
        "find_past_events",
        "get_calendar",
        "get_event_ids",
        "get_event_instances",
        "get_event_by_id",
        "search_conference_room",
        "find_available_time_slots",
    }
)

#: Library functions and constructors that neither read nor change the world.
LIBRARY_PURE = frozenset(
    {
        "combine",
        "time_by_hm",
        "date_by_mdy",
        "get_next_dow",
        "get_prev_dow",
        "modify",
        "now_",
        "parse_date_string",
        "parse_time_string",
        "parse_duration_to_calendar",
        "parse_durations_to_date_interval",
        "sum_time_units",
        "convert",
        "compare_with_fixed_duration",
        "this_week_dates",
        "get_weekday",
        "get_weekday_ordinal",
        "get_search_settings",
        "get_default_preparation_time",
        "find_available_slots",
        "summarise_calendar",
        "provide_event_details",
        "summarise_availability",
        "cast_to_timedelta",
        "get_office_location",
        "room_booking_default_time_window",
        "Event",
        "Duration",
        "TimeInterval",
        "DateRange",
        "RepetitionSpec",
        "ConferenceRoom",
        "CalendarSearchSettings",
        "deepcopy",
        "RequiresUserInput",
    }
)

#: Built-in functions without side effects (``map`` and ``filter`` are lazy but harmless).
BUILTIN_PURE = frozenset(
    {
        "abs",
        "all",
        "any",
        "bool",
        "dict",
        "divmod",
        "enumerate",
        "filter",
        "float",
        "frozenset",
        "int",
        "isinstance",
        "len",
        "list",
        "map",
        "max",
        "min",
        "range",
        "repr",
        "reversed",
        "round",
        "set",
        "sorted",
        "str",
        "sum",
        "tuple",
        "zip",
    }
)

#: Methods of values programs handle (dates, strings, intervals, events...) that change nothing.
PURE_METHODS = frozenset(
    {
        "date",
        "time",
        "replace",
        "strip",
        "lstrip",
        "rstrip",
        "lower",
        "upper",
        "title",
        "casefold",
        "split",
        "join",
        "startswith",
        "endswith",
        "format",
        "isoformat",
        "strftime",
        "weekday",
        "isoweekday",
        "total_seconds",
        "contains",
        "contains_date",
        "includes",
        "to_minutes",
        "items",
        "keys",
        "values",
        "get",
        "copy",
        "count",
        "index",
        "model_copy",
    }
)

#: Methods that change the object they are called on.
MUTATING_METHODS = frozenset(
    {
        "append",
        "extend",
        "insert",
        "remove",
        "pop",
        "popitem",
        "clear",
        "sort",
        "reverse",
        "update",
        "add",
        "discard",
        "setdefault",
        "generate_occurrences",
    }
)


def bound_names(tree: ast.AST) -> set[str]:
    """Every name a program binds anywhere: :func:`stores`, parameters, ``global``/``nonlocal`` and match captures."""
    names = stores(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.arg):
            names.add(node.arg)
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            names.update(node.names)
        elif isinstance(node, (ast.MatchAs, ast.MatchStar)) and node.name:
            names.add(node.name)
        elif isinstance(node, ast.MatchMapping) and node.rest:
            names.add(node.rest)
    return names


def identifiers(tree: ast.AST, bindings: set[str]) -> set[str]:
    """Every identifier that appears in a program: its ``bindings``, names, attributes and keywords."""
    found = set(bindings)
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            found.add(node.id)
        elif isinstance(node, ast.Attribute):
            found.add(node.attr)
        elif isinstance(node, ast.keyword) and node.arg:
            found.add(node.arg)
    return found


def loads(node: ast.AST) -> set[str]:
    """Names read anywhere inside ``node`` (nested functions and comprehensions included)."""
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}


def stores(node: ast.AST) -> set[str]:
    """Names bound or deleted anywhere inside ``node`` (comprehension targets included, conservatively)."""
    names = {n.id for n in ast.walk(node) if isinstance(n, ast.Name) and isinstance(n.ctx, (ast.Store, ast.Del))}
    for n in ast.walk(node):
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(n.name)
        elif isinstance(n, (ast.Import, ast.ImportFrom)):
            names.update((alias.asname or alias.name).split(".")[0] for alias in n.names)
        elif isinstance(n, ast.ExceptHandler) and n.name:
            names.add(n.name)
    return names


def _root_name(node: ast.expr) -> str | None:
    while isinstance(node, ast.Attribute):
        node = node.value
    return node.id if isinstance(node, ast.Name) else None


class EffectAnalyser:
    """Classifies code by what it may do; a call through a name the program binds itself is unknown."""

    def __init__(self, program_bindings: set[str]) -> None:
        self.bindings = program_bindings

    def call(self, call: ast.Call) -> Effect:
        """The effect of one call, not counting its arguments."""
        func = call.func
        if isinstance(func, ast.Name):
            if func.id in self.bindings:
                return Effect.UNKNOWN
            if func.id in WRITERS:
                return Effect.WRITE
            if func.id in READERS:
                return Effect.READ
            if func.id in LIBRARY_PURE or func.id in BUILTIN_PURE:
                return Effect.PURE
            return Effect.UNKNOWN
        if isinstance(func, ast.Attribute):
            if func.attr in MUTATING_METHODS:
                return Effect.WRITE
            if _root_name(func) == "datetime" and "datetime" not in self.bindings:
                return Effect.PURE  # datetime.timedelta(...), datetime.datetime.combine(...)
            if func.attr in PURE_METHODS:
                return Effect.PURE
        return Effect.UNKNOWN

    def of(self, node: ast.AST) -> Effect:
        """The strongest effect of anything evaluated inside ``node`` (lambdas included)."""
        effect = Effect.PURE
        for inner in ast.walk(node):
            if isinstance(inner, ast.Call):
                effect = max(effect, self.call(inner))
            elif isinstance(inner, (ast.Yield, ast.YieldFrom, ast.Await, ast.NamedExpr)):
                effect = Effect.UNKNOWN
            elif isinstance(inner, (ast.Attribute, ast.Subscript)) and isinstance(inner.ctx, (ast.Store, ast.Del)):
                effect = max(effect, Effect.WRITE)  # changes an object in place
            elif isinstance(inner, ast.AugAssign) and not isinstance(inner.target, ast.Name):
                effect = max(effect, Effect.WRITE)
            if effect is Effect.UNKNOWN:
                break
        return effect


def has_control_flow(node: ast.AST) -> bool:
    """Whether ``node`` contains a statement that leaves or skips code (return, raise, break, continue, yield)."""
    return any(
        isinstance(n, (ast.Return, ast.Raise, ast.Break, ast.Continue, ast.Yield, ast.YieldFrom, ast.Try))
        for n in ast.walk(node)
    )


def uses_dynamic_scope(tree: ast.AST) -> bool:
    """Whether a program looks at its own variables by name (``locals()``, ``eval`` and the like)."""
    dynamic = {"locals", "vars", "eval", "exec", "globals", "dir"}
    return any(isinstance(n, ast.Name) and n.id in dynamic for n in ast.walk(tree))
