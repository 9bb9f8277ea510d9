"""Texts of the arena: the terminal game against the AI, and the match runner's
adjudications."""

from __future__ import annotations

TEXTS: dict[str, tuple[str, str]] = {
    "PLAY_PROMPT": ("Nước đi của bạn ({color}) hoặc lệnh (help): ",
                    "Your move ({color}) or command (help): "),
    "PLAY_HELP": (
        "Nhập nước đi kiểu Việt Nam (P2-5, M8.7, X1/1); cũng nhận WXF, chữ Hán, ICCS (h2e2).\n"
        "Lệnh: hint (gợi ý), undo (đi lại), resign (xin thua), draw (cầu hòa), flip (lật bàn), "
        "help, quit (thoát).",
        "Type moves in Vietnamese notation (P2-5, M8.7, X1/1); WXF, Chinese and ICCS (h2e2) "
        "work too.\nCommands: hint, undo (take back), resign, draw (offer), flip, help, quit."),
    "PLAY_ILLEGAL": ("Nước đi không hợp lệ: {why}", "Illegal move: {why}"),
    "PLAY_UNREADABLE": ("Không hiểu nước đi {text!r}: {why}",
                        "Cannot read the move {text!r}: {why}"),
    "PLAY_AI_MOVES": ("Máy ({color}) đi: {move}", "AI ({color}) plays: {move}"),
    "PLAY_YOU_MOVED": ("Bạn đi: {move}", "You play: {move}"),
    "PLAY_THINKING": ("Máy đang nghĩ…", "The AI is thinking…"),
    "PLAY_HINT": ("Gợi ý: {move}", "Hint: {move}"),
    "PLAY_UNDO": ("Đã đi lại nước vừa rồi.", "Your last move was taken back."),
    "PLAY_NO_UNDO": ("Chưa có nước nào của bạn để đi lại.", "You have no move to take back yet."),
    "PLAY_DRAW_YES": ("Máy đồng ý hòa.", "The AI accepts the draw."),
    "PLAY_DRAW_NO": ("Máy từ chối hòa (máy đánh giá thế cờ tốt hơn cho mình).",
                "The AI declines the draw (it thinks it is better)."),
    "PLAY_QUIT": ("Ván cờ dừng lại, chưa có kết quả.", "Game stopped without a result."),
    "PLAY_OVER": ("Kết thúc: {why}", "Game over: {why}"),
    "PLAY_SAVED": ("Đã lưu ván cờ vào {path}", "Game saved to {path}"),
    "PLAY_NOT_SAVED": ("Không lưu được ván cờ vào {path} ({why}); biên bản ván cờ:",
                  "Could not save the game to {path} ({why}); the game record:"),
    "PLAY_CHECK": ("Chiếu tướng!", "Check!"),
    "PLAY_LEVEL": ("Chọn cấp độ 1-8 [{default}]: ", "Choose a level 1-8 [{default}]: "),
    "PLAY_COLOR": ("Bạn cầm quân nào, đỏ (r) hay đen (b)? [r]: ",
              "Play which side, red (r) or black (b)? [r]: "),
    "PLAY_TITLE": ("Cờ Tướng — bạn ({you}) đấu với máy ({ai})",
              "Xiangqi — you ({you}) against the AI ({ai})"),
    "ENGINE_FAILED": ("động cơ của {side} gặp lỗi ({why})", "{side}'s engine failed ({why})"),
    "ADJUDICATED_MOVE_CAP": ("xử hòa: chưa có kết quả sau {plies} nửa nước (giới hạn số nước)",
                             "adjudicated: no result after {plies} plies (move cap)"),
}
