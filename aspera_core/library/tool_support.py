"""The library's helpers that the setup and checking tools use, under public names.

The release modules must keep these names private: programs receive those modules through a
star import, and an underscore is what keeps a helper out of a program's globals (the release
exposes exactly the names in the interface contract). No program star-imports this module,
which is not one of the release's, so here the tools get the same objects by public names.
"""

from aspera_core.library.time_utils import _repetition_schedule as repetition_schedule
from aspera_core.library.work_calendar import _event_to_row as event_to_row
from aspera_core.library.work_calendar import _new_id as new_id

__all__ = ["event_to_row", "new_id", "repetition_schedule"]
