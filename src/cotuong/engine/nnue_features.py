"""The learnt evaluation's input features, in batches with NumPy (issue 25): what the trainer
(``scripts/train_nnue.py``) feeds the network; the engine computes the same indices
incrementally.

A piece on square ``s`` (``s = rank * 9 + file``, rank 0 = Red's back rank) with code
``code`` (> 0 Red, < 0 Black, ``|code|`` the kind, king 1 … pawn 7) is, seen from
perspective ``P`` (0 Red, 1 Black), feature

    (0 if its colour == P else 1) * 630 + (kind - 1) * 90 + rel_sq

with ``rel_sq = s`` for Red and the rank flipped (files kept) for Black: 1260 features per
perspective (``docs/engine-nnue.md``, the weights file's contract).

>>> b = board_from_fen("4k4/9/9/9/9/9/9/9/9/4K4 w")
>>> sorted(active_features(b, 0).tolist()), sorted(active_features(b, 1).tolist())
([4, 715], [4, 715])
"""

from __future__ import annotations

from typing import Any

import numpy as np

N_FEATURES = 1260  # per perspective
PAD = N_FEATURES  # the index that pads a position's list of features (a zero row)
MAX_PIECES = 32

_KINDS = {"k": 1, "a": 2, "b": 3, "e": 3, "n": 4, "h": 4, "r": 5, "c": 6, "p": 7}


def board_from_fen(fen: str) -> Any:
    """The engine's board array (int8[90], ``b[s]``) of a FEN's placement, unchecked (the
    trainer reads positions already validated when they were written), and nothing else.

    >>> b = board_from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w")
    >>> int(b[4]), int(b[85]), int(b[19])
    (1, -1, 6)
    """
    b = np.zeros(90, dtype=np.int8)
    rows = fen.split()[0].split("/")
    for i, row in enumerate(rows):
        rank = 9 - i
        file = 0
        for ch in row:
            if ch.isdigit():
                file += int(ch)
                continue
            kind = _KINDS[ch.lower()]
            b[rank * 9 + file] = kind if ch.isupper() else -kind
            file += 1
    return b


def side_to_move(fen: str) -> int:
    """0 when Red (``w`` or ``r``) is to move, 1 for Black."""
    parts = fen.split()
    return 1 if len(parts) > 1 and parts[1] == "b" else 0


_SQ = np.arange(90)
_REL = np.stack([_SQ, (9 - _SQ // 9) * 9 + _SQ % 9])  # rel_sq[perspective, s]


def active_features(b: Any, perspective: int) -> Any:
    """The features of every piece of board ``b`` from ``perspective``, in square order."""
    squares = np.flatnonzero(b)
    codes = b[squares].astype(np.int64)
    colour = (codes < 0).astype(np.int64)
    return ((colour != perspective) * 630 + (np.abs(codes) - 1) * 90
            + _REL[perspective, squares])


def batch_features(boards: Any, stm: Any) -> tuple[Any, Any]:
    """For boards ``int8[N, 90]`` with sides to move ``stm[N]``: the features of the side to
    move's perspective and of the other's, each ``int16[N, 32]`` padded with ``PAD``."""
    boards = np.asarray(boards)
    n = len(boards)
    out = np.full((2, n, MAX_PIECES), PAD, dtype=np.int16)
    occupied = boards != 0
    slot = np.cumsum(occupied, axis=1) - 1  # a piece's place in its position's list
    rows, squares = np.nonzero(occupied)
    codes = boards[rows, squares].astype(np.int64)
    colour = (codes < 0).astype(np.int64)
    kind = (np.abs(codes) - 1) * 90
    for p in (0, 1):
        idx = (colour != p) * 630 + kind + _REL[p, squares]
        mine = np.asarray(stm)[rows] == p  # perspective p is the side to move's
        out[0, rows[mine], slot[rows[mine], squares[mine]]] = idx[mine]
        out[1, rows[~mine], slot[rows[~mine], squares[~mine]]] = idx[~mine]
    return out[0], out[1]


def mirror_files(boards: Any) -> Any:
    """The boards reflected left to right (file ``f`` to ``8 - f``), a symmetry of the game.

    >>> int(mirror_files(board_from_fen("4k4/9/9/9/9/9/9/9/9/R3K4 w")[None])[0, 8])
    5
    """
    boards = np.asarray(boards)
    return boards.reshape(len(boards), 10, 9)[:, :, ::-1].reshape(len(boards), 90)
