"""Room fan-out: frames published for a room reach every process's sockets in that room.

In-process by default; with ``REDIS_URL`` set, Redis pub/sub carries them between server
processes (channel ``cotuong:room:<code>``), and a Redis lock serialises actions on a
game across processes.

>>> import asyncio
>>> got = []
>>> async def demo():
...     b = LocalBroker()
...     await b.start(lambda room, text: got.append((room, text)))
...     await b.publish("ABC", "hi")
...     await b.close()
>>> asyncio.run(demo()); got
[('ABC', 'hi')]
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
from collections.abc import AsyncIterator, Callable
from typing import Any, Protocol

Deliver = Callable[[str, str], None]


class Broker(Protocol):
    shared: bool  # True when other processes see the same rooms

    async def start(self, deliver: Deliver) -> None: ...

    async def publish(self, room: str, text: str) -> None: ...

    def lock(self, game_id: int) -> contextlib.AbstractAsyncContextManager[None]: ...

    async def close(self) -> None: ...


class LocalBroker:
    """Delivers at once, in this process."""

    shared = False

    def __init__(self) -> None:
        self._deliver: Deliver | None = None

    async def start(self, deliver: Deliver) -> None:
        self._deliver = deliver

    async def publish(self, room: str, text: str) -> None:
        if self._deliver is not None:
            self._deliver(room, text)

    @contextlib.asynccontextmanager
    async def lock(self, game_id: int) -> AsyncIterator[None]:
        yield  # one process: the game's own asyncio lock is enough

    async def close(self) -> None:
        self._deliver = None


class RedisBroker:
    """Redis pub/sub between processes (``redis`` package, asyncio client)."""

    shared = True
    PREFIX = "cotuong:room:"

    def __init__(self, url: str, max_connections: int = 64) -> None:
        import redis.asyncio as aioredis

        # A burst of actions (hundreds of sockets leaving at once, each taking its game's
        # lock) waits for a free connection instead of failing with "Too many
        # connections" once the pool is used up.
        pool = aioredis.BlockingConnectionPool.from_url(url, max_connections=max_connections,
                                                        timeout=20)
        self._redis: Any = aioredis.Redis(connection_pool=pool)
        self._pubsub: Any = None
        self._task: asyncio.Task[None] | None = None

    async def start(self, deliver: Deliver) -> None:
        self._pubsub = self._redis.pubsub()
        await self._pubsub.psubscribe(self.PREFIX + "*")
        self._task = asyncio.create_task(self._listen(deliver))

    async def _listen(self, deliver: Deliver) -> None:
        assert self._pubsub is not None
        async for msg in self._pubsub.listen():
            if msg.get("type") != "pmessage":
                continue
            channel = msg["channel"].decode() if isinstance(msg["channel"], bytes) \
                else str(msg["channel"])
            data = msg["data"].decode() if isinstance(msg["data"], bytes) else str(msg["data"])
            deliver(channel[len(self.PREFIX):], data)

    async def publish(self, room: str, text: str) -> None:
        await self._redis.publish(self.PREFIX + room, text)

    @contextlib.asynccontextmanager
    async def lock(self, game_id: int) -> AsyncIterator[None]:
        key = f"cotuong:lock:game:{game_id}"
        token = secrets.token_hex(8)
        # Expiry bounds the damage of a process dying while holding the lock.
        while not await self._redis.set(key, token, nx=True, px=5000):
            await asyncio.sleep(0.005)
        try:
            yield
        finally:
            script = ("if redis.call('get', KEYS[1]) == ARGV[1] then "
                      "return redis.call('del', KEYS[1]) else return 0 end")
            await self._redis.eval(script, 1, key, token)

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
        if self._pubsub is not None:
            with contextlib.suppress(Exception):
                await self._pubsub.aclose()
        await self._redis.aclose()


def make_broker(redis_url: str | None) -> Broker:
    return RedisBroker(redis_url) if redis_url else LocalBroker()


def frame(obj: dict[str, Any]) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))
