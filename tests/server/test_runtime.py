"""The serving runtime: full garbage collections on a timer, undone on exit."""

from __future__ import annotations

import gc
import sys
import time
import weakref

from cotuong.server.web.runtime import tuned_runtime


class Node:
    def __init__(self) -> None:
        self.me = self  # a reference cycle: only the cyclic collector frees it


def test_old_cyclic_garbage_is_freed_by_the_timer_and_settings_come_back() -> None:
    before = (gc.get_threshold(), sys.getswitchinterval())
    with tuned_runtime(full_every_s=0.05):
        node = Node()
        gone = weakref.ref(node)
        gc.collect(1)  # survives young collections: now in the oldest generation
        del node
        for _ in range(5):
            gc.collect(1)  # young collections alone never free it
        if sys.version_info < (3, 13):  # (3.14's incremental collector may free it here)
            assert gone() is not None
        deadline = time.monotonic() + 5
        while gone() is not None and time.monotonic() < deadline:
            time.sleep(0.02)
        assert gone() is None  # the timer's full collection did
    assert (gc.get_threshold(), sys.getswitchinterval()) == before
    assert gc.get_freeze_count() == 0
