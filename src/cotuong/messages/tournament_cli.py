"""Texts of the arbiter's command line (``cotuong tournament``): help, headings,
prompts and what each command prints."""

from __future__ import annotations

TEXTS: dict[str, tuple[str, str]] = {
    # Plain-text sheets (cotuong.tournament.text).
    "TX_NAMELESS": ("Giải đấu", "Tournament"),
    "TX_ROUND_HEADING": ("{title} — vòng {round}", "{title} — round {round}"),
    "TX_PAIRING_HEAD": ("Bàn  Đỏ  –  Đen  Kết quả", "Board  Red  –  Black  Result"),
    "TX_REST_LINE": ("Nghỉ  {number}. {name}", "Rest  {number}. {name}"),
    "TX_BY_WITHDRAWAL": ("(bỏ cuộc)", "(withdrawal)"),
    "TX_STANDINGS_AFTER": ("{title} — bảng xếp hạng sau vòng {round}",
                           "{title} — standings after round {round}"),
    "TX_STANDINGS_BEFORE": ("{title} — bảng xếp hạng: chưa có kết quả",
                            "{title} — standings before any result"),
    "TX_COL_RANK": ("Hạng", "Rank"),
    "TX_COL_NUMBER": ("Số", "No."),
    "TX_COL_PLAYER": ("Đấu thủ", "Player"),
    "TX_COL_CLUB": ("Đơn vị", "Club"),
    "TX_COL_RATING": ("Elo", "Rating"),
    "TX_COL_POINTS": ("Điểm", "Points"),
    "TX_COL_GAMES": ("Ván", "Games"),
    "TX_COL_WINS": ("Thắng", "Wins"),
    "TX_COL_WINS_BLACK": ("Thắng Đen", "Black wins"),
    "TX_WITHDREW": ("(bỏ cuộc)", "(withdrew)"),
    # Events in words (echoes, undo).
    "TE_RECORD": ("vòng {round}: {red} – {black} {result}",
                  "round {round}: {red} – {black} {result}"),
    "TE_CORRECT": ("vòng {round}: {red} – {black} {result} (đã sửa)",
                   "round {round}: {red} – {black} {result} (corrected)"),
    "TE_WITHDRAW": ("{name} bỏ cuộc ({policy}, từ vòng {round})",
                    "{name} withdrew ({policy}, from round {round})"),
    "TE_POLICY_FORFEIT": ("xử thua các ván còn lại", "remaining games forfeited"),
    "TE_POLICY_ANNUL": ("hủy mọi ván", "all games annulled"),
    "TE_REINSTATE": ("{name} trở lại thi đấu từ vòng {round}",
                     "{name} reinstated from round {round}"),
    "TE_EDIT": ("đấu thủ {old}: {name} ({extra})", "player {old}: {name} ({extra})"),
    "TE_ADD": ("thêm đấu thủ {name}", "player {name} added"),
    "TE_REMOVE": ("bỏ đấu thủ {name} khỏi danh sách", "player {name} removed"),
    "TE_DRAW": ("bốc số: {order}", "numbers drawn: {order}"),
    "TE_LOTS": ("bốc thăm: {order}", "drawing of lots: {order}"),
    "TE_DETAILS": ("thông tin giải", "event details"),
    "TE_UNDO": ("hoàn tác sự kiện {undone}", "undo of event {undone}"),
    # Board-by-board entry.
    "TI_START": ("{title} — vòng {round}: nhập kết quả từng bàn (1-0, 0-1, ½-½, +/-, -/+, "
                 "-/-); Enter: để sau, q: dừng",
                 "{title} — round {round}: enter each board's result (1-0, 0-1, ½-½, +/-, "
                 "-/+, -/-); Enter: later, q: stop"),
    "TI_BOARD": ("Bàn {board}: {red_number}. {red} (Đỏ) – {black_number}. {black} (Đen)?",
                 "Board {board}: {red_number}. {red} (Red) – {black_number}. {black} "
                 "(Black)?"),
    "TI_HAS": ("{label} đã có {result}", "{label} already {result}"),
    "TI_REFUSED": ("  không nhận: {why}", "  refused: {why}"),
    "TI_SAVED": ("  đã lưu: {what}", "  saved: {what}"),
    "TI_DONE": ("đã lưu {saved} kết quả; vòng {round}: {done}/{total} ván có kết quả",
                "{saved} results saved; round {round}: {done} of {total} games have a "
                "result"),
    # Command output.
    "TC_ERROR": ("lỗi", "error"),
    "TC_WARNING": ("cảnh báo: {text}", "warning: {text}"),
    "TC_CANNOT_READ": ("không đọc được {file}: {why}", "cannot read {file}: {why}"),
    "TC_CANNOT_WRITE": ("không ghi được {file}: {why}", "cannot write {file}: {why}"),
    "TC_HALF_ENTERED": ("vòng {round} mới có {done}/{total} ván có kết quả",
                        "round {round} is half entered: {done} of {total} games have a "
                        "result"),
    "TC_NOT_ENTERED": ("vòng {round} chưa có kết quả nào (vòng cuối đã nhập: {last})",
                       "round {round} has no result entered yet (the last round entered is "
                       "{last})"),
    "TC_CREATED": ("đã tạo {file}: {count} đấu thủ, {rounds} vòng",
                   "created {file}: {count} players, {rounds} {rounds:round|rounds}"),
    "TC_DETAILS_ONE_NAME": ("--club, --rating, --title chỉ dùng khi thêm một đấu thủ",
                            "--club, --rating and --title go with one player at a time"),
    "TC_WITHDRAWN_FLAG": ("(bỏ cuộc: {policy})", "(withdrew: {policy})"),
    "TC_SEED_OR_ORDER": ("dùng --seed hoặc --order, không dùng cả hai",
                         "give either --seed or --order, not both"),
    "TC_RESULTS_OR_FILE": ("ghi kết quả trên dòng lệnh hoặc dùng --file, không dùng cả hai",
                           "give the results on the command line or with --file, not both"),
    "TC_ROUND_SAVED": ("đã lưu {saved} kết quả; vòng {round}: {done}/{total} ván có kết quả",
                       "{saved} results saved; round {round}: {done} of {total} games have a "
                       "result"),
    "TC_WITHDRAW_OPEN": ("{name} còn ván chưa có kết quả ở vòng {games}: hãy nhập kết quả "
                         "các ván đó, hoặc dùng --from-round {first} để xử thua cả chúng "
                         "(mặc định chỉ xử thua từ vòng {next})",
                         "{name} still has games without a result in round {games}: enter "
                         "them, or give --from-round {first} to forfeit them too (by default "
                         "only rounds from {next} on are forfeited)"),
    "TC_WITHDRAWN_FORFEIT": ("{name} (số {number}) bỏ cuộc: các ván từ vòng {round} bị xử "
                             "thua",
                             "{name} (no. {number}) withdrew: games from round {round} on "
                             "are lost by forfeit"),
    "TC_WITHDRAWN_ANNUL": ("{name} (số {number}) bỏ cuộc: mọi ván của họ bị hủy",
                           "{name} (no. {number}) withdrew: all their games are annulled"),
    "TC_REINSTATED": ("{name} (số {number}) trở lại thi đấu từ vòng {round}",
                      "{name} (no. {number}) is back from round {round}"),
    "TC_RENAMED": ("đã đổi tên {old} thành {new}", "renamed {old} to {new}"),
    "TC_D_NAME": ("Giải: {value}", "Event: {value}"),
    "TC_D_VENUE": ("Địa điểm: {value}", "Venue: {value}"),
    "TC_D_DATES": ("Thời gian: {value}", "Dates: {value}"),
    "TC_D_ARBITER": ("Tổng trọng tài: {value}", "Chief arbiter: {value}"),
    "TC_D_TIME": ("Thời gian thi đấu: {value}", "Time control: {value}"),
    "TC_UNDONE": ("đã hoàn tác: {what}", "undone: {what}"),
    "TC_LOTS_RECORDED": ("đã ghi kết quả bốc thăm: {order}",
                         "drawing of lots recorded: {order}"),
    "TC_NOTE_TIED": ("= đồng hạng (chỉ bốc thăm khi xếp hạng chung cuộc)",
                     "= shared rank (lots are drawn only for the final ranking)"),
    "TC_NOTE_LOTS": ("= vẫn bằng nhau sau mọi chỉ số: cần bốc thăm (ghi bằng `cotuong "
                     "tournament lots`)",
                     "= still tied after every tie-break: draw lots (record it with "
                     "`cotuong tournament lots`)"),
    "TC_LOTS_UNUSED": ("lần bốc thăm {order} không còn khớp với nhóm bằng điểm nào (kết quả "
                       "đã thay đổi): hãy bốc thăm lại",
                       "the drawing of lots {order} no longer fits any tie (results changed "
                       "since): draw again"),
    "TC_FORMATS": ("định dạng là csv, json, html; không phải {given!r}",
                   "formats are csv, json, html; got {given!r}"),
    "TC_NOTHING_TO_EXPORT": ("chưa có vòng nào có kết quả để xuất (bảng cặp đấu: `cotuong "
                             "tournament pairings`)",
                             "no round has a result to publish yet (pairing sheets: "
                             "`cotuong tournament pairings`)"),
    "TC_CHECK_OK": ("{file}: tốt ({events} sự kiện)", "{file}: ok ({events} events)"),
    # Help.
    "TH_USAGE": ("cách dùng: ", "usage: "),
    "TH_SECTION_POSITIONAL": ("tham số", "positional arguments"),
    "TH_SECTION_OPTIONS": ("tùy chọn", "options"),
    "TH_TOP": ("giải vòng tròn: lịch, kết quả, bảng xếp hạng, bản in",
               "round-robin tournaments: schedule, results, standings, exports"),
    "TH_HELP": ("in hướng dẫn này rồi thoát", "show this help and exit"),
    "TH_STORE": ("thư mục giải hoặc tệp .sqlite3", "tournament directory or .sqlite3 file"),
    "TH_LANG": ("ngôn ngữ: vi (mặc định) hoặc en", "language: vi (default) or en"),
    "TH_CREATE": ("tạo giải (đấu thủ theo thứ tự số)", "create a tournament (players in "
                  "draw order)"),
    "TH_NAME": ("tên giải", "tournament name"),
    "TH_PLAYER": ("một đấu thủ (lặp lại, theo thứ tự số)", "a player (repeat, in draw order)"),
    "TH_PLAYERS_FILE": ("tệp UTF-8, mỗi dòng một đấu thủ: tên, đơn vị, Elo, danh hiệu, cách "
                        "nhau bằng Tab",
                        "UTF-8 file, one player a line: name, club, rating, title, separated "
                        "by tabs"),
    "TH_SCORING": ("điểm thắng,hòa,thua (mặc định 2,1,0)", "win,draw,loss points (default "
                   "2,1,0)"),
    "TH_DOUBLE": ("vòng tròn hai lượt", "double round robin"),
    "TH_TIEBREAKS": ("các chỉ số phụ, cách nhau bằng dấu phẩy, trong {criteria} (mặc định "
                     "{default_tiebreaks}; hệ Thụy Sĩ: {swiss_tiebreaks})",
                     "comma-separated, from {criteria} (default {default_tiebreaks}; Swiss: "
                     "{swiss_tiebreaks})"),
    "TH_UNPLAYED": ("ván không đấu (xử thua, miễn đấu) trong chỉ số phụ: counted (như ván đã "
                    "đấu, mặc định của vòng tròn) hoặc fide (như FIDE: hòa với đối thủ ảo, "
                    "không tính là ván thắng; mặc định của hệ Thụy Sĩ)",
                    "unplayed games (forfeits, byes) in tie-breaks: counted (like played ones, "
                    "the round robin's default) or fide (FIDE: a draw against a virtual "
                    "opponent, not a win; the Swiss default)"),
    "TH_VENUE": ("địa điểm", "venue"),
    "TH_DATES": ("thời gian (ngày)", "dates"),
    "TH_ARBITER": ("tổng trọng tài", "chief arbiter"),
    "TH_TIME_CONTROL": ("thời gian thi đấu (vd. 60 phút + 30 giây/nước)",
                        "time control (e.g. 60 min + 30 s a move)"),
    "TH_ADD": ("thêm đấu thủ trước vòng 1", "add players before round 1"),
    "TH_CLUB": ("đơn vị (câu lạc bộ)", "club"),
    "TH_RATING": ("hệ số Elo", "rating"),
    "TH_RATING_EDIT": ("hệ số Elo (- để xóa)", "rating (- to clear it)"),
    "TH_TITLE": ("danh hiệu (vd. KTQG)", "title (e.g. IM)"),
    "TH_PLAYERS": ("danh sách đấu thủ với số bốc thăm", "list players with draw numbers"),
    "TH_DRAW": ("bốc số: ngẫu nhiên (có thể cho --seed) hoặc theo thứ tự cho trước",
                "draw numbers: random (optionally seeded) or a given order"),
    "TH_SEED": ("hạt giống ngẫu nhiên (để bốc lại y hệt)", "random seed (reproducible)"),
    "TH_ORDER": ("đấu thủ (tên hoặc số hiện tại) theo thứ tự bốc được",
                 "players (names or current numbers) in the drawn order"),
    "TH_PAIRINGS": ("bảng cặp đấu của một vòng", "pairing sheet of a round"),
    "TH_RESULT": ("nhập (hoặc --correct: sửa) một kết quả", "enter (or --correct) a result"),
    "TH_RED": ("đấu thủ cầm quân Đỏ: tên hoặc số", "Red player: name or draw number"),
    "TH_BLACK": ("đấu thủ cầm quân Đen: tên hoặc số", "Black player: name or draw number"),
    "TH_RESULT_VALUE": ("1-0, 0-1, 1/2-1/2 (½-½), +/- (thắng-bỏ), -/+ (bỏ-thắng), -/- "
                        "(bỏ-bỏ)",
                        "1-0, 0-1, 1/2-1/2, +/- (win-forfeit), -/+ (forfeit-win), -/- "
                        "(forfeit-forfeit)"),
    "TH_PGN": ("tệp PGN của ván", "file with the game's PGN"),
    "TH_CORRECT": ("sửa một kết quả đã nhập (giữ lại trong nhật ký)",
                   "replace an earlier result (kept in the log)"),
    "TH_REASON": ("lý do sửa", "why a result is corrected"),
    "TH_ROUND": ("nhập cả vòng một lần: kết quả theo thứ tự bàn, hoặc hỏi từng bàn",
                 "enter a whole round: results in board order, or board by board"),
    "TH_ROUND_RESULTS": ("kết quả theo thứ tự bàn (* = để sau); không có gì: hỏi từng bàn",
                         "results in board order (* = later); none: ask board by board"),
    "TH_ROUND_FILE": ("tệp chứa các kết quả theo thứ tự bàn", "file with the results in "
                      "board order"),
    "TH_INTERACTIVE": ("hỏi từng bàn", "ask board by board"),
    "TH_WITHDRAW": ("đấu thủ bỏ cuộc", "withdraw a player"),
    "TH_POLICY": ("forfeit: xử thua các ván còn lại (mặc định); annul: hủy mọi ván",
                  "forfeit the remaining games (default) or annul all their games"),
    "TH_FROM_ROUND": ("xử thua từ vòng này (mặc định: vòng kế tiếp chưa nhập)",
                      "forfeit games from this round on (default: the next round not yet "
                      "entered)"),
    "TH_REINSTATE": ("đấu thủ bỏ cuộc trở lại thi đấu", "take back a withdrawal"),
    "TH_REINSTATE_FROM": ("bỏ các ván xử thua từ vòng này (mặc định: vòng kế tiếp chưa nhập)",
                          "lift the forfeits from this round on (default: the next round not "
                          "yet entered)"),
    "TH_RENAME": ("sửa tên một đấu thủ", "correct a player's name"),
    "TH_EDIT": ("sửa thông tin một đấu thủ", "change a player's details"),
    "TH_NEW_NAME": ("tên mới", "new name"),
    "TH_DETAILS": ("xem hoặc sửa thông tin giải (in trên các trang)",
                   "show or change the event's details (printed on its pages)"),
    "TH_UNDO": ("hoàn tác sự kiện cuối (vẫn giữ trong nhật ký)",
                "undo the last event (both stay in the log)"),
    "TH_LOTS": ("ghi kết quả bốc thăm giữa các đấu thủ bằng nhau chung cuộc, người trên trước",
                "record a drawing of lots among players tied in the final ranking, best "
                "first"),
    "TH_STANDINGS": ("bảng xếp hạng sau một vòng (mặc định: vòng cuối đã nhập)",
                     "standings after a round (default: the last round entered)"),
    "TH_AFTER": ("sau vòng này", "after this round"),
    "TH_EXPORT": ("xuất biên bản các vòng và bảng xếp hạng (CSV, JSON, HTML)",
                  "write round records and standings (CSV, JSON, HTML)"),
    "TH_OUT": ("thư mục ghi ra", "output directory"),
    "TH_EXPORT_AFTER": ("đến vòng này (mặc định: vòng cuối đã nhập)",
                        "up to this round (default: the last round entered)"),
    "TH_FORMATS": ("định dạng: csv,json,html", "formats: csv,json,html"),
    "TH_CROSSTABLE": ("bảng điểm theo số bốc thăm (draw) hoặc theo thứ hạng (rank)",
                      "crosstable in draw order (draw) or rank order (rank)"),
    "TH_CHECK": ("kiểm tra tệp giải (toàn vẹn và tái hiện)",
                 "verify the store (integrity check and replay)"),
    "TH_LOG": ("nhật ký sự kiện của trọng tài", "the arbiter's event log"),
    # Placeholders in usage lines.
    "TM_STORE": ("GIẢI", "STORE"),
    "TM_PLAYER": ("ĐẤU_THỦ", "PLAYER"),
    "TM_FILE": ("TỆP", "FILE"),
    "TM_NAME": ("TÊN", "NAME"),
    "TM_ROUND": ("VÒNG", "ROUND"),
    "TM_RED": ("ĐỎ", "RED"),
    "TM_BLACK": ("ĐEN", "BLACK"),
    "TM_RESULT": ("KẾT_QUẢ", "RESULT"),
    "TM_DIR": ("THƯ_MỤC", "DIR"),
    "TM_TEXT": ("CHỮ", "TEXT"),
    "TM_LIST": ("DANH_SÁCH", "LIST"),
    "TM_POINTS": ("T,H,T", "W,D,L"),
    "TM_NUMBER": ("SỐ", "NUMBER"),
    # argparse's own errors.
    "TA_REQUIRED": ("thiếu tham số: {args}", "the following arguments are required: {args}"),
    "TA_INVALID_VALUE": ("tham số {arg}: cần {kind}, không phải {value}",
                         "argument {arg}: invalid {kind} value: {value}"),
    "TA_INVALID_CHOICE": ("tham số {arg}: {value} không có (chọn trong {choices})",
                          "argument {arg}: invalid choice: {value} (choose from {choices})"),
    "TA_EXPECTED_ONE": ("tham số {arg}: cần một giá trị", "argument {arg}: expected one "
                        "argument"),
    "TA_EXPECTED_SOME": ("tham số {arg}: cần ít nhất một giá trị",
                         "argument {arg}: expected at least one argument"),
    "TA_UNRECOGNIZED": ("tham số không hiểu: {args}", "unrecognized arguments: {args}"),
}
