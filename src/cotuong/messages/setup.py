"""Texts of the setup checks (a board editor's position): what is wrong and why.

Pieces and colours name themselves in the reader's language; squares are the names
people read off the board (``a1``…``i10``).
"""

from __future__ import annotations

TEXTS: dict[str, tuple[str, str]] = {
    "SETUP_BAD_PLACEMENT": ("Thế cờ phải có đúng 90 ô, mỗi ô trống hoặc có một quân",
                            "a position has exactly 90 points, each empty or with one piece"),
    "SETUP_KING_OFF_POINT": (
        "{piece} ở {square} không bao giờ đứng được ở đó: tướng không ra khỏi cung",
        "{piece} on {square} can never stand there: a king stays in its palace",
    ),
    "SETUP_ADVISOR_OFF_POINT": (
        "{piece} ở {square} không bao giờ đứng được ở đó: sĩ chỉ đứng trên năm điểm "
        "đường chéo của cung",
        "{piece} on {square} can never stand there: an advisor stays on the five points "
        "of its palace diagonals",
    ),
    "SETUP_ELEPHANT_OFF_POINT": (
        "{piece} ở {square} không bao giờ đứng được ở đó: tượng chỉ đứng trên bảy điểm "
        "của mình, không qua sông",
        "{piece} on {square} can never stand there: an elephant stays on its seven points "
        "on its own side of the river",
    ),
    "SETUP_PAWN_OFF_POINT": (
        "{piece} ở {square} không bao giờ đứng được ở đó: tốt không đi lùi, chưa qua sông "
        "thì không đi ngang",
        "{piece} on {square} can never stand there: a pawn never moves backwards, nor "
        "sideways before crossing the river",
    ),
    "SETUP_MISSING_KING": ("Bên {color} không có tướng", "{color} has no king"),
    "SETUP_TOO_MANY_KINGS": ("Có {count} quân {piece}: mỗi bên chỉ có một tướng",
                             "{count} pieces {piece}: each side has one king"),
    "SETUP_TOO_MANY_PIECES": ("Có {count} quân {piece}: nhiều nhất là {limit}",
                              "{count} pieces {piece}: at most {limit} are possible"),
    "SETUP_KINGS_FACING": (
        "Hai tướng đối mặt trên cột {file}, không có quân nào ở giữa (lộ mặt tướng)",
        "the kings face each other on file {file} with nothing between them",
    ),
    "SETUP_OPPONENT_IN_CHECK": (
        "Bên {color} đang bị chiếu ({attackers}) mà lại đến lượt {turn}: bên vừa đi không "
        "thể để tướng mình bị chiếu",
        "{color} is in check ({attackers}) but it is {turn}'s turn: the side that just "
        "moved cannot have left its king attacked",
    ),
}
