"""The lobby: open challenges (seeks), quick pairing, the live games to watch and who is
online, pushed to every lobby socket.

* **Seeks live in the store** (:mod:`cotuong.server.lobby.store`) with a cache here:
  every process sees the same ones, a restart keeps them, and accepting one is a single
  ``DELETE`` that only one of two concurrent accepts wins (exactly one game). A seek
  vanishes when its creator cancels it, when the creator gets a game, or
  ``seek_grace_s`` after the creator's last lobby socket closed (or after it was made
  without one); reconnecting in time keeps it.
* **Quick pairing** is a seek that pairs itself: made under the lobby's lock, it is
  matched at once with the oldest fitting open seek (same rules, time control and
  rated/casual, colours that do not clash, each rating in the other's range); only when
  none fits is it stored and shown.
* **Pushing**: at most one frame per ``lobby_tick_s`` (a seek change goes out within
  0.1 s) and ``lobby_frames_s`` frames a second to all sockets together, built once and
  sent only when the view changed, to the sockets in slices of 100 paced over most of a
  tick, so that thousands of lobby sockets never stall the
  games' event loop. A socket whose ``hello`` asked for deltas gets a ``lobby_delta``
  (:mod:`cotuong.server.lobby.deltas`: the changes, a moved game as its moves) with a
  version ``v`` and the version it applies to (``base``), and the whole ``lobby``
  snapshot on hello, on ``sync`` and every ``lobby_snapshot_s``; any other socket
  gets the snapshot at every change, as before.

>>> Lobby.__name__
'Lobby'
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
from collections.abc import Callable, Iterable
from typing import Any

from cotuong.server.accounts import Player
from cotuong.server.background import Background
from cotuong.server.errors import ServiceError
from cotuong.server.lobby import store as seek_store
from cotuong.server.lobby.cards import OnlineList, shown_games
from cotuong.server.lobby.deltas import lobby_delta
from cotuong.server.lobby.notices import round_open
from cotuong.server.lobby.protocol import Paired
from cotuong.server.lobby.seeks import DEFAULT_RANGE, Seek, SeekBody, compatible
from cotuong.server.play import GameTable, Rooms
from cotuong.server.ratings import category
from cotuong.server.ratings import store as rating_store
from cotuong.server.realtime import Broker, Member, Pong, Sockets, frame
from cotuong.server.settings import ClockSource, Settings
from cotuong.server.storage import Database, create_tables
from cotuong.server.timecontrol import TimeControl, TimeControlError

log = logging.getLogger("cotuong.server")
CHANNEL = "~lobby"  # the broker channel of lobby notices between processes
SHOWN_SEEKS = 50
SHOWN_ONLINE = 50
PAIRED_KEEP_MS = 120_000  # a `paired` frame waits this long for its creator to reconnect
SLICE = 100  # lobby sockets pushed to at once


class Lobby:
    """One per app, beside the game service (no global state)."""

    def __init__(self, settings: Settings, database: Database, clock: ClockSource,
                 broker: Broker, sockets: Sockets, rooms: Rooms,
                 live_tables: Callable[[], Iterable[GameTable]]) -> None:
        self.settings = settings
        self.database = database
        self.engine = database.store.engine
        self.clock = clock
        self.broker = broker
        self.sockets = sockets  # the rooms' sockets: who is online in a game
        self.rooms = rooms
        self.live_tables = live_tables
        self.background = Background("lobby")  # grace timers keyed by identity
        self.members: set[Member] = set()
        self.seeks: dict[str, Seek] = {}
        # The client address each seek of this process came from (per-address limit).
        self._seek_addresses: dict[str, str] = {}
        self._lock = asyncio.Lock()
        self._paired: dict[str, list[tuple[int, str]]] = {}  # identity -> [(until, frame)]
        # The usernames of the accounts seen on a lobby socket (their display names are
        # what the list shows; the username is their profile's address).
        self.usernames: dict[str, str] = {}
        self._dirty = asyncio.Event()
        # The view last pushed, its version, its snapshot text (built when first needed).
        self._view: dict[str, Any] | None = None
        self._version = 0
        self._snapshot: str | None = None
        # When each delta socket is next sent a snapshot (its own time: spread out).
        self._due: dict[Member, float] = {}
        self._online = OnlineList()  # rebuilt when sockets come or go, names are learnt
        self._changes = 0

    # ------------------------------------------------------------ lifecycle
    async def start(self) -> None:
        await self.database.run(create_tables, self.engine, seek_store.metadata)
        self.sockets.listeners[CHANNEL] = self._notice
        await self._reload()
        for identity in {s.identity for s in self.seeks.values()}:
            self._start_grace(identity)  # nobody is connected yet: their grace starts now
        self.background.spawn(self._ticks())

    async def stop(self) -> None:
        await self.background.stop()
        for m in self.members:
            m.queue.put_nowait(None)

    async def _reload(self) -> None:
        rows = await self.database.run(seek_store.open_seeks, self.engine)
        self.seeks = {r["id"]: Seek.from_row(r) for r in rows}
        self._dirty.set()

    def _notice(self, text: str) -> None:
        """A notice from another process (or this one, through the broker)."""
        try:
            data = json.loads(text)
        except ValueError:
            return
        if data.get("kind") == "seeks" and self.broker.shared:
            self.background.spawn(self._reload())
        elif data.get("kind") == "paired":
            keep = data.get("keep_ms")
            self._deliver_paired(str(data.get("identity")), str(data.get("frame")),
                                 keep if isinstance(keep, int) else PAIRED_KEEP_MS)

    async def _changed(self) -> None:
        """Seeks changed: push soon, and tell the other processes to re-read them."""
        self._dirty.set()
        if self.broker.shared:
            await self.broker.publish(CHANNEL, json.dumps({"kind": "seeks"}))

    # ------------------------------------------------------------ sockets
    def join(self, member: Member) -> None:
        self.members.add(member)
        self._changes += 1

    def remember_username(self, identity: str, username: str) -> None:
        """The username of the account behind ``identity`` (the online list links it)."""
        self._changes += self.usernames.get(identity) != username
        self.usernames[identity] = username

    def hello(self, member: Member, lang: str | None, deltas: bool = False) -> None:
        """A lobby socket said hello: it gets the snapshot, its player's seeks are kept,
        and any game found for them while they were away; ``deltas``: it applies
        ``lobby_delta`` frames."""
        member.lang = lang
        member.deltas = deltas
        member.greeted = True
        self._due[member] = time.monotonic() + self.settings.lobby_snapshot_s
        # The last snapshot pushed (a burst of newcomers must not each build one); the
        # next tick, within 0.1 s, brings what changed since.
        member.push(self.current())
        if member.identity is not None:
            self.background.cancel(member.identity)
            self._deliver_paired(member.identity, None)
        self._dirty.set()

    def ping(self, member: Member) -> None:
        member.push(frame(Pong(server_time_ms=self.clock.now_ms()).model_dump()))
    def leave(self, member: Member) -> None:
        self.members.discard(member)
        self._changes += 1
        self._due.pop(member, None)
        who = member.identity
        # The cheap test first: a leaving socket's player rarely has a seek open.
        if who is not None and any(s.identity == who for s in self.seeks.values()) \
                and not self._present(who):
            self._start_grace(who)
        self._dirty.set()

    def _present(self, identity: str) -> bool:
        return any(m.identity == identity and m.greeted for m in self.members)

    def _start_grace(self, identity: str) -> None:
        self.background.later(identity, self.settings.seek_grace_s,
                              lambda: self._expire(identity))

    async def _expire(self, identity: str) -> None:
        if self._present(identity):
            return
        await self._remove_of(identity)

    async def _remove_of(self, identity: str, seek_id: str | None = None) -> list[str]:
        ids = await self.database.run(seek_store.remove_seeks, self.engine, identity, seek_id)
        for i in ids:
            self.seeks.pop(i, None)
        if ids:
            await self._changed()
        return ids

    # ------------------------------------------------------------ seeks
    async def create(self, player: Player, body: SeekBody, base_url: str,
                     lang: str = "vi", address: str | None = None) -> dict[str, Any]:
        """A new seek (``{"seek_id", "seek", "paired"}``); a quick one that fits an open
        seek is paired at once (``paired``: the seat, as joining a room gives). At most
        ``max_seeks`` per person and ``max_seeks_per_address`` per client address."""
        try:
            tc = TimeControl.from_json(body.time_control.model_dump()) \
                if body.time_control else None
        except TimeControlError as exc:
            raise ServiceError("BAD_TIME_CONTROL", detail=str(exc)) from None
        kind = category(tc)
        if body.rated and not player.account:
            raise ServiceError("RATED_NEEDS_ACCOUNT")
        if body.rated and kind is None:
            raise ServiceError("BAD_REQUEST", "ERR_RATED_NEEDS_CLOCK")
        rating = low = high = None
        if body.rated and kind is not None:
            r = await self.database.run(rating_store.rating_of, self.engine,
                                        int(player.identity[2:]), kind)
            rating = round(r.rating)
            spread = body.rating_range or (DEFAULT_RANGE if body.quick else None)
            if spread is not None:
                low, high = rating - spread, rating + spread
        seek = Seek(secrets.token_hex(6), player.identity, player.name, body.rules, tc,
                    body.rated, body.color, rating, low, high, kind, self.clock.now_ms())
        async with self._lock:
            if body.quick:
                for other in sorted(self.seeks.values(), key=lambda s: s.created_at):
                    if compatible(other, seek):
                        with contextlib.suppress(ServiceError):  # taken meanwhile: next
                            paired = await self._pair(other, player, base_url, lang)
                            return {"seek_id": seek.id, "seek": seek.view(), "paired": paired}
            mine = sum(1 for s in self.seeks.values() if s.identity == player.identity)
            if mine >= self.settings.max_seeks:
                raise ServiceError("BAD_REQUEST", "ERR_SEEK_LIMIT", limit=self.settings.max_seeks)
            if address is not None:
                self._seek_addresses = {i: a for i, a in self._seek_addresses.items()
                                        if i in self.seeks}
                limit = self.settings.max_seeks_per_address
                if sum(1 for a in self._seek_addresses.values() if a == address) >= limit:
                    raise ServiceError("BAD_REQUEST", "ERR_SEEK_LIMIT_ADDRESS", limit=limit)
            await self.database.run(seek_store.add_seek, self.engine, seek.to_row())
            self.seeks[seek.id] = seek
            if address is not None:
                self._seek_addresses[seek.id] = address
        if not self._present(player.identity):
            self._start_grace(player.identity)
        await self._changed()
        return {"seek_id": seek.id, "seek": seek.view(), "paired": None}

    async def cancel(self, player: Player, seek_id: str) -> None:
        if not await self._remove_of(player.identity, seek_id):
            raise ServiceError("SEEK_NOT_FOUND", seek_id=seek_id[:32])

    async def accept(self, player: Player, seek_id: str, base_url: str,
                     lang: str = "vi") -> dict[str, Any]:
        """Take an open seek: a room with both seats taken; the caller's seat reply."""
        async with self._lock:
            seek = self.seeks.get(seek_id)
            if seek is None and self.broker.shared:
                await self._reload()  # made by another process a moment ago?
                seek = self.seeks.get(seek_id)
            if seek is None:
                raise ServiceError("SEEK_NOT_FOUND", seek_id=seek_id[:32])
            if seek.identity == player.identity:
                raise ServiceError("OWN_SEEK")
            if seek.rated:
                if not player.account:
                    raise ServiceError("RATED_NEEDS_ACCOUNT")
                assert seek.category is not None
                r = await self.database.run(rating_store.rating_of, self.engine,
                                            int(player.identity[2:]), seek.category)
                if not seek.accepts(round(r.rating)):
                    raise ServiceError("RATING_RANGE", rating=round(r.rating),
                                       low=seek.low, high=seek.high)
            return await self._pair(seek, player, base_url, lang)

    async def _pair(self, seek: Seek, taker: Player, base_url: str,
                    lang: str) -> dict[str, Any]:
        """Claim ``seek`` for ``taker`` (exactly one claim wins) and open their room."""
        row = await self.database.run(seek_store.claim_seek, self.engine, seek.id)
        self.seeks.pop(seek.id, None)
        if row is None:
            await self._changed()
            raise ServiceError("SEEK_NOT_FOUND", seek_id=seek.id)
        creator = Player(seek.identity, seek.name)
        host, guest = await self.rooms.create_paired(
            creator, taker, {**seek.room_options(), "lang": lang}, base_url)
        for identity in (seek.identity, taker.identity):  # they are playing now
            await self._remove_of(identity)
        paired = Paired(seek_id=seek.id, code=host["code"], slot=host["slot"],
                        color=host["color"], secret=host["secret"], ws_url=host["ws_url"],
                        invite_url=host["invite_url"])
        await self._tell(seek.identity, frame(paired.model_dump()))
        await self._changed()
        return guest

    async def round_opened(self, identity: str, notice: dict[str, Any]) -> None:
        """A tournament round of ``identity``'s opened (the tournaments' round hook, wired
        by the app): a ``round_open`` frame to their lobby sockets, or kept for them until
        one says hello — for ``keep_ms`` of the notice (the round's no-show wait: as long
        as taking the seat matters), at least as long as a ``paired``."""
        fields = dict(notice)
        keep = max(PAIRED_KEEP_MS, int(fields.pop("keep_ms", PAIRED_KEEP_MS)))
        await self._tell(identity, frame(round_open(fields).model_dump()), keep)

    async def _tell(self, identity: str, text: str, keep_ms: int = PAIRED_KEEP_MS) -> None:
        """A private frame for ``identity``, whose socket may be on another process."""
        if self.broker.shared:
            await self.broker.publish(CHANNEL, json.dumps(
                {"kind": "paired", "identity": identity, "frame": text, "keep_ms": keep_ms}))
        else:
            self._deliver_paired(identity, text, keep_ms)

    def _deliver_paired(self, identity: str, text: str | None,
                        keep_ms: int = PAIRED_KEEP_MS) -> None:
        """Send ``text`` (and whatever waits) to the identity's lobby sockets, or keep it
        for ``keep_ms`` until one says hello."""
        if text is None and identity not in self._paired:
            return  # nothing waits (every hello asks: no scan of all lobby sockets)
        now = self.clock.now_ms()
        waiting = [(until, f) for until, f in self._paired.pop(identity, []) if until > now]
        if text is not None:
            waiting.append((now + keep_ms, text))
        sockets = [m for m in self.members if m.identity == identity and m.greeted]
        if not sockets:
            if waiting:
                self._paired[identity] = waiting
            return
        for m in sockets:
            for _, f in waiting:
                m.push(f)

    # ------------------------------------------------------------ views
    def view(self) -> dict[str, Any]:
        """``GET /api/lobby``: open seeks, live games, who is online."""
        seeks = sorted(self.seeks.values(), key=lambda s: s.created_at)[:SHOWN_SEEKS]
        return {"seeks": [s.view() for s in seeks], "games": self._games(),
                "online": self._online_now()}

    def snapshot(self) -> str:
        """A ``lobby`` frame of the view now (not versioned: for ``GET``-like uses)."""
        return frame({"type": "lobby", **self.view()})

    def current(self) -> str:
        """The ``lobby`` snapshot of the version last pushed, with its ``v`` (what a new
        socket or a ``sync`` gets: the next ``lobby_delta`` applies to it)."""
        if self._view is None:  # before the first push (which sends all a snapshot):
            return frame({"type": "lobby", "v": None, **self.view()})  # no version yet
        if self._snapshot is None:
            self._snapshot = frame({"type": "lobby", "v": self._version, **self._view})
        return self._snapshot

    def _games(self) -> list[dict[str, Any]]:
        return shown_games(self.live_tables(), self.sockets, self.settings.lobby_games)

    def _online_now(self) -> dict[str, Any]:
        return self._online.view((self._changes, self.sockets.changes),
                                 lambda: [*self.members, *self.sockets.members()],
                                 self.usernames, SHOWN_ONLINE)

    async def _ticks(self) -> None:
        while True:
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self._dirty.wait(), self.settings.lobby_tick_s)
            self._dirty.clear()
            started = time.monotonic()
            try:
                if self.members:
                    await self._push()
            except Exception:
                log.exception("pushing the lobby failed")
            # A burst of changes makes one frame; and all sockets together get at most
            # ``lobby_frames_s`` frames a second: with many sockets the ticks stretch.
            budget = len(self.members) / self.settings.lobby_frames_s
            await asyncio.sleep(max(0.1, budget - (time.monotonic() - started)))

    async def _push(self) -> None:
        now = self.clock.now_ms()
        for identity in [i for i, w in self._paired.items() if all(u <= now for u, _ in w)]:
            del self._paired[identity]  # nobody came back for them
        view = self.view()
        if view == self._view:
            return  # nothing any socket shows changed: nothing is sent
        members = [m for m in self.members if m.greeted]
        prev, base = self._view, self._version
        self._view, self._version, self._snapshot = view, base + 1, None
        clock, period = time.monotonic(), self.settings.lobby_snapshot_s
        delta_text = None
        if prev is not None and any(m.deltas for m in members):
            tables = {t.id: t for t in self.live_tables()}
            delta = lobby_delta(prev, view, lambda i: tables[i].moves if i in tables else None)
            delta_text = frame({"type": "lobby_delta", "v": self._version, "base": base,
                                **delta})
        # Paced over most of a tick (a 2,000-socket burst at once stalled moves ~0.5 s).
        slices = (len(members) + SLICE - 1) // SLICE
        gap = min(0.05, 0.8 * self.settings.lobby_tick_s / max(1, slices))
        for i in range(0, len(members), SLICE):
            for m in members[i:i + SLICE]:
                if delta_text is None or not m.deltas or self._due.get(m, 0.0) <= clock:
                    m.queue_text(self.current())
                    self._due[m] = clock + period
                else:
                    m.queue_text(delta_text)
            await asyncio.sleep(gap if i + SLICE < len(members) else 0)
