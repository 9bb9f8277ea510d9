"""The load generator's players and lobby readers, on :mod:`bench_server_ws`'s sockets.

A player is a callback, not a task: each frame of its room socket is decoded (JSON)
when it arrives, and when the game waits for its move a timer ("thinking") sends one;
the round trip is timed from just before the move is written to the moment the frame
that carries it is read off the socket, before it is decoded. A lobby socket's frames
are only counted (their number and bytes), never decoded. One process's players share
a :class:`Run` (their stop time, samples and counters); ``bench_server.py`` merges the
runs of several client processes from their raw samples.

>>> follow({"game_id": 1, "ply": 3, "turn": "red"}, {"type": "moved", "game_id": 1,
...        "ply": 4, "turn": "black"})["turn"]
'black'
>>> follow({"game_id": 1, "ply": 3}, {"type": "moved", "game_id": 1, "ply": 5}) is None
True
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

__all__ = ["Run", "Seat", "follow", "open_lobby", "set_up"]


def follow(state: dict[str, Any] | None, frame: dict[str, Any]) -> dict[str, Any] | None:
    """The state after ``frame`` (a ``state``, or a ``moved`` that follows ``state``);
    ``None`` when a ``moved`` does not follow (the client then asks for the state)."""
    if frame.get("type") == "state":
        return frame
    if state is None or frame.get("game_id") != state.get("game_id") \
            or frame.get("ply") != state.get("ply", -2) + 1:
        return None
    return {**state, **frame}


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


class Seat:
    """A player at a board: reads its room socket's frames, keeps the game's state and
    moves (a random legal move) ``think`` s (±50 %) after its turn comes."""

    def __init__(self, run: Run, sock: Socket, color: str, rng: random.Random,
                 state: dict[str, Any] | None, own: list[float] | None = None,
                 against_ai: bool = False) -> None:
        self.run, self.sock, self.color, self.rng = run, sock, color, rng
        self.state = state
        self.own = own  # this room's latencies too (the hostile rooms' p99)
        self.against_ai = against_ai
        self.sent_at = 0.0  # perf_counter() when the move awaiting its reply was sent
        self.sent_ply = -1
        self.answered = 0.0  # against the AI: when our move came back (its reply is next)
        self.timer: asyncio.TimerHandle | None = None
        self.due = 0.0  # time.monotonic() at which the timer should fire
        self.started = self.done = False

    def start(self) -> None:
        """Play from the state shown so far (frames before this only update it)."""
        self.started = True
        self.sock.on_close = self.stop
        if self.state is not None:
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
        frame = json.loads(payload)
        kind = frame.get("type")
        run = self.run
        if kind == "error":
            if self.sent_at:  # our move refused
                run.counters["errors"] += 1
                self.stop()
            return
        if kind != "state" and kind != "moved":
            return
        if self.sent_at and frame.get("ply", -1) > self.sent_ply:
            run.latencies.append(now - self.sent_at)
            run.stamps.append(time.monotonic())
            run.counters["moves"] += 1
            if self.own is not None:
                self.own.append(now - self.sent_at)
            self.sent_at = 0.0
            self.answered = now
        followed = follow(self.state, frame)
        if followed is None:
            run.counters["resyncs"] += 1
            self.sock.send('{"type": "sync"}')
            return
        self.state = followed
        if self.started:
            self._next()

    def _next(self) -> None:
        state = self.state
        assert state is not None
        if state["status"] != "playing":
            self.run.counters["finished"] += 1
            self.stop()
        elif time.monotonic() >= self.run.stop_at:
            self.stop()
        elif state["turn"] == self.color and not self.sent_at and self.timer is None:
            if self.against_ai and self.answered:
                self.run.ai_replies.append(time.perf_counter() - self.answered)
                self.answered = 0.0
            delay = self.run.think * (0.5 + self.rng.random())
            self.due = time.monotonic() + delay
            self.timer = asyncio.get_running_loop().call_later(delay, self._move)

    def _move(self) -> None:
        self.timer = None
        state = self.state
        now = time.monotonic()
        if self.done or state is None or now >= self.run.stop_at:
            return
        self.run.lags.append(now - self.due)
        ply = state["ply"]
        move = self.rng.choice(state["legal_moves"])
        self.sent_ply = ply
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
        while (frame := json.loads(await sock.recv())).get("type") != "state":
            pass
        seat = Seat(run, sock, color, rng, frame, own, against_ai=guest is None)
        sock.listen(seat.on_message)
        run.seats.append(seat)
    return str(code)
