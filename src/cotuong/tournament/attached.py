"""Light checks of a game record attached to a result.

We check the outline ourselves — tag pairs, a non-empty body and, when present,
a ``Result`` tag that agrees with the arbiter's result — and then let
:func:`cotuong.records.read_pgn` (a layer below) replay the moves: exactly one game,
no move it had to stop at, and a result that agrees.  This module is deliberately no
PGN parser.

>>> from cotuong.tournament.results import Result
>>> check_attached_pgn('[Result "1-0"]\\n\\n1. h2e2 h9g7 1-0', Result.RED_WIN)
'[Result "1-0"]\\n\\n1. h2e2 h9g7 1-0'
"""

from __future__ import annotations

import re

from cotuong.records import GameRecord, read_pgn
from cotuong.tournament.errors import AttachedGameError, fail
from cotuong.tournament.results import Result

_TAG = re.compile(r'^\s*\[([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]\s*$')
MAX_PGN_CHARS = 1_000_000  # a long xiangqi game is ~20 kB; this bounds a stray file


def check_attached_pgn(text: str, result: Result) -> str:
    """Return the PGN text (line endings normalised) or raise :class:`AttachedGameError`.

    Forfeits have no game, so a PGN attached to one is refused.
    """
    if not isinstance(text, str) or not text.strip():
        raise AttachedGameError("the attached game is empty")
    if len(text) > MAX_PGN_CHARS:
        raise AttachedGameError(f"the attached game is {len(text)} characters; "
                                f"the limit is {MAX_PGN_CHARS}")
    if result.forfeit:
        raise fail(AttachedGameError, "T_PGN_FORFEIT", result=result.text)
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    tags: dict[str, str] = {}
    body: list[str] = []
    for lineno, line in enumerate(text.split("\n"), 1):
        stripped = line.strip()
        if stripped.startswith("["):
            m = _TAG.match(line)
            if m is None:
                raise AttachedGameError(f"attached game, line {lineno}: malformed tag {stripped!r}")
            tags[m.group(1)] = m.group(2)
        elif stripped:
            body.append(stripped)
    if not tags and not body:
        raise AttachedGameError("the attached game has neither tags nor moves")
    tag_result = tags.get("Result")
    if tag_result not in (None, "*", "") and tag_result != result.pgn_result:
        raise fail(AttachedGameError, "T_PGN_RESULT", pgn=tag_result, result=result.text)
    _check_replay(text, result)
    return text


def _check_replay(text: str, result: Result) -> None:
    """Read the game with ``cotuong.records``: one game, every move legal, same result."""
    try:
        games: list[GameRecord] = read_pgn(text)
    except ValueError as exc:  # every cotuong error is a ValueError
        raise fail(AttachedGameError, "T_PGN_UNREADABLE", why=str(exc)) from exc
    if len(games) != 1:
        raise AttachedGameError(f"attach exactly one game; the text holds {len(games)}")
    game = games[0]
    stopped = [issue for issue in game.issues if not issue.inferred]
    if stopped:
        raise fail(AttachedGameError, "T_PGN_STOPPED", why=str(stopped[0]))
    if game.result not in ("*", result.pgn_result):
        raise fail(AttachedGameError, "T_PGN_ENDS", pgn=game.result, result=result.text)
