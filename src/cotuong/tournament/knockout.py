"""Knockout events as Vietnamese festivals run them: a seeded bracket, matches of one
game or a mini-match, and a tie-break ladder configured per event.

The bracket has ``2^k`` places; seeds are placed as usual (1 meets the last, the top
two can only meet in the final; byes go to the top seeds when the field is short).
Seeds come from ratings (highest first, then the order given) or, for a stage after a
Swiss or round robin, from that stage's final ranking (:meth:`Knockout.from_standings`).

A match is a series of *rungs*: the match's own games, then each rung of the ladder
(``replay``: classical games again, ``rapid``, ``blitz``) played only while the match
is still level, then a drawing of lots. Each rung is scored on its own; it ends as soon
as one player cannot be caught. The higher seed has Red in the match's first game and
the colours alternate across every game of the match, tie-breaks included. Like the
round robin, the state is rebuilt by replaying the event log
(:class:`~cotuong.tournament.events.KnockoutGame`, ``KnockoutLots``, ``SetDetails``,
``Undo``): a replay game is simply the next game a match asks for (:meth:`next_games`).

>>> ko = Knockout(["An", "Bình"], ladder=(("replay", 1),))
>>> g = ko.next_games()[0]
>>> (g.match, g.stage, g.red, g.black)
('R1M1', 'game', 'An', 'Bình')
>>> _ = ko.record("R1M1", "1/2-1/2")
>>> ko.next_games()[0].stage, ko.next_games()[0].red
('replay', 'Bình')
>>> _ = ko.record("R1M1", "1/2-1/2")
>>> ko.match("R1M1").waiting_for_lots
True
>>> _ = ko.draw_lots("R1M1", "Bình")
>>> ko.champion, ko.match("R1M1").decided_by
('Bình', 'lots')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from cotuong.tournament.details import Details
from cotuong.tournament.errors import (
    ConfigurationError,
    InvalidResultError,
    PairingError,
    TournamentStateError,
    fail,
)
from cotuong.tournament.eventlog import EventLog
from cotuong.tournament.events import Event, KnockoutGame, KnockoutLots, SetDetails
from cotuong.tournament.knockout_bracket import Match, NextGame, bracket_order, play_match
from cotuong.tournament.players import Entrant, PlayerInfo, find_player, player_info
from cotuong.tournament.results import Result, parse_result

RUNGS = ("replay", "rapid", "blitz")
MAX_PLAYERS = 1024
THIRD = "3P"  # the third-place match's id


class Knockout(Details, EventLog):
    """A knockout event.

    ``players`` are names or :class:`PlayerInfo`; ``seeding`` is ``"rating"`` (highest
    first, then the order given) or ``"order"`` (as given: a previous stage's ranking).
    ``games``: games of each match (1 = single game); ``ladder``: the tie-break rungs
    in order, ``(kind, games)`` with kind in :data:`RUNGS` (lots always come last);
    ``third_place``: the semi-finals' losers play for third place; ``source``: where the
    seeds came from (a previous stage's name), printed on the pages.
    """

    system: ClassVar[str] = "knockout"

    def __init__(self, players: Iterable[str | PlayerInfo], games: int = 1,
                 ladder: Sequence[tuple[str, int]] = (("replay", 1),),
                 third_place: bool = False, seeding: str = "rating", name: str = "",
                 source: str = "", final_games: int | None = None) -> None:
        self.name = name
        self.source = source
        infos = [player_info(p) for p in players]
        if not 2 <= len(infos) <= MAX_PLAYERS:
            raise fail(ConfigurationError, "T_KO_SIZE", count=len(infos), most=MAX_PLAYERS)
        if seeding not in ("rating", "order"):
            raise fail(ConfigurationError, "T_KO_LADDER", value=repr(seeding),
                       known="rating, order")
        self.seeding = seeding
        if seeding == "rating":
            infos = [p for _, p in sorted(enumerate(infos),
                                          key=lambda ip: (-(ip[1].rating or 0), ip[0]))]
        self.initial: tuple[PlayerInfo, ...] = tuple(infos)
        self.games = _count(games)
        self.final_games = self.games if final_games is None else _count(final_games)
        for kind, count in ladder:
            if kind not in RUNGS:
                raise fail(ConfigurationError, "T_KO_LADDER", value=repr(kind),
                           known=", ".join(RUNGS))
            _count(count)
        self.ladder: tuple[tuple[str, int], ...] = tuple((k, int(c)) for k, c in ladder)
        self.third_place = bool(third_place) and len(infos) >= 4
        self.events: list[Event] = []
        self._stack: list[tuple[int, Event]] = []
        self._reset()

    # ----- state ----------------------------------------------------------------
    def _reset(self) -> None:
        self._players = [Entrant(i, p.name, club=p.club, rating=p.rating, title=p.title)
                         for i, p in enumerate(self.initial, 1)]
        self._games: dict[str, list[tuple[str, int, int, Result]]] = {}
        self._lots: dict[str, int] = {}
        self._details = SetDetails()
        self._rebuild()

    def _rebuild(self) -> None:
        """Play the bracket forward from the recorded games (pure, from scratch)."""
        size = 1
        while size < len(self._players):
            size *= 2
        seeds = [s if s <= len(self._players) else None for s in bracket_order(size)]
        rounds: list[list[Match]] = []
        entrants: list[int | None] = seeds
        r = 1
        while len(entrants) > 1:
            made = []
            for m in range(len(entrants) // 2):
                mid = f"R{r}M{m + 1}"
                plan = self.final_games if len(entrants) == 2 else self.games
                made.append(play_match(mid, r, entrants[2 * m], entrants[2 * m + 1],
                                       self._games.get(mid, []), self._lots.get(mid),
                                       (("game", plan), *self.ladder)))
            rounds.append(made)
            entrants = [x.winner for x in made]
            r += 1
        self._rounds = rounds
        self._third: Match | None = None
        if self.third_place and len(rounds) >= 2:
            semis = rounds[-2]
            losers = [x.loser if x.winner is not None else None for x in semis]
            self._third = play_match(THIRD, len(rounds), losers[0], losers[1],
                                     self._games.get(THIRD, []), self._lots.get(THIRD),
                                     (("game", self.final_games), *self.ladder))

    # ----- reading ----------------------------------------------------------------
    @property
    def players(self) -> tuple[Entrant, ...]:
        """Players by seed (number 1 is the top seed)."""
        return tuple(self._players)

    def player(self, ref: int | str) -> Entrant:
        """A player by seed number or by name (as for the round robin)."""
        return find_player(self._players, ref)

    def name_of(self, number: int | None) -> str:
        """The name behind a seed number (``""`` for a bye)."""
        return "" if number is None else self._players[number - 1].name

    @property
    def rounds(self) -> int:
        """Rounds of the bracket (the final is the last)."""
        return len(self._rounds)

    def matches(self, round_no: int | None = None) -> tuple[Match, ...]:
        """The matches of a round (or all, the third-place match last)."""
        if round_no is not None and not 1 <= round_no <= len(self._rounds):
            raise fail(PairingError, "T_NO_ROUND", round=repr(round_no), rounds=self.rounds)
        chosen = self._rounds if round_no is None else [self._rounds[round_no - 1]]
        out = [m for rnd in chosen for m in rnd]
        if self._third is not None and round_no in (None, len(self._rounds)):
            out.append(self._third)
        return tuple(out)

    def match(self, match_id: str) -> Match:
        """One match by id (``"R2M1"``, ``"3P"``)."""
        for m in self.matches():
            if m.id == match_id.strip().upper():
                return m
        waiting = ", ".join(g.match for g in self.next_games()) or "—"
        raise fail(PairingError, "T_KO_NO_MATCH", match=match_id, open=waiting)

    def next_games(self) -> tuple[NamedNextGame, ...]:
        """Every game that can be played now, with names (lots are not games)."""
        return tuple(NamedNextGame(m.id, n.stage, n.number, self.name_of(n.red),
                                   self.name_of(n.black))
                     for m in self.matches() if (n := m.next) is not None)

    @property
    def champion(self) -> str | None:
        """The winner of the final, once decided."""
        final = self._rounds[-1][0]
        return None if final.winner is None else self.name_of(final.winner)

    @property
    def finished(self) -> bool:
        """Every match decided."""
        return all(m.winner is not None for m in self.matches())

    def ranking(self) -> tuple[tuple[str, str], ...]:
        """``(place, name)`` as far as decided: ``"1"``, ``"2"``, ``"3"`` (or ``"3-4"``
        without a third-place match), then the losers of each round sharing places."""
        out: list[tuple[str, str]] = []
        final = self._rounds[-1][0]
        if final.winner is not None:
            out += [("1", self.name_of(final.winner)), ("2", self.name_of(final.loser))]
        placed = 2
        for rnd in reversed(self._rounds[:-1]):
            losers = [m.loser for m in rnd if m.winner is not None and m.loser is not None]
            if rnd is self._rounds[-2] and self._third is not None:
                if self._third.winner is not None:
                    out += [("3", self.name_of(self._third.winner)),
                            ("4", self.name_of(self._third.loser))]
                placed += 2
                continue
            if losers:
                label = str(placed + 1) if len(losers) == 1 else \
                    f"{placed + 1}-{placed + len(losers)}"
                out += [(label, self.name_of(n)) for n in losers]
            placed += len(losers)
        return tuple(out)

    # ----- events ---------------------------------------------------------------
    def record(self, match_id: str, result: str | Result, red: int | str | None = None,
               black: int | str | None = None, stage: str | None = None) -> Event:
        """Record the next game of a match; ``red``/``black``/``stage`` default to what
        the match asks for (given, they must agree: a check against a wrong sheet)."""
        m = self.match(match_id)
        if m.next is None:
            code = "T_KO_MATCH_DONE" if m.winner is not None else \
                "T_KO_AWAITS_LOTS" if m.waiting_for_lots else "T_KO_NOT_READY"
            raise fail(TournamentStateError, code, match=m.id)
        text = result.text if isinstance(result, Result) else parse_result(result).text
        names = (self.name_of(m.next.red) if red is None else self.player(red).name,
                 self.name_of(m.next.black) if black is None else self.player(black).name)
        return self.apply(KnockoutGame(m.id, names[0], names[1], text,
                                       m.next.stage if stage is None else stage))

    def draw_lots(self, match_id: str, winner: int | str) -> Event:
        """Record the drawing of lots that decides a match still level after the ladder."""
        return self.apply(KnockoutLots(self.match(match_id).id, self.player(winner).name))

    def _handle(self, event: Event) -> None:
        if isinstance(event, KnockoutGame):
            self._on_game(event)
        elif isinstance(event, KnockoutLots):
            self._on_lots(event)
        elif isinstance(event, SetDetails):
            self._on_details(event)
        else:
            raise fail(TournamentStateError, "T_UNKNOWN_EVENT", event=repr(event))

    def _on_game(self, e: KnockoutGame) -> None:
        m = self.match(e.match)
        n = m.next
        if n is None:
            code = "T_KO_MATCH_DONE" if m.winner is not None else \
                "T_KO_AWAITS_LOTS" if m.waiting_for_lots else "T_KO_NOT_READY"
            raise fail(TournamentStateError, code, match=m.id)
        red, black = self.player(e.red).number, self.player(e.black).number
        if (red, black) != (n.red, n.black):
            raise fail(PairingError, "T_KO_WRONG_PLAYERS", match=m.id, red=self.name_of(n.red),
                       black=self.name_of(n.black))
        if e.stage != n.stage:
            raise fail(PairingError, "T_KO_WRONG_STAGE", match=m.id, expected=n.stage,
                       given=e.stage)
        result = parse_result(e.result)
        if result is Result.DOUBLE_FORFEIT:
            raise fail(InvalidResultError, "T_KO_DOUBLE_FORFEIT", match=m.id)
        self._games.setdefault(m.id, []).append((e.stage, red, black, result))
        self._rebuild()

    def _on_lots(self, e: KnockoutLots) -> None:
        m = self.match(e.match)
        if not m.waiting_for_lots:
            if m.winner is not None:
                raise fail(TournamentStateError, "T_KO_MATCH_DONE", match=m.id)
            raise fail(TournamentStateError, "T_KO_NOT_LOTS", match=m.id,
                       expected=m.next.stage if m.next else "—")
        winner = self.player(e.winner).number
        if winner not in (m.a, m.b):
            raise fail(PairingError, "T_KO_LOTS_PLAYER", name=e.winner, match=m.id)
        self._lots[m.id] = winner
        self._rebuild()

    # ----- settings -------------------------------------------------------------
    def settings(self) -> dict[str, object]:
        """The constructor arguments as JSON-ready data (what a store saves); players in
        seed order, so a reload seeds them as they are."""
        return {"system": self.system, "name": self.name, "source": self.source,
                "players": [p.as_setting() for p in self.initial], "seeding": "order",
                "games": self.games, "final_games": self.final_games,
                "ladder": [list(r) for r in self.ladder], "third_place": self.third_place}

    @classmethod
    def from_settings(cls, settings: dict[str, object]) -> Knockout:
        """Inverse of :meth:`settings`."""
        try:
            s: dict[str, Any] = settings
            ladder = [(str(k), int(c)) for k, c in s["ladder"]]
            return cls(s["players"], int(s["games"]), ladder, bool(s["third_place"]),
                       str(s["seeding"]), str(s["name"]), str(s.get("source", "")),
                       int(s["final_games"]))
        except (KeyError, TypeError, ValueError) as exc:
            if isinstance(exc, ConfigurationError):
                raise
            raise fail(ConfigurationError, "T_SETTINGS_INCOMPLETE", why=str(exc)) from None

    @classmethod
    def from_standings(cls, stage: object, top: int, **options: object) -> Knockout:
        """A knockout seeded by the final ranking of a finished stage (a Swiss or round
        robin :class:`~cotuong.tournament.tournament.Tournament`): its top ``top``."""
        from_rows = getattr(stage, "standings", None)
        finished = bool(getattr(stage, "finished", False))
        rows = from_rows() if callable(from_rows) else ()
        if not finished:
            raise fail(ConfigurationError, "T_KO_FROM_UNFINISHED")
        if not 2 <= top <= len(rows):
            raise fail(ConfigurationError, "T_KO_FROM_TOP", top=top, count=len(rows))
        if len(rows) > top and rows[top].rank <= top:  # a tie across the cut
            tied = [r.player for r in rows if r.rank == rows[top].rank]
            raise fail(ConfigurationError, "T_KO_FROM_TIE", top=top, players=", ".join(tied))
        entrants = {p.number: p for p in getattr(stage, "players", ())}
        infos = [PlayerInfo(r.player, entrants[r.number].club, entrants[r.number].rating,
                            entrants[r.number].title) for r in rows[:top]]
        options.setdefault("source", str(getattr(stage, "title", "")))
        return cls(infos, seeding="order", **options)  # type: ignore[arg-type]


@dataclass(frozen=True)
class NamedNextGame:
    """A game a match waits for, with names: ``stage`` is ``game``/``replay``/``rapid``/
    ``blitz``, ``number`` counts the match's games from 1."""

    match: str
    stage: str
    number: int
    red: str
    black: str


def _count(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 9:
        raise fail(ConfigurationError, "T_KO_GAMES", value=repr(value))
    return value


__all__ = ["RUNGS", "THIRD", "Knockout", "Match", "NamedNextGame", "NextGame"]
