"""The load generator's players and lobby readers, on :mod:`bench_server_ws`'s sockets.

A player is a callback, not a task: a ``moved`` frame of its room socket is read
without decoding it (its ply, turn and status found in its bytes), other frames are
decoded (JSON), and when the game waits for its move a timer ("thinking") decodes the
last frame's legal moves and sends one; the round trip is timed from just before the
move is written to the moment the frame that carries it is read off the socket. A lobby
socket's frames are only counted (their number and bytes), never decoded. One process's
players share a :class:`Run` (their stop time, samples and counters); ``bench_server.py``
merges the runs of several client processes from their raw samples.

>>> run = Run()
>>> run.counters["moves"], run.latencies
(0, [])
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import random
import time
from typing import Any

import httpx
from bench_server_ws import Socket, connect

__all__ = ["Run", "Seat", "open_lobby", "scalar", "set_up"]


def new_counters() -> dict[str, int]:
    return {"moves": 0, "errors": 0, "finished": 0, "connected": 0, "lobby_frames": 0,
            "lobby_bytes": 0, "hostile_frames": 0, "hostile_sent": 0, "logins_ok": 0,
            "hostile_connects": 0, "resyncs": 0, "attacker_cpu_ms": 0, "logins_refused": 0}


@dataclasses.dataclass
class Run:
    """What one client process's players share."""

    deltas: bool = True
    think: float = 2.0
    stop_at: float = float("inf")  # time.monotonic() at which no more moves are asked
    latencies: list[float] = dataclasses.field(default_factory=list)  # seconds
    stamps: list[float] = dataclasses.field(default_factory=list)  # monotonic, per latency
    ai_replies: list[float] = dataclasses.field(default_factory=list)
    # How late the players' thinking timers fire (s): the client's own loop lag, which a
    # round trip's reply also waits for before it is read.
    lags: list[float] = dataclasses.field(default_factory=list)
    counters: dict[str, int] = dataclasses.field(default_factory=new_counters)
    seats: list[Seat] = dataclasses.field(default_factory=list)
    sockets: list[Socket] = dataclasses.field(default_factory=list)  # every socket, to close

    def close(self) -> None:
        for seat in self.seats:
            seat.stop()
        for sock in self.sockets:
            sock.close()


# A ``moved`` frame as the server serialises it (compact JSON, ``type`` first, then only
# scalars and the ``texts`` of the move before ``ply``, ``turn`` and ``status``): read
# without decoding it. Any other frame (a ``state``, or another serialisation) is decoded.
MOVED = b'{"type":"moved",'
PLAYING = b'"playing"'


def scalar(payload: bytes, key: bytes) -> bytes:
    """The raw JSON value of the first ``key`` (e.g. ``b'"ply":'``) in ``payload``, up to
    the next comma or closing brace: right for a scalar (not a string with a comma) at
    the top level when no object before it has that key.

    >>> [scalar(b'{"type":"moved","game_id":7,"texts":{"vi":"P2-5"},"ply":3}', k)
    ...  for k in (b'"game_id":', b'"ply":', b'"turn":')]
    [b'7', b'3', b'']
    """
    i = payload.find(key)
    if i < 0:
        return b""
    i += len(key)
    j = payload.find(b",", i)
    return payload[i:j if j >= 0 else payload.find(b"}", i)]


def raw(value: Any) -> bytes:
    """``value`` as :func:`scalar` reads it (compact JSON)."""
    return json.dumps(value, ensure_ascii=False).encode()


