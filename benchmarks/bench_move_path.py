"""The server's per-move Python work outside the sockets, in process: real master games
replayed move by move through ``GameTable.move`` and the frames ``GameService.publish``
builds for them (the ``moved`` frame of sockets that apply deltas, and optionally the
full ``state`` too), measured in CPU time (``time.thread_time``) per move.

    python benchmarks/bench_move_path.py                 # 200 games, 5 runs, the median
    python benchmarks/bench_move_path.py --games 100 --runs 3 --profile

Steps (each run replays every game from the start, so each step's figure is the
difference between two runs that stop at different steps):

* ``move``: ``GameTable.move`` (ply and turn checks, the referee's ``Game.play``, the
  three notations' texts, the store write's row; the view of the position before the
  move, its FEN, legal moves and check, which the previous frame needed, is computed
  here if no frame was built);
* ``+ moved frame``: and the broker message of the ``moved`` frame (``state_message``
  with ``moved=True``), as a room whose sockets all apply deltas gets it;
* ``+ full state``: and the full ``state`` as well (a socket that does not apply deltas).

Data: Chinese Chess Practical Dataset (CCPD), Yu-Han Tseng 2026, CC BY 4.0 (the ICCS
twins in tests/data/games/ccpd/).
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.referee.ccpd import read_ccpd  # noqa: E402

from cotuong.server.errors import ServiceError  # noqa: E402
from cotuong.server.play.table import START_FEN, GameTable, RoomState  # noqa: E402
from cotuong.server.play.views import state_frame, state_message  # noqa: E402

CCPD = ROOT / "tests" / "data" / "games" / "ccpd"
STEPS = ("move", "moved", "full")


def load(limit: int) -> list[list[str]]:
    """The ICCS moves of the first ``limit`` CCPD games from the start position."""
    games = []
    for path in sorted(CCPD.glob("*_iccs_DERIVED.pgn")):
        for g in read_ccpd(path):
            if (g.fen is None or g.fen == START_FEN) and g.moves:
                games.append(list(g.moves))
    return games[:limit]


def room(code: str) -> RoomState:
    """A room as ``bench_server.py`` makes them: two guests, no clock, Vietnamese."""
    return RoomState.from_row(dict(
        code=code, rules="xiangqiplay", time_control=None, rated=False, opponent="human",
        ai_level=None, lang="vi", host_id="g:1", host_name="Khách 1", host_color="red",
        guest_id="g:2", guest_name="Khách 2", current_game_id=1, created_at=0))


def replay(games: list[list[str]], upto: str, sink: Callable[[str], None]) -> tuple[float, int]:
    """CPU seconds and moves of replaying ``games`` up to step ``upto``."""
    connected = {"host": True, "guest": True}
    seconds = 0.0
    moves = 0
    for i, game in enumerate(games):
        t = GameTable.new(i + 1, room(f"R{i:05d}"), "host", START_FEN, started=True)
        t.view()
        start = time.thread_time()
        for iccs in game:
            color = t.turn
            try:
                t.move(color, iccs, t.ply, 1_000 + t.ply)
            except ServiceError:  # a move the rules set refuses (a repetition): stop here
                break
            moves += 1
            if upto == "move":
                continue

            def build(lang: str | None, history: bool, t: GameTable = t) -> dict[str, Any]:
                return state_frame(t, 1_000, connected, 0, 120_000, lang, False, history)
            sink(state_message(t, build, True, upto == "full"))
            if t.over:
                break
        seconds += time.thread_time() - start
    return seconds, moves


def machine_speed(games: int = 200, runs: int = 3) -> float:
    """µs of CPU a move of the move and its ``moved`` frame (the median of ``runs`` over the
    first ``games`` games): a calibration of the machine for the server's own figures.
    The host's speed drifts from day to day; a plain Python loop does not show it, this
    path does (2026-12-03: 92 µs at midday, 145-169 µs in the evening, when the server's
    CPU a move was 0.51 and 0.98 ms)."""
    chosen = load(games)
    replay(chosen[:5], "moved", lambda _: None)  # warm-up
    return statistics.median(per_move_us(chosen, "moved", runs)[0])


def interpreter() -> str:
    """The interpreter running this, as the figures depend on how it was built: its
    version, its path, and whether the interpreter is in the executable itself (a
    static build such as Debian's ``/usr/bin/python3.11``, compiled with profile-guided
    and link-time optimisation) or in a ``libpython`` beside it (``--enable-shared``, as
    pyenv builds it by default: calls into it go through the dynamic linker's tables).
    The same code's move path measured 14-16 % cheaper on the first (2026-12-04)."""
    with open("/proc/self/maps", encoding="ascii", errors="replace") as maps:
        shared = any("libpython" in line for line in maps)
    built = "libpython shared" if shared else "interpreter in the executable"
    return f"Python {sys.version.split()[0]} ({sys.executable}, {built})"


def per_move_us(games: list[list[str]], step: str, runs: int) -> tuple[list[float], int]:
    """µs of CPU a move of each of ``runs`` replays of ``games`` up to ``step``, and the
    moves replayed (the frames a replay builds are kept until the next one)."""
    per_move: list[float] = []
    moves = 0
    out: list[str] = []
    for _ in range(runs):
        out.clear()
        seconds, moves = replay(games, step, out.append)
        per_move.append(seconds / max(1, moves) * 1e6)
    return per_move, moves


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--profile", action="store_true",
                    help="also print cProfile's top functions of one '+ moved frame' run")
    ap.add_argument("--sort", default="tottime", help="cProfile's order (e.g. cumulative)")
    args = ap.parse_args()
    games = load(args.games)
    out: list[str] = []
    sink = out.append
    replay(games[:10], "full", sink)  # warm-up
    print(f"{len(games)} games, {args.runs} runs, median µs of CPU a move; {interpreter()}",
          flush=True)
    results: dict[str, float] = {}
    for step in STEPS:
        per_move, moves = per_move_us(games, step, args.runs)
        results[step] = statistics.median(per_move)
        print(f"  {step:6s} {results[step]:7.1f} µs  ({moves} moves; runs "
              + ", ".join(f"{x:.1f}" for x in per_move) + ")", flush=True)
    print(f"  the moved frame {results['moved'] - results['move']:.1f}, the full state "
          f"{results['full'] - results['moved']:.1f} µs a move")
    if args.profile:
        profiler = cProfile.Profile()
        profiler.enable()
        replay(games, "moved", sink)
        profiler.disable()
        pstats.Stats(profiler).sort_stats(args.sort).print_stats(40)


if __name__ == "__main__":
    main()
