"""Texts of the puzzles (``cotuong.puzzles``): why an attempt cannot be judged, the
themes' names, and a damaged data file."""

from __future__ import annotations

TEXTS: dict[str, tuple[str, str]] = {
    "PUZZLE_UNKNOWN": ("Không có thế cờ {puzzle}", "no puzzle {puzzle}"),
    "PUZZLE_UNKNOWN_THEME": ("Không có chủ đề {theme} (có: {known})",
                             "no theme {theme} (known: {known})"),
    "DRILL_UNKNOWN": ("Không có bài luyện {drill}", "no drill {drill}"),
    "PUZZLE_NO_MOVES": ("Chưa có nước đi nào", "no moves were given"),
    "PUZZLE_NOT_A_MOVE": ("Nước thứ {index} không phải nước đi ICCS: {move}",
                          "move {index} is not an ICCS move: {move}"),
    "PUZZLE_ENDS_WITH_REPLY": (
        "Các nước phải kết thúc bằng nước của người giải (có {count} nước)",
        "the moves must end with the solver's move ({count} given)"),
    "PUZZLE_WRONG_REPLY": ("Nước thứ {index} ({move}) không phải nước đáp của thế cờ "
                           "({expected})",
                           "move {index} ({move}) is not the puzzle's reply ({expected})"),
    "PUZZLE_ILLEGAL_MOVE": ("Nước thứ {index} ({move}) không hợp lệ: {why}",
                            "move {index} ({move}) is illegal: {why}"),
    "PUZZLE_AFTER_END": ("Nước thứ {index} ({move}) đi sau khi thế cờ đã kết thúc",
                         "move {index} ({move}) comes after the puzzle ended"),
    "DRILL_NO_ORDER": ("Vòng lặp không dẫn tới lệnh trọng tài ở nước cuối (nước {ply})",
                       "the loop gives no arbiter's order at its last move (ply {ply})"),
    "PUZZLE_BAD_DATA": ("Dữ liệu thế cờ {puzzle} hỏng: {problem}",
                        "puzzle data {puzzle} is malformed: {problem}"),
    # A puzzle's source: the build's English citation said again (cotuong.puzzles.sources).
    "PUZZLE_SOURCE_GAME": ("{note}, ván {number}: {about}, nước {ply}",
                           "{note}, game {number}: {about}, ply {ply}"),
    "PUZZLE_SOURCE_STUDY": ("{note}, thế cờ tàn {number}: {about}, nước {ply}",
                            "{note}, endgame study {number}: {about}, ply {ply}"),
    "PUZZLE_SOURCE_STUDY_START": ("{note}, thế cờ tàn {number}: {about}",
                                  "{note}, endgame study {number}: {about}"),
    "PUZZLE_SOURCE_CASE": ("tình huống lặp {case} ({origin}), nước {ply}",
                           "repetition case {case} ({origin}), ply {ply}"),
    "PUZZLE_SOURCE_PLATFORM": ("ván cotuong {game}, {about}, nước {ply}",
                               "cotuong game {game}, {about}, ply {ply}"),
    "PUZZLE_SOURCE": ("{text}", "{text}"),
    # The themes, by code (cotuong.puzzles.THEMES).
    "THEME_MATE": ("Chiếu bí", "Checkmate"),
    "THEME_MATERIAL": ("Ăn quân", "Win material"),
    "THEME_DEFEND": ("Phòng thủ", "Defend"),
    "THEME_HOLD_DRAW": ("Giữ hòa", "Hold the draw"),
    "THEME_PERPETUAL_SAVE": ("Thoát thua nhờ luật lặp", "Saved by the repetition rules"),
    "THEME_ENDGAME": ("Cờ tàn", "Endgame"),
}
