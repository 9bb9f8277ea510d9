"""``cotuong tournament …`` for Swiss and knockout events: ``create --system``, ``pair``,
``bye``, ``trf``, ``bracket``, ``match``, ``match-lots``. The round robin's commands
(``result``, ``round``, ``withdraw``, ``standings``, ``export``, ``undo`` …) work on a
Swiss event as they are; a knockout has its own (``match``, ``match-lots``, ``bracket``).

>>> parse_ladder("replay:1, rapid:2,blitz:2")
(('replay', 1), ('rapid', 2), ('blitz', 2))
>>> parse_ladder("")
()
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

from cotuong.cli.tournament.common import (
    Register,
    details_given,
    out,
    tiebreaks_given,
)
from cotuong.tournament.errors import ConfigurationError, TournamentStoreError, fail
from cotuong.tournament.knockout import RUNGS, Knockout
from cotuong.tournament.knockout_page import bracket_html
from cotuong.tournament.players import PlayerInfo
from cotuong.tournament.results import Scoring
from cotuong.tournament.store import SqliteStore
from cotuong.tournament.swiss import SwissTournament
from cotuong.tournament.text import event_title, pairings_text, say
from cotuong.tournament.tiebreaks import SWISS_TIEBREAKS
from cotuong.tournament.trf import trf_text


def parse_ladder(text: str) -> tuple[tuple[str, int], ...]:
    """``replay:1,rapid:2`` -> ``(("replay", 1), ("rapid", 2))`` (a rung alone is 1 game)."""
    out = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        kind, _, count = part.partition(":")
        kind = kind.strip().lower()
        if kind not in RUNGS or (count and not count.strip().isdigit()):
            raise fail(ConfigurationError, "T_KO_LADDER", value=repr(part),
                       known=", ".join(RUNGS))
        out.append((kind, int(count) if count else 1))
    return tuple(out)


def create_system(args: argparse.Namespace, people: list[str | PlayerInfo]) -> int:
    """``create --system swiss|knockout``."""
    if args.system == "knockout":
        ladder = parse_ladder(args.ladder)
        options: dict[str, object] = dict(games=args.games, ladder=ladder,
                                          third_place=args.third_place, name=args.name,
                                          final_games=args.final_games)
        if args.from_stage:
            if people:
                raise fail(ConfigurationError, "TC_FROM_OR_PLAYERS")
            if args.top is None:
                raise fail(ConfigurationError, "TC_TOP_NEEDED")
            stage = SqliteStore.open(args.from_stage).load()
            ko = Knockout.from_standings(stage, args.top, **options)
        else:
            ko = Knockout(people, seeding=args.seeding, **options)  # type: ignore[arg-type]
        store = SqliteStore.create(args.store, ko)
        out(args, "TC_KO_CREATED", file=store.where, count=len(ko.players), rounds=ko.rounds)
        store.close()
        return 0
    if args.rounds is None:
        raise fail(ConfigurationError, "TC_ROUNDS_NEEDED")
    keys = tiebreaks_given(args, SWISS_TIEBREAKS)
    colour = args.first_colour
    if colour == "lots":  # the organiser's drawing of the first colour, done here
        colour = random.SystemRandom().choice(("red", "black"))
    scoring = Scoring.parse(args.scoring)
    t = SwissTournament(people, args.rounds, scoring, keys, args.name, args.unplayed or "fide",
                        args.bye_points, args.requested_bye_points, args.accelerated, colour)
    details = details_given(args)
    if details:
        t.set_details(**details)
    store = SqliteStore.create(args.store, t)
    out(args, "TC_SWISS_CREATED", file=store.where, count=len(t.players), rounds=t.rounds,
         colour=say(args.lang, "TC_COLOUR_RED" if colour == "red" else "TC_COLOUR_BLACK"))
    store.close()
    return 0


def _swiss(t: object) -> SwissTournament:
    if not isinstance(t, SwissTournament):
        raise fail(TournamentStoreError, "T_WRONG_SYSTEM", system="round_robin", wanted="swiss")
    return t


def _cmd_pair(args: argparse.Namespace) -> int:
    store = SqliteStore.open(args.store)
    if args.board:  # the arbiter's own pairing (every present player once: checked)
        store.update(lambda t: _swiss(t).pair_round([tuple(b) for b in args.board], args.bye))
    elif args.bye:
        raise fail(ConfigurationError, "TC_BYE_NEEDS_BOARDS")
    else:
        store.update(lambda t: _swiss(t).pair_next_round())
    t = _swiss(store.load())
    r = t.paired_rounds
    print("\n".join(pairings_text(t, r, args.lang)))
    for name, kind in t.byes(r):
        out(args, "TC_BYE_LINE", name=name,
             kind=say(args.lang, "TC_BYE_PAB" if kind == "pab" else "TC_BYE_REQUESTED_KIND"))
    doubts = t.bye_doubts(r)
    if doubts:
        name = next(n for n, k in t.byes(r) if k == "pab")
        print(say(args.lang, "TC_WARNING", text=say(
            args.lang, "TC_BYE_DOUBT", name=name, missed=t.missed(t.player(name).number, r),
            others=", ".join(doubts))), file=sys.stderr)
    return 0


def _cmd_bye(args: argparse.Namespace) -> int:
    store = SqliteStore.open(args.store)
    store.update(lambda t: _swiss(t).request_bye(args.player, args.round))
    t = _swiss(store.load())
    rnd = args.round or t.paired_rounds + 1
    out(args, "TC_BYE_SAVED", name=t.player(args.player).name, round=rnd)
    return 0


def _cmd_trf(args: argparse.Namespace) -> int:
    t = SqliteStore.open(args.store).load()
    text = trf_text(t, args.after)
    if args.out:
        try:
            Path(args.out).write_text(text, encoding="utf-8")
        except OSError as exc:
            raise fail(TournamentStoreError, "TC_CANNOT_WRITE", file=args.out,
                       why=str(exc)) from exc
        print(args.out)
    else:
        sys.stdout.write(text)
    return 0


def _match_line(ko: Knockout, lang: str, match_id: str) -> str:
    m = ko.match(match_id)
    a = ko.name_of(m.a) or "—"
    b = ko.name_of(m.b) or (say(lang, "TC_KO_BYE") if m.decided_by == "bye" else "—")
    scores = "; ".join(f"{say(lang, 'TC_STAGE_' + s.upper())} {x:g}–{y:g}"
                       for s, x, y in m.scores) if m.games else ""
    line = f"{m.id:5}  {a} – {b}" + (f"  [{scores}]" if scores else "")
    if m.winner is not None:
        line += "  → " + say(lang, "TC_KO_WINNER", name=ko.name_of(m.winner),
                             how=say(lang, "TC_STAGE_" + m.decided_by.upper()))
    elif m.waiting_for_lots:
        line += "  → " + say(lang, "TC_KO_LOTS_DUE")
    return line


def _cmd_bracket(args: argparse.Namespace) -> int:
    ko = SqliteStore.open(args.store).load_knockout()
    if args.html:
        try:
            Path(args.html).write_text(bracket_html(ko), encoding="utf-8")
        except OSError as exc:
            raise fail(TournamentStoreError, "TC_CANNOT_WRITE", file=args.html,
                       why=str(exc)) from exc
        print(args.html)
        return 0
    print(event_title(ko, args.lang))  # type: ignore[arg-type]
    for r in range(1, ko.rounds + 1):
        out(args, "TC_KO_ROUND", round=r, rounds=ko.rounds)
        for m in ko.matches(r):
            print(_match_line(ko, args.lang, m.id))
    games = ko.next_games()
    if games:
        out(args, "TC_KO_NEXT")
        for g in games:
            out(args, "TC_KO_NEXT_GAME", match=g.match, number=g.number, red=g.red,
                 black=g.black, stage=say(args.lang, "TC_STAGE_" + g.stage.upper()))
    if ko.champion:
        out(args, "TC_KO_CHAMPION", name=ko.champion)
        for place, name in ko.ranking():
            print(f"  {place:>6}  {name}")
    return 0


def _cmd_match(args: argparse.Namespace) -> int:
    store = SqliteStore.open(args.store)
    store.update_knockout(lambda ko: ko.record(args.match, args.result, args.red, args.black,
                                               args.stage))
    ko = store.load_knockout()
    print(_match_line(ko, args.lang, args.match))
    return 0


def _cmd_match_lots(args: argparse.Namespace) -> int:
    store = SqliteStore.open(args.store)

    def change(ko: Knockout) -> object:
        winner = args.winner
        if winner is None:  # drawn here: the seed is printed so the drawing can be checked
            m = ko.match(args.match)
            seed = random.SystemRandom().randrange(2**31) if args.seed is None else args.seed
            pick = random.Random(seed).choice([m.a, m.b])
            out(args, "TC_KO_LOTS_SEED", seed=seed)
            winner = ko.name_of(pick)
        return ko.draw_lots(args.match, winner)
    store.update_knockout(change)
    print(_match_line(store.load_knockout(), args.lang, args.match))
    return 0


def add_create_options(p: argparse.ArgumentParser) -> None:
    """``create``'s options for the Swiss and knockout systems."""
    p.add_argument("--system", choices=("round_robin", "swiss", "knockout"),
                   default="round_robin", help="TH_SYSTEM")
    p.add_argument("--rounds", type=int, default=None, metavar="TM_NUMBER", help="TH_ROUNDS")
    p.add_argument("--bye-points", type=float, default=None, metavar="TM_NUMBER",
                   help="TH_BYE_POINTS")
    p.add_argument("--requested-bye-points", type=float, default=None, metavar="TM_NUMBER",
                   help="TH_REQ_BYE_POINTS")
    p.add_argument("--accelerated", action="store_true", help="TH_ACCELERATED")
    p.add_argument("--first-colour", choices=("red", "black", "lots"), default="red",
                   help="TH_FIRST_COLOUR")
    p.add_argument("--games", type=int, default=1, metavar="TM_NUMBER", help="TH_KO_GAMES")
    p.add_argument("--final-games", type=int, default=None, metavar="TM_NUMBER",
                   help="TH_KO_FINAL_GAMES")
    p.add_argument("--ladder", default="replay:1", metavar="TM_LIST", help="TH_KO_LADDER")
    p.add_argument("--third-place", action="store_true", help="TH_KO_THIRD")
    p.add_argument("--seeding", choices=("rating", "order"), default="rating",
                   help="TH_KO_SEEDING")
    p.add_argument("--from", dest="from_stage", metavar="TM_STORE", help="TH_KO_FROM")
    p.add_argument("--top", type=int, default=None, metavar="TM_NUMBER", help="TH_KO_TOP")


