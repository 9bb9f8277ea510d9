"""The UCI/UCCI line protocol, both directions, as pure functions.

The client side (:mod:`cotuong.uci.aio`) reads engine output (:func:`parse_info`,
:func:`parse_bestmove`, :func:`parse_option`) and writes ``go`` (:func:`go_command`);
the server side (:mod:`cotuong.uci.server`) reads ``go`` (:func:`parse_go`) and writes
``info`` (:func:`format_info`). One module a kind of line:

- :mod:`~cotuong.uci.protocol.wire`: coordinate moves (``rank_base``) and numbers.
- :mod:`~cotuong.uci.protocol.reports`: ``info`` and ``bestmove``.
- :mod:`~cotuong.uci.protocol.go`: ``go`` and its limits.
- :mod:`~cotuong.uci.protocol.position`: ``position``.
- :mod:`~cotuong.uci.protocol.options`: ``option`` and ``setoption``.

Moves cross the wire in ICCS (files ``a``-``i``); engines disagree on ranks: UCCI
engines and Pikafish number them 0-9 (``h2e2``), Fairy-Stockfish 1-10 (``h3e3``).
``rank_base`` converts at the boundary so that everything inside is 0-9.

>>> from cotuong.engine.interface import Limits
>>> info = parse_info("info depth 5 score cp 34 nodes 1200 time 200 pv h2e2 h9g7")
>>> info.depth, info.score_cp, info.nps, info.pv
(5, 34, 6000, ('h2e2', 'h9g7'))
>>> parse_bestmove("bestmove h3e3 ponder h10g8", rank_base=1)
('h2e2', 'h9g7')
>>> go_command(Limits(movetime_ms=300), "uci")
'go movetime 300'
"""

from cotuong.uci.protocol.go import go_command, parse_go, side_clock
from cotuong.uci.protocol.options import (
    EngineOption,
    parse_option,
    parse_setoption,
    setoption_command,
)
from cotuong.uci.protocol.position import parse_position, position_command
from cotuong.uci.protocol.reports import MATE_SCORE, format_info, parse_bestmove, parse_info
from cotuong.uci.protocol.wire import ProtocolName, convert_move, export_move

__all__ = [
    "MATE_SCORE",
    "EngineOption",
    "ProtocolName",
    "convert_move",
    "export_move",
    "format_info",
    "go_command",
    "parse_bestmove",
    "parse_go",
    "parse_info",
    "parse_option",
    "parse_position",
    "parse_setoption",
    "position_command",
    "setoption_command",
    "side_clock",
]
