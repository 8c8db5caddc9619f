"""Personal reminders (documentation only).

The simulated world keeps no reminders: adding or organising them has no
effect and searches return ``None``. No benchmark task needs this module.
"""

import datetime
from dataclasses import dataclass, field
from enum import Enum
from typing import Literal

from aspera_core.library.contacts import Contact
from aspera_core.library.navigation import LocationTrigger


class ListName:
    """The name of a reminder list, e.g. "Groceries"."""

    name: str


@dataclass
class PersonalReminder:
    """A reminder for the user.

    Attributes:
        subject: what to be reminded of.
        when: when to remind, if at a fixed time.
        repeats: further times to remind.
        location: remind when arriving at or leaving a place instead.
        is_complete: whether the reminder is done.
        lists: names of the lists the reminder belongs to.
        priority: ``"low"``, ``"medium"`` or ``"high"``.
    """

    subject: str
    when: datetime.datetime | None = None
    repeats: list[datetime.datetime] | None = None
    location: LocationTrigger = None
    is_complete: bool = False
    lists: list[str] = field(default_factory=list)
    priority: Literal["low", "medium", "high"] | None = None


ReminderListOps = Enum("ReminderListOps", ["Add", "Delete"])
ReminderListOps.__doc__ = """Whether :func:`organise` adds a reminder to a list or removes it: ``Add`` or ``Delete``."""


def add_reminder(reminder: PersonalReminder) -> None:
    """Save ``reminder``. Has no effect in the simulated world."""


def search_reminder(
    by_subject: str = None,
    by_time_period: list[datetime.datetime] = None,
    by_list_membership: list[ListName] = None,
) -> list[PersonalReminder]:
    """Reminders matching all given criteria. Returns ``None`` in the simulated world."""


def organise(reminder: PersonalReminder, target_list: ListName, operation: ReminderListOps) -> PersonalReminder:
    """Add ``reminder`` to, or remove it from, ``target_list``. Returns ``None`` here."""


def share_reminders(reminders: list[PersonalReminder], contacts: list[Contact]):
    """Share reminders with contacts. Has no effect in the simulated world."""
