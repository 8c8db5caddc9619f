# Correct: deletes the review and adds a copy on next Wednesday, asking when there is no single review with Ingrid
def move_budget_review_with_ingrid():
    import datetime

    ingrid = find_employee("Ingrid")
    if len(ingrid) != 1:
        raise RequiresUserInput("Which Ingrid do you mean?")
    matches = [e for e in find_events() if "budget review" in (e.subject or "").lower() and ingrid[0] in (e.attendees or [])]
    if len(matches) != 1:
        raise RequiresUserInput("I can't find one upcoming budget review with Ingrid. Which meeting do you mean?")
    old = matches[0]
    today = now_().date()
    wednesday = today + datetime.timedelta(days=7 - today.weekday() + 2)
    start = datetime.datetime.combine(wednesday, datetime.time(11, 0))
    delete_event(old)
    add_event(
        Event(
            attendees=old.attendees,
            subject=old.subject,
            starts_at=start,
            ends_at=start + (old.ends_at - old.starts_at),
        )
    )


# Wrong: moves it to Wednesday of this week
def move_budget_review_with_ingrid():
    ingrid = find_employee("Ingrid")[0]
    reviews = [e for e in find_events(subject="budget review") if ingrid in (e.attendees or [])]
    if len(reviews) != 1:
        raise RequiresUserInput("Which budget review?")
    review = reviews[0]
    length = review.ends_at - review.starts_at
    review.starts_at = combine(get_next_dow("Wednesday"), time_by_hm(11, 0, "am"))
    review.ends_at = review.starts_at + length
    add_event(review)


# Wrong: gives the moved review a fixed length of one hour
def move_budget_review_with_ingrid():
    import datetime

    ingrid = find_employee("Ingrid")[0]
    reviews = [e for e in find_events(subject="budget review") if ingrid in (e.attendees or [])]
    if len(reviews) != 1:
        raise RequiresUserInput("Which budget review?")
    review = reviews[0]
    review.starts_at = combine(get_next_dow("Monday") + datetime.timedelta(days=2), time_by_hm(11, 0, "am"))
    review.ends_at = review.starts_at + datetime.timedelta(hours=1)
    add_event(review)
