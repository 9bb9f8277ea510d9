"""WXF text agrees with Fairy-Stockfish (pyffish NOTATION_XIANGQI_WXF).

pyffish writes ranks 1-10 in its move strings (``h3e3`` for our ``h2e2``) and
``=`` for sideways moves. Where its forms differ from the official WXF ones we
compare after normalising and count each documented case:

* ``ordinal``: with three or more pawns on a file, or tandem pawns on two files,
  FSF writes ``<place from the front><file>`` (``13+1``, ``27=6``) where WXF
  writes ``++``/``P+``/``P3``/``3+``/``33``...; we check FSF's place and file
  against ours.
* ``unmarked``: FSF leaves out the tandem marker when only one of two pieces on
  a file can make the move (``H4-3`` where WXF writes ``H+-3``, ``P2+1`` for
  ``P-+1``): it disambiguates like chess SAN, the WXF rule marks tandem pieces
  always. Our reader reads FSF's text as the same move.
Every other move must be written identically.
"""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest
from tests.notation.positions import PERFT_FENS, SYNTHETIC

from cotuong import Board, Move, PieceType
from cotuong.notation import make_wxf, parse_wxf
from cotuong.notation.model import describe

pyffish = pytest.importorskip("pyffish")

_ORDINAL = re.compile(r"([1-5])([1-9])([+\-.])([1-9])")


def fsf_uci(move: Move) -> str:
    s = move.iccs
    return f"{s[0]}{int(s[1]) + 1}{s[2]}{int(s[3]) + 1}"


def classify(board: Board, move: Move, fen: str) -> str:
    ours = make_wxf(board, move)
    fsf = pyffish.get_san("xiangqi", fen, fsf_uci(move), False,
                          pyffish.NOTATION_XIANGQI_WXF).replace("=", ".")
    if fsf == ours:
        return "same"
    facts = describe(board, move)
    ordinal = _ORDINAL.fullmatch(fsf)
    if ordinal is not None and facts.kind is PieceType.PAWN and facts.count > 1:
        place, file, _, _ = (int(g) if g.isdigit() else g for g in ordinal.groups())
        assert (place, file) == (facts.index + 1, facts.file), (fen, move.iccs, ours, fsf)
        assert fsf[2:] == ours[2:], (fen, move.iccs, ours, fsf)  # operator and number
        assert facts.count >= 3 or facts.multi_file, (fen, move.iccs, ours, fsf)
        return "ordinal"
    if facts.count == 2 and fsf[1] == str(facts.file):
        assert parse_wxf(board, fsf) == move, (fen, move.iccs, ours, fsf)
        return "unmarked"
    raise AssertionError(f"{fen}: {move.iccs} ours {ours!r}, Fairy-Stockfish {fsf!r}")


@pytest.mark.slow
def test_wxf_agrees_with_fairy_stockfish() -> None:
    rng = random.Random(20261130)
    counts: Counter[str] = Counter()
    positions = 0
    starts = PERFT_FENS + SYNTHETIC
    for game in range(110):
        board = Board(starts[game % len(starts)])
        for _ in range(rng.randint(5, 40)):
            moves = list(board.legal_moves)
            if not moves:
                break
            fen = board.fen()
            positions += 1
            # pyffish needs milliseconds per call, so every position contributes its
            # tandem-piece moves (where the forms differ) and two others at random.
            tandem = [m for m in moves if describe(board, m).count > 1]
            others = [m for m in moves if m not in tandem]
            sample = rng.sample(tandem, min(3, len(tandem)))
            sample += rng.sample(others, min(2, len(others)))
            for move in sample:
                counts[classify(board, move, fen)] += 1
            board.push(rng.choice(moves))
    assert positions >= 1500
    assert counts["same"] > 0.6 * sum(counts.values())
    # The synthetic stacks make FSF's own pawn forms appear; they must be checked.
    assert counts["ordinal"] > 0
    print(f"\nWXF vs Fairy-Stockfish over {positions} positions: {dict(counts)}")
