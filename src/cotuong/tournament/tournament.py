"""The tournament: players in draw order, the Berger schedule, results, standings.

A :class:`Tournament` is built from its settings and changed only through
events (:mod:`cotuong.tournament.events`); each public method validates, applies
and returns the event, so a store can append it and a replay rebuilds the same
state.

>>> t = Tournament(["An", "Bình", "Chi", "Dũng"])
>>> [(p.red, p.black) for p in t.pairings(1)]
[('An', 'Dũng'), ('Bình', 'Chi')]
>>> _ = t.record(1, "An", "Dũng", "1-0")
>>> _ = t.record(1, 2, 3, "1/2-1/2")
>>> [(r.rank_text, r.player, r.points) for r in t.standings()]
[('1', 'An', 2), ('2=', 'Bình', 1), ('2=', 'Chi', 1), ('4', 'Dũng', 0)]
"""

from __future__ import annotations

import random
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from cotuong.tournament.attached import check_attached_pgn
from cotuong.tournament.berger import Pairing, berger_schedule
from cotuong.tournament.errors import (
    ConfigurationError,
    DuplicatePlayerError,
    DuplicateResultError,
    PairingError,
    TournamentStateError,
    UnknownPlayerError,
)
from cotuong.tournament.events import (
    AddPlayer,
    CorrectResult,
    DrawLots,
    DrawNumbers,
    Event,
    RecordResult,
    Withdraw,
)
from cotuong.tournament.results import Number, Result, Scoring, parse_result
from cotuong.tournament.standings import StandingRow, compute_standings
from cotuong.tournament.tiebreaks import DEFAULT_TIEBREAKS, PlayerGame, resolve_tiebreaks

WITHDRAW_POLICIES = ("forfeit", "annul")


@dataclass(frozen=True)
class Entrant:
    """A player entered in the tournament: draw number, name, and withdrawal (policy) if
    any."""

    number: int
    name: str
    withdrawn: str | None = None


@dataclass(frozen=True)
class NamedPairing:
    """A board of a round with names; ``rests`` is the resting player on a bye."""

    round: int
    board: int
    red: str | None
    black: str | None
    rests: str | None = None


@dataclass(frozen=True)
class TournamentGame:
    """The current result of a game; ``corrections`` counts how often it changed."""

    round: int
    board: int
    red: int
    black: int
    result: Result
    pgn: str | None = None
    by_withdrawal: bool = False
    corrections: int = 0


def clean_name(name: object) -> str:
    """A player's name NFC-normalised and trimmed; empty or numeric names are refused.

    >>> clean_name("  Lại  Lý Huynh ")
    'Lại Lý Huynh'
    """
    if not isinstance(name, str):
        raise ConfigurationError(f"a player's name must be text, got {name!r}")
    text = " ".join(unicodedata.normalize("NFC", name).split())
    if not text:
        raise ConfigurationError("a player's name is empty")
    if text.isdigit():
        raise ConfigurationError(f"a player's name cannot be a number ({text!r}): "
                                 "numbers mean draw numbers")
    return text


def _key(name: str) -> str:
    return unicodedata.normalize("NFC", name).casefold()


