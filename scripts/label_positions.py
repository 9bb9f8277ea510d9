"""Training positions for the learnt evaluation (issue 25): self-play games of a UCI engine
at a fixed node budget, each quiet position labelled with the engine's search score and the
game's result.

    python scripts/label_positions.py --engine ../engines/some-uci-engine --nodes 6000 \\
        --out /work/data/nnue/positions.txt --minutes 60

Games start from ``benchmarks/data/openings_ab.fen`` (the A/B openings; the held-out set
``openings_heldout.fen`` is never used, it is reserved for milestone matches), game ``i``
from opening ``i mod N`` after 0–``--random-plies`` random legal plies drawn from a
generator seeded by ``i`` (so a run is reproducible given the engine). The engine plays
both sides with ``go nodes N``; :class:`cotuong.Game` referees under the ``asian`` rules.
A game ends at mate or another referee ending, at ``--max-plies`` (a draw), when the
referee refuses the engine's move (a perpetual check or chase; scored like an
adjudication), or by adjudication: ``|score| >= --adjudicate`` cp for ``--adj-plies``
plies in a row gives the game to the side ahead.

Output: one line per kept position, appended game by game (a game is written whole once
it ends, so an interrupted run loses at most the game in progress; rerun with the same
``--out`` to continue after the last game written; parallel runs write their own files
from their own ``--first`` index, since the same index replays the same game)::

    <FEN> ; <score> ; <result> ; <game> ; <ply>

``score`` is the engine's score of the last exact (not bound) ``info ... score`` line for
the side to move, in centipawns; a mate score is written as ``±(20000 - plies)``.
``result`` is the game's result for Red: ``1``, ``0.5`` or ``0``. ``game`` is the game's
index (the seed), ``ply`` the ply number within the game. Positions in check and those
whose best move is a capture (not quiet) are left out, and so are the random plies.

The engine is a labeller only: its scores are data, nothing of it goes into the
repository. Needs nothing beyond the package.
"""

from __future__ import annotations

import argparse
import random
import shlex
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from cotuong import Color, Game, Move  # noqa: E402
from cotuong.arena.openings import load_openings  # noqa: E402
from cotuong.core.errors import CotuongError  # noqa: E402

OPENINGS = ROOT / "benchmarks" / "data" / "openings_ab.fen"
MATE = 20000


