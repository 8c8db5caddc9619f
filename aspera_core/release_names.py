"""The original release's module names, in one place for the library, compat and task loading.

A plain module at the bottom of the layers: loading tasks needs these names
without importing the library, whose import installs the beartype hook.
"""

#: Library modules that only document an API; their stubs return ``None`` unchecked.
DOCUMENTATION_ONLY_MODULES = (
    "files",
    "contacts",
    "messaging",
    "navigation",
    "reminder",
    "user_device_settings",
    "ai_assistant",
)
#: App modules of ``aspera.apps_implementation`` (and ``aspera.apps``), the names ``scenario.apps`` may hold.
APP_MODULES = ("exceptions", "time_utils", "company_directory", "work_calendar", "room_booking")
APP_MODULES += DOCUMENTATION_ONLY_MODULES
#: Modules of the setup tools (``scenario.simulation_tools`` references ``module::function`` in them).
SETUP_TOOL_MODULES = ("company_directory", "work_calendar", "room_booking", "utils")
#: Modules of the checking tools (``scenario.evaluation_tools`` references ``module::function`` in them).
CHECK_TOOL_MODULES = ("exceptions", "time_utils", "work_calendar")
