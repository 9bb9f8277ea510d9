"""How each event changes a tournament's state (validated first: on error nothing
changes). :class:`~cotuong.tournament.tournament.Tournament` builds on this; an undo
resets the state and runs these handlers again over the events still in force.

>>> from cotuong.tournament import Tournament
>>> t = Tournament(["An", "Bình", "Chi", "Dũng"])
>>> _ = t.record(1, "An", "Dũng", "1-0")
>>> t.record(1, "An", "Dũng", "0-1")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
cotuong.tournament.errors.DuplicateResultError: round 1: An–Dũng already has result 1-0; ...
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, cast

from cotuong.messages import Listing
from cotuong.tournament.attached import check_attached_pgn
from cotuong.tournament.berger import Pairing
from cotuong.tournament.details import Details
from cotuong.tournament.errors import (
    ConfigurationError,
    DuplicatePlayerError,
    DuplicateResultError,
    LotsError,
    PairingError,
    TournamentStateError,
    fail,
)
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
    SetDetails,
    Withdraw,
)
from cotuong.tournament.players import Entrant, PlayerInfo, name_key, player_info
from cotuong.tournament.results import Result, parse_result
from cotuong.tournament.standings import Drawing, StandingRow, tie_key, tied_groups


class Whole(Protocol):
    """What the handlers read of the whole tournament: ``Tournament``, built on
    :class:`Handlers`, provides it (declared here so the base never imports its subclass)."""

    @property
    def schedule(self) -> tuple[tuple[Pairing, ...], ...]: ...

    @property
    def rounds(self) -> int: ...

    @property
    def finished(self) -> bool: ...

    def player(self, ref: int | str) -> Entrant: ...

    def incomplete_rounds(self, upto: int | None = None) -> list[tuple[int, int, int]]: ...

    def _round(self, round_no: object) -> tuple[Pairing, ...]: ...

    def _rows(self, last: int, final: bool, use_lots: bool = True) -> tuple[StandingRow, ...]: ...

WITHDRAW_POLICIES = ("forfeit", "annul")
SKIP = ("*", ".", "…")  # a board left as it is in a whole-round entry


@dataclass(frozen=True)
class NamedPairing:
    """A board of a round with names; ``rests`` is the resting player (board 0)."""

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


class Handlers(Details):
    """The state and its event handlers (the base of ``Tournament``)."""

    initial: tuple[PlayerInfo, ...]
    _players: list[Entrant]
    _games: dict[tuple[int, int], TournamentGame]
    _drawings: list[Drawing]

    def _self(self) -> Whole:
        return cast(Whole, self)

    def _reset(self) -> None:
        self._players = []
        for info in self.initial:
            self._add(info)
        self._games = {}  # (round, board) -> record
        self._drawings = []
        self._details = SetDetails()

    def _handle(self, event: Event) -> None:
        handlers: dict[type[Event], Callable[[Any], None]] = {
            AddPlayer: self._on_add, RemovePlayer: self._on_remove,
            DrawNumbers: self._on_draw, RecordResult: self._on_record,
            CorrectResult: self._on_correct, Withdraw: self._on_withdraw,
            Reinstate: self._on_reinstate, EditPlayer: self._on_edit, DrawLots: self._on_lots,
            SetDetails: self._on_details,
        }
        handler = handlers.get(type(event))
        if handler is None:
            raise fail(TournamentStateError, "T_UNKNOWN_EVENT", event=repr(event))
        handler(event)

    # ----- players -------------------------------------------------------------
    def _check_unique(self, name: str, besides: int | None = None) -> None:
        for p in self._players:
            if p.number != besides and name_key(p.name) == name_key(name):
                raise fail(DuplicatePlayerError, "T_DUPLICATE_PLAYER", name=name)

    def _add(self, info: PlayerInfo) -> None:
        self._check_unique(info.name)
        self._players.append(Entrant(len(self._players) + 1, info.name, club=info.club,
                                     rating=info.rating, title=info.title))

    def _not_started(self, code: str, **params: object) -> None:
        if self._games:
            raise fail(TournamentStateError, code, **params)

    def _on_add(self, e: AddPlayer) -> None:
        self._not_started("T_ADD_STARTED", name=e.name)
        self._add(player_info({"name": e.name, "club": e.club, "rating": e.rating,
                               "title": e.title}))

    def _on_remove(self, e: RemovePlayer) -> None:
        self._not_started("T_REMOVE_STARTED", name=e.player)
        gone = self._self().player(e.player)
        rest = [p for p in self._players if p.number != gone.number]
        if len(rest) < 2:
            raise fail(ConfigurationError, "T_SCHEDULE_TOO_FEW", count=len(rest))
        self._players = [Entrant(i, p.name, p.withdrawn, p.club, p.rating, p.title,
                                 p.withdrawn_from) for i, p in enumerate(rest, 1)]

    def _on_draw(self, e: DrawNumbers) -> None:
        self._not_started("T_DRAW_STARTED")
        t = self._self()
        chosen = [t.player(n) for n in e.order]
        if len({p.number for p in chosen}) != len(chosen) or len(chosen) != len(self._players):
            raise fail(ConfigurationError, "T_DRAW_ORDER", count=len(self._players))
        new_number = {p.number: i for i, p in enumerate(chosen, 1)}
        self._players = [Entrant(i, p.name, p.withdrawn, p.club, p.rating, p.title,
                                 p.withdrawn_from) for i, p in enumerate(chosen, 1)]
        self._drawings = [Drawing(tuple(new_number[n] for n in d.order), None)
                          for d in self._drawings]  # a tie before a redraw fits nothing now

    def _on_edit(self, e: EditPlayer) -> None:
        p = self._self().player(e.player)
        new = player_info({"name": e.name, "club": e.club, "rating": e.rating,
                           "title": e.title})
        self._check_unique(new.name, besides=p.number)
        self._players[p.number - 1] = Entrant(p.number, new.name, p.withdrawn, new.club,
                                              new.rating, new.title, p.withdrawn_from)

    # ----- results -------------------------------------------------------------
    def _find(self, round_no: int, red: int | str, black: int | str) -> Pairing:
        t = self._self()
        r, b = t.player(red), t.player(black)
        for p in t._round(round_no):
            if p.bye or not (p.has(r.number) and p.has(b.number)) or r is b:
                continue
            if p.red != r.number:
                raise fail(PairingError, "T_COLOURS_REVERSED", round=round_no, red=b.name,
                           black=r.name)
            return p
        raise fail(PairingError, "T_DO_NOT_MEET", round=round_no, a=r.name, b=b.name)

    def _game_args(self, e: RecordResult | CorrectResult) -> tuple[Pairing, Result, str | None]:
        pairing = self._find(e.round, e.red, e.black)
        result = parse_result(e.result)
        for n in (pairing.red, pairing.black):
            if self._players[n - 1].withdrawn == "annul":
                raise fail(TournamentStateError, "T_ANNULLED", name=self._players[n - 1].name)
        pgn = None if e.pgn is None else check_attached_pgn(e.pgn, result)
        return pairing, result, pgn

    def _names(self, p: Pairing) -> tuple[str, str]:
        return self._players[p.red - 1].name, self._players[p.black - 1].name

    def _on_record(self, e: RecordResult) -> None:
        pairing, result, pgn = self._game_args(e)
        old = self._games.get((pairing.round, pairing.board))
        if old is not None:
            red, black = self._names(pairing)
            raise fail(DuplicateResultError, "T_DUPLICATE_RESULT", round=e.round, red=red,
                       black=black, result=old.result.text)
        self._games[(pairing.round, pairing.board)] = TournamentGame(
            pairing.round, pairing.board, pairing.red, pairing.black, result, pgn)

    def _on_correct(self, e: CorrectResult) -> None:
        pairing, result, pgn = self._game_args(e)
        old = self._games.get((pairing.round, pairing.board))
        if old is None:
            red, black = self._names(pairing)
            raise fail(TournamentStateError, "T_NOTHING_TO_CORRECT", round=e.round, red=red,
                       black=black)
        self._games[(pairing.round, pairing.board)] = TournamentGame(
            pairing.round, pairing.board, pairing.red, pairing.black, result, pgn,
            False, old.corrections + 1)

    def _check_round(self, round_no: int, boards: Sequence[Pairing],
                     results: Sequence[str | Result | None]) -> list[tuple[Pairing, Result]]:
        todo = []
        for p, given in zip(boards, results, strict=True):
            if given is None or (isinstance(given, str) and given.strip() in SKIP):
                continue
            result = given if isinstance(given, Result) else parse_result(given)
            old = self._games.get((p.round, p.board))
            if old is None:
                todo.append((p, result))
            elif old.result is not result:
                red, black = self._names(p)
                raise fail(DuplicateResultError, "T_ROUND_BOARD_HAS", round=round_no,
                           board=p.board, red=red, black=black, result=old.result.text,
                           given=result.text)
        for p, _ in todo:
            for n in (p.red, p.black):
                if self._players[n - 1].withdrawn == "annul":
                    raise fail(TournamentStateError, "T_ANNULLED",
                               name=self._players[n - 1].name)
        return todo

    # ----- withdrawals ---------------------------------------------------------
    def _check_from(self, from_round: object) -> int:
        last = self._self().rounds + 1  # rounds + 1: nothing left to forfeit
        if isinstance(from_round, bool) or not isinstance(from_round, int) \
                or not 1 <= from_round <= last:
            raise fail(PairingError, "T_BAD_FROM_ROUND", value=repr(from_round), last=last)
        return from_round

    def _on_withdraw(self, e: Withdraw) -> None:
        t = self._self()
        player = t.player(e.player)
        if e.policy not in WITHDRAW_POLICIES:
            raise fail(ConfigurationError, "T_BAD_POLICY", value=repr(e.policy))
        if player.withdrawn:
            raise fail(TournamentStateError, "T_ALREADY_WITHDRAWN", name=player.name)
        start = self._check_from(e.from_round)
        if e.policy == "forfeit":
            for rnd in t.schedule[start - 1:]:
                for p in rnd:
                    if p.bye or not p.has(player.number) or (p.round, p.board) in self._games:
                        continue
                    res = Result.BLACK_FORFEIT_WIN if p.red == player.number \
                        else Result.RED_FORFEIT_WIN
                    self._games[(p.round, p.board)] = TournamentGame(
                        p.round, p.board, p.red, p.black, res, None, True)
        self._players[player.number - 1] = Entrant(
            player.number, player.name, e.policy, player.club, player.rating, player.title,
            start if e.policy == "forfeit" else None)

    def _on_reinstate(self, e: Reinstate) -> None:
        player = self._self().player(e.player)
        if not player.withdrawn:
            raise fail(TournamentStateError, "T_NOT_WITHDRAWN", name=player.name)
        start = self._check_from(e.from_round)
        for key, g in list(self._games.items()):
            if g.by_withdrawal and g.round >= start and player.number in (g.red, g.black):
                other = g.black if g.red == player.number else g.red
                # A forfeit the opponent's own withdrawal explains stays.
                if not self._players[other - 1].withdrawn:
                    del self._games[key]
        self._players[player.number - 1] = Entrant(player.number, player.name, None,
                                                   player.club, player.rating, player.title)

    # ----- lots ----------------------------------------------------------------
    def _on_lots(self, e: DrawLots) -> None:
        t = self._self()
        chosen = [t.player(n).number for n in e.order]
        if len(set(chosen)) != len(chosen) or len(chosen) < 2:
            raise fail(LotsError, "T_LOTS_TWO")
        if e.legacy:  # as drawn then: for the tie it fitted at that moment, if any
            rows = t._rows(t.rounds, True, use_lots=False)
            fits = [g for g in tied_groups(rows) if {r.number for r in g} == set(chosen)]
            self._drawings.append(Drawing(tuple(chosen), tie_key(fits[0]) if fits else None))
            return
        if not t.finished:
            missing = sum(total - done for _, done, total in t.incomplete_rounds(t.rounds))
            raise fail(LotsError, "T_LOTS_NOT_FINAL", missing=missing)
        rows = t._rows(t.rounds, True)
        group = self._lots_group(rows, set(chosen))
        self._drawings.append(Drawing(tuple(chosen), tie_key(group)))

    def _lots_group(self, rows: Sequence[StandingRow], chosen: set[int]) -> list[StandingRow]:
        def names(numbers: Sequence[int]) -> Listing:
            return Listing(tuple(self._players[n - 1].name for n in numbers))
        drawn = [r.number for r in rows if r.lots == "drawn" and r.number in chosen]
        if drawn:
            raise fail(LotsError, "T_LOTS_ALREADY", players=names(drawn))
        pending = tied_groups(rows)
        tied = {r.number for g in pending for r in g}
        outside = [n for n in sorted(chosen) if n not in tied]
        ties = Listing(tuple(names([r.number for r in g]) for g in pending), separator="; ")
        if outside:
            raise fail(LotsError, "T_LOTS_NOT_TIED", players=names(outside),
                       ties=ties if pending else "—")
        for g in pending:
            numbers = {r.number for r in g}
            if numbers & chosen and numbers != chosen:
                raise fail(LotsError, "T_LOTS_WHOLE_TIE", tie=names([r.number for r in g]))
        return next(g for g in pending if {r.number for r in g} == chosen)
