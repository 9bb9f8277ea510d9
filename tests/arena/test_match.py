"""``cotuong match``: the schedule, Elo, matches in process and in parallel, PGN, the CLI."""

from __future__ import annotations

import math
import re
import subprocess
import sys
from pathlib import Path

import pytest
from tests.uci.doubles import RandomPlayer

from cotuong import Color, RecordError, Termination
from cotuong.arena import (
    GameResult,
    MatchClock,
    Opening,
    elo_estimate,
    game_pgn,
    load_openings,
    play_game,
    run_match,
)
from cotuong.arena.match import schedule
from cotuong.arena.stats import _fmt_elo
from cotuong.records import read_pgn

MOCK = Path(__file__).resolve().parents[1] / "uci" / "mock_engine.py"
FAST = MatchClock(depth=1)



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
