"""The simulated world: in-memory tables, the current context, and the pinned clock."""

from aspera_core.world.clock import NOW
from aspera_core.world.errors import ComputeError, NoDataError
from aspera_core.world.state import (
    DatabaseNamespace,
    ExecutionContext,
    current_context_or_none,
    get_current_context,
    new_context,
    set_current_context,
    swap_current_context,
)

__all__ = [
    "NOW",
    "ComputeError",
    "DatabaseNamespace",
    "ExecutionContext",
    "NoDataError",
    "current_context_or_none",
    "get_current_context",
    "new_context",
    "set_current_context",
    "swap_current_context",
]
