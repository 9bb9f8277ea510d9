"""Perft: count the leaf nodes of the legal move tree (the standard move-generator test).

>>> from cotuong import Board
>>> perft(Board(), 2)
1920
"""

from __future__ import annotations

from collections.abc import Callable

from cotuong.core.board import Board


def perft(board: Board, depth: int) -> int:
    """Number of legal move sequences of length ``depth`` from ``board``."""
    if depth < 0:
        raise ValueError(f"perft depth must be >= 0, not {depth}")
    if depth == 0:
        return 1
    return _perft(board, depth)


def _perft(board: Board, depth: int) -> int:
    codes = board.legal_codes()
    if depth == 1:
        return len(codes)
    push = board.push_code
    pop = board.pop_code
    total = 0
    for m in codes:
        push(m, None)
        total += _perft(board, depth - 1)
        pop()
    return total


def divide(
    board: Board, depth: int, progress: Callable[[str, int], None] | None = None
) -> dict[str, int]:
    """Perft split by first move (ICCS), calling ``progress(move, count)`` after each."""
    if depth < 1:
        raise ValueError(f"divide depth must be >= 1, not {depth}")
    out: dict[str, int] = {}
    for m in board.legal_codes():
        board.push_code(m, None)
        n = _perft(board, depth - 1) if depth > 1 else 1
        board.pop_code()
        iccs = "abcdefghi"[(m >> 7) % 9] + str((m >> 7) // 9)
        iccs += "abcdefghi"[(m & 127) % 9] + str((m & 127) // 9)
        out[iccs] = n
        if progress is not None:
            progress(iccs, n)
    return out
