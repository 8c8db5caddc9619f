"""What a program changed in the world, made readable: added, removed and changed rows; same change or not."""

from __future__ import annotations

from html.parser import HTMLParser

import pandas as pd
import pytest

from aspera_workbench.ui.world_change import (
    change_html,
    compare_html,
    pair_changes,
    readable_table,
    same_change,
    world_diff,
)

ANN = "11111111-1111-4111-8111-111111111111"
BO = "22222222-2222-4222-8222-222222222222"
EVENT = "33333333-3333-4333-8333-333333333333"
NEW = "44444444-4444-4444-8444-444444444444"
OTHER_NEW = "55555555-5555-4555-8555-555555555555"

EMPLOYEES = [{"employee_id": ANN, "name": "Ann"}, {"employee_id": BO, "name": "Bo"}]
REVIEW = {"event_id": EVENT, "subject": "Review", "starts_at": "2024-06-27T15:00:00", "attendees": [ANN], "notes": ""}


def world(*events: dict) -> dict:
    return {"employees": EMPLOYEES, "user_calendar": list(events)}


def test_a_row_keeping_its_id_is_changed_and_a_row_with_a_new_id_is_added() -> None:
    moved = {**REVIEW, "starts_at": "2024-06-28T09:00:00", "attendees": [BO, ANN]}
    lunch = {"event_id": NEW, "subject": "Lunch", "starts_at": "2024-06-27T12:00:00", "attendees": [BO]}
    change = world_diff(world(REVIEW), world(moved, lunch))["user_calendar"]
    assert (len(change.added), len(change.removed), len(change.changed)) == (1, 0, 1)
    # Names instead of ids, weekdays on date-times, the empty note and the row's own id left out.
    assert change.added == ({"subject": "Lunch", "starts_at": "Thu 2024-06-27 12:00", "attendees": ["Bo"]},)
    before, after = change.changed[0]
    assert before == {"subject": "Review", "starts_at": "Thu 2024-06-27 15:00", "attendees": ["Ann"]}
    assert after == {"subject": "Review", "starts_at": "Fri 2024-06-28 09:00", "attendees": ["Bo", "Ann"]}
    assert "employees" not in world_diff(world(REVIEW), world(moved, lunch))


def test_reordered_id_lists_and_fresh_random_ids_are_not_changes() -> None:
    assert world_diff(world({**REVIEW, "attendees": [ANN, BO]}), world({**REVIEW, "attendees": [BO, ANN]})) == {}
    # Two runs that each add the same event under different random ids made the same change.
    lunch = {"subject": "Lunch", "starts_at": "2024-06-27T12:00:00", "attendees": [BO]}
    first = pair_changes([{"pair": 0, "before": world(REVIEW), "after": world(REVIEW, {**lunch, "event_id": NEW})}])
    second = pair_changes(
        [{"pair": 0, "before": world(REVIEW), "after": world(REVIEW, {**lunch, "event_id": OTHER_NEW})}]
    )
    assert same_change(first[0], second[0]) is True
    nothing = pair_changes([{"pair": 0, "before": world(REVIEW), "after": world(REVIEW)}])[0]
    assert not nothing.tables and same_change(first[0], nothing) is False
    assert change_html(nothing) == "<i>nothing changed</i>"


def test_a_world_that_could_not_be_read_is_said_so() -> None:
    broken = pair_changes([{"pair": 1, "before": world(REVIEW), "after": None}])[0]
    assert not broken.readable and same_change(broken, broken) is None
    assert "could not be read" in change_html(broken)
    assert "did not reach the program" in change_html(None)


def test_compare_shows_the_reference_beside_the_candidate_per_pair() -> None:
    moved = {**REVIEW, "subject": "Design review"}
    candidate = pair_changes([{"pair": 0, "before": world(REVIEW), "after": world(REVIEW)}])
    reference = pair_changes([{"pair": 0, "before": world(REVIEW), "after": world(moved)}])
    page = compare_html(candidate, reference)
    assert "Pair 0" in page and "differs from the reference" in page and "Design review" in page
    assert "same change as the reference" in compare_html(reference, reference)
    assert "reference program" not in compare_html(candidate, None)
    assert "no evaluation program called the program" in compare_html([], [])


def test_readable_table_for_the_tour() -> None:
    table = readable_table(world(REVIEW), "user_calendar")
    assert isinstance(table, pd.DataFrame)
    assert table.to_dict("records") == [{"subject": "Review", "starts_at": "Thu 2024-06-27 15:00", "attendees": "Ann"}]
    with pytest.raises(KeyError, match="no table 'rooms'"):
        readable_table(world(REVIEW), "rooms")


