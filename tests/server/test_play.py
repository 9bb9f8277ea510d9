"""Playing through the real server: rooms, moves, spectators, offers, abort, takeback,
rematch, chat, PGN and history (REST + WebSocket on a loopback uvicorn)."""

from __future__ import annotations

import asyncio
from typing import Any

from harness import account_room, register, running, socket_to, two_player_room

from cotuong import Board
from cotuong.records import read_pgn

PERPETUAL_FEN = "c2a1k3/2c1a2R1/e6P1/8p/9/9/9/9/4K4/9 w - - 0 1"


def run(coro: Any) -> Any:
    return asyncio.run(coro)


def test_room_game_with_spectator_and_pgn() -> None:
    async def scenario() -> None:
        async with running() as srv:
            host, guest = await two_player_room(srv)
            code = host["code"]
            assert host["color"] == "red" and guest["color"] == "black"
            assert host["invite_url"].endswith(f"/room/{code}")
            async with socket_to(srv, code, host["secret"]) as red, \
                    socket_to(srv, code, guest["secret"]) as black, \
                    socket_to(srv, code) as watcher:
                assert watcher.frames[-1]["role"] == "spectator"
                plan = ["h2e2", "h9g7", "h0g2", "i9h9"]
                for ply, mv in enumerate(plan):
                    sock = red if ply % 2 == 0 else black
                    await sock.send(type="move", move=mv, ply=ply)
                    seen = await watcher.state(ply=ply + 1)
                    assert seen["last_move"] == mv
                assert seen["moves"] == plan
                assert seen["move_texts"]["vi"][:2] == ["P2-5", "M8.7"]
                assert seen["move_texts"]["zh"][0] == "炮二平五"
                assert seen["turn"] == "red" and len(seen["legal_moves"]) > 30
                assert seen["spectators"] == 1
                assert seen["players"]["black"]["connected"] is True
            async with srv.client() as c:
                room = (await c.get(f"/api/rooms/{code}")).json()
                assert room["status"] == "playing" and room["players"]["guest"]["color"] == "black"
                game_id = room["game_id"]
                for notation in ("vi", "wxf", "zh"):
                    r = await c.get(f"/api/games/{game_id}/pgn", params={"notation": notation})
                    assert r.status_code == 200
                    assert "attachment" in r.headers["content-disposition"]
                    rec = read_pgn(r.text)[0]
                    assert [m.iccs for m in rec.moves] == plan and rec.ok
                bad = await c.get(f"/api/games/{game_id}/pgn", params={"notation": "xx"})
                assert bad.status_code == 400 and bad.json()["error"]["code"] == "BAD_NOTATION"
                assert (await c.get("/api/rooms/ZZZZZZ")).status_code == 404
                assert (await c.get("/api/openapi.json")).json()["info"]["title"] == "cotuong"
    run(scenario())


def test_join_full_room_and_rejoin_same_seat() -> None:
    async def scenario() -> None:
        async with running() as srv, srv.client() as a, srv.client() as b, \
                srv.client() as third:
            host = (await a.post("/api/rooms", json={"color": "black"})).json()
            code = host["code"]
            assert (await a.get(f"/api/rooms/{code}")).json()["status"] == "waiting"
            again = await a.post(f"/api/rooms/{code}/join")  # the host reloading the page
            assert again.json()["slot"] == "host" and again.json()["color"] == "black"
            joined = await b.post(f"/api/rooms/{code}/join")
            assert joined.json()["slot"] == "guest" and joined.json()["color"] == "red"
            full = await third.post(f"/api/rooms/{code}/join")
            assert full.status_code == 409 and full.json()["error"]["code"] == "ROOM_FULL"
            assert "cotuong_seat_" + code in joined.headers["set-cookie"]
    run(scenario())


