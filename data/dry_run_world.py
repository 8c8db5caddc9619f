"""The world an exploring agent's draft programs are tried in (its dry runs).

A setup program like a task's, but generic: it belongs to no task and is the
same for every task, so a dry run tells the model what its draft does in a
plausible world (which calls work, what they return, what the program
changes) without revealing anything of the task's own world or of how the
task is checked. It is written for this workbench: no name, subject or room
here is taken from any task.

It imports everything it uses itself, so it builds the same world whatever
the task's scenario imports; dates are relative to the library's pinned clock
(Tuesday 25 June 2024, 09:06), so the calendar spans the surrounding weeks.
"""


def setup_env_dry_run_world():
    """A standard organisation, a calendar over the surrounding weeks, colleagues' calendars, holidays and rooms."""
    import datetime

    from aspera.apps_implementation.company_directory import find_employee, find_manager_of, get_current_user
    from aspera.apps_implementation.time_utils import EventFrequency, RepetitionSpec, TimeInterval, now_
    from aspera.apps_implementation.work_calendar import Event
    from aspera.runtime_state_generation_tools_implementation.company_directory import (
        simulate_org_structure,
        simulate_vacation_schedule,
    )
    from aspera.runtime_state_generation_tools_implementation.room_booking import simulate_conference_room
    from aspera.runtime_state_generation_tools_implementation.work_calendar import (
        simulate_employee_calendar,
        simulate_user_calendar,
    )

    simulate_org_structure(
        [
            "Marta Oliveira",
            "Jonas Becker",
            "Leila Haddad",
            "Tomasz Nowak",
            "Ines Duarte",
            "Kwame Mensah",
            "Sofia Rossi",
            "Daniel Kim",
            "Hana Sato",
            "Felix Wagner",
            "Nora Lindqvist",
            "Ravi Iyer",
        ],
        user_name="Alex",
    )
    user = get_current_user()
    manager = find_manager_of(user)

    def person(name):
        return find_employee(name)[0]

    today = now_().date()
    monday = today - datetime.timedelta(days=today.weekday())

    def at(day_offset, hour, minute=0):
        """A datetime ``day_offset`` days after this week's Monday."""
        day = monday + datetime.timedelta(days=day_offset)
        return datetime.datetime.combine(day, datetime.time(hour, minute))

    def meeting(subject, people, day_offset, hour, minute=0, minutes=30, **fields):
        starts_at = at(day_offset, hour, minute)
        return Event(
            subject=subject,
            attendees=people,
            starts_at=starts_at,
            ends_at=starts_at + datetime.timedelta(minutes=minutes),
            **fields,
        )

    marta, jonas, leila = person("Marta Oliveira"), person("Jonas Becker"), person("Leila Haddad")
    tomasz, ines, kwame = person("Tomasz Nowak"), person("Ines Duarte"), person("Kwame Mensah")
    one_to_one = [manager] if manager is not None else [marta]

    # The user's calendar: last week, this week (today is Tuesday) and the next two weeks.
    simulate_user_calendar(
        [
            meeting("Quarterly planning", [marta, jonas, leila], -5, 10, minutes=90),
            meeting("Customer escalation review", [tomasz], -3, 15),
            meeting("Weekly team sync", [jonas, leila, ines], 0, 9, 30, minutes=45),
            meeting("Lunch and learn: testing", [kwame, ines], 1, 12, minutes=60, location="Cedar"),
            meeting("Design review", [jonas, leila], 2, 10, minutes=60, location="Aurora"),
            meeting("1:1", one_to_one, 3, 14),
            meeting("Vendor call", [tomasz], 4, 11, minutes=45, video_link="https://video.example/vendor"),
            meeting("Sprint planning", [jonas, leila, ines, kwame], 7, 9, 30, minutes=90, location="Aurora"),
            meeting("Budget check-in", [marta], 9, 16),
            meeting("Hiring debrief", [leila, tomasz], 10, 13, minutes=45),
            meeting("Offsite preparation", [marta, ines], 14, 11, minutes=60, event_importance="high"),
            meeting(
                "Daily stand-up",
                [jonas, leila],
                8,
                9,
                15,
                minutes=15,
                repeats=RepetitionSpec(frequency=EventFrequency.DAILY, max_repetitions=5),
            ),
        ]
    )

    # Two colleagues' own calendars (what get_calendar shows for them).
    simulate_employee_calendar(
        jonas,
        [
            meeting("Architecture forum", [leila], 2, 14, minutes=60),
            meeting("Code review block", [], 3, 10, minutes=90),
        ],
    )
    simulate_employee_calendar(marta, [meeting("Board preparation", [tomasz], 2, 9, 30, minutes=120)])

    # A colleague on holiday next week.
    simulate_vacation_schedule(ines, [TimeInterval(at(8, 0), at(11, 23, 59))])

    # Rooms, some of them already booked this week.
    simulate_conference_room("Aurora", 10, {at(2, 0).date(): [TimeInterval(at(2, 10), at(2, 11))]})
    simulate_conference_room("Borealis", 4, {at(1, 0).date(): [TimeInterval(at(1, 14), at(1, 15, 30))]})
    simulate_conference_room("Cedar", 16, {at(1, 0).date(): [TimeInterval(at(1, 12), at(1, 13))]})
    simulate_conference_room("Quiet booth", 1)
