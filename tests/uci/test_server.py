"""UCI/UCCI conformance of ``cotuong engine`` (the server around any EnginePlayer)."""

from __future__ import annotations

import random
import re
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from tests.uci.doubles import RandomPlayer

from cotuong import Board, Move
from cotuong.engine.interface import Limits
from cotuong.uci.protocol import parse_go
from cotuong.uci.server import UciServer

INFO_RE = re.compile(r"^info depth \d+ seldepth \d+ score (cp -?\d+|mate -?\d+) nodes \d+ "
                     r"nps \d+ time \d+ pv( [a-i]\d[a-i]\d)+$")


class Out:
    """Collects server output lines (thread-safe append) with arrival times."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.times: list[float] = []
        self._lock = threading.Lock()

    def __call__(self, line: str) -> None:
        with self._lock:
            self.lines.append(line)
            self.times.append(time.monotonic())

    def wait_for(self, prefix: str, timeout: float = 3.0) -> tuple[str, float]:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            with self._lock:
                for line, at in zip(self.lines, self.times, strict=True):
                    if line.startswith(prefix):
                        return line, at
            time.sleep(0.002)
        raise AssertionError(f"no {prefix!r} line in {self.lines}")

    def bestmoves(self) -> list[str]:
        return [ln for ln in self.lines if ln.startswith(("bestmove", "nobestmove"))]

    def errors(self) -> list[str]:
        return [ln for ln in self.lines if ln.startswith("info string error")]


def serve(engine: object | None = None, **kwargs: object) -> tuple[UciServer, Out]:
    out = Out()
    return UciServer(engine or RandomPlayer(), out, **kwargs), out  # type: ignore[arg-type]


def run(server: UciServer, *lines: str) -> None:
    for line in lines:
        server.handle(line)
    server.wait(5)


def played(fen: str | None, moves: list[str]) -> Board:
    board = Board(fen)
    for m in moves:
        board.push(Move.from_iccs(m))
    return board


def test_uci_handshake_and_options() -> None:
    server, out = serve()
    run(server, "uci")
    assert out.lines[0] == "id name cotuong"
    assert out.lines[1].startswith("id author ")
    assert "option name Level type spin default 8 min 1 max 8" in out.lines
    assert "option name Threads type spin default 1 min 1 max 64" in out.lines
    assert any(ln.startswith("option name Hash type spin") for ln in out.lines)
    assert any(ln.startswith("option name Seed type spin") for ln in out.lines)
    assert out.lines[-1] == "uciok"
    run(server, "isready")
    assert out.lines[-1] == "readyok"


def test_setoption_reaches_engine_and_bad_values_are_refused() -> None:
    engine = RandomPlayer()
    server, out = serve(engine)
    run(server, "setoption name Level value 3", "setoption name Hash value 64",
        "setoption name Seed value 42")
    assert engine.options == {"Level": "3", "Hash": "64", "Seed": "42"}
    for bad in ("setoption name Level value 9", "setoption name Level value x",
                "setoption name Threads value 65", "setoption name Foo value 1", "setoption"):
        before = len(out.errors())
        run(server, bad)
        assert len(out.errors()) == before + 1, bad
    assert engine.options == {"Level": "3", "Hash": "64", "Seed": "42"}


def test_position_and_go_depth_gives_infos_and_legal_bestmove() -> None:
    engine = RandomPlayer(seed=3)
    server, out = serve(engine)
    run(server, "ucinewgame", "position startpos moves h2e2 h9g7", "go depth 3")
    infos = [ln for ln in out.lines if ln.startswith("info depth")]
    assert len(infos) == 3 and all(INFO_RE.match(ln) for ln in infos), infos
    (best,) = out.bestmoves()
    assert Move.from_iccs(best.split()[1]) in played(None, ["h2e2", "h9g7"]).legal_moves
    assert engine.calls[-1][1] == ("h2e2", "h9g7") and engine.calls[-1][2].depth == 3
    assert engine.new_games == 1


def test_position_fen_with_moves() -> None:
    fen = "3akab2/9/4b4/p3p1p1p/2p6/6P2/P3P3P/4B4/4A4/2BAK4 w - - 0 1"
    server, out = serve(RandomPlayer(seed=5))
    run(server, f"position fen {fen} moves e3e4 e6e5", "go movetime 30")
    best = out.bestmoves()[0].split()[1]
    assert Move.from_iccs(best) in played(fen, ["e3e4", "e6e5"]).legal_moves


@pytest.mark.parametrize("bad", [
    "position fen rnbakabnr/9/1c5c1 w - - 0 1",            # truncated FEN
    "position fen 4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1",      # kings facing: illegal setup
    "position startpos moves h2e2 h2e2",                    # illegal second move
    "position startpos moves h2e2 zz",                      # malformed move
    "position",
    "position startpos junk",
    "frobnicate",
    "go depth x",
    "go depth -1",
    "go wtime",
    "go sideways 3",
    "banmoves a0a9x",
])
def test_bad_commands_report_an_error_and_change_nothing(bad: str) -> None:
    engine = RandomPlayer(seed=1)
    server, out = serve(engine)
    run(server, "position startpos moves b0c2")
    run(server, bad)
    assert len(out.errors()) == 1, out.lines
    assert not out.bestmoves()
    run(server, "go depth 1")
    assert engine.calls[-1][1] == ("b0c2",)
    best = out.bestmoves()[0].split()[1]
    assert Move.from_iccs(best) in played(None, ["b0c2"]).legal_moves


def test_isready_answers_while_searching() -> None:
    server, out = serve()
    run(server, "position startpos")
    server.handle("go infinite")
    time.sleep(0.05)
    server.handle("isready")
    assert "readyok" in out.lines and not out.bestmoves()
    server.handle("stop")
    assert len(out.bestmoves()) == 1


@pytest.mark.parametrize("stop_delay", [0.0, 1.0])
def test_stop_answers_within_a_tenth_of_a_second(stop_delay: float) -> None:
    """Also when the engine takes a whole second to notice ``stop``."""
    server, out = serve(RandomPlayer(seed=2, stop_delay_s=stop_delay))
    run(server, "position startpos moves h2e2")
    server.handle("go infinite")
    time.sleep(0.15)
    sent = time.monotonic()
    server.handle("stop")
    line, at = out.wait_for("bestmove")
    assert at - sent < 0.1, f"bestmove {at - sent:.3f} s after stop"
    assert Move.from_iccs(line.split()[1]) in played(None, ["h2e2"]).legal_moves
    time.sleep(stop_delay + 0.1)
    assert len(out.bestmoves()) == 1  # the late engine answer is not sent again
    run(server, "go depth 1")  # and the server is usable afterwards
    assert len(out.bestmoves()) == 2


def test_overrunning_engine_is_stopped_at_its_time() -> None:
    server, out = serve(RandomPlayer(ignore_time=True))
    run(server, "position startpos")
    sent = time.monotonic()
    server.handle("go movetime 100")
    _, at = out.wait_for("bestmove", timeout=2)
    assert 0.1 <= at - sent < 0.5


def test_clock_limits_reach_the_engine() -> None:
    engine = RandomPlayer()
    server, _ = serve(engine)
    run(server, "position startpos moves h2e2", "go wtime 6000 btime 5000 winc 1000 binc 2000 "
        "movestogo 20")
    assert engine.calls[-1][2] == Limits(wtime_ms=6000, btime_ms=5000, winc_ms=1000,
                                         binc_ms=2000, movestogo=20)
    run(server, "go nodes 5000")
    assert engine.calls[-1][2] == Limits(nodes=5000)


def test_no_legal_move_answers_none() -> None:
    mated = "3k5/4R4/3R5/9/9/9/9/9/9/4K4 b - - 0 1"
    engine = RandomPlayer()
    server, out = serve(engine)
    run(server, f"position fen {mated}", "go depth 3")
    assert out.bestmoves() == ["bestmove (none)"] and not engine.calls
    run(server, "ucci", f"position fen {mated}", "go depth 3")
    assert out.bestmoves()[-1] == "nobestmove"


def test_single_legal_move_and_check() -> None:
    # Black king e9 in check from the rook on e8 protected by e7? No: only Kxe8 is illegal,
    # the king must step aside — exactly one legal move.
    fen = "4k4/4R4/4R4/9/9/9/9/9/9/3K5 b - - 0 1"
    board = Board(fen)
    assert board.is_check() and len(board.legal_moves) == 1
    server, out = serve(RandomPlayer(bad_move="a0a1"))
    run(server, f"position fen {fen}", "go movetime 50")
    assert out.bestmoves() == [f"bestmove {next(iter(board.legal_moves)).iccs}"]


def test_buggy_or_failing_engine_still_gives_a_legal_move() -> None:
    for engine in (RandomPlayer(bad_move="a0a9"), RandomPlayer(fail=True)):
        server, out = serve(engine)
        run(server, "position startpos moves h2e2", "go depth 2")
        assert out.errors(), out.lines
        (best,) = out.bestmoves()
        assert Move.from_iccs(best.split()[1]) in played(None, ["h2e2"]).legal_moves


def test_random_positions_with_repetitions_never_get_an_illegal_bestmove() -> None:
    rng = random.Random(7)
    engine = RandomPlayer(seed=11)
    server, out = serve(engine)
    for _ in range(25):
        board, moves = Board(), []
        for _ in range(rng.randrange(0, 40)):
            legal = list(board.legal_moves)
            if not legal:
                break
            move = rng.choice(legal)
            board.push(move)
            moves.append(move.iccs)
        # repetition pressure: shuffle a rook or horse back and forth twice when possible
        for _ in range(2):
            for cand in sorted(m.iccs for m in board.legal_moves)[:1]:
                b2 = board.copy()
                b2.push(Move.from_iccs(cand))
                back = next((r for r in b2.legal_moves if r.iccs[2:] + r.iccs[:2]
                             == cand[2:] + cand[:2]), None)
                if back is not None:
                    board.push(Move.from_iccs(cand))
                    moves.append(cand)
        run(server, "position startpos" + (" moves " + " ".join(moves) if moves else ""),
            "go depth 2")
        answer = out.bestmoves()[-1]
        if board.legal_moves:
            assert Move.from_iccs(answer.split()[1]) in board.legal_moves
        else:
            assert answer == "bestmove (none)"


def test_ucci_dialect() -> None:
    engine = RandomPlayer(seed=4)
    server, out = serve(engine)
    run(server, "ucci")
    assert out.lines[-1] == "ucciok"
    assert "option usemillisec type check default false" in out.lines
    run(server, "setoption hashsize 32", "setoption level 2", "position startpos moves h2e2",
        "go time 2 increment 1 opptime 3 oppincrement 1")
    assert engine.options == {"Hash": "32", "Level": "2"}
    # Black to move: 'time' is Black's clock, in seconds by default.
    assert engine.calls[-1][2] == Limits(btime_ms=2000, binc_ms=1000, wtime_ms=3000,
                                         winc_ms=1000)
    assert re.match(r"^info depth \d+ seldepth \d+ score -?\d+ nodes", out.lines[-2])
    run(server, "setoption usemillisec true", "go time 300 opptime 200")
    assert engine.calls[-1][2].btime_ms == 300
    server.handle("go depth infinite")
    time.sleep(0.05)
    server.handle("stop")
    assert len(out.bestmoves()) == 3
    assert server.handle("quit") is False
    assert out.lines[-1] == "bye"


def test_ucci_banmoves_are_never_played() -> None:
    engine = RandomPlayer(prefer="h2e2")
    server, out = serve(engine)
    run(server, "ucci", "position startpos", "go depth 2")
    assert out.bestmoves()[-1] == "bestmove h2e2"
    run(server, "banmoves h2e2 b2e2", "go depth 2")
    best = out.bestmoves()[-1].split()[1]
    assert best not in ("h2e2", "b2e2") and Move.from_iccs(best) in Board().legal_moves
    # the engine was asked to search only the other 42 moves (Limits.searchmoves)
    searched = engine.calls[-1][2].searchmoves
    assert len(searched) == 42 and not {"h2e2", "b2e2"} & set(searched)
    # all but one move banned: that one is played without asking the engine
    legal = sorted(m.iccs for m in Board().legal_moves)
    calls = len(engine.calls)
    run(server, "position startpos", "banmoves " + " ".join(legal[1:]), "go depth 2")
    assert out.bestmoves()[-1] == f"bestmove {legal[0]}" and len(engine.calls) == calls
    # UCI 'go searchmoves' restricts the root the same way; a move outside them is refused
    run(server, "position startpos", "go depth 2 searchmoves b2e2 h0g2")
    assert out.bestmoves()[-1] in ("bestmove b2e2", "bestmove h0g2")
    assert set(engine.calls[-1][2].searchmoves) == {"b2e2", "h0g2"}
    run(server, "position startpos", "go depth 1 searchmoves a0a5")  # a0a5 is illegal
    assert out.bestmoves()[-1] == "nobestmove"  # no allowed move (as Stockfish does)
    # a new position clears the bans
    run(server, "position startpos", "go depth 1")
    assert out.bestmoves()[-1] == "bestmove h2e2"


def test_quit_while_searching() -> None:
    server, out = serve()
    run(server, "position startpos")
    server.handle("go infinite")
    start = time.monotonic()
    assert server.handle("quit") is False
    assert time.monotonic() - start < 0.5
    assert len(out.bestmoves()) == 1


def _engine_process(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "cotuong.cli", "engine", *args],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)


def test_cotuong_engine_command_over_pipes_fronting_an_external_engine() -> None:
    mock = Path(__file__).resolve().parents[1] / "uci" / "mock_engine.py"
    proc = _engine_process("--engine", f"cmd:{sys.executable} {mock}")
    out, _ = proc.communicate(
        "uci\nisready\nposition startpos moves h2e2\ngo movetime 20\nquit\n", timeout=30)
    lines = out.splitlines()
    assert "uciok" in lines and "readyok" in lines
    best = [ln for ln in lines if ln.startswith("bestmove")]
    assert len(best) == 1
    assert Move.from_iccs(best[0].split()[1]) in played(None, ["h2e2"]).legal_moves
    assert proc.returncode == 0


def test_cotuong_engine_command_with_builtin_engine() -> None:
    pytest.importorskip("numba", reason="the built-in engine needs the [engine] extra")
    proc = _engine_process()
    out, _ = proc.communicate(
        "uci\nsetoption name Level value 1\nisready\nposition startpos\ngo depth 2\n"
        "position startpos moves h2e2\ngo infinite\nisready\nstop\nquit\n", timeout=120)
    lines = out.splitlines()
    best = [ln for ln in lines if ln.startswith("bestmove")]
    assert len(best) == 2, lines
    assert Move.from_iccs(best[0].split()[1]) in Board().legal_moves
    assert Move.from_iccs(best[1].split()[1]) in played(None, ["h2e2"]).legal_moves


def test_parse_go_mate_and_errors() -> None:
    assert parse_go(["mate", "3"], Board().turn).depth == 5
    assert parse_go(["depth", "infinite"], Board().turn, ucci=True).infinite


def test_builtin_engine_over_pipes_never_answers_an_illegal_move() -> None:
    """One legal move, in check, repetition pressure, no legal move: the real engine."""
    pytest.importorskip("numba", reason="the built-in engine needs the [engine] extra")
    shuffle = "h0g2 h9g7 g2h0 g7h9 h0g2 h9g7 g2h0 g7h9"
    cases = [
        ("fen 4k4/4R4/4R4/9/9/9/9/9/9/3K5 b - - 0 1", []),          # one legal move
        ("fen 4k4/9/9/9/3r5/9/9/9/4A4/3K5 w - - 0 1", []),          # Red in check
        ("startpos", shuffle.split()),                               # third time next
        ("fen 3k5/4R4/3R5/9/9/9/9/9/9/4K4 b - - 0 1", []),           # mated: none
    ]
    script = ["uci", "setoption name Level value 1", "isready"]
    for pos, moves in cases:
        script += [f"position {pos}" + (" moves " + " ".join(moves) if moves else ""),
                   "go movetime 50"]
    proc = _engine_process()
    out, _ = proc.communicate("\n".join([*script, "quit"]) + "\n", timeout=300)
    answers = [ln for ln in out.splitlines() if ln.startswith("bestmove")]
    assert len(answers) == len(cases), out
    for (pos, moves), answer in zip(cases, answers, strict=True):
        board = played(None if pos == "startpos" else pos[4:], moves)
        if board.legal_moves:
            assert Move.from_iccs(answer.split()[1]) in board.legal_moves, (pos, answer)
        else:
            assert answer == "bestmove (none)"
    assert "info string error" not in out


def test_engine_exceptions_in_commands_are_reported_not_fatal() -> None:
    class Touchy(RandomPlayer):  # type: ignore[misc, valid-type]
        def set_option(self, name: str, value: str) -> None:
            raise KeyError(name)

        def new_game(self) -> None:
            raise RuntimeError("tables on fire")

    server, out = serve(Touchy())
    assert server.handle("setoption name Level value 2") is True
    assert server.handle("ucinewgame") is True
    assert len(out.errors()) == 2 and "tables on fire" in out.errors()[1]
    run(server, "position startpos", "go depth 1")
    assert len(out.bestmoves()) == 1
