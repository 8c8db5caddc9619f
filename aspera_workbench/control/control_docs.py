"""The control setting's documentation, rendered for a prompt.

The control surface is documented the way the library is: as Python-stub
text made from the definitions' own docstrings and annotations (compare
:mod:`aspera_workbench.surface.library_docs`), so a model reads both settings in the same
form. :func:`render_control_docs` renders the module docstring of
:mod:`aspera_workbench.control.surface` (how to write a program, what is saved,
how to hand back), then the ``World`` class and the shape of each kind of
entry, with no implementation.
"""

from __future__ import annotations

import dataclasses
import inspect
import textwrap
import typing
from typing import Any

from aspera_workbench.control import surface

#: What the documentation shows, in this order: the world first, then its entries.
DOCUMENTED = ("World", "Employee", "Vacation", "Event", "Repeats", "Room", "RoomBooking", "ControlWorldError")

_INDENT = "    "


def _docstring(obj: Any, indent: str) -> list[str]:
    doc = inspect.getdoc(obj) or ""
    text = f'"""{doc}\n"""' if "\n" in doc else f'"""{doc}"""'
    return textwrap.indent(text, indent).splitlines()


def _annotation_text(annotation: Any) -> str:
    """An annotation as written in the source (the surface module postpones evaluation)."""
    if isinstance(annotation, typing.ForwardRef):
        return annotation.__forward_arg__
    if isinstance(annotation, str):
        return annotation
    return inspect.formatannotation(annotation)


def _render_typed_dict(cls: type) -> list[str]:
    lines = [f"class {cls.__name__}(TypedDict):", *_docstring(cls, _INDENT)]
    lines += [f"{_INDENT}{key}: {_annotation_text(value)}" for key, value in cls.__annotations__.items()]
    return lines


def _render_world(cls: type) -> list[str]:
    lines = ["@dataclass", f"class {cls.__name__}:", *_docstring(cls, _INDENT)]
    lines += [f"{_INDENT}{field.name}: {_annotation_text(field.type)}" for field in dataclasses.fields(cls)]
    lines.append(f"{_INDENT}RequiresUserInput: type[Exception]")
    return lines


def render_control_docs() -> str:
    """The control surface's documentation as Python-stub text, for a prompt, blocks separated by a blank line."""
    blocks = [_docstring(surface, "")]
    for name in DOCUMENTED:
        obj = getattr(surface, name)
        if dataclasses.is_dataclass(obj):
            blocks.append(_render_world(obj))
        elif issubclass(obj, BaseException):
            blocks.append([f"class {name}(Exception):", *_docstring(obj, _INDENT)])
        else:
            blocks.append(_render_typed_dict(obj))
    return "\n\n".join("\n".join(block) for block in blocks) + "\n"
