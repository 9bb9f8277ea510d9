"""The boards of an online event, whatever its system: what the director
(:mod:`~cotuong.server.tournaments.service`) opens rooms for, records results of and
waits on. A round robin's and a Swiss event's boards are their pairings (a Swiss round
exists once paired); a knockout's *round* is a bracket round and its *boards* are the
games of its matches, replays and tie-break games included, numbered
``100 × match + game`` (match 1 of a round is ``R<r>M1``; the third-place match comes
after the round's last match), so a replay gets a board of its own as soon as the drawn
game before it is recorded.

>>> from cotuong.tournament import Knockout
>>> ko = Knockout(["an", "binh", "chi", "dung"], ladder=(("replay", 1),))
>>> [(b.board, b.red, b.black, b.stage) for b in boards_of(ko, 1)]
[(101, 'an', 'dung', 'game'), (201, 'binh', 'chi', 'game')]
>>> _ = record_change(ko, 1, 101, "1/2-1/2")(ko)
>>> [(b.board, b.red, b.result) for b in boards_of(ko, 1)][:2]
[(101, 'an', '1/2-1/2'), (102, 'dung', None)]
>>> progress(ko, 1)
(0, 2)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from cotuong.server.errors import ServiceError
from cotuong.tournament import Knockout, Result, SwissTournament, Tournament
from cotuong.tournament.events import Event
from cotuong.tournament.knockout_bracket import Match
from cotuong.tournament.systems import Directed

MATCH_SPAN = 100  # a knockout board is 100 × match + game (a match has at most 9 × 4 games)


@dataclass(frozen=True)
class Board:
    """One game to play (or played): ``stage`` is ``game`` for a round robin's or Swiss
    board, else the knockout rung (``game``, ``replay``, ``rapid``, ``blitz``);
    ``match`` the knockout match's id (``""`` otherwise)."""

    round: int
    board: int
    red: str
    black: str
    result: str | None
    stage: str = "game"
    match: str = ""
    by_withdrawal: bool = False
    corrections: int = 0


def system(t: Directed) -> str:
    """``round_robin``, ``swiss`` or ``knockout``."""
    return str(getattr(t, "system", "round_robin"))


def round_count(t: Directed) -> int:
    """Rounds the event will have (a knockout: rounds of its bracket)."""
    return t.rounds


def paired(t: Directed, round_no: int) -> bool:
    """Whether the round's boards are known (a Swiss round once paired)."""
    if isinstance(t, SwissTournament):
        return round_no <= t.paired_rounds
    return 1 <= round_no <= t.rounds


def _matches(ko: Knockout, round_no: int) -> list[tuple[int, Match]]:
    return list(enumerate(ko.matches(round_no), 1))


def boards_of(t: Directed, round_no: int) -> list[Board]:
    """The boards of a round: every game scheduled (round robin, Swiss once paired; rests
    and byes are not boards), or every knockout game played and to play now."""
    if not paired(t, round_no):
        return []
    if isinstance(t, Knockout):
        out = []
        for i, m in _matches(t, round_no):
            for g in m.games:
                out.append(Board(round_no, i * MATCH_SPAN + g.number, t.name_of(g.red),
                                 t.name_of(g.black), g.result.text, g.stage, m.id))
            if m.next is not None:
                n = m.next
                out.append(Board(round_no, i * MATCH_SPAN + n.number, t.name_of(n.red),
                                 t.name_of(n.black), None, n.stage, m.id))
        return out
    sheet = []
    for p in t.pairings(round_no):
        if p.red is None or p.black is None:
            continue
        r = t.result_of(round_no, p.board)
        sheet.append(Board(round_no, p.board, p.red, p.black, r.result.text if r else None,
                           by_withdrawal=bool(r and r.by_withdrawal),
                           corrections=r.corrections if r else 0))
    return sheet


def board_at(t: Directed, round_no: int, board: int) -> Board:
    """One board, or ``NO_SUCH_BOARD``."""
    if 1 <= round_no <= t.rounds:
        for b in boards_of(t, round_no):
            if b.board == board:
                return b
    raise ServiceError("NO_SUCH_BOARD", round=round_no, board=board)


def board_names(t: Directed, round_no: int, board: int) -> tuple[str, str]:
    """The red and black players' names at a board, or ``NO_SUCH_BOARD``."""
    b = board_at(t, round_no, board)
    return b.red, b.black


def result_at(t: Directed, round_no: int, board: int) -> str | None:
    """The recorded result of a board (``None``: none yet, or no such board)."""
    try:
        return board_at(t, round_no, board).result
    except ServiceError:
        return None


def progress(t: Directed, round_no: int) -> tuple[int, int]:
    """``(done, total)``: boards with a result of a round robin or Swiss round (annulled
    players' boards not counted), decided matches of a knockout round."""
    if isinstance(t, Knockout):
        ms = t.matches(round_no)
        return sum(1 for m in ms if m.winner is not None), len(ms)
    if not paired(t, round_no):
        return 0, 1
    return t.progress(round_no)


def waiting_for_lots(t: Directed, round_no: int) -> list[Match]:
    """The knockout matches of a round still level after their whole ladder."""
    if not isinstance(t, Knockout):
        return []
    return [m for m in t.matches(round_no) if m.waiting_for_lots]


def record_change(t: Directed, round_no: int, board: int,
                  result: str | Result) -> Callable[[Directed], Event]:
    """The change that records a board's first result (a knockout: the match's next
    game, which the board must be)."""
    b = board_at(t, round_no, board)

    def change(event: Directed) -> Event:
        if isinstance(event, Knockout):
            return event.record(b.match, result, b.red, b.black, b.stage)
        return event.record(round_no, b.red, b.black, result)
    return change


def as_tournament(t: Directed) -> Tournament:
    """The event as a round robin or Swiss (``NOT_FOR_KNOCKOUT`` for a knockout)."""
    if isinstance(t, Knockout):
        raise ServiceError("NOT_FOR_KNOCKOUT")
    return t


__all__ = ["MATCH_SPAN", "Board", "as_tournament", "board_at", "board_names", "boards_of", "paired",
           "progress", "record_change", "result_at", "round_count", "system",
           "waiting_for_lots"]
