"""``cotuong tournament`` commands on the players: ``add-player``, ``players``,
``draw`` (the numbers), ``lots``, ``withdraw``, ``reinstate``, ``rename``,
``edit-player``."""

from __future__ import annotations

import argparse

from cotuong.cli.tournament.common import open_store, out
from cotuong.messages import Listing
from cotuong.tournament.entry import describe_event, policy_words
from cotuong.tournament.errors import ConfigurationError, fail
from cotuong.tournament.players import PlayerInfo
from cotuong.tournament.text import say
from cotuong.tournament.tournament import Tournament


def cmd_add(args: argparse.Namespace) -> int:
    if len(args.names) > 1 and (args.club or args.rating is not None or args.title):
        raise fail(ConfigurationError, "TC_DETAILS_ONE_NAME")
    infos = [PlayerInfo(n) for n in args.names] if len(args.names) > 1 else \
        [PlayerInfo(args.names[0], args.club or "", args.rating, args.title or "")]
    open_store(args).update(lambda t: [t.add_player(i) for i in infos])
    return cmd_players(args)


def cmd_players(args: argparse.Namespace) -> int:
    t = open_store(args).load()
    for p in t.players:
        extra = [x for x in (p.title, p.club, str(p.rating) if p.rating is not None else "")
                 if x]
        line = f"{p.number:3d}  {p.name}" + (f"  ({', '.join(extra)})" if extra else "")
        if p.withdrawn:
            line += "  " + say(args.lang, "TC_WITHDRAWN_FLAG", policy=policy_words(p.withdrawn))
        print(line)
    return 0


def cmd_draw(args: argparse.Namespace) -> int:
    if args.order and args.seed is not None:
        raise fail(ConfigurationError, "TC_SEED_OR_ORDER")
    open_store(args).update(lambda t: t.draw_numbers(seed=args.seed, order=args.order))
    return cmd_players(args)


def cmd_lots(args: argparse.Namespace) -> int:
    store = open_store(args)
    store.update(lambda t: t.draw_lots(args.players))
    t = store.load()
    out(args, "TC_LOTS_RECORDED", order=" > ".join(t.player(p).name for p in args.players))
    return 0


def _open_games(t: Tournament, number: int, before: int) -> list[str]:
    """``round N (vs X)`` for each game of a player before ``before`` with no result."""
    games = []
    for rnd in t.schedule[:before - 1]:
        for p in rnd:
            if not p.bye and p.has(number) and t.result_of(p.round, p.board) is None:
                other = p.black if p.red == number else p.red
                games.append(f"{p.round} ({t.players[other - 1].name})")
    return games


def cmd_withdraw(args: argparse.Namespace) -> int:
    store = open_store(args)

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
        out(args, "TC_WITHDRAWN_ANNUL", name=p.name, number=p.number)
    else:
        out(args, "TC_WITHDRAWN_FORFEIT", name=p.name, number=p.number,
             round=p.withdrawn_from)
    return 0


def cmd_reinstate(args: argparse.Namespace) -> int:
    store = open_store(args)
    event = store.update(lambda t: t.reinstate(args.player, args.from_round))
    p = store.load().player(args.player)
    out(args, "TC_REINSTATED", name=p.name, number=p.number,
         round=getattr(event, "from_round", ""))
    return 0


def cmd_rename(args: argparse.Namespace) -> int:
    store = open_store(args)
    old = store.load().player(args.player).name
    store.update(lambda t: t.rename(args.player, args.new_name))
    out(args, "TC_RENAMED", old=old, new=store.load().player(args.new_name).name)
    return 0


def cmd_edit(args: argparse.Namespace) -> int:
    rating: int | str | None = "" if args.rating is None else \
        (None if args.rating == "-" else args.rating)
    store = open_store(args)
    event = store.update(lambda t: t.edit_player(args.player, args.name, args.club, rating,
                                                 args.title))
    print(describe_event(event).text(args.lang))
    return 0
