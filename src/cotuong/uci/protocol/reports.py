"""Search reports, both directions: an engine's ``info`` and ``bestmove`` lines read
(client side, :func:`parse_info`, :func:`parse_bestmove`) and our own ``info`` written
(server side, :func:`format_info`).

>>> info = parse_info("info depth 5 score cp 34 nodes 1200 time 200 pv h2e2 h9g7")
>>> format_info(info, "ucci")
'info depth 5 score 34 nodes 1200 nps 6000 time 200 pv h2e2 h9g7'
"""

from __future__ import annotations

from collections.abc import Sequence

from cotuong.engine.interface import Info
from cotuong.uci.errors import EngineProtocolError
from cotuong.uci.protocol.wire import ProtocolName, convert_move, read_number

# Words that end a ``pv`` list when an engine puts more fields after it.
_INFO_KEYS = frozenset(
    ["depth", "seldepth", "time", "nodes", "nps", "score", "pv", "multipv", "currmove",
     "currmovenumber", "hashfull", "tbhits", "cpuload", "string", "refutation", "currline",
     "wdl"]
)
_NO_MOVE = frozenset({"(none)", "0000", "none", "null"})
# UCCI has no mate scores: a mate in n is written as MATE_SCORE - n (negative when mated).
MATE_SCORE = 30000


def _int(tokens: Sequence[str], i: int, what: str, line: str) -> int:
    """A number in an engine's output line (client side)."""
    return read_number(tokens, i, what, EngineProtocolError, where=f" in engine line {line!r}")


def parse_info(line: str, *, rank_base: int = 0) -> Info | None:
    """A search report from an ``info`` line, or ``None`` for lines that are not one
    (``info string …``, ``info currmove …``, lines without ``depth``).

    Both dialects: UCI ``score cp 12`` / ``score mate -3`` and UCCI ``score 12``.
    Raises :class:`EngineProtocolError` for malformed numbers or moves.
    """
    tokens = line.split()
    if not tokens or tokens[0] != "info":
        return None
    if len(tokens) > 1 and tokens[1] == "string":
        return None
    fields: dict[str, int] = {}
    score_cp: int | None = None
    mate: int | None = None
    pv: list[str] = []
    i = 1
    while i < len(tokens):
        key = tokens[i]
        if key in ("depth", "seldepth", "time", "nodes", "nps", "multipv", "hashfull",
                   "currmovenumber", "tbhits", "cpuload"):
            fields[key] = _int(tokens, i + 1, key, line)
            i += 2
        elif key == "score":
            i += 1
            if i < len(tokens) and tokens[i] == "cp":
                score_cp = _int(tokens, i + 1, "score cp", line)
                i += 2
            elif i < len(tokens) and tokens[i] == "mate":
                mate = _int(tokens, i + 1, "score mate", line)
                i += 2
            else:  # UCCI: the number follows ``score`` directly
                score_cp = _int(tokens, i, "score", line)
                i += 1
            while i < len(tokens) and tokens[i] in ("lowerbound", "upperbound"):
                i += 1
        elif key == "pv":
            i += 1
            while i < len(tokens) and tokens[i] not in _INFO_KEYS:
                pv.append(convert_move(tokens[i], rank_base=rank_base))
                i += 1
        elif key == "string":
            break  # free text to the end of the line
        elif key in ("currmove", "refutation", "currline"):
            i += 2
        elif key == "wdl":
            i += 4
        else:
            i += 1  # unknown field names are allowed by UCI; skip them
    if "depth" not in fields:
        return None
    time_ms = fields.get("time", 0)
    nodes = fields.get("nodes", 0)
    nps = fields.get("nps", nodes * 1000 // time_ms if time_ms > 0 else 0)
    return Info(
        depth=fields["depth"], nodes=nodes, time_ms=time_ms, nps=nps, pv=tuple(pv),
        score_cp=score_cp, mate=mate, seldepth=fields.get("seldepth"),
        multipv=fields.get("multipv"),
    )


def parse_bestmove(line: str, *, rank_base: int = 0) -> tuple[str | None, str | None]:
    """``(bestmove, ponder)`` from a ``bestmove`` or UCCI ``nobestmove`` line.

    ``None`` as the move means the engine says it has no move (``bestmove (none)``,
    ``nobestmove``). Raises :class:`EngineProtocolError` for anything else malformed.

    >>> parse_bestmove("nobestmove")
    (None, None)
    """
    tokens = line.split()
    if tokens == ["nobestmove"]:
        return None, None
    if len(tokens) < 2 or tokens[0] != "bestmove":
        raise EngineProtocolError(f"malformed bestmove line from engine: {line!r}")
    if tokens[1] in _NO_MOVE:
        return None, None
    best = convert_move(tokens[1], rank_base=rank_base)
    ponder: str | None = None
    if len(tokens) >= 4 and tokens[2] == "ponder" and tokens[3] not in _NO_MOVE:
        ponder = convert_move(tokens[3], rank_base=rank_base)
    return best, ponder


def format_info(info: Info, protocol: ProtocolName = "uci") -> str:
    """Our own ``info`` line for ``info`` (the server side of :func:`parse_info`).

    >>> format_info(Info(depth=3, nodes=900, time_ms=12, nps=75000, pv=("h2e2",), score_cp=20))
    'info depth 3 score cp 20 nodes 900 nps 75000 time 12 pv h2e2'
    >>> format_info(Info(depth=3, nodes=900, time_ms=12, nps=75000, pv=("b2e2",), score_cp=5,
    ...                  multipv=2))
    'info depth 3 multipv 2 score cp 5 nodes 900 nps 75000 time 12 pv b2e2'
    """
    parts = ["info", "depth", str(info.depth)]
    if info.seldepth is not None:
        parts += ["seldepth", str(info.seldepth)]
    if info.multipv is not None:
        parts += ["multipv", str(info.multipv)]
    if info.mate is not None:
        # UCCI has no mate scores: encode as a huge score, as UCCI engines do.
        parts += (["score", "mate", str(info.mate)] if protocol == "uci"
                  else ["score", str(MATE_SCORE - abs(info.mate) if info.mate > 0
                                     else -MATE_SCORE + abs(info.mate))])
    elif info.score_cp is not None:
        parts += ["score", "cp", str(info.score_cp)] if protocol == "uci" else [
            "score", str(info.score_cp)]
    parts += ["nodes", str(info.nodes), "nps", str(info.nps), "time", str(info.time_ms)]
    if info.pv:
        parts += ["pv", *info.pv]
    return " ".join(parts)


