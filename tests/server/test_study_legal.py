"""``POST /api/positions/legal``, the analysis board's rules over REST: a position reached
by moves with its legal moves, check and end, and the moves written in every notation.

The texts are checked by reading them back with the notation readers (``parse_move``,
another code path than the writers) on real games of the CCPD corpus; the legal lists
against the rules core on every position of those games; refusals name the ply and the
rules' reason in the asker's language."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from harness import running
from hypothesis import given, settings
from hypothesis import strategies as st

from cotuong import Board, Move, parse_move
from cotuong.records.pgn import read_pgn
from cotuong.server.errors import ServiceError
from cotuong.server.study.legal import TEXT_NOTATIONS, replay

DATA = Path(__file__).resolve().parents[1] / "data"
START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
EN = {"Accept-Language": "en"}


def _games(count: int) -> list[Any]:
    text = (DATA / "games" / "ccpd" / "ccpd_worldcup_1389_iccs_DERIVED.pgn").read_text("utf-8")
    chunks = text.split('[Game "')[1:1 + count]
    return read_pgn("".join('[Game "' + c for c in chunks), "iccs")


def test_the_route_answers_the_position_and_refuses_with_reasons() -> None:
    async def go() -> None:
        async with running() as srv, srv.client() as c:
            r = await c.post("/api/positions/legal", json={"fen": START, "moves": ["h2e2"],
                                                            "lines": [["h9g7", "h0g2"]]})
            assert r.status_code == 200, r.text
            body = r.json()
            assert body["turn"] == "black" and body["check"] is False and body["end"] is None
            assert sorted(body["legal"]) == sorted(Board(body["fen"]).legal_moves.iccs())
            assert body["texts"] == {"vi": ["P2-5"], "vi-words": ["Pháo 2 bình 5"],
                                     "wxf": ["C2.5"], "zh": ["炮二平五"]}
            assert body["lines"][0]["vi"] == ["M8.7", "M2.3"]
            # An illegal move: the ply, the move and why, in Vietnamese by default.
            bad = await c.post("/api/positions/legal",
                               json={"fen": START, "moves": ["h2e2", "b9d8"]})
            assert bad.status_code == 400
            err = bad.json()["error"]
            assert err["code"] == "ILLEGAL_MOVE"
            assert err["message"].startswith("Nước thứ 2 (b9d8) không hợp lệ: Mã bị cản chân")
            en = await c.post("/api/positions/legal", headers=EN,
                              json={"fen": START, "moves": ["zz99"]})
            assert en.json()["error"]["message"] == (
                "move 1 (zz99) is not an ICCS move like h2e2")
            # A line that is not legal from the position reached is refused the same way.
            line = await c.post("/api/positions/legal",
                                json={"fen": START, "moves": ["h2e2"], "lines": [["h2e2"]]})
            assert line.json()["error"]["message"].startswith("Nước thứ 2 (h2e2)")
            # A position the rules refuse: the first problem named.
            fen = await c.post("/api/positions/legal",
                               json={"fen": "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1"})
            assert fen.status_code == 400
            assert "Hai tướng đối mặt" in fen.json()["error"]["message"]
            # Sizes: at most 1000 moves, 5 lines of 64.
            many = await c.post("/api/positions/legal",
                                json={"fen": START, "moves": ["h2e2", "h7e7"] * 501})
            assert many.status_code == 422
            wrong = await c.post("/api/positions/legal", json={"fen": START, "moves": "h2e2"})
            assert wrong.status_code == 422
    asyncio.run(go())


def test_checkmate_and_stalemate_are_the_end() -> None:
    # The rook checks on the back rank; the pawn holds d8 and e9 would face Red's king.
    mated = replay("3k5/R1P6/9/9/9/9/9/9/9/4K4 w - - 0 1", ["a8a9"], [], "en")
    assert mated["check"] is True and mated["legal"] == []
    assert mated["end"]["result"] == "1-0" and mated["end"]["termination"] == "CHECKMATE"
    assert mated["end"]["text"] == mated["end"]["texts"]["en"]
    # Stalemate (no legal move, not in check) loses too.
    stale = replay("3k5/9/3P1P3/9/9/9/9/9/9/4K4 b - - 0 1", [], [], "vi")
    assert stale["check"] is False and stale["legal"] == []
    assert stale["end"]["termination"] == "STALEMATE" and stale["end"]["winner"] == "red"


def test_every_position_of_real_games_matches_the_core_and_texts_read_back() -> None:
    for record in _games(6):
        moves = [m.iccs for m in record.moves]
        whole = replay(record.start_fen, moves, [], "vi")
        board = Board(record.start_fen)
        for i, move in enumerate(record.moves):
            for n in TEXT_NOTATIONS:
                text = whole["texts"][n][i]
                assert parse_move(board, text, "vi" if n == "vi-words" else n) == move, (n, text)
            board.push(move)
        assert whole["fen"] == board.fen()
        assert sorted(whole["legal"]) == sorted(board.legal_moves.iccs())


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=30))
def test_random_walks_agree_with_the_core(choices: list[int]) -> None:
    """Random legal walks from the start: each step's legal list is the core's, and a
    move off the list is refused with the core's reason."""
    board = Board()
    played: list[str] = []
    for c in choices:
        legal = board.legal_moves.iccs()
        if not legal:
            break
        played.append(sorted(legal)[c % len(legal)])
        board.push(Move.from_iccs(played[-1]))
    r = replay(START, played, [], "vi")
    assert r["fen"] == board.fen() and r["turn"] == board.turn.value
    assert sorted(r["legal"]) == sorted(board.legal_moves.iccs())
    assert r["check"] == board.is_check()
    illegal = next(m for m in ("a0a9", "e0e2", "b0d1", "h2h9") if not board.is_legal(
        Move.from_iccs(m)))
    with pytest.raises(ServiceError) as exc:
        replay(START, [*played, illegal], [], "en")
    assert exc.value.code == "ILLEGAL_MOVE" and f"move {len(played) + 1} ({illegal})" in str(
        exc.value)
