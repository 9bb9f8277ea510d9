"""The built-in engine's search: mates, tactics, repetition, limits, stop, options, errors."""

from __future__ import annotations

import threading
import time

import pytest

from cotuong.core import Board, Move
from cotuong.core.errors import GameOverError, IllegalMoveError, InvalidFenError
from cotuong.engine import BuiltinEngine
from cotuong.engine.builtin import EngineOptionError
from cotuong.engine.chase import repetition
from cotuong.engine.interface import EnginePlayer, Info, Limits
from cotuong.engine.levels import InvalidLevelError
from cotuong.engine.position import move_code, play_codes, position_from_fen

START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
MATE_IN_1 = "3k5/1R7/9/9/9/9/9/9/9/R3K4 w - - 0 1"  # a0a9 mates
MATE_IN_2 = "3k5/9/9/9/9/9/9/9/R8/R4K3 w - - 0 1"


@pytest.fixture(scope="module")
def engine() -> BuiltinEngine:
    e = BuiltinEngine(level=8)
    e.set_option("Seed", "1")
    return e


def test_builtin_engine_satisfies_the_interface(engine: BuiltinEngine) -> None:
    assert isinstance(engine, EnginePlayer)
    assert "Thần" in engine.name


def test_finds_mate_in_one(engine: BuiltinEngine) -> None:
    result = engine.search(MATE_IN_1, [], Limits(depth=4))
    assert result.bestmove == "a0a9"
    assert result.info is not None and result.info.mate == 1


def test_finds_mate_in_two(engine: BuiltinEngine) -> None:
    result = engine.search(MATE_IN_2, [], Limits(depth=6))
    assert result.info is not None and result.info.mate == 2
    board = Board(MATE_IN_2)
    for text in result.info.pv:
        board.push(Move.from_iccs(text))
    outcome = board.outcome()
    assert outcome is not None and outcome.winner is not None and outcome.winner.en == "Red"


def test_sees_being_mated(engine: BuiltinEngine) -> None:
    # Black to move, in check from the rook on d0: whatever Black does, it is mated next.
    result = engine.search(MATE_IN_2, ["a0d0"], Limits(depth=5))
    assert result.info is not None and result.info.mate == -1


def test_stalemating_the_opponent_wins() -> None:
    # Xiangqi: having no legal move loses even without check. Here the quickest win
    # (two moves) ends with Black's king boxed in but not attacked.
    fen = "4k4/9/9/9/9/9/9/9/R8/R2K5 w - - 0 1"
    result = BuiltinEngine(8).search(fen, [], Limits(depth=6))
    assert result.info is not None and result.info.mate == 2
    board = Board(fen)
    for text in result.info.pv:
        board.push(Move.from_iccs(text))
    outcome = board.outcome()
    assert outcome is not None and outcome.termination.name == "STALEMATE"


def test_takes_a_free_rook(engine: BuiltinEngine) -> None:
    # Black's rook on e5 is unprotected on the red rook's rank.
    fen = "3k5/9/9/9/R3r4/9/9/9/9/4K4 w - - 0 1"
    result = engine.search(fen, [], Limits(depth=3))
    assert result.bestmove == "a5e5"


def test_does_not_hang_its_rook() -> None:
    # Red rook attacked by a black horse; level 8 moves it to safety rather than idling.
    fen = "3k5/9/9/9/9/3n5/9/4R4/9/4K4 w - - 0 1"
    engine = BuiltinEngine(8)
    result = engine.search(fen, [], Limits(depth=4))
    board = Board(fen)
    board.push(Move.from_iccs(result.bestmove))
    # After the move no black horse move captures the rook.
    rook = next(sq for sq, p in board.pieces() if p.kind.name == "ROOK")
    assert not any(m.to_square == rook for m in board.legal_moves)


def test_info_per_depth_and_legal_pv(engine: BuiltinEngine) -> None:
    infos: list[Info] = []
    result = engine.search(START, ["h2e2"], Limits(depth=5), infos.append)
    assert [i.depth for i in infos] == [1, 2, 3, 4, 5]
    board = Board(START)
    board.push(Move.from_iccs("h2e2"))
    for text in infos[-1].pv:
        board.push(Move.from_iccs(text))  # raises if the PV holds an illegal move
    assert result.bestmove == infos[-1].pv[0]
    assert all(i.nodes > 0 and i.nps >= 0 for i in infos)


def test_movetime_is_respected(engine: BuiltinEngine) -> None:
    start = time.perf_counter()
    engine.search(START, [], Limits(movetime_ms=200))
    assert time.perf_counter() - start < 0.45


def test_clock_time_is_managed(engine: BuiltinEngine) -> None:
    start = time.perf_counter()
    result = engine.search(START, [], Limits(wtime_ms=3000, btime_ms=3000))
    assert time.perf_counter() - start < 1.3
    assert Move.from_iccs(result.bestmove) in Board(START).legal_moves


