"""``cotuong match``: opening book, schedule, games refereed by Game, Elo, PGN, CLI."""

from __future__ import annotations

import math
import re
import subprocess
import sys
from pathlib import Path

import pytest
from tests.uci.doubles import RandomPlayer

from cotuong import Board, Color, CotuongError, Game, Move, RecordError, Termination
from cotuong.arena.match import (
    GameResult,
    MatchClock,
    Opening,
    _fmt_elo,
    elo_estimate,
    game_pgn,
    load_openings,
    parse_clock,
    play_game,
    run_match,
    schedule,
)
from cotuong.records import read_pgn

MOCK = Path(__file__).resolve().parents[1] / "uci" / "mock_engine.py"
FAST = MatchClock(depth=1)


def test_builtin_opening_book_replays_and_is_varied() -> None:
    book = load_openings()
    assert len(book) >= 20
    assert len({o.fen for o in book}) == len(book)
    assert len({o.name for o in book}) == len(book)
    for opening in book:
        assert 2 <= len(opening.moves) <= 6, opening.name
        board = Board()
        for m in opening.moves:
            board.push(Move.from_iccs(m))
        assert board.fen() == opening.fen, opening.name
        assert board.legal_moves
    # both colours to move occur, and more than one first move
    assert {Board(o.fen).turn for o in book} == {Color.RED, Color.BLACK}
    assert len({o.moves[0] for o in book}) >= 5


def test_opening_file_errors_name_the_line(tmp_path: Path) -> None:
    good = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
    path = tmp_path / "book.txt"
    path.write_text(f"# comment\n{good} ; start\n\nnot a fen ; broken\n", encoding="utf-8")
    with pytest.raises(RecordError, match="line 4"):
        load_openings(path)
    path.write_text("3k5/4R4/3R5/9/9/9/9/9/9/4K4 b - - 0 1\n", encoding="utf-8")
    with pytest.raises(RecordError, match="already over"):
        load_openings(path)
    with pytest.raises(RecordError, match="cannot read"):
        load_openings(tmp_path / "missing.txt")
    path.write_text("# nothing\n", encoding="utf-8")
    with pytest.raises(RecordError, match="no opening"):
        load_openings(path)
    path.write_text(f"{good}\n", encoding="utf-8")
    assert load_openings(path) == [Opening(good)]


def test_schedule_swaps_colours_on_each_opening() -> None:
    book = load_openings()[:3]
    jobs = schedule(book)
    assert len(jobs) == 6
    assert [j.opening for j in jobs] == [book[0], book[0], book[1], book[1], book[2], book[2]]
    assert [j.first_red for j in jobs] == [True, False] * 3
    assert [j.opening for j in schedule(book, 8)][6:] == [book[0], book[0]]


def test_elo_estimate() -> None:
    assert elo_estimate(10, 0, 10)[0] == 0
    elo, err = elo_estimate(75, 0, 25)
    assert round(elo) == 191 and 60 < err < 100
    assert elo_estimate(25, 0, 75)[0] == pytest.approx(-elo)
    # more games, smaller error bar
    assert elo_estimate(300, 400, 300)[1] < elo_estimate(30, 40, 30)[1] / 3
    assert elo_estimate(5, 0, 0) == (math.inf, math.inf)
    assert elo_estimate(0, 0, 0)[1] == math.inf
    # Regression: two draws printed "Elo difference +0 ± 0 (95 %)".
    assert elo_estimate(0, 2, 0) == (0.0, math.inf)
    assert _fmt_elo(*elo_estimate(0, 2, 0)) == "+0 (no error bar: every game had the same result)"
    assert _fmt_elo(*elo_estimate(3, 1, 1)).endswith("(95 %)")


