"""Swiss events: pairing through the event log, byes, late entries, withdrawals, undo,
the store's replay, TRF, and the missing-extra error."""

from __future__ import annotations

import builtins
import itertools
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.tournament.swiss_sim import random_event

from cotuong.extras import MissingExtraError
from cotuong.tournament import (
    ConfigurationError,
    PairingError,
    PlayerInfo,
    SwissTournament,
    Tournament,
    TournamentStateError,
    from_settings,
    trf_text,
)
from cotuong.tournament.events import PairRound
from cotuong.tournament.store import SqliteStore
from cotuong.tournament.swiss_pairing import PairingRequest, baku_points

pytest.importorskip("py4swiss")

RATED = [PlayerInfo(f"P{i}", "", 2400 - 50 * i) for i in range(1, 11)]


def play(t: SwissTournament, rng: random.Random) -> None:
    r = t.paired_rounds
    for p in t.pairings(r):
        if p.rests is None and t.result_of(r, p.board) is None:
            t.record(r, p.red or "", p.black or "", rng.choice(["1-0", "0-1", "1/2-1/2"]))


def test_round_one_is_top_half_against_bottom_half() -> None:
    t = SwissTournament(RATED, rounds=5)
    t.pair_next_round()
    # FIDE Dutch round 1: S1 = 1..5 meets S2 = 6..10 in order, colours alternating.
    assert [(p.red, p.black) for p in t.pairings(1)] == [
        ("P1", "P6"), ("P7", "P2"), ("P3", "P8"), ("P9", "P4"), ("P5", "P10")]
    black_first = SwissTournament(RATED, rounds=5, first_colour="black")
    black_first.pair_next_round()
    assert black_first.pairings(1)[0].red == "P6"


def test_initial_ranking_is_by_rating_then_number() -> None:
    people = [PlayerInfo("An"), PlayerInfo("Bình", "", 2000), PlayerInfo("Chi"),
              PlayerInfo("Dũng", "", 2100)]
    t = SwissTournament(people, rounds=3)
    assert [t.players[n - 1].name for n in t.initial_ranking()] == ["Dũng", "Bình", "An", "Chi"]


def test_the_next_round_waits_for_every_result() -> None:
    t = SwissTournament(RATED, rounds=3)
    t.pair_next_round()
    t.record(1, "P1", "P6", "1-0")
    with pytest.raises(TournamentStateError) as err:
        t.pair_next_round()
    assert err.value.code == "INVALID_STATE" and "4" in str(err.value)
    with pytest.raises(PairingError):
        t.standings(2)  # not paired yet


def test_a_whole_event_replays_from_the_store(tmp_path: Path) -> None:
    rng = random.Random(5)
    store = SqliteStore.create(tmp_path, SwissTournament(RATED[:9], rounds=4, name="Mở rộng"))
    for _ in range(4):
        store.update(lambda t: t.pair_next_round())  # type: ignore[attr-defined]
        store.update(lambda t: play(t, rng))  # type: ignore[arg-type]
    live = store.load()
    again = SqliteStore.open(tmp_path).load()
    assert isinstance(again, SwissTournament) and again.finished
    assert again.standings() == live.standings()
    assert [again.pairings(r) for r in range(1, 5)] == [live.pairings(r) for r in range(1, 5)]
    # Nine players: one pairing-allocated bye a round, never twice to the same player.
    byes = [name for r in range(1, 5) for name, kind in again.byes(r) if kind == "pab"]
    assert len(byes) == 4 and len(set(byes)) == 4


