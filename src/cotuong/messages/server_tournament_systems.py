"""Texts of online Swiss events and knockouts: the refusals of ``POST /api/tournaments``
when its fields do not fit the system, the organiser's Swiss actions (requested byes,
late entries), knockout corrections, and the words of the bracket and Swiss pages.
"""

from __future__ import annotations

TEXTS: dict[str, tuple[str, str]] = {
    "ERR_SWISS_ROUNDS": ("Giải hệ Thụy Sĩ cần số vòng (\"rounds\")",
                         "a Swiss event needs its number of rounds (\"rounds\")"),
    "ERR_SWISS_ONLY": ("\"{field}\" chỉ dành cho giải hệ Thụy Sĩ",
                       "\"{field}\" is only for a Swiss event"),
    "ERR_DOUBLE_ROUND_ROBIN": ("\"double\" chỉ dành cho giải vòng tròn",
                               "\"double\" is only for a round robin"),
    "ERR_KNOCKOUT_ONLY": ("\"knockout\" chỉ dành cho giải đấu loại trực tiếp",
                          "\"knockout\" is only for a knockout event"),
    "ERR_KNOCKOUT_TIEBREAKS": ("Giải đấu loại trực tiếp không có chỉ số phụ (\"tiebreaks\"): "
                               "trận hòa được phân định bằng đấu lại, cờ nhanh, bốc thăm",
                               "a knockout has no tie-breaks (\"tiebreaks\"): a level match "
                               "is decided by replays, rapid games and lots"),
    "ERR_KNOCKOUT_INVITES": ("Giải đấu loại trực tiếp xếp hạt giống từ danh sách: mọi đấu "
                             "thủ phải là tài khoản, không mời chỗ trống",
                             "a knockout is seeded from its list: every player must be an "
                             "account, no places by invitation"),
    "ERR_RATINGS_PLAYERS": ("\"ratings\" có người không có trong danh sách: {names}",
                            "\"ratings\" names people who are not entered: {names}"),
    "ERR_STAGES": ("\"stages\": sau giải hệ Thụy Sĩ hoặc vòng tròn chỉ có thể có một giai "
                   "đoạn đấu loại trực tiếp",
                   "\"stages\": a Swiss or round robin can be followed by one knockout "
                   "stage only"),
    "ERR_STAGE_TOP": ("\"top\" của giai đoạn đấu loại phải từ 2 đến {count} (có {top})",
                      "the knockout stage's \"top\" must be 2 to {count} (got {top})"),
    "ERR_STAGE_TC": ("Thời gian của ván phân định \"{stage}\" không hợp lệ (rapid, blitz)",
                     "bad time control for the \"{stage}\" tie-break games (rapid, blitz)"),
    "ERR_TOO_MANY_PLAYERS_SYSTEM": ("Giải {system} trực tuyến tối đa {limit} đấu thủ "
                                    "(có {count})",
                                    "an online {system} event takes at most {limit} players "
                                    "(got {count})"),
    "ERR_NOT_FOR_KNOCKOUT": ("Giải đấu loại trực tiếp không có việc này",
                             "a knockout has no such thing"),
    "ERR_SWISS_ACTION": ("Chỉ giải hệ Thụy Sĩ mới có việc này",
                         "only a Swiss event has this"),
    "ERR_KNOCKOUT_CORRECTION": ("Chỉ sửa được ván vừa ghi của trận {match} khi chưa có gì "
                                "diễn ra sau nó",
                                "only the last game recorded in match {match} can be "
                                "corrected, before anything followed it"),
    "ERR_TRF_KNOCKOUT": ("TRF-16 chỉ có cho giải hệ Thụy Sĩ và vòng tròn",
                         "TRF-16 is for Swiss events and round robins only"),
    "TOURNAMENT_BRACKET": ("Nhánh đấu", "Bracket"),
    "TOURNAMENT_MATCH": ("Trận", "Match"),
    "TOURNAMENT_GAMES_PLAYED": ("Các ván", "Games"),
    "TOURNAMENT_THROUGH": ("Đi tiếp", "Through"),
    "TOURNAMENT_LOTS_SEED": ("bốc thăm (hạt {seed})", "lots (seed {seed})"),
    "TOURNAMENT_AWAITS_LOTS": ("chờ bốc thăm", "lots to draw"),
    "TOURNAMENT_PLACINGS": ("Xếp hạng chung cuộc", "Final placings"),
    "TOURNAMENT_PLACE": ("Hạng", "Place"),
    "TOURNAMENT_STAGE_GAME": ("ván chính", "game"),
    "TOURNAMENT_STAGE_REPLAY": ("đấu lại", "replay"),
    "TOURNAMENT_STAGE_RAPID": ("cờ nhanh", "rapid"),
    "TOURNAMENT_STAGE_BLITZ": ("cờ chớp", "blitz"),
    "TOURNAMENT_STAGE_LOTS": ("bốc thăm", "lots"),
    "TOURNAMENT_STAGE_BYE": ("miễn đấu", "bye"),
    "TOURNAMENT_NEXT_STAGE": ("Giai đoạn sau: đấu loại trực tiếp", "Next stage: knockout"),
    "TOURNAMENT_PREVIOUS_STAGE": ("Giai đoạn trước", "Previous stage"),
    "TOURNAMENT_STAGE_WAITING": ("Giai đoạn sau đang chờ: {why}",
                                 "The next stage waits: {why}"),
    "TOURNAMENT_SWISS_PAIRINGS": ("Cặp đấu vòng {round}", "Pairings of round {round}"),
    "TOURNAMENT_BYE_PAB": ("{name}: miễn đấu (được xếp)", "{name}: bye (pairing-allocated)"),
    "TOURNAMENT_BYE_REQUESTED": ("{name}: xin nghỉ", "{name}: requested bye"),
    "TOURNAMENT_REQUEST_BYE": ("Xin nghỉ vòng sau", "Requested bye next round"),
    "TOURNAMENT_LATE_ENTRY": ("Thêm đấu thủ (vào muộn)", "Late entry"),
    "TOURNAMENT_TRF": ("Tải TRF-16", "Download TRF-16"),
    "TOURNAMENT_SYSTEM": ("Thể thức", "System"),
    "TOURNAMENT_SYSTEM_ROUND_ROBIN": ("Vòng tròn", "Round robin"),
    "TOURNAMENT_SYSTEM_SWISS": ("Hệ Thụy Sĩ", "Swiss"),
    "TOURNAMENT_SYSTEM_KNOCKOUT": ("Đấu loại trực tiếp", "Knockout"),
    "TOURNAMENT_SWISS_ROUNDS": ("Số vòng (hệ Thụy Sĩ)", "Rounds (Swiss)"),
    "TOURNAMENT_TOP": ("Sau đó đấu loại: số người vào (0: không)",
                       "Then a knockout of the top (0: none)"),
    "TOURNAMENT_THIRD_PLACE": ("Có trận tranh hạng ba", "Third-place match"),
}