def test_parse_clock() -> None:
    assert parse_clock("60+0.5") == (60000, 500)
    assert parse_clock("3") == (3000, 0)
    for bad in ("x+1", "0+1", "-5"):
        with pytest.raises(ValueError):
            parse_clock(bad)
    # Regression: "inf" was an OverflowError traceback; "1+-1" blamed the base.
    for bad, why in (("inf+0", "BASE\\+INC"), ("1+-1", "increment"), ("nan", "BASE")):
        with pytest.raises(CotuongError, match=why) as info:
            parse_clock(bad)
        assert info.value.code == "BAD_CLOCK"


@pytest.mark.parametrize("rules", ["xiangqiplay", "asian"])
def test_game_is_refereed_to_a_legal_end(rules: str) -> None:
    opening = load_openings()[0]
    moves, outcome = play_game(RandomPlayer(1), RandomPlayer(2), opening, FAST, max_plies=400,
                               rules=rules)
    game = Game(opening.fen, rules=rules)
    for m in moves:
        game.play(Move.from_iccs(m))
    if outcome.termination is Termination.MOVE_LIMIT:
        assert len(moves) == 400 and outcome.winner is None
    else:
        assert game.outcome == outcome  # the referee's own ruling


def test_a_node_budget_reaches_each_engine_with_its_odds() -> None:
    """``sprt.py --nodes N [--odds K]``: every search of each side is limited by its own
    node budget and nothing else (no time), whatever colour it plays."""
    red, black = RandomPlayer(1), RandomPlayer(2)
    moves, _ = play_game(red, black, load_openings()[0], MatchClock(nodes=60_000),
                         max_plies=12, black_tc=MatchClock(nodes=6_000))
    assert len(moves) == 12 and len(red.calls) == 6 and len(black.calls) == 6
    for player, nodes in ((red, 60_000), (black, 6_000)):
        for _fen, _moves, limits in player.calls:
            assert limits.nodes == nodes
            assert limits.movetime_ms is None and limits.wtime_ms is None
            assert limits.btime_ms is None and limits.depth is None


def test_move_cap_adjudicates_a_draw() -> None:
    moves, outcome = play_game(RandomPlayer(1), RandomPlayer(2), load_openings()[0], FAST,
                               max_plies=6)
    assert len(moves) == 6 and outcome.winner is None
    assert outcome.termination is Termination.MOVE_LIMIT and outcome.result == "1/2-1/2"


def test_failing_engines_forfeit() -> None:
    opening = load_openings()[0]  # Red to move
    _, outcome = play_game(RandomPlayer(fail=True), RandomPlayer(), opening, FAST)
    assert outcome.winner is Color.BLACK and outcome.termination is Termination.ABANDONMENT
    _, outcome = play_game(RandomPlayer(), RandomPlayer(bad_move="a9a0"), opening, FAST)
    assert outcome.winner is Color.RED and "illegal move a9a0" in outcome.text()


def test_flag_falls_on_a_slow_engine() -> None:
    slow = RandomPlayer(step_s=0.05)
    tc = MatchClock(base_ms=120, inc_ms=0, depth=2)  # ~0.1 s per move: flag on move 2
    moves, outcome = play_game(slow, RandomPlayer(step_s=0.0), load_openings()[0], tc)
    assert outcome.termination is Termination.TIME_FORFEIT
    assert outcome.winner is Color.BLACK and len(moves) in (2, 4)


def test_run_match_in_process_and_pgn() -> None:
    seen: list[GameResult] = []
    book = load_openings()[:2]
    result = run_match(lambda: RandomPlayer(3), lambda: RandomPlayer(4), FAST, openings=book,
                       max_plies=40, on_game=seen.append)
    assert len(result.games) == 4 == len(seen)
    assert result.wins + result.draws + result.losses == 4
    assert [g.first_red for g in result.games] == [True, False, True, False]
    assert result.first == "random-double"
    assert "Elo difference" in result.summary()
    text = game_pgn(result.games[1], rules="xiangqiplay")
    (record,) = read_pgn(text)
    assert record.ok, record.issues
    assert [m.iccs for m in record.moves] == list(result.games[1].moves)
    assert record.start_fen == book[0].fen and record.result == result.games[1].outcome.result
    assert record.headers["Black"] == "random-double"


