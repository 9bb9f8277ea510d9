"""The UCI/UCCI line protocol, both directions, as pure functions.

The client side (:mod:`cotuong.uci.aio`) reads engine output (:func:`parse_info`,
:func:`parse_bestmove`, :func:`parse_option`) and writes ``go`` (:func:`go_command`);
the server side (:mod:`cotuong.uci.server`) reads ``go`` (:func:`parse_go`) and writes
``info`` (:func:`format_info`). One number reader serves both.

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

from cotuong.core.errors import CotuongError
from cotuong.core.fen import START_FEN
from cotuong.core.types import Color
from cotuong.engine.interface import Info, Limits
from cotuong.uci.errors import EngineProtocolError, UciCommandError

ProtocolName = Literal["uci", "ucci"]

_MOVE_RE = re.compile(r"^([a-i])(10|[0-9])([a-i])(10|[0-9])$")
# Words that end a ``pv`` list when an engine puts more fields after it.
_INFO_KEYS = frozenset(
    ["depth", "seldepth", "time", "nodes", "nps", "score", "pv", "multipv", "currmove",
     "currmovenumber", "hashfull", "tbhits", "cpuload", "string", "refutation", "currline",
     "wdl"]
)
# The numeric parameters of ``go`` (UCI and UCCI) and its flags.
_GO_NUMBERS = frozenset(
    ["wtime", "btime", "winc", "binc", "movestogo", "movetime", "depth", "nodes", "mate",
     "time", "increment", "opptime", "oppincrement", "oppmovestogo"]
)
_GO_FLAGS = frozenset(["infinite", "ponder", "draw", "searchmoves"])
_NO_MOVE = frozenset({"(none)", "0000", "none", "null"})
# UCCI has no mate scores: a mate in n is written as MATE_SCORE - n (negative when mated).
MATE_SCORE = 30000


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


def _number(tokens: Sequence[str], i: int, word: str, error: type[CotuongError], *,
            where: str = "", negative: bool = True) -> int:
    """``tokens[i]`` as the integer value of ``word``, or ``error`` saying what is wrong
    (``where`` is appended: the engine line, for the client)."""
    if i >= len(tokens):
        raise error(f"'{word}' needs a number{where}")
    try:
        value = int(tokens[i])
    except ValueError:
        raise error(f"'{word}' is not a number ({tokens[i]!r}){where}") from None
    if value < 0 and not negative:
        raise error(f"'{word}' must not be negative ({value}){where}")
    return value


def _int(tokens: Sequence[str], i: int, what: str, line: str) -> int:
    """A number in an engine's output line (client side)."""
    return _number(tokens, i, what, EngineProtocolError, where=f" in engine line {line!r}")


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


