"""Recording results, corrections, players, draws, withdrawals, attached games, errors."""

from __future__ import annotations

import pytest
from tests.tournament.helpers import play

from cotuong.core.errors import CotuongError
from cotuong.tournament import (
    AttachedGameError,
    ConfigurationError,
    DuplicatePlayerError,
    DuplicateResultError,
    InvalidResultError,
    LotsError,
    PairingError,
    Result,
    Tournament,
    TournamentError,
    TournamentStateError,
    UnknownPlayerError,
    parse_result,
)
from cotuong.tournament.entry import describe_event
from cotuong.tournament.events import event_from_payload

PGN = '[Event "Club"]\n[Red "An"]\n[Black "Dũng"]\n[Result "1-0"]\n\n1. h2e2 h9g7 2. h0g2 1-0\n'


def four() -> Tournament:
    return Tournament(["An", "Bình", "Chi", "Dũng"], name="Giải CLB")


def test_record_by_name_or_number_and_pairing_sheet() -> None:
    t = four()
    sheet = t.pairings(1)
    assert [(p.board, p.red, p.black) for p in sheet] == [(1, "An", "Dũng"), (2, "Bình", "Chi")]
    t.record(1, "an", 4, "1-0", pgn=PGN)  # names are case-insensitive; numbers work too
    t.record(1, "2", "Chi", Result.DRAW)
    g = t.result_of(1, 1)
    assert g is not None and g.result is Result.RED_WIN and g.pgn == PGN
    assert [x.result.text for x in t.games(1)] == ["1-0", "1/2-1/2"]


def test_refusals_name_the_problem() -> None:
    t = four()
    t.record(1, "An", "Dũng", "1-0")
    with pytest.raises(DuplicateResultError, match="already has result 1-0"):
        t.record(1, "An", "Dũng", "0-1")
    with pytest.raises(PairingError, match="do not meet in round 1"):
        t.record(1, "An", "Bình", "1-0")
    with pytest.raises(PairingError, match="plays Red"):
        t.record(1, "Chi", "Bình", "1-0")
    with pytest.raises(PairingError, match="no round 4"):
        t.record(4, "An", "Bình", "1-0")
    with pytest.raises(PairingError, match="no round 0"):
        t.pairings(0)
    with pytest.raises(UnknownPlayerError, match="Giang"):
        t.record(1, "Giang", "Dũng", "1-0")
    with pytest.raises(UnknownPlayerError, match="draw number 9"):
        t.record(1, 9, "Dũng", "1-0")
    with pytest.raises(InvalidResultError, match="'2-0'"):
        t.record(1, "Bình", "Chi", "2-0")
    with pytest.raises(PairingError):
        t.record(1, "An", "An", "1-0")
    # Every refusal is a named CotuongError and left the tournament unchanged.
    assert issubclass(TournamentError, CotuongError)
    assert len(t.events) == 1 and len(t.games()) == 1


def test_corrections() -> None:
    t = four()
    with pytest.raises(TournamentStateError, match="no result to correct"):
        t.correct(1, "An", "Dũng", "0-1")
    t.record(1, "An", "Dũng", "1-0")
    t.correct(1, "An", "Dũng", "0-1", reason="score sheet misread")
    g = t.result_of(1, 1)
    assert g is not None and g.result is Result.BLACK_WIN and g.corrections == 1
    assert {r.player: r.points for r in t.standings()}["Dũng"] == 2


def test_result_strings() -> None:
    assert parse_result("½-½") is Result.DRAW
    assert parse_result("-/-").forfeit and parse_result("1-0").played
    for bad in ("", "1:0", "draw", "1/2", "0-0"):
        with pytest.raises(InvalidResultError):
            parse_result(bad)


