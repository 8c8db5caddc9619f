"""Worked examples shown to model-backed agents, written for this workbench.

Each function answers the request in its docstring's ``Query:`` line, the way
a program for a task should: no arguments, the assistant library already
imported, comments citing the numbered guidelines of guidelines.yaml. The
complete-codebase-knowledge prompt shows all five; the primitive-selection
prompt shows the first one only. None of them is a task of the project's task
set. tests/agents/test_prompt_examples.py runs each one in a small world.
"""


def book_budget_review_with_ulla() -> None:
    """Query: Put a half-hour budget review with Ulla in my calendar for tomorrow at 10am."""
    # Guideline 2: "tomorrow" comes from the time library.
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    # Guideline 1: the request does not ask for a weekend day.
    if tomorrow.weekday() >= 5:
        raise RequiresUserInput("Tomorrow is a weekend day. Should I book the review anyway, or on Monday?")
    matches = find_employee("Ulla")
    if len(matches) != 1:
        raise RequiresUserInput("Which colleague called Ulla do you mean?")
    starts_at = combine(tomorrow, time_by_hm(10, 0, "am"))
    ends_at = modify(starts_at, Duration(30, TimeUnits.Minutes), operator=DateTimeClauseOperators.add)
    add_event(Event(subject="Budget review", attendees=matches, starts_at=starts_at, ends_at=ends_at))


def count_meetings_with_my_manager_this_week() -> int:
    """Query: How many meetings with my manager do I have this week?"""
    manager = find_manager_of(get_current_user())
    if manager is None:
        return 0
    # Guideline 2: the days of this week come from the time library.
    week = this_week_dates()
    # "This week" includes the days already gone, so past events count too.
    events = find_past_events() + find_events()
    # Guideline 4: the answer is returned, not printed.
    return sum(
        1 for event in events if manager in (event.attendees or []) and event.starts_at.date() in week
    )


def move_next_one_to_one_with_bo_to_friday() -> None:
    """Query: Move my next one-to-one with Bo to Friday, same time."""
    matches = find_employee("Bo")
    if len(matches) != 1:
        raise RequiresUserInput("Which colleague called Bo do you mean?")
    # A one-to-one has exactly the user and Bo: the attendee filter matches the exact set.
    meetings = find_events(attendees=matches)
    if not meetings:
        raise RequiresUserInput("I could not find an upcoming one-to-one with Bo. Which meeting do you mean?")
    meeting = meetings[0]  # upcoming events come sorted by start
    friday = get_next_dow("Friday")
    length = meeting.ends_at - meeting.starts_at
    meeting.starts_at = combine(friday, meeting.starts_at.time())
    meeting.ends_at = meeting.starts_at + length
    # Saving an event that came from the calendar replaces it (same event id).
    add_event(meeting)


def book_room_for_project_review_tomorrow_afternoon() -> str:
    """Query: Find a room for six people for an hour tomorrow afternoon and book it for my project review with Priya and Omar."""

    def first_free_hour(slots: list[TimeInterval]) -> TimeInterval | None:
        # Helpers live inside the solution (guideline 9).
        for slot in slots:
            if slot.end - slot.start >= datetime.timedelta(hours=1):
                return TimeInterval(slot.start, slot.start + datetime.timedelta(hours=1))
        return None

    people = [find_employee("Priya"), find_employee("Omar")]
    if any(len(found) != 1 for found in people):
        raise RequiresUserInput("I could not tell exactly who Priya and Omar are. Could you give their full names?")
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    # Guideline 3: the afternoon ends with the working day.
    settings = get_search_settings("work")
    afternoon = TimeInterval(
        combine(tomorrow, parse_time_string(TimeExpressions.Afternoon)),
        combine(tomorrow, settings.latest_free_slot_finish),
    )
    for availability in search_conference_room([afternoon], capacity=6):
        hour = first_free_hour(availability.free_slots)
        if hour is not None:
            add_event(
                Event(
                    subject="Project review",
                    attendees=[people[0][0], people[1][0]],
                    location=availability.room.room_name,
                    starts_at=hour.start,
                    ends_at=hour.end,
                )
            )
            # Guideline 8: the return type is annotated.
            return availability.room.room_name
    raise RequiresUserInput("No room for six people is free for an hour tomorrow afternoon. Should I look at another day?")


def cancel_quarterly_planning_meeting() -> None:
    """Query: Cancel my quarterly planning meeting."""
    found = find_events(subject="quarterly planning")
    if not found:
        raise RequiresUserInput("I found no upcoming meeting about quarterly planning. Which meeting do you mean?")
    if len(found) > 1:
        # Guideline 6: dates written as text use YYYY-MM-DD.
        dates = ", ".join(event.starts_at.strftime("%Y-%m-%d") for event in found)
        raise RequiresUserInput(f"There are several quarterly planning meetings ({dates}). Which one should I cancel?")
    delete_event(found[0])
