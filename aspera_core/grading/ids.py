"""Random ids made comparable: two runs of one setup draw the same world, not the same new ids.

The setup program builds the same world for every program evaluated on a pair, so the ids already in it can be
numbered by where they first appear; ids a program created are all alike (``<new>``). Lists of ids are sorted,
since the library stores some of them ordered by the random ids themselves.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

UUID = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")

Tables = dict[str, list[dict[str, Any]]]


class IdNumbering:
    """Replaces UUIDs in text: known ones by their number, unknown ones by ``<new>``.

    Numbers follow the first appearance in ``world`` (the tables the setup built), the directory first (its rows
    are stored in a fixed order).
    """

    def __init__(self, world: Tables) -> None:
        self._world: Tables | None = world
        self._numbers: dict[str, int] = {}

    @property
    def numbers(self) -> dict[str, int]:
        """Id -> number, worked out on first use (a run that changed nothing never needs it)."""
        if self._world is not None:
            world, self._world = self._world, None
            tables = sorted(world, key=lambda table: table != "employees")
            for match in UUID.finditer(json.dumps([world[table] for table in tables])):
                self._numbers.setdefault(match.group(0).lower(), len(self._numbers) + 1)
        return self._numbers

    def __call__(self, text: str) -> str:
        numbers = self.numbers

        def replace(match: re.Match[str]) -> str:
            number = numbers.get(match.group(0).lower())
            return "<new>" if number is None else f"<id-{number}>"

        return UUID.sub(replace, text)


def canonical_value(value: Any, ids: Callable[[str], str]) -> Any:
    """A row value with ids replaced; a list of ids becomes sorted (stored id lists are ordered by the random ids)."""
    if isinstance(value, str):
        return ids(value)
    if isinstance(value, list):
        items = [canonical_value(item, ids) for item in value]
        if value and all(isinstance(item, str) and UUID.fullmatch(item) for item in value):
            items.sort()
        return items
    if isinstance(value, dict):
        return {key: canonical_value(item, ids) for key, item in value.items()}
    return value
