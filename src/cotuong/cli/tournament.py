"""``cotuong tournament …``: the arbiter's command line, in Vietnamese (``--lang en``:
English; ``COTUONG_LANG=en`` sets the default, which help and argument errors use).

Each command opens the store (a tournament directory holding
``tournament.sqlite3``, or an explicit ``.sqlite3`` path), does one thing in one
transaction and prints the result. Forfeits need no ``--``: ``-/+`` and ``-/-``
are read as results, and the words ``thắng-bỏ``, ``bỏ-thắng``, ``bỏ-bỏ`` work too.

>>> import argparse
>>> parser = argparse.ArgumentParser(prog="cotuong")
>>> register(parser.add_subparsers(dest="command"))
>>> parser.parse_args(["tournament", "result", "club", "3", "An", "Bình", "-/+"]).result
'bỏ-thắng'
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

from cotuong.cli.tournament_args import (
    HelpAction,
    TournamentParser,
    default_lang,
    lang_formatter,
)
from cotuong.cli.tournament_systems import add_create_options, create_system, register_systems
from cotuong.messages import Listing
from cotuong.tournament.entry import (
    describe_event,
    interactive_round,
    parse_round_text,
    policy_words,
)
from cotuong.tournament.errors import (
    ConfigurationError,
    TournamentError,
    TournamentStoreError,
    fail,
)
from cotuong.tournament.events import CorrectResult, RecordResult
from cotuong.tournament.players import PlayerInfo, parse_players_text
from cotuong.tournament.publish import export_files
from cotuong.tournament.results import Scoring
from cotuong.tournament.store import SqliteStore
from cotuong.tournament.systems import Directed
from cotuong.tournament.text import (
    pairings_text,
    say,
    standings_heading,
    standings_text,
)
from cotuong.tournament.tiebreaks import DEFAULT_TIEBREAKS, UNPLAYED_MODES
from cotuong.tournament.tournament import Tournament

Command = Callable[[argparse.Namespace], int]


def _store(args: argparse.Namespace) -> SqliteStore:
    return SqliteStore.open(args.store)


def _out(args: argparse.Namespace, code: str, **params: object) -> None:
    print(say(args.lang, code, **params))


def _warn(args: argparse.Namespace, code: str, **params: object) -> None:
    print(say(args.lang, "TC_WARNING", text=say(args.lang, code, **params)), file=sys.stderr)


def _read(path: str) -> str:
    try:
        # utf-8-sig: a byte-order mark would otherwise stick to the first name.
        return Path(path).read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise fail(TournamentStoreError, "TC_CANNOT_READ", file=path, why=str(exc)) from exc


def _warn_incomplete(args: argparse.Namespace, t: Tournament, last: int) -> None:
    """A warning per round up to ``last`` that is only partly entered."""
    for r, done, total in t.incomplete_rounds(last):
        _warn(args, "TC_HALF_ENTERED", round=r, done=done, total=total)


def _check_after(t: Tournament, after: int | None) -> int:
    """The round standings or exports cover: given, or the current one; never a round
    with no result entered (its only points would be a withdrawal's forfeits)."""
    if after is None:
        return t.current_round
    if after != 0:
        t.standings(after)  # refuses a round that does not exist
    if after > t.current_round:
        raise fail(ConfigurationError, "TC_NOT_ENTERED", round=after, last=t.current_round)
    return after


# ----- commands ------------------------------------------------------------------
def _cmd_create(args: argparse.Namespace) -> int:
    people: list[str | PlayerInfo] = list(args.player or [])
    if args.players_file:
        people += parse_players_text(_read(args.players_file))
    if args.system != "round_robin":
        return create_system(args, people)
    keys = [k.strip() for k in args.tiebreaks.split(",") if k.strip()] if args.tiebreaks \
        else list(DEFAULT_TIEBREAKS)
    t = Tournament(people, Scoring.parse(args.scoring), args.double, keys, args.name,
                   args.unplayed or "counted")
    details = {k: v for k, v in (("venue", args.venue), ("dates", args.dates),
                                 ("chief_arbiter", args.arbiter),
                                 ("time_control", args.time_control)) if v}
    if details:
        t.set_details(**details)
    store = SqliteStore.create(args.store, t)
    _out(args, "TC_CREATED", file=store.where, count=len(t.players), rounds=t.rounds)
    store.close()
    return 0


def _cmd_add(args: argparse.Namespace) -> int:
    if len(args.names) > 1 and (args.club or args.rating is not None or args.title):
        raise fail(ConfigurationError, "TC_DETAILS_ONE_NAME")
    infos = [PlayerInfo(n) for n in args.names] if len(args.names) > 1 else \
        [PlayerInfo(args.names[0], args.club or "", args.rating, args.title or "")]
    _store(args).update(lambda t: [t.add_player(i) for i in infos])
    return _cmd_players(args)


def _cmd_players(args: argparse.Namespace) -> int:
    t = _store(args).load()
    for p in t.players:
        extra = [x for x in (p.title, p.club, str(p.rating) if p.rating is not None else "")
                 if x]
        line = f"{p.number:3d}  {p.name}" + (f"  ({', '.join(extra)})" if extra else "")
        if p.withdrawn:
            line += "  " + say(args.lang, "TC_WITHDRAWN_FLAG", policy=policy_words(p.withdrawn))
        print(line)
    return 0


def _cmd_draw(args: argparse.Namespace) -> int:
    if args.order and args.seed is not None:
        raise fail(ConfigurationError, "TC_SEED_OR_ORDER")
    _store(args).update(lambda t: t.draw_numbers(seed=args.seed, order=args.order))
    return _cmd_players(args)


def _cmd_pairings(args: argparse.Namespace) -> int:
    print("\n".join(pairings_text(_store(args).load(), args.round, args.lang)))
    return 0


def _cmd_result(args: argparse.Namespace) -> int:
    pgn = _read(args.pgn) if args.pgn else None
    store = _store(args)
    if args.correct:
        event = store.update(lambda t: t.correct(args.round, args.red, args.black, args.result,
                                                 pgn, args.reason or ""))
    else:
        event = store.update(lambda t: t.record(args.round, args.red, args.black, args.result,
                                                pgn))
    assert isinstance(event, (RecordResult, CorrectResult))
    print(describe_event(event).text(args.lang))
    return 0


def _cmd_round(args: argparse.Namespace) -> int:
    store = _store(args)
    if args.file and args.results:
        raise fail(ConfigurationError, "TC_RESULTS_OR_FILE")
    text = _read(args.file) if args.file else " ".join(args.results or [])
    if args.interactive or not text.strip():
        return interactive_round(store, args.round, args.lang, sys.stdin, sys.stdout)
    results = parse_round_text(text)
    events = store.update(lambda t: t.record_round(args.round, results))
    t = store.load()
    for line in pairings_text(t, args.round, args.lang):
        print(line)
    done, total = t.progress(args.round)
    _out(args, "TC_ROUND_SAVED", saved=len(events), round=args.round, done=done, total=total)
    return 0


def _open_games(t: Tournament, number: int, before: int) -> list[str]:
    """``round N (vs X)`` for each game of a player before ``before`` with no result."""
    out = []
    for rnd in t.schedule[:before - 1]:
        for p in rnd:
            if not p.bye and p.has(number) and t.result_of(p.round, p.board) is None:
                other = p.black if p.red == number else p.red
                out.append(f"{p.round} ({t.players[other - 1].name})")
    return out


def _cmd_withdraw(args: argparse.Namespace) -> int:
    store = _store(args)

    def change(t: Tournament) -> object:
        p = t.player(args.player)
        start = args.from_round
        if start is None and args.policy == "forfeit":
            start = t.next_round
            open_games = _open_games(t, p.number, start)
            if open_games:  # never forfeit them silently: the arbiter says what they are
                raise fail(ConfigurationError, "TC_WITHDRAW_OPEN", name=p.name,
                           games=Listing(tuple(open_games)), first=open_games[0].split()[0],
                           next=start)
        return t.withdraw(p.number, args.policy, start)
    store.update(change)
    p = store.load().player(args.player)
    if p.withdrawn == "annul":
        _out(args, "TC_WITHDRAWN_ANNUL", name=p.name, number=p.number)
    else:
        _out(args, "TC_WITHDRAWN_FORFEIT", name=p.name, number=p.number,
             round=p.withdrawn_from)
    return 0


def _cmd_reinstate(args: argparse.Namespace) -> int:
    store = _store(args)
    event = store.update(lambda t: t.reinstate(args.player, args.from_round))
    p = store.load().player(args.player)
    _out(args, "TC_REINSTATED", name=p.name, number=p.number,
         round=getattr(event, "from_round", ""))
    return 0


def _cmd_rename(args: argparse.Namespace) -> int:
    store = _store(args)
    old = store.load().player(args.player).name
    store.update(lambda t: t.rename(args.player, args.new_name))
    _out(args, "TC_RENAMED", old=old, new=store.load().player(args.new_name).name)
    return 0


def _cmd_edit(args: argparse.Namespace) -> int:
    rating: int | str | None = "" if args.rating is None else \
        (None if args.rating == "-" else args.rating)
    store = _store(args)
    event = store.update(lambda t: t.edit_player(args.player, args.name, args.club, rating,
                                                 args.title))
    print(describe_event(event).text(args.lang))
    return 0


def _cmd_details(args: argparse.Namespace) -> int:
    store = _store(args)
    changes = {k: v for k, v in (("name", args.name), ("venue", args.venue),
                                 ("dates", args.dates), ("chief_arbiter", args.arbiter),
                                 ("time_control", args.time_control)) if v is not None}
    if changes:
        store.update_any(lambda t: t.set_details(**changes))
    t = store.load_any()
    d = t.details
    title = t.title.strip() or say(args.lang, "TX_NAMELESS")
    for code, value in (("TC_D_NAME", title), ("TC_D_VENUE", d.venue),
                        ("TC_D_DATES", d.dates), ("TC_D_ARBITER", d.chief_arbiter),
                        ("TC_D_TIME", d.time_control)):
        _out(args, code, value=value or "—")
    return 0


def _cmd_undo(args: argparse.Namespace) -> int:
    store = _store(args)

    def change(t: Directed) -> object:  # any system: each keeps its own undo stack
        last = t.last_in_force()
        t.undo()
        return last
    undone = store.update_any(change)
    _out(args, "TC_UNDONE", what=describe_event(undone))  # type: ignore[arg-type]
    return 0


def _cmd_lots(args: argparse.Namespace) -> int:
    store = _store(args)
    store.update(lambda t: t.draw_lots(args.players))
    t = store.load()
    _out(args, "TC_LOTS_RECORDED", order=" > ".join(t.player(p).name for p in args.players))
    return 0


def _cmd_standings(args: argparse.Namespace) -> int:
    t = _store(args).load()
    last = _check_after(t, args.after)
    rows = t.standings(last)
    print(standings_heading(t, last, args.lang))
    print("\n".join(standings_text(t, rows, args.lang)))
    if any(r.lots == "tied" for r in rows):
        _out(args, "TC_NOTE_TIED")
    if any(r.lots == "pending" for r in rows):
        _out(args, "TC_NOTE_LOTS")
    _warn_incomplete(args, t, last)
    if last == t.rounds and t.finished:
        for order in t.unused_lots():
            _warn(args, "TC_LOTS_UNUSED", order=" > ".join(order))
    return 0


def _cmd_export(args: argparse.Namespace) -> int:
    t = _store(args).load()
    formats = {f.strip() for f in args.formats.split(",")}
    if not formats <= {"csv", "json", "html"}:
        raise fail(ConfigurationError, "TC_FORMATS", given=args.formats)
    last = _check_after(t, args.after)
    if last == 0:
        raise fail(ConfigurationError, "TC_NOTHING_TO_EXPORT")
    out = Path(args.out)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise fail(TournamentStoreError, "TC_CANNOT_WRITE", file=out, why=str(exc)) from exc
    _warn_incomplete(args, t, last)
    for name, text in export_files(t, last, formats, args.crosstable).items():
        try:
            (out / name).write_text(text, encoding="utf-8")
        except OSError as exc:
            raise fail(TournamentStoreError, "TC_CANNOT_WRITE", file=out / name,
                       why=str(exc)) from exc
        print(out / name)
    return 0


def _cmd_check(args: argparse.Namespace) -> int:
    store = _store(args)
    store.check()
    _out(args, "TC_CHECK_OK", file=store.where, events=len(store.history()))
    return 0


def _cmd_log(args: argparse.Namespace) -> int:
    for seq, kind, payload, at in _store(args).history():
        detail = ", ".join(f"{k}={v!r}" for k, v in payload.items() if k not in ("pgn", "v"))
        print(f"{seq:5d}  {at}  {kind}: {detail}")
    return 0


def _guarded(func: Command) -> Command:
    """Tournament errors printed in the reader's language, exit status 2."""
    def run(args: argparse.Namespace) -> int:
        try:
            return func(args)
        except TournamentError as exc:
            print(f"cotuong: {say(args.lang, 'TC_ERROR')} [{exc.code}]: {exc.text(args.lang)}",
                  file=sys.stderr)
            return 2
    return run


# ----- the parser ----------------------------------------------------------------
def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add ``tournament`` and its sub-commands to the ``cotuong`` parser."""
    lang = default_lang()
    top = sub.add_parser("tournament", help=say(lang, "TH_TOP"),
                         description=say(lang, "TH_TOP"),
                         formatter_class=lang_formatter(lang))
    cmds = top.add_subparsers(dest="tournament_command", required=True,
                              parser_class=TournamentParser)

    def cmd(name: str, code: str, func: Command) -> argparse.ArgumentParser:
        p: argparse.ArgumentParser = cmds.add_parser(name, help=say(lang, code),
                                                     description=code, add_help=False)
        p.add_argument("-h", "--help", action=HelpAction, nargs=0, help="TH_HELP")
        p.add_argument("store", metavar="TM_STORE", help="TH_STORE")
        p.add_argument("--lang", choices=("vi", "en"), default=lang, help="TH_LANG")
        p.set_defaults(func=_guarded(func))
        return p

    p = cmd("create", "TH_CREATE", _cmd_create)
    p.add_argument("--name", default="", metavar="TM_TEXT", help="TH_NAME")
    p.add_argument("--player", "-p", action="append", metavar="TM_PLAYER", help="TH_PLAYER")
    p.add_argument("--players-file", metavar="TM_FILE", help="TH_PLAYERS_FILE")
    p.add_argument("--scoring", default="2,1,0", metavar="TM_POINTS", help="TH_SCORING")
    p.add_argument("--double", action="store_true", help="TH_DOUBLE")
    p.add_argument("--tiebreaks", default=None, metavar="TM_LIST", help="TH_TIEBREAKS")
    p.add_argument("--unplayed", choices=UNPLAYED_MODES, default=None, help="TH_UNPLAYED")
    p.add_argument("--venue", metavar="TM_TEXT", help="TH_VENUE")
    p.add_argument("--dates", metavar="TM_TEXT", help="TH_DATES")
    p.add_argument("--arbiter", metavar="TM_TEXT", help="TH_ARBITER")
    p.add_argument("--time-control", metavar="TM_TEXT", help="TH_TIME_CONTROL")
    add_create_options(p)
    p = cmd("add-player", "TH_ADD", _cmd_add)
    p.add_argument("names", nargs="+", metavar="TM_NAME")
    p.add_argument("--club", metavar="TM_TEXT", help="TH_CLUB")
    p.add_argument("--rating", type=int, metavar="TM_NUMBER", help="TH_RATING")
    p.add_argument("--title", metavar="TM_TEXT", help="TH_TITLE")
    cmd("players", "TH_PLAYERS", _cmd_players)
    p = cmd("draw", "TH_DRAW", _cmd_draw)
    p.add_argument("--seed", type=int, default=None, metavar="TM_NUMBER", help="TH_SEED")
    p.add_argument("--order", nargs="+", default=None, metavar="TM_PLAYER", help="TH_ORDER")
    p = cmd("pairings", "TH_PAIRINGS", _cmd_pairings)
    p.add_argument("round", type=int, metavar="TM_ROUND")
    p = cmd("result", "TH_RESULT", _cmd_result)
    p.add_argument("round", type=int, metavar="TM_ROUND")
    p.add_argument("red", metavar="TM_RED", help="TH_RED")
    p.add_argument("black", metavar="TM_BLACK", help="TH_BLACK")
    p.add_argument("result", metavar="TM_RESULT", help="TH_RESULT_VALUE")
    p.add_argument("--pgn", metavar="TM_FILE", help="TH_PGN")
    p.add_argument("--correct", action="store_true", help="TH_CORRECT")
    p.add_argument("--reason", metavar="TM_TEXT", help="TH_REASON")
    p = cmd("round", "TH_ROUND", _cmd_round)
    p.add_argument("round", type=int, metavar="TM_ROUND")
    p.add_argument("results", nargs="*", metavar="TM_RESULT", help="TH_ROUND_RESULTS")
    p.add_argument("--file", metavar="TM_FILE", help="TH_ROUND_FILE")
    p.add_argument("--interactive", "-i", action="store_true", help="TH_INTERACTIVE")
    p = cmd("withdraw", "TH_WITHDRAW", _cmd_withdraw)
    p.add_argument("player", metavar="TM_PLAYER")
    p.add_argument("--policy", choices=("forfeit", "annul"), default="forfeit",
                   help="TH_POLICY")
    p.add_argument("--from-round", type=int, default=None, metavar="TM_ROUND",
                   help="TH_FROM_ROUND")
    p = cmd("reinstate", "TH_REINSTATE", _cmd_reinstate)
    p.add_argument("player", metavar="TM_PLAYER")
    p.add_argument("--from-round", type=int, default=None, metavar="TM_ROUND",
                   help="TH_REINSTATE_FROM")
    p = cmd("rename", "TH_RENAME", _cmd_rename)
    p.add_argument("player", metavar="TM_PLAYER")
    p.add_argument("new_name", metavar="TM_NAME")
    p = cmd("edit-player", "TH_EDIT", _cmd_edit)
    p.add_argument("player", metavar="TM_PLAYER")
    p.add_argument("--name", metavar="TM_TEXT", help="TH_NEW_NAME")
    p.add_argument("--club", metavar="TM_TEXT", help="TH_CLUB")
    p.add_argument("--rating", metavar="TM_NUMBER", help="TH_RATING_EDIT")
    p.add_argument("--title", metavar="TM_TEXT", help="TH_TITLE")
    p = cmd("details", "TH_DETAILS", _cmd_details)
    p.add_argument("--name", default=None, metavar="TM_TEXT", help="TH_NAME")
    p.add_argument("--venue", metavar="TM_TEXT", help="TH_VENUE")
    p.add_argument("--dates", metavar="TM_TEXT", help="TH_DATES")
    p.add_argument("--arbiter", metavar="TM_TEXT", help="TH_ARBITER")
    p.add_argument("--time-control", metavar="TM_TEXT", help="TH_TIME_CONTROL")
    cmd("undo", "TH_UNDO", _cmd_undo)
    p = cmd("lots", "TH_LOTS", _cmd_lots)
    p.add_argument("players", nargs="+", metavar="TM_PLAYER")
    p = cmd("standings", "TH_STANDINGS", _cmd_standings)
    p.add_argument("--after", type=int, default=None, metavar="TM_ROUND", help="TH_AFTER")
    p = cmd("export", "TH_EXPORT", _cmd_export)
    p.add_argument("out", metavar="TM_DIR", help="TH_OUT")
    p.add_argument("--after", type=int, default=None, metavar="TM_ROUND", help="TH_EXPORT_AFTER")
    p.add_argument("--formats", default="csv,json,html", metavar="TM_LIST", help="TH_FORMATS")
    p.add_argument("--crosstable", choices=("draw", "rank"), default="draw",
                   help="TH_CROSSTABLE")
    cmd("check", "TH_CHECK", _cmd_check)
    cmd("log", "TH_LOG", _cmd_log)
    register_systems(cmd)
    for parser in cmds.choices.values():
        assert isinstance(parser, TournamentParser)
        parser.localise(lang)
