"""Render the library's documentation as Python-stub text (signatures, fields and docstrings, no bodies).

The layout, with ``# <module>.py`` headers, is the one the original agents' prompts use.
"""

from __future__ import annotations

import ast
import dataclasses
import enum
import functools
import importlib
import inspect
import re
import textwrap
import types
import typing
from collections.abc import Iterable
from typing import Any

from pydantic import BaseModel

_PACKAGE = "aspera_core.library"
_LIBRARY_PREFIX = re.compile(
    r"\b(?:aspera_core\.library\.)?(?:exceptions|time_utils|company_directory|work_calendar|"
    r"room_booking|files|contacts|messaging|navigation|reminder|user_device_settings|ai_assistant)\."
)
_INDENT = "    "

#: Names the original's documentation layer does not show although programs
#: can use them (its executable-only additions), per module; ``Class.member``
#: names a field, enum member or method of a documented class. Prompts show
#: what the original documents, so that prompt length and content stay
#: comparable with the paper's.
EXECUTABLE_ONLY: dict[str, frozenset[str]] = {
    "exceptions": frozenset(
        {"ParseError", "EventDefinitionError", "SearchError", "RequiresUserInputError", "assert_requires_input_error"}
    ),
    "time_utils": frozenset(
        {
            "cast_to_timedelta",
            "MAX_EVENT_RECURRENCES",
            "Duration.to_minutes",
            "RepetitionSpec.finite",
            "RepetitionSpec.generate_occurrences",
        }
    ),
    "company_directory": frozenset(
        {
            "EmployeeID",
            "Team.Assistants",
            "Employee.employee_id",
            "Employee.employee_id_set",
            "EmployeeDetails.role",
            "EmployeeDetails.manager",
            "EmployeeDetails.assistant",
            "EmployeeDetails.reports",
            "EmployeeDetails.employee_id",
            "EmployeeDetails.is_user",
            "EmployeeDetails.__str__",
        }
    ),
    "work_calendar": frozenset(
        {
            "get_event_ids",
            "expand_to_instances",
            "validate_starts_at",
            "get_event_instances",
            "get_event_by_id",
            "DEFAULT_EVENT_DURATION_MINUTES",
            "EventId",
            "EMPLOYEE_FIELDS",
            "ID_FIELDS",
            "STRUCT_FIELDS",
            "NOT_GIVEN",
            "logger",
            "Event.from_dict",
            "Event.serialise_attendees",
            "Event.event_id",
            "Event.recurrent_event_id",
        }
    ),
}


def _module(module: types.ModuleType | str) -> types.ModuleType:
    if isinstance(module, str):
        name = module if "." in module else f"{_PACKAGE}.{module}"
        return importlib.import_module(name)
    return module


def defined_names(module: types.ModuleType) -> list[str]:
    """Public top-level names the module itself defines, in source order."""
    tree = ast.parse(inspect.getsource(module))
    names: list[str] = []
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            candidates = [node.name]
        elif isinstance(node, ast.Assign):
            candidates = [t.id for t in node.targets if isinstance(t, ast.Name)]
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            candidates = [node.target.id]
        else:
            continue
        names.extend(n for n in candidates if not n.startswith("_") and n not in names)
    return names


def _annotation(annotation: Any) -> str:
    if annotation is inspect.Parameter.empty:
        return ""
    if isinstance(annotation, str):
        return annotation
    # Names from the library read better unqualified, as programs see them.
    return _LIBRARY_PREFIX.sub("", inspect.formatannotation(annotation)).replace("typing.", "")


