"""The load generator of ``benchmarks/bench_server.py``: its own WebSocket client's frames
against the ``websockets`` library (the server side of RFC 6455: masks checked, every
length class, fragments, pings, the close handshake), its players' bookkeeping, the
merge of several client processes' samples, and the whole benchmark run tiny (a server,
two client processes, a few games for two seconds)."""

from __future__ import annotations

import asyncio
import doctest
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from websockets.asyncio.server import ServerConnection, serve
from websockets.frames import Frame, Opcode

BENCH = Path(__file__).resolve().parents[2] / "benchmarks"
sys.path.insert(0, str(BENCH))
import bench_server_clients  # noqa: E402
import bench_server_floor  # noqa: E402
import bench_server_players  # noqa: E402
import bench_server_ws  # noqa: E402
from bench_server_extras import run_loop  # noqa: E402
from bench_server_ws import Socket, connect  # noqa: E402
from harness import running, socket_to, two_player_room  # noqa: E402

from cotuong.server.play import GameService  # noqa: E402

sys.path.remove(str(BENCH))

SIZES = [0, 1, 125, 126, 127, 1000, 65535, 65536, 70_000]


@pytest.mark.parametrize("module", [bench_server_ws, bench_server_players,
                                    bench_server_clients, bench_server_floor])
def test_doctests(module: object) -> None:
    assert doctest.testmod(module).failed == 0  # type: ignore[arg-type]


def test_frames_against_the_websockets_library() -> None:
    async def main() -> None:
        async def handler(ws: ServerConnection) -> None:
            async for message in ws:  # the library refuses unmasked client frames
                if message == "fragments":
                    await ws.send(["ab", "cd", "ệ" * 40_000])
                elif message == "ping":
                    await asyncio.wait_for(await ws.ping(b"p1"), 5)  # answered by a pong
                    await ws.send("ponged")
                elif message == "close":
                    await ws.close(1001)
                else:
                    await ws.send(message)

        async with serve(handler, "127.0.0.1", 0, max_size=2**20) as server:
            port = server.sockets[0].getsockname()[1]
            sock = await connect(f"ws://127.0.0.1:{port}/ws/rooms/ABC")
            for n in SIZES:
                text = ("ệx" * n)[:n]
                sock.send(text)
                assert (await sock.recv()).decode() == text
            sock.send("fragments")
            assert (await sock.recv()).decode() == "abcd" + "ệ" * 40_000
            sock.send("ping")
            assert await sock.recv() == b"ponged"
            got: list[bytes] = []
            sock.listen(got.append)  # from now on, messages go to the callback
            sock.send("hello")
            closed = asyncio.Event()
            sock.on_close = closed.set
            await asyncio.sleep(0.2)
            assert got == [b"hello"]
            sock.send("close")  # the server closes: we answer and the connection ends
            await asyncio.wait_for(closed.wait(), 5)
            assert sock.closed
    run_loop(main())  # on uvloop, as the benchmark runs (its transports are its own)


def test_frames_cut_anywhere() -> None:
    """Frames of every length class, a ping and a fragmented message, delivered one byte
    at a time and all at once, give the same messages (and the pong)."""
    frames = [Frame(Opcode.TEXT, ("x" * n).encode()) for n in SIZES]
    frames += [Frame(Opcode.PING, b"hi"), Frame(Opcode.TEXT, b"ab", fin=False),
               Frame(Opcode.CONT, b"cd", fin=False), Frame(Opcode.CONT, b"ef")]
    stream = b"".join(f.serialize(mask=False, extensions=[]) for f in frames)

    class Transport:
        def __init__(self) -> None:
            self.written: list[bytes] = []

        def write(self, data: bytes) -> None:
            self.written.append(data)

        def is_closing(self) -> bool:
            return False

    async def feed(chunks: list[bytes]) -> tuple[list[bytes], list[bytes]]:
        sock = Socket("/", "h")
        sock._open.set_result(None)
        transport = Transport()
        sock.transport = transport  # type: ignore[assignment]
        got: list[bytes] = []
        sock.listen(got.append)
        for chunk in chunks:
            sock.data_received(chunk)
        return got, transport.written

    whole = asyncio.run(feed([stream]))
    bytewise = asyncio.run(feed([stream[i:i + 1] for i in range(len(stream))]))
    assert whole[0] == bytewise[0] == [("x" * n).encode() for n in SIZES] + [b"abcdef"]
    (pong,) = whole[1]
    assert pong[0] == 0x8A and pong[1] == 0x82  # a final pong, masked, 2 bytes
    assert bench_server_ws.mask(pong[6:], pong[2:6]) == b"hi"


