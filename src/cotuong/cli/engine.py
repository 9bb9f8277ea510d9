"""The ``engine`` subcommand: ``cotuong engine`` speaks UCI/UCCI on stdin/stdout.

>>> import argparse
>>> parser = argparse.ArgumentParser()
>>> register(parser.add_subparsers(dest="command"))
>>> parser.parse_args(["engine", "--engine", "level:3"]).engine
'level:3'
>>> parser.parse_args(["engine", "--hce"]).nnue
'hce'
"""

from __future__ import annotations

import argparse
import sys

from cotuong import __version__
from cotuong.uci import open_engine, serve


def _cmd_engine(args: argparse.Namespace) -> int:
    engine = open_engine(args.engine)
    if args.nnue is not None:
        engine.set_option("EvalFile", args.nnue)

    def write(line: str) -> None:
        sys.stdout.write(line + "\n")
        sys.stdout.flush()

    name = args.name or (f"cotuong {__version__}" if args.engine.startswith("level:")
                         else f"cotuong {__version__} (checking {engine.name})")
    serve(engine, sys.stdin, write, name=name)
    return 0


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("engine", help="UCI/UCCI engine over stdin/stdout (for GUIs)")
    p.add_argument("--engine", default="level:8",
                   help="level:N (built-in, default level:8) or cmd:/ucci:/cmd1:COMMAND "
                        "(serve an external engine through our checks)")
    p.add_argument("--name", default=None, help="the 'id name' to announce")
    evaluation = p.add_mutually_exclusive_group()
    evaluation.add_argument("--nnue", default=None, metavar="PATH",
                            help="evaluate with the learnt network of PATH (.npz) instead of "
                                 "the one shipped with the package, the default "
                                 "(the option EvalFile)")
    evaluation.add_argument("--hce", dest="nnue", action="store_const", const="hce",
                            help="evaluate with the hand-written evaluation instead of the "
                                 "shipped network (EvalFile hce)")
    p.set_defaults(func=_cmd_engine)