def parse_go(tokens: Sequence[str], turn: Color, *, ucci: bool = False,
             millisec: bool = True) -> Limits:
    """The :class:`Limits` of a ``go`` command (``tokens`` after ``go``).

    UCCI clocks (``time``, ``increment``, ``opptime``…) are the side to move's and
    its opponent's, in seconds unless ``millisec``.

    ``searchmoves`` takes the moves after it (up to the next keyword): only those root
    moves are searched.

    >>> parse_go("wtime 1000 btime 2000 movestogo 5".split(), Color.RED)
    Limits(depth=None, nodes=None, movetime_ms=None, wtime_ms=1000, btime_ms=2000, \
winc_ms=None, binc_ms=None, movestogo=5, infinite=False, searchmoves=())
    >>> parse_go("searchmoves h2e2 b2e2 movetime 100".split(), Color.RED).searchmoves
    ('h2e2', 'b2e2')
    >>> parse_go("time 30 increment 2 opptime 40".split(), Color.BLACK, ucci=True,
    ...          millisec=False).btime_ms
    30000
    """
    values: dict[str, int] = {}
    searchmoves: list[str] = []
    infinite = False
    scale = 1 if millisec or not ucci else 1000
    i = 0
    while i < len(tokens):
        word = tokens[i]
        if word in ("infinite", "ponder", "draw"):
            infinite = infinite or word != "draw"  # no pondering: think until 'stop'
            i += 1
        elif word == "depth" and i + 1 < len(tokens) and tokens[i + 1] == "infinite":
            infinite = True
            i += 2
        elif word in _GO_NUMBERS:
            values[word] = _number(tokens, i + 1, word, UciCommandError, negative=False)
            i += 2
        elif word == "searchmoves":
            i += 1
            while i < len(tokens) and tokens[i] not in _GO_NUMBERS and tokens[i] not in _GO_FLAGS:
                if _MOVE_RE.match(tokens[i]) is None:
                    raise UciCommandError(f"'searchmoves': {tokens[i]!r} is not a coordinate move")
                searchmoves.append(tokens[i])
                i += 1
            if not searchmoves:
                raise UciCommandError("'searchmoves' needs at least one move")
        else:
            raise UciCommandError(f"unknown 'go' parameter {word!r}")
    own, opp = ("wtime", "btime") if turn is Color.RED else ("btime", "wtime")
    own_inc, opp_inc = ("winc", "binc") if turn is Color.RED else ("binc", "winc")
    for src, dst in (("time", own), ("opptime", opp), ("increment", own_inc),
                     ("oppincrement", opp_inc)):
        if src in values:
            values[dst] = values.pop(src) * scale
    if "mate" in values:  # search for a mate in n: as deep as that needs
        values["depth"] = 2 * values.pop("mate") - 1
    if values.get("depth") == 0:
        raise UciCommandError("'depth' must be at least 1")
    return Limits(
        depth=values.get("depth"), nodes=values.get("nodes"),
        movetime_ms=values.get("movetime"), wtime_ms=values.get("wtime"),
        btime_ms=values.get("btime"), winc_ms=values.get("winc"), binc_ms=values.get("binc"),
        movestogo=values.get("movestogo"), infinite=infinite, searchmoves=tuple(searchmoves),
    )


def go_command(limits: Limits, protocol: ProtocolName, *, turn: Color = Color.RED,
               millisec: bool = True, rank_base: int = 0) -> str:
    """The ``go`` line for ``limits``.

    UCCI knows only the clock of the side to move (``time``/``increment``) and the
    opponent's (``opptime``/``oppincrement``), in seconds unless the engine accepted
    ``usemillisec``; ``infinite`` is ``go depth infinite``. UCCI has no ``searchmoves``:
    the client sends ``banmoves`` for the other moves before ``go``.

    >>> go_command(Limits(movetime_ms=100, searchmoves=("h2e2",)), "uci", rank_base=1)
    'go movetime 100 searchmoves h3e3'

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
        if limits.searchmoves:
            parts += ["searchmoves",
                      *(export_move(m, rank_base=rank_base) for m in limits.searchmoves)]
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


def setoption_command(name: str, value: str, protocol: ProtocolName) -> str:
    """``setoption name N value V`` (UCI) or ``setoption N V`` (UCCI).

    >>> setoption_command("Hash", "64", "ucci")
    'setoption Hash 64'
    """
    if protocol == "uci":
        return f"setoption name {name} value {value}"
    return f"setoption {name} {value}"


def parse_setoption(args: Sequence[str]) -> tuple[str, str]:
    """``(name, value)`` of a ``setoption`` command, either dialect (``args`` after
    ``setoption``); the value is ``""`` for a UCI button.

    >>> parse_setoption("name Clear Hash".split()), parse_setoption(["hashsize", "64"])
    (('Clear Hash', ''), ('hashsize', '64'))
    """
    if args and args[0] == "name":
        if "value" in args:
            at = list(args).index("value")
            return " ".join(args[1:at]), " ".join(args[at + 1:])
        return " ".join(args[1:]), ""
    if args:  # UCCI: setoption <name> <value>
        return args[0], " ".join(args[1:])
    raise UciCommandError("'setoption' needs an option name")
