"""The broker between server processes, through Redis (``redis`` package, asyncio client).

What a move costs on this path is what it sends and reads, so each part is cut to what
another process really needs:

* **Frames go only where a room has sockets.** Each process has its own channel
  (``cotuong:proc:<id>``) and, for each room it has sockets in, is a member of the room's
  set ``cotuong:in:<code>`` (joined before its first socket there is served, left with its
  last). A room's frame is delivered to this process's own sockets at once, and a Lua
  script publishes it to the other members' channels only: none when the room's sockets
  are all here, and no process reads back what it sent. Channels whose name starts with
  ``~`` (the lobby's notices) still go to every process, this one included.
* **A lock per room with a change stamp.** Taking the lock (``SET NX`` in a script) also
  reads the room's stamp ``cotuong:stamp:<code>``, which every release replaces with one
  of the releasing process's own: a process whose last stamp for the room is still there
  knows nobody else changed the room since, and needs not re-read its rows
  (:class:`~cotuong.server.realtime.broker.Held`). A release may leave beside its stamp
  a record of its change (the game's new row and move) and the stamp it was made on: a
  process that had seen that one catches up from the record, without the database.
* **Waiting for a lock without polling.** A taker that finds the lock held adds its process
  to the lock's waiters (in the same script), and the release publishes a wake-up to
  each; a lost wake-up costs at most ``WAIT_S`` (the lock expires after ``LOCK_MS``, so a
  process dying with it blocks the room that long).
* **Order.** A process delivers its own frames to its own sockets at once; when it takes a
  room's lock after another process changed the room, it first waits for a marker sent
  through its own channel, so the other's frames reach its sockets before its own.

>>> RedisBroker.stamp_of(b"ab12:7")
'ab12:7'
>>> RedisBroker.stamp_of("ab12:8\x1eab12:7\x1e{}")
'ab12:8'
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
from collections.abc import AsyncIterator
from typing import Any

from cotuong.server.realtime.broker import Broker, Deliver, Held, LocalBroker

__all__ = ["RedisBroker", "make_broker"]

SEP = "\x1d"  # room, then text, in a message (never in a room code nor in JSON text)
RS = "\x1e"  # stamp, base stamp and record in a stamp key's value
ALL = "cotuong:all"  # the channel every process reads (broadcast channels: ``~…``)
PROC = "cotuong:proc:"
IN = "cotuong:in:"
LOCK = "cotuong:lock:"
STAMP = "cotuong:stamp:"
WAIT = "cotuong:wait:"
LOCK_MS = 5000  # a lock's expiry: what a process dying while holding one costs its room
WAIT_S = 0.05  # a waiter tries again this often if no wake-up came
TTL_MS = 86_400_000  # stamps and room memberships; memberships are renewed while in use
SEEN_MAX = 200_000  # stamps remembered (forgetting one costs a re-read, never a mistake)

# KEYS: lock, stamp, waiters; ARGV: token, lock ms, this process. {1, stamp} or {0}.
_ACQUIRE = """
if redis.call('set', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then
  return {1, redis.call('get', KEYS[2])}
end
redis.call('sadd', KEYS[3], ARGV[3])
redis.call('pexpire', KEYS[3], ARGV[2])
return {0}
"""
# KEYS: lock, stamp, waiters; ARGV: token, new stamp (with the change's record), stamp
# ms, channel prefix, wake-up, the bare new stamp. The stamp changes even when the lock
# was lost (expired), without a record then: the others must re-read.
_RELEASE = """
if redis.call('get', KEYS[1]) ~= ARGV[1] then
  redis.call('set', KEYS[2], ARGV[6], 'PX', ARGV[3])
  return 0
end
redis.call('set', KEYS[2], ARGV[2], 'PX', ARGV[3])
redis.call('del', KEYS[1])
local waiting = redis.call('smembers', KEYS[3])
if #waiting > 0 then
  redis.call('del', KEYS[3])
  for _, p in ipairs(waiting) do redis.call('publish', ARGV[4] .. p, ARGV[5]) end
end
return 1
"""
# KEYS: the room's processes; ARGV: this process, message, channel prefix.
_ROUTE = """
local n = 0
for _, p in ipairs(redis.call('smembers', KEYS[1])) do
  if p ~= ARGV[1] then n = n + redis.call('publish', ARGV[3] .. p, ARGV[2]) end
end
return n
"""
# KEYS: the room's processes; ARGV: this process, ms.
_JOIN = """
redis.call('sadd', KEYS[1], ARGV[1])
return redis.call('pexpire', KEYS[1], ARGV[2])
"""


class RedisBroker:
    """Rooms shared between processes through Redis (see the module's text)."""

    shared = True

    def __init__(self, url: str, max_connections: int = 64) -> None:
        import redis.asyncio as aioredis

        # A burst of actions (hundreds of sockets leaving at once, each taking its room's
        # lock) waits for a free connection instead of failing with "Too many
        # connections" once the pool is used up.
        pool = aioredis.BlockingConnectionPool.from_url(url, max_connections=max_connections,
                                                        timeout=20)
        self._redis: Any = aioredis.Redis(connection_pool=pool)
        self.id = secrets.token_hex(6)  # this process's name in Redis
        self._acquire = self._redis.register_script(_ACQUIRE)
        self._release = self._redis.register_script(_RELEASE)
        self._route = self._redis.register_script(_ROUTE)
        self._join = self._redis.register_script(_JOIN)
        self._pubsub: Any = None
        self._tasks: list[asyncio.Task[None]] = []
        self._deliver: Deliver | None = None
        self._seen: dict[str, str] = {}  # room -> the stamp this process's rows are at
        self._stamps = 0
        self._wake: dict[str, asyncio.Event] = {}
        self._sockets: dict[str, int] = {}  # room -> this process's sockets there
        self._joined: set[str] = set()  # rooms whose set has this process (in Redis)
        self._membership = asyncio.Lock()  # joins and leaves reach Redis in their order

    @staticmethod
    def stamp_of(value: bytes | str | None) -> str | None:
        """The stamp itself of a stamp key's value (``stamp``, or ``stamp RS base RS
        record``: the change's record, and the stamp it was made on)."""
        text = value.decode() if isinstance(value, bytes) else value
        return None if text is None else text.partition(RS)[0]

    def _held(self, key: str, value: bytes | str | None) -> Held:
        text = value.decode() if isinstance(value, bytes) else value
        if text is None:
            return Held(key, None, stale=True)
        stamp, _, rest = text.partition(RS)
        seen = self._seen.get(key)
        if seen == stamp:
            return Held(key, stamp)
        base, _, record = rest.partition(RS)
        # The record is enough when this process had seen the state it was made on.
        return Held(key, stamp, stale=True,
                    record=record if rest and seen is not None and base == seen else None)

    async def start(self, deliver: Deliver) -> None:
        self._deliver = deliver
        self._pubsub = self._redis.pubsub()
        await self._pubsub.subscribe(PROC + self.id, ALL)
        self._tasks = [asyncio.create_task(self._listen(deliver)),
                       asyncio.create_task(self._renew())]

    async def _listen(self, deliver: Deliver) -> None:
        assert self._pubsub is not None
        async for msg in self._pubsub.listen():
            if msg.get("type") != "message":
                continue
            data = msg["data"]
            room, _, text = (data.decode() if isinstance(data, bytes) else str(data)
                             ).partition(SEP)
            if room:
                deliver(room, text)
                continue
            # A lock this process waits for is free, or a barrier's marker.
            event = self._wake.pop(text, None)
            if event is not None:
                event.set()

    async def _renew(self) -> None:
        """Keep this process's room memberships from expiring while it has sockets there
        (a dead process's expire by themselves)."""
        while True:
            await asyncio.sleep(TTL_MS / 4000)
            async with self._membership:
                pipe = self._redis.pipeline(transaction=False)
                for room in self._joined:
                    pipe.sadd(IN + room, self.id)
                    pipe.pexpire(IN + room, TTL_MS)
                with contextlib.suppress(Exception):
                    await pipe.execute()

    # ------------------------------------------------------------ frames
    async def publish(self, room: str, text: str) -> None:
        if room.startswith("~"):  # every process's listener, this one's too
            await self._redis.publish(ALL, room + SEP + text)
            return
        if self._deliver is not None:
            self._deliver(room, text)  # this process's sockets: at once
        await self._route(keys=[IN + room], args=[self.id, room + SEP + text, PROC])

    async def watch(self, room: str) -> None:
        """A socket of room ``room`` is here: once this returns, the room's frames from
        every process reach this one (until :meth:`unwatch` of its last socket)."""
        self._sockets[room] = self._sockets.get(room, 0) + 1  # unwatch balances it
        if room in self._joined:
            return
        async with self._membership:
            if self._sockets.get(room) and room not in self._joined:
                await self._join(keys=[IN + room], args=[self.id, TTL_MS])
                self._joined.add(room)

    async def unwatch(self, room: str) -> None:
        left = self._sockets.get(room, 0) - 1
        if left > 0:
            self._sockets[room] = left
            return
        self._sockets.pop(room, None)
        async with self._membership:
            if room in self._joined and room not in self._sockets:
                self._joined.discard(room)
                await self._redis.srem(IN + room, self.id)

    # ------------------------------------------------------------ locks
    @contextlib.asynccontextmanager
    async def lock(self, key: str | int) -> AsyncIterator[Held]:
        key = str(key)
        keys = [LOCK + key, STAMP + key, WAIT + key]
        token = secrets.token_hex(8)
        while True:
            event = self._wake.get(key) or self._wake.setdefault(key, asyncio.Event())
            got = await self._acquire(keys=keys, args=[token, LOCK_MS, self.id])
            if got[0]:
                break
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(event.wait(), WAIT_S)
        held = self._held(key, got[1] if len(got) > 1 else None)
        if held.stale and self._sockets.get(key):
            # What the last holder published reaches this process's sockets before what
            # this holder will publish (delivered here at once).
            await self._barrier()
        try:
            yield held
        finally:
            self._stamps += 1
            new = f"{self.id}:{self._stamps}"
            value = new if held.change is None or held.stamp is None else \
                RS.join((new, held.stamp, held.change))
            ok = await self._release(keys=keys, args=[token, value, TTL_MS, PROC, SEP + key,
                                                      new])
            if len(self._seen) >= SEEN_MAX:
                self._seen.clear()
            if ok and not held.stale:
                self._seen[key] = new
            else:  # not re-read, or the lock expired meanwhile: re-read next time
                self._seen.pop(key, None)

    async def _barrier(self, timeout_s: float = 1.0) -> None:
        """Wait until every message published to this process before now is delivered
        (a marker through its own channel, which is read in order)."""
        marker = "!" + secrets.token_hex(6)
        event = self._wake[marker] = asyncio.Event()
        try:
            await self._redis.publish(PROC + self.id, SEP + marker)
            await asyncio.wait_for(event.wait(), timeout_s)
        except asyncio.TimeoutError:
            pass
        finally:
            self._wake.pop(marker, None)

    async def peek(self, key: str) -> Held:
        """The room's stamp now, without the lock: ``stale`` if this process's rows may
        be behind (a change being made now is published after, as in one process)."""
        return self._held(key, await self._redis.get(STAMP + key))

    def refreshed(self, held: Held) -> None:
        """This process re-read the room after seeing ``held``'s stamp."""
        held.stale = False
        if held.stamp is not None:
            self._seen[held.key] = held.stamp

    async def close(self) -> None:
        for task in self._tasks:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        if self._joined:  # leave the rooms' sets (they would expire anyway)
            pipe = self._redis.pipeline(transaction=False)
            for room in self._joined:
                pipe.srem(IN + room, self.id)
            with contextlib.suppress(Exception):
                await pipe.execute()
            self._joined.clear()
        if self._pubsub is not None:
            with contextlib.suppress(Exception):
                await self._pubsub.aclose()
        await self._redis.aclose()


def make_broker(redis_url: str | None) -> Broker:
    """The in-process broker, or with ``redis_url`` the Redis one (the ``redis`` extra)."""
    return RedisBroker(redis_url) if redis_url else LocalBroker()
