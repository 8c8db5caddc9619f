# Wrong: cancels every upcoming vendor contract review, not only Friday's
def cancel_friday_vendor_contract_review():
    for review in find_events(subject="vendor contract review"):
        delete_event(review)


# Wrong: cancels all of Friday's meetings with the same people
def cancel_friday_vendor_contract_review():
    friday = get_next_dow("Friday")
    review = find_events(subject="vendor contract review")[0]
    for event in find_events(attendees=review.attendees):
        if event.starts_at.date() == friday:
            delete_event(event)
