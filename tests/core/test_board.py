"""Board behaviour: push/pop, Zobrist keys, stable piece ids, check, outcomes, reasons."""

from __future__ import annotations

import random

import pytest

from cotuong import (
    Board,
    Color,
    IllegalMoveError,
    Move,
    Piece,
    PieceType,
    Termination,
    parse_square,
)
from cotuong.core import tables


def sq(name: str) -> int:
    return parse_square(name)


def full_key(board: Board) -> int:
    """Zobrist key recomputed from scratch, to check the incremental one."""
    key = tables.ZOBRIST_SIDE if board.turn is Color.BLACK else 0
    for s, piece in board.pieces():
        key ^= tables.ZOBRIST[piece.code + 7][s]
    return key


def test_push_pop_restores_everything_over_random_games() -> None:
    rng = random.Random(7)
    for _ in range(20):
        board = Board()
        snapshots = []
        for _ in range(120):
            moves = list(board.legal_moves)
            if not moves:
                break
            snapshots.append((board.fen(), board.key, [board.piece_id_at(s) for s in range(90)]))
            board.push(rng.choice(moves))
            assert board.key == full_key(board)
        while snapshots:
            board.pop()
            fen, key, ids = snapshots.pop()
            assert (board.fen(), board.key, [board.piece_id_at(s) for s in range(90)]) == (
                fen, key, ids)


def test_piece_id_follows_the_piece_and_is_freed_on_capture() -> None:
    board = Board()
    rook = board.piece_id_at(sq("a0"))
    assert rook is not None
    for iccs in ("a0a1", "a9a8", "a1d1", "a8d8"):
        board.push(Move.from_iccs(iccs))
    assert board.piece_square(rook) == sq("d1")
    assert board.piece_by_id(rook) == Piece(Color.RED, PieceType.ROOK)
    cannon = board.piece_id_at(sq("b2"))
    assert cannon is not None
    victim = board.piece_id_at(sq("b9"))
    assert victim is not None
    board.push(Move.from_iccs("b2b9"))  # cannon takes horse
    assert board.piece_square(victim) is None
    assert board.piece_id_at(sq("b9")) == cannon
    board.pop()
    assert board.piece_square(victim) == sq("b9")


def test_ids_are_red_0_15_black_16_31() -> None:
    board = Board()
    red = {board.piece_id_at(s) for s, p in board.pieces(Color.RED)}
    black = {board.piece_id_at(s) for s, p in board.pieces(Color.BLACK)}
    assert red == set(range(16)) and black == set(range(16, 32))


def test_legal_moves_view() -> None:
    board = Board()
    view = board.legal_moves
    assert len(view) == 44 == view.count()
    assert Move.from_iccs("h2e2") in view
    assert Move.from_iccs("h2h3") in view
    assert Move.from_iccs("a0a5") not in view
    assert "h2e2" not in view  # only Move objects are members
    board.push(Move.from_iccs("h2e2"))
    assert Move.from_iccs("h2e2") not in view  # live: follows the board


def test_check_and_checkers() -> None:
    board = Board("4k4/9/9/9/9/9/9/9/4R4/3K5 b")
    assert board.is_check()
    assert board.checkers() == [sq("e1")]
    # A cannon check needs exactly one screen.
    board = Board("4k4/9/4n4/9/9/9/9/4C4/9/3K5 b")
    assert board.checkers() == [sq("e2")]
    # A horse checks unless its leg is blocked.
    assert Board("4k4/9/5N3/9/9/9/9/9/9/3K5 b").is_check()
    assert not Board("4k4/5r3/5N3/9/9/9/9/9/9/3K5 b").is_check()


def test_attackers_by_each_piece_kind() -> None:
    board = Board("3k5/9/9/9/9/4p4/4R4/3N5/4C4/3K5 w")
    # Rook e3 next to it, cannon e1 over the rook as screen, horse d2 (leg d3 free).
    assert board.attackers(Color.RED, sq("e4")) == [sq("e1"), sq("d2"), sq("e3")]
    # The pawn on e4 (crossed) attacks e3, d4, f4 for Black.
    assert board.attackers(Color.BLACK, sq("e3")) == [sq("e4")]


