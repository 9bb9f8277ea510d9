"""The UCI/UCCI line protocol: reading engine output, writing ``go`` commands.

Pure functions shared by the client (:mod:`cotuong.engines.aio`) and, for the
``info`` format, by our own server (:mod:`cotuong.engine.uci`).

Moves cross the wire in ICCS (files ``a``-``i``); engines disagree on ranks: UCCI
engines and Pikafish number them 0-9 (``h2e2``), Fairy-Stockfish 1-10 (``h3e3``).
``rank_base`` converts at the boundary so that everything inside is 0-9.

>>> info = parse_info("info depth 5 score cp 34 nodes 1200 time 200 pv h2e2 h9g7")
>>> info.depth, info.score_cp, info.nps, info.pv
(5, 34, 6000, ('h2e2', 'h9g7'))
>>> parse_bestmove("bestmove h3e3 ponder h10g8", rank_base=1)
('h2e2', 'h9g7')
>>> go_command(Limits(movetime_ms=300), "uci")
'go movetime 300'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from cotuong.core.types import Color
from cotuong.engine.interface import Info, Limits
from cotuong.engines.errors import EngineProtocolError

ProtocolName = Literal["uci", "ucci"]

_MOVE_RE = re.compile(r"^([a-i])(10|[0-9])([a-i])(10|[0-9])$")
# Words that end a ``pv`` list when an engine puts more fields after it.
_INFO_KEYS = frozenset(
    ["depth", "seldepth", "time", "nodes", "nps", "score", "pv", "multipv", "currmove",
     "currmovenumber", "hashfull", "tbhits", "cpuload", "string", "refutation", "currline",
     "wdl"]
)
_NO_MOVE = frozenset({"(none)", "0000", "none", "null"})


def convert_move(text: str, *, rank_base: int = 0) -> str:
    """An engine's coordinate move read into ICCS ranks 0-9 (``rank_base`` 0 or 1).

    >>> convert_move("e10e9", rank_base=1)
    'e9e8'

    Raises :class:`EngineProtocolError` if ``text`` is not a coordinate move.
    """
    m = _MOVE_RE.match(text)
    if m is None:
        raise EngineProtocolError(f"not a coordinate move: {text!r}")
    r1, r2 = int(m.group(2)) - rank_base, int(m.group(4)) - rank_base
    if not (0 <= r1 <= 9 and 0 <= r2 <= 9):
        raise EngineProtocolError(f"rank out of range in move {text!r} (rank base {rank_base})")
    return f"{m.group(1)}{r1}{m.group(3)}{r2}"


def export_move(iccs: str, *, rank_base: int = 0) -> str:
    """An ICCS move (ranks 0-9) written for an engine counting ranks from ``rank_base``.

    >>> export_move("h2e2", rank_base=1)
    'h3e3'
    """
    if rank_base == 0:
        return iccs
    return f"{iccs[0]}{int(iccs[1]) + rank_base}{iccs[2]}{int(iccs[3]) + rank_base}"


def _int(tokens: Sequence[str], i: int, what: str, line: str) -> int:
    if i >= len(tokens):
        raise EngineProtocolError(f"'{what}' without a value in engine line {line!r}")
    try:
        return int(tokens[i])
    except ValueError:
        raise EngineProtocolError(
            f"'{what}' is not a number ({tokens[i]!r}) in engine line {line!r}"
        ) from None


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


def go_command(limits: Limits, protocol: ProtocolName, *, turn: Color = Color.RED,
               millisec: bool = True) -> str:
    """The ``go`` line for ``limits``.

    UCCI knows only the clock of the side to move (``time``/``increment``) and the
    opponent's (``opptime``/``oppincrement``), in seconds unless the engine accepted
    ``usemillisec``; ``infinite`` is ``go depth infinite``.

    >>> go_command(Limits(wtime_ms=60000, btime_ms=50000, winc_ms=1000), "ucci",
    ...            turn=Color.BLACK, millisec=False)
    'go time 50 opptime 60 oppincrement 1'
    """
    if protocol == "uci":
        parts = ["go"]
        for word, value in (("wtime", limits.wtime_ms), ("btime", limits.btime_ms),
                            ("winc", limits.winc_ms), ("binc", limits.binc_ms),
                            ("movestogo", limits.movestogo), ("depth", limits.depth),
                            ("nodes", limits.nodes), ("movetime", limits.movetime_ms)):
            if value is not None:
                parts += [word, str(value)]
        if limits.infinite:
            parts.append("infinite")
        return " ".join(parts)

    def t(ms: int) -> str:
        return str(ms) if millisec else str(max(0, ms // 1000))

    red = turn is Color.RED
    own, opp = (limits.wtime_ms, limits.btime_ms) if red else (limits.btime_ms, limits.wtime_ms)
    own_inc, opp_inc = (limits.winc_ms, limits.binc_ms) if red else (limits.binc_ms, limits.winc_ms)
    parts = ["go"]
    if limits.infinite:
        return "go depth infinite"
    if limits.depth is not None:
        parts += ["depth", str(limits.depth)]
    if limits.nodes is not None:
        parts += ["nodes", str(limits.nodes)]
    if limits.movetime_ms is not None and own is None:
        # UCCI has no ``movetime``: a clock of one move does the same job.
        parts += ["time", t(limits.movetime_ms), "movestogo", "1"]
    if own is not None:
        parts += ["time", t(own)]
        if own_inc:
            parts += ["increment", t(own_inc)]
        if limits.movestogo is not None:
            parts += ["movestogo", str(limits.movestogo)]
        if opp is not None:
            parts += ["opptime", t(opp)]
            if opp_inc:
                parts += ["oppincrement", t(opp_inc)]
    if len(parts) == 1:
        parts += ["depth", "infinite"] if protocol == "ucci" else []
    return " ".join(parts)


@dataclass(frozen=True, slots=True)
class EngineOption:
    """One ``option`` an engine announced in its handshake.

    >>> parse_option("option name Hash type spin default 16 min 1 max 33554432")
    EngineOption(name='Hash', type='spin', default='16', min=1, max=33554432, choices=())
    >>> parse_option("option usemillisec type check default false").name
    'usemillisec'
    """

    name: str
    type: str
    default: str | None = None
    min: int | None = None
    max: int | None = None
    choices: tuple[str, ...] = ()


def parse_option(line: str) -> EngineOption:
    """Read an ``option`` line (UCI ``option name X type …``; UCCI ``option X type …``)."""
    tokens = line.split()
    if len(tokens) < 2 or tokens[0] != "option":
        raise EngineProtocolError(f"malformed option line from engine: {line!r}")
    keys = {"name", "type", "default", "min", "max", "var"}
    values: dict[str, list[str]] = {}
    choices: list[str] = []
    current = "name"
    i = 1
    if tokens[1] == "name":
        i = 2
    buf: list[str] = []
    for tok in tokens[i:]:
        # A name may contain spaces (``Clear Hash``); only ``type`` ends it.
        if tok in keys and (current != "name" or tok == "type"):
            if current == "var":
                choices.append(" ".join(buf))
            else:
                values[current] = buf
            current, buf = tok, []
        else:
            buf.append(tok)
    if current == "var":
        choices.append(" ".join(buf))
    else:
        values[current] = buf
    name = " ".join(values.get("name", []))
    if not name:
        raise EngineProtocolError(f"option without a name from engine: {line!r}")

    def num(key: str) -> int | None:
        if key not in values:
            return None
        try:
            return int(" ".join(values[key]))
        except ValueError:
            raise EngineProtocolError(f"option {name!r}: {key} is not a number") from None

    default = " ".join(values["default"]) if "default" in values else None
    return EngineOption(name, " ".join(values.get("type", [])), default,
                        num("min"), num("max"), tuple(choices))


def format_info(info: Info, protocol: ProtocolName = "uci") -> str:
    """Our own ``info`` line for ``info`` (the server side of :func:`parse_info`).

    >>> format_info(Info(depth=3, nodes=900, time_ms=12, nps=75000, pv=("h2e2",), score_cp=20))
    'info depth 3 score cp 20 nodes 900 nps 75000 time 12 pv h2e2'
    """
    parts = ["info", "depth", str(info.depth)]
    if info.seldepth is not None:
        parts += ["seldepth", str(info.seldepth)]
    if info.mate is not None:
        # UCCI has no mate scores: encode as a huge score, as UCCI engines do.
        parts += (["score", "mate", str(info.mate)] if protocol == "uci"
                  else ["score", str(30000 - abs(info.mate) if info.mate > 0
                                     else -30000 + abs(info.mate))])
    elif info.score_cp is not None:
        parts += ["score", "cp", str(info.score_cp)] if protocol == "uci" else [
            "score", str(info.score_cp)]
    parts += ["nodes", str(info.nodes), "nps", str(info.nps), "time", str(info.time_ms)]
    if info.pv:
        parts += ["pv", *info.pv]
    return " ".join(parts)