def _cli(*args: str, timeout: float = 240) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "cotuong.cli", *args], capture_output=True,
                          text=True, timeout=timeout)


def test_match_command_end_to_end_with_external_engines_in_parallel(tmp_path: Path) -> None:
    pgn = tmp_path / "match.pgn"
    mock = f"cmd:{sys.executable} {MOCK}"
    proc = _cli("match", mock, f"{mock} --seed 7", "--games", "4", "--concurrency", "2",
                "--movetime", "5", "--max-plies", "30", "--pgn", str(pgn))
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    progress = [ln for ln in lines if re.match(r"^\[\d/4\] game \d", ln)]
    assert len(progress) == 4
    assert re.search(r"\+\d+ =\d+ -\d+ \(4 games", proc.stdout)
    assert "Elo difference" in proc.stdout
    games = read_pgn(pgn.read_text(encoding="utf-8"))
    assert len(games) == 4 and all(g.ok for g in games)
    assert sorted(int(g.headers["Round"]) for g in games) == [1, 2, 3, 4]


def test_match_command_reports_bad_input() -> None:
    proc = _cli("match", "level:9", "level:1", "--games", "2")
    assert proc.returncode == 2 and "level must be 1-8" in proc.stderr
    proc = _cli("match", "cmd:/no/such/engine", "cmd:/no/such/engine", "--games", "1")
    assert proc.returncode == 2 and "cannot start" in proc.stderr


def test_match_command_with_builtin_levels(tmp_path: Path) -> None:
    pytest.importorskip("numba", reason="the built-in engine needs the [engine] extra")
    proc = _cli("match", "level:2", "level:1", "--games", "2", "--depth", "1",
                "--max-plies", "40")
    assert proc.returncode == 0, proc.stderr
    assert "(2 games" in proc.stdout


def test_an_engine_that_failed_is_restarted_for_the_next_game() -> None:
    opened: list[object] = []

    def flaky() -> object:
        player = RandomPlayer(seed=len(opened), fail=not opened)  # only the first one fails
        opened.append(player)
        return player

    result = run_match(flaky, lambda: RandomPlayer(9), FAST, openings=load_openings()[:1],
                       max_plies=10)
    first, second = result.games
    assert first.outcome.termination is Termination.ABANDONMENT and first.first_score == 0
    assert second.outcome.termination is not Termination.ABANDONMENT
    assert len(opened) == 2 and all(p.closed for p in opened)


def test_an_external_engine_that_hangs_on_a_clock_loses_on_time() -> None:
    from cotuong.uci import ExternalEngine

    hang = [sys.executable, str(MOCK), "--mode", "hang-on-go"]
    red = ExternalEngine(hang, reply_timeout=0.2)
    black = ExternalEngine([sys.executable, str(MOCK)])
    try:
        moves, outcome = play_game(red, black, load_openings()[0],
                                   MatchClock(base_ms=100, inc_ms=0))
    finally:
        red.close()
        black.close()
    assert moves == () and outcome.termination is Termination.TIME_FORFEIT
    assert outcome.winner is Color.BLACK


def test_unwritable_pgn_and_binary_openings_are_named_errors(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Regression: both ended in a traceback (FileNotFoundError, UnicodeDecodeError).
    from cotuong.cli import main

    missing = tmp_path / "no" / "dir" / "m.pgn"
    assert main(["match", "level:1", "level:2", "--games", "1", "--pgn", str(missing)]) == 2
    assert "[UNWRITABLE_FILE]" in capsys.readouterr().err
    junk = tmp_path / "book.bin"
    junk.write_bytes(b"\xff\xfe\xab\x00 not text")
    with pytest.raises(RecordError, match="cannot read"):
        load_openings(junk)
    good = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
    bom = tmp_path / "bom.txt"
    bom.write_bytes(f"\ufeff{good} ; start\n".encode())
    assert load_openings(bom) == [Opening(good, "start")]
