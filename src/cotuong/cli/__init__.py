"""The ``cotuong`` command: every layer's subcommands, wired in one place.

This package sits on top of the house: it imports the layers below it and no layer
imports it. Each module here adds its subcommands with ``register(subparsers)``.
A command whose optional dependencies are missing says which extra installs them.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from cotuong.cli import arena, core, engine, records, referee, server, tournament, worker
from cotuong.cli.args import positive_int
from cotuong.core import CotuongError
from cotuong.extras import missing_extra

__all__ = ["build_parser", "main", "positive_int"]

_COMMAND_MODULES = (core, records, referee, tournament, engine, arena, server, worker)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="cotuong", description="Cờ Tướng (xiangqi): rules, referee, engine, tournaments"
    )
    sub = parser.add_subparsers(dest="command", required=True)
    for module in _COMMAND_MODULES:
        module.register(sub)
    return parser


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
