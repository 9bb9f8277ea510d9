"""Differential tests against Fairy-Stockfish's rules (``pyffish``, test-only dependency).

Random games from several start positions, with captures favoured so that endgames
appear; at every position the legal move sets, the FEN after every legal move, check
status and the end of the game must agree. Fairy-Stockfish writes ranks 1-10
(``h3e3``); ICCS uses 0-9 (``h2e2``).
"""

from __future__ import annotations

import random

import pytest

from cotuong import Board, Color, Move, Termination

sf = pytest.importorskip("pyffish")

STARTS = [
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
    "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
    "1C2ka3/9/C1Nab1n2/p3p3p/6p2/9/P3P3P/3AB4/3p2c2/c1BAK4 w - - 0 1",
]


def to_fsf(iccs: str) -> str:
    return f"{iccs[0]}{int(iccs[1]) + 1}{iccs[2]}{int(iccs[3]) + 1}"


def from_fsf(uci: str) -> str:
    # Ranks may have two digits ("a10a9").
    i = 1
    while uci[i].isdigit():
        i += 1
    return f"{uci[0]}{int(uci[1:i]) - 1}{uci[i]}{int(uci[i + 1:]) - 1}"


def random_positions(seed: int, games: int, max_plies: int = 160) -> list[str]:
    """FENs of the positions met in random games (captures chosen 70 % of the time)."""
    rng = random.Random(seed)
    fens: list[str] = []
    for g in range(games):
        board = Board(STARTS[g % len(STARTS)])
        for _ in range(max_plies):
            fens.append(board.fen())
            moves = list(board.legal_moves)
            if not moves:
                break
            captures = [m for m in moves if board.is_capture(m)]
            pool = captures if captures and rng.random() < 0.7 else moves
            board.push_unchecked(rng.choice(pool))
    return fens


# pyffish costs ~2 ms a call (it parses the FEN and sets the variant up each time),
# so the sample is sized to a few thousand positions and one resulting FEN each.
POSITIONS = random_positions(seed=20261130, games=24, max_plies=130)


def test_sample_is_large_and_reaches_endgames() -> None:
    assert len(POSITIONS) >= 2500
    few_pieces = [f for f in POSITIONS if sum(c.isalpha() for c in f.split()[0]) <= 8]
    assert len(few_pieces) >= 50  # captures favoured: endgames are in the sample


# One chunk always runs; the other seven are slow (pytest -m slow).
@pytest.mark.parametrize(
    "chunk", [0, *(pytest.param(c, marks=pytest.mark.slow) for c in range(1, 8))]
)
def test_legal_moves_and_fens_agree(chunk: int) -> None:
    for i, fen in enumerate(POSITIONS[chunk::8]):
        board = Board(fen)
        ours = {m.iccs for m in board.legal_moves}
        theirs = {from_fsf(u) for u in sf.legal_moves("xiangqi", fen, [])}
        assert ours == theirs, fen
        assert board.is_check() == sf.gives_check("xiangqi", fen, []), fen
        # One resulting FEN per position (a capture when there is one), all of them in
        # every 25th position.
        captures = sorted(m.iccs for m in board.legal_moves if board.is_capture(m))
        moves = sorted(ours)
        if i % 25 == 0:
            checked = moves
        else:
            checked = [(captures or moves)[i % len(captures or moves)]] if moves else []
        for iccs in checked:
            child = board.copy()
            child.push(Move.from_iccs(iccs))
            assert child.fen() == sf.get_fen("xiangqi", fen, [to_fsf(iccs)]), (fen, iccs)


def test_game_ends_agree() -> None:
    ended = 0
    for fen in POSITIONS:
        board = Board(fen)
        outcome = board.outcome()
        if outcome is None:
            continue
        ended += 1
        assert sf.legal_moves("xiangqi", fen, []) == []
        # Fairy-Stockfish scores the side to move as lost in both cases (xiangqi rules).
        assert sf.game_result("xiangqi", fen, []) < 0
        assert outcome.winner is board.turn.opponent
        expected = Termination.CHECKMATE if board.is_check() else Termination.STALEMATE
        assert outcome.termination is expected
    assert ended >= 1


def test_fen_round_trip_agrees() -> None:
    for fen in POSITIONS[::50]:
        assert Board(fen).fen() == sf.get_fen("xiangqi", fen, [])


def test_color_sign_helper() -> None:
    assert Color.from_sign(1) is Color.RED and Color.from_sign(-1) is Color.BLACK
