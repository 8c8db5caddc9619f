"""A stand-in world for running small programs and their variants in the tests.

The variants package is pure text; to show that a rewrite keeps a program's
meaning (and that a mutant changes it), the tests run both against this small
recording world: every action is logged, readers return fixed values.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass, field
from typing import Any

from aspera_workbench.variants import Variant


def program(text: str) -> str:
    """A program written indented in a test, as source."""
    return textwrap.dedent(text).lstrip("\n")


@dataclass(frozen=True)
class Person:
    name: str


class RequiresUserInput(Exception):
    pass


@dataclass
class World:
    """Records the actions a program performs."""

    actions: list[tuple[str, Any]] = field(default_factory=list)
    people: tuple[Person, ...] = (Person("Me"), Person("Ann"), Person("Bob"), Person("Cy"))

    def namespace(self) -> dict[str, Any]:
        def find_employee(name: str) -> list[Person]:
            return [p for p in self.people if p.name.startswith(name)]

        return {
            "Event": lambda **fields: dict(fields),
            "add_event": lambda event: self.actions.append(("add", dict(event))),
            "delete_event": lambda event: self.actions.append(("delete", event)),
            "share_calendar": lambda people: self.actions.append(("share", list(people))),
            "find_employee": find_employee,
            "find_team_of": lambda person: [p for p in self.people[1:] if p != person],
            "get_current_user": lambda: self.people[0],
            "get_all_employees": lambda: sorted(self.people, key=lambda p: p.name),
            "combine": lambda day, at: (day, at),
            "time_by_hm": lambda hour, minute, marker: (hour + (12 if marker == "pm" and hour < 12 else 0), minute),
            "RequiresUserInput": RequiresUserInput,
        }


def run(source: str, world: World | None = None, **extra: Any) -> tuple[Any, list[tuple[str, Any]]]:
    """Run a program's first function in a fresh world; return its result (or exception type) and the actions."""
    world = world or World()
    namespace = {**world.namespace(), **extra}
    exec(compile(source, "<test program>", "exec"), namespace)
    name = next(
        line.split("def ", 1)[1].split("(", 1)[0] for line in source.splitlines() if line.lstrip().startswith("def ")
    )
    try:
        result: Any = namespace[name]()
    except Exception as error:  # noqa: BLE001 - the tests compare exceptions too
        result = type(error).__name__
    return result, world.actions


def of_kind(variants: list[Variant], kind: str) -> list[Variant]:
    """The variants of one kind."""
    return [v for v in variants if v.kind == kind]
