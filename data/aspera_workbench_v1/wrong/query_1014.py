# Wrong: moves only this week's occurrence, not the whole series
def move_roadmap_review_series_to_2pm():
    hamish = find_employee("Hamish")[0]
    review = find_events(attendees=[hamish], subject="roadmap review")[0]
    first = get_event_instances(review)[0]
    length = first.ends_at - first.starts_at
    first.starts_at = combine(first.starts_at.date(), time_by_hm(2, 0, "pm"))
    first.ends_at = first.starts_at + length
    add_event(first)


# Wrong: moves the start to 2 PM but leaves the end at 11:45
def move_roadmap_review_series_to_2pm():
    hamish = find_employee("Hamish")[0]
    review = find_events(attendees=[hamish], subject="roadmap review")[0]
    review.starts_at = combine(review.starts_at.date(), time_by_hm(2, 0, "pm"))
    add_event(review)


# Wrong: re-creates the meeting at 2 PM as a one-off, losing the recurrence
def move_roadmap_review_series_to_2pm():
    hamish = find_employee("Hamish")[0]
    review = find_events(attendees=[hamish], subject="roadmap review")[0]
    delete_event(review)
    start = combine(review.starts_at.date(), time_by_hm(2, 0, "pm"))
    add_event(
        Event(
            attendees=[hamish],
            subject="Roadmap review",
            starts_at=start,
            ends_at=start + datetime.timedelta(minutes=45),
        )
    )
