# Hey, [Assistant], I'll be away on Thursday next week. Move each of my meetings from that day to the same time on the Friday after it, or, if that Friday slot is already taken, to the same time on the following Monday.
def move_thursday_meetings_next_week(world):
    """Move every meeting of Thursday next week to the same time on Friday,
    or on the following Monday when the Friday slot is busy. Nothing is
    moved if some meeting fits neither day."""
    import datetime

    today = world.now.date()
    thursday = today + datetime.timedelta(days=7 - today.weekday() + 3)
    friday = thursday + datetime.timedelta(days=1)
    monday = thursday + datetime.timedelta(days=4)
    meetings = [event for event in world.calendar if event["repeats"] is None]
    to_move = [event for event in meetings if event["starts_at"].date() == thursday]
    busy = {
        day: [(event["starts_at"], event["ends_at"]) for event in meetings if event["starts_at"].date() == day]
        for day in (friday, monday)
    }
    # first decide where every meeting goes, so that nothing changes if one
    # of them fits neither day
    plan = []
    for meeting in to_move:
        length = meeting["ends_at"] - meeting["starts_at"]
        target = None
        for day in (friday, monday):
            start = datetime.datetime.combine(day, meeting["starts_at"].time())
            end = start + length
            if not any(start < other_end and other_start < end for other_start, other_end in busy[day]):
                target = (start, end)
                busy[day].append(target)
                break
        if target is None:
            raise world.RequiresUserInput(
                f"Neither Friday nor Monday is free for '{meeting['subject']}'. Where should it go?"
            )
        plan.append((meeting, target))
    for meeting, (start, end) in plan:
        meeting["starts_at"], meeting["ends_at"] = start, end
