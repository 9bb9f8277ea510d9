"""The tournament: players in draw order, the Berger schedule, results, standings.

A :class:`Tournament` is built from its settings and changed only through
events (:mod:`cotuong.tournament.events`); each public method validates, applies
and returns the event, so a store can append it and a replay rebuilds the same
state. :meth:`Tournament.undo` is an event too: the log keeps everything.

>>> t = Tournament(["An", "Bình", "Chi", "Dũng"])
>>> [(p.red, p.black) for p in t.pairings(1)]
[('An', 'Dũng'), ('Bình', 'Chi')]
>>> _ = t.record(1, "An", "Dũng", "1-0")
>>> _ = t.record(1, 2, 3, "1/2-1/2")
>>> [(r.rank_text, r.player, r.points) for r in t.standings()]
[('1', 'An', 2), ('2=', 'Bình', 1), ('2=', 'Chi', 1), ('4', 'Dũng', 0)]
>>> _ = t.undo()
>>> t.current_round, len(t.games()), len(t.events)
(1, 1, 3)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from cotuong.tournament.berger import Pairing, berger_schedule
from cotuong.tournament.errors import (
    ConfigurationError,
    PairingError,
    TournamentStateError,
    fail,
)
from cotuong.tournament.eventlog import EventLog
from cotuong.tournament.events import (
    AddPlayer,
    CorrectResult,
    DrawLots,
    DrawNumbers,
    EditPlayer,
    Event,
    RecordResult,
    Reinstate,
    RemovePlayer,
    Withdraw,
)
from cotuong.tournament.handlers import NamedPairing, TournamentGame, Whole
from cotuong.tournament.players import (
    Entrant,
    PlayerInfo,
    clean_name,
    find_player,
    player_info,
)
from cotuong.tournament.progress import Progress
from cotuong.tournament.results import Number, Result, Scoring, parse_result
from cotuong.tournament.tiebreaks import (
    DEFAULT_TIEBREAKS,
    UNPLAYED_MODES,
    resolve_tiebreaks,
)

__all__ = ["Entrant", "NamedPairing", "Tournament", "TournamentGame", "clean_name"]


class Tournament(Progress, EventLog):
    """A round robin (single or double) directed by an arbiter.

    ``players`` are names (or :class:`~cotuong.tournament.players.PlayerInfo`) in draw
    order, number 1 first; ``scoring`` is ``(win, draw, loss)``; ``tiebreaks`` are
    criterion keys after points (see :mod:`cotuong.tournament.tiebreaks`);
    ``unplayed`` is how forfeits count in them (``"counted"`` or ``"fide"``);
    ``exchange_last_two``: the double round robin's FIDE cycle order (``False`` only
    for events stored before it); ``min_players``: fewer are refused (a store's
    replay passes 0: old events may have started smaller).
    """

    def __init__(
        self,
        players: Iterable[str | PlayerInfo],
        scoring: Scoring | Sequence[Number] = (2, 1, 0),
        double: bool = False,
        tiebreaks: Iterable[str] = DEFAULT_TIEBREAKS,
        name: str = "",
        unplayed: str = "counted",
        exchange_last_two: bool = True,
        min_players: int = 2,
    ) -> None:
        self.name = name
        self.scoring = scoring if isinstance(scoring, Scoring) else Scoring(*scoring)
        self.double = bool(double)
        self.tiebreak_keys = tuple(tiebreaks)
        self.criteria = resolve_tiebreaks(self.tiebreak_keys)
        if unplayed not in UNPLAYED_MODES:
            raise fail(ConfigurationError, "T_BAD_UNPLAYED", value=repr(unplayed),
                       known=", ".join(UNPLAYED_MODES))
        self.unplayed = unplayed
        self.exchange_last_two = bool(exchange_last_two)
        self.initial: tuple[PlayerInfo, ...] = tuple(player_info(p) for p in players)
        if len(self.initial) < min_players:
            raise fail(ConfigurationError, "T_TOO_FEW_PLAYERS", count=len(self.initial),
                       least=min_players)
        self._schedule: tuple[int, tuple[tuple[Pairing, ...], ...]] | None = None
        self.events: list[Event] = []
        self._stack: list[tuple[int, Event]] = []  # events in force: (place in log, event)
        self._reset()

    @property
    def initial_players(self) -> tuple[str, ...]:
        """The names the tournament was created with."""
        return tuple(p.name for p in self.initial)

    # ----- players -------------------------------------------------------------
    @property
    def players(self) -> tuple[Entrant, ...]:
        """Players by draw number."""
        return tuple(self._players)

    def player(self, ref: int | str) -> Entrant:
        """A player by draw number (int or digits) or by name: exact (any case), else
        without diacritics when only one player fits."""
        return find_player(self._players, ref)

    @property
    def started(self) -> bool:
        """Whether any result has been recorded (players and numbers are then fixed)."""
        return bool(self._games)

    # ----- schedule ------------------------------------------------------------
    @property
    def schedule(self) -> tuple[tuple[Pairing, ...], ...]:
        """Rounds of draw-number pairings (rests flagged, last), by the Berger tables."""
        n = len(self._players)
        if n < 2:
            raise fail(TournamentStateError, "T_SCHEDULE_TOO_FEW", count=n)
        # Kept per field size: replaying a log looks the schedule up once per event.
        if self._schedule is None or self._schedule[0] != n:
            self._schedule = (n, berger_schedule(n, self.double, self.exchange_last_two))
        return self._schedule[1]

    @property
    def rounds(self) -> int:
        """Number of rounds."""
        return len(self.schedule)

    def _round(self, round_no: object) -> tuple[Pairing, ...]:
        sched = self.schedule
        if isinstance(round_no, bool) or not isinstance(round_no, int) \
                or not 1 <= round_no <= len(sched):
            raise fail(PairingError, "T_NO_ROUND", round=repr(round_no), rounds=len(sched))
        return sched[round_no - 1]

    def pairings(self, round_no: int) -> tuple[NamedPairing, ...]:
        """The pairing sheet of a round, with names (the rest last, board 0)."""
        out = []
        for p in self._round(round_no):
            if p.bye:
                rester = self._players[p.rester - 1].name  # type: ignore[operator]
                out.append(NamedPairing(p.round, p.board, None, None, rester))
            else:
                out.append(NamedPairing(p.round, p.board, self._players[p.red - 1].name,
                                        self._players[p.black - 1].name))
        return tuple(out)

    # ----- events --------------------------------------------------------------
    def add_player(self, name: str | PlayerInfo) -> Event:
        """Add a player before round 1; they take the next draw number."""
        info = player_info(name)
        return self.apply(AddPlayer(info.name, info.club, info.rating, info.title))

    def remove_player(self, player: int | str) -> Event:
        """Remove a player before round 1 has a result; later numbers move up."""
        return self.apply(RemovePlayer(self.player(player).name))

    def draw_numbers(self, seed: int | None = None,
                     order: Sequence[int | str] | None = None) -> Event:
        """Draw numbers: shuffle with ``seed`` (random if ``None``) or take ``order``."""
        if order is None:
            names = [p.name for p in self._players]
            if seed is None:
                seed = random.SystemRandom().randrange(2**31)
            random.Random(seed).shuffle(names)
            return self.apply(DrawNumbers(tuple(names), seed))
        return self.apply(DrawNumbers(tuple(self.player(r).name for r in order)))

    def record(self, round: int, red: int | str, black: int | str, result: str | Result,
               pgn: str | None = None) -> Event:
        """Record the result of a scheduled game (once; see :meth:`correct`)."""
        text = result.text if isinstance(result, Result) else parse_result(result).text
        return self.apply(RecordResult(round, self.player(red).name, self.player(black).name,
                                       text, pgn))

    def correct(self, round: int, red: int | str, black: int | str, result: str | Result,
                pgn: str | None = None, reason: str = "") -> Event:
        """Replace the result of a game that already has one."""
        text = result.text if isinstance(result, Result) else parse_result(result).text
        return self.apply(CorrectResult(round, self.player(red).name, self.player(black).name,
                                        text, pgn, reason))

    def withdraw(self, player: int | str, policy: str = "forfeit",
                 from_round: int | None = None) -> Event:
        """Withdraw a player; ``from_round`` (default: the next round not yet entered)
        is the first round whose unplayed games are forfeited. See
        :class:`~cotuong.tournament.events.Withdraw`."""
        start = self.next_round if from_round is None else from_round
        return self.apply(Withdraw(self.player(player).name, policy, start))

    def reinstate(self, player: int | str, from_round: int | None = None) -> Event:
        """Take back a withdrawal from ``from_round`` on (default: the next round not yet
        entered): the forfeits it scored from there are lifted."""
        start = self.next_round if from_round is None else from_round
        return self.apply(Reinstate(self.player(player).name, start))

    def edit_player(self, player: int | str, name: str | None = None,
                    club: str | None = None, rating: int | str | None = "",
                    title: str | None = None) -> Event:
        """Change a player's name, club, rating or title (``None``/``""``: unchanged for
        texts; ``rating=None`` clears it, ``""`` keeps it)."""
        p = self.player(player)
        new = player_info({"name": p.name if name is None else name,
                           "club": p.club if club is None else club,
                           "rating": p.rating if rating == "" else rating,
                           "title": p.title if title is None else title})
        return self.apply(EditPlayer(p.name, new.name, new.club, new.rating, new.title))

    def rename(self, player: int | str, name: str) -> Event:
        """Correct a player's name (later events use the new one)."""
        return self.edit_player(player, name=name)

    def draw_lots(self, order: Sequence[int | str]) -> Event:
        """Record a drawing of lots among players tied in the final ranking, best first."""
        return self.apply(DrawLots(tuple(self.player(r).name for r in order)))

    def record_round(self, round_no: int, results: Sequence[str | Result | None]) -> list[Event]:
        """Enter a whole round: one result per board in board order (rests have none).

        ``None`` (or ``*``) leaves a board as it is; a board that already has a result
        must be given the same result (a correction is :meth:`correct`). Everything is
        checked before anything is recorded.
        """
        boards = [p for p in self._round(round_no) if not p.bye]
        if len(results) != len(boards):
            raise fail(PairingError, "T_ROUND_COUNT", round=round_no, boards=len(boards),
                       given=len(results))
        todo = self._check_round(round_no, boards, results)
        return [self.record(round_no, p.red, p.black, r) for p, r in todo]

    def settings(self) -> dict[str, object]:
        """The constructor arguments as JSON-ready data (what a store saves)."""
        return {"name": self.name, "players": [p.as_setting() for p in self.initial],
                "scoring": list(self.scoring.as_tuple()), "double": self.double,
                "tiebreaks": list(self.tiebreak_keys), "unplayed": self.unplayed,
                "schedule": "fide" if self.exchange_last_two else "berger"}

    @classmethod
    def from_settings(cls, settings: dict[str, object]) -> Tournament:
        """Inverse of :meth:`settings`; settings of the first release (no ``unplayed``,
        no ``schedule``: cycles in table order) read as they were."""
        system = settings.get("system", "round_robin")
        if system != "round_robin":  # a Swiss or knockout read as a round robin: refuse
            raise fail(ConfigurationError, "T_UNKNOWN_SYSTEM", value=repr(system),
                       known="round_robin (cotuong.tournament.from_settings reads them all)")
        try:
            schedule = settings.get("schedule", "berger")
            if schedule not in ("fide", "berger"):
                raise fail(ConfigurationError, "T_BAD_SCHEDULE", value=repr(schedule))
            return cls(players=settings["players"],  # type: ignore[arg-type]
                       scoring=settings["scoring"],  # type: ignore[arg-type]
                       double=bool(settings["double"]),
                       tiebreaks=settings["tiebreaks"],  # type: ignore[arg-type]
                       name=str(settings["name"]),
                       unplayed=str(settings.get("unplayed", "counted")),
                       exchange_last_two=schedule == "fide", min_players=0)
        except (KeyError, TypeError) as exc:
            raise fail(ConfigurationError, "T_SETTINGS_INCOMPLETE", why=str(exc)) from None


def _provides_whole(t: Tournament) -> Whole:
    """Never called: mypy checks here that ``Tournament`` gives its handlers all they read."""
    return t