def test_flying_general_moves_are_illegal() -> None:
    board = Board("4k4/9/9/9/9/9/9/9/4A4/3K5 w")
    # The advisor on e1 screens the kings, so the king may step onto the e-file.
    assert Move.from_iccs("d0e0") in board.legal_moves
    board = Board("3k5/9/9/9/9/9/9/9/9/4K4 w")
    assert Move.from_iccs("e0d0") not in board.legal_moves
    with pytest.raises(IllegalMoveError) as info:
        board.push(Move.from_iccs("e0d0"))
    assert info.value.code == "KINGS_FACING"


def test_checkmate_and_stalemate_both_lose() -> None:
    mate = Board("3k5/3R5/3R5/9/9/9/9/9/9/4K4 b")
    outcome = mate.outcome()
    assert outcome is not None
    assert (outcome.winner, outcome.termination, outcome.result) == (
        Color.RED, Termination.CHECKMATE, "1-0")
    assert outcome.explanation.code == "OUTCOME_CHECKMATE"
    assert outcome.text("vi") == "Đỏ thắng: Đen bị chiếu bí"
    stale = Board("3k5/4R4/9/9/9/9/9/9/9/4K4 b")
    assert not stale.is_check()
    outcome = stale.outcome()
    assert outcome is not None and outcome.termination is Termination.STALEMATE
    assert outcome.winner is Color.RED
    assert Board().outcome() is None


REASONS = [
    # (FEN, move, code)
    (None, "e5e6", "NO_PIECE"),
    (None, "a9a8", "NOT_YOUR_PIECE"),
    (None, "a0b0", "CAPTURE_OWN_PIECE"),
    (None, "e0e2", "KING_BAD_STEP"),
    ("4k4/9/9/9/9/9/9/9/9/3K5 w", "d0c0", "KING_LEAVES_PALACE"),
    (None, "d0d1", "ADVISOR_BAD_STEP"),
    ("4k4/9/9/9/9/9/9/9/4A4/3K5 w", "e1f2", None),
    ("4k4/9/9/9/9/9/9/3A5/9/3K5 w", "d2c3", "ADVISOR_LEAVES_PALACE"),
    (None, "c0c2", "ELEPHANT_BAD_STEP"),
    ("4k4/9/9/9/9/2B6/9/9/9/3K5 w", "c4e6", "ELEPHANT_CROSSES_RIVER"),
    ("3k5/9/9/9/9/9/9/9/3N5/2B1K4 w", "c0e2", "ELEPHANT_EYE_BLOCKED"),
    (None, "b0b1", "HORSE_BAD_STEP"),
    (None, "b0d1", "HORSE_LEG_BLOCKED"),
    (None, "a0b1", "ROOK_NOT_STRAIGHT"),
    (None, "a0a4", "ROOK_PATH_BLOCKED"),
    (None, "b2c4", "CANNON_NOT_STRAIGHT"),
    (None, "b2b8", "CANNON_PATH_BLOCKED"),
    (None, "b2b7", "CANNON_NEEDS_ONE_SCREEN"),
    (None, "a3a2", "PAWN_BACKWARDS"),
    (None, "a3b3", "PAWN_SIDEWAYS_BEFORE_RIVER"),
    (None, "a3b4", "PAWN_BAD_STEP"),
    ("3k5/9/9/9/9/9/9/9/9/4K4 w", "e0d0", "KINGS_FACING"),
    ("4k4/9/9/9/3r5/9/9/9/9/R2K5 w", "a0a1", "IGNORES_CHECK"),
    ("4k4/9/9/9/9/9/9/9/4r4/3K5 w", "d0d1", "LEAVES_KING_IN_CHECK"),
    ("5k3/9/9/9/9/9/9/9/9/r2RK4 w", "d0d5", "LEAVES_KING_IN_CHECK"),
]


@pytest.mark.parametrize(("fen", "iccs", "code"), REASONS)
def test_illegal_reasons(fen: str | None, iccs: str, code: str | None) -> None:
    board = Board(fen)
    move = Move.from_iccs(iccs)
    reason = board.illegal_reason(move)
    if code is None:
        assert reason is None
        return
    assert reason is not None and reason.code == code
    assert reason.vi and reason.en and reason.text("vi") == reason.vi
    before = board.fen()
    with pytest.raises(IllegalMoveError) as info:
        board.push(move)
    assert info.value.code == code
    assert board.fen() == before  # nothing changed


