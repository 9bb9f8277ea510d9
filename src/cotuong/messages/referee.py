"""Texts of the referee and the game: rulings, the arbiter's orders, warnings, draws,
offers and the other ends of a game (RULES.md §4–6).

Moves are quoted in Vietnamese notation in both languages (the notation players of
this platform read); ``listed`` is a ready `` (X2.1, X2/1)`` or an empty text.
"""

from __future__ import annotations

TEXTS: dict[str, tuple[str, str]] = {
    # How a side behaved in a repetition loop.
    "CONDUCT_CHECK": ("{side} chiếu dai{listed}", "{side} gave perpetual check{listed}"),
    "CONDUCT_CHASE": ("{side} đuổi dai {victims}{listed}",
                      "{side} perpetually chased the {victims}{listed}"),
    "CONDUCT_IDLE": ("{side} đi nước chờ", "{side} made idle moves"),
    "LEVEL_CHECK": ("chiếu", "check"),
    "LEVEL_CHASE": ("đuổi", "chase"),
    "LEVEL_IDLE": ("nước chờ", "idle"),
    "AND": ("{first} và {second}", "{first} and {second}"),
    # Why a repetition is drawn.
    "REPETITION_NO_VIOLATION": ("lặp lại ba lần, không bên nào phạm luật",
                                "the position occurred three times and neither side broke a rule"),
    "REPETITION_BOTH_VIOLATE": ("cả hai bên cùng phạm luật: {conducts}",
                                "both sides broke a rule: {conducts}"),
    "REPETITION_RULES_DRAW": ("{conducts} — luật này xử hòa",
                              "{conducts} — these rules make it a draw"),
    # Heads of an outcome.
    "OUTCOME_WIN": ("{winner} thắng: {reason}", "{winner} wins: {reason}"),
    "OUTCOME_DRAW": ("Hòa: {reason}", "Draw: {reason}"),
    # The law an order cites (referee/explain.py clause_message): seed 000 is the
    # Vietnamese tournament law, seed 001's part IV the Asian limits on checks.
    "CLAUSE_LAW": ("Luật Cờ Tướng Việt Nam, Điều {article}",
                   "Vietnamese Xiangqi Law, Article {article}"),
    "CLAUSE_CHECK_LIMIT": ("Luật cờ tướng châu Á: giới hạn chiếu liên tục",
                           "Asian xiangqi rules: the limit on consecutive checks"),
    # The arbiter's order (asian: seed 000 Điều 23-24).
    "ORDER_TO_CHANGE": (
        "Lệnh trọng tài (nước {number}): {why} — {side} phải đổi nước đi, không đổi bị xử "
        "thua ({clause})",
        "Arbiter's order (move {number}): {why} — {side} must change its move or lose "
        "({clause})",
    ),
    "ORDER_NOT_OBEYED": ("{why}, không đổi nước đi theo lệnh trọng tài ({clause})",
                         "{why}, and did not change its move as the arbiter ordered ({clause})"),
    "ORDER_MUTUAL": (
        "Trọng tài (nước {number}): {why} — nếu hai bên không đổi nước đi thì xử hòa ({clause})",
        "Arbiter (move {number}): {why} — drawn if neither side changes its move ({clause})",
    ),
    "ORDER_MUTUAL_NOT_CHANGED": ("{why}; hai bên không đổi nước đi ({clause})",
                                 "{why}; neither side changed its move ({clause})"),
    "CHECK_LIMIT_PASSED": (
        "{side} chiếu liên tục {checks} nước với {pieces} quân, quá giới hạn {limit}",
        "{side} gave {checks} consecutive checks with {pieces} piece(s), over the limit of "
        "{limit}",
    ),
    "CHECK_LIMIT_ORDER": (
        "Lệnh trọng tài (nước {number}): {what} — áp dụng luật chiếu dai: {side} phải đổi "
        "nước đi, không đổi bị xử thua ({clause})",
        "Arbiter's order (move {number}): {what} — the perpetual-check rules apply: {side} "
        "must change its move or lose ({clause})",
    ),
    "CHECK_LIMIT_NOT_OBEYED": (
        "{side} chiếu liên tục quá giới hạn và lặp lại thế cờ, không đổi nước đi theo lệnh "
        "trọng tài ({clause})",
        "{side} kept checking past the limit and repeated a position instead of changing its "
        "move as the arbiter ordered ({clause})",
    ),
    "CHECK_LIMIT_EXCEEDED": (
        "{side} {what} liên tục {count} nước với {pieces} quân, quá giới hạn {limit}",
        "{side} made {count} consecutive {what} with {pieces} piece(s), over the limit of "
        "{limit}",
    ),
    "CHECKS": ("chiếu", "checks"),
    "CHECKS_OR_CHASES": ("chiếu hoặc đuổi", "checks or chases"),
    # Moves refused by the rule set (online play).
    "REPETITION_ORDER": (
        "{move} ({iccs}) bị từ chối: nước này tiếp tục vòng lặp mà trọng tài đã lệnh {side} "
        "phải đổi ({order})",
        "{move} ({iccs}) is refused: it continues the loop the arbiter ordered {side} to "
        "leave ({order})",
    ),
    "LOSING_REPETITION": (
        "{move} ({iccs}) bị từ chối: nước này lặp lại thế cờ lần thứ ba và sẽ bị xử thua "
        "({level} ở mọi nước của vòng lặp)",
        "{move} ({iccs}) is refused: it would repeat the position a third time and lose "
        "({level} in every move of the loop)",
    ),
    # Warnings at the second occurrence.
    "WARN_PERPETUAL_CHECK": ("Lặp lại thêm một lần sẽ bị xử: {side} đang chiếu liên tục",
                             "the next repetition will be ruled: {side} is giving perpetual "
                             "check"),
    "WARN_PERPETUAL_CHASE": ("Lặp lại thêm một lần sẽ bị xử: {side} đang đuổi {victims}",
                             "the next repetition will be ruled: {side} is chasing the "
                             "{victims}"),
    # Draws (RULES.md §6) and their details.
    "DRAW_NO_CAPTURE": ("60 nước không ăn quân", "60 moves without a capture"),
    "DRAW_NO_ATTACKING_PIECES": ("cả hai bên không còn Xe, Mã, Pháo, Tốt",
                                 "neither side has a rook, horse, cannon or pawn"),
    "DRAW_MOVE_LIMIT": ("ván cờ đã đủ số nước tối đa", "the game reached the move limit"),
    "DRAW_AGREEMENT": ("hai bên thỏa thuận hòa", "the players agreed to a draw"),
    "DRAW_NO_PROGRESS": ("{moves} nước không ăn quân, không tiến Tốt đã qua sông",
                         "{moves} moves without a capture or a crossed pawn's advance"),
    "DRAW_EFFECTIVE_MOVES": ("{moves} nước có hiệu lực (không tính chiếu, đuổi và nước đáp lại)",
                             "{moves} effective moves (checks, chases and their replies not "
                             "counted)"),
    "DRAW_OFFER_GRANTED": ("{side} đề nghị hòa sau {moves} nước mỗi bên không ăn quân",
                           "{side} offered a draw after {moves} moves each without a capture"),
    "DRAW_CLAIMED": ("{side} xin hòa sau {moves} nước không ăn quân",
                     "{side} claimed a draw after {moves} moves without a capture"),
    # Other ends and offers.
    "RESIGNED": ("{side} xin thua", "{side} resigned"),
    "OUT_OF_TIME": ("{side} hết thời gian", "{side} ran out of time"),
    "DRAW_OFFERED": ("{side} đề nghị hòa", "{side} offers a draw"),
    "DRAW_DECLINED": ("{side} từ chối hòa", "{side} declines the draw"),
}