def test_a_seat_moves_on_its_turn_and_times_the_reply() -> None:
    """A seat plays from the server's own frames (``moved`` read without decoding)."""
    from cotuong.core.types import Move
    from cotuong.server.play.table import START_FEN, GameTable
    from cotuong.server.play.values import RoomState
    from cotuong.server.play.views import moved_frame, state_frame
    from cotuong.server.realtime.broker import frame

    room = RoomState.from_row(dict(
        code="ABC234", rules="xiangqiplay", time_control=None, rated=False,
        opponent="human", ai_level=None, lang="vi", host_id="g:1", host_name="A",
        host_color="red", guest_id="g:2", guest_name="B", current_game_id=1, created_at=0))
    table = GameTable.new(1, room, "host", START_FEN, started=True)

    async def main() -> None:
        sent: list[str] = []

        class FakeSocket:
            on_close = None

            def send(self, text: str) -> None:
                sent.append(text)
        run = bench_server_players.Run(think=0.01)
        first = frame(state_frame(table, 0, {}, 0, 120_000)).encode()
        seat = bench_server_players.Seat(run, FakeSocket(), "red",  # type: ignore[arg-type]
                                         __import__("random").Random(1), first)
        seat.start()
        await asyncio.sleep(0.05)
        (move,) = sent
        assert move.startswith('{"type": "move", "move": "') and move.endswith('"ply": 0}')
        table.replay(Move.from_iccs(json.loads(move)["move"]))
        moved = frame(moved_frame(table, state_frame(table, 0, {}, 0, 120_000,
                                                     history=False)))
        assert moved.encode().startswith(bench_server_players.MOVED)
        seat.on_message(moved.encode())
        assert run.counters["moves"] == 1 and len(run.latencies) == 1
        assert (seat.ply, seat.turn, seat.status) == (1, b'"black"', b'"playing"')
        table.replay(Move.from_iccs("h9g7"))
        table.replay(Move.from_iccs("h0g2"))  # a ply missed: the seat asks for the state
        seat.on_message(frame(moved_frame(table, state_frame(
            table, 0, {}, 0, 120_000, history=False))).encode())
        assert run.counters["resyncs"] == 1 and sent[-1] == '{"type": "sync"}'
        seat.on_message(frame(state_frame(table, 0, {}, 0, 120_000)).encode())
        assert seat.ply == 3 and seat.turn == b'"black"' and run.counters["resyncs"] == 1
    asyncio.run(main())


def test_the_benchmark_runs_tiny() -> None:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(BENCH.parent / "src"), os.environ.get("PYTHONPATH", "")])}
    out = subprocess.run(
        [sys.executable, str(BENCH / "bench_server.py"), "--games", "6", "--seconds", "2",
         "--think", "0.2", "--ai-games", "0", "--settle", "0.2", "--client-procs", "2",
         "--client-nice", "0", "--limit", "120", "--calibration-games", "3"],
        capture_output=True, text=True, timeout=150, env=env, check=True).stdout
    moves = int(re.search(r"games:\s+(\d+) moves", out).group(1))  # type: ignore[union-attr]
    assert moves > 20 and "errors 0" in out, out
    assert re.search(r"client CPU \d+% of a core \(2 processes\)", out), out
    assert "0 resyncs" in out, out
    assert re.search(r"move path \d+ µs \(3 games", out), out


@pytest.mark.parametrize("floor", bench_server_floor.FLOORS)
def test_a_floor_answers_moves_and_leaves_out_its_part(floor: str,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """``--floor io`` answers a move with a ``moved`` frame of the next ply and plays
    nothing; ``--floor no-commit`` plays it and stores nothing of it."""
    for name in ("act", "_store"):  # put back after the test (install patches the class)
        monkeypatch.setattr(GameService, name, getattr(GameService, name))
    bench_server_floor.install(floor)

    async def main() -> None:
        async with running() as srv:
            host, guest = await two_player_room(srv)
            code = host["code"]
            async with socket_to(srv, code, host["secret"]) as red, \
                    socket_to(srv, code, guest["secret"]) as black:
                game_id = (await red.state())["game_id"]
                await red.send(type="move", move="h2e2", ply=0)
                kind = "moved" if floor == "io" else "state"
                for sock in (red, black):
                    seen = await sock.wait(kind, ply=1)
                    assert (seen["game_id"], seen["turn"]) == (game_id, "black")
                table = await srv.service.current(code)
                store = srv.service.database.store
                assert table.ply == (0 if floor == "io" else 1)
                assert store.game_moves(game_id) == []
    asyncio.run(main())
    with pytest.raises(ValueError, match="--floor"):
        bench_server_floor.install("none")
