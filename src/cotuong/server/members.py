"""Small pieces of the game service: a room's socket (:class:`Member`), move-text checks
and the outcomes the server itself decides (abandonment, abort).

>>> abandonment_outcome("red", 120)["explanation"]["en"]
'Black wins: Red left the game for more than 120 s'
>>> valid_iccs("h2e2"), valid_iccs("h2e")
(True, False)
"""

from __future__ import annotations

import asyncio
from typing import Any

from cotuong.core.types import Color
from cotuong.server.live import other

_FILES = "abcdefghi"
QUEUE_LIMIT = 256  # frames waiting for a slow client before it is dropped


def abandonment_outcome(loser: str, seconds: int) -> dict[str, Any]:
    lose, win = Color(loser), Color(other(loser))
    return {"result": "1-0" if win is Color.RED else "0-1", "winner": win.value,
            "termination": "ABANDONMENT",
            "explanation": {"vi": f"{win.vi} thắng: {lose.vi} rời ván quá {seconds} giây",
                            "en": f"{win.en} wins: {lose.en} left the game for more than "
                                  f"{seconds} s"}}


def aborted_outcome(by: str) -> dict[str, Any]:
    c = Color(by)
    return {"result": "*", "winner": None, "termination": "ABORTED",
            "explanation": {"vi": f"Ván cờ bị hủy: {c.vi} hủy trước khi hai bên đi nước đầu",
                            "en": f"Game aborted by {c.en} before both sides moved"}}


class Member:
    """One WebSocket in a room: its seat (``slot``, ``None`` for a spectator) and the queue
    of frames its writer task sends."""

    def __init__(self, code: str) -> None:
        self.code = code
        self.slot: str | None = None
        self.greeted = False
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.dropped = False

    def push(self, text: str) -> None:
        if self.dropped:
            return
        if self.queue.qsize() >= QUEUE_LIMIT:
            self.dropped = True  # too slow to keep up: the writer closes the socket
            self.queue.put_nowait(None)
            return
        self.queue.put_nowait(text)


def valid_iccs(text: object) -> bool:
    return (isinstance(text, str) and len(text) == 4 and text[0] in _FILES
            and text[2] in _FILES and text[1].isdigit() and text[3].isdigit())
