"""Texts of the study room: a FEN that cannot be read, and what the game reader skipped
in a pasted game, and why."""

from __future__ import annotations

TEXTS: dict[str, tuple[str, str]] = {
    # A FEN's syntax, by the code of InvalidFenError (``FEN_`` codes).
    "STUDY_FEN_EMPTY": ("Chưa có FEN", "the FEN is empty"),
    "STUDY_FEN_TYPE": ("FEN phải là một dòng chữ", "a FEN is a line of text"),
    "STUDY_FEN_FIELD_COUNT": (
        "FEN có nhiều nhất 6 phần: thế cờ, bên đi, hai dấu -, số nước từ lần ăn quân cuối, "
        "số nước", "a FEN has at most 6 fields: placement, side, two '-', halfmove clock, "
        "move number"),
    "STUDY_FEN_BAD_SIDE": ("Bên đi phải là w hoặc r (Đỏ) hay b (Đen)",
                           "the side to move is w or r (Red) or b (Black)"),
    "STUDY_FEN_BAD_FIELD": ("Phần thứ ba và thứ tư của FEN phải là -",
                            "the third and fourth FEN fields must be '-'"),
    "STUDY_FEN_BAD_COUNTER": ("Số đếm nước trong FEN phải là số nguyên",
                              "the FEN's move counters must be whole numbers"),
    "STUDY_FEN_RANK_COUNT": ("Thế cờ trong FEN phải có 10 hàng, ngăn bởi /",
                             "a FEN placement has 10 ranks separated by '/'"),
    "STUDY_FEN_BAD_EMPTY_COUNT": ("Số ô trống viết sai (không viết 0, không viết hai chữ số liền)",
                                  "a count of empty points is wrong (no 0, no two digits in "
                                  "a row)"),
    "STUDY_FEN_UNKNOWN_PIECE": (
        "Chữ quân không đúng (K A B/E N/H R C P; chữ hoa là Đỏ, chữ thường là Đen)",
        "unknown piece letter (K A B/E N/H R C P; upper case Red, lower case Black)"),
    "STUDY_FEN_RANK_LENGTH": ("Mỗi hàng của FEN phải đủ đúng 9 cột",
                              "each FEN rank must cover exactly 9 files"),
    "STUDY_FEN_INVALID": ("FEN không đọc được", "the FEN cannot be read"),
    # What the game reader skipped or stopped at.
    "STUDY_SKIPPED_HEADING": ("Bỏ qua dòng tiêu đề", "a heading, skipped"),
    "STUDY_SKIPPED_TEXT": ("Bỏ qua dòng chữ không phải nước đi (lời bình, biến)",
                           "a line of prose, not moves (comments, variations), skipped"),
    "STUDY_RESULT_DISAGREES": ("Kết quả ghi cuối ván khác với dòng [Result]; giữ [Result]",
                               "the result after the moves differs from [Result]; [Result] "
                               "is kept"),
    "STUDY_FEN_MOVE_ZERO": ("Số nước 0 trong FEN được đọc là 1",
                            "move number 0 in the FEN read as 1"),
    "STUDY_BAD_FEN": ("FEN của ván không dùng được: {reason}",
                      "the game's FEN cannot be used: {reason}"),
    "STUDY_ILLEGAL_MOVE": ("Nước đi không hợp lệ: {reason}; dừng ở đây",
                           "an illegal move: {reason}; reading stopped here"),
    "STUDY_UNREADABLE_MOVE": ("Không đọc được nước đi: {reason}; dừng ở đây",
                              "the move cannot be read: {reason}; reading stopped here"),
    "STUDY_INFERRED_MOVE": ("Ghi thiếu; đã hiểu là {move}, nước hợp lệ duy nhất khớp",
                            "incomplete; read as {move}, the only legal move that fits"),
    "STUDY_UNTERMINATED_COMMENT": ("Lời bình hay biến mở mà không đóng; phần sau bị bỏ",
                                   "a comment or variation is never closed; the rest is "
                                   "left out"),
    "STUDY_AMBIGUOUS_NOTATION": ("Các nước đọc được thành hai ván khác nhau theo hai kiểu ký "
                                 "hiệu; hãy ghi rõ kiểu", "the moves read as two different "
                                 "games in two notations; say which"),
    "STUDY_OTHER_ISSUE": ("Trình đọc dừng ở đây ({detail})", "the reader stopped here "
                          "({detail})"),
    # Refusals.
    "ERR_IMPORT_EMPTY": ("Hãy dán một ván cờ (PGN, DhtmlXQ, biên bản, danh sách nước đi)",
                         "paste a game (PGN, DhtmlXQ, a record, a list of moves)"),
    "ERR_IMPORT_NO_MOVES": ("Không tìm thấy nước đi nào trong văn bản này",
                            "no moves found in this text"),
    "ERR_IMPORT_TOO_LARGE": ("Văn bản dài quá: tối đa {limit} byte",
                             "the text is too long: at most {limit} bytes"),
    "ERR_IMPORT_RATE": ("Bạn đã nhập {limit} ván trong một giờ; hãy đợi một lát",
                        "you imported {limit} games in an hour; wait a little"),
    "ERR_POSITION_ILLEGAL_MOVE": ("Nước thứ {ply} ({move}) không hợp lệ: {why}",
                                  "move {ply} ({move}) is illegal: {why}"),
    "ERR_POSITION_BAD_MOVE": ("Nước thứ {ply} ({move}) không phải một nước đi ICCS như h2e2",
                              "move {ply} ({move}) is not an ICCS move like h2e2"),
    "ERR_IMPORT_NOT_FOUND": ("Không có ván đã nhập này", "no such imported game"),
    "STUDY_NOT_SAVED_GUEST": ("Đăng nhập để giữ ván đã nhập trong danh sách của bạn",
                              "log in to keep imported games in your list"),
    "STUDY_NOT_SAVED_FULL": ("Danh sách đã đủ {limit} ván nhập; hãy xoá bớt để lưu thêm",
                             "your list holds {limit} imported games; delete some to keep more"),
}
