"""The ``position`` command, both directions.

>>> parse_position(position_command(START_FEN, ["h2e2"]).split()[1:])[1]
['h2e2']
"""

from __future__ import annotations

from collections.abc import Sequence

from cotuong.core.fen import START_FEN
from cotuong.uci.errors import UciCommandError
from cotuong.uci.protocol.wire import export_move


def position_command(start_fen: str, moves: Sequence[str], *, rank_base: int = 0) -> str:
    """The ``position`` line for ``start_fen`` and the ICCS ``moves`` played since.

    >>> position_command(START_FEN, ["h2e2"], rank_base=1)
    'position startpos moves h3e3'
    """
    line = "position startpos" if start_fen == START_FEN else f"position fen {start_fen}"
    if moves:
        line += " moves " + " ".join(export_move(m, rank_base=rank_base) for m in moves)
    return line


def parse_position(args: Sequence[str]) -> tuple[str, list[str]]:
    """``(fen, moves)`` of a ``position`` command (``args`` after ``position``); the
    FEN and moves are checked by the caller's board.

    >>> parse_position("startpos moves h2e2 h9g7".split())[1]
    ['h2e2', 'h9g7']
    """
    if not args:
        raise UciCommandError("'position' needs 'startpos' or 'fen …'")
    cut = args.index("moves") if "moves" in args else len(args)
    if args[0] == "startpos" and cut == 1:
        fen = START_FEN
    elif args[0] == "fen" and cut > 1:
        fen = " ".join(args[1:cut])
    else:
        raise UciCommandError("'position' needs 'startpos' or 'fen <FEN>'")
    return fen, list(args[cut + 1:])