def test_draw_offer_declined_then_accepted() -> None:
    async def scenario() -> None:
        async with running() as srv:
            host, guest = await two_player_room(srv)
            async with socket_to(srv, host["code"], host["secret"]) as red, \
                    socket_to(srv, host["code"], guest["secret"]) as black:
                await red.send(type="offer_draw")
                s = await black.state(draw_offer="red")
                await black.send(type="decline_draw")
                s = await red.state(draw_offer=None)
                assert s["status"] == "playing"
                await black.send(type="accept_draw")
                err = await black.wait("error")
                assert err["code"] == "NO_DRAW_OFFER"
                await black.send(type="offer_draw")
                await red.state(draw_offer="black")
                await red.send(type="accept_draw")
                s = await black.state(status="finished")
                assert s["outcome"]["termination"] == "AGREEMENT"
                assert s["outcome"]["result"] == "1/2-1/2"
                assert s["outcome"]["explanation"]["vi"] and s["outcome"]["explanation"]["en"]
                await red.send(type="move", move="h2e2", ply=0)
                assert (await red.wait("error"))["code"] == "GAME_OVER"
    run(scenario())


def test_abort_only_before_both_moved() -> None:
    async def scenario() -> None:
        async with running() as srv:
            host, guest = await two_player_room(srv)
            async with socket_to(srv, host["code"], host["secret"]) as red, \
                    socket_to(srv, host["code"], guest["secret"]) as black:
                await red.send(type="move", move="h2e2", ply=0)
                await black.state(ply=1, can_abort=True)
                await black.send(type="move", move="h9g7", ply=1)
                await black.state(ply=2, can_abort=False)
                await red.send(type="abort")
                assert (await red.wait("error"))["code"] == "TOO_LATE"
            host, guest = await two_player_room(srv)
            async with socket_to(srv, host["code"], host["secret"]) as red:
                await red.send(type="abort")
                s = await red.state(status="aborted")
                assert s["outcome"]["termination"] == "ABORTED" and s["outcome"]["result"] == "*"
    run(scenario())


def test_takeback_with_consent_in_casual_games_only() -> None:
    async def scenario() -> None:
        async with running() as srv:
            host, guest = await two_player_room(srv)
            async with socket_to(srv, host["code"], host["secret"]) as red, \
                    socket_to(srv, host["code"], guest["secret"]) as black:
                await red.send(type="takeback")
                assert (await red.wait("error"))["code"] == "NOTHING_TO_TAKE_BACK"
                await red.send(type="move", move="h2e2", ply=0)
                await black.state(ply=1)  # black moves once it sees red's move
                await black.send(type="move", move="h9g7", ply=1)
                await red.state(ply=2)
                await red.send(type="takeback")  # Red's move and Black's reply
                await black.state(takeback_request="red")
                await black.send(type="takeback_answer", accept=False)
                s = await red.state(takeback_request=None)
                assert s["ply"] == 2
                await black.send(type="takeback")  # Black's own last move
                await red.state(takeback_request="black")
                await red.send(type="takeback_answer", accept=True)
                s = await black.state(ply=1)
                assert s["moves"] == ["h2e2"] and s["turn"] == "black"
                await red.send(type="takeback")
                await black.state(takeback_request="red")
                await black.send(type="takeback_answer", accept=True)
                s = await red.state(ply=0)
                assert s["fen"] == s["start_fen"]
            async with srv.client() as a, srv.client() as b:
                await register(a, "takeback_a")
                await register(b, "takeback_b")
                host, guest = await account_room(srv, a, b, rated=True, time_control={
                    "kind": "fischer", "base_ms": 300_000, "increment_ms": 3_000})
            async with socket_to(srv, host["code"], host["secret"]) as red:
                await red.send(type="move", move="h2e2", ply=0)
                await red.state(ply=1)
                await red.send(type="takeback")
                assert (await red.wait("error"))["code"] == "RATED_GAME"
    run(scenario())


def test_resign_then_rematch_swaps_colours_and_history() -> None:
    async def scenario() -> None:
        async with running() as srv:
            host, guest = await two_player_room(srv)
            async with socket_to(srv, host["code"], host["secret"]) as red, \
                    socket_to(srv, host["code"], guest["secret"]) as black:
                await red.send(type="rematch")
                assert (await red.wait("error"))["code"] == "NOT_OVER"
                await red.send(type="resign")
                s = await black.state(status="finished")
                assert s["outcome"]["winner"] == "black"
                assert s["outcome"]["explanation"]["en"] == "Black wins: Red resigned"
                first = s["game_id"]
                await red.send(type="rematch")
                await black.state(rematch_request="red")
                await black.send(type="rematch")
                s = await red.state(status="playing")
                assert s["game_id"] != first
                assert s["players"]["red"]["slot"] == "guest"  # colours swapped
                host_sock, guest_sock = red, black
                await host_sock.send(type="move", move="h2e2", ply=0)  # the host is Black now
                assert (await host_sock.wait("error"))["code"] == "NOT_YOUR_TURN"
                await guest_sock.send(type="move", move="h2e2", ply=0)
                await host_sock.state(ply=1)
            async with srv.client() as c:
                r = await c.get(f"/api/rooms/{host['code']}")
                assert len(r.json()["games"]) == 2
    run(scenario())


