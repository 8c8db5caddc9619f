# Wrong: books Cedar without checking whether it can seat everyone
def kickoff_with_pernilles_team_in_cedar():
    pernille = find_employee("Pernille")[0]
    start = combine(get_next_dow("Friday"), time_by_hm(2, 0, "pm"))
    add_event(
        Event(
            attendees=[pernille] + find_team_of(pernille),
            subject="Kickoff",
            location="Cedar",
            starts_at=start,
            ends_at=start + datetime.timedelta(hours=1),
        )
    )


# Wrong: silently switches to a bigger room instead of asking about Cedar
def kickoff_in_any_big_enough_room():
    pernille = find_employee("Pernille")[0]
    attendees = [pernille] + find_team_of(pernille)
    start = combine(get_next_dow("Friday"), time_by_hm(2, 0, "pm"))
    wanted = TimeInterval(start=start, end=start + datetime.timedelta(hours=1))
    for option in search_conference_room([wanted], capacity=len(attendees) + 1):
        if any(slot.includes(wanted) for slot in option.free_slots):
            add_event(
                Event(
                    attendees=attendees,
                    subject="Kickoff",
                    location=option.room.room_name,
                    starts_at=wanted.start,
                    ends_at=wanted.end,
                )
            )
            return
