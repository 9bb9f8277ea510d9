"""The external-engine client against the scripted mock engine (tests/uci/mock_engine.py)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from cotuong import START_FEN, Board, GameOverError, IllegalMoveError, Move
from cotuong.engine.interface import EnginePlayer, Info, Limits
from cotuong.uci import (
    EngineError,
    EngineIllegalMoveError,
    EngineProtocolError,
    EngineStartError,
    EngineTerminatedError,
    EngineTimeoutError,
    ExternalEngine,
)

Cmd = Callable[..., list[str]]
Gone = Callable[..., bool]


def test_handshake_reads_id_and_options(mock: Cmd, gone: Gone) -> None:
    with ExternalEngine(mock()) as eng:
        assert isinstance(eng, EnginePlayer)
        assert eng.name == "MockEngine 1.0"
        assert eng.engine.id_author == "cotuong tests"
        assert eng.engine.options["hash"].max == 1024
        assert eng.engine.options["clear hash"].type == "button"
        pid = eng.engine.pid
        assert pid is not None
    assert gone(pid)


def test_search_returns_legal_move_and_infos(mock: Cmd, gone: Gone, tmp_path: Path) -> None:
    log = tmp_path / "log.txt"
    infos: list[Info] = []
    with ExternalEngine(mock("--log", str(log))) as eng:
        eng.new_game()
        eng.set_option("Hash", "32")
        moves = ["h2e2", "h9g7"]
        result = eng.search(START_FEN, moves, Limits(movetime_ms=20), infos.append)
        board = Board()
        for m in moves:
            board.push(Move.from_iccs(m))
        assert Move.from_iccs(result.bestmove) in board.legal_moves
        assert [i.depth for i in infos] == [1, 2, 3]
        assert infos[-1].score_cp == 21 and infos[-1].nodes == 300
        assert result.info == infos[-1]
    sent = log.read_text().splitlines()
    assert "ucinewgame" in sent
    assert "setoption name Hash value 32" in sent
    assert "position startpos moves h2e2 h9g7" in sent
    assert "go movetime 20" in sent
    assert sent[-1] == "quit"


def test_ucci_and_rank_base_conversion(mock: Cmd, tmp_path: Path) -> None:
    log = tmp_path / "log.txt"
    fen = "4k4/9/9/9/9/9/9/9/4R4/3K5 b - - 0 1"
    cmd = mock("--protocol", "ucci", "--rank-base", "1", "--log", str(log))
    with ExternalEngine(cmd, protocol="ucci", rank_base=1) as eng:
        result = eng.search(fen, ["e9f9"], Limits(wtime_ms=60_000, btime_ms=30_000, winc_ms=500))
        board = Board(fen)
        board.push(Move.from_iccs("e9f9"))
        assert Move.from_iccs(result.bestmove) in board.legal_moves
        assert result.info is not None and result.info.score_cp == 21
    sent = log.read_text().splitlines()
    assert sent[0] == "ucci"
    assert "setoption usemillisec true" in sent
    assert f"position fen {fen} moves e10f10" in sent
    # Red to move after Black's e9f9: 'time' is Red's clock.
    assert "go time 60000 increment 500 opptime 30000" in sent


@pytest.mark.parametrize("protocol", ["uci", "ucci"])
def test_searchmoves_reach_the_engine_in_both_dialects(mock: Cmd, tmp_path: Path,
                                                       protocol: str) -> None:
    """Only the allowed root moves are searched: UCI says ``go … searchmoves``, UCCI
    ``banmoves`` of the others; the answer is among them."""
    log = tmp_path / "log.txt"
    cmd = mock("--protocol", protocol, "--rank-base", "1", "--log", str(log))
    allowed = ("h2e2", "b2e2")
    with ExternalEngine(cmd, protocol=protocol, rank_base=1) as eng:  # type: ignore[arg-type]
        for seed in range(4):
            limits = Limits(movetime_ms=5 + seed, searchmoves=allowed)
            assert eng.search(START_FEN, [], limits).bestmove in allowed
    sent = log.read_text().splitlines()
    if protocol == "uci":
        assert "go movetime 5 searchmoves h3e3 b3e3" in sent
    else:
        bans = next(line for line in sent if line.startswith("banmoves")).split()[1:]
        assert len(bans) == 42 and "h3e3" not in bans and "a1a2" in bans


def test_stop_from_another_thread_ends_infinite_search(mock: Cmd) -> None:
    with ExternalEngine(mock()) as eng:
        timer = threading.Timer(0.2, eng.stop)
        start = time.monotonic()
        timer.start()
        result = eng.search(START_FEN, [], Limits(infinite=True))
        elapsed = time.monotonic() - start
        assert 0.15 < elapsed < 1.0
        assert Move.from_iccs(result.bestmove) in Board().legal_moves


def test_crash_during_search(mock: Cmd, gone: Gone) -> None:
    eng = ExternalEngine(mock("--mode", "crash-on-go"))
    pid = eng.engine.pid
    with pytest.raises(EngineTerminatedError, match="segmentation fault"):
        eng.search(START_FEN, [], Limits(movetime_ms=10))
    eng.close()
    assert pid is not None and gone(pid)


def test_hang_in_search_times_out_and_is_killed(mock: Cmd, gone: Gone) -> None:
    eng = ExternalEngine(mock("--mode", "hang-on-go"), reply_timeout=0.3)
    pid = eng.engine.pid
    start = time.monotonic()
    with pytest.raises(EngineTimeoutError, match="did not answer 'stop'"):
        eng.search(START_FEN, [], Limits(movetime_ms=50))
    assert time.monotonic() - start < 2.0
    eng.close()
    assert pid is not None and gone(pid)


def test_hang_in_handshake(mock: Cmd, gone: Gone, tmp_path: Path) -> None:
    pidfile = tmp_path / "pid"
    with pytest.raises(EngineTimeoutError, match="uciok"):
        ExternalEngine(mock("--mode", "hang-handshake", "--pidfile", str(pidfile)),
                       handshake_timeout=0.3)
    assert gone(int(pidfile.read_text()))


def test_ignoring_quit_and_sigterm_still_gets_killed(mock: Cmd, gone: Gone) -> None:
    eng = ExternalEngine(mock("--mode", "ignore-quit"), quit_timeout=0.2)
    pid = eng.engine.pid
    eng.close()
    eng.close()  # idempotent
    assert pid is not None and gone(pid, within=0.5)


@pytest.mark.parametrize(
    ("mode", "error"),
    [
        ("garbage-bestmove", EngineProtocolError),
        ("illegal-bestmove", EngineIllegalMoveError),
        ("none-bestmove", EngineProtocolError),
    ],
)
def test_nonsense_answers(mock: Cmd, gone: Gone, mode: str, error: type[EngineError]) -> None:
    with ExternalEngine(mock("--mode", mode)) as eng:
        pid = eng.engine.pid
        with pytest.raises(error) as info:
            eng.search(START_FEN, [], Limits(movetime_ms=10))
        assert info.value.code.startswith("ENGINE_")
    assert pid is not None and gone(pid)


def test_garbage_info_is_tolerated_and_noted(mock: Cmd) -> None:
    with ExternalEngine(mock("--mode", "info-garbage")) as eng:
        infos: list[Info] = []
        result = eng.search(START_FEN, [], Limits(movetime_ms=10), infos.append)
        assert Move.from_iccs(result.bestmove) in Board().legal_moves
        assert len(infos) == 3
        assert any("not a number" in w for w in eng.engine.warnings)


def test_start_failures(mock: Cmd, tmp_path: Path) -> None:
    with pytest.raises(EngineStartError, match="cannot start"):
        ExternalEngine([str(tmp_path / "no-such-engine")])
    with pytest.raises(EngineTerminatedError, match="exited"):
        ExternalEngine(mock("--mode", "exit-at-start"))
    with pytest.raises(EngineStartError):
        ExternalEngine("")


def test_caller_errors_are_named(mock: Cmd) -> None:
    with ExternalEngine(mock()) as eng:
        with pytest.raises(IllegalMoveError):
            eng.search(START_FEN, ["a0a5"], Limits(depth=1))  # rook through its own pawn
        mated = "3k5/4R4/3R5/9/9/9/9/9/9/4K4 b - - 0 1"  # Black king d9 mated by two rooks
        assert not Board(mated).legal_moves and Board(mated).is_check()
        with pytest.raises(GameOverError):
            eng.search(mated, [], Limits(depth=1))
        # still usable afterwards
        assert eng.search(START_FEN, [], Limits(depth=1)).bestmove


@pytest.mark.parametrize("protocol", ["uci", "ucci"])
def test_client_drives_our_own_server_in_both_dialects(mock: Cmd, gone: Gone,
                                                       protocol: str) -> None:
    """Client → ``cotuong engine`` → mock engine: the server and the client agree."""
    import sys

    server = [sys.executable, "-m", "cotuong.cli", "engine", "--engine",
              "cmd:" + " ".join(mock())]
    infos: list[Info] = []
    with ExternalEngine(server, protocol=protocol, handshake_timeout=60) as eng:  # type: ignore[arg-type]
        assert eng.name.startswith("cotuong")
        assert {"level", "threads", "seed"} <= set(eng.engine.options)
        eng.set_option("level" if protocol == "ucci" else "Level", "2")
        result = eng.search(START_FEN, ["h2e2"], Limits(movetime_ms=30), infos.append)
        board = Board()
        board.push(Move.from_iccs("h2e2"))
        assert Move.from_iccs(result.bestmove) in board.legal_moves
        assert infos and infos[-1].depth == 3
        timer = threading.Timer(0.2, eng.stop)
        timer.start()
        start = time.monotonic()
        result = eng.search(START_FEN, [], Limits(infinite=True))
        assert time.monotonic() - start < 1.5
        assert Move.from_iccs(result.bestmove) in Board().legal_moves
        pid = eng.engine.pid
    assert pid is not None and gone(pid)


def test_stale_answer_after_a_timeout_is_skipped(mock: Cmd) -> None:
    with ExternalEngine(mock("--mode", "late-first-bestmove"), reply_timeout=0.2) as eng:
        with pytest.raises(EngineTimeoutError):
            eng.search(START_FEN, [], Limits(movetime_ms=10))
        time.sleep(0.6)  # the late 'bestmove' for the start position arrives now
        board = Board()
        board.push(Move.from_iccs("h2e2"))
        result = eng.search(START_FEN, ["h2e2"], Limits(movetime_ms=10))
        assert Move.from_iccs(result.bestmove) in board.legal_moves


def test_failing_info_callback_does_not_break_the_search(mock: Cmd) -> None:
    def boom(info: Info) -> None:
        raise RuntimeError("callback bug")

    with ExternalEngine(mock()) as eng:
        result = eng.search(START_FEN, [], Limits(movetime_ms=10), boom)
        assert result.bestmove and any("callback bug" in w for w in eng.engine.warnings)


def test_unbalanced_quotes_in_a_command_are_a_start_error(
        capsys: pytest.CaptureFixture[str]) -> None:
    # Regression: `cotuong engine --engine 'cmd:"x'` ended in shlex's ValueError traceback.
    from cotuong.cli import main

    with pytest.raises(EngineStartError, match="no closing quotation"):
        ExternalEngine('"/opt/engine --flag')
    assert main(["match", "level:1", 'cmd:"unclosed', "--games", "1"]) == 2
    assert "[ENGINE_START]" in capsys.readouterr().err
