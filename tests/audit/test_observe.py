"""What counts as the same behaviour: canonical world changes, answers and the observation lines."""

from __future__ import annotations

import json
import subprocess
import sys
import uuid

from aspera_workbench.audit.observe import (
    MARKER,
    IdNumbering,
    Observation,
    _stable_repr,
    read_observations,
    world_change,
)


def ids() -> list[str]:
    return [str(uuid.uuid4()) for _ in range(4)]


def test_world_change_ignores_random_new_ids_and_row_order() -> None:
    ann, bob = ids()[:2]
    before = {"employees": [{"employee_id": ann}, {"employee_id": bob}], "user_calendar": []}
    first = {**before, "user_calendar": [{"event_id": str(uuid.uuid4()), "attendees": [ann], "subject": "A"},
                                         {"event_id": str(uuid.uuid4()), "attendees": [bob], "subject": "B"}]}  # fmt: skip
    second = {**before, "user_calendar": list(reversed([{**row, "event_id": str(uuid.uuid4())} for row in first["user_calendar"]]))}  # fmt: skip
    numbering = IdNumbering(before)
    assert world_change(before, first, numbering) == world_change(before, second, numbering)
    [added] = [world_change(before, first, numbering)["user_calendar"]["added"]]
    assert '"event_id": "<new>"' in added[0] and '"attendees": ["<id-1>"]' in added[0]


def test_world_change_sees_who_was_invited() -> None:
    ann, bob = ids()[:2]
    before = {"employees": [{"employee_id": ann}, {"employee_id": bob}], "user_calendar": []}
    with_ann = {**before, "user_calendar": [{"event_id": "x", "attendees": [ann]}]}
    with_bob = {**before, "user_calendar": [{"event_id": "x", "attendees": [bob]}]}
    numbering = IdNumbering(before)
    assert world_change(before, with_ann, numbering) != world_change(before, with_bob, numbering)
    assert world_change(before, before, numbering) == {}


def test_id_lists_compare_as_sets_and_rules_through_their_occurrences() -> None:
    people = ids()
    before = {"employees": [{"employee_id": p} for p in people], "user_metadata": [], "user_calendar": []}
    shared = {**before, "user_metadata": [{"calendar_visible_to": sorted(people[:3])}]}
    shared_again = {**before, "user_metadata": [{"calendar_visible_to": list(reversed(people[:3]))}]}
    numbering = IdNumbering(before)
    assert world_change(before, shared, numbering) == world_change(before, shared_again, numbering)

    def series(until: str, count: int | None) -> dict:
        rule = {"frequency": "daily", "recurs_until": until, "max_repetitions": count}
        return {**before, "user_calendar": [{"event_id": "p", "repeats": rule}, {"event_id": "i", "repeats": None}]}

    # the same occurrences written as "until Saturday" or "until Friday" are the same series
    assert world_change(before, series("2024-08-31", None), numbering) == world_change(
        before, series("2024-08-30", None), numbering
    )
    # an open-ended rule with the same first stored occurrences is not
    assert world_change(before, series("2024-08-31", None), numbering) != world_change(
        before, {**series("2024-08-31", None), "user_calendar": [{"event_id": "p", "repeats": {"frequency": "daily"}},
                                                                 {"event_id": "i", "repeats": None}]}, numbering)  # fmt: skip


def test_answers_are_compared_with_sets_sorted_and_ids_numbered() -> None:
    assert _stable_repr({3, 1, 2}) == _stable_repr({2, 3, 1})
    assert _stable_repr([{"b": frozenset({"y", "x"})}, (1,)]) == "[{'b': frozenset([\"'x'\", \"'y'\"])}, (1,)]"
    person = str(uuid.uuid4())
    numbering = IdNumbering({"employees": [{"employee_id": person}]})
    assert numbering(f"Employee(name='Ann', employee_id='{person}')") == "Employee(name='Ann', employee_id='<id-1>')"


def test_observation_lines_are_read_from_mixed_output() -> None:
    line = '{"raised": null, "answer": "2", "answer_digest": "a", "world_digest": "w", "changes": {}}'
    stdout = f"the program printed this\n{MARKER}{line}\n{MARKER}not json\n{MARKER}{line}\n"
    found = read_observations(stdout)
    assert len(found) == 2
    assert found[0] == Observation(None, "2", "a", "w", {})
    assert found[0].same_as(Observation(None, "other text, same digest", "a", "w", {"t": "+1 -0"}))
    assert not found[0].same_as(Observation("RequiresUserInput", "2", "a", "w", {}))


def test_the_observation_probe_imports_nothing_of_the_audit_engine() -> None:
    # Every observation run's judge imports the probe's module afresh (a fork of the fork server, which never
    # imports the workbench): the rest of the audit package there cost 50-90 ms per run, a sixth of the audit.
    code = (
        "import json, sys\n"
        "from aspera_workbench.audit.observe import observe\n"
        "print(json.dumps(sorted(name for name in sys.modules if name.startswith('aspera_workbench'))))"
    )
    output = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True).stdout
    loaded = json.loads(output)
    assert loaded == [
        "aspera_workbench",
        "aspera_workbench.audit",
        "aspera_workbench.audit.observe",
        "aspera_workbench.lazy",
    ]


def test_the_audit_package_still_gives_every_public_name() -> None:
    import aspera_workbench.audit as audit

    for name in audit.__all__:
        assert getattr(audit, name) is not None, name
    assert set(audit.__all__) <= set(dir(audit))
