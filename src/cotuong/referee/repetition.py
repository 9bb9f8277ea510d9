"""Repetition rulings: classify each side over the cycle, then apply the rule set.

The cycle is the moves since the previous occurrence of the position that has just
occurred for the third time (same side to move). Each side is **check** if every one
of its moves in the cycle checks, **chase** if one enemy piece (followed by its id as
it moves) is newly chased by every one of its moves, otherwise **idle**.

>>> from cotuong import Board, Move
>>> from cotuong.referee import PlyNote, rule_set
>>> b = Board("4k4/9/2n5R/9/9/9/9/9/9/3K5 b - - 0 1")  # seed 002: the rook chases the horse
>>> for m in ["c7b5", "i7i5", "b5c7", "i5i7"] * 2:
...     b.push(Move.from_iccs(m), note=PlyNote(b.gives_check(Move.from_iccs(m))))
>>> r = classify(b, 0, rule_set("asian"))
>>> r.red.kind, r.black.kind, r.winner.value
('chase', 'idle', 'black')
"""

from __future__ import annotations

from dataclasses import dataclass

from cotuong.core.board import Board
from cotuong.core.types import Color, Move
from cotuong.referee.facts import PlyNote, fill_chases
from cotuong.referee.rules import RuleSet

IDLE, CHASE, CHECK = 0, 1, 2
LEVEL_NAMES = {IDLE: "idle", CHASE: "chase", CHECK: "check"}


@dataclass(frozen=True, slots=True)
class SideConduct:
    """How one side behaved over a cycle: ``level`` 0 idle, 1 chase, 2 check.

    ``victims`` are the ids of the pieces chased in every move (for a chase);
    ``moves`` the side's moves in the cycle, in order.
    """

    color: Color
    level: int
    victims: frozenset[int]
    moves: tuple[Move, ...]

    @property
    def kind(self) -> str:
        return LEVEL_NAMES[self.level]


@dataclass(frozen=True, slots=True)
class Ruling:
    """A repetition ruling: ``winner`` (``None`` = draw) and each side's conduct.

    ``start`` is the ply index (into the board's stack) of the cycle's first move.
    """

    winner: Color | None
    red: SideConduct
    black: SideConduct
    start: int

    def conduct(self, color: Color) -> SideConduct:
        return self.red if color is Color.RED else self.black


def cycle_start(keys: list[int], occurrences: int = 3) -> int | None:
    """Index of the first of the last ``occurrences`` occurrences of ``keys[-1]``.

    ``keys[i]`` is the key of the position before ply ``i``; ``keys[-1]`` the current
    one. The ruling looks at every move from the first of the three occurrences, not
    only the last loop: two rooks taking turns at two cannons (AXF diagram 80) make
    a loop in which the last half, alone, looks like one rook chasing one cannon.
    """
    cur = keys[-1]
    seen = 1
    for i in range(len(keys) - 3, -1, -2):
        if keys[i] == cur:
            seen += 1
            if seen == occurrences:
                return i
    return None


def classify(board: Board, start: int, rules: RuleSet) -> Ruling:
    """Rule on the cycle made of the plies ``start..`` of ``board``'s stack."""
    fill_chases(board, start, rules.chase_options)
    stack = board.stack
    first_mover = board.side if (len(stack) - start) % 2 == 0 else -board.side
    conducts = {}
    for side in (1, -1):
        notes: list[PlyNote] = []
        moves: list[Move] = []
        for i in range(start, len(stack)):
            mover = first_mover if (i - start) % 2 == 0 else -first_mover
            if mover == side:
                note = stack[i].note
                assert isinstance(note, PlyNote)
                notes.append(note)
                moves.append(Move.decode(stack[i].move))
        color = Color.from_sign(side)
        if notes and all(n.check for n in notes):
            conducts[side] = SideConduct(color, CHECK, frozenset(), tuple(moves))
            continue
        common: frozenset[int] | None = None
        for n in notes:
            chased = n.chases or frozenset()
            common = chased if common is None else common & chased
        if common:
            conducts[side] = SideConduct(color, CHASE, common, tuple(moves))
        else:
            conducts[side] = SideConduct(color, IDLE, frozenset(), tuple(moves))
    red, black = conducts[1], conducts[-1]
    winner: Color | None = None
    if rules.repetition == "levels":
        if red.level > black.level:
            winner = Color.BLACK
        elif black.level > red.level:
            winner = Color.RED
    else:
        red_forcing = red.level > IDLE
        black_forcing = black.level > IDLE
        if red_forcing and not black_forcing:
            winner = Color.BLACK
        elif black_forcing and not red_forcing:
            winner = Color.RED
    return Ruling(winner, red, black, start)
