"""Texts of the notation layer: why a move text names no move, for interfaces in
either language (the notation errors carry these codes; ``BAD_GEOMETRY`` errors carry
one of the ``GEOMETRY_*`` messages as their ``reason``)."""

from __future__ import annotations

TEXTS: dict[str, tuple[str, str]] = {
    # What a move text can get wrong, by the error's code (``NOTATION_`` + code).
    "NOTATION_MISSING_FILE": ("thiếu số cột của quân (viết Tg6/1, không phải Tg/1)",
                              "the piece's file is missing (write K6-1, not K-1)"),
    "NOTATION_NO_SUCH_PIECE": (
        "không có quân nào đúng như nước ghi (xem lại chữ quân, số cột đếm từ phải sang "
        "trái phía bạn, và t/s cho hai quân cùng cột)",
        "no piece fits the text (check the piece letter, files count from your right, and "
        "+/- for two pieces on one file)"),
    "NOTATION_BAD_GEOMETRY": (
        "quân này không đi được như vậy (Mã, Tượng, Sĩ ghi cột đến; Xe, Pháo, Tốt, Tướng "
        "đi thẳng ghi số bước)",
        "the piece cannot move so (horses, elephants and advisors give the destination "
        "file; rooks, cannons, pawns and kings moving straight give the steps)"),
    "NOTATION_AMBIGUOUS_MOVE": (
        "có nhiều nước hợp lệ ứng với cách ghi này; ghi rõ quân trước (t) hay sau (s)",
        "several legal moves fit the text; say front (+) or rear (-)"),
    "NOTATION_AMBIGUOUS_NOTATION": (
        "cách ghi này đọc được thành hai nước khác nhau; hãy ghi kiểu Việt Nam (P2-5) "
        "hoặc ICCS (h2e2)",
        "the text reads as two different moves; write Vietnamese (P2-5) or ICCS (h2e2)"),
    "NOTATION_UNREADABLE": (
        "cách ghi ví dụ: P2-5, M8.7, X1/1, Tg5.1, Xt-2; hoặc h2e2, C2.5, 炮二平五",
        "examples: C2.5, H8+7, R1-1, K5+1; or h2e2, P2-5, 炮二平五"),
    # Why a piece cannot make the move its text describes (notation.model.target_square).
    "GEOMETRY_SAME_FILE": ("đi ngang (bình) phải sang cột khác",
                           "a sideways move must change file"),
    "GEOMETRY_STEPS_OFF_BOARD": ("đi {steps} bước thì ra ngoài bàn cờ",
                                 "moving {steps} step(s) leaves the board"),
    "GEOMETRY_NO_SIDEWAYS": ("{piece} không đi ngang: số cuối là cột đến",
                             "the {piece} cannot move sideways (its number is a destination "
                             "file)"),
    "GEOMETRY_HORSE_FILE": ("Mã chỉ đến cột cách một hoặc hai cột",
                            "a horse moves to a file one or two away"),
    "GEOMETRY_ELEPHANT_FILE": ("Tượng chỉ đến cột cách hai cột",
                               "an elephant moves to a file two away"),
    "GEOMETRY_ADVISOR_FILE": ("Sĩ chỉ đến cột bên cạnh", "an advisor moves to a neighbouring file"),
    "GEOMETRY_OFF_BOARD": ("nước đi ra ngoài bàn cờ", "the move leaves the board"),
}
