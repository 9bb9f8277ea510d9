"""At most one publish per channel per period: :class:`Coalescer` runs a channel's
``flush`` later instead of now when one went out recently, and once however many asked
meanwhile. A crowd arriving in a room then costs its players one state frame per period.

>>> import asyncio
>>> from cotuong.server.background import Background
>>> async def demo():
...     sent = []
...     async def flush(key): sent.append(key)
...     c = Coalescer(Background("demo"), 0.05, flush)
...     c.sent("ROOM")          # a publish just went out
...     for _ in range(10):
...         c.soon("ROOM")      # ten arrivals
...     await asyncio.sleep(0.1)
...     return sent
>>> asyncio.run(demo())
['ROOM']
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable

from cotuong.server.background import Background

__all__ = ["Coalescer"]


class Coalescer:
    """``soon(key)``: ``flush(key)`` at the end of the key's period (now if it is over);
    ``sent(key)``: a publish of the key went out now (a pending one is superseded)."""

    def __init__(self, background: Background, interval_s: float,
                 flush: Callable[[str], Awaitable[None]]) -> None:
        self.background = background
        self.interval_s = interval_s
        self.flush = flush
        self._last: dict[str, float] = {}

    def sent(self, key: str) -> None:
        self._last[key] = time.monotonic()
        self.background.cancel(("coalesce", key))

    def soon(self, key: str) -> None:
        timer = ("coalesce", key)
        if self.background.pending(timer) or self.background.stopping:
            return
        delay = self._last.get(key, 0.0) + self.interval_s - time.monotonic()
        self.background.later(timer, max(0.0, delay), lambda: self.flush(key))

    def forget(self, key: str) -> None:
        self._last.pop(key, None)
        self.background.cancel(("coalesce", key))
