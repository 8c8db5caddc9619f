"""The checked verdict's rules on footprints made by hand: each rule both ways, and what a failure says."""

from __future__ import annotations

from aspera_core.grading import Footprint, allowance, check, checked_verdict


def answer(*keys: str, handback: bool = False, pair: int = 0) -> Footprint:
    return Footprint(pair, answer=tuple(keys), handback=handback, context=("person:alex", "date:2024-06-25"))


EVERYONE = tuple(f"person:p{n}" for n in range(30)) + tuple(f"number:{n}" for n in range(60))


def test_the_allowance_grows_with_the_reference_answer() -> None:
    assert allowance(()) == 3 and allowance(("person:ann",) * 8) == 5
    assert allowance((), handback=True) == 8


def test_an_answer_within_the_allowance_passes_and_one_past_it_fails() -> None:
    reference = answer("person:ann")
    assert check([answer("person:ann", "person:bob", "time:10:00", "person:alex")], [reference]) == (None, [])
    failing, [reason] = check([answer(*EVERYONE)], [reference])
    assert failing == "over_inclusive" and reason.startswith("over_inclusive: pair 1: the answer names 90 candidates")


def test_a_hand_back_listing_the_world_fails_even_where_the_reference_answers_nothing() -> None:
    acts = Footprint(0, added={"user_calendar": {"a": 1}})  # the reference books, returns None
    failing, [reason] = check([answer(*EVERYONE, handback=True)], [acts])
    assert failing == "over_inclusive" and "the hand-back message names" in reason
    assert check([answer("person:ann", handback=True)], [acts]) == (None, [])  # a short question is no listing
    # a question listing the two meetings it asks about (subjects aside: days, times, people) is no listing either
    options = ("person:ann", "person:bob", "date:2024-06-27", "date:2024-06-28", "time:10:00", "time:14:00")
    assert check([answer(*options, handback=True)], [answer(handback=True)]) == (None, [])
    # a program answering where the reference answers nothing (a confirmation) is not held to the rule
    assert check([Footprint(0, added={"user_calendar": {"a": 1}}, answer=EVERYONE)], [acts]) == (None, [])


def test_side_effects_count_rows_by_content_and_occurrences() -> None:
    reference = Footprint(0, added={"user_calendar": {"new": 1}}, removed={"user_calendar": {"old": 1}})
    same = Footprint(0, added={"user_calendar": {"new": 1}}, removed={"user_calendar": {"old": 1}})
    assert check([same], [reference]) == (None, [])
    extra = Footprint(0, added={"user_calendar": {"new": 1, "lunch": 1}}, rows={"lunch": "'Lunch' 12:00"})
    failing, reasons = check([extra], [reference])
    assert failing == "side_effect" and "'Lunch' 12:00" in reasons[0]
    other = Footprint(0, removed={"user_calendar": {"old": 1, "standup": 1}}, rows={"standup": "'Standup'"})
    assert check([other], [reference])[0] == "side_effect"
    shared = Footprint(0, added={"user_metadata": {"ann": 1}})
    assert "adds nothing there" in check([shared], [reference])[1][0]


def test_the_checked_outcome_keeps_the_evaluation_programs_failures_and_says_when_it_is_unknown() -> None:
    reference = [answer("person:ann")]
    assert checked_verdict("success", [answer("person:ann")], reference, 1) == ("success", [])
    assert checked_verdict("success", [answer(*EVERYONE)], reference, 1)[0] == "over_inclusive"
    outcome, reasons = checked_verdict("task_completion_error", [answer(*EVERYONE)], reference, 1)
    assert outcome == "task_completion_error" and reasons[0].startswith("over_inclusive")  # (the reasons still say)
    assert checked_verdict("success", None, reference, 1) == (None, ["not checked: no footprint was taken"])
    unknown = checked_verdict("success", [answer("person:ann")], reference, 2)
    assert unknown[0] is None and "did not call the program in every pair" in unknown[1][0]
    problem = checked_verdict("success", [Footprint(0, problem="the world could not be read")], reference, 1)
    assert problem == (None, ["not checked: pair 1: the world could not be read"])