def _signature(function: Any, name: str) -> str:
    try:
        signature = inspect.signature(function)
    except (TypeError, ValueError):
        return f"def {name}(...)"
    parts = []
    seen_keyword_only = False
    for parameter in signature.parameters.values():
        if parameter.kind is parameter.KEYWORD_ONLY and not seen_keyword_only:
            parts.append("*")
            seen_keyword_only = True
        text = parameter.name
        if parameter.kind is parameter.VAR_POSITIONAL:
            text = "*" + text
        elif parameter.kind is parameter.VAR_KEYWORD:
            text = "**" + text
        annotation = _annotation(parameter.annotation)
        if annotation:
            text += f": {annotation}"
        if parameter.default is not inspect.Parameter.empty:
            text += f" = {_value(parameter.default)}" if annotation else f"={_value(parameter.default)}"
        parts.append(text)
    returns = _annotation(signature.return_annotation)
    return f"def {name}({', '.join(parts)})" + (f" -> {returns}" if returns else "")


def _value(value: Any) -> str:
    """Source-like text of a default value (enum members by name, records by fields)."""
    if isinstance(value, enum.Enum):
        return f"{type(value).__name__}.{value.name}"
    if isinstance(value, tuple) and hasattr(type(value), "_fields"):
        fields = ", ".join(f"{f}={_value(getattr(value, f))}" for f in value._fields)
        return f"{type(value).__name__}({fields})"
    return repr(value)


def _docstring(obj: Any, indent: str) -> list[str]:
    doc = inspect.getdoc(obj)
    if not doc:
        return []
    body = textwrap.indent(f'"""{doc}\n"""' if "\n" in doc else f'"""{doc}"""', indent)
    return body.splitlines()


def _render_function(function: Any, name: str, indent: str = "") -> list[str]:
    lines = [f"{indent}{_signature(function, name)}:"]
    lines += _docstring(function, indent + _INDENT) or [f"{indent}{_INDENT}..."]
    return lines


def _fields(cls: type) -> list[tuple[str, str, Any]]:
    """(name, annotation text, default or inspect.Parameter.empty) for record-like classes."""
    empty = inspect.Parameter.empty
    if isinstance(cls, type) and issubclass(cls, BaseModel):
        result = []
        for name, info in cls.model_fields.items():
            default = empty if info.is_required() else info.get_default(call_default_factory=True)
            result.append((name, _annotation(info.annotation), default))
        return result
    if dataclasses.is_dataclass(cls):
        result = []
        for f in dataclasses.fields(cls):
            if f.default is not dataclasses.MISSING:
                default = f.default
            elif f.default_factory is not dataclasses.MISSING:
                default = f.default_factory()
            else:
                default = empty
            result.append((f.name, _annotation(f.type), default))
        return result
    if issubclass(cls, tuple) and hasattr(cls, "_fields"):
        hints = typing.get_type_hints(cls)
        defaults = getattr(cls, "_field_defaults", {})
        return [(n, _annotation(hints.get(n, empty)), defaults.get(n, empty)) for n in cls._fields]
    hints = cls.__dict__.get("__annotations__", {})
    return [(n, _annotation(a), cls.__dict__.get(n, empty)) for n, a in hints.items()]


def _pydantic_hooks(cls: type) -> set[str]:
    """Names of a model's validators and serializers: machinery, not API."""
    decorators = getattr(cls, "__pydantic_decorators__", None)
    groups = ("validators", "field_validators", "root_validators", "field_serializers", "model_serializers")
    return {name for group in (*groups, "model_validators") for name in getattr(decorators, group, {})}


