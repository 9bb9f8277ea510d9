"""Perft counts from tests/data/perft.md (chessprogramming wiki, Fairy-Stockfish CI)."""

from __future__ import annotations

import pytest

from cotuong import Board, perft
from cotuong.core.perft import divide

START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"

# (FEN, [d1, d2, d3]) -- every position of perft.md; deeper counts run in benchmarks/.
POSITIONS = [
    (START, [44, 1920, 79666]),
    ("r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w", [38, 1128, 43929]),
    ("1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w", [7, 281, 8620]),
    ("5a3/3k5/3aR4/9/5r3/5n3/9/3A1A3/5K3/2BC2B2 w", [25, 424, 9850]),
    ("CRN1k1b2/3ca4/4ba3/9/2nr5/9/9/4B4/4A4/4KA3 w", [28, 516, 14808]),
    ("R1N1k1b2/9/3aba3/9/2nr5/2B6/9/4B4/4A4/4KA3 w", [21, 364, 7626]),
    ("C1nNk4/9/9/9/9/9/n1pp5/B3C4/9/3A1K3 w", [28, 222, 6241]),
    ("4ka3/4a4/9/9/4N4/p8/9/4C3c/7n1/2BK5 w", [23, 345, 8124]),
    ("2b1ka3/9/b3N4/4n4/9/9/9/4C4/2p6/2BK5 w", [21, 195, 3883]),
    ("1C2ka3/9/C1Nab1n2/p3p3p/6p2/9/P3P3P/3AB4/3p2c2/c1BAK4 w", [30, 830, 22787]),
    ("CnN1k1b2/c3a4/4ba3/9/2nr5/9/9/4C4/4A4/4KA3 w", [19, 583, 11714]),
    ("1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
     [49, 2265, 100326]),
    ("4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 0 1", [13, 272, 3707]),
]


@pytest.mark.parametrize(("fen", "counts"), POSITIONS, ids=[str(i + 1) for i in range(13)])
def test_perft_depth_1_to_3(fen: str, counts: list[int]) -> None:
    board = Board(fen)
    before = board.fen()
    assert [perft(board, d) for d in (1, 2, 3)] == counts
    assert board.fen() == before  # push/pop restored everything


@pytest.mark.slow
def test_perft_start_depth_4() -> None:
    assert perft(Board(), 4) == 3_290_240


def test_perft_depth_0_and_negative() -> None:
    assert perft(Board(), 0) == 1
    with pytest.raises(ValueError):
        perft(Board(), -1)


def test_divide_sums_to_perft() -> None:
    board = Board(POSITIONS[1][0])
    split = divide(board, 2)
    assert len(split) == 38
    assert sum(split.values()) == 1128


def test_start_position_has_exactly_two_captures() -> None:
    board = Board()
    captures = sorted(m.iccs for m in board.legal_moves if board.is_capture(m))
    assert captures == ["b2b9", "h2h9"]
