"""Texts of the tournament director: why an entry is refused, and the words its pages
print (players, results, rounds). The arbiter's command line has its own table
(:mod:`cotuong.messages.tournament_cli`)."""

from __future__ import annotations

TEXTS: dict[str, tuple[str, str]] = {
    # Players.
    "T_NO_SUCH_NAME": ("không có đấu thủ nào tên {name!r}", "no player named {name!r}"),
    "T_NO_SUCH_NUMBER": ("không có đấu thủ mang số {number} (các số là 1..{count})",
                         "no player has draw number {number} (numbers are 1..{count})"),
    "T_AMBIGUOUS_NAME": ("tên {name!r} ứng với nhiều đấu thủ: {candidates}; hãy gõ đủ dấu "
                         "hoặc dùng số",
                         "the name {name!r} fits several players: {candidates}; type it with "
                         "its diacritics or use the number"),
    "T_PLAYER_REF": ("đấu thủ phải là tên hoặc số bốc thăm, không phải {value}",
                     "a player is a name or a draw number, got {value}"),
    "T_NAME_NOT_TEXT": ("tên đấu thủ phải là chữ, không phải {value}",
                        "a player's name must be text, got {value}"),
    "T_NAME_EMPTY": ("tên đấu thủ bị bỏ trống", "a player's name is empty"),
    "T_NAME_NUMBER": ("tên đấu thủ không được là số ({name!r}): số là số bốc thăm",
                      "a player's name cannot be a number ({name!r}): numbers mean draw "
                      "numbers"),
    "T_FIELD_NOT_TEXT": ("trường {field} phải là chữ, không phải {value}",
                         "the {field} must be text, got {value}"),
    "T_FIELD_TOO_LONG": ("trường {field} dài quá {limit} ký tự",
                         "the {field} is longer than {limit} characters"),
    "T_BAD_RATING": ("hệ số Elo phải là số nguyên từ 0 đến {limit}, không phải {value}",
                     "a rating must be a whole number from 0 to {limit}, got {value}"),
    "T_PLAYER_FIELDS": ("trường không có của đấu thủ: {fields}", "unknown player fields: {fields}"),
    "T_FILE_COLUMNS": ("dòng {line}: {count} cột, tối đa 4 (tên, đơn vị, Elo, danh hiệu, "
                       "cách nhau bằng phím Tab)",
                       "line {line}: {count} columns, at most 4 (name, club, rating, title, "
                       "separated by tabs)"),
    "T_FILE_LINE": ("dòng {line}: {why}", "line {line}: {why}"),
    "T_DUPLICATE_PLAYER": ("đấu thủ {name!r} đã có trong giải",
                           "player {name!r} is already in the tournament"),
    "T_TOO_FEW_PLAYERS": ("giải vòng tròn cần ít nhất {least} đấu thủ; mới có {count}",
                          "a round robin needs at least {least} players; there are {count}"),
    "T_SCHEDULE_TOO_FEW": ("cần ít nhất 2 đấu thủ để xếp lịch; mới có {count}",
                           "the schedule needs at least 2 players; there are {count}"),
    "T_ADD_STARTED": ("không thể thêm đấu thủ {name!r}: đã có kết quả",
                      "cannot add player {name!r}: results have already been recorded"),
    "T_REMOVE_STARTED": ("không thể bỏ đấu thủ {name!r} khỏi danh sách: đã có kết quả",
                         "cannot remove player {name!r}: results have already been "
                         "recorded"),
    "T_DRAW_STARTED": ("không thể bốc số lại: đã có kết quả",
                       "cannot draw numbers: results have already been recorded"),
    "T_DRAW_ORDER": ("thứ tự bốc số phải nêu mỗi đấu thủ trong {count} người đúng một lần",
                     "the drawn order must name each of the {count} players once"),
    # Settings.
    "T_BAD_UNPLAYED": ("cách tính ván không đấu {value}: dùng {known}",
                       "unplayed games {value}: use {known}"),
    "T_BAD_SCHEDULE": ("kiểu lịch {value} không có", "unknown schedule {value}"),
    "T_SETTINGS_INCOMPLETE": ("thiết lập giải thiếu: {why}",
                              "incomplete tournament settings: {why}"),
    "T_DETAIL_FIELDS": ("thông tin giải không có trường {fields}",
                        "unknown event detail fields {fields}"),
    "T_EVENT_VERSION": ("sự kiện {kind} phiên bản {version}: bản này đọc đến {known} (hãy "
                        "cập nhật cotuong)",
                        "event {kind} has version {version}; this version reads up to {known} "
                        "(update cotuong)"),
    "T_UNKNOWN_EVENT": ("sự kiện không rõ {event}", "unknown event {event}"),
    # Schedule and results.
    "T_NO_ROUND": ("không có vòng {round}: các vòng là 1..{rounds}",
                   "no round {round}: rounds are 1..{rounds}"),
    "T_COLOURS_REVERSED": ("vòng {round}: {red} cầm quân Đỏ gặp {black}, không phải ngược lại",
                           "round {round}: {red} plays Red against {black}, not the reverse"),
    "T_DO_NOT_MEET": ("{a} và {b} không gặp nhau ở vòng {round}",
                      "{a} and {b} do not meet in round {round}"),
    "T_ANNULLED": ("{name} đã bỏ cuộc và các ván của họ bị hủy",
                   "{name} withdrew and their games are annulled"),
    "T_DUPLICATE_RESULT": ("vòng {round}: {red}–{black} đã có kết quả {result}; muốn đổi "
                           "thì sửa kết quả (--correct)",
                           "round {round}: {red}–{black} already has result {result}; use a "
                           "correction to change it"),
    "T_NOTHING_TO_CORRECT": ("vòng {round}: {red}–{black} chưa có kết quả để sửa; hãy nhập "
                             "trước",
                             "round {round}: {red}–{black} has no result to correct; record "
                             "it first"),
    "T_ROUND_COUNT": ("vòng {round} có {boards} bàn cần nhập, nhưng có {given} kết quả (bàn "
                      "nào chưa có thì ghi *)",
                      "round {round} has {boards} {boards:board|boards} to enter, got {given} "
                      "{given:result|results} (write "
                      "* for a board still playing)"),
    "T_ROUND_BOARD_HAS": ("vòng {round}, bàn {board} ({red}–{black}) đã có {result}, không "
                          "phải {given}; muốn đổi thì sửa kết quả",
                          "round {round}, board {board} ({red}–{black}) already has {result}, "
                          "not {given}; use a correction to change it"),
    "T_INVALID_RESULT": ("kết quả {text!r} không hợp lệ: dùng 1-0, 0-1, 1/2-1/2 (½-½), "
                         "+/- hoặc thắng-bỏ (Đỏ có mặt, Đen vắng), -/+ hoặc bỏ-thắng, -/- hoặc "
                         "bỏ-bỏ (cả hai vắng)",
                         "unknown result {text!r}: use 1-0, 0-1, 1/2-1/2, +/- (Red present, "
                         "Black absent; also win-forfeit), -/+ (forfeit-win) or -/- (both "
                         "absent; forfeit-forfeit)"),
    "T_SCORING_NUMBER": ("thang điểm: điểm {name} phải là số hữu hạn, không phải {value}",
                         "scoring: {name} points must be a finite number, got {value}"),
    "T_SCORING_ORDER": ("thang điểm phải có thắng > hòa >= thua, không phải {text}",
                        "scoring must satisfy win > draw >= loss, got {text}"),
    "T_SCORING_TEXT": ("thang điểm cần ba số thắng,hòa,thua, không phải {text!r}",
                       "scoring needs three numbers win,draw,loss, got {text!r}"),
    "T_UNKNOWN_TIEBREAK": ("chỉ số phụ {name!r} không có; có: {known}",
                           "unknown tie-break {name!r}; known: {known}"),
    "T_TIEBREAK_TWICE": ("chỉ số phụ {name!r} được nêu hai lần", "tie-break {name!r} is listed "
                         "twice"),
    # Withdrawals.
    "T_BAD_POLICY": ("cách xử lý bỏ cuộc {value}: dùng forfeit (xử thua các ván còn lại) "
                     "hoặc annul (hủy mọi ván)",
                     "withdrawal policy {value}: use forfeit or annul"),
    "T_BAD_FROM_ROUND": ("vòng bắt đầu xử thua {value}: phải từ 1 đến {last}",
                         "the first forfeited round {value} must be 1..{last}"),
    "T_ALREADY_WITHDRAWN": ("{name} đã bỏ cuộc rồi", "{name} has already withdrawn"),
    "T_NOT_WITHDRAWN": ("{name} chưa bỏ cuộc", "{name} has not withdrawn"),
    # Undo.
    "T_NOTHING_TO_UNDO": ("không còn gì để hoàn tác", "there is nothing left to undo"),
    "T_UNDO_NOT_LAST": ("hoàn tác sự kiện {undone}, nhưng sự kiện cuối còn hiệu lực là {last}",
                        "undo of event {undone}, but the last event in force is {last}"),
    # Drawing of lots.
    "T_LOTS_TWO": ("bốc thăm phải xếp hai đấu thủ khác nhau trở lên",
                   "a drawing of lots orders two or more different players"),
    "T_LOTS_NOT_FINAL": ("bốc thăm chỉ để quyết định thứ hạng chung cuộc; còn {missing} ván "
                         "chưa có kết quả",
                         "a drawing of lots decides the final ranking; {missing} "
                         "{missing:game still has|games still have} no result"),
    "T_LOTS_NOT_TIED": ("{players} không bằng nhau trên mọi chỉ số; cần bốc thăm: {ties}",
                        "{players}: not tied on everything; the ties to draw are: {ties}"),
    "T_LOTS_WHOLE_TIE": ("nhóm bằng nhau là {tie}: hãy xếp đủ cả nhóm",
                         "the tie is {tie}: name all of them"),
    "T_LOTS_ALREADY": ("{players} đã được xếp bằng bốc thăm; muốn bốc lại thì hoàn tác (undo)",
                       "{players}: already ordered by a drawing of lots; undo it to draw "
                       "again"),
    "T_BAD_CROSSTABLE": ("thứ tự bảng điểm {value}: dùng draw hoặc rank",
                         "crosstable order {value}: use draw or rank"),
    # Store.
    "T_STORE_MISSING": ("không có giải nào ở {file}", "no tournament store at {file}"),
    "T_STORE_EXISTS": ("{file} đã có; hãy mở thay vì tạo mới",
                       "{file} already exists; open it instead of creating it"),
    "T_STORE_BUSY": ("{file} đang bận (một tiến trình khác đang ghi)",
                     "{file} is busy (locked by another process)"),
    "T_STORE_OPEN": ("không mở được {file}: {why}", "cannot open {file}: {why}"),
    "T_STORE_DAMAGED": ("{file} bị hỏng hoặc không phải tệp giải: {why}",
                        "{file} is damaged or not a tournament store: {why}"),
    "T_STORE_REPLAY": ("{file}: sự kiện {seq} ({kind}) không tái hiện được: {why}",
                       "{file}: event {seq} ({kind}) cannot be replayed: {why}"),
    # Attached games.
    "T_PGN_FORFEIT": ("kết quả {result} là xử thua: không có ván để đính kèm",
                      "result {result} is a forfeit: no game to attach"),
    "T_PGN_UNREADABLE": ("không đọc được ván đính kèm: {why}",
                         "the attached game cannot be read: {why}"),
    "T_PGN_STOPPED": ("ván đính kèm không đi lại được: {why}",
                      "the attached game cannot be replayed: {why}"),
    "T_PGN_ENDS": ("ván đính kèm kết thúc {pgn} nhưng kết quả nhập là {result}",
                   "the attached game ends {pgn} but the recorded result is {result}"),
    "T_PGN_RESULT": ("ván đính kèm ghi kết quả (Result) {pgn!r} nhưng kết quả nhập là {result}",
                     "the attached game says Result {pgn!r} but the recorded result is {result}"),
}
