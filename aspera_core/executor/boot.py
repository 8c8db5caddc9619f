"""``python -P .../aspera_core/executor/boot.py FD``: a fork server that imports the library, then waits for its sandbox.

:func:`~aspera_core.executor.sandbox.start_fork_server` starts it, so that a command can start it before its own
imports (``aspera run`` does) and the sandbox hands it its settings and descriptors over the socket ``FD`` later.

It runs as a file, not with ``-m``: ``-m`` would first run ``aspera_core/__init__.py``, whose eager exports (the
runner, records, agents, task loading, tqdm: some 45 modules) no judge or candidate uses, yet every fork would map
their 4 MB and the server would be ready 0.1 s later. Here the package is registered without running its
``__init__``, so that in this process and its forks ``aspera_core`` holds only the submodules they import. (``-P``
keeps this file's folder off ``sys.path``.)
"""

import importlib.util
import sys

if __name__ == "__main__":
    package = importlib.util.find_spec("aspera_core")
    if package is None:
        raise SystemExit("the fork server cannot find aspera_core on its path")
    sys.modules["aspera_core"] = importlib.util.module_from_spec(package)

    from aspera_core.executor.server import serve_when_asked

    serve_when_asked(int(sys.argv[1]))
