"""The engine's first search in a process: its compiled code made ready once, by one
process at a time on the machine.

Numba compiles each function at its first call and writes the result to its cache.
Processes that start together on a cold cache (a fresh install's server and its engine
workers, a match's two engines, a test run's processes) would each compile all of it,
30-55 s of CPU apiece on a 2-core machine, and slow each other down. So the first search
of a process first warms the search up (:meth:`FirstUse.ready`) under a lock file shared
by every process using the same cache: the first comer compiles and writes the cache,
the others wait for it, then load what it wrote in about a second.

>>> calls = []
>>> first = FirstUse(Path(tempfile.gettempdir()) / "cotuong-doctest-first-use.lock")
>>> first.ready(lambda: calls.append("warm")); first.ready(lambda: calls.append("again"))
>>> calls
['warm']
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

__all__ = ["FirstUse", "cache_lock_path", "machine_lock"]


def cache_lock_path() -> Path:
    """The lock file of this engine's Numba cache (``NUMBA_CACHE_DIR`` or the package's
    own ``__pycache__``), in the system's temporary folder: two installs, or two cache
    folders, have two locks."""
    where = os.environ.get("NUMBA_CACHE_DIR") or str(Path(__file__).resolve().parent)
    digest = hashlib.sha1(where.encode()).hexdigest()[:12]
    return Path(tempfile.gettempdir()) / f"cotuong-engine-compile-{digest}.lock"


@contextlib.contextmanager
def machine_lock(path: Path, timeout_s: float = 300.0) -> Iterator[bool]:
    """Hold ``path``'s exclusive file lock (``flock``) while the block runs; yields
    whether it is held. Without file locks (Windows), without access to the file, or
    after ``timeout_s`` of waiting the block runs unlocked: a second compile is slower,
    but no engine must wait for ever (a cold compile took up to ~190 s of wall time on
    the loaded 2-core machine). The lock goes with the process if it dies.

    >>> with machine_lock(Path(tempfile.gettempdir()) / "cotuong-doctest.lock") as held:
    ...     held
    True
    """
    try:
        import fcntl
    except ImportError:  # pragma: no cover (not on Linux or macOS)
        yield False
        return
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o666)
    except OSError:
        yield False
        return
    try:
        deadline = time.monotonic() + timeout_s
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                held = True
                break
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    held = False
                    break
                time.sleep(0.05)
        yield held
    finally:
        os.close(fd)  # which releases the lock


class FirstUse:
    """Runs a warm-up once in this process, under the machine-wide ``lock``. A process
    has one (:data:`PROCESS`), as it has one set of compiled functions; threads that
    search at once wait for the one warming up."""

    def __init__(self, lock: Path) -> None:
        self.lock = lock
        self._mutex = threading.Lock()
        self._done = False

    def ready(self, warm_up: Callable[[], None]) -> None:
        """``warm_up()`` unless it already ran in this process (an exception leaves it
        to the next call)."""
        if self._done:
            return
        with self._mutex:
            if self._done:
                return
            with machine_lock(self.lock):
                warm_up()
            self._done = True


# The compiled code is the process's, and so is the record that it is ready.
PROCESS = FirstUse(cache_lock_path())
