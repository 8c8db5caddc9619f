# Hey, [Assistant], go through my meetings for the rest of this week and wherever two of them overlap, move the normal-importance one to the first free slot later that same day that's long enough for it.
def untangle_overlaps_this_week(world):
    """For every pair of overlapping meetings between now and the end of
    the week, move the normal-importance one to the first later gap of the
    same day that fits its length."""
    import datetime

    def gaps(day, meetings):
        """Free parts of the working day around the given meetings."""
        cursor = datetime.datetime.combine(day, world.work_day_start)
        day_end = datetime.datetime.combine(day, world.work_day_end)
        free = []
        for start, end in sorted((m["starts_at"], m["ends_at"]) for m in meetings):
            if start > cursor:
                free.append((cursor, start))
            cursor = max(cursor, end)
        if cursor < day_end:
            free.append((cursor, day_end))
        return free

    today = world.now.date()
    upcoming = [e for e in world.calendar if e["repeats"] is None and e["starts_at"] >= world.now]
    moves = []
    for offset in range(7 - today.weekday()):
        day = today + datetime.timedelta(days=offset)
        on_day = [e for e in upcoming if e["starts_at"].date() == day]
        to_move = []
        for index, first in enumerate(on_day):
            for second in on_day[index + 1 :]:
                if not (first["starts_at"] < second["ends_at"] and second["starts_at"] < first["ends_at"]):
                    continue
                if first["event_importance"] == second["event_importance"]:
                    raise world.RequiresUserInput(
                        f"'{first['subject']}' and '{second['subject']}' are equally important. Which one should move?"
                    )
                normal = first if first["event_importance"] == "normal" else second
                if all(normal is not other for other in to_move):
                    to_move.append(normal)
        # the meetings that stay, plus those already moved, block the day
        staying = [e for e in on_day if all(e is not other for other in to_move)]
        for event in to_move:
            length = event["ends_at"] - event["starts_at"]
            slot = next(
                (start for start, end in gaps(day, staying) if start >= event["starts_at"] and end - start >= length),
                None,
            )
            if slot is None:
                raise world.RequiresUserInput(f"There is no later free slot for '{event['subject']}'.")
            moves.append((event, slot, slot + length))
            staying.append({"starts_at": slot, "ends_at": slot + length})
    # the calendar is only changed once every move has a place
    for event, start, end in moves:
        event["starts_at"], event["ends_at"] = start, end
