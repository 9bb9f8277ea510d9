"""Standings on constructed results: each tie-break step, mini-tables, lots, properties."""

from __future__ import annotations

from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.tournament.helpers import play

from cotuong.tournament import ConfigurationError, Tournament, berger_schedule
from cotuong.tournament.tiebreaks import CRITERIA


def _order(t: Tournament, after: int | None = None) -> list[tuple[str, str]]:
    return [(r.rank_text, r.player) for r in t.standings(after)]


def _schedule_results(names: list[str], results: list[str]) -> Tournament:
    """Results listed in schedule order (round by round, board by board, byes skipped)."""
    t = Tournament(names)
    games = [p for rnd in berger_schedule(len(names)) for p in rnd if not p.bye]
    for p, res in zip(games, results, strict=True):
        t.record(p.round, p.red, p.black, res)
    return t


def test_points_then_sonneborn_berger() -> None:
    t = Tournament(["A", "B", "C", "D"])
    play(t, "A", "B", "draw")
    play(t, "A", "C", "win")
    play(t, "A", "D", "loss")
    play(t, "B", "C", "loss")
    play(t, "B", "D", "win")
    play(t, "C", "D", "win")
    rows = t.standings()
    assert [(r.player, r.points) for r in rows] == [("C", 4), ("A", 3), ("B", 3), ("D", 2)]
    a, b = rows[1], rows[2]
    # SB with 2/1/0: A drew B (1×3) and beat C (2×4); B drew A (1×3) and beat D (2×2).
    assert (a.tiebreak("sonneborn_berger"), b.tiebreak("sonneborn_berger")) == (11, 7)
    assert (a.rank, b.rank) == (2, 3) and a.lots == b.lots == ""
    assert a.tiebreak("direct_encounter") is None  # never needed


def test_wins_decide_when_points_and_sb_tie() -> None:
    t = _schedule_results(list("ABCDE"), [
        "0-1", "0-1", "1-0", "1/2-1/2", "1/2-1/2", "1/2-1/2", "1/2-1/2", "0-1", "0-1", "1/2-1/2"])
    rows = t.standings()
    pairs = [(x, y) for x, y in pairwise(rows) if x.points == y.points
             and x.tiebreak("sonneborn_berger") == y.tiebreak("sonneborn_berger")]
    assert pairs, "the constructed results must tie two players on points and SB"
    for x, y in pairs:
        assert x.wins > y.wins and x.rank < y.rank and not x.lots


def test_direct_encounter_between_two() -> None:
    t = _schedule_results(list("ABCDE"), [
        "1-0", "0-1", "1/2-1/2", "1/2-1/2", "1-0", "1-0", "1/2-1/2", "0-1", "0-1", "0-1"])
    rows = t.standings()
    tied = [(x, y) for x, y in pairwise(rows) if x.points == y.points and x.wins == y.wins
            and x.tiebreak("sonneborn_berger") == y.tiebreak("sonneborn_berger")]
    assert len(tied) == 1
    x, y = tied[0]
    assert x.tiebreak("direct_encounter") == 2 and y.tiebreak("direct_encounter") == 0
    assert x.rank + 1 == y.rank and x.lots == y.lots == ""
    # ... and the game between them was indeed won by the higher one.
    game = next(g for g in t.games() if {g.red, g.black} == {x.number, y.number})
    assert game.result.outcome(red=game.red == x.number) == "win"


def _three_way() -> Tournament:
    t = Tournament(list("ABCDE"), tiebreaks=["direct_encounter", "sonneborn_berger", "wins"])
    play(t, "A", "B", "win")
    play(t, "A", "C", "draw")
    play(t, "B", "C", "win")
    play(t, "A", "D", "loss")
    play(t, "A", "E", "draw")
    play(t, "B", "D", "draw")
    play(t, "B", "E", "draw")
    play(t, "C", "D", "win")
    play(t, "C", "E", "draw")
    play(t, "D", "E", "loss")
    return t


