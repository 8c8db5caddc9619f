# Wrong: adds Wilhelmina but forgets to make the meeting longer
def extend_supplier_audit_prep(world):
    wilhelmina = next(p for p in world.employees if p["name"] == "Wilhelmina")
    meeting = next(e for e in world.calendar if e["subject"] == "Supplier audit prep")
    meeting["attendees"] = (meeting["attendees"] or []) + [wilhelmina["employee_id"]]


# Wrong: shifts the whole meeting 30 minutes later instead of making it longer
def extend_supplier_audit_prep(world):
    import datetime

    wilhelmina = next(p for p in world.employees if p["name"] == "Wilhelmina")
    meeting = next(e for e in world.calendar if e["subject"] == "Supplier audit prep")
    meeting["attendees"] = (meeting["attendees"] or []) + [wilhelmina["employee_id"]]
    meeting["starts_at"] += datetime.timedelta(minutes=30)
    meeting["ends_at"] += datetime.timedelta(minutes=30)


# Wrong: replaces Odile with Wilhelmina instead of adding her
def extend_supplier_audit_prep(world):
    import datetime

    wilhelmina = next(p for p in world.employees if p["name"] == "Wilhelmina")
    meeting = next(e for e in world.calendar if e["subject"] == "Supplier audit prep")
    meeting["attendees"] = [wilhelmina["employee_id"]]
    meeting["ends_at"] += datetime.timedelta(minutes=30)


# Wrong: matches the subject by its beginning, so the supplier audit itself is changed too
def extend_supplier_audit_prep(world):
    import datetime

    wilhelmina = next(p for p in world.employees if p["name"] == "Wilhelmina")
    for meeting in world.calendar:
        if meeting["subject"].lower().startswith("supplier audit"):
            meeting["attendees"] = (meeting["attendees"] or []) + [wilhelmina["employee_id"]]
            meeting["ends_at"] += datetime.timedelta(minutes=30)
