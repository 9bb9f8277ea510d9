"""The learnt evaluation's features (issue 25): the trainer's NumPy batch path reads the same
board as the engine's ``position_from_fen`` and gives the indices of the weights file's
contract, with the game's symmetries (left-right mirror, colour swap) where they must be."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from cotuong import Board
from cotuong.engine import nnue_features
from cotuong.engine.nnue import feature_index
from cotuong.engine.nnue_features import (
    N_FEATURES,
    PAD,
    active_features,
    batch_features,
    board_from_fen,
    mirror_files,
    side_to_move,
)
from cotuong.engine.position import position_from_fen


def _fens(n: int = 40, seed: int = 7) -> list[str]:
    """Positions of random games (both sides to move, captures on the way)."""
    rng = random.Random(seed)
    fens = [Board().fen()]
    board = Board()
    while len(fens) < n:
        moves = list(board.legal_moves)
        if not moves or board.ply > 120:
            board = Board()
            continue
        board.push(rng.choice(moves))
        if rng.random() < 0.3:
            fens.append(board.fen())
    return fens


def _contract(b: np.ndarray, perspective: int) -> list[int]:
    """The contract's formula, written out as the weights file's contract states it."""
    out = []
    for s in range(90):
        code = int(b[s])
        if code == 0:
            continue
        colour = 0 if code > 0 else 1
        rel = s if perspective == 0 else (9 - s // 9) * 9 + s % 9
        out.append((0 if colour == perspective else 1) * 630 + (abs(code) - 1) * 90 + rel)
    return out


def _colour_swap(b: np.ndarray) -> np.ndarray:
    """Red's pieces become Black's on the rank-mirrored square and the other way round."""
    return -b.reshape(10, 9)[::-1].reshape(90)


def test_board_and_side_agree_with_position_from_fen() -> None:
    for fen in _fens():
        pos = position_from_fen(fen)
        assert np.array_equal(board_from_fen(fen), pos[0]), fen
        assert side_to_move(fen) == int(pos[3][0]), fen


def test_batch_features_are_the_contracts_indices() -> None:
    fens = _fens()
    boards = np.stack([position_from_fen(f)[0] for f in fens])
    stm = np.array([side_to_move(f) for f in fens])
    fs, fo = batch_features(boards, stm)
    assert fs.shape == fo.shape == (len(fens), 32)
    for i, b in enumerate(boards):
        me, other = int(stm[i]), 1 - int(stm[i])
        assert sorted(fs[i][fs[i] != PAD].tolist()) == sorted(_contract(b, me))
        assert sorted(fo[i][fo[i] != PAD].tolist()) == sorted(_contract(b, other))
        assert sorted(active_features(b, me).tolist()) == sorted(_contract(b, me))
        assert all(feature_index(me, int(b[s]), s) in _contract(b, me) for s in np.flatnonzero(b))
        assert (fs[i] != PAD).sum() == np.count_nonzero(b)
    real = fs[fs != PAD]
    assert real.min() >= 0 and real.max() < N_FEATURES


def test_swapping_colours_keeps_the_side_to_moves_features() -> None:
    # Red to move on a board and Black to move on its colour-swapped twin see the same.
    for fen in _fens():
        b = board_from_fen(fen)
        swapped = _colour_swap(b)
        for p in (0, 1):
            assert sorted(active_features(b, p).tolist()) == \
                sorted(active_features(swapped, 1 - p).tolist())
        fs, fo = batch_features(np.stack([b, swapped]), np.array([0, 1]))
        assert sorted(fs[0].tolist()) == sorted(fs[1].tolist())
        assert sorted(fo[0].tolist()) == sorted(fo[1].tolist())


def test_the_mirror_moves_files_only() -> None:
    fens = _fens()
    boards = np.stack([board_from_fen(f) for f in fens])
    mirrored = mirror_files(boards)
    assert np.array_equal(mirror_files(mirrored), boards)
    for b, m in zip(boards, mirrored, strict=True):
        for p in (0, 1):
            flipped = [f - f % 90 + (f % 90) // 9 * 9 + 8 - f % 9 for f in _contract(b, p)]
            assert sorted(flipped) == sorted(_contract(m, p))


@pytest.mark.parametrize(("s", "code", "perspective", "index"), [
    (4, 1, 0, 4),          # Red king on e0, Red's own view
    (4, 1, 1, 630 + 85),   # the same king seen by Black: an enemy, on Black's rank 9
    (85, -1, 1, 4),        # Black's king on e9 is Black's "e0"
    (0, 5, 0, 4 * 90),     # Red rook on a0
    (89, -7, 0, 630 + 6 * 90 + 89),
])
def test_single_indices(s: int, code: int, perspective: int, index: int) -> None:
    assert feature_index(perspective, code, s) == index


def test_the_shipped_weights_follow_the_contract() -> None:
    path = Path(nnue_features.__file__).with_name("nnue.npz")
    if not path.exists():
        pytest.skip("no learnt weights shipped")
    with np.load(path, allow_pickle=False) as f:
        net = {k: f[k] for k in f.files}
    assert set(net) == {"version", "w1", "b1", "w2", "b2", "qa", "qb", "scale"}
    h = net["b1"].shape[0]
    assert int(net["version"]) == 1 and int(net["qa"]) == 255 and int(net["qb"]) == 64
    assert net["w1"].dtype == np.int16 and net["w1"].shape == (N_FEATURES, h)
    assert net["b1"].dtype == np.int16 and net["w2"].dtype == np.int16
    assert net["w2"].shape == (2 * h,) and net["b2"].dtype == np.int32
    assert int(net["scale"]) > 0
    # The accumulators of real positions stay well inside int16.
    fens = _fens()
    boards = np.stack([board_from_fen(f) for f in fens])
    fs, fo = batch_features(boards, np.array([side_to_move(f) for f in fens]))
    w1 = np.vstack([net["w1"].astype(np.int64), np.zeros((1, h), np.int64)])
    for idx in (fs, fo):
        acc = net["b1"].astype(np.int64) + w1[idx.astype(np.int64)].sum(axis=1)
        assert np.abs(acc).max() < 32767
