"""``cotuong tournament`` commands on the games and what they add up to:
``pairings``, ``result``, ``round``, ``standings``, ``export``."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from cotuong.cli.tournament.common import (
    check_after,
    open_store,
    out,
    read_text,
    warn,
    warn_incomplete,
)
from cotuong.tournament.entry import describe_event, interactive_round, parse_round_text
from cotuong.tournament.errors import ConfigurationError, TournamentStoreError, fail
from cotuong.tournament.events import CorrectResult, RecordResult
from cotuong.tournament.publish import export_files
from cotuong.tournament.text import pairings_text, standings_heading, standings_text


def cmd_pairings(args: argparse.Namespace) -> int:
    print("\n".join(pairings_text(open_store(args).load(), args.round, args.lang)))
    return 0


def cmd_result(args: argparse.Namespace) -> int:
    pgn = read_text(args.pgn) if args.pgn else None
    store = open_store(args)
    if args.correct:
        event = store.update(lambda t: t.correct(args.round, args.red, args.black, args.result,
                                                 pgn, args.reason or ""))
    else:
        event = store.update(lambda t: t.record(args.round, args.red, args.black, args.result,
                                                pgn))
    assert isinstance(event, (RecordResult, CorrectResult))
    print(describe_event(event).text(args.lang))
    return 0


def cmd_round(args: argparse.Namespace) -> int:
    store = open_store(args)
    if args.file and args.results:
        raise fail(ConfigurationError, "TC_RESULTS_OR_FILE")
    text = read_text(args.file) if args.file else " ".join(args.results or [])
    if args.interactive or not text.strip():
        return interactive_round(store, args.round, args.lang, sys.stdin, sys.stdout)
    results = parse_round_text(text)
    events = store.update(lambda t: t.record_round(args.round, results))
    t = store.load()
    for line in pairings_text(t, args.round, args.lang):
        print(line)
    done, total = t.progress(args.round)
    out(args, "TC_ROUND_SAVED", saved=len(events), round=args.round, done=done, total=total)
    return 0


def cmd_standings(args: argparse.Namespace) -> int:
    t = open_store(args).load()
    last = check_after(t, args.after)
    rows = t.standings(last)
    print(standings_heading(t, last, args.lang))
    print("\n".join(standings_text(t, rows, args.lang)))
    if any(r.lots == "tied" for r in rows):
        out(args, "TC_NOTE_TIED")
    if any(r.lots == "pending" for r in rows):
        out(args, "TC_NOTE_LOTS")
    warn_incomplete(args, t, last)
    if last == t.rounds and t.finished:
        for order in t.unused_lots():
            warn(args, "TC_LOTS_UNUSED", order=" > ".join(order))
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    t = open_store(args).load()
    formats = {f.strip() for f in args.formats.split(",")}
    if not formats <= {"csv", "json", "html"}:
        raise fail(ConfigurationError, "TC_FORMATS", given=args.formats)
    last = check_after(t, args.after)
    if last == 0:
        raise fail(ConfigurationError, "TC_NOTHING_TO_EXPORT")
    folder = Path(args.out)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise fail(TournamentStoreError, "TC_CANNOT_WRITE", file=folder, why=str(exc)) from exc
    warn_incomplete(args, t, last)
    for name, text in export_files(t, last, formats, args.crosstable).items():
        try:
            (folder / name).write_text(text, encoding="utf-8")
        except OSError as exc:
            raise fail(TournamentStoreError, "TC_CANNOT_WRITE", file=folder / name,
                       why=str(exc)) from exc
        print(folder / name)
    return 0
