"""Knockout events: the bracket, the tie-break ladder (replay, rapid, blitz, lots), the
third-place match, undo, the store's replay, seeding from a finished stage; and property
tests that any results lead to one champion through a consistent bracket."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cotuong.tournament import (
    ConfigurationError,
    InvalidResultError,
    Knockout,
    PairingError,
    PlayerInfo,
    SwissTournament,
    Tournament,
    TournamentStateError,
)
from cotuong.tournament.knockout_bracket import bracket_order
from cotuong.tournament.knockout_page import bracket_html
from cotuong.tournament.store import SqliteStore
from cotuong.tournament.systems import from_settings

NAMES = ["An", "Bình", "Chi", "Dũng", "Em", "Giang", "Hà", "Khoa"]


@given(st.integers(0, 8))
def test_bracket_order_keeps_the_seeds_apart(k: int) -> None:
    size = 2**k
    order = bracket_order(size)
    assert sorted(order) == list(range(1, size + 1))
    assert all(order[i] + order[i + 1] == size + 1 for i in range(0, size - 1, 2))
    if size >= 2:  # seeds 1 and 2 in different halves, so they can only meet in the final
        assert (order.index(1) < size // 2) != (order.index(2) < size // 2)


def test_rating_order() -> None:
    people = [PlayerInfo("A", "", 1800), PlayerInfo("B", "", 2200), PlayerInfo("C"),
              PlayerInfo("D", "", 2000)]
    ko = Knockout(people)
    assert [p.name for p in ko.players] == ["B", "D", "A", "C"]
    # four players: 1-4 and 2-3; with three, seed 1 has the bye.
    assert [(m.a, m.b) for m in ko.matches(1)] == [(1, 4), (2, 3)]
    three = Knockout(["X", "Y", "Z"], seeding="order")
    first = three.matches(1)[0]
    assert first.decided_by == "bye" and three.name_of(first.winner) == "X"


def test_a_drawn_game_is_replayed_then_lots() -> None:
    ko = Knockout(NAMES[:4], seeding="order", ladder=(("replay", 1),))
    assert [g.match for g in ko.next_games()] == ["R1M1", "R1M2"]
    ko.record("R1M1", "1/2-1/2")
    nxt = {g.match: g for g in ko.next_games()}["R1M1"]
    assert (nxt.stage, nxt.number, nxt.red, nxt.black) == ("replay", 2, "Dũng", "An")
    with pytest.raises(PairingError):  # the replay has colours reversed
        ko.record("R1M1", "1-0", red="An", black="Dũng")
    with pytest.raises(TournamentStateError):
        ko.draw_lots("R1M1", "An")  # lots only once the ladder is exhausted
    ko.record("R1M1", "1/2-1/2")
    assert ko.match("R1M1").waiting_for_lots
    with pytest.raises(TournamentStateError):
        ko.record("R1M1", "1-0")
    with pytest.raises(PairingError):
        ko.draw_lots("R1M1", "Bình")  # not in this match
    ko.draw_lots("R1M1", "Dũng")
    m = ko.match("R1M1")
    assert ko.name_of(m.winner) == "Dũng" and m.decided_by == "lots"
    ko.record("R1M2", "0-1")  # Chi (Black) beats Bình: decided by the game itself
    final = ko.matches(2)[0]
    assert (ko.name_of(final.a), ko.name_of(final.b)) == ("Chi", "Dũng")
    assert final.a == 3  # the higher seed of the two has Red in game 1
    ko.record("R2M1", "1-0")
    assert ko.champion == "Chi" and ko.finished
    assert ko.ranking()[:2] == (("1", "Chi"), ("2", "Dũng"))


def test_mini_match_ends_when_decided_and_rungs_score_apart() -> None:
    ko = Knockout(["A", "B"], seeding="order", games=2, ladder=(("rapid", 2), ("blitz", 2)))
    ko.record("R1M1", "1-0")   # A wins game 1 (Red)
    assert ko.next_games()[0].number == 2  # one game ahead with one to play: go on
    ko.record("R1M1", "1-0")   # B (Red in game 2) levels: 1-1
    ko.record("R1M1", "1/2-1/2")
    ko.record("R1M1", "1/2-1/2")  # rapid level too
    ko.record("R1M1", "0-1")      # blitz game 5: A is Red, B wins
    g = ko.next_games()[0]
    assert (g.stage, g.number, g.red) == ("blitz", 6, "B")
    ko.record("R1M1", "1-0")      # B wins again: 2-0 in blitz
    m = ko.match("R1M1")
    assert ko.name_of(m.winner) == "B" and m.decided_by == "blitz"
    assert m.scores == (("game", 1.0, 1.0), ("rapid", 1.0, 1.0), ("blitz", 0.0, 2.0))
    early = Knockout(["A", "B"], seeding="order", games=3)
    early.record("R1M1", "1-0")
    early.record("R1M1", "0-1")  # A wins with Black: 2-0 with one to play, decided
    assert early.champion == "A" and early.next_games() == ()


def test_third_place_match_and_forfeits() -> None:
    ko = Knockout(NAMES[:4], seeding="order", third_place=True)
    ko.record("R1M1", "+/-")
    ko.record("R1M2", "-/+")
    assert [g.match for g in ko.next_games()] == ["R2M1", "3P"]
    with pytest.raises(InvalidResultError):
        ko.record("3P", "-/-")
    ko.record("3P", "1/2-1/2")
    ko.record("3P", "1-0")  # replay, colours reversed: Dũng (seed 4) Red wins
    ko.record("R2M1", "0-1")
    assert dict((n, p) for p, n in ko.ranking()) == {"Chi": "1", "An": "2", "Dũng": "3",
                                                    "Bình": "4"}


def test_undo_and_store_replay(tmp_path: Path) -> None:
    ko = Knockout(NAMES, ladder=(("replay", 1), ("blitz", 2)), third_place=True, name="Lễ hội")
    store = SqliteStore.create(tmp_path, ko)
    rng = random.Random(7)
    while not store.load_knockout().finished:
        live = store.load_knockout()
        g = live.next_games()
        if g:
            store.update_knockout(lambda k, g=g: k.record(g[0].match, rng.choice(
                ["1-0", "0-1", "1/2-1/2"])))
        else:
            m = next(m for m in live.matches() if m.waiting_for_lots)
            store.update_knockout(lambda k, m=m: k.draw_lots(m.id, m.a or 0))
    again = SqliteStore.open(tmp_path).load_knockout()
    assert again.ranking() == store.load_knockout().ranking()
    assert again.champion is not None
    store.update_knockout(lambda k: k.undo())
    assert not store.load_knockout().finished
    with pytest.raises(Exception) as err:
        store.load()
    assert "knockout" in str(err.value)
    assert "Chung kết / Final" in bracket_html(again)


def test_from_a_finished_stage() -> None:
    rr = Tournament(NAMES[:4], name="Vòng bảng")
    for r in range(1, 4):
        rr.record_round(r, ["1-0", "1-0"])
    with pytest.raises(ConfigurationError):
        Knockout.from_standings(Tournament(NAMES[:4]), 2)  # not finished
    rows = rr.standings()
    ko = Knockout.from_standings(rr, 2, ladder=(("blitz", 2),))
    assert [p.name for p in ko.players] == [r.player for r in rows[:2]]
    assert ko.source == "Vòng bảng" and from_settings(ko.settings()).settings() == ko.settings()
    with pytest.raises(ConfigurationError):
        Knockout.from_standings(rr, 9)
    # A tie across the cut is refused, naming the tied players (lots are drawn first).
    draw = Tournament(NAMES[:4])
    for r in range(1, 4):
        draw.record_round(r, ["1/2-1/2", "1/2-1/2"])
    with pytest.raises(ConfigurationError) as err:
        Knockout.from_standings(draw, 2)
    assert all(n in str(err.value) for n in NAMES[:4])


def test_bad_options() -> None:
    for bad in ({"games": 0}, {"ladder": (("armageddon", 1),)}, {"seeding": "age"},
                {"ladder": (("replay", 10),)}):
        with pytest.raises(ConfigurationError):
            Knockout(NAMES, **bad)  # type: ignore[arg-type]
    with pytest.raises(ConfigurationError):
        Knockout(["Alone"])
    with pytest.raises(PairingError):
        Knockout(NAMES).record("R9M9", "1-0")


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 20), st.data())
def test_any_results_give_one_champion(n: int, data: st.DataObject) -> None:
    ladder = data.draw(st.lists(st.tuples(st.sampled_from(["replay", "rapid", "blitz"]),
                                          st.integers(1, 3)), max_size=3))
    ko = Knockout([f"P{i}" for i in range(n)], games=data.draw(st.integers(1, 3)),
                  ladder=tuple(ladder), third_place=data.draw(st.booleans()))
    steps = 0
    while not ko.finished:
        games = ko.next_games()
        if games:
            g = data.draw(st.sampled_from(games))
            ko.record(g.match, data.draw(st.sampled_from(["1-0", "0-1", "1/2-1/2", "+/-"])))
        else:
            m = next(m for m in ko.matches() if m.waiting_for_lots)
            ko.draw_lots(m.id, data.draw(st.sampled_from([m.a, m.b])) or 0)
        steps += 1
        assert steps < 2000
    # Every match's winner is one of its players, and wins the next round's place.
    for r in range(1, ko.rounds + 1):
        for m in ko.matches(r):
            if m.id != "3P":
                assert m.winner in (m.a, m.b)
    assert len({name for _, name in ko.ranking()}) == len(ko.ranking())
    assert len(ko.ranking()) == n
    # The colours alternate within each match.
    for m in ko.matches():
        reds = [g.red for g in m.games]
        assert all(reds[i] != reds[i + 1] for i in range(len(reds) - 1))


def test_swiss_then_knockout_keeps_both_stages(tmp_path: Path) -> None:
    pytest.importorskip("py4swiss")
    rng = random.Random(11)
    swiss = SwissTournament([PlayerInfo(f"S{i}", "", 2000 - i) for i in range(12)], rounds=4)
    for r in range(1, 5):
        swiss.pair_next_round()
        for p in swiss.pairings(r):
            if p.rests is None:
                swiss.record(r, p.red or "", p.black or "", rng.choice(["1-0", "0-1"]))
    rows = swiss.standings()
    top = next(k for k in range(4, 9) if rows[k].rank > k)  # a clean cut at 4..8
    ko = Knockout.from_standings(swiss, top)
    SqliteStore.create(tmp_path / "swiss", swiss).close()
    SqliteStore.create(tmp_path / "ko", ko).close()
    assert SqliteStore.open(tmp_path / "swiss").load().standings() == rows
    assert [p.name for p in SqliteStore.open(tmp_path / "ko").load_knockout().players] == \
        [r.player for r in rows[:top]]
