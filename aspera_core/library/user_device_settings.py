"""Device settings (documentation only): calls have no effect in the simulated world."""

from aspera_core.library.navigation import LocationEventTrigger
from aspera_core.library.time_utils import TimeInterval


def set_do_not_disturb(schedule: list[TimeInterval] | None = None, trigger: LocationEventTrigger | None = None):
    """Silence notifications during ``schedule`` or when ``trigger`` fires. Has no effect here."""