def _render_class(cls: type, name: str, hidden_members: frozenset[str] = frozenset()) -> list[str]:
    bases = [b.__name__ for b in cls.__bases__ if b is not object]
    if issubclass(cls, tuple) and hasattr(cls, "_fields"):
        bases = ["NamedTuple"]
    header = f"class {name}({', '.join(bases)}):" if bases else f"class {name}:"
    lines = ["@dataclass"] if dataclasses.is_dataclass(cls) else []
    lines.append(header)
    lines += _docstring(cls, _INDENT)
    if issubclass(cls, enum.Enum):
        lines += [f"{_INDENT}{m.name} = {m.value!r}" for m in cls if m.name not in hidden_members]
        return lines
    for field_name, annotation, default in _fields(cls):
        if field_name in hidden_members:
            continue
        text = f"{_INDENT}{field_name}: {annotation}" if annotation else f"{_INDENT}{field_name}"
        if default is not inspect.Parameter.empty:
            text += f" = {_value(default)}"
        lines.append(text)
    hidden = _pydantic_hooks(cls) | hidden_members
    for attr, member in cls.__dict__.items():
        if attr in hidden or attr.startswith("_") and attr not in ("__str__", "__eq__"):
            continue
        if isinstance(member, property):
            lines.append("")
            lines.append(f"{_INDENT}@property")
            lines += _render_function(member.fget, attr, _INDENT)
        elif isinstance(member, (staticmethod, classmethod)):
            if attr.startswith("_") or attr in ("model_config",):
                continue
            lines.append("")
            lines.append(f"{_INDENT}@{type(member).__name__}")
            lines += _render_function(member.__func__, attr, _INDENT)
        elif inspect.isfunction(member) and inspect.getdoc(member) and (not attr.startswith("_") or member.__doc__):
            lines.append("")
            lines += _render_function(member, attr, _INDENT)
    return lines


def _block(module: types.ModuleType, name: str, hidden: frozenset[str]) -> list[str] | None:
    """The stub lines of one name a module defines (``None`` for a kind that is not rendered)."""
    obj = getattr(module, name, None)
    if obj in (str, int) and name != obj.__name__:  # a type alias such as EventId = str
        return [f"{name} = {obj.__name__}"]
    if typing.get_origin(obj) is typing.Literal:
        return [f"{name} = {_annotation(obj)}"]
    if isinstance(obj, enum.EnumMeta) or inspect.isclass(obj):
        members = frozenset(m.split(".", 1)[1] for m in hidden if m.startswith(f"{name}."))
        return _render_class(obj, name, members)
    if inspect.isfunction(obj) or callable(obj) and hasattr(obj, "__wrapped__"):
        return _render_function(obj, name)
    if isinstance(obj, (int, float, str, tuple)):
        return [f"{name} = {obj!r}"]
    return None


@functools.cache
def _rendered(module_name: str, documented_only: bool) -> tuple[str | None, tuple[tuple[str, str], ...]]:
    """A module's docstring and each name's stub text, once per process (prompts render them again and again)."""
    module = importlib.import_module(module_name)
    hidden = EXECUTABLE_ONLY.get(module_name.rsplit(".", 1)[-1], frozenset()) if documented_only else frozenset()
    docstring = "\n".join(_docstring(module, "")) if module.__doc__ else None
    blocks = []
    for name in defined_names(module):
        if name not in hidden and (lines := _block(module, name, hidden)) is not None:
            blocks.append((name, "\n".join(lines)))
    return docstring, tuple(blocks)


def render_module_docs(
    module: types.ModuleType | str,
    documented_only: bool = False,
    names: Iterable[str] | None = None,
    module_docstring: bool = True,
) -> str:
    """The documentation of one library module (or its short name) as Python-stub text.

    The module docstring, then every public class, function, enum and constant the module
    defines (not what it imports), in definition order; ``documented_only`` leaves out
    :data:`EXECUTABLE_ONLY`, as prompts do; ``names`` renders only those.
    """
    docstring, blocks = _rendered(_module(module).__name__, documented_only)
    wanted = None if names is None else set(names)
    parts = [docstring] if docstring and module_docstring else []
    parts += [text for name, text in blocks if wanted is None or name in wanted]
    return "\n\n".join(parts) + "\n"


def render_library_docs(modules: list[str], documented_only: bool = False) -> str:
    """Documentation of several library modules (e.g. a task's ``scenario.apps``), each under ``# <module>.py``."""
    return _library_docs(tuple(modules), documented_only)


@functools.lru_cache(maxsize=64)
def _library_docs(modules: tuple[str, ...], documented_only: bool) -> str:
    return "\n\n".join(f"# {m}.py\n\n{render_module_docs(m, documented_only)}" for m in modules)
