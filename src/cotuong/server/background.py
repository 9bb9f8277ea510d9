"""A part's background work: tasks it spawns and timers it sets, logged when they fail and
all stopped together when the part stops.

Every stateful part of the platform (the game service, the lobby, tournaments) runs work
beside the request that caused it — an AI move, a seek's grace period, a no-show check.
Each used to keep its own set of tasks and its own dict of timer handles; this is the one
implementation. A timer has a key, so setting it again replaces it (one flag timer per
game, one grace timer per player).

>>> import asyncio
>>> async def demo() -> list[str]:
...     done: list[str] = []
...     work = Background("demo")
...     async def note(text: str) -> None:
...         done.append(text)
...     work.later("k", 0.01, lambda: note("first"))
...     work.later("k", 0.02, lambda: note("replaced"))  # same key: the first is cancelled
...     await asyncio.sleep(0.05)
...     await work.stop()
...     return done
>>> asyncio.run(demo())
['replaced']
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Hashable
from typing import Any, TypeVar

__all__ = ["Background"]

log = logging.getLogger("cotuong.server")
T = TypeVar("T")


class Background:
    """The tasks and keyed timers of one part (``name`` appears in failure logs)."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.stopping = False
        self._tasks: set[asyncio.Task[Any]] = set()
        self._timers: dict[Hashable, asyncio.TimerHandle] = {}

    def spawn(self, work: Awaitable[T]) -> asyncio.Task[T]:
        """Run ``work`` as a task of this part; a failure is logged, not lost."""
        task: asyncio.Task[T] = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._done)
        return task

    def _done(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("%s: background task failed", self.name, exc_info=task.exception())

    def later(self, key: Hashable, delay_s: float,
              work: Callable[[], Awaitable[Any]]) -> None:
        """Run ``work()`` as a task after ``delay_s`` seconds, replacing the timer set
        under ``key`` before (if any). Nothing is set once the part is stopping."""
        self.cancel(key)
        if self.stopping:
            return

        def fire() -> None:
            self._timers.pop(key, None)
            self.spawn(work())

        self._timers[key] = asyncio.get_running_loop().call_later(max(0.0, delay_s), fire)

    def cancel(self, key: Hashable) -> bool:
        """Cancel the timer set under ``key``; whether there was one."""
        timer = self._timers.pop(key, None)
        if timer is not None:
            timer.cancel()
        return timer is not None

    def pending(self, key: Hashable) -> bool:
        """Whether a timer is set under ``key``."""
        return key in self._timers

    async def stop(self) -> None:
        """Cancel every timer and task and wait for the tasks to finish cancelling."""
        self.stopping = True
        for timer in self._timers.values():
            timer.cancel()
        self._timers.clear()
        tasks = list(self._tasks)
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