def test_replay_never_pairs_again(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    store = SqliteStore.create(tmp_path, SwissTournament(RATED[:4], rounds=2))
    store.update(lambda t: t.pair_next_round())  # type: ignore[attr-defined]

    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the replay paired a round")
    monkeypatch.setattr("cotuong.tournament.swiss_pairing.Py4SwissDutch.pair", refuse)
    assert SqliteStore.open(tmp_path).load().pairings(1)[0].red == "P1"


def test_undo_takes_a_pairing_back_and_a_correction_keeps_it() -> None:
    t = SwissTournament(RATED[:4], rounds=3)
    t.pair_next_round()
    for p in t.pairings(1):
        t.record(1, p.red or "", p.black or "", "1-0")
    t.pair_next_round()
    assert t.paired_rounds == 2
    t.undo()
    assert t.paired_rounds == 1 and isinstance(t.events[-2], PairRound)
    t.correct(1, "P1", "P3", "0-1")
    t.pair_next_round()
    assert t.paired_rounds == 2 and t.standings(1)[0].points == 2


def test_requested_bye_late_entry_and_withdrawal() -> None:
    t = SwissTournament(RATED[:6], rounds=4, requested_bye_points=1)
    t.request_bye("P2")
    with pytest.raises(TournamentStateError):
        t.request_bye("P2", 1)
    t.pair_next_round()
    assert ("P2", "requested") in t.byes(1)
    assert all("P2" not in (p.red, p.black) for p in t.pairings(1))
    play(t, random.Random(1))
    t.add_player(PlayerInfo("Late", "", 2500))  # joins for round 2: round 1 an absence
    t.withdraw("P6")
    t.pair_next_round()
    seated = {n for p in t.pairings(2) for n in (p.red, p.black, p.rests)}
    assert "Late" in seated and "P6" not in seated
    rows = {r.player: r for r in t.standings(1)}
    assert rows["P2"].points == 1 and rows["Late"].points == 0
    assert t.absences(1)[t.player("Late").number] == "absent"
    assert " H" in trf_text(t) and "0000 - Z" in trf_text(t)
    with pytest.raises(PairingError):
        t.request_bye("P3", 2)  # round 2 is paired already


def test_a_pairing_by_hand_is_checked() -> None:
    t = SwissTournament(["An", "Bình", "Chi", "Dũng"], rounds=3)
    with pytest.raises(PairingError) as err:
        t.pair_round([("An", "Bình"), ("An", "Chi")])
    assert "An" in str(err.value) and "Dũng" in str(err.value)
    t.pair_round([("An", "Bình"), ("Chi", "Dũng")])
    assert t.events[-1].engine == "manual"  # type: ignore[attr-defined]


def test_settings_round_trip_and_bad_options() -> None:
    t = SwissTournament(RATED, rounds=7, scoring=(1, 0.5, 0), bye_points=0.5,
                        accelerated=True, first_colour="black")
    again = SwissTournament.from_settings(t.settings())
    assert again.settings() == t.settings()
    for bad in ({"rounds": 0}, {"rounds": 5, "bye_points": 3},
                {"rounds": 5, "first_colour": "white"}, {"rounds": "7"}):
        with pytest.raises(ConfigurationError):
            SwissTournament(RATED, **bad)  # type: ignore[arg-type]


def test_baku_acceleration() -> None:
    # 9 rounds: rounds 1-5 accelerated, a win's points in 1-3, a draw's in 4-5.
    assert [baku_points(9, r, True, 1, 0.5) for r in range(1, 10)] == \
        [1, 1, 1, 0.5, 0.5, 0, 0, 0, 0]
    assert baku_points(9, 1, False, 1, 0.5) == 0
    players = [PlayerInfo(f"P{i}", "", 2600 - 10 * i) for i in range(1, 17)]
    t = SwissTournament(players, rounds=9, scoring=(1, 0.5, 0), accelerated=True)
    request = PairingRequest.of(t)
    assert request.trf.count("XXA") == 8  # group A: the top half, rounded up to even
    t.pair_next_round()
    # Round 1 with group A one point up: A pairs within A (1-5, 2-6 …), B within B.
    top = {f"P{i}" for i in range(1, 9)}
    for p in t.pairings(1):
        assert (p.red in top) == (p.black in top)


def test_without_the_extra_the_error_names_it(monkeypatch: pytest.MonkeyPatch) -> None:
    real = builtins.__import__

    def no_py4swiss(name: str, *args: Any, **kwargs: Any) -> Any:
        if name.startswith("py4swiss"):
            raise ModuleNotFoundError(f"No module named {name!r}", name="py4swiss")
        return real(name, *args, **kwargs)
    monkeypatch.setattr(builtins, "__import__", no_py4swiss)
    t = SwissTournament(RATED[:4], rounds=3)
    with pytest.raises(MissingExtraError) as err:
        t.pair_next_round()
    assert "[swiss]" in str(err.value) and t.paired_rounds == 0


def test_an_unpairable_round_is_a_named_error() -> None:
    # Three rounds of four players meet everyone; a fourth round cannot be paired.
    t = SwissTournament(RATED[:4], rounds=4)
    for _ in range(3):
        t.pair_next_round()
        play(t, random.Random(2))
    with pytest.raises(PairingError) as err:
        t.pair_next_round()
    assert "4" in str(err.value) and t.paired_rounds == 3


def test_trf_columns() -> None:
    t = SwissTournament(RATED[:5], rounds=3, name="TRF")
    t.pair_next_round()
    play(t, random.Random(3))
    lines = trf_text(t).splitlines()
    players = [x for x in lines if x.startswith("001")]
    assert len(players) == 5 and all(x[4:8].strip().isdigit() for x in players)
    first = players[0]
    assert first[14:47].strip() == "P1" and first[48:52] == "2350"
    assert first[91:95].strip().isdigit() and first[96] in "wb" and first[98] in "10="
    assert any(x[91:99] == "0000 - U" for x in players)  # the bye of five
    assert "XXR 3" in lines


def test_swiss_settings_are_never_read_as_a_round_robin() -> None:
    settings = SwissTournament(RATED[:4], rounds=3).settings()
    with pytest.raises(ConfigurationError):
        Tournament.from_settings(settings)
    assert isinstance(from_settings(settings), SwissTournament)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6))
