"""The control surface's prompt documentation."""

from __future__ import annotations

import dataclasses
import inspect

import pytest

from aspera_workbench.control import surface
from aspera_workbench.control.control_docs import DOCUMENTED, render_control_docs


def test_the_documentation_is_stub_text_with_every_part_of_the_surface() -> None:
    text = render_control_docs()
    assert text.startswith('"""The assistant\'s world as plain Python data')
    for header in ("@dataclass\nclass World:", "class Event(TypedDict):", "class ControlWorldError(Exception):"):
        assert header in text
    assert "ForwardRef" not in text
    assert "    starts_at: datetime.datetime\n" in text
    assert "    RequiresUserInput: type[Exception]\n" in text
    assert text.index("class World") < text.index("class Employee") < text.index("class Event")


@pytest.mark.parametrize("name", [name for name in DOCUMENTED if name != "ControlWorldError"])
def test_every_key_and_attribute_is_explained_in_its_docstring(name: str) -> None:
    cls = getattr(surface, name)
    keys = (
        [f.name for f in dataclasses.fields(cls)] + ["RequiresUserInput"]
        if name == "World"
        else list(cls.__annotations__)
    )
    doc = inspect.getdoc(cls)
    missing = [key for key in keys if f"\n    {key}: " not in doc]
    assert not missing, f"{name} does not explain {missing}"


def test_the_documentation_is_between_a_thousand_and_three_thousand_words() -> None:
    assert 1000 < len(render_control_docs().split()) < 3000
