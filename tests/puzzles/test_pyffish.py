"""Every stored solution checked by Fairy-Stockfish's rules (``pyffish``, test-only).

pyffish gives legal moves, checks and game results, not a search (see
tests/puzzles/test_collection.py and docs/puzzles.md for what it cannot verify). Its
moves use ranks 1-10 (``h3e3``) where ICCS uses 0-9.
"""

from __future__ import annotations

import pytest

from cotuong.puzzles import load_collection

sf = pytest.importorskip("pyffish")

PUZZLES = tuple(load_collection())


def to_fsf(iccs: str) -> str:
    return f"{iccs[0]}{int(iccs[1]) + 1}{iccs[2]}{int(iccs[3]) + 1}"


@pytest.mark.parametrize("p", PUZZLES, ids=[p.puzzle_id for p in PUZZLES])
def test_fairy_stockfish_accepts_every_move(p) -> None:  # type: ignore[no-untyped-def]
    played = [to_fsf(m) for m in p.moves_before]
    assert all(m in sf.legal_moves("xiangqi", p.fen, played[:k])
               for k, m in enumerate(played))
    for i, move in enumerate(p.solution):
        legal = set(sf.legal_moves("xiangqi", p.fen, played))
        assert to_fsf(move) in legal, (i, move)
        if i % 2 == 0:
            for alt in p.accepted[i // 2]:
                assert to_fsf(alt) in legal, (i, alt)
        played.append(to_fsf(move))
    if "mate" in p.themes:
        # The side to move after the last solver move has no move, and pyffish scores
        # the position as lost for it (xiangqi: checkmate and stalemate both lose).
        assert sf.legal_moves("xiangqi", p.fen, played) == []
        assert sf.game_result("xiangqi", p.fen, played) < 0
        for alt in p.accepted[-1]:
            alt_line = [*played[:-1], to_fsf(alt)]
            assert sf.legal_moves("xiangqi", p.fen, alt_line) == []
    else:
        assert sf.legal_moves("xiangqi", p.fen, played) != []
