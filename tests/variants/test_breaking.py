"""Semantics-breaking mutants: each kind changes what the program does, in the way its description says."""

from __future__ import annotations

import datetime

from aspera_workbench.variants import mutants

from .support import Person, World, program, run

BOOKING = program(
    '''
    def book_review():
        """Book a review with Ann and Bob on Friday at 2:30 PM in a room."""
        people = [find_employee("Ann")[0], find_employee("Bob")[0]]
        day = get_next_dow("Friday")
        review = Event(attendees=people, starts_at=combine(day, time_by_hm(2, 30, "pm")), location="Maple")
        add_event(review)
        share_calendar(people)
    '''
)

QUESTION = program(
    '''
    def how_many() -> int:
        """Count the team, asking when there is nobody."""
        team = find_team_of(get_current_user())
        if not team:
            raise RequiresUserInput("You have no team.")
        return len(team)
    '''
)


def kinds(source: str, kind: str, **options) -> list:
    return mutants(source, kinds=[kind], **options)


def test_drop_action_removes_each_action_call() -> None:
    variants = kinds(BOOKING, "drop_action")
    assert [v.description for v in variants] == [
        "line 6: the call add_event(review) removed",
        "line 7: the call share_calendar(people) removed",
    ]
    assert all(v.expected == "fail" for v in variants)
    assert "    pass\n    share_calendar(people)" in variants[0].source
    actions = [run(v.source, get_next_dow=lambda day: day)[1] for v in variants]
    assert [[kind for kind, _ in done] for done in actions] == [["share"], ["add"]]


def test_duplicate_action_adds_a_copy_without_its_id() -> None:
    variants = kinds(BOOKING, "duplicate_action")
    assert [v.description for v in variants] == [
        "line 6: add_event(review) a copy of review (without its id) added before it too",
        "line 7: share_calendar(people) performed twice",
    ]
    assert (
        '    add_event(review.model_copy(update={"event_id": None}, deep=True))\n    add_event(review)'
        in variants[0].source
    )
    assert variants[1].source.count("share_calendar(people)") == 2


def test_shift_datetime_moves_each_date_and_time_literal() -> None:
    source = program(
        """
        def when():
            first = combine(parse_date_string(DateExpressions["Tomorrow"]), time_by_hm(2, 30, "pm"))
            second = first + datetime.timedelta(minutes=30)
            third = modify(first, Duration(2, TimeUnits.Days), operator=DateTimeClauseOperators.add)
            return date_by_mdy(month=8, day=31), get_next_dow("Friday"), first, second, third
        """
    )
    variants = kinds(source, "shift_datetime")
    assert [v.description for v in variants] == [
        "line 2: Tomorrow -> Today",
        "line 2: hour 2 -> 3",
        "line 2: minute 30 -> 45",
        "line 3: minutes=30 -> 45",
        "line 4: Duration 2 -> 3",
        "line 5: day 31 -> 30",
        "line 5: Friday -> Saturday",
    ]
    namespace: dict = {}
    exec("from aspera_core.library.time_utils import *", namespace)
    original = run(source, **namespace)[0]
    for variant in variants:
        changed = run(variant.source, **namespace)[0]
        assert changed != original, variant.description


def test_change_attendee_adds_replaces_and_drops_people() -> None:
    source = program(
        """
        def meet():
            ann = find_employee("Ann")[0]
            add_event(Event(attendees=[ann], subject="Sync"))
        """
    )
    variants = kinds(source, "change_attendee")
    assert [v.description for v in variants] == [
        "line 3: another colleague added to the attendees [ann]",
        "line 3: the first attendee of [ann] replaced by another colleague",
        "line 3: the first attendee of [ann] dropped",
    ]
    attendees = [run(v.source)[1][0][1]["attendees"] for v in variants]
    # the other colleague is the first employee by name who is neither invited nor the user
    assert attendees == [[Person("Ann"), Person("Bob")], [Person("Bob")], []]


def test_change_room_uses_a_real_room_only_when_the_scenario_has_rooms() -> None:
    with_rooms = kinds(BOOKING, "change_room", apps=["work_calendar", "room_booking"])
    without = kinds(BOOKING, "change_room", apps=["work_calendar"])
    assert [v.description for v in with_rooms] == [
        'line 5: the location "Maple" replaced by another room',
        'line 5: the location "Maple" dropped',
    ]
    assert "search_conference_room([now_().date()])" in with_rooms[0].source
    assert "location=str(\"Maple\") + ' annex'" in without[0].source
    assert "location=None" in with_rooms[1].source


def test_add_unrelated_event_books_a_dentist_eight_days_ahead_first() -> None:
    [variant] = kinds(QUESTION, "add_unrelated_event")
    assert variant.description == "line 3: an unrelated 30-minute event eight days ahead added first"
    lines = variant.source.splitlines()
    assert lines[2] == "    add_event(" and lines[1].strip().startswith('"""')
    namespace: dict = {}
    exec("from aspera_core.library.time_utils import *", namespace)
    result, actions = run(variant.source, **namespace)
    assert result == 3
    [(kind, event)] = actions
    assert (kind, event["subject"]) == ("add", "Dentist appointment")
    assert (event["starts_at"], event["ends_at"]) == (
        datetime.datetime(2024, 7, 3, 7, 0),
        datetime.datetime(2024, 7, 3, 7, 30),
    )


def test_swallow_handback_returns_instead_of_asking() -> None:
    [variant] = kinds(QUESTION, "swallow_handback")
    assert variant.description == "line 5: raise RequiresUserInput(...) replaced by return None"
    lonely = World(people=(Person("Me"),))
    assert run(QUESTION, lonely)[0] == "RequiresUserInput"
    assert run(variant.source, World(people=(Person("Me"),)))[0] is None


def test_wrong_answer_alters_each_kind_of_value() -> None:
    [variant] = kinds(QUESTION, "wrong_answer")
    assert variant.description == "line 6: the answer len(team) altered"
    assert run(QUESTION)[0] == 3 and run(variant.source)[0] == 4
    source = program(
        """
        def answer():
            return VALUE
        """
    )
    [mutant] = kinds(source, "wrong_answer")
    interval = datetime.datetime(2024, 6, 25, 9), datetime.datetime(2024, 6, 25, 10)
    from aspera_core.library.time_utils import TimeInterval

    cases = [
        (True, False),
        (7, 8),
        (2.5, 3.5),
        ("Ann", "Bob"),  # the first colleague whose name the answer does not contain
        (["Ann", "Bob"], ["Ann"]),
        ([], [None]),
        (datetime.date(2024, 6, 25), datetime.date(2024, 6, 26)),
        (None, "nothing"),
        ({"Ann": 1, "Bob": 2}, {"Ann": 1}),
        (TimeInterval(*interval), TimeInterval(interval[0] + datetime.timedelta(days=1), interval[1])),
    ]
    for value, wrong in cases:
        assert run(mutant.source, VALUE=value)[0] == wrong, value


def test_mutants_skip_programs_that_rebind_what_they_would_call() -> None:
    source = program(
        """
        def f():
            get_all_employees = list
            add_event(Event(attendees=[], subject="x"))
            return 1
        """
    )
    produced = {v.kind for v in mutants(source)}
    assert "change_attendee" not in produced and "wrong_answer" not in produced
    assert {"drop_action", "duplicate_action", "add_unrelated_event"} <= produced
