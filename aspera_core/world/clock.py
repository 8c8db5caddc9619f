"""The pinned clock of the simulation.

Every task in the benchmark was written for one fixed moment, Tuesday 25 June
2024 at 09:06, so "now" is a constant rather than the machine clock.
"""

import datetime

NOW = datetime.datetime(2024, 6, 25, 9, 6)
