"""The ``go`` command, both directions: :func:`go_command` writes our search
:class:`~cotuong.engine.interface.Limits` for an engine (client side), :func:`parse_go`
reads a GUI's ``go`` into them (server side).

>>> go_command(parse_go("movetime 300".split(), Color.RED), "uci")
'go movetime 300'
"""

from __future__ import annotations

from collections.abc import Sequence

from cotuong.core.types import Color
from cotuong.engine.interface import Limits
from cotuong.uci.errors import UciCommandError
from cotuong.uci.protocol.wire import MOVE_RE, ProtocolName, export_move, read_number

# The numeric parameters of ``go`` (UCI and UCCI) and its flags.
_GO_NUMBERS = frozenset(
    ["wtime", "btime", "winc", "binc", "movestogo", "movetime", "depth", "nodes", "mate",
     "time", "increment", "opptime", "oppincrement", "oppmovestogo"]
)
_GO_FLAGS = frozenset(["infinite", "ponder", "draw", "searchmoves"])


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
            values[word] = read_number(tokens, i + 1, word, UciCommandError, negative=False)
            i += 2
        elif word == "searchmoves":
            i += 1
            while i < len(tokens) and tokens[i] not in _GO_NUMBERS and tokens[i] not in _GO_FLAGS:
                if MOVE_RE.match(tokens[i]) is None:
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


def side_clock(limits: Limits, side: Color) -> tuple[int | None, int | None]:
    """``side``'s clock and increment in ``limits`` (ms; ``None`` when not given).

    >>> side_clock(Limits(wtime_ms=60000, btime_ms=50000, binc_ms=1000), Color.BLACK)
    (50000, 1000)
    """
    if side is Color.RED:
        return limits.wtime_ms, limits.winc_ms
    return limits.btime_ms, limits.binc_ms


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

    own, own_inc = side_clock(limits, turn)
    opp, opp_inc = side_clock(limits, turn.opponent)
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

