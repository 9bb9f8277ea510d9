"""Generated repetition cycles from random positions, for the differential test.

A cycle: from a random position P (reached by random play from the start, with
captures favoured so that material thins out), each side plays one or two
reversible non-capturing moves and then takes them back, twice, so that P occurs
for the third time at the last ply. Moves are chosen to check or attack often,
because idle loops teach nothing.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from cotuong import Board, Move
from cotuong.referee.facts import move_chases


@dataclass(frozen=True)
class Cycle:
    fen: str
    moves: tuple[str, ...]


def _random_position(rng: random.Random) -> Board | None:
    board = Board()
    for _ in range(rng.randint(30, 200)):
        codes = board.legal_codes()
        if not codes:
            return None
        b = board.squares
        captures = [m for m in codes if b[m & 127]]
        pool = captures if captures and rng.random() < 0.85 else codes
        board.push_code(rng.choice(pool), None)
    if not board.legal_codes():
        return None
    return Board(board.fen().rsplit(" ", 2)[0] + " 0 1")  # fresh history, clock 0


def _forcing(board: Board, move: Move) -> bool:
    """Does the move check or newly chase something (by the referee's own facts; the
    other referee then judges the whole loop independently)?"""
    chased = move_chases(board, move.encode())
    try:
        return bool(chased) or board.is_check()
    finally:
        board.pop()


def _quiet(board: Board) -> list[Move]:
    return [m for m in board.legal_moves if not board.is_capture(m)]


def _reverse(m: Move) -> Move:
    return Move(m.to_square, m.from_square)


def _pressing_loop(board: Board, rng: random.Random) -> list[Move] | None:
    """[m1, m2, back(m1), back(m2)] where the side to move presses with both of its
    moves (each checks or chases) and the other side answers."""
    firsts = [m for m in _quiet(board) if _forcing(board, m)]
    rng.shuffle(firsts)
    for m1 in firsts[:5]:
        board.push_unchecked(m1)
        answers = []
        for m2 in _quiet(board):
            board.push_unchecked(m2)
            back = _reverse(m1)
            if back in board.legal_moves and _forcing(board, back):
                board.push_unchecked(back)
                if _reverse(m2) in board.legal_moves:
                    answers.append(m2)
                board.pop()
            board.pop()
        board.pop()
        if answers:
            m2 = rng.choice(answers)
            return [m1, m2, _reverse(m1), _reverse(m2)]
    return None


def _random_loop(board: Board, rng: random.Random, pieces_per_side: int) -> list[Move] | None:
    """Random quiet moves (one or two per side), then each taken back in order."""
    out: list[Move] = []
    for _ in range(2 * pieces_per_side):
        quiet = _quiet(board)
        if not quiet:
            return None
        m = rng.choice(quiet)
        board.push_unchecked(m)
        out.append(m)
    for _ in out:
        board.pop()
    return out + [_reverse(m) for m in out]


def make_cycle(rng: random.Random) -> Cycle | None:
    """One cycle, or ``None`` when the random position does not allow one."""
    start = _random_position(rng)
    if start is None:
        return None
    board = start.copy()
    roll = rng.random()
    if roll < 0.75:
        loop = _pressing_loop(board, rng)
    else:
        loop = _random_loop(board, rng, 1 if roll < 0.9 else 2)
    if loop is None:
        return None
    for m in loop + loop:
        if m not in board.legal_moves:
            return None
        board.push_unchecked(m)
    if board.key != start.key:
        return None
    return Cycle(start.fen(), tuple(m.iccs for m in loop + loop))


def cycles(seed: int, count: int) -> list[Cycle]:
    rng = random.Random(seed)
    found: list[Cycle] = []
    while len(found) < count:
        c = make_cycle(rng)
        if c is not None:
            found.append(c)
    return found


if __name__ == "__main__":
    import json
    import sys

    for c in cycles(int(sys.argv[1]), int(sys.argv[2])):
        print(json.dumps({"fen": c.fen, "moves": list(c.moves)}))
