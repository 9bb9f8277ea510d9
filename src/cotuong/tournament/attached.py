"""Light checks of a game record attached to a result.

We check the outline ourselves — tag pairs, a non-empty body and, when present,
a ``Result`` tag that agrees with the arbiter's result — and then, when
``cotuong.records.read_pgn`` is importable, let it replay the moves: exactly one
game, no move it had to stop at, and a result that agrees.  This module is
deliberately no PGN parser.

>>> from cotuong.tournament.results import Result
>>> check_attached_pgn('[Result "1-0"]\\n\\n1. h2e2 h9g7 1-0', Result.RED_WIN)
'[Result "1-0"]\\n\\n1. h2e2 h9g7 1-0'
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable
from typing import Any

from cotuong.tournament.errors import AttachedGameError
from cotuong.tournament.results import Result

_TAG = re.compile(r'^\s*\[([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]\s*$')
MAX_PGN_CHARS = 1_000_000  # a long xiangqi game is ~20 kB; this bounds a stray file


def _records_reader() -> Callable[[str], Any] | None:
    try:
        module = importlib.import_module("cotuong.records")
    except ImportError:
        return None
    reader = getattr(module, "read_pgn", None)
    return reader if callable(reader) else None


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
        raise AttachedGameError(f"result {result.text} is a forfeit: no game to attach")
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
        raise AttachedGameError(
            f"the attached game says Result {tag_result!r} but the recorded result is {result.text}"
        )
    reader = _records_reader()
    if reader is not None:
        _check_with_reader(reader, text, result)
    return text


def _check_with_reader(reader: Callable[[str], Any], text: str, result: Result) -> None:
    """Read the game with ``cotuong.records``: one game, every move legal, same result."""
    try:
        games = list(reader(text))
    except ValueError as exc:  # every cotuong error is a ValueError
        raise AttachedGameError(f"the attached game cannot be read: {exc}") from exc
    if len(games) != 1:
        raise AttachedGameError(f"attach exactly one game; the text holds {len(games)}")
    game = games[0]
    stopped = [issue for issue in getattr(game, "issues", ()) if not issue.inferred]
    if stopped:
        raise AttachedGameError(f"the attached game cannot be replayed: {stopped[0]}")
    game_result = getattr(game, "result", "*")
    if game_result not in ("*", result.pgn_result):
        raise AttachedGameError(
            f"the attached game ends {game_result} but the recorded result is {result.text}")
