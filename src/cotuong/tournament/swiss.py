"""Swiss tournaments: a fixed number of rounds, each paired from the standings so far.

A :class:`SwissTournament` is a :class:`~cotuong.tournament.tournament.Tournament` whose
schedule is not a table but the log's :class:`~cotuong.tournament.events.PairRound`
events: :meth:`SwissTournament.pair_next_round` asks a pairing program (FIDE's Dutch
system through py4swiss, :mod:`cotuong.tournament.swiss_pairing`) and records what it
said, so undo, corrections and a restart replay the published pairings and never pair
again. Results, corrections, withdrawals, edits and lots are the round robin's.

The initial ranking (the pairing numbers) is by rating, highest first, then by draw
number: unrated players keep the order the numbers were drawn in. Late entries join
before any round still to pair (rounds they missed count as absences, 0 points);
a requested bye scores ``requested_bye_points`` (a draw's by default), the
pairing-allocated bye ``bye_points`` (a win's by default).

>>> t = SwissTournament(["An", "Bình", "Chi"], rounds=2)
>>> _ = t.pair_round([("An", "Bình")], bye="Chi")
>>> _ = t.record(1, "An", "Bình", "1-0")
>>> [(r.player, r.points) for r in t.standings()]  # Chi: the bye counts as a draw with self
[('Chi', 2), ('An', 2), ('Bình', 0)]
>>> t.byes(1)
(('Chi', 'pab'),)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import ClassVar

from cotuong.tournament.berger import Pairing
from cotuong.tournament.errors import (
    ConfigurationError,
    PairingError,
    TournamentStateError,
    fail,
)
from cotuong.tournament.events import (
    AddPlayer,
    DrawNumbers,
    Event,
    PairRound,
    RemovePlayer,
    RequestBye,
)
from cotuong.tournament.players import PlayerInfo, player_info
from cotuong.tournament.results import Number, Scoring
from cotuong.tournament.swiss_pairing import Pairer, PairingRequest, default_pairer
from cotuong.tournament.tiebreaks import NOBODY, SWISS_TIEBREAKS, PlayerGame
from cotuong.tournament.tournament import Tournament

FIRST_COLOURS = ("red", "black")
BYE_KINDS = ("pab", "requested", "absent")
MAX_ROUNDS = 30


class SwissTournament(Tournament):
    """A Swiss event of ``rounds`` rounds.

    Options besides the round robin's: ``bye_points`` (the pairing-allocated bye; default
    a win's points) and ``requested_bye_points`` (default a draw's), each one of the
    scoring's three values; ``accelerated``: Baku acceleration (FIDE C.04.5.1) for the
    first half of the rounds; ``first_colour``: the colour of the top seed in round 1
    (``"red"`` or ``"black"``; the organiser draws it). Tie-breaks default to
    :data:`~cotuong.tournament.tiebreaks.SWISS_TIEBREAKS`; unplayed rounds (byes,
    absences, forfeits) count the FIDE way (``unplayed="fide"``) unless told otherwise.
    """

    system: ClassVar[str] = "swiss"

    def __init__(
        self,
        players: Iterable[str | PlayerInfo],
        rounds: int,
        scoring: Scoring | Sequence[Number] = (2, 1, 0),
        tiebreaks: Iterable[str] = SWISS_TIEBREAKS,
        name: str = "",
        unplayed: str = "fide",
        bye_points: Number | None = None,
        requested_bye_points: Number | None = None,
        accelerated: bool = False,
        first_colour: str = "red",
        min_players: int = 2,
    ) -> None:
        if isinstance(rounds, bool) or not isinstance(rounds, int) \
                or not 1 <= rounds <= MAX_ROUNDS:
            raise fail(ConfigurationError, "T_SWISS_ROUNDS", value=repr(rounds),
                       most=MAX_ROUNDS)
        points = scoring if isinstance(scoring, Scoring) else Scoring(*scoring)
        allowed = points.as_tuple()
        self.bye_points: Number = points.win if bye_points is None else bye_points
        self.requested_bye_points: Number = points.draw if requested_bye_points is None \
            else requested_bye_points
        for value in (self.bye_points, self.requested_bye_points):
            if value not in allowed:
                raise fail(ConfigurationError, "T_SWISS_BYE_POINTS", value=repr(value),
                           allowed=", ".join(str(v) for v in allowed))
        if first_colour not in FIRST_COLOURS:
            raise fail(ConfigurationError, "T_SWISS_FIRST_COLOUR", value=repr(first_colour))
        self.planned_rounds = rounds
        self.accelerated = bool(accelerated)
        self.first_colour = first_colour
        super().__init__(players, points, False, tiebreaks, name, unplayed, True, min_players)

    def _reset(self) -> None:
        super()._reset()
        self._paired: list[tuple[Pairing, ...]] = []
        self._byes: list[dict[int, str]] = []  # per paired round: number -> "pab"/"requested"
        self._requests: dict[int, set[int]] = {}  # round not yet paired -> numbers

    # ----- the schedule is what was paired ---------------------------------------
    @property
    def schedule(self) -> tuple[tuple[Pairing, ...], ...]:
        """The rounds paired so far (games by board, the pairing-allocated bye last)."""
        return tuple(self._paired)

    @property
    def rounds(self) -> int:
        """The number of rounds the event will have."""
        return self.planned_rounds

    @property
    def paired_rounds(self) -> int:
        """How many rounds have been paired."""
        return len(self._paired)

    def _round(self, round_no: object) -> tuple[Pairing, ...]:
        if isinstance(round_no, bool) or not isinstance(round_no, int) \
                or not 1 <= round_no <= self.planned_rounds:
            raise fail(PairingError, "T_NO_ROUND", round=repr(round_no),
                       rounds=self.planned_rounds)
        if round_no > len(self._paired):
            raise fail(PairingError, "T_SWISS_NOT_PAIRED", round=round_no,
                       paired=len(self._paired))
        return self._paired[round_no - 1]

    def incomplete_rounds(self, upto: int | None = None) -> list[tuple[int, int, int]]:
        last = self.current_round if upto is None else upto
        return super().incomplete_rounds(min(last, len(self._paired)))

    @property
    def finished(self) -> bool:
        """Every round paired and every game with a result."""
        return len(self._paired) == self.planned_rounds and not self.incomplete_rounds(
            self.planned_rounds)

    def initial_ranking(self) -> tuple[int, ...]:
        """Draw numbers in pairing order: rating (highest first; unrated last), then draw
        number."""
        return tuple(p.number for p in sorted(
            self._players, key=lambda p: (-(p.rating or 0), p.number)))

    def absences(self, round_no: int) -> dict[int, str]:
        """Players without a game in a paired round: ``"pab"`` (the pairing-allocated
        bye), ``"requested"`` (a requested bye) or ``"absent"`` (withdrawn, or not yet
        entered)."""
        pairs = self._round(round_no)
        out = dict(self._byes[round_no - 1])
        seated = {n for p in pairs for n in (p.red, p.black)}
        for p in self._players:
            if p.number not in seated and p.number not in out:
                out[p.number] = "absent"
        return out

    def byes(self, round_no: int) -> tuple[tuple[str, str], ...]:
        """``(name, kind)`` of each bye of a paired round (``pab`` or ``requested``)."""
        return tuple((self._players[n - 1].name, k)
                     for n, k in sorted(self._byes[round_no - 1].items()))

    def requested_byes(self, round_no: int) -> tuple[str, ...]:
        """Names of the players who asked for a bye in a round not yet paired."""
        return tuple(self._players[n - 1].name for n in sorted(self._requests.get(round_no, ())))

    def _without_game(self, last: int) -> list[tuple[int, PlayerGame]]:
        out = []
        for r in range(1, min(last, len(self._paired)) + 1):
            for number, kind in self.absences(r).items():
                points = {"pab": self.bye_points, "requested": self.requested_bye_points,
                          "absent": 0}[kind]
                outcome = "win" if points == self.scoring.win and points else \
                    "draw" if points == self.scoring.draw and points else "loss"
                out.append((number, PlayerGame(r, NOBODY, True, outcome, points, False)))
        return out

    def missed(self, number: int, before: int) -> int:
        """Rounds before ``before`` the player had no game over the board (byes, absences,
        forfeits)."""
        played = sum(1 for g in self._games.values() if g.round < before and g.result.played
                     and number in (g.red, g.black))
        return before - 1 - played

    def bye_doubts(self, round_no: int) -> tuple[str, ...]:
        """Players who could have had a round's pairing-allocated bye and have missed fewer
        games than its receiver: same score before the round, present, never given a bye
        or a forfeit win. The Dutch system minimises the unplayed games of the bye's
        receiver; py4swiss 0.3.1 does not (docs/tournament.md), so the arbiter checks these.

        >>> t = SwissTournament(["An", "Bình", "Chi"], rounds=2)
        >>> _ = t.pair_round([("An", "Bình")], bye="Chi")
        >>> t.bye_doubts(1)
        ()
        """
        receiver = next((n for n, k in self._byes[round_no - 1].items() if k == "pab"), None)
        if receiver is None:
            return ()
        points = {r.number: r.points for r in self._rows(round_no - 1, False)}
        seated = {n for p in self._round(round_no) for n in (p.red, p.black)}
        lucky = {n for r in range(1, round_no) for n, k in self._byes[r - 1].items()
                 if k == "pab"}
        lucky |= {g.red if g.result.outcome(True) == "win" else g.black
                  for g in self._games.values() if g.round < round_no and g.result.forfeit
                  and g.result.outcome(True) != g.result.outcome(False)}
        mine = self.missed(receiver, round_no)
        return tuple(self._players[n - 1].name for n in sorted(seated - lucky - {receiver})
                     if points.get(n) == points.get(receiver)
                     and self.missed(n, round_no) < mine)

    # ----- pairing --------------------------------------------------------------
    def pairing_request(self) -> PairingRequest:
        """What a pairing program is given for the next round (see
        :mod:`cotuong.tournament.swiss_pairing`)."""
        self._check_can_pair(len(self._paired) + 1)
        return PairingRequest.of(self)

    def pair_next_round(self, pairer: Pairer | None = None) -> Event:
        """Pair the next round with ``pairer`` (default: FIDE Dutch through py4swiss, the
        ``[swiss]`` extra) and record the pairing as a :class:`PairRound` event."""
        request = self.pairing_request()
        chosen = default_pairer() if pairer is None else pairer
        pairs, bye = chosen.pair(request)
        names = tuple((self._players[r - 1].name, self._players[b - 1].name) for r, b in pairs)
        return self.apply(PairRound(request.round, names,
                                    None if bye is None else self._players[bye - 1].name,
                                    chosen.name))

    def pair_round(self, pairs: Sequence[tuple[int | str, int | str]],
                   bye: int | str | None = None) -> Event:
        """Record a pairing made by hand (the arbiter's own): ``(red, black)`` per board."""
        names = tuple((self.player(r).name, self.player(b).name) for r, b in pairs)
        return self.apply(PairRound(len(self._paired) + 1, names,
                                    None if bye is None else self.player(bye).name, "manual"))

    def request_bye(self, player: int | str, round_no: int | None = None) -> Event:
        """A requested bye for a round not yet paired (default: the next)."""
        rnd = len(self._paired) + 1 if round_no is None else round_no
        return self.apply(RequestBye(self.player(player).name, rnd))

    def _check_can_pair(self, round_no: int) -> None:
        if round_no != len(self._paired) + 1 or round_no > self.planned_rounds:
            raise fail(PairingError, "T_SWISS_PAIR_ROUND", round=round_no,
                       next=len(self._paired) + 1, rounds=self.planned_rounds)
        missing = sum(total - done for _, done, total in self.incomplete_rounds(
            len(self._paired)))
        if missing:
            raise fail(TournamentStateError, "T_SWISS_ROUND_OPEN", round=len(self._paired),
                       missing=missing)

    def active(self, round_no: int) -> list[int]:
        """Draw numbers to be paired in a round: not withdrawn, no requested bye."""
        asked = self._requests.get(round_no, set())
        return [p.number for p in self._players if not p.withdrawn and p.number not in asked]

    # ----- handlers -------------------------------------------------------------
    def _handle(self, event: Event) -> None:
        if isinstance(event, PairRound):
            self._on_pair(event)
        elif isinstance(event, RequestBye):
            self._on_request(event)
        else:
            super()._handle(event)

    def _on_pair(self, e: PairRound) -> None:
        self._check_can_pair(e.round)
        pairs = [(self.player(r).number, self.player(b).number) for r, b in e.pairs]
        bye = None if e.bye is None else self.player(e.bye).number
        seated = [n for pair in pairs for n in pair] + ([] if bye is None else [bye])
        expected = set(self.active(e.round))
        twice = sorted({n for n in seated if seated.count(n) > 1})
        if twice or set(seated) != expected:
            def names(ns: Iterable[int]) -> str:
                return ", ".join(self._players[n - 1].name for n in sorted(ns)) or "—"
            raise fail(PairingError, "T_SWISS_PAIR_PLAYERS", round=e.round,
                       twice=names(twice), missing=names(expected - set(seated)),
                       extra=names(set(seated) - expected))
        boards = [Pairing(e.round, i, r, b) for i, (r, b) in enumerate(pairs, 1)]
        if bye is not None:
            boards.append(Pairing(e.round, 0, bye, bye, bye=True))  # red == black: the rester
        byes = {n: "requested" for n in self._requests.pop(e.round, set())}
        if bye is not None:
            byes[bye] = "pab"
        self._paired.append(tuple(boards))
        self._byes.append(byes)

    def _on_request(self, e: RequestBye) -> None:
        p = self.player(e.player)
        if isinstance(e.round, bool) or not isinstance(e.round, int) \
                or not len(self._paired) < e.round <= self.planned_rounds:
            raise fail(PairingError, "T_SWISS_BYE_ROUND", round=repr(e.round),
                       first=len(self._paired) + 1, rounds=self.planned_rounds)
        if p.withdrawn:
            raise fail(TournamentStateError, "T_ANNULLED" if p.withdrawn == "annul"
                       else "T_ALREADY_WITHDRAWN", name=p.name)
        asked = self._requests.setdefault(e.round, set())
        if p.number in asked:
            raise fail(TournamentStateError, "T_SWISS_BYE_TWICE", name=p.name, round=e.round)
        asked.add(p.number)

    def _on_add(self, e: AddPlayer) -> None:
        if len(self._paired) >= self.planned_rounds:
            raise fail(TournamentStateError, "T_ADD_STARTED", name=e.name)
        self._add(player_info({"name": e.name, "club": e.club, "rating": e.rating,
                               "title": e.title}))

    def _on_remove(self, e: RemovePlayer) -> None:
        if self._paired:
            raise fail(TournamentStateError, "T_REMOVE_STARTED", name=e.player)
        super()._on_remove(e)

    def _on_draw(self, e: DrawNumbers) -> None:
        if self._paired:
            raise fail(TournamentStateError, "T_DRAW_STARTED")
        super()._on_draw(e)

    # ----- settings -------------------------------------------------------------
    def settings(self) -> dict[str, object]:
        out = super().settings()
        out.update(system=self.system, rounds=self.planned_rounds, bye_points=self.bye_points,
                   requested_bye_points=self.requested_bye_points,
                   accelerated=self.accelerated, first_colour=self.first_colour)
        return out

    @classmethod
    def from_settings(cls, settings: dict[str, object]) -> SwissTournament:
        """Inverse of :meth:`settings`."""
        try:
            return cls(players=settings["players"],  # type: ignore[arg-type]
                       rounds=settings["rounds"],  # type: ignore[arg-type]
                       scoring=settings["scoring"],  # type: ignore[arg-type]
                       tiebreaks=settings["tiebreaks"],  # type: ignore[arg-type]
                       name=str(settings["name"]), unplayed=str(settings["unplayed"]),
                       bye_points=settings["bye_points"],  # type: ignore[arg-type]
                       requested_bye_points=settings[  # type: ignore[arg-type]
                           "requested_bye_points"],
                       accelerated=bool(settings["accelerated"]),
                       first_colour=str(settings["first_colour"]), min_players=0)
        except (KeyError, TypeError) as exc:
            raise fail(ConfigurationError, "T_SETTINGS_INCOMPLETE", why=str(exc)) from None
