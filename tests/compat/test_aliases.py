import importlib
import subprocess
import sys

from aspera_core import compat


def test_release_paths_resolve_to_the_same_module_objects():
    compat.install()
    for alias, target in compat.ALIASES.items():
        if ".apps_implementation." in alias and alias.endswith(("exceptions", "time_utils")):
            assert importlib.import_module(alias) is importlib.import_module(target)
    context_module = importlib.import_module("aspera.simulation.execution_context")
    from aspera_core.world import state

    assert context_module is state
    # importing through an alias must not rename the target module
    assert state.__spec__.name == "aspera_core.world.state"


def test_install_is_idempotent_and_star_import_works():
    compat.install()
    compat.install()
    namespace: dict = {}
    exec("from aspera.apps_implementation.time_utils import *", namespace)
    assert namespace["now_"]().isoformat() == "2024-06-25T09:06:00"
    assert "datetime" in namespace


def test_unknown_names_under_aspera_are_not_invented():
    code = (
        "import aspera_core.compat as c; c.install()\n"
        "try:\n"
        "    import aspera.apps_implementation.no_such_app\n"
        "except ModuleNotFoundError:\n"
        "    print('missing')\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "missing"
