"""The ``cotuong`` command.

Each layer contributes its subcommands through a ``register(subparsers)`` function
in its own ``cli`` module, listed in ``_LAYER_COMMANDS``; this file only wires them.
"""

from __future__ import annotations

import argparse
import importlib
import sys
import time
from collections.abc import Sequence

from cotuong.core import Board, CotuongError, divide, perft
from cotuong.extras import missing_extra

# Modules that add subcommands; each has ``register(subparsers) -> None``.
_LAYER_COMMANDS: tuple[str, ...] = (
    "cotuong.display",
    "cotuong.records.cli",
    "cotuong.referee.cli",
    "cotuong.tournament.cli",
    "cotuong.uci.cli",
    "cotuong.arena.cli",
    "cotuong.server.cli",
)


def positive_int(text: str) -> int:
    """argparse type for counts and limits that must be at least 1 (shared by the layers)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


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


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="cotuong", description="Cờ Tướng (xiangqi): rules, referee, engine, tournaments"
    )
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("perft", help="count legal move paths (move generator test)")
    p.add_argument("--depth", type=positive_int, required=True)
    p.add_argument("--fen", default=None)
    p.add_argument("--divide", action="store_true", help="print the count per first move")
    p.add_argument("--progress", action="store_true", help="report progress on stderr")
    p.set_defaults(func=_cmd_perft)
    for name in _LAYER_COMMANDS:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:  # a layer whose extra is not installed
            if missing_extra(exc, name) is None:
                raise
            for command in _COMMANDS_OF_OPTIONAL_LAYER.get(name, ()):
                _unavailable(sub, command, exc)
            continue
        module.register(sub)
    return parser


# The commands of a layer that cannot even be imported without its extra: they stay on
# the command line and say which extra to install.
_COMMANDS_OF_OPTIONAL_LAYER: dict[str, tuple[str, ...]] = {"cotuong.server.cli": ("serve",)}


def _unavailable(sub: argparse._SubParsersAction,  # type: ignore[type-arg]
                 command: str, exc: ModuleNotFoundError) -> None:
    error = missing_extra(exc, f"'cotuong {command}'")
    assert error is not None
    # No option prefix: whatever follows is taken as is, then refused with the reason.
    p = sub.add_parser(command, help=f"(needs the [{error.extra}] extra)", prefix_chars="\0",
                       add_help=False)
    p.add_argument("args", nargs="*")

    def fail(_args: argparse.Namespace) -> int:
        raise error

    p.set_defaults(func=fail)


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        result: int = args.func(args)
        return result
    except CotuongError as exc:
        print(f"cotuong: error [{exc.code}]: {exc}", file=sys.stderr)
        return 2
    except ModuleNotFoundError as exc:  # an optional dependency: name the extra, no traceback
        error = missing_extra(exc, f"'cotuong {args.command}'")
        if error is None:
            raise
        print(f"cotuong: error [{error.code}]: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("cotuong: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
