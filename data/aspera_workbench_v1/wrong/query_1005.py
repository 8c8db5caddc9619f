# Wrong: moves the only upcoming meeting with Ingrid, which is not a budget review
def move_budget_review_with_ingrid():
    ingrid = find_employee("Ingrid")[0]
    meeting = find_events(attendees=[ingrid])[0]
    length = meeting.ends_at - meeting.starts_at
    wednesday = get_next_dow("Monday") + datetime.timedelta(days=2)
    meeting.starts_at = combine(wednesday, time_by_hm(11, 0, "am"))
    meeting.ends_at = meeting.starts_at + length
    add_event(meeting)


# Wrong: moves the budget review with Rosalind instead of asking
def move_budget_review_with_ingrid():
    review = find_events(subject="budget review")[0]
    length = review.ends_at - review.starts_at
    wednesday = get_next_dow("Monday") + datetime.timedelta(days=2)
    review.starts_at = combine(wednesday, time_by_hm(11, 0, "am"))
    review.ends_at = review.starts_at + length
    add_event(review)
