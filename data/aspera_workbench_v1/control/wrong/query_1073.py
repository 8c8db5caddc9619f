# Wrong: moves the high-importance meeting of each overlapping pair
def untangle_overlaps_this_week(world):
    import datetime

    def gaps(day, meetings):
        cursor, free = datetime.datetime.combine(day, world.work_day_start), []
        for start, end in sorted((m["starts_at"], m["ends_at"]) for m in meetings):
            if start > cursor:
                free.append((cursor, start))
            cursor = max(cursor, end)
        return free + [(cursor, datetime.datetime.combine(day, world.work_day_end))]

    for offset in range(6):
        day = world.now.date() + datetime.timedelta(days=offset)
        on_day = sorted((e for e in world.calendar if e["starts_at"].date() == day and e["starts_at"] >= world.now), key=lambda e: e["starts_at"])
        for first, second in zip(on_day, on_day[1:]):
            if second["starts_at"] < first["ends_at"]:
                move = first if first["event_importance"] == "high" else second
                length = move["ends_at"] - move["starts_at"]
                for start, end in gaps(day, [e for e in on_day if e is not move]):
                    if start >= move["starts_at"] and end - start >= length:
                        move["starts_at"], move["ends_at"] = start, start + length
                        break


# Wrong: counts meetings that merely touch as overlapping, so Friday's follow-up is moved too
def untangle_overlaps_this_week(world):
    import datetime

    def gaps(day, meetings):
        cursor, free = datetime.datetime.combine(day, world.work_day_start), []
        for start, end in sorted((m["starts_at"], m["ends_at"]) for m in meetings):
            if start > cursor:
                free.append((cursor, start))
            cursor = max(cursor, end)
        return free + [(cursor, datetime.datetime.combine(day, world.work_day_end))]

    for offset in range(6):
        day = world.now.date() + datetime.timedelta(days=offset)
        on_day = sorted((e for e in world.calendar if e["starts_at"].date() == day and e["starts_at"] >= world.now), key=lambda e: e["starts_at"])
        for first, second in zip(on_day, on_day[1:]):
            if second["starts_at"] <= first["ends_at"]:
                move = first if first["event_importance"] == "normal" else second
                length = move["ends_at"] - move["starts_at"]
                for start, end in gaps(day, [e for e in on_day if e is not move]):
                    if start >= move["starts_at"] and end - start >= length:
                        move["starts_at"], move["ends_at"] = start, start + length
                        break


# Wrong: moves each normal meeting to the first gap that fits anywhere in the day, even before it
def untangle_overlaps_this_week(world):
    import datetime

    def gaps(day, meetings):
        cursor, free = datetime.datetime.combine(day, world.work_day_start), []
        for start, end in sorted((m["starts_at"], m["ends_at"]) for m in meetings):
            if start > cursor:
                free.append((cursor, start))
            cursor = max(cursor, end)
        return free + [(cursor, datetime.datetime.combine(day, world.work_day_end))]

    for offset in range(6):
        day = world.now.date() + datetime.timedelta(days=offset)
        on_day = sorted((e for e in world.calendar if e["starts_at"].date() == day and e["starts_at"] >= world.now), key=lambda e: e["starts_at"])
        for first, second in zip(on_day, on_day[1:]):
            if second["starts_at"] < first["ends_at"]:
                move = first if first["event_importance"] == "normal" else second
                length = move["ends_at"] - move["starts_at"]
                for start, end in gaps(day, [e for e in on_day if e is not move]):
                    if end - start >= length:
                        move["starts_at"], move["ends_at"] = start, start + length
                        break
