"""Worked examples of the control setting, written for this workbench.

The five examples of examples.py, in the same order, for the same queries,
translated to the control surface: each function takes the world (plain
dicts, lists and ``datetime`` values) instead of calling the assistant
library, imports what it needs from the standard library inside the
function, and cites the same numbered guidelines (the ``control`` section of
guidelines.yaml). The control prompt shows them where the library prompt
shows examples.py. tests/control/test_examples.py runs each one beside its
library original on identical worlds and requires the same stored changes
and the same answer.
"""


def book_budget_review_with_ulla(world) -> None:
    """Query: Put a half-hour budget review with Ulla in my calendar for tomorrow at 10am."""
    import datetime

    # Guideline 2: "tomorrow" is counted from world.now.
    tomorrow = world.now.date() + datetime.timedelta(days=1)
    # Guideline 1: the request does not ask for a weekend day.
    if tomorrow.weekday() >= 5:
        raise world.RequiresUserInput("Tomorrow is a weekend day. Should I book the review anyway, or on Monday?")
    matches = [person for person in world.employees if "ulla" in person["name"].lower().split()]
    if len(matches) != 1:
        raise world.RequiresUserInput("Which colleague called Ulla do you mean?")
    starts_at = datetime.datetime.combine(tomorrow, datetime.time(10, 0))
    world.calendar.append(
        {
            "subject": "Budget review",
            "attendees": [matches[0]["employee_id"]],
            "starts_at": starts_at,
            "ends_at": starts_at + datetime.timedelta(minutes=30),
        }
    )


def count_meetings_with_my_manager_this_week(world) -> int:
    """Query: How many meetings with my manager do I have this week?"""
    import datetime

    me = next(person for person in world.employees if person["employee_id"] == world.user_id)
    if me["manager"] is None:
        return 0
    # Guideline 2: the days of this week are counted from world.now (weeks run Monday to Sunday).
    monday = world.now.date() - datetime.timedelta(days=world.now.weekday())
    week = [monday + datetime.timedelta(days=offset) for offset in range(7)]
    # "This week" includes the days already gone: the calendar holds past entries too.
    # Series entries only carry a rule: the meetings are the entries without "repeats".
    meetings = [event for event in world.calendar if event["repeats"] is None]
    # Guideline 4: the answer is returned, not printed.
    return sum(
        1 for event in meetings if me["manager"] in (event["attendees"] or []) and event["starts_at"].date() in week
    )


def move_next_one_to_one_with_bo_to_friday(world) -> None:
    """Query: Move my next one-to-one with Bo to Friday, same time."""
    import datetime

    matches = [person for person in world.employees if "bo" in person["name"].lower().split()]
    if len(matches) != 1:
        raise world.RequiresUserInput("Which colleague called Bo do you mean?")
    bo = matches[0]["employee_id"]
    # A one-to-one has exactly the user and Bo, and the user is never listed: the attendees are Bo alone.
    meetings = [
        event
        for event in world.calendar
        if event["repeats"] is None and event["starts_at"] >= world.now and (event["attendees"] or []) == [bo]
    ]
    if not meetings:
        raise world.RequiresUserInput("I could not find an upcoming one-to-one with Bo. Which meeting do you mean?")
    meeting = min(meetings, key=lambda event: event["starts_at"])  # the calendar is in no particular order
    today = world.now.date()
    friday = today + datetime.timedelta(days=(4 - today.weekday()) % 7 or 7)
    length = meeting["ends_at"] - meeting["starts_at"]
    # Changing an entry in place updates it when the calendar is saved (it keeps its event_id).
    meeting["starts_at"] = datetime.datetime.combine(friday, meeting["starts_at"].time())
    meeting["ends_at"] = meeting["starts_at"] + length


def book_room_for_project_review_tomorrow_afternoon(world) -> str:
    """Query: Find a room for six people for an hour tomorrow afternoon and book it for my project review with Priya and Omar."""
    import datetime

    def first_free_hour(room_name, start, end):
        # Helpers live inside the solution (guideline 9).
        taken = sorted(
            (booking["start"], booking["end"])
            for booking in world.room_bookings
            if booking["room_name"] == room_name and booking["start"] < end and booking["end"] > start
        )
        free_from = start
        for booked_from, booked_until in taken + [(end, end)]:
            if booked_from - free_from >= datetime.timedelta(hours=1):
                return free_from
            free_from = max(free_from, booked_until)
        return None

    people = [
        [person["employee_id"] for person in world.employees if name in person["name"].lower().split()]
        for name in ("priya", "omar")
    ]
    if any(len(found) != 1 for found in people):
        raise world.RequiresUserInput("I could not tell exactly who Priya and Omar are. Could you give their full names?")
    tomorrow = world.now.date() + datetime.timedelta(days=1)
    # Guideline 3: the afternoon runs from noon to the end of the working day.
    afternoon_start = datetime.datetime.combine(tomorrow, datetime.time(12, 0))
    afternoon_end = datetime.datetime.combine(tomorrow, world.work_day_end)
    for room in world.rooms:
        if room["capacity"] < 6:
            continue
        start = first_free_hour(room["room_name"], afternoon_start, afternoon_end)
        if start is not None:
            world.calendar.append(
                {
                    "subject": "Project review",
                    "attendees": [people[0][0], people[1][0]],
                    "location": room["room_name"],
                    "starts_at": start,
                    "ends_at": start + datetime.timedelta(hours=1),
                }
            )
            # Guideline 8: the return type is annotated.
            return room["room_name"]
    raise world.RequiresUserInput("No room for six people is free for an hour tomorrow afternoon. Should I look at another day?")


def cancel_quarterly_planning_meeting(world) -> None:
    """Query: Cancel my quarterly planning meeting."""
    # Single events and series entries (not occurrences): removing a series entry cancels the whole series.
    found = sorted(
        (
            event
            for event in world.calendar
            if event["recurrent_event_id"] is None
            and event["starts_at"] >= world.now
            and "quarterly planning" in (event["subject"] or "").lower()
        ),
        key=lambda event: event["starts_at"],
    )
    if not found:
        raise world.RequiresUserInput("I found no upcoming meeting about quarterly planning. Which meeting do you mean?")
    if len(found) > 1:
        # Guideline 6: dates written as text use YYYY-MM-DD.
        dates = ", ".join(event["starts_at"].strftime("%Y-%m-%d") for event in found)
        raise world.RequiresUserInput(f"There are several quarterly planning meetings ({dates}). Which one should I cancel?")
    world.calendar.remove(found[0])