def test_a_table_shows_other_ids_as_the_change_view_numbers_them() -> None:
    SERIES = "66666666-6666-4666-8666-666666666666"
    weekly = {**REVIEW, "recurrent_event_id": SERIES}
    before, after = world(weekly), world()  # the series' event removed: the change shows the whole row
    table = readable_table(before, "user_calendar", before=before)
    assert SERIES not in str(table.to_dict("records"))
    (row,) = pair_changes([{"pair": 0, "before": before, "after": after}])[0].tables["user_calendar"].removed
    shown = table.loc[0, "recurrent_event_id"]
    assert shown.startswith("<id-") and shown == row["recurrent_event_id"]  # the same name in the table and the change
    fresh = readable_table(world({**REVIEW, "recurrent_event_id": NEW}), "user_calendar", before=before)
    assert fresh.loc[0, "recurrent_event_id"] == "<new>"  # an id the world before did not have


class _Cells(HTMLParser):
    """The rows of an HTML table as (row class, [(cell class, cell text), ...])."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[tuple[str, list[tuple[str, str]]]] = []
        self._cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "tr":
            self.rows.append((dict(attrs).get("class") or "", []))
        elif tag in ("td", "th"):
            self._cell = [dict(attrs).get("class") or ""]
            self.rows[-1][1].append(("", ""))

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self._cell is not None:
            self.rows[-1][1][-1] = (self._cell[0], "".join(self._cell[1:]))
            self._cell = None


def test_a_changed_row_shows_before_above_after_column_by_column_with_the_changes_marked() -> None:
    moved = {**REVIEW, "starts_at": "2024-06-28T09:00:00"}
    lunch = {"event_id": NEW, "subject": "Lunch", "starts_at": "2024-06-27T12:00:00", "attendees": [BO]}
    change = pair_changes([{"pair": 0, "before": world(REVIEW), "after": world(moved, lunch)}])[0]
    parser = _Cells()
    parser.feed(change_html(change))
    rows = {kind: cells for kind, cells in parser.rows if kind}
    header = next(cells for kind, cells in parser.rows if not kind and cells and cells[0][1] == "")
    columns = [text for _, text in header]
    before, after = rows["aspera-row-before"], rows["aspera-row-after"]
    assert len(before) == len(after) == len(columns)  # the same columns, one under the other
    by_column = {name: (old, new) for name, old, new in zip(columns, before, after)}
    assert by_column["starts_at"] == (
        ("aspera-changed-cell", "Thu 2024-06-27 15:00"),
        ("aspera-changed-cell", "Fri 2024-06-28 09:00"),
    )
    assert by_column["subject"] == (("", "Review"), ("", "Review"))  # names the row; not marked
    added = dict(zip(columns, (text for _, text in rows["aspera-row-added"])))
    assert added["subject"] == "Lunch" and added["attendees"] == "Bo"  # in the same columns
    assert "changed-cell" in change_html(change) and "text-align:left" in change_html(change)


def test_every_cell_of_the_comparison_says_left_so_jupyterlab_does_not_right_align_it() -> None:
    import re

    moved = {**REVIEW, "subject": "Design review"}
    candidate = pair_changes([{"pair": 0, "before": world(REVIEW), "after": world(REVIEW)}])
    reference = pair_changes([{"pair": 0, "before": world(REVIEW), "after": world(moved)}])
    cells = re.findall(r"<t[dh]\b[^>]*>", compare_html(candidate, reference))
    assert cells and [cell for cell in cells if "text-align:left" not in cell] == []
    assert "<h4" not in compare_html(candidate, reference)  # notebook stylesheets restyle headings in outputs


def test_rows_one_program_changed_and_the_other_did_not_are_marked_on_both_sides() -> None:
    lunch = {"event_id": NEW, "subject": "Lunch", "starts_at": "2024-06-27T12:00:00", "attendees": [BO]}
    before = world(REVIEW, lunch)
    candidate = pair_changes([{"pair": 0, "before": before, "after": world()}])  # removes both
    reference = pair_changes([{"pair": 0, "before": before, "after": world(lunch)}])  # removes the review only
    parser = _Cells()
    parser.feed(compare_html(candidate, reference))
    marked = [(kind, [text for _, text in cells]) for kind, cells in parser.rows if "aspera-row-extra" in kind]
    assert len(marked) == 1 and "Lunch" in marked[0][1]  # the reference program keeps the lunch
    parser = _Cells()
    parser.feed(compare_html(reference, candidate))
    missing = [[text for _, text in cells] for kind, cells in parser.rows if "aspera-row-missing" in kind]
    assert len(missing) == 1 and "Lunch" in missing[0]  # seen from the other side: a removal it does not make
    assert "aspera-row-extra" not in compare_html(candidate, None)
