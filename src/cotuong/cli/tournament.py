"""``cotuong tournament …``: the arbiter's command line.

Each command opens the store (a tournament directory holding
``tournament.sqlite3``, or an explicit ``.sqlite3`` path), does one thing in one
transaction and prints the result.  Results that begin with ``-`` (``-/+``,
``-/-``) follow ``--`` so they are not read as options.

>>> import argparse
>>> parser = argparse.ArgumentParser(prog="cotuong")
>>> register(parser.add_subparsers(dest="command"))
>>> parser.parse_args(["tournament", "pairings", "club", "3"]).round
3
"""

from __future__ import annotations

import argparse
from pathlib import Path

from cotuong.tournament.errors import ConfigurationError, TournamentStoreError
from cotuong.tournament.events import CorrectResult, RecordResult
from cotuong.tournament.export import (
    round_record,
    round_to_csv,
    round_to_json,
    standings_to_csv,
    standings_to_json,
)
from cotuong.tournament.page import render_html
from cotuong.tournament.results import Scoring
from cotuong.tournament.standings import StandingRow
from cotuong.tournament.store import SqliteStore
from cotuong.tournament.tiebreaks import CRITERIA, DEFAULT_TIEBREAKS
from cotuong.tournament.tournament import Tournament


def _store(args: argparse.Namespace) -> SqliteStore:
    return SqliteStore.open(args.store)