def test_players_names_numbers_and_draw() -> None:
    with pytest.raises(DuplicatePlayerError):
        Tournament(["An", "AN "])
    with pytest.raises(ConfigurationError):
        Tournament(["An", "  "])
    with pytest.raises(ConfigurationError):
        Tournament(["An", "12"])
    # NFC and NFD spellings of the same Vietnamese name are the same player.
    with pytest.raises(DuplicatePlayerError):
        Tournament(["Dũng", "Du\u0303ng"])
    t = Tournament(["An", "Bình"])
    t.add_player("Chi")
    assert [p.number for p in t.players] == [1, 2, 3]
    t.draw_numbers(seed=2026)
    drawn = [p.name for p in t.players]
    again = Tournament(["An", "Bình"])
    again.add_player("Chi")
    again.draw_numbers(seed=2026)
    assert [p.name for p in again.players] == drawn  # a seed reproduces the draw
    t.draw_numbers(order=["Chi", "An", "Bình"])
    assert [p.name for p in t.players] == ["Chi", "An", "Bình"]
    with pytest.raises(ConfigurationError):
        t.draw_numbers(order=["Chi", "An"])
    play(t, "Chi", "An", "win")
    with pytest.raises(TournamentStateError, match="already been recorded"):
        t.add_player("Dũng")
    with pytest.raises(TournamentStateError):
        t.draw_numbers(seed=1)
    for few in ([], ["Solo"]):  # refused at once, with the reason
        with pytest.raises(ConfigurationError, match="at least 2 players; there are"):
            Tournament(few)


def test_byes_cannot_be_recorded() -> None:
    t = Tournament(["An", "Bình", "Chi"])
    assert t.pairings(1)[-1].rests == "An" and t.pairings(1)[-1].board == 0
    with pytest.raises(UnknownPlayerError, match=r"1\.\.3"):  # the phantom is nobody
        t.record(1, "An", 4, "1-0")
    with pytest.raises(PairingError, match="do not meet in round 1"):
        t.record(1, "An", "Bình", "1-0")


def test_withdrawal_forfeits_remaining_games() -> None:
    t = Tournament(["An", "Bình", "Chi", "Dũng", "Em"])
    play(t, "An", "Bình", "win")
    t.withdraw("Bình", policy="forfeit", from_round=1)  # also the unentered round-1 game
    b = t.player("Bình").number
    mine = [g for g in t.games() if b in (g.red, g.black)]
    assert len(mine) == 4
    assert sum(g.by_withdrawal for g in mine) == 3
    for g in mine:
        if g.by_withdrawal:
            assert g.result.forfeit
            assert g.result.outcome(red=g.red == b) == "loss"
    # The standings so far (after round 2, An–Bình's round) hold no future forfeit ...
    assert t.current_round == 2
    assert sum(r.points for r in t.standings()) == 2 + 2 * 1  # the win, round 1's forfeit
    # ... those after the last round all of them.
    rows = {r.player: r for r in t.standings(t.rounds)}
    assert rows["Bình"].withdrawn and rows["Bình"].points == 0
    assert rows["Chi"].points == rows["Dũng"].points == rows["Em"].points == 2
    with pytest.raises(DuplicateResultError):
        play(t, "Chi", "Bình", "loss")
    with pytest.raises(TournamentStateError, match="already withdrawn"):
        t.withdraw("Bình")
    with pytest.raises(ConfigurationError):
        t.withdraw("Chi", policy="vanish")


def test_withdrawal_from_a_round_leaves_earlier_games_open() -> None:
    t = Tournament(["An", "Bình", "Chi", "Dũng"])
    t.withdraw("Bình", from_round=3)
    assert all(g.round == 3 for g in t.games())
    play(t, "An", "Bình", "draw")  # round 2, still open for its real result


def test_withdrawal_annuls_all_games() -> None:
    t = Tournament(["An", "Bình", "Chi", "Dũng"])
    play(t, "An", "Bình", "win")
    play(t, "Chi", "Dũng", "draw")
    t.withdraw("Bình", policy="annul")
    rows = {r.player: r for r in t.standings()}
    assert "Bình" not in rows
    assert (rows["An"].points, rows["An"].games) == (0, 0)
    assert rows["Chi"].points == 1
    with pytest.raises(TournamentStateError, match="annulled"):
        play(t, "Chi", "Bình", "win")


def test_attached_games_are_checked() -> None:
    t = four()
    with pytest.raises(AttachedGameError, match="Result"):
        t.record(1, "An", "Dũng", "0-1", pgn=PGN)
    with pytest.raises(AttachedGameError, match="forfeit"):
        t.record(1, "An", "Dũng", "+/-", pgn=PGN)
    with pytest.raises(AttachedGameError, match="malformed tag"):
        t.record(1, "An", "Dũng", "1-0", pgn='[Event "x]\n1. h2e2')
    with pytest.raises(AttachedGameError, match="empty"):
        t.record(1, "An", "Dũng", "1-0", pgn="  \n")
    assert not t.games()
    t.record(1, "An", "Dũng", "1-0", pgn=PGN.replace("\n", "\r\n"))
    g = t.result_of(1, 1)
    assert g is not None and g.pgn == PGN


