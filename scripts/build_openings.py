"""Build the engine's match openings from master games: an A/B set and a held-out set.

    python scripts/build_openings.py                      # writes benchmarks/data/openings_*.fen
    python scripts/build_openings.py --depth 7 --margin 60 --held-out 0.25

Sources (both in ``tests/data/games``, see ``tests/data/README.md``): the Chinese Chess
Practical Dataset (CCPD, Yu-Han Tseng 2026, **CC BY 4.0**: World Cup 1,389 and Asian Cup
679 games) and the 15 xqdb master games (wxf.ca via wukong-xiangqi, **MIT**). Every game
from the standard start gives the positions after 6, 7, 8, 9 and 10 plies (a game's ply
count picks which one, from a hash of its moves, so long common lines do not flood the
set); a position must not be in check and not be reached before (FEN without the move
counters). Each candidate is searched by the built-in engine (Level 8, fixed ``--depth``)
and kept when its score lies within ``--margin`` cp of even — a short search, so
"balanced" means "no side wins material by force and the evaluation is near level".

The kept positions are split by a hash of their FEN: ``--held-out`` of them go to
``openings_heldout.fen`` (milestone matches only: no A/B may use them, so the engine is
never tuned on the positions that judge it), the rest to ``openings_ab.fen``. Lines are
``FEN ; source game, ply, score ; ICCS moves`` as ``cotuong match --openings`` reads them.
The balancing search uses the hand-written evaluation (``--eval-file hce``, the default
here), the one the shipped sets were selected with, so a rebuild gives them again; the
engine's own default is the learnt network (``--eval-file nnue.npz``).
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from cotuong import Board, Move  # noqa: E402
from cotuong.engine import BuiltinEngine  # noqa: E402
from cotuong.engine.interface import Limits  # noqa: E402
from cotuong.records import read_pgn  # noqa: E402

GAMES = ROOT / "tests" / "data" / "games"
CORPORA = (
    ("CCPD World Cup", GAMES / "ccpd" / "ccpd_worldcup_1389_iccs_DERIVED.pgn"),
    ("CCPD Asian Cup", GAMES / "ccpd" / "ccpd_endgames244_asiancup679_iccs_DERIVED.pgn"),
    ("xqdb", GAMES / "xqdb15" / "xqdb_sample15_iccs.pgn"),
)
START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
OUT = ROOT / "benchmarks" / "data"


def _digest(text: str) -> int:
    return int.from_bytes(hashlib.sha1(text.encode()).digest()[:4], "big")


def candidates(low: int, high: int) -> list[tuple[str, str, tuple[str, ...]]]:
    """``(fen, source, moves)`` after ``low``–``high`` plies, one per game, deduplicated."""
    seen: set[str] = set()
    found = []
    for corpus, path in CORPORA:
        for number, game in enumerate(read_pgn(path.read_text(encoding="utf-8")), 1):
            if game.start_fen != START or game.issues:
                continue
            moves = tuple(m.iccs for m in game.moves)
            plies = low + _digest(" ".join(moves)) % (high - low + 1)
            if len(moves) <= plies:
                continue
            board = Board(START)
            for iccs in moves[:plies]:
                board.push(Move.from_iccs(iccs))
            key = " ".join(board.fen().split()[:2])
            if key in seen or board.is_check() or board.is_game_over():
                continue
            seen.add(key)
            found.append((board.fen(), f"{corpus} game {number}, ply {plies}", moves[:plies]))
    return found


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--plies", default="6-10", help="position after LOW-HIGH plies")
    ap.add_argument("--depth", type=int, default=7, help="depth of the balancing search")
    ap.add_argument("--margin", type=int, default=60, help="keep |score| <= this (cp)")
    ap.add_argument("--held-out", type=float, default=0.25, help="share for held-out")
    ap.add_argument("--eval-file", default="hce", metavar="VALUE",
                    help="the engine's EvalFile (default hce: the evaluation the shipped "
                         "sets were selected with; nnue.npz: the network)")
    ap.add_argument("--out", default=str(OUT))
    args = ap.parse_args()
    low, high = (int(x) for x in args.plies.split("-"))
    started = time.monotonic()
    found = candidates(low, high)
    print(f"{len(found)} distinct positions after {low}-{high} plies "
          f"({time.monotonic() - started:.0f} s)", flush=True)
    engine = BuiltinEngine(level=8)
    engine.set_option("EvalFile", args.eval_file)
    ab: list[str] = []
    held: list[str] = []
    for i, (fen, source, moves) in enumerate(found, 1):
        engine.new_game()
        info = engine.search(fen, [], Limits(depth=args.depth)).info
        if info is None or info.score_cp is None or abs(info.score_cp) > args.margin:
            continue
        line = f"{fen} ; {source}, score {info.score_cp:+d} ; {' '.join(moves)}"
        share = _digest(" ".join(fen.split()[:2])) / 2 ** 32
        (held if share < args.held_out else ab).append(line)
        if i % 200 == 0:
            print(f"  {i}/{len(found)}: {len(ab)} A/B, {len(held)} held out "
                  f"({time.monotonic() - started:.0f} s)", flush=True)
    header = (f"# {{what}}: positions after {low}-{high} plies of CCPD (CC BY 4.0) and xqdb "
              f"(MIT) master games,\n# |score| <= {args.margin} cp at depth {args.depth} "
              f"(Level 8). Built by scripts/build_openings.py; see benchmarks/README.md.\n")
    out = Path(args.out)
    (out / "openings_ab.fen").write_text(
        header.format(what="A/B openings (SPRT of engine changes)") + "\n".join(ab) + "\n",
        encoding="utf-8")
    (out / "openings_heldout.fen").write_text(
        header.format(what="HELD-OUT openings (milestone matches only, never an A/B)")
        + "\n".join(held) + "\n", encoding="utf-8")
    print(f"{len(ab)} A/B and {len(held)} held-out positions of {len(found)} "
          f"({time.monotonic() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