def register_systems(cmd: Register) -> None:
    """Add the Swiss and knockout commands through the round robin's ``cmd`` helper."""
    p = cmd("pair", "TH_PAIR", _cmd_pair)
    p.add_argument("--board", nargs=2, action="append", metavar="TM_PLAYER",
                   help="TH_PAIR_BOARD")
    p.add_argument("--bye", default=None, metavar="TM_PLAYER", help="TH_PAIR_BYE")
    p = cmd("bye", "TH_BYE", _cmd_bye)
    p.add_argument("player", metavar="TM_PLAYER")
    p.add_argument("--round", type=int, default=None, metavar="TM_ROUND", help="TH_BYE_ROUND")
    p = cmd("trf", "TH_TRF", _cmd_trf)
    p.add_argument("--out", metavar="TM_FILE", help="TH_TRF_OUT")
    p.add_argument("--after", type=int, default=None, metavar="TM_ROUND", help="TH_AFTER")
    p = cmd("bracket", "TH_BRACKET", _cmd_bracket)
    p.add_argument("--html", metavar="TM_FILE", help="TH_BRACKET_HTML")
    p = cmd("match", "TH_MATCH", _cmd_match)
    p.add_argument("match", metavar="TM_MATCH", help="TH_MATCH_ID")
    p.add_argument("result", metavar="TM_RESULT", help="TH_RESULT_VALUE")
    p.add_argument("--red", default=None, metavar="TM_PLAYER", help="TH_RED")
    p.add_argument("--black", default=None, metavar="TM_PLAYER", help="TH_BLACK")
    p.add_argument("--stage", choices=("game", *RUNGS), default=None, help="TH_STAGE")
    p = cmd("match-lots", "TH_MATCH_LOTS", _cmd_match_lots)
    p.add_argument("match", metavar="TM_MATCH", help="TH_MATCH_ID")
    p.add_argument("winner", nargs="?", default=None, metavar="TM_PLAYER", help="TH_LOTS_WINNER")
    p.add_argument("--seed", type=int, default=None, metavar="TM_NUMBER", help="TH_SEED")
