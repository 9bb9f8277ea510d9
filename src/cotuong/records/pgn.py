"""PGN read/write for xiangqi, with move text in WXF, ICCS, Chinese or Vietnamese.

The reader is lenient by default: it collects problems per game (move number,
token, why) and keeps each game up to its first bad move, so one typo does not
lose a 1,000-game file; ``strict=True`` raises :class:`RecordError` instead.

>>> games = read_pgn('[Event "demo"]\\n\\n1. C2.5 H8+7 2. H2+3 *\\n')
>>> [m.iccs for m in games[0].moves], games[0].notation
(['h2e2', 'h9g7', 'h0g2'], 'wxf')
>>> print(write_pgn(games[0], notation="vi"))
[Event "demo"]
[Result "*"]
[Format "Vietnamese"]
<BLANKLINE>
1. P2-5 M8.7 2. M2.3 *
<BLANKLINE>
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from cotuong.core.board import Board
from cotuong.core.errors import CotuongError, RecordError
from cotuong.core.fen import START_FEN
from cotuong.notation.api import make_move_text, notation_name
from cotuong.records.layout import LOSS
from cotuong.records.model import GameRecord, RecordIssue
from cotuong.records.movetext import replay, split_after_results, tokenize_report, unclosed_bracket

_TAG = re.compile(r'\s*\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]\s*')
FORMAT_NAMES = {"iccs": "ICCS", "wxf": "WXF", "vi": "Vietnamese", "zh": "Chinese",
                "vi-words": "Vietnamese", "vi-words-ascii": "Vietnamese"}
_FORMAT_HINTS = {v.lower(): k for k, v in FORMAT_NAMES.items() if not k.startswith("vi-")}
_FORMAT_HINTS.update({"chinese": "zh", "vn": "vi", "english": "wxf"})


def _split_games(text: str) -> list[tuple[dict[str, str], str]]:
    """(headers, movetext) per game: a tag line after move text starts a new game."""
    games: list[tuple[dict[str, str], str]] = []
    headers: dict[str, str] = {}
    moves: list[str] = []
    for line in text.splitlines():
        tag = _TAG.fullmatch(line)
        if tag is not None:
            if moves and any(m.strip() for m in moves):
                games.append((headers, "\n".join(moves)))
                headers, moves = {}, []
            headers[tag.group(1)] = tag.group(2).replace('\\"', '"').replace("\\\\", "\\")
        else:
            moves.append(line)
    if headers or any(m.strip() for m in moves):
        games.append((headers, "\n".join(moves)))
    # Games without tag pairs are told apart only by their result token.
    return [(headers if i == 0 else {}, part)
            for headers, movetext in games
            for i, part in enumerate(split_after_results(movetext))]


def game_from_movetext(headers: dict[str, str], movetext: str, *, game_index: int,
                       notation: str | None, strict: bool,
                       start_fen: str | None = None) -> GameRecord:
    """Build one record from headers and move text (shared by the PGN and seed readers)."""
    fen = start_fen or headers.get("FEN") or START_FEN
    issues: list[RecordIssue] = []
    fields = fen.split()
    if len(fields) == 6 and fields[5] == "0":
        # Some editors count moves from 0 ("... w - - 0 0"): the position is fine.
        fen = " ".join([*fields[:5], "1"])
        issues.append(RecordIssue(game_index, 0, 0, fields[5],
                                  "FEN move number 0 read as 1", False, warning=True))
    try:
        fen = Board(fen).fen()  # normalised: "–" fields, either letter set
    except CotuongError as exc:
        if strict:
            raise RecordError(f"game {game_index + 1}: bad FEN {fen!r}: {exc.message}",
                              exc.code) from None
        issue = RecordIssue(game_index, 0, 0, fen, f"bad FEN: {exc.message}", False)
        return GameRecord(headers, fen, (), headers.get("Result", "*"), (issue,), notation)
    tokens, result_token, skipped = tokenize_report(movetext)
    issues.extend(RecordIssue(game_index, 0, 0, line, "skipped (not moves)", False,
                              warning=True) for line in skipped)
    hint = _FORMAT_HINTS.get(headers.get("Format", "").lower())
    played = replay(tokens, fen, notation, game_index=game_index, strict=strict, hint=hint)
    issues.extend(played.issues)
    if result_token == LOSS:  # "Thua" after the last move: the side to move lost
        loser = Board(fen)
        for move in played.moves:
            loser.push_unchecked(move)
        result_token = "0-1" if loser.turn.en == "Red" else "1-0"
    bracket = unclosed_bracket(movetext)
    if bracket is not None and all(i.inferred for i in played.issues):
        what = "comment '{'" if bracket == "{" else "variation '('"
        end = Board(fen)
        for move in played.moves:
            end.push_unchecked(move)
        message = f"unterminated {what}: the rest of the game text was skipped"
        if strict:
            raise RecordError(f"game {game_index + 1}, after move {end.fullmove_number} "
                              f"({end.turn.en} to play): {message}", "UNTERMINATED_COMMENT")
        issues.append(RecordIssue(game_index, end.fullmove_number, end.ply + 1, bracket,
                                  message, False))
    result = headers.get("Result") or result_token or "*"
    if result_token is not None and headers.get("Result") not in (None, "", result_token):
        issues.append(RecordIssue(game_index, 0, 0, result_token,
                                  f"result token {result_token} disagrees with "
                                  f"[Result \"{headers['Result']}\"]; the header is kept",
                                  False, warning=True))
    return GameRecord(headers, fen, played.moves, result, tuple(issues), played.notation)


def read_pgn(text: str, notation: str | None = None, *, strict: bool = False) -> list[GameRecord]:
    """Read every game of a PGN text.

    ``notation`` (``"wxf"``, ``"iccs"``, ``"zh"``, ``"vi"``) says how the moves are
    written; by default a ``[Format]`` tag or the letters decide, per game.
    """
    if notation is not None:
        notation = notation_name(notation)
    text = text.removeprefix("\ufeff")  # a byte-order mark, as Windows editors save
    return [game_from_movetext(headers, movetext, game_index=i, notation=notation,
                               strict=strict)
            for i, (headers, movetext) in enumerate(_split_games(text))]


_HEADER_ORDER = ("Event", "Site", "Date", "Round", "Red", "Black", "Result")


def _tag(name: str, value: str) -> str:
    # A tag pair is one line and its name one word: a newline in a value or a space in
    # a name would make the reader see move text (and new games) instead of a header.
    name = re.sub(r"[^A-Za-z0-9_]", "_", name) or "_"
    value = " ".join(str(value).split())
    return f'[{name} "{value.replace(chr(92), chr(92) * 2).replace(chr(34), chr(92) + chr(34))}"]'


def write_pgn(records: GameRecord | Iterable[GameRecord], notation: str = "wxf", *,
              traditional: bool = False, width: int = 80) -> str:
    """PGN text of one or more records with moves in the chosen notation.

    A non-standard start is written as ``[FEN]``; ``[Format]`` names the notation
    so :func:`read_pgn` reads it back without guessing.
    """
    name = notation_name(notation)
    games = [records] if isinstance(records, GameRecord) else list(records)
    out = []
    for record in games:
        headers = {k: v for k, v in record.headers.items() if k not in ("FEN", "Format")}
        headers["Result"] = record.result
        lines = [_tag(k, headers[k]) for k in _HEADER_ORDER if k in headers]
        lines += [_tag(k, v) for k, v in headers.items() if k not in _HEADER_ORDER]
        if record.start_fen != START_FEN:
            lines.append(_tag("FEN", record.start_fen))
        lines.append(_tag("Format", FORMAT_NAMES[name]))
        lines.append("")
        board = Board(record.start_fen)
        words = []
        for i, move in enumerate(record.moves):
            if i == 0 and board.turn.en == "Black":
                words.append(f"{board.fullmove_number}...")
            elif board.turn.en == "Red":
                words.append(f"{board.fullmove_number}.")
            words.append(make_move_text(board, move, name, traditional=traditional))
            board.push_unchecked(move)
        words.append(record.result)
        line = ""
        for word in words:
            if line and len(line) + 1 + len(word) > width:
                lines.append(line)
                line = word
            else:
                line = f"{line} {word}" if line else word
        lines.append(line)
        out.append("\n".join(lines) + "\n")
    return "\n".join(out)
