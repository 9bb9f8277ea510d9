"""Texts of the web platform's online round robins: the errors of the tournament routes,
the ends the tournament decides (a no-show, an arbiter's result, a withdrawal) and the
words of the tournament page.
"""

from __future__ import annotations

TEXTS: dict[str, tuple[str, str]] = {
    # Creating and running an event.
    "ERR_TOURNAMENT_NOT_FOUND": ("Không có giải đấu số {tournament_id}",
                                 "no tournament {tournament_id}"),
    "ERR_ORGANISER_ACCOUNT": ("Hãy đăng nhập tài khoản để tổ chức giải đấu",
                              "log in to an account to organise a tournament"),
    "ERR_NOT_ORGANISER": ("Chỉ người tổ chức giải (trọng tài) mới làm được việc này",
                          "only the tournament's organiser (the arbiter) can do this"),
    "ERR_UNKNOWN_PLAYERS": ("Không có tài khoản: {names}", "no such accounts: {names}"),
    "ERR_DUPLICATE_PLAYERS": ("Đấu thủ được ghi hai lần: {names}",
                              "players listed twice: {names}"),
    "ERR_TOO_FEW_PLAYERS": ("Giải vòng tròn cần ít nhất 2 đấu thủ (có {count})",
                            "a round robin needs at least 2 players (got {count})"),
    "ERR_TOO_MANY_PLAYERS": ("Giải vòng tròn trực tuyến tối đa {limit} đấu thủ (có {count})",
                             "an online round robin takes at most {limit} players "
                             "(got {count})"),
    "ERR_TOURNAMENT_STARTED": ("Giải đấu đã bắt đầu", "the tournament has already started"),
    "ERR_TOURNAMENT_NOT_STARTED": ("Giải đấu chưa bắt đầu", "the tournament has not started"),
    "ERR_TOURNAMENT_FINISHED": ("Giải đấu đã kết thúc", "the tournament is over"),
    "ERR_ROUND_NOT_COMPLETE": ("Vòng {round} còn {missing} ván chưa có kết quả",
                               "round {round} still has {missing} games without a result"),
    "ERR_ROUND_AUTO": ("Giải này tự mở vòng sau khi vòng trước xong",
                       "this tournament opens each round by itself when the last is over"),
    "ERR_NO_SUCH_BOARD": ("Vòng {round} không có bàn {board}",
                          "round {round} has no board {board}"),
    "ERR_BOARD_NOT_OPEN": ("Vòng {round} chưa mở", "round {round} has not opened yet"),
    "ERR_NOT_A_PLAYER": ("{username} không phải đấu thủ của giải",
                         "{username} is not a player of this tournament"),
    "ERR_BAD_RESULT": ("Kết quả phải là 1-0, 0-1, 1/2-1/2, +/-, -/+ hoặc -/-",
                       "a result is 1-0, 0-1, 1/2-1/2, +/-, -/+ or -/-"),
    "ERR_BAD_ROUND_START": ("round_start phải là auto hoặc arbiter",
                            "round_start must be 'auto' or 'arbiter'"),
    "ERR_TOURNAMENT_RULE": ("Trọng tài không thể làm việc này: {why}", "refused: {why}"),
    "ERR_TOURNAMENT_GAME": ("Ván đấu của giải không được hủy, đi lại hay đấu lại",
                            "a tournament game cannot be aborted, taken back or rematched"),
    # Ends the tournament decides.
    "END_NO_SHOW": ("{winner} thắng do {loser} không đến sau {seconds} giây",
                    "{winner} wins: {loser} did not show up within {seconds} s"),
    "END_NO_SHOW_BOTH": ("Cả hai đấu thủ không đến sau {seconds} giây: cả hai bị xử thua",
                         "neither player showed up within {seconds} s: both lose"),
    "END_ARBITER": ("Trọng tài ghi kết quả {result}", "the arbiter recorded {result}"),
    # The tournament page.
    "TOURNAMENT_ORGANISER": ("Người tổ chức", "Organiser"),
    "TOURNAMENT_ROUND_OPEN": ("Vòng {round} đang đấu", "Round {round} in play"),
    "TOURNAMENT_NOT_STARTED": ("Giải chưa bắt đầu", "Not started yet"),
    "TOURNAMENT_FINISHED": ("Giải đã kết thúc", "The tournament is over"),
    "TOURNAMENT_WATCH": ("Xem ván", "Watch"),
    "TOURNAMENT_PLAYING": ("đang đấu", "in play"),
}
