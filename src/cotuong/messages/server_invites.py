"""Texts of invitations to online round robins: the errors of inviting and claiming a
place, and the words of the invitation page and of the organiser's list of invitations.
"""

from __future__ import annotations

TEXTS: dict[str, tuple[str, str]] = {
    # Errors.
    "ERR_INVITE_NOT_FOUND": ("Không có lời mời này (mã sai hoặc không thuộc giải này)",
                             "no such invitation (a wrong code, or not this tournament's)"),
    "ERR_INVITE_USED": ("Lời mời này đã được nhận", "this invitation has already been claimed"),
    "ERR_INVITE_ALREADY_PLAYER": ("Tài khoản {username} đã là đấu thủ của giải này",
                                  "the account {username} already plays in this tournament"),
    "ERR_INVITE_NAME_TAKEN": ("Giải đã có đấu thủ tên {username}; hãy nhận lời mời bằng "
                              "tài khoản khác hoặc nhờ trọng tài",
                              "the tournament already has a player called {username}; "
                              "claim with another account or ask the arbiter"),
    "ERR_INVITE_ACCOUNT": ("Hãy đăng nhập hoặc đăng ký tài khoản để nhận lời mời",
                           "log in or register an account to claim the invitation"),
    "ERR_INVITE_STARTED": ("Giải đã bắt đầu: không còn nhận hay thêm lời mời",
                           "the tournament has started: invitations can no longer be "
                           "added or claimed"),
    "ERR_INVITATIONS_PENDING": ("Chưa thể bắt đầu: lời mời chưa được nhận: {names}",
                                "cannot start yet: invitations not claimed: {names}"),
    # The invitation page.
    "INVITE_TITLE": ("Lời mời dự giải", "Invitation to a tournament"),
    "INVITE_TO": ("Bạn được mời thi đấu ở giải {tournament} với tên {name}",
                  "You are invited to play in {tournament} as {name}"),
    "INVITE_CLAIM": ("Nhận suất thi đấu với tài khoản {username}",
                     "Claim the place with the account {username}"),
    "INVITE_LOGIN_FIRST": ("Đăng nhập hoặc đăng ký để nhận suất thi đấu",
                           "Log in or register to claim the place"),
    "INVITE_USERNAME": ("Tên tài khoản", "Username"),
    "INVITE_PASSWORD": ("Mật khẩu", "Password"),
    "INVITE_LOGIN": ("Đăng nhập", "Log in"),
    "INVITE_REGISTER": ("Đăng ký", "Register"),
    "INVITE_CLAIMED_BY": ("Suất này đã được {username} nhận", "{username} has claimed this place"),
    "INVITE_TO_PAGE": ("Xem trang giải", "Go to the tournament's page"),
    # The organiser's list (tournament page) and the players' list.
    "INVITE_PENDING": ("chờ nhận lời mời", "invitation not claimed yet"),
    "INVITE_LIST": ("Lời mời chưa được nhận (gửi đường dẫn cho người được mời)",
                    "Invitations not claimed yet (send each link to its player)"),
    "INVITE_ADD": ("Mời thêm đấu thủ (tên hiển thị)", "Invite a player (display name)"),
    "INVITE_REMOVE": ("Rút lời mời", "Take back"),
    "INVITE_NONE_PENDING": ("Mọi lời mời đã được nhận", "Every invitation has been claimed"),
}
