"""Optional backends: PostgreSQL (a throw-away local cluster from Debian's binaries) and
Redis (two server instances sharing rooms). Each starts its own service and skips, saying
why, when the binaries are absent. The in-process broker and SQLite are tested everywhere
else in this folder."""

from __future__ import annotations

import asyncio
import contextlib
import importlib.util
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from harness import (
    account_room,
    free_port,
    lobby_to,
    register,
    running,
    socket_to,
    two_player_room,
)
from test_ratings import BLITZ, play_to_the_end

from cotuong.server import Settings
from cotuong.server.ratings.glicko2 import Rating, rate_game
from cotuong.server.storage.store import Store

ROOT = Path(__file__).resolve().parents[2]
# Each test starts its own PostgreSQL or Redis server: outside the quick run.
pytestmark = pytest.mark.slow


def _postgres() -> Any:
    have = shutil.which("initdb") or list(Path("/usr/lib/postgresql").glob("*/bin/initdb"))
    if not have:
        pytest.skip("PostgreSQL binaries (initdb, pg_ctl) not found: apt-get install postgresql")
    if importlib.util.find_spec("psycopg") is None:
        pytest.skip("psycopg not installed: pip install 'cotuong[postgres]'")
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        from bench_server import postgres_cluster
    finally:
        sys.path.pop(0)
    return postgres_cluster


async def play_and_resume(settings: Settings) -> None:
    async with running(settings) as srv:
        host, guest = await two_player_room(
            srv, time_control={"kind": "fischer", "base_ms": 60_000, "increment_ms": 1_000})
        async with socket_to(srv, host["code"], host["secret"]) as red, \
                socket_to(srv, host["code"], guest["secret"]) as black:
            for ply, mv in enumerate(["h2e2", "h9g7", "h0g2"]):
                await (red if ply % 2 == 0 else black).send(type="move", move=mv, ply=ply)
                s = await red.state(ply=ply + 1)
            await black.send(type="move", move="h0g2", ply=2)  # a replay is refused
            assert (await black.wait("error"))["code"] == "STALE_PLY"
    async with running(settings) as srv:  # a new server on the same database
        async with socket_to(srv, host["code"], guest["secret"]) as black:
            again = await black.state()
            assert again["moves"] == s["moves"] and again["turn"] == "black"
            await black.send(type="move", move="i9h9", ply=3)
            await black.state(ply=4)
        async with srv.client() as c:
            pgn = (await c.get(f"/api/games/{again['game_id']}/pgn",
                               params={"notation": "wxf"})).text
            assert "C2.5" in pgn


@contextlib.contextmanager
def postgres() -> Iterator[Any]:
    cluster = _postgres()
    try:
        ctx = cluster()
        pg = ctx.__enter__()
    except (subprocess.CalledProcessError, OSError) as exc:
        pytest.skip(f"could not start a local PostgreSQL cluster: {exc}")
    try:
        yield pg
    finally:
        ctx.__exit__(None, None, None)


def test_postgresql_store() -> None:
    with postgres() as pg:
        asyncio.run(play_and_resume(Settings(db=pg.url, heartbeat_s=0.2)))
        store = Store(pg.url)
        try:
            with store.engine.connect() as c:
                options = c.exec_driver_sql(
                    "SELECT reloptions FROM pg_class WHERE relname = 'games'").scalar()
            assert options == ["fillfactor=50"]  # room for in-place updates of a game's row
        finally:
            store.close()


def test_moves_are_stored_across_a_postgresql_restart() -> None:
    """The group-commit writer keeps its connection between batches; when the database
    server restarts under it, the next write reconnects instead of failing."""
    async def scenario(pg: Any) -> None:
        # No heartbeat writes: the move is the first write after the restart.
        async with running(Settings(db=pg.url, heartbeat_s=3600)) as srv:
            host, guest = await two_player_room(srv)
            async with socket_to(srv, host["code"], host["secret"]) as red, \
                    socket_to(srv, host["code"], guest["secret"]) as black:
                await red.send(type="move", move="h2e2", ply=0)
                await red.state(ply=1)
                await asyncio.get_running_loop().run_in_executor(None, pg.restart)
                await black.send(type="move", move="h9g7", ply=1)
                s = await red.state(ply=2, timeout=20)
                assert s["moves"] == ["h2e2", "h9g7"]
        store = Store(pg.url)
        try:
            assert store.game_moves(s["game_id"]) == ["h2e2", "h9g7"]  # both committed
        finally:
            store.close()

    with postgres() as pg:
        asyncio.run(scenario(pg))


