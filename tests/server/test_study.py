"""The study room over REST: a position checked (every problem, its code and words in the
asker's language), pasted games read (a Vietnamese forum record, loose numbering, PGN in
WXF, DhtmlXQ), what was skipped and why, imports kept for accounts and read back, and
the limits (size, rate, kept imports)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from harness import register, running

from cotuong import Board, Move
from cotuong.server import FakeClock, Settings

DATA = Path(__file__).resolve().parents[1] / "data"
FORUM = (DATA / "vietnamese" / "thanglongkydao_quy_boi_phao_cuoc7.txt").read_text("utf-8")
EN = {"Accept-Language": "en"}


def run(coro: Any) -> Any:
    return asyncio.run(coro)


def test_a_position_is_checked_with_every_problem_named() -> None:
    async def go() -> None:
        async with running() as srv, srv.client() as c:
            ok = (await c.post("/api/positions/check",
                               json={"fen": "3k5/9/9/9/9/9/9/9/9/4K4 b"})).json()
            assert ok == {"ok": True, "fen": "3k5/9/9/9/9/9/9/9/9/4K4 b - - 0 1", "errors": []}
            # Three cannons, facing kings and a pawn behind its start: all three named.
            bad = (await c.post("/api/positions/check",
                                json={"fen": "4k4/9/9/9/9/9/9/9/CCC6/4K3P w"})).json()
            assert not bad["ok"]
            assert [e["code"] for e in bad["errors"]] == ["PAWN_OFF_POINT", "TOO_MANY_PIECES",
                                                          "KINGS_FACING"]
            assert bad["errors"][1]["text"] == "Có 3 quân Pháo Đỏ: nhiều nhất là 2"
            assert bad["errors"][1]["squares"] == ["a1", "b1", "c1"]
            assert bad["errors"][2]["texts"]["en"].startswith("the kings face each other")
            en = (await c.post("/api/positions/check", headers=EN,
                               json={"fen": "3k5/9/9/9/9/9/9/9/9/3R1K3 w"})).json()
            assert en["errors"][0]["code"] == "OPPONENT_IN_CHECK"
            assert en["errors"][0]["text"].startswith("Black is in check (Red rook on d1)")
            syntax = (await c.post("/api/positions/check", json={"fen": "4k4/9/9 w"})).json()
            assert syntax["fen"] is None
            assert syntax["errors"][0]["code"] == "FEN_RANK_COUNT"
            assert "10 hàng" in syntax["errors"][0]["text"]
            refused = await c.post("/api/positions/check", json={"fen": 5})
            assert refused.status_code == 422
            assert refused.json()["error"]["code"] == "BAD_REQUEST"
    run(go())


def test_a_forum_record_is_read_with_what_was_skipped() -> None:
    async def go() -> None:
        async with running() as srv, srv.client() as c:
            r = await c.post("/api/imports", json={"text": FORUM})
            assert r.status_code == 201, r.text
            game = r.json()
            assert len(game["moves"]) == 22 and game["moves"][:2] == ["h2e2", "h9g7"]
            assert game["notation"] == "vi" and game["imported"] is True
            assert game["move_texts"]["vi"][:2] == ["P2-5", "M8.7"]
            assert game["move_texts"]["zh"][0] == "炮二平五"
            # The guest's import is read, not kept.
            assert game["import_id"] is None and game["saved"] is False
            assert game["note"]["code"] == "STUDY_NOT_SAVED_GUEST"
            reasons = {(s["ply"], s["reason"]) for s in game["skipped"]}
            assert len(game["skipped"]) == 7
            assert (0, "Bỏ qua dòng tiêu đề") in reasons
            assert any(s["token"].startswith("Nếu lúc này Tiên đẩy") for s in game["skipped"])
            # The moves replay to a legal position.
            board = Board(game["start_fen"])
            for mv in game["moves"]:
                board.push(Move.from_iccs(mv))  # legal, or it raises
    run(go())


def test_loose_numbering_and_an_illegal_move_explained() -> None:
    async def go() -> None:
        async with running() as srv, srv.client() as c:
            loose = (await c.post("/api/imports", json={
                "text": "1 . P2-5   M8.7\n2)M2.3 X9.1\n3: X1-2"})).json()
            assert loose["moves"] == ["h2e2", "h9g7", "h0g2", "i9i8", "i0h0"]
            assert loose["skipped"] == []
            bare = (await c.post("/api/imports", json={"text": "C2.5 H8+7 H2+3 R9.1"})).json()
            assert bare["notation"] == "wxf" and len(bare["moves"]) == 3
            stop = bare["skipped"][0]
            assert (stop["ply"], stop["token"]) == (4, "R9.1")
            assert stop["reason"] == ("Nước đi không hợp lệ: Không được ăn quân mình "
                                      "(Xe Đen ở a10); dừng ở đây")
            en = (await c.post("/api/imports", headers=EN,
                               json={"text": "C2.5 H8+7 H2+3 R9.1"})).json()
            assert en["skipped"][0]["reason"].startswith("an illegal move: cannot capture")
            odd = (await c.post("/api/imports", json={"text": "P2-5 Q8.7"})).json()
            assert odd["moves"] == ["h2e2"]
            assert odd["skipped"][0]["reason"].startswith("Không đọc được nước đi")
    run(go())


def test_pgn_and_dhtmlxq_are_read() -> None:
    pgn = ('[Event "Demo"]\n[Red "A"]\n[Black "B"]\n[Result "1-0"]\n'
           '[FEN "3k5/9/9/9/9/9/9/9/9/3R1K3 b - - 0 1"]\n\n1... d9e9 2. d0d9 1-0\n')
    dhtmlxq = next((DATA / "games" / "xqdb15" / "dhtmlxq").glob("*"))

    async def go() -> None:
        async with running() as srv, srv.client() as c:
            game = (await c.post("/api/imports", json={"text": pgn})).json()
            assert game["start_fen"] == "3k5/9/9/9/9/9/9/9/9/3R1K3 b - - 0 1"
            assert game["moves"] == ["d9e9", "d0d9"] and game["result"] == "1-0"
            assert game["title"] == "A – B"
            page = dhtmlxq.read_text("utf-8", errors="replace")
            d = (await c.post("/api/imports", json={"text": page})).json()
            assert len(d["moves"]) > 10, d["skipped"]
    run(go())


def test_an_account_keeps_its_imports() -> None:
    async def go() -> None:
        settings = Settings(db="sqlite://", imports_kept=2)
        async with running(settings) as srv, srv.client() as c, srv.client() as other:
            await register(c, "nguoinhap")
            first = (await c.post("/api/imports", json={"text": FORUM})).json()
            assert first["saved"] and first["import_id"]
            again = (await other.get(f"/api/imports/{first['import_id']}")).json()
            assert again["moves"] == first["moves"]
            assert again["skipped"] == first["skipped"]
            en = (await other.get(f"/api/imports/{first['import_id']}", headers=EN)).json()
            assert en["skipped"][0]["reason"] == "a heading, skipped"
            second = (await c.post("/api/imports", json={"text": "h2e2 h9g7"})).json()
            third = (await c.post("/api/imports", json={"text": "h2e2"})).json()
            assert third["saved"] is False and third["note"]["code"] == "STUDY_NOT_SAVED_FULL"
            mine = (await c.get("/api/imports")).json()["imports"]
            assert [m["import_id"] for m in mine] == [second["import_id"], first["import_id"]] \
                or {m["import_id"] for m in mine} == {second["import_id"], first["import_id"]}
            assert {m["plies"] for m in mine} == {22, 2}
            assert (await other.get("/api/imports")).json() == {"imports": []}
            # Only the owner deletes.
            assert (await other.delete(f"/api/imports/{first['import_id']}")).status_code == 404
            assert (await c.delete(f"/api/imports/{first['import_id']}")).status_code == 204
            missing = await c.get(f"/api/imports/{first['import_id']}")
            assert missing.status_code == 404
            assert missing.json()["error"]["code"] == "IMPORT_NOT_FOUND"
    run(go())


def test_the_limits() -> None:
    async def go() -> None:
        clock = FakeClock()
        settings = Settings(db="sqlite://", imports_per_hour=3, import_max_bytes=40_000)
        async with running(settings, clock=clock) as srv, srv.client() as c:
            await c.get("/api/me")  # the guest cookie (an error answer sets none)
            empty = await c.post("/api/imports", json={"text": "  \n"})
            assert (empty.status_code, empty.json()["error"]["code"]) == (400, "IMPORT_EMPTY")
            prose = await c.post("/api/imports", json={"text": "xin chào các bạn"})
            assert (prose.status_code, prose.json()["error"]["code"]) == (422,
                                                                          "IMPORT_NO_MOVES")
            # Above the usual 16 KiB body cap, within the import's own: read.
            long = "P2-5 M8.7 " + " " * 30_000
            assert (await c.post("/api/imports", json={"text": long})).status_code == 201
            too_big = await c.post("/api/imports", json={"text": "h2e2 " * 9000})
            assert too_big.status_code == 413
            assert (await c.post("/api/imports", json={"text": "h2e2"})).status_code == 201
            limited = await c.post("/api/imports", json={"text": "h2e2"})
            assert limited.status_code == 429
            assert limited.json()["error"]["code"] == "IMPORT_RATE"
            assert "3 ván" in limited.json()["error"]["message"]
            clock.advance(20 * 60 * 1000)  # a third of an hour: one more import
            assert (await c.post("/api/imports", json={"text": "h2e2"})).status_code == 201
            # Other requests keep the usual body cap.
            big_fen = await c.post("/api/positions/check", json={"fen": "x" * 20_000})
            assert big_fen.status_code == 413
    run(go())
