"""A pasted game read by the records reader: the game, and what was skipped and why, in
both languages.

The reader (:func:`cotuong.records.read_any`) reads PGN in any notation, DhtmlXQ and the
Vietnamese book and forum layouts; before it, loose numbering as people type it
(``1 .``, ``2)M2.3``) is set apart from the moves. Its issues are English sentences for
logs; each is named again here from what the reader kept (the token, the position where
it stopped), with the catalog's words.

>>> g = read_pasted("1) P2-5  M8.7\\n2)M2.3 X9.1 3 . X1-2")
>>> g.moves, g.notation
(('h2e2', 'h9g7', 'h0g2', 'i9i8', 'i0h0'), 'vi')
>>> read_pasted("").games
0
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from cotuong.core import START_FEN, CotuongError, IllegalMoveError
from cotuong.messages import CATALOG, Message
from cotuong.notation import make_move_text, parse_move
from cotuong.records import GameRecord, RecordIssue, read_any

NOTATIONS = ("vi", "wxf", "zh")

__all__ = ["ImportedGame", "Skipped", "normalize_numbering", "read_pasted"]

# A move number as people type it: "1.", "1 .", "1)", "1...", "1:" at the start of a
# line; "1." or "1)" after a space with more text after it (not "Biến 1:", a heading,
# nor a sentence's last "tấn 5."); never followed by a digit ("33.4" is a WXF pawn move).
_LINE_NUMBER = re.compile(r"^(\s*)(\d{1,3})\s*(?:\.{1,3}|\)|:)(?!\d)[ \t]*")
_NUMBER = re.compile(r"(?<=\s)(\d{1,3})[ \t]*(?:\.{1,3}|\))(?!\d)[ \t]*(?=\S)")


@dataclass(frozen=True, slots=True)
class Skipped:
    """Something the reader left out or stopped at: ``ply`` (0: a line, not a move),
    the ``token`` as written, and why, in Vietnamese and English."""

    ply: int
    token: str
    vi: str
    en: str

    def reason(self, lang: str) -> str:
        return self.en if lang == "en" else self.vi


@dataclass(frozen=True, slots=True)
class ImportedGame:
    """The first game with moves found in the text (``games``: how many were found)."""

    start_fen: str
    moves: tuple[str, ...]
    result: str
    skipped: tuple[Skipped, ...]
    headers: Mapping[str, str]
    notation: str | None
    games: int
    move_texts: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    @property
    def title(self) -> str:
        red, black = self.headers.get("Red", ""), self.headers.get("Black", "")
        if red or black:
            return f"{red or '?'} – {black or '?'}"[:200]
        return (self.headers.get("Event") or self.headers.get("Title") or "")[:200]


def normalize_numbering(text: str) -> str:
    """Set typed move numbers apart from the moves (``2)M2.3`` → ``2. M2.3``); PGN header
    lines are left alone."""
    return "\n".join(line if line.lstrip().startswith("[")
                     else _NUMBER.sub(r"\1. ", _LINE_NUMBER.sub(r"\1\2. ", line))
                     for line in text.split("\n"))


def read_pasted(text: str) -> ImportedGame:
    """Read ``text`` (never raises on content: what cannot be read is in ``skipped``)."""
    if "[DhtmlXQ" not in text:
        text = normalize_numbering(text)
    try:
        records = read_any(text)
    except CotuongError as exc:  # the reader keeps going on bad content; this is a guard
        return ImportedGame(START_FEN, (), "*", (_named(0, "", "STUDY_OTHER_ISSUE",
                                                        detail=exc.message),), {}, None, 0)
    if not records:
        return ImportedGame(START_FEN, (), "*", (), {}, None, 0)
    record = next((r for r in records if r.moves), records[0])
    skipped = tuple(_explain(record, issue) for issue in record.issues)
    return ImportedGame(record.start_fen, tuple(m.iccs for m in record.moves), record.result,
                        skipped, dict(record.headers), record.notation, len(records),
                        _move_texts(record))


def _move_texts(record: GameRecord) -> dict[str, tuple[str, ...]]:
    """The moves in the notations the pages show (ICCS is the moves themselves)."""
    board = record.board(0)
    texts: dict[str, list[str]] = {n: [] for n in NOTATIONS}
    for move in record.moves:
        for n in NOTATIONS:
            texts[n].append(make_move_text(board, move, n))
        board.push_unchecked(move)
    return {n: tuple(t) for n, t in texts.items()}


def _named(ply: int, token: str, code: str, **params: object) -> Skipped:
    message = Message(code, tuple(params.items()))
    return Skipped(ply, token, message.text("vi"), message.text("en"))


def _explain(record: GameRecord, issue: RecordIssue) -> Skipped:
    token, reason = issue.token, issue.reason
    if issue.warning:
        for prefix, code in (("heading: ", "STUDY_SKIPPED_HEADING"),
                             ("text: ", "STUDY_SKIPPED_TEXT")):
            if token.startswith(prefix):
                return _named(0, token[len(prefix):], code)
        if reason.startswith("result token"):
            return _named(0, token, "STUDY_RESULT_DISAGREES")
        if reason.startswith("FEN move number 0"):
            return _named(0, token, "STUDY_FEN_MOVE_ZERO")
        return _named(0, token, "STUDY_SKIPPED_TEXT")
    if issue.ply == 0 and reason.startswith("bad FEN"):
        return _named(0, token, "STUDY_BAD_FEN", reason=reason.removeprefix("bad FEN: "))
    if issue.inferred:
        move = record.moves[issue.ply - 1].iccs if 0 < issue.ply <= len(record.moves) else "?"
        return _named(issue.ply, token, "STUDY_INFERRED_MOVE", move=move)
    if "different games" in reason:
        return _named(issue.ply, token, "STUDY_AMBIGUOUS_NOTATION")
    if reason.startswith("unterminated"):
        return _named(issue.ply, token, "STUDY_UNTERMINATED_COMMENT")
    if issue.ply == len(record.moves) + 1 and issue.move_number > 0:
        return _stopped(record, issue)
    return _named(issue.ply, token, "STUDY_OTHER_ISSUE", detail=reason)


def _stopped(record: GameRecord, issue: RecordIssue) -> Skipped:
    """The move the reader stopped at, read again where it stood, for the rules' reason."""
    try:
        parse_move(record.board(), issue.token, record.notation, lone_king=False)
    except CotuongError as exc:
        reason = getattr(exc, "reason", None)
        if isinstance(exc, IllegalMoveError) and isinstance(reason, Message):
            return _named(issue.ply, issue.token, "STUDY_ILLEGAL_MOVE", reason=reason)
        if not isinstance(reason, Message):
            key = f"NOTATION_{exc.code}"
            reason = Message(key) if key in CATALOG else Message("NOTATION_UNREADABLE")
        return _named(issue.ply, issue.token, "STUDY_UNREADABLE_MOVE", reason=reason)
    return _named(issue.ply, issue.token, "STUDY_OTHER_ISSUE", detail=issue.reason)
