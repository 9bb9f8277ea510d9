"""Standings: rank players by points, then the configured tie-breaks, then lots.

Pure functions over plain data.  A group still tied after every criterion is
never put in an arbitrary order: its rows share a rank. Mid-event they are marked
``lots="tied"`` (nothing to decide yet). In a final ranking they are marked
``lots="pending"`` until the arbiter records a drawing of lots, after which they
are ordered by it and marked ``lots="drawn"`` — but only while the tie is the very
one the lots were drawn for (same players, same points and tie-break values): a
drawing is never reused for a different tie.

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
from dataclasses import dataclass, field, replace

from cotuong.tournament.results import Number
from cotuong.tournament.tiebreaks import NOBODY, Context, Criterion, PlayerGame


@dataclass(frozen=True)
class StandingRow:
    """One line of the standings.

    ``tiebreaks`` holds ``(key, value)`` in the configured order; the direct
    encounter's value is the mini-table score in the largest tied group it was
    evaluated on, or ``None`` when it was never needed.  ``lots`` is ``""``,
    ``"tied"`` (tied on everything mid-event: the rank is shared), ``"pending"``
    (tied in a final ranking: to be decided by drawing lots) or ``"drawn"``.
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
        """``"3"``, or ``"3="`` for a shared rank (tied, or pending the drawing of lots)."""
        return f"{self.rank}=" if self.lots in ("pending", "tied") else str(self.rank)


LOTS_VALUES = ("", "tied", "pending", "drawn")
TieKey = tuple[frozenset[int], Number, tuple[tuple[str, Number | None], ...]]


@dataclass(frozen=True)
class Drawing:
    """A recorded drawing of lots: ``order`` (draw numbers, best first) and the tie it
    was drawn for (``None`` when it fitted no tie: it then never applies)."""

    order: tuple[int, ...]
    tie: TieKey | None


def tie_key(rows: Sequence[StandingRow]) -> TieKey:
    """What identifies a tie: its players, their points and tie-break values."""
    return (frozenset(r.number for r in rows), rows[0].points, rows[0].tiebreaks)


def tied_groups(rows: Sequence[StandingRow], lots: str = "pending") -> list[list[StandingRow]]:
    """The groups of rows sharing a rank with this ``lots`` mark, best first."""
    groups: dict[int, list[StandingRow]] = {}
    for r in rows:
        if r.lots == lots:
            groups.setdefault(r.rank, []).append(r)
    return [groups[k] for k in sorted(groups)]


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
    drawings: Sequence[Drawing] = (),
    withdrawn: frozenset[int] = frozenset(),
    final: bool = False,
    unplayed: str = "counted",
    draw_points: Number = 1,
) -> tuple[StandingRow, ...]:
    """Rank ``players`` (draw number -> name) from their counted ``games``.

    ``final``: the ranking is the final one, so a tie on everything waits for lots
    (``"pending"``); the latest of ``drawings`` drawn for exactly that tie orders it.
    ``unplayed`` and ``draw_points``: see :class:`~cotuong.tournament.tiebreaks.Context`.
    """
    all_games = {p: tuple(games.get(p, ())) for p in players}
    points = {p: sum((g.points for g in all_games[p]), 0) for p in players}
    ctx = Context(all_games, points, unplayed, draw_points)
    shown: dict[tuple[str, int], Number] = {}
    chain: list[Criterion] = [_Points(), *criteria]  # type: ignore[list-item]
    fixed = {c.key: c.values(ctx, list(players)) for c in criteria if not c.group_dependent}
    groups = _rank_group(sorted(players), ctx, chain, shown)
    rows: list[StandingRow] = []
    position = 1
    for group in groups:
        made = []
        for p in group:
            pg = all_games[p]
            tbs = tuple(
                (c.key, fixed[c.key][p] if not c.group_dependent else shown.get((c.key, p)))
                for c in criteria)
            made.append(StandingRow(
                rank=position, number=p, player=players[p], points=points[p],
                games=sum(1 for g in pg if g.opponent != NOBODY),
                wins=sum(1 for g in pg if g.outcome == "win"),
                wins_black=sum(1 for g in pg if g.played and not g.red and g.outcome == "win"),
                tiebreaks=tbs, withdrawn=p in withdrawn))
        rows += _mark_tie(made, drawings, final)
        position += len(group)
    return tuple(rows)


def _mark_tie(made: list[StandingRow], drawings: Sequence[Drawing],
              final: bool) -> list[StandingRow]:
    if len(made) == 1:
        return made
    if not final:
        return [replace(r, lots="tied") for r in made]
    key = tie_key(made)
    drawn = [d for d in drawings if d.tie == key]
    if not drawn:
        return [replace(r, lots="pending") for r in made]
    order = list(drawn[-1].order)
    first = made[0].rank
    ranked = sorted(made, key=lambda r: order.index(r.number))
    return [replace(r, rank=first + i, lots="drawn") for i, r in enumerate(ranked)]
