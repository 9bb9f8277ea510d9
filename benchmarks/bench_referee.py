"""Referee benchmark: the per-move cost of ``Game.play`` against plain ``Board.push``,
the cost of a repetition ruling, and the full CCPD replay through ``Game(rules="asian")``.

    python benchmarks/bench_referee.py            # everything (about a minute)
    python benchmarks/bench_referee.py --games 300

Data: Chinese Chess Practical Dataset (CCPD), Yu-Han Tseng 2026, CC BY 4.0 (the ICCS
twins in tests/data/games/ccpd/). Peak RSS is printed beside every timing.
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.referee.ccpd import read_ccpd  # noqa: E402

from cotuong import Board, Game, Move  # noqa: E402
from cotuong.referee import ASIAN, PlyNote, classify  # noqa: E402

CCPD = ROOT / "tests" / "data" / "games" / "ccpd"


def rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def load(limit: int | None) -> list[tuple[str | None, list[str]]]:
    games = []
    for path in sorted(CCPD.glob("*_iccs_DERIVED.pgn")):
        for g in read_ccpd(path):
            games.append((g.fen, list(g.moves)))
    return games[:limit] if limit else games


def bench_push(games: list[tuple[str | None, list[str]]]) -> tuple[float, int]:
    """Board.push (validating) of parsed moves, plus the legal-move check after each
    move that any game needs to see mate: the baseline."""
    parsed = [(fen, [Move.from_iccs(m) for m in moves]) for fen, moves in games]
    start = time.perf_counter()
    plies = 0
    for fen, moves in parsed:
        board = Board(fen)
        for move in moves:
            board.push(move)
            plies += 1
    return time.perf_counter() - start, plies


def bench_game(games: list[tuple[str | None, list[str]]], rules: str) -> tuple[float, int, int]:
    """Game.play of the ICCS texts (parsing included), until each game ends."""
    start = time.perf_counter()
    plies = rulings = 0
    for fen, moves in games:
        game = Game(fen, rules)
        for text in moves:
            game.play(text)
            plies += 1
            if game.outcome is not None:
                rulings += game.outcome.termination.value not in ("checkmate", "stalemate")
                break
    return time.perf_counter() - start, plies, rulings


def bench_ruling(repeat: int) -> float:
    """One repetition ruling: chase facts of an 8-ply loop (seed 002's chase), both sides."""
    fen = "4k4/9/2n5R/9/9/9/9/9/9/3K5 b - - 0 1"
    loop = ["c7b5", "i7i5", "b5c7", "i5i7"] * 2
    total = 0.0
    for _ in range(repeat):
        board = Board(fen)
        for m in loop:
            board.push(Move.from_iccs(m), note=PlyNote(False))
        start = time.perf_counter()
        classify(board, 0, ASIAN)
        total += time.perf_counter() - start
    return total / repeat


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=None, help="only the first N games")
    args = parser.parse_args()
    games = load(args.games)
    print(f"{len(games)} CCPD games, {sum(len(m) for _, m in games):,} plies in the files")

    t_push, n_push = bench_push(games)
    print(f"Board.push (validating)     : {t_push:6.2f} s  {t_push / n_push * 1e6:6.1f} µs/ply"
          f"   peak RSS {rss_mb():.0f} MB")
    for rules in ("xiangqiplay", "asian"):
        t_game, n_game, rulings = bench_game(games, rules)
        print(f"Game.play ({rules:<11})    : {t_game:6.2f} s  "
              f"{t_game / n_game * 1e6:6.1f} µs/ply  ({n_game:,} plies, {rulings} rulings)"
              f"   peak RSS {rss_mb():.0f} MB")
    per_ruling = bench_ruling(200)
    print(f"one ruling (8-ply loop)     : {per_ruling * 1e3:6.2f} ms   peak RSS {rss_mb():.0f} MB")


if __name__ == "__main__":
    main()
