"""Drawing a board in the terminal, and the ``cotuong show`` command.

>>> from cotuong import Board
>>> print(render_board(Board("4k4/9/9/9/9/9/9/9/9/3K5 w"), color=False, letters=True))
     1   2   3   4   5   6   7   8   9
10  ·───·───·───·───k───·───·───·───·
    │   │   │   │ ╲ │ ╱ │   │   │   │
 9  ·───·───·───·───·───·───·───·───·
    │   │   │   │ ╱ │ ╲ │   │   │   │
 8  ·───·───·───·───·───·───·───·───·
    │   │   │   │   │   │   │   │   │
 7  ·───·───·───·───·───·───·───·───·
    │   │   │   │   │   │   │   │   │
 6  ·───·───·───·───·───·───·───·───·
    │        sông   河   river      │
 5  ·───·───·───·───·───·───·───·───·
    │   │   │   │   │   │   │   │   │
 4  ·───·───·───·───·───·───·───·───·
    │   │   │   │   │   │   │   │   │
 3  ·───·───·───·───·───·───·───·───·
    │   │   │   │ ╲ │ ╱ │   │   │   │
 2  ·───·───·───·───·───·───·───·───·
    │   │   │   │ ╱ │ ╲ │   │   │   │
 1  ·───·───·───K───·───·───·───·───·
     a   b   c   d   e   f   g   h   i
     9   8   7   6   5   4   3   2   1
"""

from __future__ import annotations

from cotuong.core import Board, Color, PieceType
from cotuong.notation import make_move_text

_CHINESE = {
    (Color.RED, PieceType.KING): "帥", (Color.BLACK, PieceType.KING): "將",
    (Color.RED, PieceType.ADVISOR): "仕", (Color.BLACK, PieceType.ADVISOR): "士",
    (Color.RED, PieceType.ELEPHANT): "相", (Color.BLACK, PieceType.ELEPHANT): "象",
    (Color.RED, PieceType.HORSE): "傌", (Color.BLACK, PieceType.HORSE): "馬",
    (Color.RED, PieceType.ROOK): "俥", (Color.BLACK, PieceType.ROOK): "車",
    (Color.RED, PieceType.CANNON): "炮", (Color.BLACK, PieceType.CANNON): "砲",
    (Color.RED, PieceType.PAWN): "兵", (Color.BLACK, PieceType.PAWN): "卒",
}
_RED = "\033[1;31m"
_BLACK = "\033[1;34m"
_RESET = "\033[0m"
_UNDERLINE = "\033[4m"


def _links(rank: int) -> str:
    """The connector line drawn below board rank ``rank`` (between rank and rank-1)."""
    if rank == 5:
        return "    │        sông   河   river      │"
    cells = ["│"] * 9
    gaps = ["   "] * 8
    if rank in (9, 2):
        gaps[3], gaps[4] = " ╲ ", " ╱ "
    elif rank in (8, 1):
        gaps[3], gaps[4] = " ╱ ", " ╲ "
    line = "    "
    for i in range(9):
        line += cells[i] + (gaps[i] if i < 8 else "")
    return line


def render_board(
    board: Board,
    *,
    color: bool = True,
    letters: bool = False,
    highlight: tuple[int, ...] = (),
) -> str:
    """The board as text, Red at the bottom; ranks 1-10 and each side's file numbers.

    Pieces are Chinese characters (FEN letters with ``letters=True``, for terminals
    without CJK fonts); ``highlight`` squares (the last move, say) are underlined.
    """
    lines = ["     1   2   3   4   5   6   7   8   9"]
    for rank in range(9, -1, -1):
        row = f"{rank + 1:>2}  "
        cells = []
        for file in range(9):
            sq = rank * 9 + file
            piece = board.piece_at(sq)
            if piece is None:
                cell = "○" if sq in highlight else "·"
            else:
                cell = piece.letter if letters else _CHINESE[piece.color, piece.kind]
                if color:
                    style = _RED if piece.color is Color.RED else _BLACK
                    if sq in highlight:
                        style += _UNDERLINE
                    cell = style + cell + _RESET
            cells.append(cell)
        wide = not letters
        for file, cell in enumerate(cells):
            row += cell
            if file < 8:
                occupied = board.piece_at(rank * 9 + file) is not None
                row += "──" if wide and occupied else "───"
        lines.append(row.rstrip())
        if rank > 0:
            lines.append(_links(rank))
    lines.append("     a   b   c   d   e   f   g   h   i")
    lines.append("     9   8   7   6   5   4   3   2   1")
    return "\n".join(lines)


def describe_position(board: Board, lang: str = "vi", *, color: bool = True,
                      letters: bool = False, notation: str | None = None) -> str:
    """Board drawing, side to move, check, legal moves or the outcome.

    Moves are listed in Vietnamese notation for ``lang="vi"`` and WXF for ``"en"``
    unless ``notation`` says otherwise.
    """
    out = [render_board(board, color=color, letters=letters), ""]
    out.append(f"FEN: {board.fen()}")
    turn = board.turn
    outcome = board.outcome()
    if outcome is not None:
        out.append(("Kết thúc: " if lang == "vi" else "Game over: ") + outcome.text(lang))
        return "\n".join(out)
    if lang == "vi":
        out.append(f"Lượt đi: {turn.vi}" + (" — đang bị chiếu!" if board.is_check() else ""))
    else:
        out.append(f"To move: {turn.en}" + (" — in check!" if board.is_check() else ""))
    notation = notation or ("vi" if lang == "vi" else "wxf")
    moves = sorted(make_move_text(board, m, notation) for m in board.legal_moves)
    header = "Nước đi hợp lệ" if lang == "vi" else "Legal moves"
    out.append(f"{header} ({len(moves)}): " + " ".join(moves))
    return "\n".join(out)