class Tournament:
    """A round robin (single or double) directed by an arbiter.

    ``players`` are names in draw order (number 1 first); ``scoring`` is
    ``(win, draw, loss)``; ``tiebreaks`` are criterion keys after points (see
    :mod:`cotuong.tournament.tiebreaks`).
    """

    def __init__(
        self,
        players: Iterable[str],
        scoring: Scoring | Sequence[Number] = (2, 1, 0),
        double: bool = False,
        tiebreaks: Iterable[str] = DEFAULT_TIEBREAKS,
        name: str = "",
    ) -> None:
        self.name = name
        self.scoring = scoring if isinstance(scoring, Scoring) else Scoring(*scoring)
        self.double = bool(double)
        self.tiebreak_keys = tuple(tiebreaks)
        self.criteria = resolve_tiebreaks(self.tiebreak_keys)
        self.initial_players: tuple[str, ...] = ()
        self._schedule: tuple[int, tuple[tuple[Pairing, ...], ...]] | None = None
        self._players: list[Entrant] = []
        for p in players:
            self._add(p)
        self.initial_players = tuple(p.name for p in self._players)
        self._games: dict[tuple[int, int], TournamentGame] = {}  # (round, board) -> record
        # Every drawing of lots, in order, by name (numbers may be redrawn before round 1).
        self._lots: list[tuple[str, ...]] = []
        self.events: list[Event] = []

    # ----- players -------------------------------------------------------------
    def _add(self, name: str) -> Entrant:
        text = clean_name(name)
        if any(_key(p.name) == _key(text) for p in self._players):
            raise DuplicatePlayerError(f"player {text!r} is already in the tournament")
        player = Entrant(len(self._players) + 1, text)
        self._players.append(player)
        return player

    @property
    def players(self) -> tuple[Entrant, ...]:
        """Players by draw number."""
        return tuple(self._players)

    def player(self, ref: int | str) -> Entrant:
        """A player by draw number (int or digits) or by name (case-insensitive)."""
        if isinstance(ref, bool) or not isinstance(ref, (int, str)):
            raise UnknownPlayerError(f"a player is a name or a draw number, got {ref!r}")
        if isinstance(ref, str) and ref.strip().isdigit():
            ref = int(ref.strip())
        if isinstance(ref, int):
            if 1 <= ref <= len(self._players):
                return self._players[ref - 1]
            raise UnknownPlayerError(f"no player has draw number {ref} "
                                     f"(numbers are 1..{len(self._players)})")
        wanted = _key(" ".join(ref.split()))
        for p in self._players:
            if _key(p.name) == wanted:
                return p
        raise UnknownPlayerError(f"no player named {ref!r}")

    @property
    def started(self) -> bool:
        """Whether any result has been recorded (players and numbers are then fixed)."""
        return bool(self._games)

    # ----- schedule ------------------------------------------------------------
    @property
    def schedule(self) -> tuple[tuple[Pairing, ...], ...]:
        """Rounds of draw-number pairings (byes flagged), by the Berger tables."""
        n = len(self._players)
        if n < 2:
            raise TournamentStateError(f"the schedule needs at least 2 players; there are {n}")
        # Kept per field size: replaying a log looks the schedule up once per event.
        if self._schedule is None or self._schedule[0] != n:
            self._schedule = (n, berger_schedule(n, self.double))
        return self._schedule[1]

    @property
    def rounds(self) -> int:
        """Number of rounds."""
        return len(self.schedule)

    def _round(self, round_no: object) -> tuple[Pairing, ...]:
        sched = self.schedule
        if isinstance(round_no, bool) or not isinstance(round_no, int) \
                or not 1 <= round_no <= len(sched):
            raise PairingError(f"no round {round_no!r}: rounds are 1..{len(sched)}")
        return sched[round_no - 1]

    def pairings(self, round_no: int) -> tuple[NamedPairing, ...]:
        """The pairing sheet of a round, with names."""
        out = []
        for p in self._round(round_no):
            if p.bye:
                rester = self._players[p.rester - 1].name  # type: ignore[operator]
                out.append(NamedPairing(p.round, p.board, None, None, rester))
            else:
                out.append(NamedPairing(p.round, p.board, self._players[p.red - 1].name,
                                        self._players[p.black - 1].name))
        return tuple(out)

    def _find(self, round_no: int, red: int | str, black: int | str) -> Pairing:
        r, b = self.player(red), self.player(black)
        for p in self._round(round_no):
            if p.bye or not (p.has(r.number) and p.has(b.number)) or r is b:
                continue
            if p.red != r.number:
                raise PairingError(
                    f"round {round_no}: {b.name} plays Red against {r.name}, not the reverse")
            return p
        raise PairingError(f"{r.name} and {b.name} do not meet in round {round_no}")

    # ----- events --------------------------------------------------------------
    def apply(self, event: Event) -> Event:
        """Validate and apply one event; on error nothing changes."""
        handlers: dict[type[Event], Callable[[Any], None]] = {
            AddPlayer: self._on_add, DrawNumbers: self._on_draw, RecordResult: self._on_record,
            CorrectResult: self._on_correct, Withdraw: self._on_withdraw, DrawLots: self._on_lots,
        }
        handler = handlers.get(type(event))
        if handler is None:
            raise TournamentStateError(f"unknown event {event!r}")
        handler(event)
        self.events.append(event)
        return event

    def add_player(self, name: str) -> Event:
        """Add a player before round 1; they take the next draw number."""
        return self.apply(AddPlayer(name))

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
        text = result.text if isinstance(result, Result) else result
        return self.apply(RecordResult(round, self.player(red).name, self.player(black).name,
                                       text, pgn))

    def correct(self, round: int, red: int | str, black: int | str, result: str | Result,
                pgn: str | None = None, reason: str = "") -> Event:
        """Replace the result of a game that already has one."""
        text = result.text if isinstance(result, Result) else result
        return self.apply(CorrectResult(round, self.player(red).name, self.player(black).name,
                                        text, pgn, reason))

    def withdraw(self, player: int | str, policy: str = "forfeit", from_round: int = 1) -> Event:
        """Withdraw a player; see :class:`~cotuong.tournament.events.Withdraw`."""
        return self.apply(Withdraw(self.player(player).name, policy, from_round))

    def draw_lots(self, order: Sequence[int | str]) -> Event:
        """Record a drawing of lots among still-tied players, best first."""
        return self.apply(DrawLots(tuple(self.player(r).name for r in order)))

    def _not_started(self, what: str) -> None:
        if self.started:
            raise TournamentStateError(f"cannot {what}: results have already been recorded")

    def _on_add(self, e: AddPlayer) -> None:
        self._not_started(f"add player {e.name!r}")
        self._add(e.name)

    def _on_draw(self, e: DrawNumbers) -> None:
        self._not_started("draw numbers")
        chosen = [self.player(n) for n in e.order]
        if len({p.number for p in chosen}) != len(chosen) or len(chosen) != len(self._players):
            raise ConfigurationError(
                f"the drawn order must name each of the {len(self._players)} players once")
        self._players = [Entrant(i, p.name, p.withdrawn) for i, p in enumerate(chosen, 1)]

    def _game_args(self, e: RecordResult | CorrectResult) -> tuple[Pairing, Result, str | None]:
        pairing = self._find(e.round, e.red, e.black)
        result = parse_result(e.result)
        for n in (pairing.red, pairing.black):
            if self._players[n - 1].withdrawn == "annul":
                raise TournamentStateError(f"{self._players[n - 1].name} withdrew and their "
                                           "games are annulled")
        pgn = None if e.pgn is None else check_attached_pgn(e.pgn, result)
        return pairing, result, pgn

    def _on_record(self, e: RecordResult) -> None:
        pairing, result, pgn = self._game_args(e)
        old = self._games.get((pairing.round, pairing.board))
        if old is not None:
            raise DuplicateResultError(
                f"round {e.round}: {e.red}–{e.black} already has result {old.result.text}; "
                "use a correction to change it")
        self._games[(pairing.round, pairing.board)] = TournamentGame(
            pairing.round, pairing.board, pairing.red, pairing.black, result, pgn)

    def _on_correct(self, e: CorrectResult) -> None:
        pairing, result, pgn = self._game_args(e)
        old = self._games.get((pairing.round, pairing.board))
        if old is None:
            raise TournamentStateError(
                f"round {e.round}: {e.red}–{e.black} has no result to correct; record it first")
        self._games[(pairing.round, pairing.board)] = TournamentGame(
            pairing.round, pairing.board, pairing.red, pairing.black, result, pgn,
            False, old.corrections + 1)

    def _on_withdraw(self, e: Withdraw) -> None:
        player = self.player(e.player)
        if e.policy not in WITHDRAW_POLICIES:
            raise ConfigurationError(f"withdrawal policy {e.policy!r}: use forfeit or annul")
        if player.withdrawn:
            raise TournamentStateError(f"{player.name} has already withdrawn")
        if e.policy == "forfeit":
            self._round(e.from_round)
            for rnd in self.schedule[e.from_round - 1:]:
                for p in rnd:
                    if p.bye or not p.has(player.number) or (p.round, p.board) in self._games:
                        continue
                    res = Result.BLACK_FORFEIT_WIN if p.red == player.number \
                        else Result.RED_FORFEIT_WIN
                    self._games[(p.round, p.board)] = TournamentGame(
                        p.round, p.board, p.red, p.black, res, None, True)
        self._players[player.number - 1] = Entrant(player.number, player.name, e.policy)

    def _on_lots(self, e: DrawLots) -> None:
        chosen = [self.player(n).number for n in e.order]
        if len(set(chosen)) != len(chosen) or len(chosen) < 2:
            raise ConfigurationError("a drawing of lots orders two or more different players")
        self._lots.append(tuple(self._players[n - 1].name for n in chosen))

    # ----- reading -------------------------------------------------------------
    def games(self, round_no: int | None = None) -> tuple[TournamentGame, ...]:
        """Recorded results (of one round, or all), by round and board."""
        if round_no is not None:
            self._round(round_no)
        return tuple(g for k, g in sorted(self._games.items())
                     if round_no is None or g.round == round_no)

    def result_of(self, round_no: int, board: int) -> TournamentGame | None:
        """The recorded result at a board of a round, if any."""
        return self._games.get((round_no, board))

    def standings(self, after_round: int | None = None) -> tuple[StandingRow, ...]:
        """Rows in rank order after ``after_round`` (default: everything recorded).

        Annulled players (withdrawal policy ``annul``) and their games are left out.
        """
        if after_round is not None:
            self._round(after_round)
        last = after_round if after_round is not None else len(self.schedule)
        annulled = {p.number for p in self._players if p.withdrawn == "annul"}
        counted: dict[int, list[PlayerGame]] = {p.number: [] for p in self._players}
        for g in self._games.values():
            if g.round > last or g.red in annulled or g.black in annulled:
                continue
            for num, is_red, opp in ((g.red, True, g.black), (g.black, False, g.red)):
                counted[num].append(PlayerGame(
                    g.round, opp, is_red, g.result.outcome(is_red),
                    self.scoring.points(g.result, is_red), g.result.played))
        names = {p.number: p.name for p in self._players if p.number not in annulled}
        withdrawn = frozenset(p.number for p in self._players if p.withdrawn)
        return compute_standings(names, {n: counted[n] for n in names}, self.criteria,
                                 [[self.player(x).number for x in o] for o in self._lots],
                                 withdrawn)

    def settings(self) -> dict[str, object]:
        """The constructor arguments as JSON-ready data (what a store saves)."""
        return {"name": self.name, "players": list(self.initial_players),
                "scoring": list(self.scoring.as_tuple()), "double": self.double,
                "tiebreaks": list(self.tiebreak_keys)}

    @classmethod
    def from_settings(cls, settings: dict[str, object]) -> Tournament:
        """Inverse of :meth:`settings`."""
        try:
            return cls(players=settings["players"],  # type: ignore[arg-type]
                       scoring=settings["scoring"],  # type: ignore[arg-type]
                       double=bool(settings["double"]),
                       tiebreaks=settings["tiebreaks"],  # type: ignore[arg-type]
                       name=str(settings["name"]))
        except (KeyError, TypeError) as exc:
            raise ConfigurationError(f"incomplete tournament settings: {exc}") from None
