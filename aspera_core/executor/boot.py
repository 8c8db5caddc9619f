"""``python -P -m aspera_core.executor.boot FD``: a fork server that imports the library, then waits for its sandbox.

:func:`~aspera_core.executor.sandbox.start_fork_server` starts it, so that a command can start it before its own
imports (``aspera run`` does) and the sandbox hands it its settings and descriptors over the socket ``FD`` later.
"""

import sys

from aspera_core.executor.server import serve_when_asked

if __name__ == "__main__":
    serve_when_asked(int(sys.argv[1]))
