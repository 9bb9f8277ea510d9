"""The seed documents' ``[game] ... [/game]`` blocks (Vietnamese move text).

A block looks like::

    [game boxcomment=0 header=0]
    FORMAT WXF
    GAME Trắng(vs)Đen
    FEN c2a1k3/2c1a2R1/e6P1/8p/9/9/9/9/4K4/9 w – – – 1
    START{
    DIAG{ #1 RED POPUP }
    1.X2.1 Tg6.1
    }END
    [/game]

The FEN uses ``–`` placeholders; ``DIAG{...}`` and other braces are skipped. The
``FORMAT`` line is not trusted (the seeds say WXF and write Vietnamese): the
letters decide.

>>> text = "[b]Hình 2[/b]\\n[game]\\nFEN 9/4k4/9/9/9/9/9/9/2p6/3K1REc1 w – – – 1\\n"
>>> text += "START{\\nDIAG{ #1 }\\n1.X4-5 Tg5-6\\n}END\\n[/game]"
>>> game = read_seed_games(text)[0]
>>> game.headers["Title"], [m.iccs for m in game.moves]
('Hình 2', ['f0e0', 'e8f8'])
"""

from __future__ import annotations

import re

from cotuong.core.errors import RecordError
from cotuong.records.model import GameRecord
from cotuong.records.pgn import game_from_movetext

_BLOCK = re.compile(r"\[game\b[^\]]*\](.*?)\[/game\]", re.DOTALL | re.IGNORECASE)
_TITLE = re.compile(r"\[b\](.*?)\[/b\]\s*$", re.IGNORECASE)
_KEYS = {"GAME": "Event", "RED": "Red", "BLACK": "Black", "FORMAT": "SeedFormat"}


def read_seed_games(text: str, notation: str | None = None, *,
                    strict: bool = False) -> list[GameRecord]:
    """Every ``[game]`` block of a seed text as a record (lenient unless ``strict``)."""
    games = []
    for index, block in enumerate(_BLOCK.finditer(text)):
        body = block.group(1)
        headers: dict[str, str] = {}
        before = text[:block.start()].rstrip().splitlines()
        if before:
            title = _TITLE.search(before[-1])
            if title is not None:
                headers["Title"] = title.group(1).strip()
        fen = None
        for line in body.splitlines():
            key, _, value = line.strip().partition(" ")
            if key.upper() == "FEN":
                # The seeds write "–" (en dash) for the empty FEN fields.
                fen = value.replace("–", "-").replace("—", "-").strip()
            elif key.upper() in _KEYS:
                headers[_KEYS[key.upper()]] = value.strip()
        moves = re.search(r"START\{(.*)\}END", body, re.DOTALL)
        if moves is None:
            if strict:
                raise RecordError(f"game {index + 1}: no START{{ ... }}END move list",
                                  "NO_MOVES")
            movetext = ""
        else:
            # DIAG{...} and any other WORD{...} are viewer directives, not moves.
            movetext = re.sub(r"\w*\{[^{}]*\}", " ", moves.group(1))
        if fen is not None:
            headers["FEN"] = fen
        games.append(game_from_movetext(headers, movetext, game_index=index,
                                        notation=notation, strict=strict))
    return games
