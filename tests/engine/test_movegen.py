"""The engine's move generator against the reference perft numbers and the rules core."""

from __future__ import annotations

import random

import numpy as np
import pytest
from tests.conftest import data_path

from cotuong.core import Board, Move
from cotuong.engine import perft
from cotuong.engine.checks import move_checks
from cotuong.engine.position import (
    generate,
    legal_moves,
    make,
    move_code,
    position_from_board,
    unmake,
)

START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"


def _perft_rows() -> list[tuple[str, list[int]]]:
    rows = []
    for line in data_path("perft.md").read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.split("|")]
        if len(cells) > 6 and cells[1].isdigit() and cells[2].startswith("`"):
            counts = [int(c.replace(",", "")) for c in cells[3:6]]
            rows.append((cells[2].strip("`"), counts))
    return rows


def test_perft_table_is_read() -> None:
    assert len(_perft_rows()) == 11


@pytest.mark.parametrize("index", range(11))
def test_perft_depths_1_to_3(index: int) -> None:
    fen, counts = _perft_rows()[index]
    assert [perft(fen, d) for d in (1, 2, 3)] == counts


@pytest.mark.parametrize(
    ("fen", "counts"),
    [
        ("1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
         [49, 2265, 100326]),
        ("4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 0 1", [13, 272, 3707]),
    ],
)
def test_perft_fairy_stockfish_positions(fen: str, counts: list[int]) -> None:
    assert [perft(fen, d) for d in (1, 2, 3)] == counts


def test_perft_depth_zero_counts_the_position() -> None:
    assert perft(START, 0) == 1


def test_start_position_has_exactly_two_captures() -> None:
    pos = position_from_board(Board(START))
    import numpy as np

    buf = np.empty(160, dtype=np.int32)
    caps = sorted(int(m) for m in buf[: generate(pos, buf, True)])
    assert caps == sorted([(19 << 7) | 82, (25 << 7) | 88])


def _positions(seed: int, games: int, plies: int) -> list[Board]:
    rng = random.Random(seed)
    out = []
    starts = [START] + [fen for fen, _ in _perft_rows()]
    for g in range(games):
        board = Board(starts[g % len(starts)])
        for _ in range(plies):
            moves = board.legal_codes()
            if not moves:
                break
            board.push_code(rng.choice(moves), None)
            out.append(board.copy(stack=False))
    return out


def test_legal_moves_equal_rules_core_on_random_positions() -> None:
    boards = _positions(seed=4, games=40, plies=80)
    assert len(boards) > 2500
    for board in boards:
        pos = position_from_board(board)
        ours = sorted(int(m) for m in legal_moves(pos))
        assert ours == sorted(board.legal_codes()), board.fen()


def test_make_unmake_restores_everything() -> None:
    for board in _positions(seed=7, games=12, plies=60)[::5]:
        pos = position_from_board(board)
        before = [a.copy() for a in pos]
        for m in legal_moves(pos):
            undo = make(pos, int(m))
            # The incremental key must equal a fresh computation of the new position.
            child = board.copy(stack=False)
            child.push_code(int(m), None)
            fresh = position_from_board(child)
            assert pos[3][1] == fresh[3][1]
            assert pos[3][2] == fresh[3][2]
            unmake(pos, int(m), undo)
            # Slots above the current history index are scratch space for the search path.
            for a, b in zip(pos[:4], before[:4], strict=True):
                assert (a == b).all()
            h = int(pos[3][3])
            assert (pos[4][: h + 1] == before[4][: h + 1]).all()


def test_engine_keys_are_the_cores() -> None:
    """One set of Zobrist keys: after every move, made incrementally by the compiled code,
    the engine's key has the bits of the rules core's ``Board.key``."""
    for board in _positions(seed=11, games=6, plies=40)[::4]:
        pos = position_from_board(board)
        assert int(pos[3][1]) % 2**64 == board.key
        for m in legal_moves(pos):
            undo = make(pos, int(m))
            board.push_code(int(m))
            assert int(pos[3][1]) % 2**64 == board.key, board.fen()
            board.pop_code()
            unmake(pos, int(m), undo)


def test_move_checks_agrees_with_the_rules_core() -> None:
    # Legality and "gives check" decided on the board before the move is made (the
    # search prunes on them) against the rules core's legal moves and is_check.
    checked = checks = 0
    for board in _positions(seed=11, games=16, plies=70)[::3]:
        pos = position_from_board(board)
        side = int(pos[3][0])
        before = pos[0].copy()
        buf = np.zeros(200, dtype=np.int32)
        n = generate(pos, buf, False)
        legal = {move_code(m): m for m in board.legal_moves}
        for m in buf[:n]:
            flags = move_checks(pos, int(m), side)
            assert (flags & 1 == 1) == (int(m) in legal), (board.fen(), int(m))
            if flags & 1:
                child = board.copy(stack=False)
                child.push(Move.from_iccs(legal[int(m)].iccs))
                assert (flags == 3) == child.is_check(), (board.fen(), legal[int(m)].iccs)
                checks += flags == 3
                checked += 1
        assert (pos[0] == before).all()  # the board is given back unchanged
    assert checked > 1000 and checks > 20
