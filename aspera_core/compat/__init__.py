"""Import paths of the original ASPERA release, mapped onto this package.

Programs written for the Asper-Bench release import, for example,
``aspera.apps_implementation.work_calendar``. :func:`install` registers an
import hook so that such names resolve to the *same module objects* as their
``aspera_core`` counterparts (``aspera.apps_implementation.work_calendar is
aspera_core.library.work_calendar``), so ``isinstance`` checks and ``except``
clauses agree whichever path a program used.

The hook is installed by the executor and the conformance adapter rather than by
shipping a top-level ``aspera`` package, so this workbench can live in the same
environment as the original release without shadowing it outside evaluations.
"""

from aspera_core.compat.aliases import ALIASES, APP_MODULES, CHECK_TOOL_MODULES, SETUP_TOOL_MODULES, install

__all__ = ["ALIASES", "APP_MODULES", "CHECK_TOOL_MODULES", "SETUP_TOOL_MODULES", "install"]
