"""Cross-checking one game written in several notations.

A record can be legal move by move and still wrong: the xqdb15 ICCS export plays
the *front* pawn where the Chinese, WXF and DhtmlXQ texts play the rear one, and
every later move stays legal. Only another copy of the game reveals it, so the
readers' issues are completed by :func:`cross_check`.

>>> from cotuong import Move
>>> a = GameRecord({}, START_FEN, (Move.from_iccs("h2e2"), Move.from_iccs("h9g7")))
>>> b = GameRecord({}, START_FEN, (Move.from_iccs("h2e2"), Move.from_iccs("b9c7")))
>>> [(i.move_number, i.ply, i.reason) for i in cross_check(a, b)]
[(1, 2, 'plays b9c7 (H2+3) where the reference plays h9g7 (H8+7)')]
"""

from __future__ import annotations

from cotuong.core.board import Board
from cotuong.core.fen import START_FEN
from cotuong.notation.api import NOTATIONS, make_move_text
from cotuong.records.model import GameRecord, RecordIssue

__all__ = ["START_FEN", "cross_check"]


def cross_check(reference: GameRecord, other: GameRecord, *,
                game_index: int = 0) -> tuple[RecordIssue, ...]:
    """Issues where ``other`` departs from ``reference`` (the same game elsewhere).

    Reports a different start, the first ply where the moves differ (the token in
    ``other``'s notation, both moves in WXF for people) and a different length.
    An empty tuple means the two agree move for move.
    """
    if Board(reference.start_fen) != Board(other.start_fen):
        return (RecordIssue(game_index, 0, 0, other.start_fen,
                            f"starts from another position than the reference "
                            f"({reference.start_fen})", False),)
    board = Board(other.start_fen)
    notation = other.notation if other.notation in NOTATIONS else "iccs"
    for ply, (mine, theirs) in enumerate(zip(other.moves, reference.moves, strict=False), 1):
        if mine != theirs:
            token = make_move_text(board, mine, str(notation))
            reason = (f"plays {mine.iccs} ({make_move_text(board, mine, 'wxf')}) where the "
                      f"reference plays {theirs.iccs} ({make_move_text(board, theirs, 'wxf')})")
            return (RecordIssue(game_index, board.fullmove_number, ply, token, reason, False),)
        board.push_unchecked(mine)
    if len(other.moves) != len(reference.moves):
        return (RecordIssue(game_index, board.fullmove_number, board.ply + 1, "",
                            f"has {len(other.moves)} moves, the reference {len(reference.moves)}",
                            False),)
    return ()