def _fmt(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _title(t: Tournament) -> str:
    """The tournament's name for headings (a nameless one still gets a heading)."""
    return t.name.strip() or "Giải đấu / Tournament"


def _last_played_round(t: Tournament) -> int:
    """The last round with a recorded result (0 before any): "after round N" must not
    name a round that has not been played."""
    return max((g.round for g in t.games()), default=0)


def _print_standings(t: Tournament, rows: tuple[StandingRow, ...]) -> None:
    heads = ["Hạng", "Số", "Đấu thủ / Player", "Điểm", "Ván", "Thắng", "Thắng Đen",
             *(CRITERIA[k].label_vi for k in t.tiebreak_keys)]
    table = [heads]
    for r in rows:
        name = r.player + (" (bỏ cuộc)" if r.withdrawn else "")
        table.append([r.rank_text, str(r.number), name, _fmt(r.points), str(r.games),
                      str(r.wins), str(r.wins_black), *(_fmt(v) for _, v in r.tiebreaks)])
    widths = [max(len(row[i]) for row in table) for i in range(len(heads))]
    for row in table:
        print("  ".join(c.ljust(w) if i == 2 else c.rjust(w)
                        for i, (c, w) in enumerate(zip(row, widths, strict=True))).rstrip())
    if any(r.lots == "pending" for r in rows):
        print("= vẫn bằng nhau sau mọi chỉ số: bốc thăm (still tied: drawing of lots; "
              "record it with `cotuong tournament lots`)")


def _cmd_create(args: argparse.Namespace) -> int:
    names = list(args.player or [])
    if args.players_file:
        try:
            # utf-8-sig: a byte-order mark would otherwise stick to the first name.
            text = Path(args.players_file).read_text(encoding="utf-8-sig")
        except (OSError, UnicodeDecodeError) as exc:
            raise TournamentStoreError(f"cannot read {args.players_file}: {exc}") from exc
        names += [line.strip() for line in text.splitlines() if line.strip()]
    keys = [k.strip() for k in args.tiebreaks.split(",") if k.strip()] if args.tiebreaks \
        else list(DEFAULT_TIEBREAKS)
    t = Tournament(names, Scoring.parse(args.scoring), args.double, keys, args.name)
    store = SqliteStore.create(args.store, t)
    print(f"created {store.where}: {len(t.players)} players")
    store.close()
    return 0


def _cmd_add(args: argparse.Namespace) -> int:
    store = _store(args)
    store.update(lambda t: [t.add_player(n) for n in args.names])
    _cmd_players(args)
    return 0


def _cmd_players(args: argparse.Namespace) -> int:
    t = _store(args).load()
    for p in t.players:
        flag = f"  (bỏ cuộc / withdrew: {p.withdrawn})" if p.withdrawn else ""
        print(f"{p.number:3d}  {p.name}{flag}")
    return 0


def _cmd_draw(args: argparse.Namespace) -> int:
    store = _store(args)
    if args.order and args.seed is not None:
        raise ConfigurationError("give either --seed or --order, not both")
    store.update(lambda t: t.draw_numbers(seed=args.seed, order=args.order))
    return _cmd_players(args)


def _cmd_pairings(args: argparse.Namespace) -> int:
    t = _store(args).load()
    entries = round_record(t, args.round)  # a bad round is refused before any output
    print(f"{_title(t)} — vòng {args.round} / round {args.round}")
    print("Bàn  Đỏ (Red)  –  Đen (Black)  Kết quả")
    for e in entries:
        if e.rests:
            print(f"{e.board:3d}  {e.rests} nghỉ / rests")
        else:
            print(f"{e.board:3d}  {e.red_number}. {e.red}  –  {e.black_number}. {e.black}  "
                  f"{e.result or '…'}")
    return 0


def _cmd_result(args: argparse.Namespace) -> int:
    pgn = None
    if args.pgn:
        try:
            pgn = Path(args.pgn).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise TournamentStoreError(f"cannot read the game file {args.pgn}: {exc}") from exc
    store = _store(args)
    if args.correct:
        event = store.update(lambda t: t.correct(args.round, args.red, args.black, args.result,
                                                 pgn, args.reason or ""))
    else:
        event = store.update(lambda t: t.record(args.round, args.red, args.black, args.result,
                                                pgn))
    assert isinstance(event, (RecordResult, CorrectResult))
    print(f"vòng {event.round} / round {event.round}: {event.red} – {event.black} "
          f"{event.result}" + (" (đã sửa / corrected)" if args.correct else ""))
    return 0


def _cmd_withdraw(args: argparse.Namespace) -> int:
    _store(args).update(lambda t: t.withdraw(args.player, args.policy, args.from_round))
    print(f"{args.player} withdrawn ({args.policy})")
    return 0


def _cmd_lots(args: argparse.Namespace) -> int:
    _store(args).update(lambda t: t.draw_lots(args.players))
    print("drawing of lots recorded: " + " > ".join(args.players))
    return 0


def _cmd_standings(args: argparse.Namespace) -> int:
    t = _store(args).load()
    rows = t.standings(args.after)  # a bad round is refused before any output
    last = args.after if args.after is not None else _last_played_round(t)
    when = (f"sau vòng {last} / standings after round {last}" if last
            else "chưa có kết quả / standings before any result")
    print(f"{_title(t)} — bảng xếp hạng {when}")
    _print_standings(t, rows)
    return 0


def _cmd_export(args: argparse.Namespace) -> int:
    t = _store(args).load()
    out = Path(args.out)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise TournamentStoreError(f"cannot create {out}: {exc}") from exc
    formats = {f.strip() for f in args.formats.split(",")}
    if not formats <= {"csv", "json", "html"}:
        raise ConfigurationError(f"formats are csv, json, html; got {args.formats!r}")
    # Default: up to the last round with a result (at least round 1's pairing sheet);
    # "standings after round 5" must not be published before round 5 is played.
    last = args.after if args.after is not None else max(1, _last_played_round(t))
    t.standings(last)  # validates the round before anything is written
    files: dict[str, str] = {}
    # The law asks for the record of each round and the standings after each round.
    for r in range(1, last + 1):
        entries = round_record(t, r)
        rows = t.standings(r)
        if "csv" in formats:
            files[f"round-{r:02d}.csv"] = round_to_csv(entries)
            files[f"standings-after-round-{r:02d}.csv"] = standings_to_csv(rows, t.tiebreak_keys)
        if "json" in formats:
            files[f"round-{r:02d}.json"] = round_to_json(entries, t.name)
            files[f"standings-after-round-{r:02d}.json"] = standings_to_json(
                rows, t.tiebreak_keys, t.name, r)
        if "html" in formats:
            files[f"tournament-after-round-{r:02d}.html"] = render_html(t, r)
    for name, text in files.items():
        try:
            (out / name).write_text(text, encoding="utf-8")
        except OSError as exc:
            raise TournamentStoreError(f"cannot write {out / name}: {exc}") from exc
        print(out / name)
    return 0


def _cmd_check(args: argparse.Namespace) -> int:
    store = _store(args)
    store.check()
    print(f"{store.where}: ok ({len(store.history())} events)")
    return 0


def _cmd_log(args: argparse.Namespace) -> int:
    for seq, kind, payload, at in _store(args).history():
        detail = ", ".join(f"{k}={v!r}" for k, v in payload.items() if k != "pgn")
        print(f"{seq:5d}  {at}  {kind}: {detail}")
    return 0


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add ``tournament`` and its sub-commands to the ``cotuong`` parser."""
    top = sub.add_parser("tournament", help="round-robin tournaments: schedule, results, "
                         "standings, exports")
    cmds = top.add_subparsers(dest="tournament_command", required=True)

    def cmd(name: str, help_text: str, func: object) -> argparse.ArgumentParser:
        p: argparse.ArgumentParser = cmds.add_parser(name, help=help_text)
        p.add_argument("store", help="tournament directory or .sqlite3 file")
        p.set_defaults(func=func)
        return p

    p = cmd("create", "create a tournament (players in draw order)", _cmd_create)
    p.add_argument("--name", default="", help="tournament name")
    p.add_argument("--player", "-p", action="append", help="a player (repeat, in draw order)")
    p.add_argument("--players-file", help="UTF-8 file with one player name per line")
    p.add_argument("--scoring", default="2,1,0", help="win,draw,loss points (default 2,1,0)")
    p.add_argument("--double", action="store_true", help="double round robin")
    p.add_argument("--tiebreaks", default=None,
                   help=f"comma-separated, from {', '.join(CRITERIA)} "
                        f"(default {','.join(DEFAULT_TIEBREAKS)})")
    p = cmd("add-player", "add players before round 1", _cmd_add)
    p.add_argument("names", nargs="+")
    cmd("players", "list players with draw numbers", _cmd_players)
    p = cmd("draw", "draw numbers: random (optionally seeded) or a given order", _cmd_draw)
    p.add_argument("--seed", type=int, default=None)
    p.add_argument("--order", nargs="+", default=None, help="players (names or current "
                   "numbers) in the drawn order")
    p = cmd("pairings", "pairing sheet of a round", _cmd_pairings)
    p.add_argument("round", type=int)
    p = cmd("result", "enter (or --correct) a result", _cmd_result)
    p.add_argument("round", type=int)
    p.add_argument("red", help="Red player: name or draw number")
    p.add_argument("black", help="Black player: name or draw number")
    p.add_argument("result", help="1-0, 0-1, 1/2-1/2, +/-, -/+, -/- (put -- before -/+)")
    p.add_argument("--pgn", help="file with the game's PGN")
    p.add_argument("--correct", action="store_true", help="replace an earlier result")
    p.add_argument("--reason", help="why a result is corrected")
    p = cmd("withdraw", "withdraw a player", _cmd_withdraw)
    p.add_argument("player")
    p.add_argument("--policy", choices=("forfeit", "annul"), default="forfeit",
                   help="forfeit the remaining games (default) or annul all their games")
    p.add_argument("--from-round", type=int, default=1,
                   help="forfeit unplayed games from this round on (default 1)")
    p = cmd("lots", "record a drawing of lots among tied players, best first", _cmd_lots)
    p.add_argument("players", nargs="+")
    p = cmd("standings", "standings after a round (default: all)", _cmd_standings)
    p.add_argument("--after", type=int, default=None, help="after this round")
    p = cmd("export", "write round records and standings (CSV, JSON, HTML)", _cmd_export)
    p.add_argument("out", help="output directory")
    p.add_argument("--after", type=int, default=None,
                   help="up to this round (default: the last round with a result)")
    p.add_argument("--formats", default="csv,json,html")
    cmd("check", "verify the store (integrity check and replay)", _cmd_check)
    cmd("log", "the arbiter's event log", _cmd_log)