def test_node_limit(engine: BuiltinEngine) -> None:
    # The counter is polled every 1,024 nodes: the search stops within 1,024 nodes above
    # the limit, so two engines given the same budget search the same number of nodes.
    for budget in (20_000, 60_000):
        engine.new_game()
        result = engine.search(START, [], Limits(nodes=budget))
        assert result.info is not None and budget <= result.info.nodes <= budget + 1_025


def test_stop_from_another_thread_returns_quickly() -> None:
    engine = BuiltinEngine(8)
    engine.search(START, [], Limits(depth=2))  # compile outside the timed part
    box: dict[str, float] = {}

    def stopper() -> None:
        time.sleep(0.3)
        box["stop"] = time.perf_counter()
        engine.stop()

    threading.Thread(target=stopper).start()
    result = engine.search(START, [], Limits(infinite=True))
    latency = time.perf_counter() - box["stop"]
    assert latency < 0.05
    assert Move.from_iccs(result.bestmove) in Board(START).legal_moves


def test_repetition_with_perpetual_check_loses_for_the_checker() -> None:
    fen = "4k4/R8/9/9/9/9/9/9/9/3K5 w - - 0 1"
    pos = position_from_fen(fen)
    cycle = ["a8a9", "e9e8", "a9a8", "e8e9"]
    play_codes(pos, [move_code(Move.from_iccs(m)) for m in cycle])
    assert repetition(pos, 0) == 3  # Red, to move, checked every move of the cycle: it loses
    play_codes(pos, [move_code(Move.from_iccs("a8a9"))])
    assert repetition(pos, 0) == 2  # Black to move repeats the position after ply 1: Black wins


def test_no_repetition_across_a_capture() -> None:
    fen = "4k4/R8/9/9/9/9/9/9/p8/3K5 w - - 0 1"
    pos = position_from_fen(fen)
    play_codes(pos, [move_code(Move.from_iccs(m)) for m in ("a8a9", "e9e8", "a9a8", "e8e9")])
    assert repetition(pos, 0) == 3
    play_codes(pos, [move_code(Move.from_iccs(m)) for m in ("a8a1", "e9e8", "a1a8", "e8e9")])
    assert repetition(pos, 0) == 0  # the pawn on a1 was taken: earlier positions cannot recur


def test_idle_repetition_is_a_draw() -> None:
    fen = "4k4/9/9/9/9/9/9/9/R8/3K5 w - - 0 1"
    pos = position_from_fen(fen)
    play_codes(pos, [move_code(Move.from_iccs(m)) for m in ("a1a2", "e9e8", "a2a1", "e8e9")])
    assert repetition(pos, 0) == 1


def test_options(engine: BuiltinEngine) -> None:
    e = BuiltinEngine(3)
    e.set_option("Level", "5")
    assert e.level.number == 5
    e.set_option("Hash", "4")
    e.set_option("Threads", "1")
    with pytest.raises(EngineOptionError):
        e.set_option("Ponder", "true")
    with pytest.raises(EngineOptionError):
        e.set_option("Hash", "0")
    with pytest.raises(InvalidLevelError):
        e.set_option("Level", "9")
    with pytest.raises(InvalidLevelError):
        BuiltinEngine(0)
    e.new_game()
    e.close()


def test_bad_input_raises_named_errors(engine: BuiltinEngine) -> None:
    with pytest.raises(InvalidFenError):
        engine.search("not a fen", [], Limits(depth=1))
    with pytest.raises(IllegalMoveError):
        engine.search(START, ["h2h9", "a9a8", "a0a5"], Limits(depth=1))
    with pytest.raises(GameOverError):
        engine.search(MATE_IN_1, ["a0a9"], Limits(depth=1))


def test_new_game_clears_the_table(engine: BuiltinEngine) -> None:
    engine.search(START, [], Limits(depth=4))
    tables = engine._get_tables()
    assert tables[0].any()
    engine.new_game()
    assert not tables[0].any()


def test_very_long_game_history(engine: BuiltinEngine) -> None:
    # More plies than the engine's key history holds: the oldest part is dropped.
    moves = ["h0g2", "h9g7", "g2h0", "g7h9"] * 400 + ["h2e2"]
    result = engine.search(START, moves, Limits(depth=3))
    board = Board(START)
    for text in moves:
        board.push_unchecked(Move.from_iccs(text))
    assert Move.from_iccs(result.bestmove) in board.legal_moves


def test_two_threads_share_the_table_and_stop_together() -> None:
    e = BuiltinEngine(8)
    e.set_option("Threads", "2")
    result = e.search(START, [], Limits(movetime_ms=300))
    assert result.info is not None and result.info.depth >= 3
    assert result.bestmove in {m.iccs for m in Board(START).legal_moves}
    timer = threading.Timer(0.2, e.stop)
    timer.start()
    t0 = time.perf_counter()
    e.search(START, ["h2e2"], Limits(infinite=True))
    assert time.perf_counter() - t0 < 2.0
    e.close()
