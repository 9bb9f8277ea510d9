"""Texts of the platform's identity and header defences: reserved usernames, login limits
per account, a busy password hasher, refused origins, frames nested too deeply, chat on
tournament boards, a failed analysis as the public sees it, and the organiser's limits on
entering players.
"""

from __future__ import annotations

TEXTS: dict[str, tuple[str, str]] = {
    "ERR_USERNAME_RESERVED": ("Tên {username} được giữ cho máy chủ; hãy chọn tên khác",
                              "the name {username} is reserved; choose another"),
    "ERR_LOGIN_LIMITED_ACCOUNT": ("Tài khoản này bị đăng nhập sai quá nhiều lần; hãy đợi "
                                  "vài phút", "too many failed logins for this account; "
                                  "wait a few minutes"),
    "ERR_LOGIN_BUSY": ("Máy chủ đang bận kiểm tra mật khẩu của nhiều người; hãy thử lại "
                       "sau {seconds} giây", "the server is busy checking other people's "
                       "passwords; try again in {seconds} s"),
    "ERR_BAD_ORIGIN": ("Yêu cầu đến từ trang khác ({origin}) bị từ chối",
                       "a request from another site ({origin}) is refused"),
    "ERR_BAD_JSON_DEPTH": ("Khung tin lồng nhau quá sâu", "the frame is nested too deeply"),
    "ERR_SPECTATOR_CHAT_EVENT": ("Ở ván đấu của giải, chỉ hai đấu thủ được trò chuyện",
                                 "on a tournament board only its two players may chat"),
    "ERR_ANALYSIS_FAILED": ("Máy không phân tích được ván này; hãy thử lại sau",
                            "the analysis of this game failed; try again later"),
    "ERR_DIRECT_ENTRY": ("Chỉ được ghi tên chính mình; hãy mời những người khác bằng "
                         "lời mời ({names})", "you may enter only yourself by name; "
                         "invite the others ({names})"),
    "ERR_ROUND_TIMES_AHEAD": ("Thời điểm các vòng phải trong vòng {days} ngày tới",
                              "round times must be within the next {days} days"),
    "TOURNAMENT_BY_SERVER": ("máy chủ (tự động)", "the server (automatic)"),
}
