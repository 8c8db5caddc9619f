"""The fork server's fork: CPython's at-fork hooks are skipped only where the process has a single thread."""

from __future__ import annotations

import json
import subprocess
import sys

from .support import source

# Forks twice, once with a second thread alive, and says in each case whether a hook registered with
# os.register_at_fork ran in the child, and what the child's exit status was.
SCRIPT = source(
    """
    import json, os, threading
    from aspera_core.executor import forking

    read_end, write_end = os.pipe()
    os.register_at_fork(after_in_child=lambda: os.write(write_end, b"h"))

    def fork_once():
        pid = forking.fork()
        if pid == 0:
            os.write(write_end, b"c")
            os._exit(7)
        _, status = os.waitpid(pid, 0)
        return {"hook": os.read(read_end, 16) == b"hc", "status": os.waitstatus_to_exitcode(status)}

    alone = fork_once()
    release = threading.Event()
    other = threading.Thread(target=release.wait)
    other.start()
    with_thread = fork_once()
    release.set()
    other.join()
    print(json.dumps({"alone": alone, "with_thread": with_thread}))
    """
)


def test_a_lone_thread_forks_without_the_hooks_and_a_second_thread_brings_them_back() -> None:
    output = subprocess.run([sys.executable, "-c", SCRIPT], check=True, capture_output=True, text=True).stdout
    result = json.loads(output)
    assert result["alone"] == {"hook": False, "status": 7}
    assert result["with_thread"] == {"hook": True, "status": 7}


# Forks with and without keep_random, alone and beside a second thread, and says whether the child drew the number
# the parent draws next.
RANDOM_SCRIPT = source(
    """
    import json, os, random, threading
    from aspera_core.executor import forking

    def same_draw(keep_random):
        random.seed(11)
        read_end, write_end = os.pipe()
        pid = forking.fork(keep_random=keep_random)
        if pid == 0:
            os.write(write_end, repr(random.random()).encode())
            os._exit(0)
        os.waitpid(pid, 0)
        os.close(write_end)
        return os.read(read_end, 64).decode() == repr(random.random())

    found = {"alone": [same_draw(False), same_draw(True)]}
    release = threading.Event()
    other = threading.Thread(target=release.wait)
    other.start()
    found["with_thread"] = [same_draw(False), same_draw(True)]
    release.set()
    other.join()
    print(json.dumps(found))
    """
)


def test_a_child_continues_the_random_stream_only_when_asked_to_with_or_without_threads() -> None:
    output = subprocess.run([sys.executable, "-c", RANDOM_SCRIPT], check=True, capture_output=True, text=True).stdout
    assert json.loads(output) == {"alone": [False, True], "with_thread": [False, True]}