def test_chat_reaches_everyone_and_spectators_cannot_act() -> None:
    async def scenario() -> None:
        async with running() as srv:
            host, _guest = await two_player_room(srv)
            async with socket_to(srv, host["code"], host["secret"]) as red, \
                    socket_to(srv, host["code"]) as watcher:
                await watcher.send(type="chat", text="Hay quá!")
                msg = await red.wait("chat")
                assert msg["text"] == "Hay quá!" and msg["role"] == "spectator"
                await red.send(type="chat", text="x" * 501)
                assert (await red.wait("error"))["code"] == "BAD_MESSAGE"
                await watcher.send(type="ping")
                assert (await watcher.wait("pong"))["server_time_ms"] > 0
    run(scenario())


def test_perpetual_check_is_ruled_with_explanation_and_warning() -> None:
    async def scenario() -> None:
        async with running() as srv:
            host, guest = await two_player_room(srv, fen=PERPETUAL_FEN)
            code = host["code"]
            async with socket_to(srv, code, host["secret"]) as red, \
                    socket_to(srv, code, guest["secret"]) as black:
                s = await red.state()
                assert s["fen"] == Board(PERPETUAL_FEN).fen()
                cycle = ["h8h9", "f9f8", "h9h8", "f8f9"]  # X2.1 Tg6.1 X2/1 Tg6/1 (vi)
                moves = cycle * 2
                for ply, mv in enumerate(moves):
                    sock = red if ply % 2 == 0 else black
                    await sock.send(type="move", move=mv, ply=ply)
                    s = await sock.state(ply=ply + 1)
                s = await red.state(status="finished") if s["status"] != "finished" else s
                assert s["outcome"]["termination"] == "PERPETUAL_CHECK"
                assert s["outcome"]["winner"] == "black"
                assert "chiếu dai" in s["outcome"]["explanation"]["vi"]
                assert s["warnings"], "the referee warned before ruling"
                texts = s["warnings"][0]["texts"]
                assert texts["vi"] == s["warnings"][0]["text"] and texts["en"] != texts["vi"]
    run(scenario())


def test_bad_fen_and_options_are_refused() -> None:
    async def scenario() -> None:
        async with running() as srv, srv.client() as c:
            for body in ({"fen": "nonsense"}, {"rules": "chess"}, {"opponent": "ai"},
                         {"time_control": {"kind": "fischer", "base_ms": 0}},
                         {"time_control": {"kind": "byoyomi", "base_ms": 0, "period_ms": 5}},
                         {"color": "green"}, {"unknown": 1}):
                r = await c.post("/api/rooms", json=body)
                assert r.status_code in (400, 422), (body, r.text)
                assert "code" in r.json()["error"]
    run(scenario())


def test_finished_games_leave_memory_but_stay_readable() -> None:
    async def scenario() -> None:
        async with running() as srv:
            host, _guest = await two_player_room(srv, time_control={
                "kind": "byoyomi", "base_ms": 60_000, "period_ms": 30_000})
            async with socket_to(srv, host["code"], host["secret"]) as red:
                await red.send(type="move", move="h2e2", ply=0)
                await red.state(ply=1)
                await red.send(type="resign")
                s = await red.state(status="finished")
            await asyncio.sleep(0.2)
            assert s["game_id"] not in srv.service.games  # nobody watches: evicted
            async with srv.client() as c:
                again = (await c.get(f"/api/games/{s['game_id']}")).json()
                assert again["moves"] == ["h2e2"] and again["outcome"] == s["outcome"]
                pgn = (await c.get(f"/api/games/{s['game_id']}/pgn")).text
                assert '[TimeControl "60+30/move"]' in pgn
            assert s["game_id"] not in srv.service.games
    run(scenario())
