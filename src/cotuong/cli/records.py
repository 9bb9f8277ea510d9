"""``cotuong record`` and ``cotuong move``: check, convert and translate game records.

    cotuong record check games.pgn            # replay every game, list the problems
    cotuong record convert games.pgn --to vi  # rewrite the moves in Vietnamese
    cotuong move "炮二平五"                    # one move in every notation

Files may be PGN (any notation), seed text with ``[game]`` blocks or DhtmlXQ pages.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from cotuong.core.board import Board
from cotuong.core.errors import RecordError
from cotuong.notation.api import NOTATIONS, WRITTEN_NOTATIONS, make_move_text, parse_move
from cotuong.records import GameRecord, read_any, write_pgn


def _load(path: str, notation: str | None, strict: bool) -> list[GameRecord]:
    try:
        text = Path(path).read_text(encoding="utf-8-sig")  # a byte-order mark is no text
    except (OSError, UnicodeDecodeError) as exc:
        raise RecordError(f"cannot read {path}: {exc}", "UNREADABLE_FILE") from None
    return read_any(text, notation, strict=strict)


def _cmd_check(args: argparse.Namespace) -> int:
    games = _load(args.file, args.notation, args.strict)
    stopped = 0
    for i, game in enumerate(games, 1):
        title = game.headers.get("Event") or game.headers.get("Title") or ""
        print(f"game {i}: {len(game.moves)} moves, {game.notation or '-'}, {game.result}"
              f"{'  ' + title if title else ''}")
        for issue in game.issues:
            print(f"  {issue}")
        stopped += not game.complete
    print(f"{len(games)} games, {sum(len(g.moves) for g in games)} moves, "
          f"{sum(len(g.issues) for g in games)} issues, {stopped} games stopped early")
    return 1 if stopped else 0


def _cmd_convert(args: argparse.Namespace) -> int:
    games = _load(args.file, args.notation, args.strict)
    text = write_pgn(games, args.to, traditional=args.traditional)
    if args.output:
        try:
            Path(args.output).write_text(text, encoding="utf-8")
        except OSError as exc:
            raise RecordError(f"cannot write {args.output}: {exc.strerror or exc}",
                              "UNWRITABLE_FILE") from None
    else:
        sys.stdout.write(text)
    for game in games:
        for issue in game.issues:
            print(f"warning: {issue}", file=sys.stderr)
    return 0


def _cmd_move(args: argparse.Namespace) -> int:
    board = Board(args.fen)
    move = parse_move(board, args.text, args.notation)
    print("  ".join(make_move_text(board, move, n) for n in NOTATIONS))
    return 0


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    record = sub.add_parser("record", help="check or convert game records (PGN, seeds, DhtmlXQ)")
    actions = record.add_subparsers(dest="record_command", required=True)
    for name, func, text in (("check", _cmd_check, "replay every game and list problems"),
                             ("convert", _cmd_convert, "rewrite the moves in a notation")):
        p = actions.add_parser(name, help=text)
        p.add_argument("file")
        p.add_argument("--notation", choices=NOTATIONS, default=None,
                       help="how the moves are written (default: detect per game)")
        p.add_argument("--strict", action="store_true", help="stop at the first problem")
        p.set_defaults(func=func)
        if name == "convert":
            p.add_argument("--to", choices=WRITTEN_NOTATIONS, default="wxf",
                           help="notation to write (vi-words: Pháo 2 bình 5)")
            p.add_argument("--traditional", action="store_true",
                           help="traditional Chinese characters")
            p.add_argument("-o", "--output", default=None)
    p = sub.add_parser("move", help="show one move in ICCS, WXF, Vietnamese and Chinese")
    p.add_argument("text", help="the move, e.g. P2-5, C2.5, h2e2, 炮二平五")
    p.add_argument("--fen", default=None, help="position (default: the start)")
    p.add_argument("--notation", choices=NOTATIONS, default=None)
    p.set_defaults(func=_cmd_move)