class Engine:
    """A UCI engine process driven line by line."""

    def __init__(self, cmd: str, hash_mb: int) -> None:
        self.proc = subprocess.Popen(shlex.split(cmd), stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("uci")
        self.wait("uciok")
        self.send(f"setoption name Hash value {hash_mb}")
        self.send("setoption name Threads value 1")
        self.send("isready")
        self.wait("readyok")
        self.version = ""

    def send(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def wait(self, token: str) -> list[str]:
        assert self.proc.stdout is not None
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("the engine exited")
            lines.append(line.strip())
            if line.startswith(token):
                return lines

    def new_game(self) -> None:
        self.send("ucinewgame")
        self.send("isready")
        self.wait("readyok")

    def search(self, fen: str, nodes: int) -> tuple[str, int | None]:
        """The best move and the score (side to move, cp; mates as ±(MATE - plies))."""
        self.send(f"position fen {fen}")
        self.send(f"go nodes {nodes}")
        lines = self.wait("bestmove")
        best = lines[-1].split()[1]
        score = None
        fallback = None
        for line in lines:
            if " score " not in line:
                continue
            words = line.split()
            i = words.index("score")
            kind, value = words[i + 1], int(words[i + 2])
            cp = value if kind == "cp" else (MATE - abs(value)) * (1 if value > 0 else -1)
            fallback = cp
            if words[i + 3] not in ("upperbound", "lowerbound"):
                score = cp
        return best, score if score is not None else fallback

    def close(self) -> None:
        try:
            self.send("quit")
            self.proc.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            self.proc.kill()


def start_game(fen: str, rng: random.Random, random_plies: int) -> Game | None:
    game = Game(fen, "asian")
    for _ in range(rng.randint(0, random_plies)):
        moves = list(game.board.legal_moves)
        if not moves or game.outcome is not None:
            return None
        try:
            game.play(rng.choice(moves))
        except CotuongError:
            return None
    return game if game.outcome is None else None


def play_game(engine: Engine, index: int, openings: list[str], args: argparse.Namespace,
              ) -> tuple[list[tuple[str, int, int]], float]:
    """The kept (fen, score, ply) of game ``index`` and its result for Red."""
    rng = random.Random(index)
    game = start_game(openings[index % len(openings)], rng, args.random_plies)
    if game is None:
        return [], 0.5
    engine.new_game()
    kept: list[tuple[str, int, int]] = []
    streak = 0  # plies in a row with |score| >= adjudicate, signed for Red
    last_red = 0
    for ply in range(args.max_plies):
        board = game.board
        fen = game.fen()
        best, score = engine.search(fen, args.nodes)
        if best in ("(none)", "0000") or score is None:
            break
        red = score if board.turn is Color.RED else -score
        last_red = red
        try:
            mv = Move.from_iccs(best)
            quiet = not board.is_check() and not board.is_capture(mv)
            if quiet:
                kept.append((fen, score, ply))
            game.play(mv)
        except CotuongError:
            break  # refused (perpetual check/chase) or an engine move we think illegal
        if game.outcome is not None:
            winner = game.outcome.winner
            return kept, 0.5 if winner is None else (1.0 if winner is Color.RED else 0.0)
        sign = 0 if abs(red) < args.adjudicate else (1 if red > 0 else -1)
        streak = streak + sign if sign and streak * sign >= 0 else sign
        if abs(streak) >= args.adj_plies:
            return kept, 1.0 if red > 0 else 0.0
    if abs(last_red) >= args.adjudicate:
        return kept, 1.0 if last_red > 0 else 0.0
    return kept, 0.5


def next_index(out: Path) -> int:
    if not out.exists():
        return 0
    last = -1
    with out.open() as f:
        for line in f:
            parts = line.split(";")
            if len(parts) >= 4:
                last = max(last, int(parts[3]))
    return last + 1


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--engine", required=True, help="the UCI engine's command (ranks 0-9)")
    ap.add_argument("--out", type=Path, default=Path("/work/data/nnue/positions.txt"))
    ap.add_argument("--nodes", type=int, default=6000)
    ap.add_argument("--games", type=int, default=10**9, help="stop after this many games")
    ap.add_argument("--minutes", type=float, default=10**9, help="stop after this long")
    ap.add_argument("--random-plies", type=int, default=4)
    ap.add_argument("--max-plies", type=int, default=250)
    ap.add_argument("--adjudicate", type=int, default=1000, help="cp")
    ap.add_argument("--adj-plies", type=int, default=6)
    ap.add_argument("--hash", type=int, default=16, help="engine hash, MB")
    ap.add_argument("--openings", type=Path, default=OPENINGS)
    ap.add_argument("--first", type=int, default=None,
                    help="the first game's index (default: after the last one in --out); "
                         "give each parallel run its own range")
    args = ap.parse_args()

    if "heldout" in args.openings.name:
        ap.error("the held-out openings are reserved for milestone matches")
    openings = [opening.fen for opening in load_openings(args.openings)]
    args.out.parent.mkdir(parents=True, exist_ok=True)
    first = max(next_index(args.out), args.first or 0)
    engine = Engine(args.engine, args.hash)
    t0 = time.monotonic()
    positions = games = 0
    results = {1.0: 0, 0.5: 0, 0.0: 0}
    try:
        with args.out.open("a") as f:
            index = first
            while games < args.games and time.monotonic() - t0 < args.minutes * 60:
                kept, result = play_game(engine, index, openings, args)
                for fen, score, ply in kept:
                    f.write(f"{fen} ; {score} ; {result:g} ; {index} ; {ply}\n")
                f.flush()
                games += 1
                positions += len(kept)
                results[result] += 1
                index += 1
                dt = time.monotonic() - t0
                if games % 10 == 0:
                    print(f"game {index - 1}: {games} games, {positions} positions, "
                          f"{positions / dt:.1f} pos/s, red/draw/black "
                          f"{results[1.0]}/{results[0.5]}/{results[0.0]}, {dt / 60:.1f} min",
                          flush=True)
    except KeyboardInterrupt:
        pass
    finally:
        engine.close()
    print(f"done: {games} games from {first}, {positions} positions -> {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
