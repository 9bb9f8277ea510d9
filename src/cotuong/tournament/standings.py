"""Standings: rank players by points, then the configured tie-breaks, then lots.

Pure functions over plain data.  A group still tied after every criterion is
never put in an arbitrary order: its rows share a rank and are marked
``lots="pending"`` until the arbiter records a drawing of lots, after which they
are ordered by it and marked ``lots="drawn"``.

When a criterion splits a tied group, each smaller group that is still tied is
ranked again from the first criterion.  Only the direct encounter can change
on a smaller group (its mini-table shrinks), so this is how the seed's "the game
between the tied players" applies to two players left over from a three-way tie.

>>> from cotuong.tournament.tiebreaks import PlayerGame, resolve_tiebreaks
>>> games = {1: (PlayerGame(1, 2, True, "win", 2, True),),
...          2: (PlayerGame(1, 1, False, "loss", 0, True),)}
>>> rows = compute_standings({1: "An", 2: "Bình"}, games, resolve_tiebreaks(["wins"]))
>>> [(r.rank, r.player, r.points) for r in rows]
[(1, 'An', 2), (2, 'Bình', 0)]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from cotuong.tournament.results import Number
from cotuong.tournament.tiebreaks import Context, Criterion, PlayerGame


@dataclass(frozen=True)
class StandingRow:
    """One line of the standings.

    ``tiebreaks`` holds ``(key, value)`` in the configured order; the direct
    encounter's value is the mini-table score in the largest tied group it was
    evaluated on, or ``None`` when it was never needed.  ``lots`` is ``""``,
    ``"pending"`` (still tied: to be decided by drawing lots) or ``"drawn"``.
    """

    rank: int
    number: int
    player: str
    points: Number
    games: int
    wins: int
    wins_black: int
    tiebreaks: tuple[tuple[str, Number | None], ...] = field(default=())
    lots: str = ""
    withdrawn: bool = False

    def tiebreak(self, key: str) -> Number | None:
        """The value of one tie-break criterion (``None`` if absent or not needed)."""
        for k, v in self.tiebreaks:
            if k == key:
                return v
        return None

    @property
    def rank_text(self) -> str:
        """``"3"``, or ``"3="`` for a rank shared pending the drawing of lots."""
        return f"{self.rank}=" if self.lots == "pending" else str(self.rank)


def _split(group: Sequence[int], values: Mapping[int, Number]) -> list[list[int]]:
    buckets: dict[Number, list[int]] = {}
    for p in group:
        buckets.setdefault(values[p], []).append(p)
    return [sorted(buckets[v]) for v in sorted(buckets, reverse=True)]


def _rank_group(group: list[int], ctx: Context, criteria: Sequence[Criterion],
                shown: dict[tuple[str, int], Number]) -> list[list[int]]:
    """Ordered subgroups of ``group``; a subgroup of 2+ is tied on everything."""
    if len(group) == 1:
        return [group]
    for crit in criteria:
        values = crit.values(ctx, group)
        if crit.group_dependent:
            for p in group:
                shown.setdefault((crit.key, p), values[p])
        parts = _split(group, values)
        if len(parts) > 1:
            out: list[list[int]] = []
            for part in parts:
                out += _rank_group(part, ctx, criteria, shown)
            return out
    return [group]


class _Points:
    """The implicit first criterion."""

    key = "points"
    group_dependent = False

    def values(self, ctx: Context, group: Sequence[int]) -> dict[int, Number]:
        return {p: ctx.points[p] for p in group}


def compute_standings(
    players: Mapping[int, str],
    games: Mapping[int, Sequence[PlayerGame]],
    criteria: Sequence[Criterion],
    lots_orders: Sequence[Sequence[int]] = (),
    withdrawn: frozenset[int] = frozenset(),
) -> tuple[StandingRow, ...]:
    """Rank ``players`` (draw number -> name) from their counted ``games``.

    ``lots_orders`` are recorded drawings of lots (draw numbers, best first); the
    latest one that contains every member of a still-tied group orders it.
    """
    all_games = {p: tuple(games.get(p, ())) for p in players}
    points = {p: sum((g.points for g in all_games[p]), 0) for p in players}
    ctx = Context(all_games, points)
    shown: dict[tuple[str, int], Number] = {}
    chain: list[Criterion] = [_Points(), *criteria]  # type: ignore[list-item]
    fixed = {c.key: c.values(ctx, list(players)) for c in criteria if not c.group_dependent}
    groups = _rank_group(sorted(players), ctx, chain, shown)
    rows: list[StandingRow] = []
    position = 1
    for group in groups:
        lots = ""
        ordered = [(position, p) for p in group]
        if len(group) > 1:
            drawn = [o for o in lots_orders if set(group) <= set(o)]
            if drawn:
                group = sorted(group, key=list(drawn[-1]).index)
                ordered = [(position + i, p) for i, p in enumerate(group)]
                lots = "drawn"
            else:
                lots = "pending"
        for rank, p in ordered:
            pg = all_games[p]
            tbs = tuple(
                (c.key, fixed[c.key][p] if not c.group_dependent else shown.get((c.key, p)))
                for c in criteria)
            rows.append(StandingRow(
                rank=rank, number=p, player=players[p], points=points[p], games=len(pg),
                wins=sum(1 for g in pg if g.outcome == "win"),
                wins_black=sum(1 for g in pg if g.played and not g.red and g.outcome == "win"),
                tiebreaks=tbs, lots=lots, withdrawn=p in withdrawn))
        position += len(group)
    return tuple(rows)
