"""Texts of the Swiss and knockout systems (:mod:`cotuong.tournament.swiss`,
:mod:`cotuong.tournament.knockout`): why a pairing, a bye or a match entry is refused,
and the words their pages print."""

from __future__ import annotations

TEXTS: dict[str, tuple[str, str]] = {
    "T_UNKNOWN_SYSTEM": ("thể thức không có: {value}; các thể thức là: {known}",
                         "unknown tournament system {value}; known: {known}"),
    "T_WRONG_SYSTEM": ("giải này theo thể thức {system}; lệnh này dành cho {wanted}",
                       "this event is a {system}; this command is for a {wanted}"),
    # Swiss.
    "T_SWISS_ROUNDS": ("số vòng của hệ Thụy Sĩ phải là số nguyên từ 1 đến {most}, không phải "
                       "{value}",
                       "a Swiss event has a whole number of rounds from 1 to {most}, got "
                       "{value}"),
    "T_SWISS_BYE_POINTS": ("điểm miễn đấu phải là một trong các mức điểm ({allowed}), không "
                           "phải {value}",
                           "a bye scores one of the scoring's values ({allowed}), got {value}"),
    "T_SWISS_FIRST_COLOUR": ("màu quân của hạt giống số 1 ở vòng 1 là 'red' hoặc 'black', "
                             "không phải {value}",
                             "the top seed's colour in round 1 is 'red' or 'black', got "
                             "{value}"),
    "T_SWISS_NOT_PAIRED": ("vòng {round} chưa được bốc cặp (đã bốc {paired} vòng)",
                           "round {round} is not paired yet ({paired} rounds paired)"),
    "T_SWISS_PAIR_ROUND": ("không thể bốc cặp vòng {round}: vòng tiếp theo là {next} "
                           "(giải có {rounds} vòng)",
                           "cannot pair round {round}: the next round is {next} (the event "
                           "has {rounds} rounds)"),
    "T_SWISS_ROUND_OPEN": ("vòng {round} còn {missing} ván chưa có kết quả: nhập hết rồi "
                           "mới bốc cặp vòng sau",
                           "round {round} still has {missing} games without a result: enter "
                           "them before pairing the next round"),
    "T_SWISS_PAIR_PLAYERS": ("bốc cặp vòng {round} không đúng: xếp hai lần: {twice}; thiếu: "
                             "{missing}; không được xếp: {extra}",
                             "the pairing of round {round} is wrong: seated twice: {twice}; "
                             "missing: {missing}; not to be paired: {extra}"),
    "T_SWISS_BYE_ROUND": ("chỉ xin nghỉ được cho vòng chưa bốc cặp ({first}..{rounds}), "
                          "không phải {round}",
                          "a bye can be requested only for a round not yet paired "
                          "({first}..{rounds}), got {round}"),
    "T_SWISS_BYE_TWICE": ("{name} đã xin nghỉ vòng {round}",
                          "{name} has already requested a bye in round {round}"),
    "T_SWISS_UNPAIRABLE": ("không bốc cặp được vòng {round} theo luật (mọi cách xếp đều "
                           "gặp lại nhau hoặc sai màu quân); trọng tài hãy xếp tay",
                           "round {round} cannot be paired by the rules (every pairing repeats "
                           "a game or breaks a colour rule); the arbiter pairs it by hand"),
    "T_SWISS_ENGINE": ("chương trình bốc cặp báo lỗi: {why}",
                       "the pairing program failed: {why}"),
    # Knockout.
    "T_KO_SIZE": ("đấu loại trực tiếp cần từ 2 đến {most} đấu thủ, không phải {count}",
                  "a knockout needs 2 to {most} players, got {count}"),
    "T_KO_GAMES": ("mỗi trận có từ 1 đến 9 ván (số lẻ hoặc chẵn), không phải {value}",
                   "a match has 1 to 9 games, got {value}"),
    "T_KO_LADDER": ("bậc phân định không có: {value}; các bậc là: {known}",
                    "unknown tie-break rung {value}; the rungs are: {known}"),
    "T_KO_NO_MATCH": ("không có trận {match}; các trận đang chờ: {open}",
                      "no match {match}; the matches waiting: {open}"),
    "T_KO_MATCH_DONE": ("trận {match} đã phân thắng bại", "match {match} is already decided"),
    "T_KO_WRONG_PLAYERS": ("ván tiếp theo của trận {match} là {red} (Đỏ) – {black} (Đen)",
                           "the next game of match {match} is {red} (Red) – {black} (Black)"),
    "T_KO_WRONG_STAGE": ("ván tiếp theo của trận {match} là ván {expected}, không phải "
                         "{given}",
                         "the next game of match {match} is a {expected} game, not {given}"),
    "T_KO_NOT_LOTS": ("trận {match} chưa đến bước bốc thăm (ván tiếp theo: {expected})",
                      "match {match} has not come to lots (next: a {expected} game)"),
    "T_KO_LOTS_PLAYER": ("{name} không đấu trong trận {match}",
                         "{name} does not play in match {match}"),
    "T_KO_FROM_STAGE": ("chỉ lấy được {top} người đầu từ bảng xếp hạng chung cuộc của vòng "
                        "trước ({count} đấu thủ, {finished})",
                        "only the top {top} of a previous stage's final ranking can be taken "
                        "({count} players, {finished})"),
    "T_KO_DOUBLE_FORFEIT": ("trận {match}: đấu loại trực tiếp không nhận kết quả bỏ-bỏ (phải "
                            "có người đi tiếp)",
                            "match {match}: a knockout takes no double forfeit (someone must "
                            "go through)"),
    "T_KO_AWAITS_LOTS": ("trận {match} vẫn hòa sau mọi bậc phân định: chờ bốc thăm",
                         "match {match} is still level after every tie-break rung: it waits "
                         "for lots"),
    "T_KO_NOT_READY": ("trận {match} chưa có đủ hai đấu thủ", "match {match} has no two "
                       "players yet"),
}