def test_three_way_tie_decided_by_mini_table() -> None:
    t = _three_way()
    rows = t.standings()
    assert [(r.player, r.points) for r in rows] == [
        ("E", 5), ("A", 4), ("B", 4), ("C", 4), ("D", 3)]
    # Mini-table among A, B, C only: A 2+1, B 0+2, C 1+0.
    assert [r.tiebreak("direct_encounter") for r in rows[1:4]] == [3, 2, 1]
    assert [r.rank for r in rows] == [1, 2, 3, 4, 5]
    assert all(r.lots == "" for r in rows)
    # Between B and C alone (a two-player direct encounter) B is ahead too, but in the
    # mini-table C's draw with A counts: the whole tied group is the mini-table.
    assert rows[0].tiebreak("direct_encounter") is None


def test_three_way_tie_left_to_lots_then_drawn() -> None:
    t = _schedule_results(list("ABCDE"), [
        "0-1", "1-0", "1-0", "0-1", "0-1", "0-1", "0-1", "1-0", "0-1", "1-0"])
    rows = t.standings()
    pending = [r for r in rows if r.lots == "pending"]
    assert len(pending) == 3
    assert len({r.rank for r in pending}) == 1
    assert all(r.rank_text.endswith("=") for r in pending)
    for key in ("sonneborn_berger", "wins", "direct_encounter"):
        assert len({r.tiebreak(key) for r in pending}) == 1
    assert len({r.points for r in pending}) == 1
    # The arbiter draws lots; the group is then ordered and marked as such.
    order = [pending[2].player, pending[0].player, pending[1].player]
    t.draw_lots(order)
    after = [r for r in t.standings() if r.lots]
    assert [r.player for r in after] == order
    assert [r.rank for r in after] == [pending[0].rank + i for i in range(3)]
    assert all(r.lots == "drawn" for r in after)


def test_direct_encounter_again_on_the_players_left_tied() -> None:
    """Four tied on points; the mini-table ranks A, then F = B, then C; F–B's own game
    (F won) separates the two left over when they are ranked again."""
    t = Tournament(list("ABCDEF"), tiebreaks=["direct_encounter"])
    games = [p for rnd in t.schedule for p in rnd]
    results = ["1/2-1/2", "1/2-1/2", "1-0", "1-0", "0-1", "1/2-1/2", "0-1", "0-1", "1/2-1/2",
               "1/2-1/2", "1/2-1/2", "1-0", "1-0", "0-1", "1/2-1/2"]
    for p, res in zip(games, results, strict=True):
        t.record(p.round, p.red, p.black, res)
    rows = t.standings()
    assert [(r.player, r.points, r.tiebreak("direct_encounter"), r.rank) for r in rows[:4]] == [
        ("A", 6, 4, 1), ("F", 6, 3, 2), ("B", 6, 3, 3), ("C", 6, 2, 4)]
    assert all(r.lots == "" for r in rows)
    f, b = t.player("F").number, t.player("B").number
    game = next(g for g in t.games() if {g.red, g.black} == {f, b})
    assert game.result.outcome(red=game.red == f) == "win"


def test_configurable_order_and_other_criteria() -> None:
    t = Tournament(list("ABCD"), scoring=(1, 0.5, 0),
                   tiebreaks=["buchholz", "wins_black", "games_black"])
    play(t, "A", "B", "win")
    play(t, "C", "D", "win")
    assert {r.points for r in t.standings(after_round=1)} == {0}  # both games are round 2
    rows = t.standings(after_round=2)
    assert [r.points for r in rows] == [1, 1, 0, 0]
    assert {k for k, _ in rows[0].tiebreaks} == {"buchholz", "wins_black", "games_black"}
    for r in rows:
        assert r.tiebreak("games_black") == sum(
            1 for g in t.games() if g.black == r.number)
    with pytest.raises(ConfigurationError):
        Tournament(list("AB"), tiebreaks=["coin"])
    with pytest.raises(ConfigurationError):
        Tournament(list("AB"), tiebreaks=["wins", "wins"])
    with pytest.raises(ConfigurationError):
        Tournament(list("AB"), scoring=(1, 1, 0))


def test_every_criterion_cites_a_source() -> None:
    for cls in CRITERIA.values():
        doc = cls.__doc__ or ""
        assert "Source" in doc, cls.__name__
        assert ">>>" in doc, cls.__name__


