"""Texts of the web platform: every error a request or a socket frame can get (``ERR_*``,
keyed by the protocol's error code, some with variants) — the computer analysis' limits
among them —, the ends the server decides, and the lobby's words. The server renders them
in the reader's language at the edge: a socket's ``hello`` language, a request's
``Accept-Language``.
"""

from __future__ import annotations

TEXTS: dict[str, tuple[str, str]] = {
    # Frames that cannot be read.
    "ERR_BAD_JSON": ("Khung tin không phải JSON hợp lệ", "the frame is not valid JSON"),
    "ERR_BAD_JSON_OBJECT": ("Mỗi khung tin phải là một đối tượng JSON có trường 'type'",
                            "a frame must be a JSON object with a 'type'"),
    "ERR_BAD_JSON_BINARY": ("Hãy gửi khung văn bản JSON, không gửi dữ liệu nhị phân",
                            "send JSON text frames, not binary"),
    "ERR_UNKNOWN_TYPE": ("Không có loại tin {kind}", "unknown message type {kind}"),
    "ERR_BAD_MESSAGE": ("Tin nhắn sai ở trường {where}: {detail}", "{where}: {detail}"),
    "ERR_BAD_REQUEST": ("Yêu cầu sai ở trường {where}: {detail}", "{where}: {detail}"),
    "ERR_TOO_LARGE": ("Mỗi khung tin tối đa {limit} byte", "frames are limited to {limit} bytes"),
    "ERR_TOO_LARGE_BODY": ("Nội dung yêu cầu tối đa {limit} byte",
                           "request bodies are limited to {limit} bytes"),
    "ERR_RATE_LIMITED": ("Gửi quá nhanh; hãy chậm lại", "too many requests; slow down"),
    "ERR_LOGIN_LIMITED": ("Đăng nhập quá nhiều lần; hãy đợi một phút",
                          "too many login attempts; wait a minute"),
    "ERR_HELLO_FIRST": ("Hãy gửi hello trước", "send hello first"),
    "ERR_HELLO_ONCE": ("Mỗi kết nối chỉ gửi hello một lần", "hello is sent once per connection"),
    "ERR_TOO_MANY_SOCKETS": ("Địa chỉ này đã mở quá nhiều kết nối (tối đa {limit})",
                             "too many connections from this address (at most {limit})"),
    "ERR_AI_GAMES_LIMIT": ("Bạn đã có {limit} ván với máy chưa kết thúc; hãy kết thúc "
                           "một ván trước", "you already have {limit} unfinished games "
                           "against the computer; finish one first"),
    "ERR_CHAT_LIMITED": ("Trò chuyện quá nhanh; hãy chậm lại", "chatting too fast; slow down"),
    "ERR_NOT_FOUND": ("Không có địa chỉ {path} trong API (danh sách: /api/docs)",
                      "no API address {path} (the list: /api/docs)"),
    "ERR_METHOD_NOT_ALLOWED": ("{path} không nhận {method}; hãy dùng {allowed}",
                               "{path} does not take {method}; use {allowed}"),
    "ERR_BAD_BODY": ("Không đọc được nội dung yêu cầu: cần JSON hợp lệ, mã UTF-8",
                     "the request body cannot be read: valid JSON in UTF-8 is expected"),
    "ERR_HTTP_ERROR": ("Yêu cầu bị từ chối (HTTP {status_code})",
                       "the request was refused (HTTP {status_code})"),
    "ERR_INTERNAL": ("Máy chủ gặp lỗi khi xử lý tin này; ván cờ không thay đổi",
                     "the server failed to handle this message; the game did not change"),
    # A guest's name until they choose one (fixed in the language they arrived in).
    "GUEST_NAME": ("Khách {id}", "Guest {id}"),
    # Rooms, games, seats.
    "ERR_ROOM_NOT_FOUND": ("Không có phòng mã {code}", "no room with code {code}"),
    "ERR_GAME_NOT_FOUND": ("Không có ván số {game_id}", "no game {game_id}"),
    "ERR_ROOM_NO_GAME": ("Phòng {code} chưa có ván nào", "room {code} has no game"),
    "ERR_ROOM_FULL": ("Cả hai ghế đã có người; bạn có thể vào xem",
                      "both seats are taken; watch as a spectator"),
    "ERR_ROOM_CLOSED": ("Phòng này đã đóng (lời mời đã hết hạn hoặc bị hủy)",
                        "this room is closed (the invitation expired or was cancelled)"),
    "ERR_NO_FREE_CODE": ("Không tìm được mã phòng trống; hãy thử lại",
                         "could not find a free room code; try again"),
    "ERR_BAD_SECRET": ("Mã ghế bị giả, đã hết hạn hoặc của phòng khác: bạn đang xem với tư "
                       "cách khán giả",
                       "the seat secret is forged, expired or for another room: you are "
                       "watching as a spectator"),
    "ERR_SPECTATOR": ("Người xem chỉ được xem và trò chuyện",
                      "spectators can only watch and chat"),
    "ERR_STORE": ("Không lưu được nước đi; hãy thử lại", "the move could not be saved; try again"),
    "ERR_USER_NOT_FOUND": ("Không có người chơi {username}", "no user {username}"),
    "ERR_BAD_NOTATION": ("Ký hiệu phải là vi, wxf hoặc zh", "notation must be vi, wxf or zh"),
    # Room options.
    "ERR_BAD_RULES": ("Luật phải là một trong: {choices}", "rules must be one of {choices}"),
    "ERR_BAD_COLOR": ("Màu quân phải là red, black hoặc random",
                      "color must be 'red', 'black' or 'random'"),
    "ERR_BAD_OPPONENT": ("Đối thủ phải là human hoặc ai", "opponent must be 'human' or 'ai'"),
    "ERR_BAD_LEVEL": ("Cấp độ của máy phải từ 1 đến 8",
                      "ai_level must be 1..8 for a game against the AI"),
    "ERR_BAD_RATED": ("rated phải là true hoặc false", "rated must be true or false"),
    "ERR_BAD_TIME_CONTROL": ("Cách tính giờ không hợp lệ ({detail})",
                             "bad time control: {detail}"),
    "ERR_BAD_FEN": ("FEN không hợp lệ ({detail})", "fen: {detail}"),
    "ERR_FEN_OVER": ("Ở thế cờ này ván đã kết thúc ({why})",
                     "fen: the game is already over there ({why})"),
    "ERR_BAD_LANG": ("Ngôn ngữ phải là vi hoặc en", "lang must be 'vi' or 'en'"),
    "ERR_RATED_NEEDS_ACCOUNT": ("Ván tính điểm cần cả hai người chơi đăng nhập tài khoản",
                                "rated games need both players logged in to an account"),
    "ERR_RATED_NEEDS_CLOCK": ("Ván tính điểm phải có đồng hồ",
                              "rated games need a time control"),
    "ERR_RATED_AI": ("Ván với máy không tính điểm", "games against the AI are not rated"),
    # Playing.
    "ERR_NOT_STARTED": ("Ván cờ bắt đầu khi đối thủ vào phòng",
                        "the game starts when the opponent joins"),
    "ERR_GAME_OVER": ("Ván cờ đã kết thúc", "the game is over"),
    "ERR_STALE_PLY": ("Nước đi này trả lời nước thứ {ply} nhưng ván đang ở nước thứ {current}; "
                      "không có gì thay đổi",
                      "this move answers ply {ply} but the game is at ply {current}; nothing "
                      "was played"),
    "ERR_NOT_YOUR_TURN": ("Đang đến lượt {turn}", "it is {turn}'s turn"),
    "ERR_ILLEGAL_MOVE": ("Nước {move} không hợp lệ: {why}", "{move} is illegal: {why}"),
    "ERR_BAD_MOVE": ("Nước {move} không phải một nước đi (ô đi và ô đến phải khác nhau và nằm "
                     "trên bàn cờ)",
                     "{move} is not a move (its two squares must differ and be on the board)"),
    "ERR_TOO_LATE": ("Chỉ được hủy ván trước khi hai bên đi nước đầu; hãy xin thua hoặc xin hòa",
                     "a game can be aborted only before both sides have moved; resign or "
                     "offer a draw instead"),
    "ERR_NOT_HOST": ("Chỉ chủ phòng mới hủy được lời mời", "only the host can cancel the "
                     "invitation"),
    "ERR_RATED_GAME": ("Chỉ ván giao hữu mới được xin đi lại",
                       "takebacks are allowed only in casual games"),
    "ERR_NOTHING_TO_TAKE_BACK": ("Bạn chưa có nước nào để đi lại",
                                 "you have no move to take back"),
    "ERR_REQUEST_PENDING": ("Đã có một lời xin đi lại đang chờ trả lời",
                            "a takeback request is already pending"),
    "ERR_NO_REQUEST": ("Đối thủ không xin đi lại", "there is no takeback request from the "
                       "opponent"),
    "ERR_NOT_OVER": ("Chỉ xin chơi ván mới được sau khi ván kết thúc",
                     "a rematch can be asked only after the game"),
    "ERR_NO_DRAW_OFFER": ("Không có lời đề nghị hòa nào của đối thủ",
                          "there is no draw offer from the opponent"),
    "ERR_NO_DRAW_CLAIM": ("Chưa đủ điều kiện để xin xử hòa", "no draw claim holds"),
    "ERR_REFUSED": ("Không thực hiện được ({code})", "refused ({code})"),
    "ERR_AI_GAME": ("Không có lựa chọn này khi chơi với máy",
                    "this is not available against the AI"),
    # Accounts and names.
    "ERR_USERNAME_TAKEN": ("Tên đăng nhập {username} đã có người dùng",
                           "the username {username} is taken"),
    "ERR_BAD_CREDENTIALS": ("Sai tên đăng nhập hoặc mật khẩu", "wrong username or password"),
    "ERR_NOT_LOGGED_IN": ("Bạn cần đăng nhập", "you need to log in"),
    "ERR_BAD_NAME": ("Tên hiển thị dài 2–24 ký tự, gồm chữ, số, dấu cách, _ . - và ít nhất "
                     "một chữ cái",
                     "a display name has 2-24 characters: letters, digits, spaces, _ . - and "
                     "at least one letter"),
    "ERR_NAME_TAKEN": ("Tên {name} là tên của một tài khoản; hãy chọn tên khác",
                       "{name} is an account's name; choose another"),
    "ERR_ACCOUNT_NAME": ("Tài khoản dùng tên đăng nhập làm tên hiển thị",
                         "accounts are shown by their username"),
    # The lobby.
    "ERR_SEEK_NOT_FOUND": ("Lời mời {seek_id} không còn (đã có người nhận hoặc đã hủy)",
                           "the challenge {seek_id} is gone (taken or cancelled)"),
    "ERR_OWN_SEEK": ("Bạn không thể nhận lời mời của chính mình",
                     "you cannot accept your own challenge"),
    "ERR_RATING_RANGE": ("Điểm của bạn ({rating}) nằm ngoài khoảng {low}–{high} của lời mời",
                         "your rating ({rating}) is outside the challenge's range {low}-{high}"),
    "ERR_SEEK_LIMIT": ("Mỗi người chỉ được mở tối đa {limit} lời mời",
                       "at most {limit} open challenges per player"),
    "ERR_SEEK_LIMIT_ADDRESS": ("Mỗi địa chỉ chỉ được mở tối đa {limit} lời mời",
                               "at most {limit} open challenges from one address"),
    "ERR_BAD_CATEGORY": ("Loại ván phải là một trong: {choices}",
                         "category must be one of {choices}"),
    # The computer analysis of finished games.
    "ERR_ANALYSIS_LIMIT": (
        "Bạn đang có {limit} ván chờ hoặc đang được máy phân tích; hãy đợi các ván đó xong.",
        "You already have {limit} analyses waiting or running; wait for them to finish."),
    "ERR_ANALYSIS_QUEUE_FULL": (
        "Máy chủ đang bận phân tích {limit} ván; hãy thử lại sau ít phút.",
        "The server is busy with {limit} analyses; try again in a few minutes."),
    "ERR_GAME_NOT_OVER": ("Ván {game} chưa kết thúc: máy chỉ phân tích các ván đã xong.",
                          "Game {game} is not over: only finished games can be analysed."),
    "ERR_ENGINE_UNAVAILABLE": ("Máy chủ này không có máy cờ để phân tích",
                               "this server has no engine"),
    # Ends the server decides.
    "END_ABANDONED": ("{winner} thắng: {loser} rời ván quá {seconds} giây",
                      "{winner} wins: {loser} left the game for more than {seconds} s"),
    "END_ABORTED": ("Ván cờ bị hủy: {side} hủy trước khi hai bên đi nước đầu",
                    "Game aborted by {side} before both sides moved"),
    "END_EXPIRED": ("Phòng chờ đã hết hạn: không có ai vào trong {minutes} phút",
                    "the invitation expired: nobody joined within {minutes} min"),
    "END_CANCELLED": ("Chủ phòng đã hủy lời mời", "the host cancelled the invitation"),
    # Who speaks in a room's chat.
    "SPECTATOR_NAME": ("{name} (khán giả)", "{name} (spectator)"),
    "SPECTATOR": ("Khán giả", "Spectator"),
    # `cotuong serve`: the addresses friends can use.
    "SERVE_FRIENDS": ("Bạn bè cùng mạng mở: {urls}", "friends on your network open: {urls}"),
    "SERVE_PUBLIC": ("Lời mời dùng địa chỉ {url}", "invite links use {url}"),
    "SERVE_LOCAL_ONLY": ("Chỉ máy này vào được ({host}). Để bạn bè cùng mạng (Wi-Fi) vào "
                         "chơi: cotuong serve --host 0.0.0.0 --port {port}",
                         "only this machine can connect ({host}). To let friends on your "
                         "network (Wi-Fi) in: cotuong serve --host 0.0.0.0 --port {port}"),
    "SERVE_NO_LAN": ("Không thấy địa chỉ mạng nội bộ nào của máy này",
                     "no local network address of this machine was found"),
}
