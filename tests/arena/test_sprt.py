"""The SPRT: pentanomial tallies, the LLR against hand-worked numbers, the stopping rule,
and a match that stops on a bound."""

from __future__ import annotations

import math
import random
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from tests.uci.doubles import RandomPlayer

from cotuong import Board, CotuongError, Move
from cotuong.arena import MatchClock, load_openings
from cotuong.arena.sprt import run_sprt
from cotuong.arena.stats import Pentanomial, Sprt, expected_score


def test_bounds_are_walds() -> None:
    low, high = Sprt(0, 10, 0.05, 0.05).bounds()
    assert low == pytest.approx(math.log(0.05 / 0.95)) == pytest.approx(-2.944439)
    assert high == pytest.approx(2.944439)
    low, high = Sprt(0, 5, 0.1, 0.05).bounds()  # alpha and beta are not interchangeable
    assert (low, high) == pytest.approx((math.log(0.05 / 0.9), math.log(0.95 / 0.1)))


def test_llr_in_closed_form_when_two_cells_are_filled() -> None:
    # 10 pairs LD (x = 1/4) and 10 WD (x = 3/4): p̂ = ½, ½, mean ½, so λ0 = 0 under
    # H0 (s0 = ½). Under H1, s1 = 1/(1 + 10^(−10/400)) = 0.5143872 and the multiplier
    # equation ½(¼ − s)/(1 + λ(¼ − s)) + ½(¾ − s)/(1 + λ(¾ − s)) = 0 solves to
    # λ1 = (2s − 1) / (2 (¼ − s)(¾ − s)) = 0.0287744 / (2 · −0.2643872 · 0.2356128)
    # = −0.2309599; LLR = −20 · ½ · [ln(1 + 0.2309599 · 0.2643872)
    # + ln(1 − 0.2309599 · 0.2356128)] = −10 · (0.0592716 − 0.0559889) = −0.0331735
    # (the 0.001 stand-ins for the three empty cells move it by less than 1e-5).
    tally = Pentanomial((0, 10, 0, 10, 0))
    assert Sprt(0, 10).llr(tally) == pytest.approx(-0.0331735, abs=2e-5)


def test_llr_of_a_symmetric_tally_under_symmetric_hypotheses_is_zero() -> None:
    assert Sprt(-5, 5).llr(Pentanomial((1, 4, 10, 4, 1))) == pytest.approx(0, abs=1e-12)


def test_llr_matches_the_normal_approximation_for_many_pairs() -> None:
    # [2, 3, 8, 5, 2] ×50: mean (3·0.25 + 8·0.5 + 5·0.75 + 2) / 20 = 0.525; variance
    # (2·0.525² + 3·0.275² + 8·0.025² + 5·0.225² + 2·0.475²) / 20 = 0.074375;
    # N (s1 − s0)(2m − s0 − s1) / (2v) = 1000 · 0.0143872 · 0.0356128 / 0.14875 = 3.44449.
    tally = Pentanomial((100, 150, 400, 250, 100))
    assert tally.score() == 0.525
    assert Sprt(0, 10).llr(tally) == pytest.approx(3.44449, rel=0.02)
    # A single pair never decides, however lopsided: the GSPRT stays bounded.
    for counts in ((0, 0, 1, 0, 0), (0, 0, 0, 0, 1), (1, 0, 0, 0, 0)):
        assert abs(Sprt(0, 10).llr(Pentanomial(counts))) < 0.5


def test_expected_score_is_logistic() -> None:
    assert expected_score(10) == pytest.approx(0.5143872)
    assert expected_score(-10) == pytest.approx(1 - expected_score(10))


def test_empty_cells_are_regularised_not_fatal() -> None:
    test = Sprt(0, 10)
    assert test.llr(Pentanomial()) == 0.0
    assert test.decision(Pentanomial()) is None
    # All pairs 1–1 would have no variance: the LLR stays finite; a sample of one kind
    # of pair says little per pair (≈ 0.03), so even all pairs won take ~100 to decide.
    assert math.isfinite(test.llr(Pentanomial((0, 0, 30, 0, 0))))
    assert test.decision(Pentanomial((0, 0, 0, 0, 30))) is None
    assert test.decision(Pentanomial((0, 0, 0, 0, 150))) == "H1"
    assert test.decision(Pentanomial((150, 0, 0, 0, 0))) == "H0"


def test_decision_at_the_bounds() -> None:
    test = Sprt(0, 10)
    assert test.decision(Pentanomial((1, 4, 10, 4, 1))) is None
    # 50 % over many pairs: the LLR falls by n·d²/(2v) per the formula -> H0.
    assert test.decision(Pentanomial((100, 400, 1000, 400, 100))) == "H0"
    assert test.decision(Pentanomial((80, 380, 1000, 420, 120))) == "H1"


