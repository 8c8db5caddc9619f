# Correct: replaces the review with a copy on Friday at 15:00, asking unless exactly one upcoming review with Mervyn exists
def move_roadmap_review_with_mervyn():
    import datetime

    mervyn = find_employee("Mervyn")[0]
    reviews = [e for e in find_events() if (e.subject or "").lower() == "roadmap review" and mervyn in (e.attendees or [])]
    if len(reviews) != 1:
        raise RequiresUserInput("I couldn't find one upcoming roadmap review with Mervyn. Which meeting?")
    review = reviews[0]
    start = datetime.datetime.combine(get_next_dow("Friday"), datetime.time(15, 0))
    delete_event(review)
    add_event(
        Event(attendees=review.attendees, subject=review.subject, starts_at=start, ends_at=start + (review.ends_at - review.starts_at))
    )


# Wrong: moves it to Friday of next week
def move_roadmap_review_with_mervyn():
    import datetime

    mervyn = find_employee("Mervyn")[0]
    reviews = [e for e in find_events(subject="roadmap review") if mervyn in (e.attendees or [])]
    if len(reviews) != 1:
        raise RequiresUserInput("Which one?")
    review = reviews[0]
    length = review.ends_at - review.starts_at
    review.starts_at = combine(get_next_dow("Friday") + datetime.timedelta(days=7), time_by_hm(3, 0, "pm"))
    review.ends_at = review.starts_at + length
    add_event(review)
