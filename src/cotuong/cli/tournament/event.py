"""``cotuong tournament`` commands on the event as a whole: ``create``, ``details``,
``undo``, ``check``, ``log``."""

from __future__ import annotations

import argparse

from cotuong.cli.tournament.common import (
    details_given,
    open_store,
    out,
    read_text,
    tiebreaks_given,
)
from cotuong.cli.tournament.systems import create_system
from cotuong.tournament.entry import describe_event
from cotuong.tournament.players import PlayerInfo, parse_players_text
from cotuong.tournament.results import Scoring
from cotuong.tournament.store import SqliteStore
from cotuong.tournament.systems import Directed
from cotuong.tournament.text import say
from cotuong.tournament.tiebreaks import DEFAULT_TIEBREAKS
from cotuong.tournament.tournament import Tournament


def cmd_create(args: argparse.Namespace) -> int:
    people: list[str | PlayerInfo] = list(args.player or [])
    if args.players_file:
        people += parse_players_text(read_text(args.players_file))
    if args.system != "round_robin":
        return create_system(args, people)
    t = Tournament(people, Scoring.parse(args.scoring), args.double,
                   tiebreaks_given(args, DEFAULT_TIEBREAKS), args.name, args.unplayed or "counted")
    details = details_given(args)
    if details:
        t.set_details(**details)
    store = SqliteStore.create(args.store, t)
    out(args, "TC_CREATED", file=store.where, count=len(t.players), rounds=t.rounds)
    store.close()
    return 0


def cmd_details(args: argparse.Namespace) -> int:
    store = open_store(args)
    changes = details_given(args, keep_empty=True)
    if args.name is not None:
        changes = {"name": args.name, **changes}
    if changes:
        store.update_any(lambda t: t.set_details(**changes))
    t = store.load_any()
    d = t.details
    title = t.title.strip() or say(args.lang, "TX_NAMELESS")
    for code, value in (("TC_D_NAME", title), ("TC_D_VENUE", d.venue),
                        ("TC_D_DATES", d.dates), ("TC_D_ARBITER", d.chief_arbiter),
                        ("TC_D_TIME", d.time_control)):
        out(args, code, value=value or "—")
    return 0


def cmd_undo(args: argparse.Namespace) -> int:
    store = open_store(args)

    def change(t: Directed) -> object:  # any system: each keeps its own undo stack
        last = t.last_in_force()
        t.undo()
        return last
    undone = store.update_any(change)
    out(args, "TC_UNDONE", what=describe_event(undone))  # type: ignore[arg-type]
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    store = open_store(args)
    store.check()
    out(args, "TC_CHECK_OK", file=store.where, events=len(store.history()))
    return 0


def cmd_log(args: argparse.Namespace) -> int:
    for seq, kind, payload, at in open_store(args).history():
        detail = ", ".join(f"{k}={v!r}" for k, v in payload.items() if k not in ("pgn", "v"))
        print(f"{seq:5d}  {at}  {kind}: {detail}")
    return 0
