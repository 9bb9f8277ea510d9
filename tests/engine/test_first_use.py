"""The engine's first search in a process warms up once, one process at a time on the
machine (``cotuong.engine.first_use``): the lock between processes, its time limit,
one warm-up per process whatever the threads, and a failed warm-up tried again."""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from cotuong.engine.first_use import FirstUse, cache_lock_path, machine_lock

HOLD = """
import sys, time
from pathlib import Path
from cotuong.engine.first_use import machine_lock
with machine_lock(Path(sys.argv[1])) as held:
    print("held" if held else "not held", flush=True)
    time.sleep(float(sys.argv[2]))
"""


def holder(path: Path, seconds: float) -> subprocess.Popen[str]:
    """Another process holding the lock for ``seconds`` (once it has printed)."""
    proc = subprocess.Popen([sys.executable, "-c", HOLD, str(path), str(seconds)],
                            stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    assert proc.stdout.readline().strip() == "held"
    return proc


def test_a_second_process_waits_for_the_first(tmp_path: Path) -> None:
    path = tmp_path / "compile.lock"
    proc = holder(path, 1.0)
    started = time.monotonic()
    with machine_lock(path) as held:
        waited = time.monotonic() - started
    proc.wait(10)
    assert held
    assert 0.5 < waited < 5, waited


def test_the_wait_has_a_limit_then_the_block_runs_unlocked(tmp_path: Path) -> None:
    path = tmp_path / "compile.lock"
    proc = holder(path, 5.0)
    try:
        started = time.monotonic()
        with machine_lock(path, timeout_s=0.3) as held:
            waited = time.monotonic() - started
        assert not held
        assert 0.25 < waited < 2, waited
    finally:
        proc.kill()
        proc.wait(10)


def test_a_lock_file_that_cannot_be_opened_does_not_stop_the_engine(tmp_path: Path) -> None:
    with machine_lock(tmp_path / "no-such-folder" / "compile.lock") as held:
        assert not held


def test_threads_searching_at_once_warm_up_once(tmp_path: Path) -> None:
    first = FirstUse(tmp_path / "compile.lock")
    calls: list[int] = []

    def warm() -> None:
        calls.append(threading.get_ident())
        time.sleep(0.2)  # the others arrive meanwhile and wait

    threads = [threading.Thread(target=first.ready, args=(warm,)) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(calls) == 1


def test_a_failed_warm_up_is_tried_again_and_frees_the_lock(tmp_path: Path) -> None:
    path = tmp_path / "compile.lock"
    first = FirstUse(path)

    def broken() -> None:
        raise RuntimeError("out of memory")

    with pytest.raises(RuntimeError):
        first.ready(broken)
    with machine_lock(path, timeout_s=0.5) as held:
        assert held  # not left locked by the failure
    calls: list[str] = []
    first.ready(lambda: calls.append("warm"))
    first.ready(lambda: calls.append("again"))
    assert calls == ["warm"]


def test_one_lock_per_cache_folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    own = cache_lock_path()
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    other = cache_lock_path()
    assert own != other
    assert own.parent == other.parent  # both in the temporary folder, writable by all
