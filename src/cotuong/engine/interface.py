"""The one interface through which the server (AI moves, analysis), matches and the
terminal game talk to an engine: the built-in AI and external UCI/UCCI engines alike.
(Tournaments pair players and keep standings; they drive no engine.)

Moves are ICCS strings (``h2e2``: files a-i, ranks 0-9 from Red's side), positions are
a start FEN plus the moves played since, exactly as the UCI ``position`` command.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable


@dataclass(frozen=True, slots=True)
class Limits:
    """Search limits, as in UCI ``go``; times in milliseconds. All ``None`` = engine default."""

    depth: int | None = None
    nodes: int | None = None
    movetime_ms: int | None = None
    wtime_ms: int | None = None
    btime_ms: int | None = None
    winc_ms: int | None = None
    binc_ms: int | None = None
    movestogo: int | None = None
    infinite: bool = False
    # Only these root moves (ICCS; UCI ``go searchmoves``); empty = every legal move. An
    # arbiter's order to change passes the moves that obey it
    # (``cotuong.engine.rules.obeying_moves``).
    searchmoves: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Info:
    """One progress report of a search (UCI ``info``)."""

    depth: int
    nodes: int
    time_ms: int
    nps: int
    pv: tuple[str, ...] = ()
    score_cp: int | None = None
    mate: int | None = None  # moves to mate; negative when the side to move is mated
    seldepth: int | None = None
    # The line's rank when the search reports several best lines (UCI ``multipv k``,
    # 1 = best); ``None`` in a single-line search.
    multipv: int | None = None


@dataclass(frozen=True, slots=True)
class SearchResult:
    """The move, the move it expects in reply, the last report; ``lines`` holds the
    best lines by rank when the engine searched several (option ``MultiPV``)."""

    bestmove: str
    ponder: str | None = None
    info: Info | None = None
    lines: tuple[Info, ...] = ()


InfoCallback = Callable[[Info], None]


@runtime_checkable
class EnginePlayer(Protocol):
    """What every engine offers. ``stop`` may be called from another thread."""

    @property
    def name(self) -> str: ...

    def new_game(self) -> None: ...

    def set_option(self, name: str, value: str) -> None: ...

    def search(
        self,
        start_fen: str,
        moves: Sequence[str],
        limits: Limits,
        on_info: InfoCallback | None = None,
    ) -> SearchResult: ...

    def stop(self) -> None: ...

    def close(self) -> None: ...