def test_from_pairs_and_elo() -> None:
    tally = Pentanomial.from_pairs([(1, 1), (1, 0.5), (0.5, 0.5), (0, 1), (0, 0), (0, 0.5)])
    assert tally.counts == (1, 1, 2, 1, 1)
    assert tally.pairs == 6 and tally.score() == 0.5
    elo, err = tally.elo()
    assert elo == 0 and 0 < err < math.inf
    assert Pentanomial((0, 0, 5, 0, 0)).elo() == (0.0, math.inf)
    assert Pentanomial().elo() == (0.0, math.inf)
    assert str(tally) == "[1, 1, 2, 1, 1]"


def test_bad_input_is_a_named_error() -> None:
    with pytest.raises(CotuongError) as info:
        Sprt(10, 0)
    assert info.value.code == "BAD_SPRT"
    with pytest.raises(CotuongError):
        Sprt(0, 10, alpha=0.6)
    with pytest.raises(CotuongError) as info:
        Pentanomial.from_pairs([(1, 2)])
    assert info.value.code == "BAD_PENTANOMIAL"
    with pytest.raises(CotuongError):
        Pentanomial((1, 2, 3))  # type: ignore[arg-type]


@given(st.lists(st.integers(0, 50), min_size=5, max_size=5))
def test_llr_is_antisymmetric_under_swapping_the_engines(counts: list[int]) -> None:
    # Engine 2's view of the same pairs is the reversed tally; SPRT(−e, e) is symmetric.
    tally = Pentanomial((counts[0], counts[1], counts[2], counts[3], counts[4]))
    flipped = Pentanomial((counts[4], counts[3], counts[2], counts[1], counts[0]))
    test = Sprt(-7, 7)
    assert test.llr(tally) == pytest.approx(-test.llr(flipped), abs=1e-9)


def test_equal_engines_drift_to_the_lower_bound() -> None:
    # Simulated self-play: pairs drawn from a symmetric distribution (the draw-heavy
    # shape of our A/Bs). SPRT(0, 10) must end on H0 in (nearly) every run.
    rng = random.Random(7)
    shape = [0.05, 0.2, 0.5, 0.2, 0.05]
    test = Sprt(0, 10)
    decisions = []
    for _ in range(20):
        counts = [0] * 5
        decision = None
        while decision is None and sum(counts) < 20000:
            counts[rng.choices(range(5), shape)[0]] += 1
            decision = test.decision(Pentanomial(tuple(counts)))  # type: ignore[arg-type]
        decisions.append(decision)
    assert decisions.count("H0") >= 18  # beta = 0.05 of wrong accepts, a wide margin


def test_a_match_stops_when_the_test_decides() -> None:
    # Two random movers with a 40-ply cap: nearly every game is a draw, so a test
    # against a huge elo1 rejects after a few pairs, long before the game limit.
    book = load_openings()[:4]
    seen: list[int] = []
    result = run_sprt(lambda: RandomPlayer(seed=1), lambda: RandomPlayer(seed=2),
                      MatchClock(depth=1), Sprt(0, 400), openings=book, max_games=200,
                      max_plies=40, concurrency=1,
                      on_game=lambda game, progress: seen.append(progress.tally.pairs))
    assert result.decision == "H0"
    assert len(result.match.games) == 2 * result.tally.pairs < 200
    assert seen[-1] == result.tally.pairs
    assert "H0 accepted" in result.summary()


def test_opening_sets_replay_and_the_held_out_set_is_apart() -> None:
    # benchmarks/data/openings_{ab,heldout}.fen, built by scripts/build_openings.py.
    data = Path(__file__).resolve().parents[2] / "benchmarks" / "data"
    ab = load_openings(data / "openings_ab.fen")
    held = load_openings(data / "openings_heldout.fen")
    assert len(ab) >= 500 and len(held) >= 150

    def key(fen: str) -> str:
        return " ".join(fen.split()[:2])

    assert not {key(o.fen) for o in ab} & {key(o.fen) for o in held}
    assert len({key(o.fen) for o in ab}) == len(ab)
    for opening in ab[::25] + held[::25]:
        board = Board()
        for text in opening.moves:
            board.push(Move.from_iccs(text))
        assert key(board.fen()) == key(opening.fen) and 6 <= len(opening.moves) <= 10
        assert not board.is_check()
        assert abs(int(opening.name.rsplit("score ", 1)[1])) <= 60
