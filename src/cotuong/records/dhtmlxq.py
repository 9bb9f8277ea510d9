"""DhtmlXQ game pages (the dpxq.com web viewer format used by wxf.ca's database).

A page carries ``[DhtmlXQ_movelist]`` with four digits per move: column 0-8 from
Red's left and row 0-9 from *Black's* back rank, so ``7747`` is ICCS ``h2e2``.
``[DhtmlXQ_binit]`` (optional) gives the start: two digits per piece in the order
R H E A K A E H R C C P P P P P, Red then Black, ``99`` for a missing piece.
``[DhtmlXQ_result]`` is ``W``/``L``/``D`` from Red's side.

>>> page = "[DhtmlXQ][DhtmlXQ_red]A[/DhtmlXQ_red][DhtmlXQ_result]W[/DhtmlXQ_result]"
>>> page += "[DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist][/DhtmlXQ]"
>>> game = read_dhtmlxq(page)[0]
>>> [m.iccs for m in game.moves], game.result, game.headers["Red"]
(['h2e2', 'h9g7'], '1-0', 'A')
"""

from __future__ import annotations

import re

from cotuong.core.board import Board
from cotuong.core.errors import CotuongError, RecordError
from cotuong.core.fen import START_FEN, Setup, write_fen
from cotuong.core.types import Color, Move, PieceType
from cotuong.records.model import GameRecord, RecordIssue

_BLOCK = re.compile(r"\[DhtmlXQ\](.*?)\[/DhtmlXQ\]", re.DOTALL)
_FIELD = re.compile(r"\[DhtmlXQ_(\w+)\](.*?)\[/DhtmlXQ_\1\]", re.DOTALL)
_RESULTS = {"W": "1-0", "L": "0-1", "D": "1/2-1/2"}
_HEADERS = {"event": "Event", "red": "Red", "black": "Black", "redteam": "RedTeam",
            "blackteam": "BlackTeam", "title": "Title", "date": "Date", "place": "Site"}
_INIT_ORDER = (PieceType.ROOK, PieceType.HORSE, PieceType.ELEPHANT, PieceType.ADVISOR,
               PieceType.KING, PieceType.ADVISOR, PieceType.ELEPHANT, PieceType.HORSE,
               PieceType.ROOK, PieceType.CANNON, PieceType.CANNON) + (PieceType.PAWN,) * 5


def _square(col: str, row: str) -> int:
    return (9 - int(row)) * 9 + int(col)


def _start_fen(binit: str) -> str:
    if not re.fullmatch(r"\d{64}", binit):
        raise RecordError(f"DhtmlXQ_binit must be 64 digits, got {binit!r}", "BAD_BINIT")
    placement = [0] * 90
    for i in range(32):
        cell = binit[2 * i:2 * i + 2]
        if cell == "99":
            continue
        color = Color.RED if i < 16 else Color.BLACK
        placement[_square(cell[0], cell[1])] = int(_INIT_ORDER[i % 16]) * color.sign
    return write_fen(Setup(tuple(placement), Color.RED, 0, 1))


def read_dhtmlxq(text: str, *, strict: bool = False) -> list[GameRecord]:
    """Every ``[DhtmlXQ]`` block of a page as a record (lenient unless ``strict``)."""
    games = []
    for index, block in enumerate(_BLOCK.finditer(text)):
        fields = {k.lower(): v for k, v in _FIELD.findall(block.group(1))}
        headers = {_HEADERS[k]: v for k, v in fields.items() if k in _HEADERS}
        result = _RESULTS.get(fields.get("result", "").strip().upper(), "*")
        headers["Result"] = result
        fen = _start_fen(fields["binit"]) if "binit" in fields else START_FEN
        if fen != START_FEN:
            headers["FEN"] = fen
        digits = re.sub(r"\s", "", fields.get("movelist", ""))
        board = Board(fen)
        moves: list[Move] = []
        issues: list[RecordIssue] = []
        for ply, start in enumerate(range(0, len(digits), 4), 1):
            token = digits[start:start + 4]
            number = board.fullmove_number
            try:
                if not re.fullmatch(r"[0-8][0-9][0-8][0-9]", token):
                    raise RecordError(f"{token!r} is not four digits col,row,col,row",
                                      "BAD_DHTMLXQ_MOVE")
                move = Move(_square(token[0], token[1]), _square(token[2], token[3]))
                reason = board.illegal_reason(move)
                if reason is not None:
                    raise RecordError(f"{move.iccs} is illegal: {reason.en}", reason.code)
            except CotuongError as exc:
                if strict:
                    raise RecordError(f"game {index + 1}, move {number}, token {token!r}: "
                                      f"{exc.message}", exc.code) from None
                issues.append(RecordIssue(index, number, ply, token, exc.message, False))
                break
            board.push_unchecked(move)
            moves.append(move)
        games.append(GameRecord(headers, fen, tuple(moves), result, tuple(issues), "dhtmlxq"))
    return games
