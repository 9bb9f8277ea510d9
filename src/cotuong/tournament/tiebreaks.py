"""Tie-break criteria, each citing where it comes from.

Every criterion maps the players of a tied group to a number; higher ranks
higher.  All but the direct encounter ignore the group (the value is a property
of the player); the direct encounter looks only at games among the group.

Default order (RULES §7, seed ``000``): points -> Sonneborn–Berger -> wins ->
direct encounter -> drawing of lots.

>>> [c.key for c in resolve_tiebreaks(DEFAULT_TIEBREAKS)]
['sonneborn_berger', 'wins', 'direct_encounter']
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar

from cotuong.tournament.errors import ConfigurationError, fail
from cotuong.tournament.results import Number

DEFAULT_TIEBREAKS: tuple[str, ...] = ("sonneborn_berger", "wins", "direct_encounter")


NOBODY = 0  # the "opponent" of a Swiss bye or absence (draw numbers start at 1)


@dataclass(frozen=True)
class PlayerGame:
    """One counted game (or forfeit) seen from one player; a Swiss round without a game
    (a bye, an absence) is a ``PlayerGame`` against :data:`NOBODY`, not played."""

    round: int
    opponent: int
    red: bool
    outcome: str  # "win" | "draw" | "loss"
    points: Number
    played: bool


UNPLAYED_MODES = ("counted", "fide")


@dataclass(frozen=True)
class Context:
    """What criteria read: each player's counted games and total points.

    ``unplayed`` says how games not played over the board (forfeits) count:
    ``"counted"`` like played games (the default, as RULES §7 says "a forfeit scores
    as a win"), or ``"fide"``: FIDE's tie-break regulations (Handbook C.07, 2024,
    Art. 16) evaluate a player's own unplayed game, in the criteria built on
    opponents' scores, as a draw against the player themself (a virtual opponent
    with the player's own score), and count only games won over the board (C.07
    "WON") as wins. ``draw_points`` is what a draw scores.
    """

    games: Mapping[int, tuple[PlayerGame, ...]]
    points: Mapping[int, Number]
    unplayed: str = "counted"
    draw_points: Number = 1

    @property
    def fide(self) -> bool:
        """Whether unplayed games count the FIDE way."""
        return self.unplayed == "fide"

    def opponent_part(self, player: int, game: PlayerGame) -> tuple[Number, Number]:
        """``(points, opponent's score)`` a game brings to SB and Buchholz: the virtual
        opponent's draw for an unplayed game under ``fide``."""
        if self.fide and not game.played:
            return self.draw_points, self.points[player]
        if game.opponent == NOBODY:  # a bye or an absence counted as it scored: no opponent
            return game.points, 0
        return game.points, self.points[game.opponent]


class Criterion:
    """A tie-break: ``values(ctx, group)`` gives each group member a number."""

    key: ClassVar[str] = ""
    label_vi: ClassVar[str] = ""
    label_en: ClassVar[str] = ""
    group_dependent: ClassVar[bool] = False

    def values(self, ctx: Context, group: Sequence[int]) -> dict[int, Number]:
        """Value per player of ``group``; higher ranks higher."""
        raise NotImplementedError


class SonnebornBerger(Criterion):
    """Sonneborn–Berger ("hệ số"): Σ over games of points scored × the opponent's total.

    With 2/1/0 scoring this is 2× the score of each beaten opponent plus 1× each
    drawn one; with 1/½/0 it is the classic "full score of beaten opponents plus
    half of drawn ones".  Forfeit wins count like wins, or (``unplayed="fide"``) as
    a draw against a virtual opponent with the player's own score.  Sources: RULES §7; seed
    ``000`` ("hai chỉ số"); ``data/tournament-references.md`` (WXF 18th World
    Championship 2023 §VIII.b.i "highest opponent score (also called
    Sonneborn–Berger score)"; VN explainer "Các hệ số phụ thông dụng", 2018).

    >>> ctx = Context({1: (PlayerGame(1, 2, True, "win", 2, True),)}, {1: 2, 2: 3})
    >>> SonnebornBerger().values(ctx, [1])
    {1: 6}
    """

    key = "sonneborn_berger"
    label_vi = "Hệ số (SB)"
    label_en = "Sonneborn–Berger"

    def values(self, ctx: Context, group: Sequence[int]) -> dict[int, Number]:
        out: dict[int, Number] = {}
        for p in group:
            parts = (ctx.opponent_part(p, g) for g in ctx.games[p])
            out[p] = sum((pts * opp for pts, opp in parts), 0)
        return out


class Wins(Criterion):
    """Number of wins, forfeit wins included ("a forfeit scores as a win", RULES §7);
    with ``unplayed="fide"`` games won over the board only (FIDE C.07 "WON").

    Sources: RULES §7 (second index after Sonneborn–Berger); World Championship
    2025 order "số ván thắng" (``data/tournament-references.md``); FIDE C.07 WIN.

    >>> Wins().values(Context({1: (PlayerGame(1, 2, False, "win", 2, False),)}, {}), [1])
    {1: 1}
    """

    key = "wins"
    label_vi = "Số ván thắng"
    label_en = "Wins"

    def values(self, ctx: Context, group: Sequence[int]) -> dict[int, Number]:
        return {p: sum(1 for g in ctx.games[p]
                       if g.outcome == "win" and (g.played or not ctx.fide))
                for p in group}


class DirectEncounter(Criterion):
    """Points scored in the games among the tied players only (the mini-table).

    With two players this is their game; with three or more, everyone's score in
    the games among the whole tied group (RULES §7).  Sources: seed ``000``
    ("ván cờ giữa các đấu thủ bằng điểm, đấu thủ nào thắng ... xếp hạng trên");
    WXF 2023 §VIII.b.i "the winner of the direct match"; World Championship 2025
    "đối đầu"; FIDE C.07 Direct Encounter.

    >>> ctx = Context({1: (PlayerGame(1, 2, True, "win", 2, True),),
    ...                2: (PlayerGame(1, 1, False, "loss", 0, True),)}, {1: 2, 2: 0})
    >>> DirectEncounter().values(ctx, [1, 2])
    {1: 2, 2: 0}
    """

    key = "direct_encounter"
    label_vi = "Đối đầu"
    label_en = "Direct encounter"
    group_dependent = True

    def values(self, ctx: Context, group: Sequence[int]) -> dict[int, Number]:
        members = set(group)
        return {p: sum((g.points for g in ctx.games[p] if g.opponent in members), 0)
                for p in group}


class Buchholz(Criterion):
    """Buchholz ("tổng điểm đối thủ"): the sum of the totals of every opponent met.

    Source: World Championship 2025 first tie-break (VnExpress, in
    ``data/tournament-references.md``); VN explainer "Các hệ số phụ thông dụng".
    In a complete round robin it is the same for everyone who played all games,
    so it matters mid-event or with withdrawals.

    >>> Buchholz().values(Context({1: (PlayerGame(1, 2, True, "loss", 0, True),)}, {2: 4}), [1])
    {1: 4}
    """

    key = "buchholz"
    label_vi = "Tổng điểm đối thủ"
    label_en = "Buchholz"

    def values(self, ctx: Context, group: Sequence[int]) -> dict[int, Number]:
        return {p: sum((ctx.opponent_part(p, g)[1] for g in ctx.games[p]), 0) for p in group}


class WinsWithBlack(Criterion):
    """Games won with Black, over the board only ("số ván thắng quân đen").

    Source: World Championship 2025 order (``data/tournament-references.md``);
    FIDE C.07 BWG.

    >>> WinsWithBlack().values(Context({1: (PlayerGame(1, 2, False, "win", 2, True),)}, {}), [1])
    {1: 1}
    """

    key = "wins_black"
    label_vi = "Thắng quân đen"
    label_en = "Wins with Black"

    def values(self, ctx: Context, group: Sequence[int]) -> dict[int, Number]:
        return {p: sum(1 for g in ctx.games[p] if g.played and not g.red and g.outcome == "win")
                for p in group}


class GamesWithBlack(Criterion):
    """Games played with Black, over the board only ("số ván cầm quân đen").

    Source: World Championship 2025 order (``data/tournament-references.md``);
    FIDE C.07 BPG.

    >>> GamesWithBlack().values(Context({1: (PlayerGame(1, 2, False, "loss", 0, True),)}, {}), [1])
    {1: 1}
    """

    key = "games_black"
    label_vi = "Số ván cầm quân đen"
    label_en = "Games with Black"

    def values(self, ctx: Context, group: Sequence[int]) -> dict[int, Number]:
        return {p: sum(1 for g in ctx.games[p] if g.played and not g.red) for p in group}


class BuchholzCut1(Criterion):
    """Buchholz Cut-1 ("Buchholz bỏ 1"): the Buchholz less the least significant
    opponent's contribution. Source: FIDE C.07 (Tie-Break Regulations, 2024), the
    "Cut-1" modifier of the Buchholz.

    >>> g = (PlayerGame(1, 2, True, "win", 1, True), PlayerGame(2, 3, False, "draw", 0.5, True))
    >>> BuchholzCut1().values(Context({1: g}, {1: 1.5, 2: 4, 3: 1}), [1])
    {1: 4}
    """

    key = "buchholz_cut1"
    label_vi = "Buchholz bỏ 1"
    label_en = "Buchholz Cut-1"
    cut_low, cut_high = 1, 0

    def values(self, ctx: Context, group: Sequence[int]) -> dict[int, Number]:
        out: dict[int, Number] = {}
        for p in group:
            parts = sorted(ctx.opponent_part(p, g)[1] for g in ctx.games[p])
            kept = parts[self.cut_low:len(parts) - self.cut_high]
            out[p] = sum(kept, 0)
        return out


class MedianBuchholz(BuchholzCut1):
    """Median Buchholz ("Buchholz trung vị"): the Buchholz less the highest and the lowest
    opponent's contributions. Source: FIDE C.07 (Tie-Break Regulations, 2024), the
    "Median-1" modifier.

    >>> g = tuple(PlayerGame(r, r + 1, True, "win", 1, True) for r in (1, 2, 3))
    >>> MedianBuchholz().values(Context({1: g}, {2: 1, 3: 2, 4: 5}), [1])
    {1: 2}
    """

    key = "median_buchholz"
    label_vi = "Buchholz trung vị"
    label_en = "Median Buchholz"
    cut_low, cut_high = 1, 1


class ProgressiveScore(Criterion):
    """Progressive (cumulative) score ("điểm lũy tiến"): the sum of the running score
    after each round. Source: FIDE C.07 (Tie-Break Regulations, 2024), "Progressive
    Scores" (its "cut" variants are not modelled).

    >>> g = (PlayerGame(1, 2, True, "win", 1, True), PlayerGame(2, 3, False, "loss", 0, True))
    >>> ProgressiveScore().values(Context({1: g}, {}), [1])
    {1: 2}
    """

    key = "progressive"
    label_vi = "Điểm lũy tiến"
    label_en = "Progressive score"

    def values(self, ctx: Context, group: Sequence[int]) -> dict[int, Number]:
        out: dict[int, Number] = {}
        for p in group:
            running: Number = 0
            total: Number = 0
            for g in sorted(ctx.games[p], key=lambda g: g.round):
                running += g.points
                total += running
            out[p] = total
        return out


CRITERIA: Mapping[str, type[Criterion]] = {
    c.key: c
    for c in (SonnebornBerger, Wins, DirectEncounter, Buchholz, WinsWithBlack, GamesWithBlack,
              BuchholzCut1, MedianBuchholz, ProgressiveScore)
}
# What a Swiss event ranks by after points unless the organiser says otherwise: Buchholz
# Cut-1 first, as FIDE C.07 (2024) suggests for individual Swiss events.
SWISS_TIEBREAKS: tuple[str, ...] = ("buchholz_cut1", "buchholz", "sonneborn_berger",
                                    "direct_encounter", "wins")


def resolve_tiebreaks(names: Iterable[str]) -> tuple[Criterion, ...]:
    """Criteria for these keys, in order; unknown or repeated keys raise.

    >>> resolve_tiebreaks(["wins", "sb"])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cotuong.tournament.errors.ConfigurationError: unknown tie-break 'sb'; known: ...
    """
    out: list[Criterion] = []
    seen: set[str] = set()
    for name in names:
        if name not in CRITERIA:
            raise fail(ConfigurationError, "T_UNKNOWN_TIEBREAK", name=name,
                       known=", ".join(CRITERIA))
        if name in seen:
            raise fail(ConfigurationError, "T_TIEBREAK_TWICE", name=name)
        seen.add(name)
        out.append(CRITERIA[name]())
    return tuple(out)
