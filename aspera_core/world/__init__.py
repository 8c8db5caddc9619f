"""The simulated world: in-memory tables, the current context, and the pinned clock."""

from aspera_core.world.clock import NOW
from aspera_core.world.errors import ComputeError, NoDataError
from aspera_core.world.state import (
    DatabaseNamespace,
    ExecutionContext,
    get_current_context,
    new_context,
    set_current_context,
)

__all__ = [
    "NOW",
    "ComputeError",
    "DatabaseNamespace",
    "ExecutionContext",
    "NoDataError",
    "get_current_context",
    "new_context",
    "set_current_context",
]
