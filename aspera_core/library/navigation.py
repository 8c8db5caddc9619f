"""Travel and location (documentation only).

The simulated world has no maps: these functions return ``None``. No benchmark
task needs this module.
"""

from dataclasses import dataclass
from enum import Enum

from aspera_core.library.time_utils import Duration, TimeInterval, TimeUnits


class NavigationInstruction:
    """One step of a route, e.g. "turn left onto Station Road"."""

    instruction: str


def calculate_travel_time(from_location: str, to_location: str) -> Duration:
    """Travel time between two places. Returns ``None`` in the simulated world."""


def get_directions(from_location: str, to_location: str) -> list[NavigationInstruction]:
    """Step-by-step directions between two places. Returns ``None`` in the simulated world."""


def get_current_location() -> str:
    """Where the user's device is. Returns ``None`` in the simulated world."""


class LocationEventTrigger(Enum):
    """Whether a location trigger fires on arrival, on departure, or is unset."""

    ARRIVES_AT = "arrival"
    DEPARTS_FROM = "departure"
    NOT_SET = "not_set"


@dataclass
class LocationTrigger:
    """Fire something (e.g. a reminder) when the user reaches or leaves a place.

    Attributes:
        location: the place.
        time_lag: how long before or after the event the trigger fires.
        trigger: arrival, departure or unset.
    """

    location: str
    time_lag: Duration = Duration(number=1, unit=TimeUnits.Hours)
    trigger: LocationEventTrigger = LocationEventTrigger.NOT_SET
