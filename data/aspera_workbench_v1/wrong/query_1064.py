# Wrong: searches by subject only and moves the roadmap review with Nerys
def move_roadmap_review_with_mervyn():
    review = find_events(subject="roadmap review")[0]
    length = review.ends_at - review.starts_at
    review.starts_at = combine(get_next_dow("Friday"), time_by_hm(3, 0, "pm"))
    review.ends_at = review.starts_at + length
    add_event(review)


# Wrong: creates a new roadmap review with Mervyn instead of asking
def create_roadmap_review_with_mervyn():
    mervyn = find_employee("Mervyn")[0]
    start = combine(get_next_dow("Friday"), time_by_hm(3, 0, "pm"))
    add_event(
        Event(
            attendees=[mervyn],
            subject="Roadmap review",
            starts_at=start,
            ends_at=start + datetime.timedelta(hours=1),
        )
    )


# Wrong: moves the only upcoming meeting with Mervyn, although it is not a roadmap review
def move_next_meeting_with_mervyn():
    mervyn = find_employee("Mervyn")[0]
    meeting = find_events(attendees=[mervyn])[0]
    length = meeting.ends_at - meeting.starts_at
    meeting.starts_at = combine(get_next_dow("Friday"), time_by_hm(3, 0, "pm"))
    meeting.ends_at = meeting.starts_at + length
    add_event(meeting)
