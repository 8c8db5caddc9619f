# Correct: compares the two meetings' importance and moves the normal one to the first gap after the clash
def resolve_wednesday_clash():
    import datetime

    wednesday = now_().date() + datetime.timedelta(days=(2 - now_().weekday()) % 7 or 7)
    day = sorted([e for e in find_events() if e.starts_at.date() == wednesday], key=lambda e: e.starts_at)
    pairs = [(a, b) for i, a in enumerate(day) for b in day[i + 1 :] if a.starts_at < b.ends_at and b.starts_at < a.ends_at]
    if len(pairs) != 1:
        raise RequiresUserInput("I don't see exactly one clash on Wednesday.")
    a, b = pairs[0]
    if a.event_importance == b.event_importance:
        raise RequiresUserInput(f"{a.subject} and {b.subject} are equally important; which one should move?")
    keep, move = (a, b) if b.event_importance == "normal" else (b, a)
    length = move.ends_at - move.starts_at
    start = keep.ends_at
    others = [e for e in day if e.event_id != move.event_id]
    while start + length <= datetime.datetime.combine(wednesday, datetime.time(17, 10)):
        if not any(o.starts_at < start + length and start < o.ends_at for o in others):
            move.starts_at, move.ends_at = start, start + length
            add_event(move)
            return
        start += datetime.timedelta(minutes=15)
    raise RequiresUserInput("No free slot later on Wednesday.")


# Wrong: moves the more important meeting
def resolve_wednesday_clash():
    wednesday = get_next_dow("Wednesday")
    day = [e for e in find_events() if e.starts_at.date() == wednesday]
    clash = [e for e in day if e.subject in ("Sprint planning", "Security audit")]
    if clash[0].event_importance == clash[1].event_importance:
        raise RequiresUserInput("Which one?")
    move = clash[0] if clash[0].event_importance == "high" else clash[1]
    length = move.ends_at - move.starts_at
    move.starts_at = combine(wednesday, time_by_hm(11, 30, "am"))
    move.ends_at = move.starts_at + length
    add_event(move)