@contextlib.contextmanager
def redis_server() -> Iterator[str]:
    exe = shutil.which("redis-server")
    if exe is None:
        pytest.skip("redis-server not found: apt-get install redis-server to test the "
                    "Redis broker")
    if importlib.util.find_spec("redis") is None:
        pytest.skip("the redis package is not installed: pip install 'cotuong[redis]'")
    port = free_port()
    proc = subprocess.Popen([exe, "--port", str(port), "--bind", "127.0.0.1", "--save", "",
                             "--appendonly", "no"], stdout=subprocess.DEVNULL)
    try:
        import redis

        client = redis.Redis(port=port)
        for _ in range(100):
            with contextlib.suppress(redis.ConnectionError):
                if client.ping():
                    break
            time.sleep(0.05)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        proc.terminate()
        proc.wait(10)


def test_two_processes_share_rooms_through_redis(tmp_path: Path) -> None:
    with redis_server() as url:
        settings = Settings(db=str(tmp_path / "shared.sqlite3"), redis_url=url,
                            heartbeat_s=0.2)

        async def scenario() -> None:
            async with running(settings) as a, running(settings) as b:
                host, guest = await two_player_room(a)
                async with socket_to(a, host["code"], host["secret"]) as red, \
                        socket_to(b, host["code"], guest["secret"]) as black, \
                        socket_to(b, host["code"]) as watcher:
                    await red.send(type="move", move="h2e2", ply=0)
                    assert (await black.state(ply=1))["last_move"] == "h2e2"
                    await black.send(type="move", move="h9g7", ply=1)
                    assert (await red.state(ply=2))["last_move"] == "h9g7"
                    await watcher.state(ply=2)
                    # Both processes race for the same ply: one move only.
                    await asyncio.gather(red.send(type="move", move="h0g2", ply=2),
                                         red.send(type="move", move="b0c2", ply=2))
                    await black.state(ply=3)
                    err = await red.wait("error")
                    assert err["code"] == "STALE_PLY"
                # The lobby across processes: a seek made through A is listed by B, accepted
                # there once, and its creator's lobby socket on A is told.
                async with a.client() as ca, b.client() as cb, b.client() as cc:
                    for x in (ca, cb, cc):
                        await x.get("/api/me")  # a guest cookie first: the lobby socket's
                    async with lobby_to(a, ca) as la:
                        seek = (await ca.post("/api/seeks", json={})).json()
                        # B learns of it through Redis, a moment later on a loaded machine.
                        listed: list[str] = []
                        for _ in range(100):
                            listed = [x["seek_id"] for x in
                                      (await cb.get("/api/lobby")).json()["seeks"]]
                            if listed:
                                break
                            await asyncio.sleep(0.1)
                        assert listed == [seek["seek_id"]]
                        r1, r2 = await asyncio.gather(
                            cb.post(f"/api/seeks/{seek['seek_id']}/accept"),
                            cc.post(f"/api/seeks/{seek['seek_id']}/accept"))
                        assert sorted([r1.status_code, r2.status_code]) == [200, 404]
                        paired = await la.wait("paired")
                        won = r1 if r1.status_code == 200 else r2
                        assert paired["code"] == won.json()["code"]
        asyncio.run(scenario())


def test_postgresql_ratings_and_seeks() -> None:
    """The ratings' and seeks' tables on PostgreSQL: a rated game updates both accounts
    once (row locks on the ratings), two accepts of one seek make one game."""
    async def scenario(pg: Any) -> None:
        async with running(Settings(db=pg.url, heartbeat_s=0.2)) as srv, \
                srv.client() as a, srv.client() as b, srv.client() as c:
            await register(a, "pg_lan")
            await register(b, "pg_minh")
            host, guest = await account_room(srv, a, b, rated=True, time_control=BLITZ)
            s = await play_to_the_end(srv, host, guest, "resign")
            red, black = rate_game(Rating(), Rating(), 0.0)
            assert s["ratings"]["red"]["after"] == round(red.rating)
            assert s["ratings"]["black"]["after"] == round(black.rating)
            profile = (await c.get("/api/users/pg_minh")).json()
            assert profile["ratings"]["blitz"]["games"] == 1
            board = (await c.get("/api/leaderboard", params={"category": "blitz"})).json()
            assert [p["username"] for p in board["players"]] == ["pg_minh", "pg_lan"]
            await c.get("/api/me")
            seek = (await c.post("/api/seeks", json={"time_control": BLITZ})).json()
            ra, rb = await asyncio.gather(a.post(f"/api/seeks/{seek['seek_id']}/accept"),
                                          b.post(f"/api/seeks/{seek['seek_id']}/accept"))
            assert sorted([ra.status_code, rb.status_code]) == [200, 404]

    with postgres() as pg:
        asyncio.run(scenario(pg))


def test_servers_started_at_once_on_an_empty_postgresql() -> None:
    """Several processes starting together (``bench_server.py --processes 2``) make the
    tables one at a time: before, one of them could fail on a duplicate type and exit."""
    import threading

    with postgres() as pg:
        errors: list[str] = []

        def one() -> None:
            try:
                Store(pg.url).close()
            except Exception as exc:  # what each start raised, said below
                errors.append(repr(exc)[:200])
        threads = [threading.Thread(target=one) for _ in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert errors == []
