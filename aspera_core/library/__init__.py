"""The simulated assistant library: the API that task programs are written against.

Executable modules: ``exceptions``, ``time_utils``, ``company_directory``,
``work_calendar`` and ``room_booking``. Documentation-only modules, whose
functions have no effect in the simulated world: ``files``, ``contacts``,
``messaging``, ``navigation``, ``reminder``, ``user_device_settings``,
``ai_assistant``. Beside them, ``tool_support`` gives the setup and checking
tools public names for helpers the release modules keep private.

Every function, method and generated constructor of the executable modules
checks its arguments against its annotations on each call (beartype's import
hook), as the original does: a wrongly typed argument raises
``beartype.roar.BeartypeCallHintParamViolation`` naming the function, the
parameter and the expected type. Well-typed programs never see it.
"""

from beartype import BeartypeConf
from beartype.claw import beartype_this_package

from aspera_core.release_names import DOCUMENTATION_ONLY_MODULES

beartype_this_package(
    conf=BeartypeConf(claw_skip_package_names=tuple(f"{__name__}.{m}" for m in DOCUMENTATION_ONLY_MODULES))
)