class Seat:
    """A player at a board: reads its room socket's frames, keeps where the game is
    (``game_id``, ``ply``, ``turn``, ``status`` as raw JSON, and the last frame, whose
    ``legal_moves`` are decoded only when it moves) and moves (a random legal move)
    ``think`` s (±50 %) after its turn comes. A ``moved`` frame that does not follow
    (another game, a ply missed) is answered with ``sync``, as the browser does."""

    def __init__(self, run: Run, sock: Socket, color: str, rng: random.Random,
                 state: bytes, own: list[float] | None = None,
                 against_ai: bool = False) -> None:
        self.run, self.sock, self.rng = run, sock, rng
        self.color = raw(color)
        self.own = own  # this room's latencies too (the hostile rooms' p99)
        self.against_ai = against_ai
        self.game_id, self.ply, self.turn, self.status, self.last = b"", -1, b"", b"", b""
        self.sent_at = 0.0  # perf_counter() when the move awaiting its reply was sent
        self.sent_ply = -1
        self.answered = 0.0  # against the AI: when our move came back (its reply is next)
        self.timer: asyncio.TimerHandle | None = None
        self.due = 0.0  # time.monotonic() at which the timer should fire
        self.started = self.done = False
        self.on_message(state)

    def start(self) -> None:
        """Play from the state shown so far (frames before this only update it)."""
        self.started = True
        self.sock.on_close = self.stop
        if self.status:
            self._next()

    def stop(self) -> None:
        self.done = True
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None

    def on_message(self, payload: bytes) -> None:
        now = time.perf_counter()
        if self.done:
            return
        run = self.run
        if payload.startswith(MOVED):
            moved = True
            game_id, ply = scalar(payload, b'"game_id":'), int(scalar(payload, b'"ply":'))
            turn, status = scalar(payload, b'"turn":'), scalar(payload, b'"status":')
        else:
            frame = json.loads(payload)
            kind = frame.get("type")
            if kind == "error":
                if self.sent_at:  # our move refused
                    run.counters["errors"] += 1
                    self.stop()
                return
            if kind != "state" and kind != "moved":
                return
            moved = kind == "moved"
            game_id, ply = raw(frame.get("game_id")), frame.get("ply", -1)
            turn, status = raw(frame.get("turn")), raw(frame.get("status"))
        if self.sent_at and ply > self.sent_ply:
            run.latencies.append(now - self.sent_at)
            run.stamps.append(time.monotonic())
            run.counters["moves"] += 1
            if self.own is not None:
                self.own.append(now - self.sent_at)
            self.sent_at = 0.0
            self.answered = now
        if moved and (game_id != self.game_id or ply != self.ply + 1):
            run.counters["resyncs"] += 1
            self.sock.send('{"type": "sync"}')
            return
        self.game_id, self.ply, self.turn, self.status = game_id, ply, turn, status
        self.last = payload
        if self.started:
            self._next()

    def _next(self) -> None:
        if self.status != PLAYING:
            self.run.counters["finished"] += 1
            self.stop()
        elif time.monotonic() >= self.run.stop_at:
            self.stop()
        elif self.turn == self.color and not self.sent_at and self.timer is None:
            if self.against_ai and self.answered:
                self.run.ai_replies.append(time.perf_counter() - self.answered)
                self.answered = 0.0
            delay = self.run.think * (0.5 + self.rng.random())
            self.due = time.monotonic() + delay
            self.timer = asyncio.get_running_loop().call_later(delay, self._move)

    def _move(self) -> None:
        self.timer = None
        now = time.monotonic()
        if self.done or now >= self.run.stop_at:
            return
        self.run.lags.append(max(0.0, now - self.due))  # (uvloop may fire up to 1 ms early)
        move = self.rng.choice(json.loads(self.last)["legal_moves"])
        self.sent_ply = ply = self.ply
        self.sent_at = time.perf_counter()
        self.sock.send(f'{{"type": "move", "move": "{move}", "ply": {ply}}}')


async def open_lobby(ws_base: str, run: Run) -> Socket:
    """A player's lobby socket, greeted; its frames are counted, as a browser's lobby
    page would receive them."""
    sock = await connect(f"{ws_base}/ws/lobby")
    run.sockets.append(sock)
    counters = run.counters

    def count(payload: bytes) -> None:
        counters["lobby_frames"] += 1
        counters["lobby_bytes"] += len(payload)
    sock.listen(count)
    sock.send(json.dumps({"type": "hello", "deltas": run.deltas}))
    return sock


def forget_seat_cookies(client: httpx.AsyncClient) -> None:
    """Drop the seat cookies a room's creation or joining set: each of the two HTTP
    clients stands for thousands of browsers, and with a seat cookie for every room its
    requests' ``Cookie`` header grew past what uvicorn's HTTP parser takes (at ~2,000
    rooms: "Invalid HTTP request received", the set-up failed). The players present
    their seat secrets in ``hello``."""
    for name in [c.name for c in client.cookies.jar if c.name.startswith("cotuong_seat_")]:
        client.cookies.delete(name)


async def set_up(run: Run, ws_base: str, client: httpx.AsyncClient,
                 client2: httpx.AsyncClient, rng: random.Random, ai_level: int | None = None,
                 own: list[float] | None = None) -> str:
    """A game: two guests in a room, or (``ai_level``) one guest as Red against the AI,
    each greeted and shown the game, added to ``run.seats`` (not started). The room's
    code."""
    body: dict[str, Any] = {"color": "red"}
    if ai_level is not None:
        body.update(opponent="ai", ai_level=ai_level)
    for attempt in range(10):  # a keep-alive connection may close under us: retry
        try:
            r = await client.post("/api/rooms", json=body)
            forget_seat_cookies(client)
            r.raise_for_status()
            host = r.json()
            code = host["code"]
            guest = None
            if not ai_level:
                r = await client2.post(f"/api/rooms/{code}/join")
                forget_seat_cookies(client2)
                r.raise_for_status()
                guest = r.json()
            break
        except (httpx.TransportError, httpx.HTTPStatusError):
            # (A request cut by the header timeout on a loaded machine is answered 400.)
            if attempt == 9:
                raise
            await asyncio.sleep(0.2 * (attempt + 1))
    seats = [("red", host["secret"])]
    if guest is not None:
        seats.append(("black", guest["secret"]))
    socks = []
    for _, secret in seats:
        sock = await connect(f"{ws_base}/ws/rooms/{code}")
        run.sockets.append(sock)
        socks.append(sock)
        sock.send(json.dumps({"type": "hello", "secret": secret, "deltas": run.deltas}))
    for sock, (color, _) in zip(socks, seats, strict=True):  # greeted and shown the game
        while json.loads(payload := await sock.recv()).get("type") != "state":
            pass
        seat = Seat(run, sock, color, rng, payload, own, against_ai=guest is None)
        sock.listen(seat.on_message)
        run.seats.append(seat)
    return str(code)