def test_lots_need_distinct_players() -> None:
    t = four()
    with pytest.raises(LotsError):
        t.draw_lots(["An"])
    with pytest.raises(ConfigurationError):  # LotsError is one
        t.draw_lots(["An", "an"])


def test_settings_round_trip() -> None:
    t = Tournament(["An", "Bình"], scoring=(1, 0.5, 0), double=True,
                   tiebreaks=["wins"], name="X")
    again = Tournament.from_settings(t.settings())
    assert again.settings() == t.settings()
    assert again.rounds == 2
    with pytest.raises(ConfigurationError):
        Tournament.from_settings({"players": ["A", "B"]})


def test_attached_games_are_replayed_by_the_records_reader() -> None:
    pytest.importorskip("cotuong.records")
    t = four()
    with pytest.raises(AttachedGameError, match="cannot be replayed"):
        t.record(1, "An", "Dũng", "1-0", pgn='[Result "1-0"]\n\n1. h2e9 h9g7 1-0\n')
    with pytest.raises(AttachedGameError, match="exactly one game"):
        t.record(1, "An", "Dũng", "1-0", pgn=PGN + "\n" + PGN)
    with pytest.raises(AttachedGameError, match="ends 0-1"):
        t.record(1, "An", "Dũng", "1-0", pgn="1. h2e2 h9g7 0-1\n")
    assert not t.games()


def test_an_attached_game_is_always_replayed() -> None:
    # cotuong.records is a layer below the tournament, always there: the moves are
    # replayed, not only the outline checked.
    t = four()
    with pytest.raises(AttachedGameError, match="cannot be"):
        t.record(1, "An", "Dũng", "1-0", pgn='[Result "1-0"]\n\n1. h2e9 1-0\n')
    with pytest.raises(AttachedGameError, match="Result"):
        t.record(1, "Bình", "Chi", "0-1", pgn='[Result "1-0"]\n\n1. h2e2 1-0\n')


def test_scoring_values_must_be_finite_numbers() -> None:
    # Regression: Tournament(..., scoring=(2, "x", 0)) raised TypeError from a comparison,
    # and "inf,1,0" was accepted (infinite points in standings and exports).
    from cotuong.tournament.results import Scoring

    for bad in [(2, "x", 0), (2, None, 0), (True, 0.5, 0), (float("inf"), 1, 0)]:
        with pytest.raises(ConfigurationError, match="finite number"):
            Tournament(["A", "B"], scoring=bad)
    with pytest.raises(ConfigurationError, match="finite number"):
        Scoring.parse("inf,1,0")
    assert Scoring.parse("1,0.5,0").as_tuple() == (1, 0.5, 0)


def test_a_player_is_removed_before_the_first_result() -> None:
    """``remove_player`` (an invited place nobody took): later numbers move up, the log
    replays it, undo brings the player back; refused once a result is in, and when fewer
    than 2 players would be left."""
    t = Tournament(["An", "Bình", "Chi", "Dũng"])
    e = t.remove_player("binh")
    assert e.payload() == {"player": "Bình", "v": e.payload()["v"]}
    assert describe_event(e).text("vi") == "bỏ đấu thủ Bình khỏi danh sách"
    assert [(p.number, p.name) for p in t.players] == [(1, "An"), (2, "Chi"), (3, "Dũng")]
    assert t.rounds == 3
    again = Tournament.from_settings(Tournament(["An", "Bình", "Chi", "Dũng"]).settings())
    again.apply(event_from_payload(e.kind, e.payload()))
    assert again.players == t.players
    t.undo()
    assert [p.name for p in t.players] == ["An", "Bình", "Chi", "Dũng"]
    t.remove_player("Dũng")
    t.draw_numbers(seed=3)
    play(t, "An", "Chi", "win")
    with pytest.raises(TournamentStateError, match="cannot remove"):
        t.remove_player("An")
    two = Tournament(["An", "Bình"])
    with pytest.raises(ConfigurationError, match="at least 2 players"):
        two.remove_player("An")
    assert len(two.players) == 2
