"""The evaluation is linear in its weights (what the tuning fits is what the engine plays),
the incremental piece-square sums stay exact, and a bad weights file is refused clearly."""

from __future__ import annotations

import json
import random
from pathlib import Path

import numpy as np
import pytest

from cotuong import Board
from cotuong.engine.evaluate import N_FEATURES, PST_COLUMNS, evaluate, features, material
from cotuong.engine.position import make, position_from_board, unmake
from cotuong.engine.weights import (
    KIND_NAMES,
    TERMS,
    WEIGHTS_FILE,
    WeightsError,
    default_weights,
    hand_weights,
    load_weights,
    weights_from_data,
)


def _random_boards(n: int, seed: int = 5) -> list[Board]:
    rng = random.Random(seed)
    boards = []
    while len(boards) < n:
        board = Board()
        for _ in range(rng.randrange(0, 120)):
            moves = list(board.legal_moves)
            if not moves:
                break
            captures = [m for m in moves if board.is_capture(m)]
            board.push(rng.choice(captures if captures and rng.random() < 0.4 else moves))
        if board.legal_moves:
            boards.append(board)
    return boards


def _weight_vector() -> np.ndarray:
    """The shipped weights laid out as the feature columns (left-right folded tables)."""
    w = default_weights()
    vec = np.zeros(N_FEATURES)
    for layer in range(2):
        for kind in range(1, 8):
            for r in range(10):
                for f in range(5):
                    column = layer * 350 + (kind - 1) * 50 + r * 5 + f
                    vec[column] = w.pst[layer, kind + 7, r * 9 + f]
    vec[PST_COLUMNS:] = w.terms
    return vec


def test_the_shipped_tables_are_symmetric_left_to_right() -> None:
    pst = default_weights().pst
    for sq in range(90):
        r, f = divmod(sq, 9)
        assert (pst[:, :, sq] == pst[:, :, r * 9 + 8 - f]).all()


def test_evaluation_equals_weights_times_features() -> None:
    vec = _weight_vector()
    out = np.zeros(N_FEATURES)
    for board in _random_boards(300):
        pos = position_from_board(board)
        features(pos, out)
        red_view = float(vec @ out)
        ours = evaluate(pos, 0, 0)
        expected = red_view if board.turn.sign > 0 else -red_view
        # The engine rounds the phase blend down to whole centipawns.
        assert abs(ours - expected) <= 1.0, board.fen()


def test_incremental_sums_stay_exact_through_make_and_unmake() -> None:
    rng = random.Random(2)
    for board in _random_boards(60, seed=9):
        pos = position_from_board(board)
        for move in rng.sample(list(board.legal_moves), min(6, len(board.legal_moves))):
            code = (move.from_square << 7) | move.to_square
            undo = make(pos, code)
            after = board.copy()
            after.push(move)
            fresh = position_from_board(after)
            assert (pos[3][2], pos[3][4]) == (fresh[3][2], fresh[3][4])
            assert material(pos[3]) == material(fresh[3])
            unmake(pos, code, undo)
        assert (pos[3] == position_from_board(board)[3]).all()


def test_terms_and_tables_are_all_named_in_the_file() -> None:
    data = json.loads(WEIGHTS_FILE.read_text("utf-8"))
    assert list(data["terms"]) == list(TERMS)
    assert set(data["pst"]["mg"]) == set(KIND_NAMES) == set(data["pst"]["eg"])


def test_a_bad_weights_file_is_refused_with_a_reason(tmp_path: Path) -> None:
    data = hand_weights()
    del data["terms"]["tempo"]
    with pytest.raises(WeightsError, match="tempo"):
        weights_from_data(data)
    data = hand_weights()
    data["pst"]["mg"]["rook"] = data["pst"]["mg"]["rook"][:9]
    with pytest.raises(WeightsError, match="rook"):
        weights_from_data(data)
    broken = tmp_path / "w.json"
    broken.write_text("{not json", encoding="utf-8")
    with pytest.raises(WeightsError, match="cannot read"):
        load_weights(broken)
    assert isinstance(WeightsError("x"), ValueError)
