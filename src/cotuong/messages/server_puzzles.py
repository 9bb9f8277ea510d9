"""Texts of the platform's puzzles (``/api/puzzles``): the refusals of the puzzle routes
and of the trainer "Bên nào phải đổi nước?". The judgement's own reasons (an illegal
move, a wrong reply) are the puzzle library's messages, given here as ``{why}``."""

from __future__ import annotations

TEXTS: dict[str, tuple[str, str]] = {
    "ERR_PUZZLE_NOT_FOUND": ("Không có thế cờ {puzzle_id}", "no puzzle {puzzle_id}"),
    "ERR_PUZZLE_THEME": ("Không có chủ đề {theme}; các chủ đề: {themes}",
                         "no theme {theme}; the themes are {themes}"),
    "ERR_PUZZLE_NONE_LEFT": ("Bạn đã giải hết các thế cờ {theme}",
                             "you have tried every {theme} puzzle"),
    "ERR_PUZZLE_MOVES": ("Không chấm được lượt giải này: {why}",
                         "this attempt cannot be judged: {why}"),
    "ERR_PUZZLE_NOT_ON_LINE": ("Các nước đã đi không phải đường giải của thế cờ này",
                               "the moves played are not the puzzle's line"),
    "ERR_PUZZLE_RATE": ("Giải quá nhanh ({limit} lượt một phút); hãy chậm lại",
                        "too many attempts ({limit} a minute); slow down"),
    "ERR_DRILL_NOT_FOUND": ("Không có bài tập {drill_id}", "no drill {drill_id}"),
    "PUZZLE_THEME_ALL": ("mọi chủ đề", "all themes"),
}
