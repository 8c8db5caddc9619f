"""Fill the user's calendar and colleagues' calendars with events.

Both tools mutate the ``Event`` objects they are given (ids, and for the user's
calendar default end times), exactly as the original setup tools did; task
setup code written for the original relies on reading those ids back.
"""

from copy import deepcopy

from aspera_core.library.company_directory import Employee
from aspera_core.library.tool_support import event_to_row as _event_to_row
from aspera_core.library.tool_support import new_id as _new_id
from aspera_core.library.work_calendar import Event, add_event, expand_to_instances, validate_starts_at
from aspera_core.world import DatabaseNamespace, get_current_context

#: An event's unique id.
EventId = str
#: An employee's unique id.
EmployeeId = str


class RuntimeSetupError(Exception):
    """An event cannot be stored the way the setup tool was asked to store it."""


def simulate_user_calendar(events: list[Event]) -> list[EventId]:
    """Store events in the user's calendar, one ``add_event`` call per event, in order.

    Everything ``add_event`` does applies: the objects receive their ids,
    new events without an end get the 16-minute default, recurring events are
    stored with their occurrences, and an object that was already stored is
    updated rather than duplicated.

    Args:
        events: the events to store; the user need not be among the attendees.

    Returns:
        The events' ids, in input order.
    """
    return [add_event(event) for event in events]


def _store_new_shared_event(employee: Employee, event: Event) -> EventId:
    """Give ``event`` an id and store it, with its occurrences, in ``employee``'s calendar.

    The series row is written as it is before expansion; expanding then
    rewrites a ``recurs_until`` on the caller's rule (the original's order).

    Raises:
        RuntimeSetupError: the event already has an id.
        EventDefinitionError: a recurring event has no end time (the id is
            assigned, nothing is stored).
    """
    if event.event_id is not None:
        raise RuntimeSetupError(
            f"Event {event.event_id} was already stored; a colleague's calendar needs its own copy."
        )
    event.event_id = _new_id()
    rows = [_event_to_row(event)]
    rows += [_event_to_row(instance) for instance in expand_to_instances(event) or []]
    owner = {"calendar_id": employee.employee_id}
    get_current_context().add_to_database(DatabaseNamespace.SHARED_CALENDARS, [{**row, **owner} for row in rows])
    return event.event_id


def simulate_employee_calendar(employee: Employee, events: list[Event]) -> list[EventId]:
    """Store events in a colleague's calendar (what ``get_calendar(employee)`` returns).

    Each event without an id receives a new id on the passed object and is
    stored as given: no default end time is applied, and a recurring event is
    stored with its occurrences. An event that already has an id (typically
    one first added to the user's calendar) is copied instead: the copy gets a
    new id and loses ``employee`` from its attendees, and the passed object is
    left unchanged.

    Args:
        employee: the calendar's owner; normally not among the events' attendees.
        events: the events to store.

    Returns:
        The stored events' ids, in input order.

    Raises:
        EventDefinitionError: a recurring event has no start (nothing happens)
            or no end (the object already got its id, nothing is stored).
        ValueError: an already stored event does not list ``employee`` among its attendees.
        AttributeError: an already stored event has ``attendees=None``.
    """
    ids = []
    for event in events:
        validate_starts_at(event)
        try:
            ids.append(_store_new_shared_event(employee, event))
        except RuntimeSetupError:
            copy = deepcopy(event)
            copy.attendees.remove(employee)
            copy.event_id = None
            ids.append(_store_new_shared_event(employee, copy))
    return ids
