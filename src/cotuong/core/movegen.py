"""Check and move generation on a board's low-level view (``squares``, ``side``,
``id_squares``, ``king_squares``): what attacks a square, whether the side to move is in
check, and its legal moves, found piece by piece with a king-safety filter that spares
the full test for most moves. :class:`~cotuong.core.board.Board` builds on this.

>>> from cotuong.core.board import Board
>>> b = Board("4k4/9/9/9/9/9/9/9/4R4/3K5 b - - 0 1")
>>> b.is_check(), sorted(b.legal_moves.iccs())  # d9 would face the red king
(True, ['e9f9'])
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from cotuong.core import tables
from cotuong.core.attacks import attackers_on, piece_targets
from cotuong.core.types import (
    _SQUARE_NAMES,
    Color,
    Move,
    Square,
    checked_color,
    checked_move,
    checked_square,
)

if TYPE_CHECKING:
    pass

RAYS = tables.RAYS
HORSE_FROM = tables.HORSE_FROM
PAWN_FROM = tables.PAWN_FROM

__all__ = ["LegalMoves", "MoveGeneration", "iccs_texts"]

# The ICCS text of every move code ``from << 7 | to`` (both squares 0..89).
_ICCS = [_SQUARE_NAMES[m >> 7] + _SQUARE_NAMES[m & 127] if m & 127 < 90 else ""
         for m in range(90 << 7)]


def iccs_texts(codes: Iterable[int]) -> list[str]:
    """The ICCS texts of move codes ``from << 7 | to`` (quicker than ``Move.decode``).

    >>> iccs_texts([Move.from_iccs("h2e2").encode()])
    ['h2e2']
    """
    texts = _ICCS
    return [texts[m] for m in codes]


class MoveGeneration:
    """Attacks, check and legal moves of the board that builds on this (no state of its
    own: the board's slots)."""

    __slots__ = ()

    squares: list[int]
    side: int
    id_squares: list[int]
    king_squares: list[int]

    @property
    def turn(self) -> Color:
        raise NotImplementedError

    # ---------------------------------------------------------------- attacks
    def king_attacked(self, k: int, side: int) -> bool:
        """Is the king of ``side`` (+1/-1), standing on ``k``, attacked (flying general
        included)? Low level: ``k`` is not checked (``king_squares[side]`` normally)."""
        b = self.squares
        rook = -5 * side
        cannon = -6 * side
        king = -side
        rays = RAYS[k]
        for d in range(4):
            screened = False
            for s in rays[d]:
                p = b[s]
                if p:
                    if screened:
                        if p == cannon:
                            return True
                        break
                    if p == rook or (p == king and d < 2):
                        return True
                    screened = True
        horse = -4 * side
        for hs, leg in HORSE_FROM[k]:
            if b[hs] == horse and not b[leg]:
                return True
        pawn = -7 * side
        return any(b[ps] == pawn for ps in PAWN_FROM[-side][k])

    def attackers(self, color: Color, sq: Square) -> list[Square]:
        """Squares of ``color``'s pieces that attack ``sq`` by their move geometry.

        Pseudo-legal: a pinned attacker still attacks. The king attacks its palace
        neighbours and, along an open file, the enemy king (flying general).
        """
        sign = checked_color(color).sign
        return sorted(set(attackers_on(self.squares, checked_square(sq), sign)))

    def is_check(self) -> bool:
        """Is the side to move in check?"""
        return self.king_attacked(self.king_squares[self.side], self.side)

    def checkers(self) -> list[Square]:
        """Squares of the pieces giving check to the side to move."""
        if not self.is_check():
            return []
        k = self.king_squares[self.side]
        return self.attackers(self.turn.opponent, k)

    # --------------------------------------------------------- move generation
    def _pseudo_codes(self) -> list[int]:
        """Moves obeying piece geometry, ignoring the own king's safety."""
        b = self.squares
        side = self.side
        loc = self.id_squares
        out: list[int] = []
        first = 0 if side > 0 else 16
        for pid in range(first, first + 16):
            s = loc[pid]
            if s >= 0:
                base = s << 7
                out += [base | t for t in piece_targets(b, s, side)]
        return out

    def _safe_after(self, m: int) -> bool:
        """Would the mover's king be safe after pseudo-legal move ``m``?"""
        b = self.squares
        side = self.side
        f = m >> 7
        t = m & 127
        p = b[f]
        cap = b[t]
        b[t] = p
        b[f] = 0
        safe = not self.king_attacked(t if p == side else self.king_squares[side], side)
        b[f] = p
        b[t] = cap
        return safe

    def _danger(self, side: int) -> tuple[set[int], set[int]] | None:
        """``None`` if the king of ``side`` is in check, else (bad_from, bad_to).

        A non-king move can expose the king only by vacating a square in bad_from
        (the first or second piece on a line from the king with an enemy rook, king
        or cannon behind it, or a horse leg next to the king with an enemy horse
        behind it) or by filling a square in bad_to (between the king and an enemy
        cannon that would then have a screen). Every other move is legal when not in
        check, which spares the full test for most moves.
        """
        b = self.squares
        k = self.king_squares[side]
        rook = -5 * side
        cannon = -6 * side
        king = -side
        bad_from: set[int] = set()
        bad_to: set[int] = set()
        rays = RAYS[k]
        for d in range(4):
            first = second = -1
            empties: list[int] = []
            for s in rays[d]:
                p = b[s]
                if not p:
                    if first < 0:
                        empties.append(s)
                    continue
                if first < 0:
                    if p == rook or (p == king and d < 2):
                        return None
                    first = s
                    if p == cannon:
                        bad_to.update(empties)
                elif second < 0:
                    if p == cannon:
                        return None
                    if p == rook or (p == king and d < 2):
                        bad_from.add(first)
                    second = s
                else:
                    if p == cannon:
                        bad_from.add(first)
                        bad_from.add(second)
                    break
        horse = -4 * side
        for hs, leg in HORSE_FROM[k]:
            if b[hs] == horse:
                if not b[leg]:
                    return None
                bad_from.add(leg)
        pawn = -7 * side
        for ps in PAWN_FROM[-side][k]:
            if b[ps] == pawn:
                return None
        return bad_from, bad_to

    def legal_codes_iter(self) -> Iterator[int]:
        """The legal moves as ints, piece by piece, lazily: pseudo-legal moves that pass
        the king-safety filter (``has_legal_move`` stops at the first). Read it while
        the board is unchanged: it reads the position as it goes.

        >>> from cotuong.core.board import Board
        >>> it = Board().legal_codes_iter()
        >>> [next(it)] + list(it) == Board().legal_codes()
        True
        """
        side = self.side
        danger = self._danger(side)
        safe = self._safe_after
        b = self.squares
        loc = self.id_squares
        bad_from: set[int] | None = None
        bad_to: set[int] = set()
        if danger is not None:  # (in check, every move gets the full test)
            bad_from, bad_to = danger
            bad_from.add(self.king_squares[side])  # king moves always get the full test
        first = 0 if side > 0 else 16
        for pid in range(first, first + 16):
            s = loc[pid]
            if s < 0:
                continue
            base = s << 7
            free = bad_from is not None and s not in bad_from
            for t in piece_targets(b, s, side):
                if (free and t not in bad_to) or safe(base | t):
                    yield base | t

    def legal_codes(self) -> list[int]:
        """The legal moves as ints ``from << 7 | to``, piece by piece (the fast form of
        :attr:`legal_moves`)."""
        return list(self.legal_codes_iter())

    def has_legal_move(self) -> bool:
        """Does the side to move have any legal move? (Stops at the first one.)"""
        return next(self.legal_codes_iter(), None) is not None

    @property
    def legal_moves(self) -> LegalMoves:
        """A live view of the legal moves: iterate, ``in``, ``len``, ``count()``."""
        return LegalMoves(self)

    def pseudo_legal_moves(self) -> list[Move]:
        return [Move.decode(m) for m in self._pseudo_codes()]

    def is_legal(self, move: Move) -> bool:
        return self.is_legal_code(checked_move(move).encode())

    def is_legal_code(self, m: int) -> bool:
        """Is the move ``m`` (``from << 7 | to``, both squares 0..89) legal? Only the
        moving piece's geometry is generated (the fast form of :meth:`is_legal`)."""
        f = m >> 7
        side = self.side
        if self.squares[f] * side <= 0:
            return False
        return (m & 127) in piece_targets(self.squares, f, side) and self._safe_after(m)


class LegalMoves:
    """Lazy view of a board's legal moves, recomputed on use (the board may change)."""

    __slots__ = ("_board",)

    def __init__(self, board: MoveGeneration) -> None:
        self._board = board

    def __iter__(self) -> Iterator[Move]:
        return (Move.decode(m) for m in self._board.legal_codes())

    def __contains__(self, move: object) -> bool:
        return isinstance(move, Move) and self._board.is_legal(move)

    def __len__(self) -> int:
        return len(self._board.legal_codes())

    def iccs(self) -> list[str]:
        """The legal moves as ICCS texts (quicker than reading ``.iccs`` of each ``Move``).

        >>> from cotuong.core.board import Board
        >>> sorted(Board().legal_moves.iccs())[:3]
        ['a0a1', 'a0a2', 'a3a4']
        """
        return iccs_texts(self._board.legal_codes())

    def count(self) -> int:
        return len(self)

    def __bool__(self) -> bool:
        return self._board.has_legal_move()

    def __repr__(self) -> str:
        return f"<LegalMoves ({', '.join(m.iccs for m in self)})>"
