"""Room fan-out: frames published for a room reach every process's sockets in that room,
and a lock per room serialises actions on its game.

In-process by default (:class:`LocalBroker`); with ``REDIS_URL`` set, Redis carries them
between server processes (:class:`~cotuong.server.realtime.redis_broker.RedisBroker`).
A lock's holder is told whether another process changed the room since this one last saw
it (:class:`Held`): only then need it re-read the room and game rows.

>>> import asyncio
>>> got = []
>>> async def demo():
...     b = LocalBroker()
...     await b.start(lambda room, text: got.append((room, text)))
...     await b.publish("ABC", "hi")
...     async with b.lock("ABC") as held:
...         got.append(held.stale)
...     await b.close()
>>> asyncio.run(demo()); got
[('ABC', 'hi'), False]
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import AsyncIterator, Callable
from typing import Any, Protocol

Deliver = Callable[[str, str], None]


class Held:
    """A lock's holder's view of the room: ``stale`` when another process may have
    changed it since this process last saw it (re-read it, then call
    :meth:`Broker.refreshed`); ``stamp``: the room's change stamp when it was read;
    ``record``: when the room's last change is the only one this process missed, what its
    holder said of it (``change``, set by a holder before it lets go: a text the
    broker carries, e.g. the game's new row and move, so that no re-read is needed)."""

    __slots__ = ("change", "key", "record", "stale", "stamp")

    def __init__(self, key: str, stamp: str | None = None, stale: bool = False,
                 record: str | None = None) -> None:
        self.key = key
        self.stamp = stamp
        self.stale = stale
        self.record = record
        self.change: str | None = None


class Broker(Protocol):
    shared: bool  # True when other processes see the same rooms

    async def start(self, deliver: Deliver) -> None: ...

    async def publish(self, room: str, text: str) -> None: ...

    def lock(self, key: str | int) -> contextlib.AbstractAsyncContextManager[Held]: ...

    async def peek(self, key: str) -> Held: ...

    def refreshed(self, held: Held) -> None: ...

    async def watch(self, room: str) -> None: ...

    async def unwatch(self, room: str) -> None: ...

    async def close(self) -> None: ...


class LocalBroker:
    """Delivers at once, in this process; nothing is ever stale."""

    shared = False

    def __init__(self) -> None:
        self._deliver: Deliver | None = None

    async def start(self, deliver: Deliver) -> None:
        self._deliver = deliver

    async def publish(self, room: str, text: str) -> None:
        if self._deliver is not None:
            self._deliver(room, text)

    @contextlib.asynccontextmanager
    async def lock(self, key: str | int) -> AsyncIterator[Held]:
        yield Held(str(key))  # one process: the game's own asyncio lock is enough

    async def peek(self, key: str) -> Held:
        return Held(key)

    def refreshed(self, held: Held) -> None:
        held.stale = False

    async def watch(self, room: str) -> None:
        pass

    async def unwatch(self, room: str) -> None:
        pass

    async def close(self) -> None:
        self._deliver = None


def frame(obj: dict[str, Any]) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))