def test_reasons_name_the_attacker() -> None:
    board = Board("4k4/9/9/9/9/9/9/9/4r4/3K5 w")
    reason = board.illegal_reason(Move.from_iccs("d0d1"))
    assert reason is not None and "Black rook on e2" in reason.en and "Xe Đen ở e2" in reason.vi
    board = Board("4k4/9/9/9/3r5/9/9/9/9/R2K5 w")
    reason = board.illegal_reason(Move.from_iccs("a0a1"))
    assert reason is not None and "Black rook on d6" in reason.en


def test_copy_is_independent() -> None:
    board = Board()
    clone = board.copy()
    clone.push(Move.from_iccs("h2e2"))
    assert board.fen() != clone.fen()
    assert clone.ply == 1 and board.ply == 0
    assert clone.move_stack == [Move.from_iccs("h2e2")]


def test_pop_on_empty_board_raises() -> None:
    with pytest.raises(IndexError):
        Board().pop()


def test_notes_live_on_the_stack() -> None:
    board = Board()
    board.push(Move.from_iccs("h2e2"), note={"check": False})
    assert board.stack[-1].note == {"check": False}
    assert board.key_history()[0] == Board().key


def test_wrong_kinds_of_argument_get_named_errors() -> None:
    from cotuong import InvalidArgumentError, InvalidMoveTextError, NoMoveToUndoError

    board = Board()
    for bad in (-1, 90, 99, "e0", 4.0):
        with pytest.raises(InvalidArgumentError) as info:
            board.piece_at(bad)  # type: ignore[arg-type]
        assert info.value.code == "BAD_SQUARE"
    with pytest.raises(InvalidArgumentError):
        board.piece_by_id(-1)
    with pytest.raises(InvalidArgumentError):
        board.piece_square(32)
    for call in (board.push, board.is_legal, board.illegal_reason, board.gives_check,
                 board.is_capture):
        with pytest.raises(InvalidArgumentError) as info:
            call("h2e2")  # type: ignore[arg-type]
        assert info.value.code == "NOT_A_MOVE" and "parse_move" in str(info.value)
    with pytest.raises(InvalidArgumentError):
        board.king_square("red")  # type: ignore[arg-type]
    with pytest.raises(InvalidMoveTextError):
        Move.from_iccs(None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="'fr'"):
        Board("3k5/3R5/3R5/9/9/9/9/9/9/4K4 b").outcome().text("fr")  # type: ignore[union-attr]
    with pytest.raises(NoMoveToUndoError) as undo:
        board.pop()
    assert isinstance(undo.value, IndexError) and isinstance(undo.value, ValueError)
    assert board.fen() == Board().fen()


def test_illegal_move_error_carries_move_and_reason() -> None:
    board = Board()
    move = Move.from_iccs("b0d1")
    with pytest.raises(IllegalMoveError) as info:
        board.push(move)
    assert info.value.move == move
    assert info.value.reason is not None and info.value.reason.vi.startswith("Mã bị cản chân")
    # The ICCS text and the board's 1-10 square names side by side, never mixed.
    assert str(info.value).startswith("b0d1 (b1-d2) is illegal")
    with pytest.raises(IllegalMoveError):
        board.gives_check(move)


def test_quick_legality_paths_agree_with_full_generation() -> None:
    """``is_legal``/``push`` test one piece, ``has_legal_move`` stops early and
    ``legal_moves.iccs()`` skips ``Move`` objects: each must agree with the full list."""
    rng = random.Random(11)
    positions = 0
    for _ in range(30):
        board = Board()
        for _ in range(200):
            legal = list(board.legal_moves)
            positions += 1
            assert board.has_legal_move() == bool(legal)
            assert board.legal_moves.iccs() == [m.iccs for m in legal]
            legal_set = set(legal)
            candidates = board.pseudo_legal_moves() + [
                Move(a, b) for a, b in (rng.sample(range(90), 2) for _ in range(30))]
            for m in candidates:
                assert board.is_legal(m) == (m in legal_set), (board.fen(), m.iccs)
            if not legal:
                assert board.outcome() is not None
                break
            captures = [m for m in legal if board.is_capture(m)]
            board.push(rng.choice(captures if captures and rng.random() < 0.6 else legal))
    assert positions > 2000
