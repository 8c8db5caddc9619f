"""The simulated assistant library: the API that task programs are written against.

Executable modules: ``exceptions``, ``time_utils``, ``company_directory``,
``work_calendar``, ``room_booking`` and ``files`` (stubs). Documentation-only
modules: ``contacts``, ``messaging``, ``navigation``, ``reminder``,
``user_device_settings``, ``ai_assistant``.

Every function, method and generated constructor in this package checks its
arguments against its annotations on each call (beartype's import hook), as the
original does: a wrongly typed argument raises
``beartype.roar.BeartypeCallHintParamViolation`` naming the function, the
parameter and the expected type. Well-typed programs never see it.
"""

from beartype.claw import beartype_this_package

beartype_this_package()