def test_swiss_standings_invariants(seed: int) -> None:
    t = random_event(seed, scoring=(2, 1, 0),
                     tiebreaks=["buchholz_cut1", "median_buchholz", "buchholz", "progressive",
                                "sonneborn_berger"])
    rows = t.standings()
    last = t.current_round
    assert [r.rank for r in rows] == sorted(r.rank for r in rows)
    assert all(a.points >= b.points for a, b in itertools.pairwise(rows))
    for r in rows:
        cut1, median, full = (r.tiebreak(k) for k in ("buchholz_cut1", "median_buchholz",
                                                      "buchholz"))
        assert median is not None and cut1 is not None and full is not None
        assert median <= cut1 <= full
        progressive = r.tiebreak("progressive")
        assert progressive is not None and r.points <= progressive <= r.points * last
    # Every round hands out what its games and byes are worth: 2 a game, byes as set.
    total = sum(r.points for r in rows)
    games = sum(1 for g in t.games() if g.result.text != "-/-")
    byes = sum(t.bye_points if k == "pab" else t.requested_bye_points if k == "requested"
               else 0 for r in range(1, last + 1) for k in t.absences(r).values())
    annulled = [p for p in t.players if p.withdrawn == "annul"]
    if not annulled:
        assert total == 2 * games + byes


def test_bye_doubts_name_who_missed_fewer_games() -> None:
    t = SwissTournament([PlayerInfo(n, "", r) for n, r in (("An", 2000), ("Bình", 1900),
                         ("Chi", 1800), ("Dũng", 1700), ("Em", 1600))], rounds=3,
                        requested_bye_points=0)
    t.request_bye("Em")
    t.pair_round([("An", "Chi"), ("Dũng", "Bình")])
    t.record_round(1, ["1-0", "1-0"])  # Chi and Bình lose: 0 points, like Em (absent)
    t.pair_round([("An", "Dũng"), ("Bình", "Chi")], bye="Em")
    assert t.missed(t.player("Em").number, 2) == 1
    assert t.bye_doubts(2) == ("Bình", "Chi")  # 0 points, no game missed, no bye yet
    t.undo()
    t.pair_round([("An", "Dũng"), ("Em", "Chi")], bye="Bình")
    assert t.bye_doubts(2) == ()
