"""Refusals: each bad message gets an error frame and leaves the game exactly as it was."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from harness import Socket, running, socket_to, two_player_room

from cotuong.server import Settings
from cotuong.server.security import Signer, check_password, hash_password


def run(coro: Any) -> Any:
    return asyncio.run(coro)


async def snapshot(sock: Socket) -> tuple[Any, ...]:
    await sock.send(type="sync")
    s = await sock.state()
    return s["fen"], s["ply"], tuple(s["moves"]), s["status"], s["draw_offer"]


async def refused(sock: Socket, code: str, **msg: Any) -> dict[str, Any]:
    before = await snapshot(sock)
    await sock.send(**msg)
    err = await sock.wait("error")
    assert err["code"] == code, err
    assert await snapshot(sock) == before
    return err


def test_moves_for_the_other_side_spectators_and_replays_are_refused() -> None:
    async def scenario() -> None:
        # Every check syncs before and after: more syncs than a page ever sends.
        async with running(Settings(db="sqlite://", sync_burst=1000,
                                    spectator_ws_burst=1000)) as srv:
            host, guest = await two_player_room(srv)
            code = host["code"]
            async with socket_to(srv, code, host["secret"]) as red, \
                    socket_to(srv, code, guest["secret"]) as black, \
                    socket_to(srv, code) as watcher:
                # Black moving on Red's turn; Red moving a Black piece.
                await refused(black, "NOT_YOUR_TURN", type="move", move="h9g7", ply=0)
                await refused(red, "ILLEGAL_MOVE", type="move", move="h9g7", ply=0)
                # A refused move is explained in both languages (RULES.md §2).
                err = await refused(red, "ILLEGAL_MOVE", type="move", move="b0d1", ply=0)
                assert err["reason"]["code"] == "HORSE_LEG_BLOCKED"
                assert err["reason"]["vi"].startswith("Mã bị cản chân")
                assert "leg is blocked" in err["reason"]["en"]
                # A spectator may not move, offer, resign or abort.
                for kind in ("move", "offer_draw", "resign", "abort", "takeback", "rematch"):
                    await refused(watcher, "SPECTATOR", type=kind, move="h2e2", ply=0)
                await red.send(type="move", move="h2e2", ply=0, id="m1")
                await black.state(ply=1)
                # Replaying the accepted move (same ply) and an old ply.
                err = await refused(red, "STALE_PLY", type="move", move="h2e2", ply=0, id="m1")
                assert err["ref"] == "m1"
                await refused(black, "STALE_PLY", type="move", move="h9g7", ply=0)
                await refused(black, "STALE_PLY", type="move", move="h9g7", ply=5)
                await refused(black, "ILLEGAL_MOVE", type="move", move="a0a1", ply=1)
                await refused(black, "BAD_MESSAGE", type="move", move="h9g7")
                await refused(black, "BAD_MESSAGE", type="move", move="zz99", ply=1)
                await refused(black, "BAD_MESSAGE", type="move", move="h9g7", ply=True)
                await refused(black, "UNKNOWN_TYPE", type="teleport")
                await refused(red, "NO_DRAW_OFFER", type="accept_draw")
    run(scenario())


def test_two_moves_at_once_for_one_turn_only_one_counts() -> None:
    async def scenario() -> None:
        async with running() as srv:
            host, _guest = await two_player_room(srv)
            code = host["code"]
            # The same seat in two tabs sends two different moves for ply 0 at once.
            async with socket_to(srv, code, host["secret"]) as tab1, \
                    socket_to(srv, code, host["secret"]) as tab2, \
                    socket_to(srv, code) as watcher:
                await asyncio.gather(tab1.send(type="move", move="h2e2", ply=0),
                                     tab2.send(type="move", move="b2e2", ply=0))
                s = await watcher.state(ply=1)
                frames = await tab1.quiet(0.5) + await tab2.quiet(0.5)
                errors = [f for f in frames if f["type"] == "error"]
                assert [e["code"] for e in errors] == ["STALE_PLY"]
                await watcher.send(type="sync")
                final = await watcher.state()
                assert final["ply"] == 1 and final["moves"] == s["moves"]
                assert (await srv.service.database.run(srv.service.database.store.game_moves,
                                             s["game_id"])) == s["moves"]
    run(scenario())


def test_forged_expired_and_foreign_secrets_make_a_spectator() -> None:
    async def scenario() -> None:
        async with running() as srv:
            host, guest = await two_player_room(srv)
            other, _ = await two_player_room(srv)
            code = host["code"]
            signer: Signer = srv.service.signer
            expired = signer.sign("seat", code, "host", expires_ms=1)
            forged = Signer(b"another key of 32 bytes........").sign(
                "seat", code, "host", expires_ms=2**42)
            tampered = host["secret"].replace(".host.", ".guest.")
            for secret in (expired, forged, tampered, other["secret"], "garbage", 12):
                async with socket_to(srv, code, hello=False) as sock:
                    await sock.send(type="hello", secret=secret)
                    err = await sock.wait("error")
                    assert err["code"] == "BAD_SECRET"
                    welcome = await sock.wait("welcome")
                    assert welcome["role"] == "spectator"
                    await refused(sock, "SPECTATOR", type="move", move="h2e2", ply=0)
            async with socket_to(srv, code, hello=False) as sock:
                await sock.send(type="move", move="h2e2", ply=0)
                assert (await sock.wait("error"))["code"] == "HELLO_FIRST"
            # The seat cookie set by join works when the hello has no secret.
            async with socket_to(srv, code, hello=False,
                                 cookies={f"cotuong_seat_{code}": guest["secret"]}) as sock:
                await sock.send(type="hello")
                assert (await sock.wait("welcome"))["role"] == "black"
    run(scenario())


def test_oversized_malformed_and_flooding_messages() -> None:
    async def scenario() -> None:
        settings = Settings(db="sqlite://", ws_rate=5, ws_burst=10, ws_max_violations=30)
        async with running(settings) as srv:
            host, _guest = await two_player_room(srv)
            code = host["code"]
            async with socket_to(srv, code, host["secret"]) as red:
                before = await snapshot(red)
                for raw, code_ in ((json.dumps({"type": "chat", "text": "x" * 5000}),
                                    "TOO_LARGE"),
                                   ("{not json", "BAD_JSON"), ("[1, 2]", "BAD_JSON"),
                                   ("\"move\"", "BAD_JSON"), (b"\x00\x01", "BAD_JSON")):
                    await red.send_raw(raw)
                    assert (await red.wait("error"))["code"] == code_
                assert await snapshot(red) == before
                await asyncio.sleep(2.5)  # refill the bucket
                for _ in range(25):
                    await red.send(type="ping")
                frames = await red.during(0.5)
                # The burst is answered at once; the flood beyond it is paced (read at
                # the socket's rate), not refused: no error, no frame lost.
                pongs = [f for f in frames if f.get("type") == "pong"]
                assert 10 <= len(pongs) < 20 and all(f["type"] == "pong" for f in frames)
                frames += await red.during(3.5)
                assert [f["type"] for f in frames] == ["pong"] * 25, frames
                assert await snapshot(red) == before
    run(scenario())


def test_http_limits_and_password_hashing() -> None:
    async def scenario() -> None:
        settings = Settings(db="sqlite://", http_rate=2, http_burst=9)
        async with running(settings) as srv, srv.client() as c:
            big = await c.post("/api/rooms", content=b"{" + b" " * 20000 + b"}",
                               headers={"content-type": "application/json"})
            assert big.status_code == 413 and big.json()["error"]["code"] == "TOO_LARGE"
            for path, status in (("/api/games/99999999999999999999", 422),
                                 ("/api/games/0", 422), ("/api/games/4242", 404),
                                 ("/api/games/1/pgn?notation=" + "v" * 50, 422),
                                 ("/api/me/games?before=-1", 422)):
                r = await c.get(path)
                assert r.status_code == status, (path, r.text)
                assert r.json()["error"]["code"]
            codes = [(await c.get("/api/me")).status_code for _ in range(10)]
            assert 429 in codes
    run(scenario())
    stored = hash_password("mật khẩu dài", n=2**10)
    assert stored.startswith("scrypt$") and "mật" not in stored
    assert check_password("mật khẩu dài", stored)
    assert not check_password("mật khẩu dai", stored)
    assert not check_password("x", "not a hash")