def test_after_round_and_byes_score_nothing() -> None:
    t = Tournament(list("ABC"))
    play(t, "B", "C", "win")  # round 1 (A rests)
    play(t, "A", "B", "draw")  # round 2 (C rests)
    rows = {r.player: r for r in t.standings(after_round=1)}
    assert (rows["A"].points, rows["A"].games) == (0, 0)
    assert rows["B"].points == 2
    rows = {r.player: r for r in t.standings()}
    assert (rows["A"].points, rows["B"].points, rows["C"].points) == (1, 3, 0)


def test_forfeits_score_as_wins_but_not_over_the_board() -> None:
    t = Tournament(list("ABCD"))
    play(t, "A", "D", "fwin")
    play(t, "C", "B", "fwin")  # C is Black against B (rule a): a forfeit win with Black
    play(t, "A", "B", "ff")
    t2 = Tournament(list("ABCD"), tiebreaks=["games_black", "wins_black"])
    for e in t.events:
        t2.apply(e)
    rows = {r.player: r for r in t2.standings()}
    assert (rows["A"].points, rows["A"].wins, rows["A"].games) == (2, 1, 2)
    assert (rows["C"].points, rows["C"].wins, rows["C"].wins_black) == (2, 1, 0)
    assert rows["C"].tiebreak("games_black") == 0  # not played over the board
    assert rows["D"].points == rows["B"].points == 0


# ----- properties on random results ------------------------------------------------

RESULTS = ["1-0", "0-1", "1/2-1/2", "+/-", "-/+", "-/-"]


@settings(max_examples=60, deadline=None)
@given(n=st.integers(2, 9), double=st.booleans(), data=st.data())
def test_random_results_properties(n: int, double: bool, data: st.DataObject) -> None:
    names = [f"P{i}" for i in range(1, n + 1)]
    t = Tournament(names, double=double)
    games = [p for rnd in t.schedule for p in rnd if not p.bye]
    chosen = data.draw(st.lists(st.sampled_from([None, *RESULTS]), min_size=len(games),
                                max_size=len(games)))
    for p, res in zip(games, chosen, strict=True):
        if res is not None:
            t.record(p.round, p.red, p.black, res)
    after = data.draw(st.integers(1, t.rounds))
    rows = t.standings(after)
    # Ties wait for lots only in the final ranking; mid-event they just share a rank.
    tie_mark = "pending" if after == t.rounds and t.finished else "tied"
    counted = [g for g in t.games() if g.round <= after]
    # Points sum to 2 per game played (a double forfeit gives nobody anything).
    assert sum(r.points for r in rows) == 2 * sum(1 for g in counted
                                                  if g.result.text != "-/-")
    assert sum(r.games for r in rows) == 2 * len(counted)
    assert sorted(r.player for r in rows) == sorted(names)
    # Ranks follow the criteria: points, SB, wins never increase down the table;
    # equal ranks only for a group tied on everything and marked for lots.
    keys = [(r.points, r.tiebreak("sonneborn_berger"), r.wins) for r in rows]
    assert keys == sorted(keys, reverse=True)
    for i, r in enumerate(rows):
        assert r.rank <= i + 1
        if r.rank != i + 1:
            assert r.lots == tie_mark and rows[i - 1].rank == r.rank
    for x, y in pairwise(rows):
        if x.rank == y.rank:
            assert x.lots == y.lots == tie_mark
            assert keys[rows.index(x)] == keys[rows.index(y)]
            assert x.tiebreak("direct_encounter") == y.tiebreak("direct_encounter")
        else:
            assert y.rank > x.rank
            if (x.points, x.tiebreak("sonneborn_berger"), x.wins) == \
                    (y.points, y.tiebreak("sonneborn_berger"), y.wins):
                # Only the direct encounter (possibly on a smaller group) separates them.
                assert x.tiebreak("direct_encounter") is not None
    # Standings are the same after a replay of the event log.
    replay = Tournament(names, double=double)
    for e in t.events:
        replay.apply(e)
    assert replay.standings(after) == rows
