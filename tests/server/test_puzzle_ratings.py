"""Puzzle ratings: an account's first ended attempt is a Glicko-2 game between the player
and the puzzle, checked here against numbers worked by hand from Glickman's paper
("Example of the Glicko-2 system", steps 1-8), and the store rates a pair only once.

The hand-worked update (player 1500 / RD 350 / σ 0.06, a new account; puzzle 1800 /
RD 200 / σ 0.06, a puzzle nobody tried yet, whose rating starts at its difficulty with
RD 200; τ = 0.5):

* Step 2, the Glicko-2 scale (173.7178): player μ = 0, φ = 350/173.7178 = 2.014762;
  puzzle μj = 300/173.7178 = 1.726939, φj = 200/173.7178 = 1.151292.
* Step 3: g(φj) = 1/√(1 + 3φj²/π²) = 1/√(1 + 0.402893) = 0.844282;
  E = 1/(1 + exp(−g(φj)(μ − μj))) = 1/(1 + exp(1.458031)) = 0.188770;
  v = 1/(g² E (1 − E)) = 1/(0.712812 × 0.188770 × 0.811230) = 9.161119.
* Step 4, solved (s = 1): Δ = v g (1 − E) = 9.161119 × 0.844282 × 0.811230 = 6.274510.
  Failed (s = 0): Δ = v g (0 − E) = −1.460053.
* Step 5: σ' by the Illinois iteration stays 0.060002 (solved) / 0.059999 (failed): one
  game barely moves the volatility.
* Step 6: φ* = √(φ² + σ'²) = √(4.059266 + 0.0036) = 2.015655.
* Step 7: φ' = 1/√(1/φ*² + 1/v) = 1/√(0.246134 + 0.109157) = 1.677681;
  solved: μ' = μ + φ'² g (1 − E) = 2.814614 × 0.684900 = 1.927747;
  failed: μ' = 2.814614 × 0.844282 × (−0.188770) = −0.448579.
* Step 8: r' = 1500 + 173.7178 μ' = **1834.88** solved, **1422.07** failed;
  RD' = 173.7178 φ' = **291.44** both.

The puzzle's side is the same game seen from it (μ = 1.726939, φ = 1.151292 against
μj = 0, φj = 2.014762): g = 0.669069, E = 0.760503, v = 12.264709, φ' = 1.095048; when
the player solves it (the puzzle scores 0) r' = **1694.01**, when they fail (it scores
1) r' = **1833.38**; RD' = **190.23**.
"""

from __future__ import annotations

import pytest

pytest.importorskip("sqlalchemy")

from sqlalchemy import create_engine

from cotuong.server.puzzles import PuzzleStore
from cotuong.server.puzzles.store import Attempt
from cotuong.server.ratings import Rating, rate_game

PLAYER = Rating(1500.0, 350.0, 0.06)
PUZZLE = Rating(1800.0, 200.0, 0.06)


@pytest.mark.parametrize(("solved", "player", "puzzle"), [
    (True, 1834.88, 1694.01), (False, 1422.07, 1833.38)])
def test_a_first_attempt_is_the_hand_worked_glicko2_game(solved: bool, player: float,
                                                         puzzle: float) -> None:
    p2, q2 = rate_game(PLAYER, PUZZLE, 1.0 if solved else 0.0)
    assert p2.rating == pytest.approx(player, abs=0.01)
    assert q2.rating == pytest.approx(puzzle, abs=0.01)
    assert p2.rd == pytest.approx(291.44, abs=0.01)
    assert q2.rd == pytest.approx(190.23, abs=0.01)
    assert p2.volatility == pytest.approx(0.060002 if solved else 0.059999, abs=1e-6)


def test_the_store_rates_an_accounts_first_attempt_only_and_never_a_guests() -> None:
    store = PuzzleStore(create_engine("sqlite://"))

    def attempt(player: str, uid: int | None, correct: bool, at: int) -> Attempt:
        return Attempt(player, uid, "p1", ("h2e2",), correct, "moves", at)

    first = store.record(attempt("u:7", 7, True, 1), PUZZLE)
    assert first.rated and first.player_before == Rating()
    assert first.player_after is not None and first.puzzle_after is not None
    assert first.player_after.rating == pytest.approx(1834.88, abs=0.01)
    assert first.puzzle_after.rating == pytest.approx(1694.01, abs=0.01)
    # A second attempt at the same puzzle, solved or failed, changes no rating.
    assert not store.record(attempt("u:7", 7, False, 2), PUZZLE).rated
    row = store.player_rating(7)
    assert row is not None and row["rating"] == pytest.approx(1834.88, abs=0.01)
    assert row["attempts"] == 1 and row["solved"] == 1
    # A guest is stored, never rated, and the puzzle's rating is left alone.
    assert not store.record(attempt("g:abc", None, False, 3), PUZZLE).rated
    stats = store.puzzle_row("p1")
    assert stats is not None and stats["attempts"] == 1
    assert stats["rating"] == pytest.approx(1694.01, abs=0.01)
    # The next account meets the puzzle at its rating now (1694), not its start.
    second = store.record(attempt("u:8", 8, False, 4), PUZZLE)
    assert second.rated and second.puzzle_before is not None
    assert second.puzzle_before.rating == pytest.approx(1694.01, abs=0.01)
    assert store.counts("u:7") == (2, 1)
    assert [h["rated"] for h in store.history("u:7", 10)] == [False, True]


def test_a_second_rated_row_for_one_pair_is_refused_by_the_database() -> None:
    """Two processes racing to rate one pair: the unique ``rated_key`` lets one win; the
    other's attempt is kept unrated (simulated by hiding the first from the check)."""
    store = PuzzleStore(create_engine("sqlite://"))
    a = Attempt("u:1", 1, "p1", (), True, "moves", 1)
    assert store.record(a, PUZZLE).rated
    # A different identity string for the same account, as a racing check would miss it.
    b = Attempt("u:01", 1, "p1", (), True, "moves", 2)
    assert not store.record(b, PUZZLE).rated
    row = store.player_rating(1)
    assert row is not None and row["attempts"] == 1


@pytest.mark.slow
def test_the_puzzle_tables_on_postgresql() -> None:
    """The same rules on PostgreSQL (row locks, the boolean sum, the unique key's race)."""
    from test_backends import postgres

    from cotuong.server.storage import Store

    with postgres() as pg:
        store = Store(pg.url)
        try:
            puzzles = PuzzleStore(store.engine)
            PuzzleStore(store.engine)  # a second start finds the tables and keeps them
            first = puzzles.record(Attempt("u:7", 7, "p1", ("h2e2",), True, "moves", 1), PUZZLE)
            assert first.rated and first.player_after is not None
            assert first.player_after.rating == pytest.approx(1834.88, abs=0.01)
            assert not puzzles.record(Attempt("u:7", 7, "p1", (), False, "hint", 2), PUZZLE).rated
            assert not puzzles.record(Attempt("u:07", 7, "p1", (), True, "moves", 3),
                                      PUZZLE).rated
            assert not puzzles.record(Attempt("g:x", None, "p1", (), True, "moves", 4),
                                      PUZZLE).rated
            assert puzzles.counts("u:7") == (2, 1)
            row = puzzles.player_rating(7)
            assert row is not None and row["attempts"] == 1
            assert puzzles.tried("g:x") == {"p1"}
        finally:
            store.close()
