"""The explorer's documentation tools and tool definitions."""

from __future__ import annotations

import pytest

from aspera_workbench.agents.agent_prompts import PromptFiles
from aspera_workbench.agents.explore_tools import (
    TOOL_NAMES,
    check_arguments,
    documentation_index,
    parse_descriptions,
    tool_definitions,
)
from aspera_workbench.surface.library_docs import EXECUTABLE_ONLY
from aspera_workbench.surface.primitives import ALL_MODULES


def test_search_ranks_names_first_and_can_be_limited_to_one_module() -> None:
    index = documentation_index()
    hits = index.search("find available time slots").splitlines()
    assert hits[0].startswith("room_booking.def find_available_time_slots(")
    only_calendar = index.search("available slots", module="work_calendar").splitlines()
    assert only_calendar[0].startswith("work_calendar.def find_available_slots(")
    assert all(line.startswith("work_calendar.") for line in only_calendar if not line.startswith("("))
    assert index.search("the of and") == "The query has no words to search for."
    assert index.search("zebra xylophone").startswith("Nothing matches")
    with pytest.raises(ValueError, match="no module 'calendar'"):
        index.search("event", module="calendar")


def test_read_shows_one_entry_a_module_overview_or_close_names() -> None:
    index = documentation_index()
    text = index.read("work_calendar.find_events")
    assert text.startswith("# work_calendar.py\n\ndef find_events(") and "def add_event" not in text
    assert index.read("`find_events()`") == text
    overview = index.read("room_booking")
    assert overview.startswith("# room_booking.py") and "- def search_conference_room(" in overview
    with pytest.raises(KeyError, match="Close names: find_events"):
        index.read("find_event")


def test_nothing_outside_the_documented_library_is_listed_or_found() -> None:
    index = documentation_index()
    hidden = {(module, name) for module, module_names in EXECUTABLE_ONLY.items() for name in module_names}
    assert hidden and not {(entry.module, entry.name) for entry in index.entries} & hidden
    assert [line.split(":")[0] for line in index.list_modules().splitlines()] == list(ALL_MODULES)


def test_tool_definitions_and_argument_checks() -> None:
    tools = tool_definitions(parse_descriptions(PromptFiles.load().templates["explore_tools"].template))
    assert [tool["function"]["name"] for tool in tools] == list(TOOL_NAMES)
    search = next(tool for tool in tools if tool["function"]["name"] == "search_docs")["function"]["parameters"]
    assert search["required"] == ["query"] and search["properties"]["module"]["enum"] == list(ALL_MODULES)
    assert check_arguments("read_docs", {"name": "x", "extra": 1}) is None
    assert "missing" in (check_arguments("dry_run", {}) or "")
    assert "empty" in (check_arguments("submit", {"program": "  "}) or "")
    assert "not a JSON object (bad)" in (check_arguments("search_docs", None, "bad") or "")
    with pytest.raises(ValueError, match="line 1"):
        parse_descriptions("no colon here")
