"""``cotuong perft`` and ``cotuong show``: the rules core on the command line."""

from __future__ import annotations

import argparse
import sys
import time

from cotuong.cli.args import positive_int
from cotuong.core import Board, divide, perft
from cotuong.display import describe_position


def _cmd_perft(args: argparse.Namespace) -> int:
    board = Board(args.fen)
    start = time.perf_counter()
    if args.divide:
        counts = divide(board, args.depth, lambda mv, n: print(f"{mv}: {n}", flush=True))
        total = sum(counts.values())
    else:
        total = 0
        moves = list(board.legal_moves)
        # Progress per first move, so a long count shows it is alive.
        for i, move in enumerate(moves, 1):
            board.push_unchecked(move)
            total += perft(board, args.depth - 1)
            board.pop()
            if args.progress:
                print(f"  [{i}/{len(moves)}] {move.iccs} total so far {total:,}",
                      file=sys.stderr, flush=True)
    elapsed = time.perf_counter() - start
    nps = total / elapsed if elapsed > 0 else float("inf")
    print(f"perft({args.depth}) = {total}")
    print(f"time {elapsed:.3f} s, {nps:,.0f} nodes/s")
    return 0


def _cmd_show(args: argparse.Namespace) -> int:
    board = Board(args.fen)
    color = sys.stdout.isatty() and not args.no_color
    print(describe_position(board, args.lang, color=color, letters=args.letters,
                            notation=args.notation))
    return 0


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("perft", help="count legal move paths (move generator test)")
    p.add_argument("--depth", type=positive_int, required=True)
    p.add_argument("--fen", default=None)
    p.add_argument("--divide", action="store_true", help="print the count per first move")
    p.add_argument("--progress", action="store_true", help="report progress on stderr")
    p.set_defaults(func=_cmd_perft)

    p = sub.add_parser("show", help="draw a position with its legal moves (Vietnamese notation)")
    p.add_argument("fen", nargs="?", default=None, help="FEN (default: the start position)")
    p.add_argument("--lang", choices=("vi", "en"), default="vi")
    p.add_argument("--notation", choices=("vi", "wxf", "zh", "iccs"), default=None,
                   help="notation of the listed moves (default: vi, or wxf with --lang en)")
    p.add_argument("--letters", action="store_true", help="FEN letters instead of 帥/將…")
    p.add_argument("--no-color", action="store_true")
    p.set_defaults(func=_cmd_show)
