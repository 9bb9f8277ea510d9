"""The ``match`` and ``play`` subcommands.

>>> import argparse
>>> parser = argparse.ArgumentParser()
>>> register(parser.add_subparsers(dest="command"))
>>> parser.parse_args(["match", "level:2", "level:1", "--games", "4"]).games
4
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from cotuong.arena import (
    GameResult,
    MatchClock,
    PlaySettings,
    TerminalGame,
    game_pgn,
    load_openings,
    parse_clock,
    run_match,
)
from cotuong.arena.terminal import terminal_text
from cotuong.cli.args import positive_int
from cotuong.core.errors import CotuongError
from cotuong.core.types import Color
from cotuong.engine.interface import Limits
from cotuong.uci.spec import open_engine, parse_spec


def _match_clock(args: argparse.Namespace, external: bool) -> MatchClock:
    base = inc = None
    if args.tc:
        base, inc = parse_clock(args.tc)
    movetime = args.movetime
    if not any((movetime, base, args.depth, args.nodes)) and external:
        movetime = 200  # external engines have no "default": give each move 0.2 s
    return MatchClock(movetime_ms=movetime, base_ms=base, inc_ms=inc or 0,
                       depth=args.depth, nodes=args.nodes)


def _cmd_match(args: argparse.Namespace) -> int:
    specs = [parse_spec(args.first), parse_spec(args.second)]
    tc = _match_clock(args, any(s.kind != "level" for s in specs))
    openings = load_openings(args.openings)
    total = args.games if args.games is not None else 2 * len(openings)
    if total < 1:
        raise CotuongError("--games must be at least 1")
    tally = [0, 0, 0]
    pgn_path = Path(args.pgn) if args.pgn else None
    if pgn_path is not None:
        try:
            pgn_path.write_text("", encoding="utf-8")
        except OSError as exc:
            raise CotuongError(f"cannot write the PGN file {pgn_path}: "
                               f"{exc.strerror or exc}", "UNWRITABLE_FILE") from None
    print(f"Match {args.first} vs {args.second}: {total} games, {tc.describe()}, "
          f"rules {args.rules}, concurrency {args.concurrency}", flush=True)

    def on_game(g: GameResult) -> None:
        tally[{1.0: 0, 0.5: 1, 0.0: 2}[g.first_score]] += 1
        done = sum(tally)
        if not args.quiet:
            print(f"[{done}/{total}] game {g.number} ({g.opening.name or 'opening'}): "
                  f"{g.red} (Red) - {g.black} (Black) {g.outcome.result} "
                  f"{g.outcome.termination.name.lower()} — {g.outcome.text()} "
                  f"[{len(g.moves)} plies, {g.seconds:.1f} s]  "
                  f"score +{tally[0]} ={tally[1]} -{tally[2]}", flush=True)
        if pgn_path is not None:
            with pgn_path.open("a", encoding="utf-8") as f:
                f.write(game_pgn(g, event=f"{args.first} vs {args.second}",
                                 rules=args.rules) + "\n")

    start = time.monotonic()
    result = run_match(args.first, args.second, tc, openings=openings, games=total,
                       rules=args.rules, max_plies=args.max_plies,
                       concurrency=args.concurrency, on_game=on_game)
    print(result.summary())
    print(f"{len(result.games)} games in {time.monotonic() - start:.1f} s"
          + (f"; PGN saved to {pgn_path}" if pgn_path else ""))
    return 0


_QUIT = ("quit", "exit", "q", "thoat", "thoát")
_BAD_ANSWER = {"vi": "Không hiểu câu trả lời {answer!r}: hãy gõ {expected} (hoặc quit)",
               "en": "Cannot read the answer {answer!r}: type {expected} (or quit)"}


def _prompt(question: str) -> str:
    sys.stdout.write(question)
    sys.stdout.flush()
    return sys.stdin.readline().strip()


def _cmd_play(args: argparse.Namespace) -> int:
    lang = args.lang
    spec = args.engine
    if spec is None:
        level = args.level
        while level is None:
            answer = _prompt(terminal_text(lang, "level", default=1)) or "1"
            if answer.lower() in _QUIT:
                return 0
            level = int(answer) if answer.isdigit() and 1 <= int(answer) <= 8 else None
            if level is None:  # say why the question comes again
                print(_BAD_ANSWER[lang].format(answer=answer, expected="1-8"))
        spec = f"level:{level}"
    color = args.color
    while color is None:
        answer = (_prompt(terminal_text(lang, "color")) or "r").lower()
        if answer in _QUIT:
            return 0
        color = {"r": "red", "red": "red", "đỏ": "red", "do": "red",
                 "b": "black", "black": "black", "đen": "black", "den": "black"}.get(answer)
        if color is None:
            print(_BAD_ANSWER[lang].format(answer=answer, expected="r / b"))
    human = Color.RED if color == "red" else Color.BLACK
    if args.movetime:
        limits = Limits(movetime_ms=args.movetime)
    else:  # the built-in levels choose their own time; external engines get 1 s
        limits = Limits() if spec.startswith("level:") else Limits(movetime_ms=1000)
    pgn = None if args.no_save else (
        args.pgn or time.strftime("cotuong-%Y%m%d-%H%M%S.pgn"))
    if pgn is not None and not Path(pgn).resolve().parent.is_dir():
        # Said before the game, not after it (the game would be lost).
        raise CotuongError(f"cannot save the game to {pgn}: no directory "
                           f"{Path(pgn).resolve().parent}", "UNWRITABLE_FILE")
    settings = PlaySettings(human=human, lang=lang, rules=args.rules, limits=limits,
                            ansi=sys.stdout.isatty() and not args.no_color,
                            letters=args.letters, fen=args.fen, pgn_path=pgn, ai_name=spec)
    engine = open_engine(spec)
    try:
        TerminalGame(engine, settings, sys.stdin, sys.stdout).run()
    finally:
        engine.close()
    return 0


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("match", help="play engines against each other from opening positions")
    p.add_argument("first", help="engine 1: level:N or cmd:COMMAND (also cmd1:, ucci:)")
    p.add_argument("second", help="engine 2")
    p.add_argument("--games", type=positive_int, default=None,
                   help="number of games (default: every opening twice)")
    p.add_argument("--openings", default=None, help="file of FENs (default: built-in book)")
    p.add_argument("--movetime", type=positive_int, default=None, help="milliseconds per move")
    p.add_argument("--tc", default=None, help="clock BASE+INC in seconds, e.g. 60+0.5")
    p.add_argument("--depth", type=positive_int, default=None)
    p.add_argument("--nodes", type=positive_int, default=None)
    p.add_argument("--rules", choices=("xiangqiplay", "asian"), default="xiangqiplay")
    p.add_argument("--max-plies", type=positive_int, default=300,
                   help="adjudicate a draw after this many plies (default 300)")
    p.add_argument("--concurrency", type=positive_int, default=1, help="games in parallel")
    p.add_argument("--pgn", default=None, help="save the games to this PGN file")
    p.add_argument("--quiet", action="store_true", help="only the final result")
    p.set_defaults(func=_cmd_match)

    p = sub.add_parser("play", help="play against the AI in the terminal")
    p.add_argument("--level", type=int, choices=range(1, 9), default=None,
                   help="AI level 1 (Dễ/Easy) to 8 (Thần/God); asked if not given")
    p.add_argument("--color", choices=("red", "black"), default=None,
                   help="your side; asked if not given")
    p.add_argument("--engine", default=None, help="play an external engine (cmd:COMMAND)")
    p.add_argument("--lang", choices=("vi", "en"), default="vi")
    p.add_argument("--rules", choices=("xiangqiplay", "asian"), default="xiangqiplay")
    p.add_argument("--movetime", type=positive_int, default=None,
                   help="AI milliseconds per move (default: the level's own)")
    p.add_argument("--fen", default=None, help="start from this position")
    p.add_argument("--pgn", default=None, help="save the game here (default: a dated file)")
    p.add_argument("--no-save", action="store_true", help="do not save a PGN file")
    p.add_argument("--letters", action="store_true", help="FEN letters instead of 帥/將…")
    p.add_argument("--no-color", action="store_true")
    p.set_defaults(func=_cmd_play)
