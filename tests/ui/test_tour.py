"""The teaching tour: one task's world, reference program and verdict, then a wrong program and how it fails."""

from __future__ import annotations

import pytest

from aspera_workbench.ui.tour import open_tour
from tests.ui.support import TASKS


def test_the_tour_tells_the_story_of_one_task() -> None:
    with open_tour(TASKS, "1018", wrong=1) as tour:
        assert "cancel all my upcoming meetings" in tour.request()
        before = tour.world("user_calendar")
        assert "Fenella, Ruairi" in set(before["attendees"]) and before["starts_at"].str.match(r"\w{3} \d{4}-").all()
        assert "success" in tour.verdict("reference")
        after = tour.world("user_calendar", when="after")
        assert len(after) < len(before)
        assert "removed" in tour.change("reference") and "Fenella" in tour.change("reference")
        # wrong=1 starts with the task's second wrong program.
        assert "cancels only the first matching meeting" in tour.wrong_diff()
        assert "task_completion_error" in tour.verdict("wrong")
        assert "differs from the reference" in tour.change("wrong")
        assert "def</span>" in tour.program("evaluation") and tour.program()._repr_html_() == tour.program()
        with pytest.raises(ValueError, match="when must be"):
            tour.world("user_calendar", when="during")
        with pytest.raises(ValueError, match="no program 'other'"):
            tour.program("other")


def test_a_missing_task_or_wrong_program_is_named() -> None:
    with pytest.raises(KeyError, match="has no task 99999"):
        open_tour(TASKS, "99999")
    with pytest.raises(ValueError, match="wrong must be 0 to"):
        open_tour(TASKS, "1018", wrong=9)
