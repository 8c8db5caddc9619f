"""Reading actions from replies written in the explorer's plain-text protocol."""

from __future__ import annotations

import pytest

from aspera_workbench.agents.explore_protocol import parse_action, result_message


@pytest.mark.parametrize(
    ("reply", "tool", "arguments"),
    [
        ("Action: list_modules", "list_modules", {}),
        (
            "Let me look.\nAction: search_docs\nInput: free room\nModule: room_booking",
            "search_docs",
            {"query": "free room", "module": "room_booking"},
        ),
        ("**Action:** `read_docs`\n**Input:** `find_events`", "read_docs", {"name": "find_events"}),
        ("Action: read_docs(work_calendar.find_events)", "read_docs", {"name": "work_calendar.find_events"}),
        ("Action: READ_DOCS\nInput: add_event()", "read_docs", {"name": "add_event"}),
        (
            "Action: dry_run\nInput:\n```python\ndef f():\n    return 1\n```\n",
            "dry_run",
            {"program": "def f():\n    return 1\n"},
        ),
        ("Action: submit\nInput: def f():\n    return 2", "submit", {"program": "def f():\n    return 2"}),
    ],
)
def test_actions_are_read_whatever_their_decoration(reply: str, tool: str, arguments: dict[str, str]) -> None:
    action = parse_action(reply)
    assert action is not None and (action.tool, action.arguments, action.problem) == (tool, arguments, None)
    assert not action.ignored


def test_only_the_first_action_counts_and_invented_results_are_ignored() -> None:
    action = parse_action("Action: search_docs\nInput: rooms\nResult of search_docs: lots\nAction: submit\nInput: x")
    assert action is not None and action.arguments == {"query": "rooms"} and action.ignored


@pytest.mark.parametrize(
    ("reply", "problem"),
    [
        ("Action: dry_run\nInput:", "dry_run needs the program"),
        ("Action: search_docs", "search_docs needs keywords"),
        ("Action: read_docs\nInput: ``", "read_docs needs the name"),
    ],
)
def test_an_action_without_its_input_names_what_is_missing(reply: str, problem: str) -> None:
    action = parse_action(reply)
    assert action is not None and action.problem is not None and action.problem.startswith(problem)


def test_replies_without_an_action_and_unknown_tools() -> None:
    assert parse_action(None) is None and parse_action("Here is my plan: first search.") is None
    action = parse_action("Action: book_room\nInput: Aurora")
    assert action is not None and (action.tool, action.arguments) == ("book_room", {})
    assert result_message("read_docs", "text") == {"role": "user", "content": "Result of read_docs:\ntext"}
