"""The lobby's deltas (issue 27): applying a delta to the view it was computed from gives
the next view, for random evolutions of real games (moves, takebacks, games shown and
hidden, reordered, watched, players and seeks coming and going: a property test); a
game changed by moves alone travels as its moves; and through the real server, a socket
that applies the ``lobby_delta`` frames sees at every version exactly the snapshot a
socket without deltas is sent, and one that missed a version gets back in step by
``sync``."""

from __future__ import annotations

import asyncio
import random
from typing import Any

from harness import Socket, cookies_of, running, socket_to, two_player_room
from hypothesis import given, settings
from hypothesis import strategies as st
from websockets.asyncio.client import connect

from cotuong.core.board import Board
from cotuong.core.fen import START_FEN
from cotuong.server import Settings
from cotuong.server.lobby.deltas import apply_lobby_delta, lobby_delta
from cotuong.server.lobby.protocol import parse_lobby_server


def run(coro: Any) -> Any:
    return asyncio.run(coro)


class World:
    """Games with real moves, and the lobby view of them (as the server builds it)."""

    def __init__(self, rng: random.Random, games: int) -> None:
        self.rng = rng
        self.boards = {i: Board() for i in range(1, games + 1)}
        self.moves: dict[int, list[str]] = {i: [] for i in self.boards}
        self.spectators = dict.fromkeys(self.boards, 0)
        self.shown = list(self.boards)
        self.online = ["An", "Bình"]
        self.seeks: list[dict[str, Any]] = []

    def play(self, game_id: int, plies: int) -> None:
        board = self.boards[game_id]
        for _ in range(plies):
            legal = list(board.legal_moves)
            if not legal:
                return
            m = self.rng.choice(legal)
            board.push(m)
            self.moves[game_id].append(m.iccs)

    def take_back(self, game_id: int, plies: int) -> None:
        for _ in range(min(plies, len(self.moves[game_id]))):
            self.boards[game_id].pop()
            self.moves[game_id].pop()

    def view(self) -> dict[str, Any]:
        def card(i: int) -> dict[str, Any]:
            b = self.boards[i]
            return {"game_id": i, "room": f"R{i}", "fen": b.fen(),
                    "last_move": self.moves[i][-1] if self.moves[i] else None,
                    "ply": len(self.moves[i]), "turn": "red" if b.fen().split()[1] == "w"
                    else "black", "spectators": self.spectators[i],
                    "red": {"name": "A", "rating": None, "ai_level": None},
                    "black": {"name": "B", "rating": None, "ai_level": None}}
        return {"seeks": list(self.seeks), "games": [card(i) for i in self.shown],
                "online": {"count": len(self.online),
                           "players": [{"name": n, "account": False, "username": None}
                                       for n in sorted(self.online)]}}


STEP = st.lists(st.tuples(st.sampled_from(["move", "moves", "back", "watch", "hide", "show",
                                           "shuffle", "arrive", "leave", "seek"]),
                          st.integers(1, 8), st.integers(1, 3)), max_size=6)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1), st.lists(STEP, min_size=1, max_size=12))
def test_applying_the_delta_gives_the_next_view(seed: int, steps: list[Any]) -> None:
    world = World(random.Random(seed), 8)
    prev = world.view()
    for step in steps:
        only_moves = all(kind in ("move", "moves") for kind, _, _ in step)
        only_light = all(kind in ("move", "moves", "watch") for kind, _, _ in step)
        for kind, game_id, n in step:
            if kind in ("move", "moves"):
                world.play(game_id, n if kind == "moves" else 1)
            elif kind == "back":
                world.take_back(game_id, n)
            elif kind == "watch":
                world.spectators[game_id] += n
            elif kind == "hide" and game_id in world.shown:
                world.shown.remove(game_id)
            elif kind == "show" and game_id not in world.shown:
                world.shown.insert(n % (len(world.shown) + 1), game_id)
            elif kind == "shuffle":
                world.rng.shuffle(world.shown)
            elif kind == "arrive":
                world.online.append(f"P{game_id}{n}")
            elif kind == "leave" and world.online:
                world.online.pop(n % len(world.online))
            elif kind == "seek":
                world.seeks = world.seeks[1:] if len(world.seeks) > 2 else \
                    [*world.seeks, {"seek_id": f"s{game_id}{n}"}]
        nxt = world.view()
        delta = lobby_delta(prev, nxt, lambda i: world.moves.get(i))
        assert apply_lobby_delta(prev, delta) == nxt
        assert (delta == {}) == (prev == nxt)
        if only_light:  # moves and watchers travel as such: no card is sent again
            assert set(delta) <= {"games"} and "cards" not in delta.get("games", {})
        if only_moves:
            assert "watched" not in delta.get("games", {})
        prev = nxt


def test_a_takeback_then_more_moves_than_were_taken_back_sends_the_whole_card() -> None:
    # Between two lobby frames: one ply taken back, two played. The ply count grew by
    # one, but the new moves do not follow from the old card (seen once in CI: the
    # cannon's capture on b0 taken back, then the horse on b0 moved, replayed onto the
    # old card's position where a black cannon stood on b0).
    world = World(random.Random(1), 1)
    world.play(1, 4)
    prev = world.view()
    world.take_back(1, 1)
    world.play(1, 2)
    nxt = world.view()
    delta = lobby_delta(prev, nxt, lambda i: world.moves.get(i))
    assert delta["games"]["cards"] == nxt["games"]
    assert apply_lobby_delta(prev, delta) == nxt


