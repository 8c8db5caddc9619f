"""Wilson score intervals: the core's (:mod:`aspera_core.wilson`), where the audit's report and the summaries
reach them too."""

from aspera_core.wilson import wilson_bounds, wilson_interval

__all__ = ["wilson_bounds", "wilson_interval"]
