"""Texts of the web server's refusals that people read (the REST error's ``texts``): the
computer analysis of finished games and its limits."""

from __future__ import annotations

TEXTS: dict[str, tuple[str, str]] = {
    "ANALYSIS_LIMIT": (
        "Bạn đang có {limit} ván chờ hoặc đang được máy phân tích; hãy đợi các ván đó xong.",
        "You already have {limit} analyses waiting or running; wait for them to finish."),
    "ANALYSIS_QUEUE_FULL": (
        "Máy chủ đang bận phân tích {limit} ván; hãy thử lại sau ít phút.",
        "The server is busy with {limit} analyses; try again in a few minutes."),
    "ANALYSIS_NOT_FOUND": ("Ván {game} chưa được máy phân tích.",
                           "Game {game} has not been analysed."),
    "GAME_NOT_OVER": ("Ván {game} chưa kết thúc: máy chỉ phân tích các ván đã xong.",
                      "Game {game} is not over: only finished games can be analysed."),
}