def test_a_takeback_sends_the_whole_card() -> None:
    world = World(random.Random(3), 1)
    world.play(1, 4)
    prev = world.view()
    world.take_back(1, 2)
    world.play(1, 3)  # ply 5 now, but not by moves from ply 4
    nxt = world.view()
    delta = lobby_delta(prev, nxt, lambda i: world.moves[i])
    assert delta["games"]["cards"] == nxt["games"] and "moved" not in delta["games"]
    assert apply_lobby_delta(prev, delta) == nxt
    assert nxt["games"][0]["fen"] != START_FEN


async def lobby_socket(srv: Any, client: Any, deltas: bool) -> tuple[Any, Socket]:
    headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in cookies_of(client).items())}
    ws = await connect(f"{srv.ws_base}/ws/lobby", additional_headers=headers,
                       max_size=2**22)
    sock = Socket(ws)
    await sock.send(type="hello", deltas=deltas)
    return ws, sock


def test_a_delta_socket_sees_every_version_as_the_snapshot() -> None:
    async def scenario() -> None:
        settings = Settings(db="sqlite://", heartbeat_s=0.2, lobby_tick_s=0.1)
        async with running(settings) as srv, srv.client() as a, srv.client() as b:
            await a.get("/api/me")
            await b.get("/api/me")
            ws_full, full = await lobby_socket(srv, a, deltas=False)
            ws_delta, delta = await lobby_socket(srv, b, deltas=True)
            rooms = [await two_player_room(srv) for _ in range(2)]
            snapshots: dict[int, dict[str, Any]] = {}
            view: dict[str, Any] | None = None
            version = -1
            applied = moved = resynced = 0
            rng = random.Random(5)

            def strip(f: dict[str, Any]) -> dict[str, Any]:
                return {k: f[k] for k in ("seeks", "games", "online")}

            async def drain() -> None:
                nonlocal view, version, applied, moved, resynced
                for f in await full.quiet(0.05):
                    if f["type"] == "lobby" and f["v"] is not None:
                        snapshots[f["v"]] = strip(f)
                for f in await delta.quiet(0.05):
                    parse_lobby_server(f)
                    if f["type"] == "lobby":
                        view, version = strip(f), f["v"]
                    elif f["type"] == "lobby_delta":
                        if applied == 3 and not resynced:  # miss one on purpose
                            resynced = 1
                            version = -1
                        if view is None or f["base"] != version:
                            if version != -2:  # one sync until the snapshot comes
                                await delta.send(type="sync")
                            version = -2
                            continue
                        view = apply_lobby_delta(view, f)
                        version = f["v"]
                        applied += 1
                        moved += len((f.get("games") or {}).get("moved") or [])
                    # (``v`` is null before the lobby's first push: no version yet)
                    if view is not None and version is not None and version in snapshots:
                        assert view == snapshots[version], version

            async with socket_to(srv, rooms[0][0]["code"], rooms[0][0]["secret"]) as r1, \
                    socket_to(srv, rooms[0][0]["code"], rooms[0][1]["secret"]) as b1, \
                    socket_to(srv, rooms[1][0]["code"], rooms[1][0]["secret"]) as r2, \
                    socket_to(srv, rooms[1][0]["code"], rooms[1][1]["secret"]) as b2:
                states = {id(s): await s.state() for s in (r1, r2)}
                for ply in range(8):
                    for red, black in ((r1, b1), (r2, b2)):
                        mover = red if ply % 2 == 0 else black
                        other = black if mover is red else red
                        legal = states.get(id(mover)) or await mover.state()
                        await mover.send(type="move", move=rng.choice(legal["legal_moves"]),
                                         ply=ply)
                        states[id(other)] = await other.state(ply=ply + 1)
                        states.pop(id(mover), None)
                    await asyncio.sleep(0.15)
                    await drain()
                await asyncio.sleep(0.3)
                await drain()
            assert applied >= 4 and moved >= 4 and resynced == 1
            assert view is not None and version in snapshots and view == snapshots[version]
            await ws_full.close()
            await ws_delta.close()
    run(scenario())


def test_all_lobby_sockets_together_stay_within_the_frame_budget() -> None:
    """``lobby_frames_s``: with many lobby sockets the ticks stretch, so the frames sent a
    second stay bounded however many sockets listen (the cost is per frame)."""
    async def scenario() -> list[int]:
        settings = Settings(db="sqlite://", heartbeat_s=0.2, lobby_tick_s=0.1,
                            lobby_frames_s=10.0)
        async with running(settings) as srv, srv.client() as a:
            await a.get("/api/me")
            socks = [await lobby_socket(srv, a, deltas=True) for _ in range(10)]
            for _, s in socks:
                await s.wait("lobby")
            host, guest = await two_player_room(srv)
            code = host["code"]
            rng = random.Random(2)
            counts = []
            async with socket_to(srv, code, host["secret"]) as red, \
                    socket_to(srv, code, guest["secret"]) as black:
                state = await red.state()
                for ply in range(10):  # a move every 0.1 s for 1 s: ten changes
                    mover = red if ply % 2 == 0 else black
                    await mover.send(type="move", move=rng.choice(state["legal_moves"]),
                                     ply=ply)
                    state = await (black if mover is red else red).state(ply=ply + 1)
                    await asyncio.sleep(0.1)
                for _, s in socks:
                    got = await s.quiet(0.3)
                    counts.append(sum(1 for f in got if f["type"].startswith("lobby")))
            for ws, _ in socks:
                await ws.close()
            return counts

    counts = run(scenario())
    # 10 sockets at 10 frames a second in all: a tick every second, ~2 frames each in
    # ~1.5 s; without the budget (ticks of 0.1 s) each got 6.
    assert max(counts) <= 3 and min(counts) >= 1, counts
