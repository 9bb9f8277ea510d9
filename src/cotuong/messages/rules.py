"""Texts of the rules core: why a move is illegal (RULES.md §2), checkmate and stalemate.

Squares are passed as the names people read off the board (``c1``…``i10``); colours and
pieces name themselves in the reader's language.
"""

from __future__ import annotations

TEXTS: dict[str, tuple[str, str]] = {
    # Why a move is illegal, in words a beginner learns from (seed 004).
    "NO_PIECE": ("Không có quân nào ở {square}", "there is no piece on {square}"),
    "NOT_YOUR_PIECE": (
        "Quân ở {square} là của {owner}, đến lượt {turn}",
        "the piece on {square} is {owner}'s and it is {turn}'s turn",
    ),
    "CAPTURE_OWN_PIECE": (
        "Không được ăn quân mình ({piece} ở {square})",
        "cannot capture your own piece ({piece} on {square})",
    ),
    "KING_BAD_STEP": ("Tướng chỉ đi một bước ngang hoặc dọc",
                      "the king moves one step orthogonally"),
    "KING_LEAVES_PALACE": ("Tướng không được ra khỏi cung", "the king may not leave its palace"),
    "ADVISOR_BAD_STEP": ("Sĩ chỉ đi chéo một bước", "the advisor moves one step diagonally"),
    "ADVISOR_LEAVES_PALACE": ("Sĩ không được ra khỏi cung",
                              "the advisor may not leave its palace"),
    "ELEPHANT_BAD_STEP": ("Tượng đi chéo đúng hai bước (chữ điền)",
                          "the elephant moves exactly two steps diagonally"),
    "ELEPHANT_CROSSES_RIVER": ("Tượng không được qua sông",
                               "the elephant may not cross the river"),
    "ELEPHANT_EYE_BLOCKED": ("Tượng bị chặn mắt (mắt tượng ở {eye})",
                             "the elephant's eye is blocked (on {eye})"),
    "HORSE_BAD_STEP": ("Mã đi một bước thẳng rồi một bước chéo (chữ nhật)",
                       "the horse moves one step straight then one diagonally"),
    "HORSE_LEG_BLOCKED": ("Mã bị cản chân (chân mã bị cản ở {leg})",
                          "the horse's leg is blocked (on {leg})"),
    "ROOK_NOT_STRAIGHT": ("Xe chỉ đi theo đường thẳng", "the rook moves along a straight line"),
    "CANNON_NOT_STRAIGHT": ("Pháo chỉ đi theo đường thẳng",
                            "the cannon moves along a straight line"),
    "ROOK_PATH_BLOCKED": ("Xe không được nhảy qua quân khác", "the rook cannot jump over pieces"),
    "CANNON_PATH_BLOCKED": ("Pháo chỉ nhảy qua ngòi khi ăn quân; đường đi bị cản",
                            "the cannon jumps a screen only to capture; its path is blocked"),
    "CANNON_NEEDS_ONE_SCREEN": (
        "Pháo ăn quân phải nhảy qua đúng một ngòi (ở đây có {screens})",
        "a cannon captures by jumping exactly one screen (here {screens})",
    ),
    "PAWN_BACKWARDS": ("Tốt không được đi lùi", "a pawn never moves backwards"),
    "PAWN_BAD_STEP": ("Tốt chỉ đi một bước, không đi chéo",
                      "a pawn moves one step, never diagonally"),
    "PAWN_SIDEWAYS_BEFORE_RIVER": ("Tốt chưa qua sông không được đi ngang",
                                   "a pawn may move sideways only after crossing the river"),
    "KINGS_FACING": ("Hai tướng không được đối mặt (lộ mặt tướng)",
                     "the two kings may not face each other on an open file"),
    "IGNORES_CHECK": ("Đang bị chiếu, phải đỡ chiếu ({attackers})",
                      "you are in check and must answer it ({attackers})"),
    "LEAVES_KING_IN_CHECK": ("Nước này để Tướng bị chiếu ({attackers})",
                             "this move leaves your king in check ({attackers})"),
    "PIECE_ON_SQUARE": ("{piece} ở {square}", "{piece} on {square}"),
    # The ends the rules core decides: both lose in xiangqi (seeds 001, 004).
    "OUTCOME_CHECKMATE": ("{winner} thắng: {loser} bị chiếu bí",
                          "{winner} wins: {loser} is checkmated"),
    "OUTCOME_STALEMATE": ("{winner} thắng: {loser} hết nước đi (bí)",
                          "{winner} wins: {loser} has no legal move (stalemate loses)"),
}
