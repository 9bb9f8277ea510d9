"""The board: placement, side to move, legal moves, push/pop, check, Zobrist key.

>>> from cotuong import Board, Move
>>> b = Board()
>>> len(b.legal_moves)
44
>>> b.push(Move.from_iccs("h2e2"))
>>> b.fen()
'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1'
>>> b.pop().iccs
'h2e2'

The low-level view is public (kept lean because the referee's and the engine's hot
loops read it): ``squares`` is a list of 90 signed codes (``+kind`` Red, ``-kind``
Black, 0 empty); ``side`` is +1 or -1; moves are ints ``from << 7 | to``
(``Move.encode()``), played by ``push_code``/``pop_code`` without a legality test.
Each piece has a stable id (Red 0..15, Black 16..31 in FEN order) that moves with it
(``square_ids``, ``id_squares``), so a referee can follow a chased piece as it runs.

>>> b = Board()
>>> b.squares[4], b.side, b.king_squares[-1]
(1, 1, 85)
>>> m = Move.from_iccs("h2e2").encode()
>>> m in b.legal_codes()
True
>>> b.push_code(m)
>>> b.squares[22], b.side, b.pop_code().move == m
(6, -1, True)
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

from cotuong.core import tables
from cotuong.core.errors import IllegalSetupError, InvalidArgumentError, NoMoveToUndoError
from cotuong.core.fen import (
    START_FEN,
    Setup,
    fen_text,
    parse_fen,
    validate_setup,
    write_fen,
)
from cotuong.core.movegen import MoveGeneration
from cotuong.core.outcome import Outcome, Termination
from cotuong.core.reasons import IllegalReason, illegal_move_error, illegal_reason
from cotuong.core.types import (
    Color,
    Move,
    Piece,
    Square,
    checked_color,
    checked_move,
    checked_square,
)
from cotuong.messages import Message

ZOBRIST = tables.ZOBRIST
ZOBRIST_SIDE = tables.ZOBRIST_SIDE


class StackEntry(NamedTuple):
    """What :meth:`Board.pop` needs to undo a move, plus an optional note for the referee."""

    move: int
    captured: int
    captured_id: int
    key: int
    halfmove_clock: int
    note: object


class Board(MoveGeneration):
    """A xiangqi position with its move history.

    ``Board()`` is the start position; ``Board(fen)`` validates the FEN and raises
    :class:`~cotuong.InvalidFenError` or :class:`~cotuong.IllegalSetupError` naming
    the problem.
    """

    __slots__ = ("_fullmove", "_halfmove", "_id_code", "_key", "_start_fen", "id_squares",
                 "king_squares", "side", "square_ids", "squares", "stack")

    # The low-level view, public for the referee, the notations and the engine's hot
    # loops (like python-chess's ``board.occupied`` and ``board.push``): plain attributes,
    # read directly; only ``push_code``/``pop_code`` (or ``push``/``pop``) change them.
    squares: list[int]
    """The 90 squares (``rank * 9 + file``): ``+kind`` Red, ``-kind`` Black, 0 empty."""
    side: int
    """The side to move as a sign: +1 Red, -1 Black (``turn`` is the :class:`Color`)."""
    square_ids: list[int]
    """Per square, the stable id of the piece on it (Red 0..15, Black 16..31), else -1."""
    id_squares: list[int]
    """Per piece id, the square it stands on, -1 once captured."""
    king_squares: list[int]
    """Indexed by sign: ``king_squares[1]`` Red's king, ``king_squares[-1]`` Black's."""
    stack: list[StackEntry]
    """The undo records of the moves played, oldest first (each with its ``note``)."""

    def __init__(self, fen: str | None = None) -> None:
        setup = parse_fen(START_FEN if fen is None else fen)
        self._load(setup)

    @classmethod
    def from_setup(cls, setup: Setup) -> Board:
        board = cls.__new__(cls)
        board._load(setup)
        return board

    def _load(self, setup: Setup) -> None:
        validate_setup(setup)
        self.squares = list(setup.placement)
        self.square_ids = [-1] * 90
        self.id_squares = [-1] * 32
        self._id_code: list[int] = [0] * 32
        next_id = {1: 0, -1: 16}
        # FEN order (Black's back rank first, left to right) gives ids that are
        # the same however the position was reached.
        for rank in range(9, -1, -1):
            for file in range(9):
                sq = rank * 9 + file
                code = self.squares[sq]
                if code:
                    side = 1 if code > 0 else -1
                    pid = next_id[side]
                    next_id[side] += 1
                    self.square_ids[sq] = pid
                    self.id_squares[pid] = sq
                    self._id_code[pid] = code
        self.king_squares = [0, self.squares.index(1), self.squares.index(-1)]
        self.side = setup.turn.sign
        self._halfmove = setup.halfmove_clock
        self._fullmove = setup.fullmove_number
        self.stack = []
        key = ZOBRIST_SIDE if self.side < 0 else 0
        for sq, code in enumerate(self.squares):
            if code:
                key ^= ZOBRIST[code + 7][sq]
        self._key = key
        self._start_fen = write_fen(setup)
        if self.king_attacked(self.king_squares[-self.side], -self.side):
            who = Color.from_sign(-self.side)
            raise IllegalSetupError(
                f"{who.en} is in check but it is {who.opponent.en}'s turn: "
                "the side that just moved cannot have left its king attacked",
                "OPPONENT_IN_CHECK",
            )

    # ------------------------------------------------------------------ state
    @property
    def turn(self) -> Color:
        return Color.RED if self.side > 0 else Color.BLACK

    @property
    def key(self) -> int:
        """64-bit Zobrist key of the position (placement and side to move)."""
        return self._key

    @property
    def halfmove_clock(self) -> int:
        """Plies since the last capture."""
        return self._halfmove

    @property
    def fullmove_number(self) -> int:
        return self._fullmove

    @property
    def ply(self) -> int:
        """Number of moves pushed since this board was set up."""
        return len(self.stack)

    @property
    def start_fen(self) -> str:
        return self._start_fen

    @property
    def move_stack(self) -> list[Move]:
        return [Move.decode(e.move) for e in self.stack]

    def key_history(self) -> list[int]:
        """Zobrist keys of every position since setup, the current one last."""
        return [e.key for e in self.stack] + [self._key]

    def setup(self) -> Setup:
        return Setup(tuple(self.squares), self.turn, self._halfmove, self._fullmove)

    def fen(self) -> str:
        return fen_text(self.squares, self.turn, self._halfmove, self._fullmove)

    def copy(self, *, stack: bool = True) -> Board:
        other = Board.__new__(Board)
        other.squares = self.squares[:]
        other.square_ids = self.square_ids[:]
        other.id_squares = self.id_squares[:]
        other._id_code = self._id_code[:]
        other.king_squares = self.king_squares[:]
        other.side = self.side
        other._halfmove = self._halfmove
        other._fullmove = self._fullmove
        other._key = self._key
        other.stack = self.stack[:] if stack else []
        other._start_fen = self._start_fen if stack else self.fen()
        return other

    def piece_at(self, sq: Square) -> Piece | None:
        code = self.squares[checked_square(sq)]
        return Piece.from_code(code) if code else None

    def piece_id_at(self, sq: Square) -> int | None:
        """Stable id of the piece on ``sq`` (it keeps its id as it moves)."""
        pid = self.square_ids[checked_square(sq)]
        return pid if pid >= 0 else None

    def piece_square(self, piece_id: int) -> Square | None:
        """Where the piece with this id stands now, ``None`` once captured."""
        sq = self.id_squares[self._piece_id(piece_id)]
        return sq if sq >= 0 else None

    def piece_by_id(self, piece_id: int) -> Piece:
        code = self._id_code[self._piece_id(piece_id)]
        if not code:
            raise InvalidArgumentError(f"no piece has id {piece_id} in this game", "BAD_PIECE_ID")
        return Piece.from_code(code)

    @staticmethod
    def _piece_id(piece_id: object) -> int:
        if type(piece_id) is not int or not 0 <= piece_id < 32:
            raise InvalidArgumentError(f"a piece id is an int 0..31, not {piece_id!r}",
                                       "BAD_PIECE_ID")
        return piece_id

    def pieces(self, color: Color | None = None) -> Iterator[tuple[Square, Piece]]:
        """(square, piece) for every piece (of one colour), in square order."""
        for sq, code in enumerate(self.squares):
            if code and (color is None or (code > 0) == (color is Color.RED)):
                yield sq, Piece.from_code(code)

    def king_square(self, color: Color) -> Square:
        return self.king_squares[checked_color(color).sign]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Board):
            return NotImplemented
        return self.squares == other.squares and self.side == other.side

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        return f"Board({self.fen()!r})"

    def __str__(self) -> str:
        rows = []
        for rank in range(9, -1, -1):
            row = []
            for file in range(9):
                code = self.squares[rank * 9 + file]
                row.append(Piece.from_code(code).letter if code else ".")
            rows.append(f"{rank} " + " ".join(row))
        rows.append("  a b c d e f g h i")
        return "\n".join(rows)

    def is_capture(self, move: Move) -> bool:
        checked_move(move)
        return self.squares[move.to_square] * self.squares[move.from_square] < 0

    def gives_check(self, move: Move) -> bool:
        """Would the (legal) ``move`` give check?"""
        if not self.is_legal(move):
            raise illegal_move_error(self, move)
        self.push_code(move.encode(), None)
        try:
            return self.is_check()
        finally:
            self.pop_code()

    # ---------------------------------------------------------------- push/pop
    def push_code(self, m: int, note: object = None) -> None:
        """Play the move ``m`` (``from << 7 | to``) **without** a legality test; ``note``
        goes on :attr:`stack` with it. Only for moves known legal (``legal_codes()``):
        an illegal one leaves the board in a state no rule describes."""
        f = m >> 7
        t = m & 127
        b = self.squares
        ids = self.square_ids
        p = b[f]
        cap = b[t]
        pid = ids[f]
        cid = ids[t]
        self.stack.append(StackEntry(m, cap, cid, self._key, self._halfmove, note))
        zp = ZOBRIST[p + 7]
        key = self._key ^ zp[f] ^ zp[t] ^ ZOBRIST_SIDE
        if cap:
            key ^= ZOBRIST[cap + 7][t]
            self.id_squares[cid] = -1
            self._halfmove = 0
        else:
            self._halfmove += 1
        b[t] = p
        b[f] = 0
        ids[t] = pid
        ids[f] = -1
        self.id_squares[pid] = t
        if p == 1 or p == -1:
            self.king_squares[p] = t
        if self.side < 0:
            self._fullmove += 1
        self.side = -self.side
        self._key = key

    def pop_code(self) -> StackEntry:
        """Undo the last move and return its undo record (``IndexError`` if none: the
        checked form is :meth:`pop`)."""
        entry = self.stack.pop()
        m = entry.move
        f = m >> 7
        t = m & 127
        b = self.squares
        ids = self.square_ids
        p = b[t]
        pid = ids[t]
        b[f] = p
        b[t] = entry.captured
        ids[f] = pid
        ids[t] = entry.captured_id
        self.id_squares[pid] = f
        if entry.captured_id >= 0:
            self.id_squares[entry.captured_id] = t
        if p == 1 or p == -1:
            self.king_squares[p] = f
        self.side = -self.side
        if self.side < 0:
            self._fullmove -= 1
        self._key = entry.key
        self._halfmove = entry.halfmove_clock
        return entry

    def push(self, move: Move, *, note: object = None) -> None:
        """Play a legal move; raise :class:`~cotuong.IllegalMoveError` saying why not.

        ``note`` is kept on the state stack with the move (the referee stores its
        per-move facts there).
        """
        m = checked_move(move).encode()
        if not self.is_legal_code(m):
            raise illegal_move_error(self, move)
        self.push_code(m, note)

    def push_unchecked(self, move: Move, *, note: object = None) -> None:
        """Play a move known to be legal (e.g. taken from ``legal_moves``)."""
        self.push_code(checked_move(move).encode(), note)

    def pop(self) -> Move:
        """Take back the last move."""
        if not self.stack:
            raise NoMoveToUndoError("there is no move to take back: none has been played")
        return Move.decode(self.pop_code().move)

    def peek(self) -> Move | None:
        return Move.decode(self.stack[-1].move) if self.stack else None

    def illegal_reason(self, move: Move) -> IllegalReason | None:
        """Why ``move`` is illegal here (code, Vietnamese and English), or ``None``."""
        if self.is_legal(move):  # also checks that it is a Move
            return None
        return illegal_reason(self, move)

    # --------------------------------------------------------------- outcome
    def outcome(self) -> Outcome | None:
        """Checkmate or stalemate (both lose in xiangqi), else ``None``.

        Draw rules and repetition rulings belong to the referee (``cotuong.Game``).
        """
        if self.has_legal_move():
            return None
        loser = self.turn
        winner = loser.opponent
        if self.is_check():
            term, code = Termination.CHECKMATE, "OUTCOME_CHECKMATE"
        else:
            term, code = Termination.STALEMATE, "OUTCOME_STALEMATE"
        explanation = Message.of(code, winner=winner, loser=loser)
        return Outcome(winner, term, explanation)

    def is_game_over(self) -> bool:
        return not self.has_legal_move()
