"""The opening book of a match: start positions, each played twice with colours swapped.

The book shipped with cotuong (``openings.txt``, 22 well-known openings after 2-6 plies)
or a file in the same format: ``FEN ; name ; moves`` or just a FEN per line, ``#``
comments. Every position is checked by the rules core, and a finished game is no opening.

>>> book = load_openings()
>>> book[0].fen.split()[1], len(book[0].moves) >= 2
('w', True)
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from cotuong.core.board import Board
from cotuong.core.errors import CotuongError, RecordError

__all__ = ["Opening", "load_openings"]


@dataclass(frozen=True, slots=True)
class Opening:
    """A start position for a pair of games; ``moves`` say how it arose (ICCS)."""

    fen: str
    name: str = ""
    moves: tuple[str, ...] = ()


def load_openings(path: str | Path | None = None) -> list[Opening]:
    """Openings from a file (``FEN ; name ; moves`` or just a FEN per line, ``#``
    comments); the default is the book shipped with cotuong (22 openings).

    >>> book = load_openings()
    >>> len(book) >= 20, book[0].name.startswith("Central cannon")
    (True, True)
    """
    if path is None:
        text = resources.files("cotuong.arena").joinpath("openings.txt").read_text("utf-8")
        where = "the built-in opening book"
    else:
        try:
            text = Path(path).read_text("utf-8-sig")  # a BOM is not part of the first FEN
        except (OSError, UnicodeDecodeError) as exc:
            raise RecordError(f"cannot read openings file {path}: {exc}") from exc
        where = str(path)
    openings = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        fen, _, rest = (part.strip() for part in line.partition(";"))
        name, _, moves = (part.strip() for part in rest.partition(";"))
        try:
            board = Board(fen)
            if board.is_game_over():
                raise RecordError("the game is already over in this position")
        except CotuongError as exc:
            raise RecordError(f"{where}, line {number}: {exc}") from exc
        openings.append(Opening(board.fen(), name, tuple(moves.split())))
    if not openings:
        raise RecordError(f"no opening positions in {where}")
    return openings
