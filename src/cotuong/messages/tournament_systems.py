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
                           "round {round} is not paired yet ({paired} "
                           "{paired:round|rounds} paired)"),
    "T_SWISS_PAIR_ROUND": ("không thể bốc cặp vòng {round}: vòng tiếp theo là {next} "
                           "(giải có {rounds} vòng)",
                           "cannot pair round {round}: the next round is {next} (the event "
                           "has {rounds} {rounds:round|rounds})"),
    "T_SWISS_ROUND_OPEN": ("vòng {round} còn {missing} ván chưa có kết quả: nhập hết rồi "
                           "mới bốc cặp vòng sau",
                           "round {round} still has {missing} {missing:game|games} without "
                           "a result: enter them before pairing the next round"),
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
    "T_KO_FROM_UNFINISHED": ("giai đoạn trước chưa xong: chưa có bảng xếp hạng chung cuộc",
                             "the previous stage is not finished: no final ranking yet"),
    "T_KO_FROM_TOP": ("không lấy được {top} người đầu từ {count} đấu thủ (ít nhất 2)",
                      "cannot take the top {top} of {count} players (2 at least)"),
    "T_KO_FROM_TIE": ("vị trí thứ {top} đang đồng hạng ({players}): bốc thăm trước (lệnh lots)",
                      "place {top} is tied ({players}): draw lots first (the lots command)"),
    "T_KO_DOUBLE_FORFEIT": ("trận {match}: đấu loại trực tiếp không nhận kết quả bỏ-bỏ (phải "
                            "có người đi tiếp)",
                            "match {match}: a knockout takes no double forfeit (someone must "
                            "go through)"),
    "T_KO_AWAITS_LOTS": ("trận {match} vẫn hòa sau mọi bậc phân định: chờ bốc thăm",
                         "match {match} is still level after every tie-break rung: it waits "
                         "for lots"),
    "T_KO_NOT_READY": ("trận {match} chưa có đủ hai đấu thủ", "match {match} has no two "
                       "players yet"),
    # Events in words (echoes, the undo).
    "TE_PAIR": ("bốc cặp vòng {round}: {boards} bàn ({engine})",
                "pairing of round {round}: {boards} boards ({engine})"),
    "TE_BYE": ("{name} xin nghỉ vòng {round}", "{name} requests a bye in round {round}"),
    "TE_KO_GAME": ("trận {match} ({stage}): {red} – {black} {result}",
                   "match {match} ({stage}): {red} – {black} {result}"),
    "TE_KO_LOTS": ("trận {match}: {name} thắng thăm", "match {match}: {name} wins the lots"),
    # The command line.
    "TH_SYSTEM": ("thể thức: round_robin (vòng tròn), swiss (Thụy Sĩ, hệ Hà Lan của FIDE), "
                  "knockout (loại trực tiếp)",
                  "system: round_robin, swiss (FIDE Dutch) or knockout"),
    "TH_ROUNDS": ("số vòng (hệ Thụy Sĩ)", "number of rounds (Swiss)"),
    "TH_BYE_POINTS": ("điểm của người được miễn đấu do bốc cặp (mặc định: điểm thắng)",
                      "points of the pairing-allocated bye (default: a win's)"),
    "TH_REQ_BYE_POINTS": ("điểm của người xin nghỉ (mặc định: điểm hòa)",
                          "points of a requested bye (default: a draw's)"),
    "TH_ACCELERATED": ("bốc cặp tăng tốc Baku (FIDE C.04.5.1) ở nửa đầu giải",
                       "Baku accelerated pairings (FIDE C.04.5.1) in the first half"),
    "TH_FIRST_COLOUR": ("màu quân của hạt giống số 1 ở vòng 1 (lots: bốc thăm)",
                        "the top seed's colour in round 1 (lots: drawn)"),
    "TH_KO_GAMES": ("số ván mỗi trận (đấu loại)", "games per match (knockout)"),
    "TH_KO_FINAL_GAMES": ("số ván của trận chung kết (mặc định như các trận khác)",
                          "games of the final (default: as the other matches)"),
    "TH_KO_LADDER": ("các bậc phân định khi hòa, theo thứ tự, ví dụ replay:1,rapid:2,blitz:2; "
                     "cuối cùng luôn là bốc thăm",
                     "the tie-break rungs in order, e.g. replay:1,rapid:2,blitz:2; lots "
                     "always come last"),
    "TH_KO_THIRD": ("có trận tranh hạng ba", "play a third-place match"),
    "TH_KO_SEEDING": ("xếp hạt giống theo hệ số Elo hoặc theo thứ tự nhập",
                      "seed by rating or in the order given"),
    "TH_KO_FROM": ("lấy hạt giống từ bảng xếp hạng chung cuộc của giai đoạn trước (GIẢI)",
                   "seed from a previous stage's final ranking (its STORE)"),
    "TH_KO_TOP": ("số người đầu bảng được vào đấu loại", "how many of the top go through"),
    "TH_PAIR": ("bốc cặp vòng tiếp theo (hệ Hà Lan của FIDE)",
                "pair the next round (FIDE Dutch)"),
    "TH_PAIR_BOARD": ("xếp tay một bàn: ĐỎ ĐEN (lặp lại cho mỗi bàn, theo thứ tự bàn)",
                      "a board paired by hand: RED BLACK (repeat for each board, in order)"),
    "TH_PAIR_BYE": ("người miễn đấu khi xếp tay", "the bye of a pairing by hand"),
    "TC_BYE_NEEDS_BOARDS": ("--bye chỉ dùng khi xếp tay (--board)",
                            "--bye goes with a pairing by hand (--board)"),
    "TC_BYE_DOUBT": ("{name} được miễn đấu dù đã vắng {missed} ván, trong khi {others} cùng "
                     "điểm vắng ít hơn: hệ Hà Lan ưu tiên người vắng ít nhất, py4swiss chưa xét "
                     "tiêu chí này; hãy xem lại (undo rồi pair --board … --bye …)",
                     "{name} has the bye though they missed {missed} games, while {others} "
                     "with the same score missed fewer: the Dutch system prefers the one who "
                     "missed fewest, which py4swiss does not weigh; check it (undo, then pair "
                     "--board … --bye …)"),
    "TH_BYE": ("đấu thủ xin nghỉ một vòng chưa bốc cặp", "a player requests a bye"),
    "TH_BYE_ROUND": ("vòng xin nghỉ (mặc định: vòng tiếp theo)",
                     "the round of the bye (default: the next)"),
    "TH_TRF": ("xuất tệp TRF-16 của FIDE", "export FIDE's TRF-16"),
    "TH_TRF_OUT": ("ghi ra tệp này (mặc định: màn hình)", "write to this file (default: "
                   "standard output)"),
    "TH_BRACKET": ("xem nhánh đấu loại và các ván chờ đấu",
                   "show the knockout bracket and the games to play"),
    "TH_BRACKET_HTML": ("ghi trang in (HTML, A4) ra tệp này",
                        "write the printable page (HTML, A4) to this file"),
    "TH_MATCH": ("ghi kết quả ván tiếp theo của một trận đấu loại",
                 "record the next game of a knockout match"),
    "TH_MATCH_ID": ("mã trận, ví dụ R1M3 (vòng 1, trận 3) hoặc 3P (tranh hạng ba)",
                    "the match, e.g. R1M3 (round 1, match 3) or 3P (third place)"),
    "TH_STAGE": ("bậc của ván (để đối chiếu)", "the game's rung (a check)"),
    "TH_MATCH_LOTS": ("bốc thăm phân định trận vẫn hòa sau mọi bậc",
                      "draw lots for a match still level after every rung"),
    "TH_LOTS_WINNER": ("người thắng thăm (bỏ trống: máy bốc)",
                       "who won the lots (empty: drawn here)"),
    "TM_MATCH": ("TRẬN", "MATCH"),
    "TC_SWISS_CREATED": ("đã tạo {file}: hệ Thụy Sĩ, {count} đấu thủ, {rounds} vòng; hạt "
                         "giống số 1 cầm quân {colour} ở vòng 1",
                         "created {file}: Swiss, {count} players, {rounds} rounds; the top "
                         "seed has {colour} in round 1"),
    "TC_COLOUR_RED": ("Đỏ", "Red"),
    "TC_COLOUR_BLACK": ("Đen", "Black"),
    "TC_KO_CREATED": ("đã tạo {file}: đấu loại trực tiếp, {count} đấu thủ, {rounds} vòng",
                      "created {file}: knockout, {count} players, {rounds} rounds"),
    "TC_ROUNDS_NEEDED": ("hệ Thụy Sĩ cần --rounds", "a Swiss event needs --rounds"),
    "TC_FROM_OR_PLAYERS": ("lấy đấu thủ từ --from hoặc từ danh sách, không cả hai",
                           "players come from --from or from a list, not both"),
    "TC_TOP_NEEDED": ("--from cần --top", "--from needs --top"),
    "TC_BYE_LINE": ("  {name}: {kind}", "  {name}: {kind}"),
    "TC_BYE_PAB": ("miễn đấu do bốc cặp", "pairing-allocated bye"),
    "TC_BYE_REQUESTED_KIND": ("xin nghỉ", "requested bye"),
    "TC_BYE_SAVED": ("{name} xin nghỉ vòng {round}", "{name} has a bye in round {round}"),
    "TC_KO_ROUND": ("— Vòng {round}/{rounds} —", "— Round {round}/{rounds} —"),
    "TC_KO_BYE": ("(miễn đấu)", "(bye)"),
    "TC_KO_WINNER": ("{name} đi tiếp ({how})", "{name} goes through ({how})"),
    "TC_KO_LOTS_DUE": ("chờ bốc thăm", "lots to draw"),
    "TC_KO_NEXT": ("Các ván chờ đấu:", "Games to play:"),
    "TC_KO_NEXT_GAME": ("  {match} ván {number} ({stage}): {red} (Đỏ) – {black} (Đen)",
                        "  {match} game {number} ({stage}): {red} (Red) – {black} (Black)"),
    "TC_KO_CHAMPION": ("Vô địch: {name}", "Champion: {name}"),
    "TC_KO_LOTS_SEED": ("bốc thăm bằng máy, hạt giống {seed}", "lots drawn here, seed {seed}"),
    "TC_STAGE_GAME": ("ván chính", "game"),
    "TC_STAGE_REPLAY": ("đấu lại", "replay"),
    "TC_STAGE_RAPID": ("cờ nhanh", "rapid"),
    "TC_STAGE_BLITZ": ("cờ chớp", "blitz"),
    "TC_STAGE_LOTS": ("bốc thăm", "lots"),
    "TC_STAGE_BYE": ("miễn đấu", "bye"),
}
