"""Move text of a record: tokens, notation detection, and a lenient or strict replay.

>>> from cotuong.records.movetext import tokenize, replay
>>> tokens, result = tokenize("1. C2.5 {best} H8+7 (2. H2+3) 2. H2+3 1-0")
>>> tokens, result
(['C2.5', 'H8+7', 'H2+3'], '1-0')
>>> [m.iccs for m in replay(tokens, START_FEN, None).moves]
['h2e2', 'h9g7', 'h0g2']
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from cotuong.core.board import Board
from cotuong.core.errors import CotuongError, InvalidMoveTextError, RecordError
from cotuong.core.fen import START_FEN
from cotuong.core.types import Move
from cotuong.notation.api import infer_move, notation_name, parse_move, script
from cotuong.notation.grammar import fold
from cotuong.notation.words import WORD_MOVE, plain_same_length
from cotuong.records.layout import LOSS, clean_lines
from cotuong.records.model import RecordIssue

__all__ = ["START_FEN", "Replay", "detect_notations", "replay", "split_after_results",
           "tokenize", "tokenize_report", "unclosed_bracket"]

_RESULT_TOKENS = {"1-0": "1-0", "0-1": "0-1", "1/2-1/2": "1/2-1/2", "½-½": "1/2-1/2",
                  "*": "*"}
_MOVE_NUMBER = re.compile(r"(\d+)(\.+|…)(.*)")
_ICCS = re.compile(r"[a-iA-I][0-9]-?[a-iA-I][0-9]")
# Letters only one of the two Latin notations uses (P and C are shared, with
# different meanings: the trap RULES.md §3 warns about).
_VI_ONLY = set("XMSTVB/")
_WXF_ONLY = set("RHEAK=")


_PAREN_RESULT = re.compile(r"\(\s*(1-0|0-1|1/2-1/2|½-½)\s*\)")
_BLOCK_COMMENT = re.compile(r"/\*.*?\*/", re.DOTALL)
_MOVE_AHEAD = re.compile(r"[ \t]*(?:\d|[A-Za-z]{1,2}[1-9+\-]|[+-]{1,2}[A-Za-z.+\-])")


def _separates_moves(text: str, i: int) -> bool:
    """Whether the ``;`` at ``i`` stands between two moves (``P2-5; M8.7``) rather than
    opening a comment: the text after it starts with a move."""
    end = text.find("\n", i)
    rest = text[i + 1:] if end < 0 else text[i + 1:end]
    if _MOVE_AHEAD.match(rest):
        return True
    return WORD_MOVE.match(plain_same_length(rest.lstrip()[:40])) is not None


def _strip_comments(text: str) -> tuple[str, bool]:
    """``text`` without ``{...}``, ``/* ... */`` and ``; ...`` comments, and whether a
    ``{`` was left open. One pass, because each kind hides the other: a ``;`` inside
    braces is text ("{Red attacks; Black defends}"), and so is a ``{`` after a ``;``.
    A ``;`` followed by a move separates moves (``P2-5; M8.7``).
    """
    text = _BLOCK_COMMENT.sub(" ", text) if "/*" in text else text
    out: list[str] = []
    brace = line = False
    for i, ch in enumerate(text):
        if brace:
            brace = ch != "}"
        elif line:
            line = ch != "\n"
            if not line:
                out.append(ch)
        elif ch == "{":
            brace = True
            out.append(" ")
        elif ch == ";":
            line = not _separates_moves(text, i)
            out.append(" ")
        else:
            out.append(ch)
    return "".join(out), brace


def _strip_nested(text: str, open_ch: str, close_ch: str) -> str:
    out = []
    depth = 0
    for ch in text:
        if ch == open_ch:
            if not depth:
                out.append(" ")  # "h0g2(2. c3c4)i9h9" is two moves, not one word
            depth += 1
        elif ch == close_ch and depth:
            depth -= 1
        elif not depth:
            out.append(ch)
    return "".join(out)


def unclosed_bracket(movetext: str) -> str | None:
    """``"{"`` or ``"("`` when a comment or variation is opened and never closed.

    Everything after such a bracket is skipped by :func:`tokenize`, so a reader
    must say so instead of silently ending the game there.

    >>> unclosed_bracket("1. C2.5 {good (2. H2+3) H8+7"), unclosed_bracket("1. C2.5 (H8+7")
    ('{', '(')
    >>> unclosed_bracket("1. C2.5 {a (b} (2. H2+3 {c)}) *") is None
    True
    """
    text, open_comment = _strip_comments(movetext)
    if open_comment:
        return "{"
    depth = 0
    for ch in text:
        if ch == "(":
            depth += 1
        elif ch == ")" and depth:
            depth -= 1
    return "(" if depth else None


def split_after_results(movetext: str) -> list[str]:
    """Move text cut after each result token that more moves follow.

    Files without tag pairs separate games only by their result (``1. h2e2 *``
    then ``1. c3c4 *``); without the cut the second game's moves would be
    replayed as the continuation of the first.

    >>> split_after_results("1. h2e2 h9g7 1-0\\n1. c3c4 *")
    ['1. h2e2 h9g7 1-0', '\\n1. c3c4 *']
    >>> split_after_results("1. h2e2 1-0 {won on time}")
    ['1. h2e2 1-0 {won on time}']
    """
    pieces: list[str] = []
    begin = 0  # where the current game's text starts
    cut = _first_result_end(movetext, 0)
    while cut is not None:
        following = _first_result_end(movetext, cut)
        # Only the text up to the next result is looked at: linear in the file, even
        # for thousands of games without tags.
        if tokenize(movetext[cut:following])[0]:
            pieces.append(movetext[begin:cut])
            begin = cut
        cut = following
    pieces.append(movetext[begin:])
    return pieces


def _first_result_end(text: str, start: int) -> int | None:
    """Index just after the first result token outside comments and variations, scanning
    from ``start`` (a point outside them)."""
    depth = 0
    comment = False
    line_comment = False
    token = None
    for i in range(start, len(text) + 1):
        ch = text[i] if i < len(text) else " "
        if line_comment:
            line_comment = ch != "\n"
            continue
        if comment:
            comment = ch != "}"
            continue
        if depth == 0 and (ch.isspace() or ch in "{(;"):
            if token is not None and text[token:i].rstrip("!?") in _RESULT_TOKENS:
                return i
            token = None
        if ch == "{":
            comment = True
        elif ch == ";":
            line_comment = True
        elif ch == "(":
            depth += 1
        elif ch == ")" and depth:
            depth -= 1
        elif depth == 0 and not ch.isspace() and token is None:
            token = i
    return None


def tokenize(movetext: str) -> tuple[list[str], str | None]:
    """Move tokens of a PGN-like move text, and the result token if present.

    Comments (``{...}``, ``; ...``), variations ``(...)``, NAGs (``$1``),
    annotations (``!?``) and move numbers (``12.``, ``12...``, glued ``1.X2.1``)
    are skipped; so are the layouts of :mod:`cotuong.records.layout` (see
    :func:`tokenize_report` for the lines left out).
    """
    tokens, result, _ = tokenize_report(movetext)
    return tokens, None if result == LOSS else result


def tokenize_report(movetext: str) -> tuple[list[str], str | None, list[str]]:
    """Like :func:`tokenize`, with the lines left out (headings, prose, text after
    the result). The result may be ``"loss"``: the side to move lost (``Thua``).

    >>> tokenize_report("Ván 1:\\n1) Pháo 2 bình 5, Mã 8 tấn 7 (0-1)")
    (['Pháo2bình5', 'Mã8tấn7'], '0-1', ['heading: Ván 1:'])
    """
    text = _PAREN_RESULT.sub(r" \1 ", movetext) if "(" in movetext else movetext
    text = _strip_nested(_strip_comments(text)[0], "(", ")")
    lines = clean_lines(text)
    tokens: list[str] = []
    for raw in lines.tokens:
        token = raw.rstrip("!?")
        if not token or token.startswith("$"):
            continue
        number = _MOVE_NUMBER.fullmatch(token)
        # "33.4" is a WXF pawn move, not move 33: a glued move number is only
        # stripped when a non-digit follows it.
        if number is not None and (not number.group(3) or not number.group(3)[0].isdigit()):
            token = number.group(3)
            if not token:
                continue
        tokens.append(token)
    return tokens, lines.result, lines.skipped


def detect_notations(tokens: list[str], hint: str | None = None) -> list[str]:
    """Notations to try for these tokens, most likely first (by letter set)."""
    sample = [fold(t) for t in tokens[:200]]  # full width and "–" dashes read as ASCII
    scripts = {script(t) for t in sample}
    if "zh" in scripts:
        return ["zh"]
    if "vi" in scripts:  # words (Pháo2bình5) or Vietnamese letters
        return ["vi"]
    if sample and all(_ICCS.fullmatch(t) for t in sample):
        return ["iccs"]
    letters = "".join(sample).upper()
    vi = sum(ch in _VI_ONLY for ch in letters)
    wxf = sum(ch in _WXF_ONLY for ch in letters)
    order = ["vi", "wxf"] if vi > wxf else ["wxf", "vi"]
    if hint is not None:
        return [hint] + [n for n in order if n != hint]
    if (vi == 0) != (wxf == 0):
        return order[:1]  # the letters say which: no second guess
    return order


@dataclass(frozen=True, slots=True)
class Replay:
    """The outcome of replaying move tokens: legal moves and what went wrong."""

    moves: tuple[Move, ...]
    issues: tuple[RecordIssue, ...]
    notation: str | None


def _replay_one(tokens: list[str], start_fen: str, notation: str, game_index: int,
                strict: bool) -> Replay:
    board = Board(start_fen)
    moves: list[Move] = []
    issues: list[RecordIssue] = []
    for token in tokens:
        number, ply = board.fullmove_number, board.ply + 1
        side = board.turn.en
        try:
            # A king without its file (Tg.1) is reported, not read silently: the seeds
            # write Tg/1 for Tg6/1 (RULES.md §3).
            move = parse_move(board, token, notation, lone_king=False)
        except CotuongError as exc:
            inferred = None
            if isinstance(exc, InvalidMoveTextError) and exc.code == "MISSING_FILE":
                try:
                    inferred = infer_move(board, token, notation)
                except CotuongError:
                    inferred = None
            if strict:
                raise RecordError(
                    f"game {game_index + 1}, move {number} ({side}), token {token!r}: "
                    f"{exc.message}", exc.code) from None
            if inferred is None:
                issues.append(RecordIssue(game_index, number, ply, token, exc.message, False))
                break
            issues.append(RecordIssue(
                game_index, number, ply, token,
                f"{exc.message}; inferred {inferred.iccs}, the only legal move that fits",
                True))
            move = inferred
        board.push_unchecked(move)
        moves.append(move)
    return Replay(tuple(moves), tuple(issues), notation)


def replay(tokens: list[str], start_fen: str, notation: str | None, *, game_index: int = 0,
           strict: bool = False, hint: str | None = None) -> Replay:
    """Replay move tokens from ``start_fen``.

    With ``notation`` only that notation is read. Without it the notation is
    detected from the letters; when the letters cannot tell (only ``P``/``C``
    moves), every candidate is replayed and the one that reads the whole game is
    taken -- two that read it as different games are reported, never chosen.
    Lenient mode (default) collects issues and keeps the game up to the first bad
    move; ``strict`` raises :class:`RecordError` naming game, move and token.
    """
    if notation is not None:
        return _replay_one(tokens, start_fen, notation_name(notation), game_index, strict)
    if not tokens:
        return Replay((), (), hint)
    candidates = detect_notations(tokens, hint)
    if len(candidates) == 1:
        return _replay_one(tokens, start_fen, candidates[0], game_index, strict)
    if hint is not None:
        # The record says its notation ([Format]); believe it if the game reads.
        told = _replay_one(tokens, start_fen, hint, game_index, False)
        if not told.issues:
            return told
    attempts = [_replay_one(tokens, start_fen, name, game_index, False) for name in candidates]
    clean = [a for a in attempts if not a.issues]
    if len({a.moves for a in clean}) > 1:
        names = ", ".join(str(a.notation) for a in clean)
        message = (f"game {game_index + 1}: the moves read as different games in {names}; "
                   "say which notation")
        if strict:
            raise RecordError(message, "AMBIGUOUS_NOTATION")
        return Replay((), (RecordIssue(game_index, 1, 1, tokens[0], message, False),),
                      clean[0].notation)
    if clean:
        return clean[0]
    best = max(attempts, key=lambda a: len(a.moves))  # first on ties: the likeliest
    if strict:
        _replay_one(tokens, start_fen, candidates[attempts.index(best)], game_index, True)
    return best
