"""Kill the server (SIGKILL) mid-game, start it again on the same SQLite file: the game
goes on from the same position and clocks. Rule: time while the server is down is charged
to no one (the running turn resumes with the time left at the server's last heartbeat,
which is at most ``heartbeat_s`` = 1 s before the crash)."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from harness import free_port
from websockets.asyncio.client import connect


class Proc:
    def __init__(self, db: Path) -> None:
        self.db = db
        self.port = free_port()
        self.proc: subprocess.Popen[str] | None = None

    def start(self) -> None:
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "cotuong.cli", "serve", "--host", "127.0.0.1",
             "--port", str(self.port), "--db", str(self.db)],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
        assert self.proc.stdout is not None
        deadline = time.monotonic() + 90
        line = self.proc.stdout.readline()
        while "serving on" not in line:
            assert time.monotonic() < deadline and self.proc.poll() is None, line
            line = self.proc.stdout.readline()
        assert f"127.0.0.1:{self.port}" in line

    def kill(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> int:
        assert self.proc is not None
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        out = self.proc.stdout.read() if self.proc.stdout else ""
        assert "server stopped" in out, out
        return self.proc.returncode


async def state_after(ws: Any, **match: Any) -> dict[str, Any]:
    while True:
        f = json.loads(await asyncio.wait_for(ws.recv(), 15))
        if f["type"] == "state" and all(f.get(k) == v for k, v in match.items()):
            return f  # type: ignore[no-any-return]


@pytest.mark.slow
def test_sigkill_and_restart_resume_position_and_clocks(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    server = Proc(db)
    server.start()
    base = f"http://127.0.0.1:{server.port}"
    ws_url = f"ws://127.0.0.1:{server.port}/ws/rooms/"
    tc = {"kind": "fischer", "base_ms": 300_000, "increment_ms": 0}
    with httpx.Client(base_url=base) as a, httpx.Client(base_url=base) as b:
        host = a.post("/api/rooms", json={"color": "red", "time_control": tc}).json()
        guest = b.post(f"/api/rooms/{host['code']}/join").json()
    code = host["code"]
    plan = ["h2e2", "h9g7", "h0g2", "i9h9"]

    async def first_half() -> tuple[dict[str, Any], float]:
        async with connect(ws_url + code) as red, connect(ws_url + code) as black:
            await red.send(json.dumps({"type": "hello", "secret": host["secret"]}))
            await black.send(json.dumps({"type": "hello", "secret": guest["secret"]}))
            for ply, mv in enumerate(plan):
                sock = red if ply % 2 == 0 else black
                await sock.send(json.dumps({"type": "move", "move": mv, "ply": ply}))
                s = await state_after(sock, ply=ply + 1)
            await asyncio.sleep(2.5)  # Red thinks; heartbeats record the time
            await red.send(json.dumps({"type": "sync"}))
            s = await state_after(red)
            return s, time.time() * 1000

    before, seen_at = asyncio.run(first_half())
    assert before["clocks"]["running"] == "red"
    red_left = before["clocks"]["red_ms"] - (seen_at - before["clocks"]["server_time_ms"])
    server.kill()
    time.sleep(3)  # down time: must not be charged

    server.start()

    async def second_half() -> dict[str, Any]:
        async with connect(ws_url + code) as red, connect(ws_url + code) as black:
            await red.send(json.dumps({"type": "hello", "secret": host["secret"]}))
            await black.send(json.dumps({"type": "hello", "secret": guest["secret"]}))
            s = await state_after(red)
            assert s["moves"] == plan and s["fen"] == before["fen"]
            assert s["status"] == "playing" and s["turn"] == "red"
            assert s["clocks"]["black_ms"] == before["clocks"]["black_ms"]
            # Only the time up to the last heartbeat before the kill was charged.
            assert red_left - 1_500 <= s["clocks"]["red_ms"] <= red_left + 1_500, \
                (red_left, s["clocks"])
            await red.send(json.dumps({"type": "move", "move": "b2c2", "ply": 4}))
            await state_after(black, ply=5)
            await black.send(json.dumps({"type": "move", "move": "b9c7", "ply": 5}))
            return await state_after(red, ply=6)

    after = asyncio.run(second_half())
    assert after["moves"][-2:] == ["b2c2", "b9c7"]
    assert server.stop() == 0


def _children(pid: int) -> set[int]:
    """The process ids of ``pid``'s children (all its threads')."""
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").iterdir():
        text = (task / "children").read_text() if (task / "children").exists() else ""
        found.update(int(x) for x in text.split())
    return found


def _alive(pid: int) -> bool:
    """Whether a process of that id runs (a zombie is dead, only not yet reaped)."""
    try:
        return "\tZ (zombie)" not in Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs /proc")
def test_ctrl_c_twice_stops_at_once_yet_cleanly(tmp_path: Path) -> None:
    """A second Ctrl-C skips waiting for open connections (uvicorn's force quit), but the
    app still stops its engine workers and closes its database, and nothing is printed
    but the last line: uvicorn used to skip the app's shutdown, and the lifespan,
    cancelled at exit, printed a CancelledError traceback."""
    db = tmp_path / "games.sqlite3"
    server = Proc(db)
    server.start()
    assert server.proc is not None
    base = f"http://127.0.0.1:{server.port}"
    with httpx.Client(base_url=base) as a, httpx.Client(base_url=base) as b:
        host = a.post("/api/rooms", json={"color": "red"}).json()
        guest = b.post(f"/api/rooms/{host['code']}/join").json()
    workers = _children(server.proc.pid)
    assert workers, "the engine's worker process should be running"

    async def interrupt_while_seated() -> None:
        ws_url = f"ws://127.0.0.1:{server.port}/ws/rooms/{host['code']}"
        async with connect(ws_url) as red, connect(ws_url) as black:
            await red.send(json.dumps({"type": "hello", "secret": host["secret"]}))
            await black.send(json.dumps({"type": "hello", "secret": guest["secret"]}))
            await state_after(red)
            assert server.proc is not None
            server.proc.send_signal(signal.SIGINT)
            await asyncio.sleep(0.05)
            server.proc.send_signal(signal.SIGINT)
            server.proc.wait(30)

    asyncio.run(interrupt_while_seated())
    out = server.proc.stdout.read() if server.proc.stdout else ""
    assert server.proc.returncode == 0, out
    assert "server stopped" in out and "Traceback" not in out and "ERROR" not in out, out
    # No child is left: the engine's worker is joined by the server; multiprocessing's
    # resource tracker leaves just after its parent (it sees its pipe close), hence a wait.
    deadline = time.monotonic() + 10
    while (left := {pid for pid in workers if _alive(pid)}) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not left, [Path(f"/proc/{pid}/cmdline").read_bytes()[:120] for pid in left]
    assert not Path(f"{db}-wal").exists()  # the last connection closed: WAL folded in
