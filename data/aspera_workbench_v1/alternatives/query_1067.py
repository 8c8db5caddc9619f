# Correct: counts the user among the people, lists the user too, and names the room "Cedar room"
def kickoff_with_pernilles_team_in_cedar():
    import datetime

    me = get_current_user()
    pernille = find_employee("Pernille")[0]
    people = [pernille] + [p for p in find_team_of(pernille) if p != me] + [me]
    friday = get_next_dow("Friday")
    start = datetime.datetime.combine(friday, datetime.time(14, 0))
    end = start + datetime.timedelta(hours=1)
    cedar = [o for o in search_conference_room([TimeInterval(start=start, end=end)]) if o.room.room_name == "Cedar"]
    if not cedar or cedar[0].room.capacity < len(people):
        raise RequiresUserInput("Cedar is too small for everyone. Which room should I use?")
    if not any(s.start <= start and end <= s.end for s in cedar[0].free_slots):
        raise RequiresUserInput("Cedar is taken at 2 PM on Friday.")
    add_event(Event(attendees=people, subject="Kickoff", location="Cedar room", starts_at=start, ends_at=end))


# Wrong: leaves Pernille's manager out of "everyone in her team"
def kickoff_with_pernilles_team_in_cedar():
    import datetime

    pernille = find_employee("Pernille")[0]
    boss = find_manager_of(pernille)
    people = [pernille] + [p for p in find_team_of(pernille) if p != boss]
    start = datetime.datetime.combine(get_next_dow("Friday"), datetime.time(14, 0))
    end = start + datetime.timedelta(hours=1)
    cedar = [o for o in search_conference_room([TimeInterval(start=start, end=end)]) if o.room.room_name == "Cedar"]
    if cedar[0].room.capacity < len(people) + 1:
        raise RequiresUserInput("Cedar is too small.")
    add_event(Event(attendees=people, subject="Kickoff", location="Cedar", starts_at=start, ends_at=end))
