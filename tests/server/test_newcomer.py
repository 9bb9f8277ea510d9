"""What a newcomer tripped on (issue 14), each through the real server: the null move,
a socket to an unknown room, errors in the reader's language, waiting rooms that expire
or are cancelled, guests' display names, spectators named in the chat."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from harness import cookies_of, running, socket_to, two_player_room
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from cotuong.server import FakeClock, Settings
from cotuong.server.play.protocol import parse_server


def run(coro: Any) -> Any:
    return asyncio.run(coro)


@pytest.mark.parametrize("move", ["e0e0", "a0a0", "i9i9"])
def test_a_null_move_is_an_error_frame_and_the_socket_stays(move: str) -> None:
    async def scenario() -> None:
        async with running() as srv:
            host, _ = await two_player_room(srv)
            async with socket_to(srv, host["code"], host["secret"]) as red:
                before = await red.state()
                await red.send(type="move", move=move, ply=0, id="n1")
                err = await red.wait("error")
                assert err["code"] == "ILLEGAL_MOVE" and err["ref"] == "n1"
                assert move in err["message"] and "không phải một nước đi" in err["message"]
                parse_server(err)
                await red.send(type="ping")  # still connected
                await red.wait("pong")
                await red.send(type="sync")
                after = await red.state()
                assert after["moves"] == before["moves"] == [] and after["ply"] == 0
                await red.send(type="move", move="h2e2", ply=0)  # and it plays on
                await red.state(ply=1)
    run(scenario())


def test_a_socket_to_an_unknown_room_gets_an_error_frame_and_a_close_reason() -> None:
    async def scenario() -> None:
        async with running() as srv:
            for code in ("ZZZZZZ", "x!", "A" * 40):
                async with connect(f"{srv.ws_base}/ws/rooms/{code}",
                                   additional_headers={"Accept-Language": "vi"}) as ws:
                    first = await asyncio.wait_for(ws.recv(), 5)
                    with pytest.raises(ConnectionClosed) as closed:
                        await asyncio.wait_for(ws.recv(), 5)
                frame = parse_server(json.loads(first))
                assert frame.code == "ROOM_NOT_FOUND"
                assert frame.message.startswith("Không có phòng mã")
                assert closed.value.rcvd is not None
                assert closed.value.rcvd.code == 4404
                assert "no room with code" in closed.value.rcvd.reason
    run(scenario())


def test_errors_speak_the_readers_language() -> None:
    async def scenario() -> None:
        async with running() as srv, srv.client() as c:
            vi = (await c.get("/api/games/999999", headers={"Accept-Language": "vi"})).json()
            en = (await c.get("/api/games/999999",
                              headers={"Accept-Language": "en-GB,en;q=0.8"})).json()
            both = {"vi": "Không có ván số 999999", "en": "no game 999999"}
            assert vi["error"] == {"code": "GAME_NOT_FOUND", "message": "Không có ván số 999999",
                                   "texts": both}
            assert en["error"]["message"] == "no game 999999"
            assert en["error"]["texts"] == both  # a page switching language needs no request
            bad = (await c.post("/api/rooms", json={"rules": "chess"},
                                headers={"Accept-Language": "vi"})).json()
            assert bad["error"]["code"] == "BAD_REQUEST"
            assert "Yêu cầu sai ở trường" in bad["error"]["message"]
            host, guest = await two_player_room(srv)
            async with socket_to(srv, host["code"], guest["secret"]) as black:
                await black.send(type="move", move="h9g7", ply=0)  # Red's turn
                assert (await black.wait("error"))["message"] == "Đang đến lượt Đỏ"
                await black.send(type="hello", secret=guest["secret"], lang="en")
                await black.wait("welcome")
                await black.send(type="move", move="h9g7", ply=0)
                assert (await black.wait("error"))["message"] == "it is Red's turn"
                await black.send(type="fly")
                assert (await black.wait("error"))["message"] == "unknown message type 'fly'"
            async with socket_to(srv, host["code"], hello=False) as sock:
                await sock.send(type="hello", secret="v1.forged", lang="vi")
                err = await sock.wait("error")
                assert err["code"] == "BAD_SECRET" and err["message"].startswith("Mã ghế")
    run(scenario())


def test_a_waiting_room_expires_and_the_host_can_cancel_one() -> None:
    async def scenario() -> None:
        clock = FakeClock()
        settings = Settings(db="sqlite://", waiting_room_s=600)
        async with running(settings, clock=clock) as srv, srv.client() as a, \
                srv.client() as b:
            host = (await a.post("/api/rooms", json={"color": "red"})).json()
            code = host["code"]
            room = (await a.get(f"/api/rooms/{code}")).json()
            assert room["expires_at"] == room["created_at"] + 600_000
            clock.advance(599_000)
            await srv.service.check_timers(room["game_id"])
            assert (await a.get(f"/api/rooms/{code}")).json()["status"] == "waiting"
            clock.advance(2_000)
            await srv.service.check_timers(room["game_id"])
            room = (await a.get(f"/api/rooms/{code}")).json()
            assert room["status"] == "aborted" and room["expires_at"] is None
            state = (await a.get(f"/api/games/{room['game_id']}")).json()
            assert state["outcome"]["explanation"]["vi"].startswith("Phòng chờ đã hết hạn")
            r = await b.post(f"/api/rooms/{code}/join", headers={"Accept-Language": "vi"})
            assert r.status_code == 409 and r.json()["error"]["code"] == "ROOM_CLOSED"

            # Cancelled by the host (abort while waiting); nobody else may.
            other = (await a.post("/api/rooms", json={"color": "black"})).json()
            async with socket_to(srv, other["code"]) as watcher, \
                    socket_to(srv, other["code"], other["secret"]) as hosting:
                await watcher.send(type="abort")
                assert (await watcher.wait("error"))["code"] == "SPECTATOR"
                await hosting.send(type="abort")
                s = await watcher.state(status="aborted")
                assert s["outcome"]["explanation"]["en"] == "the host cancelled the invitation"
            r = await b.post(f"/api/rooms/{other['code']}/join")
            assert r.json()["error"]["code"] == "ROOM_CLOSED"
    run(scenario())


def test_a_waiting_rooms_expiry_survives_a_restart(tmp_path: Any) -> None:
    async def scenario() -> None:
        clock = FakeClock()
        settings = Settings(db=str(tmp_path / "w.sqlite3"), waiting_room_s=60,
                            heartbeat_s=0.05)
        async with running(settings, clock=clock) as srv, srv.client() as a:
            host = (await a.post("/api/rooms", json={})).json()
        clock.advance(61_000)
        async with running(settings, clock=clock) as srv, srv.client() as a:
            for _ in range(100):  # the timer set at start fires at once
                room = (await a.get(f"/api/rooms/{host['code']}")).json()
                if room["status"] == "aborted":
                    break
                await asyncio.sleep(0.05)
            assert room["status"] == "aborted"
    run(scenario())


def test_guests_choose_a_display_name_seen_by_opponent_and_spectators() -> None:
    async def scenario() -> None:
        async with running() as srv, srv.client() as a, srv.client() as b, \
                srv.client() as w:
            for bad in ("x", "AI 8", "<script>", "   ", "a" * 30, 12):
                r = await a.post("/api/me/name", json={"name": bad},
                                 headers={"Accept-Language": "vi"})
                assert r.status_code in (400, 422), (bad, r.text)
            await b.post("/api/accounts/register",
                         json={"username": "Lan_99", "password": "correct horse"})
            r = await a.post("/api/me/name", json={"name": "lan_99"})  # an account's name
            assert r.json()["error"]["code"] == "BAD_NAME"
            r = await b.post("/api/me/name", json={"name": "Máy 3"})  # accounts: same rules
            assert r.json()["error"]["code"] == "BAD_NAME"
            r = await a.post("/api/me/name", json={"name": "  Trần   Văn  An "})
            assert r.status_code == 200 and r.json() == {"name": "Trần Văn An"}
            assert (await a.get("/api/me")).json()["name"] == "Trần Văn An"
            await w.post("/api/me/name", json={"name": "Cô Ba"})
            host = (await a.post("/api/rooms", json={"color": "red"})).json()
            await b.post(f"/api/rooms/{host['code']}/join")
            async with socket_to(srv, host["code"], cookies=cookies_of(w)) as watcher:
                s = await watcher.state()
                assert s["players"]["red"]["name"] == "Trần Văn An"
                assert s["players"]["black"]["name"] == "Lan_99"
                await watcher.send(type="chat", text="Xin chào")
                chat = await watcher.wait("chat")
                assert chat["from"] == "Cô Ba (khán giả)" and chat["role"] == "spectator"
                await watcher.send(type="hello", lang="en")
                await watcher.wait("welcome")
                await watcher.send(type="chat", text="Hello")
                assert (await watcher.wait("chat"))["from"] == "Cô Ba (spectator)"
            async with socket_to(srv, host["code"]) as nobody:  # no cookie at all
                await nobody.send(type="chat", text="hi")
                assert (await nobody.wait("chat"))["from"] == "Khán giả"
    run(scenario())
