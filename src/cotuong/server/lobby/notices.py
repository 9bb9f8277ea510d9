"""The lobby's private notices that are not about seeks: a tournament round of the
player's that has just opened, in both languages (the page shows its own).

>>> f = round_open({"tournament_id": 3, "tournament": "Giải CLB", "round": 2, "board": 1,
...                 "room": "K7QX2M", "color": "black", "opponent": "lan",
...                 "page_url": "/tournaments/3"})
>>> f.texts.vi
'Vòng 2 của giải Giải CLB đã mở: bàn 1, bạn cầm quân Đen, gặp lan'
>>> f.texts.en
'Round 2 of Giải CLB has opened: board 1, you play Black against lan'
"""

from __future__ import annotations

from typing import Any

from cotuong.messages import Message
from cotuong.server.lobby.protocol import NoticeTexts, RoundOpen


def round_open(notice: dict[str, Any]) -> RoundOpen:
    """The ``round_open`` frame of a tournament's notice (its fields checked by the
    model: a malformed notice raises pydantic's error, never reaches a socket)."""
    side = "TOURNAMENT_RED_SIDE" if notice.get("color") == "red" else "TOURNAMENT_BLACK_SIDE"

    def text(lang: str) -> str:
        return Message.of("TOURNAMENT_ROUND_NOTICE", round=notice.get("round"),
                          tournament=notice.get("tournament"), board=notice.get("board"),
                          color=Message.of(side).text(lang),
                          opponent=notice.get("opponent")).text(lang)

    return RoundOpen(**notice, texts=NoticeTexts(vi=text("vi"), en=text("en")))
