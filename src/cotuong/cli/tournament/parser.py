"""The ``cotuong tournament`` parser: each command, its arguments and their help
codes (rendered in the reader's language by :mod:`cotuong.cli.tournament.args`)."""

from __future__ import annotations

import argparse

from cotuong.cli.tournament.args import (
    HelpAction,
    TournamentParser,
    default_lang,
    lang_formatter,
)
from cotuong.cli.tournament.common import Command, guarded
from cotuong.cli.tournament.event import (
    cmd_check,
    cmd_create,
    cmd_details,
    cmd_log,
    cmd_undo,
)
from cotuong.cli.tournament.players import (
    cmd_add,
    cmd_draw,
    cmd_edit,
    cmd_lots,
    cmd_players,
    cmd_reinstate,
    cmd_rename,
    cmd_withdraw,
)
from cotuong.cli.tournament.results import (
    cmd_export,
    cmd_pairings,
    cmd_result,
    cmd_round,
    cmd_standings,
)
from cotuong.cli.tournament.systems import add_create_options, register_systems
from cotuong.tournament.text import say
from cotuong.tournament.tiebreaks import UNPLAYED_MODES


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
        p.set_defaults(func=guarded(func))
        return p

    p = cmd("create", "TH_CREATE", cmd_create)
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
    p = cmd("add-player", "TH_ADD", cmd_add)
    p.add_argument("names", nargs="+", metavar="TM_NAME")
    p.add_argument("--club", metavar="TM_TEXT", help="TH_CLUB")
    p.add_argument("--rating", type=int, metavar="TM_NUMBER", help="TH_RATING")
    p.add_argument("--title", metavar="TM_TEXT", help="TH_TITLE")
    cmd("players", "TH_PLAYERS", cmd_players)
    p = cmd("draw", "TH_DRAW", cmd_draw)
    p.add_argument("--seed", type=int, default=None, metavar="TM_NUMBER", help="TH_SEED")
    p.add_argument("--order", nargs="+", default=None, metavar="TM_PLAYER", help="TH_ORDER")
    p = cmd("pairings", "TH_PAIRINGS", cmd_pairings)
    p.add_argument("round", type=int, metavar="TM_ROUND")
    p = cmd("result", "TH_RESULT", cmd_result)
    p.add_argument("round", type=int, metavar="TM_ROUND")
    p.add_argument("red", metavar="TM_RED", help="TH_RED")
    p.add_argument("black", metavar="TM_BLACK", help="TH_BLACK")
    p.add_argument("result", metavar="TM_RESULT", help="TH_RESULT_VALUE")
    p.add_argument("--pgn", metavar="TM_FILE", help="TH_PGN")
    p.add_argument("--correct", action="store_true", help="TH_CORRECT")
    p.add_argument("--reason", metavar="TM_TEXT", help="TH_REASON")
    p = cmd("round", "TH_ROUND", cmd_round)
    p.add_argument("round", type=int, metavar="TM_ROUND")
    p.add_argument("results", nargs="*", metavar="TM_RESULT", help="TH_ROUND_RESULTS")
    p.add_argument("--file", metavar="TM_FILE", help="TH_ROUND_FILE")
    p.add_argument("--interactive", "-i", action="store_true", help="TH_INTERACTIVE")
    p = cmd("withdraw", "TH_WITHDRAW", cmd_withdraw)
    p.add_argument("player", metavar="TM_PLAYER")
    p.add_argument("--policy", choices=("forfeit", "annul"), default="forfeit",
                   help="TH_POLICY")
    p.add_argument("--from-round", type=int, default=None, metavar="TM_ROUND",
                   help="TH_FROM_ROUND")
    p = cmd("reinstate", "TH_REINSTATE", cmd_reinstate)
    p.add_argument("player", metavar="TM_PLAYER")
    p.add_argument("--from-round", type=int, default=None, metavar="TM_ROUND",
                   help="TH_REINSTATE_FROM")
    p = cmd("rename", "TH_RENAME", cmd_rename)
    p.add_argument("player", metavar="TM_PLAYER")
    p.add_argument("new_name", metavar="TM_NAME")
    p = cmd("edit-player", "TH_EDIT", cmd_edit)
    p.add_argument("player", metavar="TM_PLAYER")
    p.add_argument("--name", metavar="TM_TEXT", help="TH_NEW_NAME")
    p.add_argument("--club", metavar="TM_TEXT", help="TH_CLUB")
    p.add_argument("--rating", metavar="TM_NUMBER", help="TH_RATING_EDIT")
    p.add_argument("--title", metavar="TM_TEXT", help="TH_TITLE")
    p = cmd("details", "TH_DETAILS", cmd_details)
    p.add_argument("--name", default=None, metavar="TM_TEXT", help="TH_NAME")
    p.add_argument("--venue", metavar="TM_TEXT", help="TH_VENUE")
    p.add_argument("--dates", metavar="TM_TEXT", help="TH_DATES")
    p.add_argument("--arbiter", metavar="TM_TEXT", help="TH_ARBITER")
    p.add_argument("--time-control", metavar="TM_TEXT", help="TH_TIME_CONTROL")
    cmd("undo", "TH_UNDO", cmd_undo)
    p = cmd("lots", "TH_LOTS", cmd_lots)
    p.add_argument("players", nargs="+", metavar="TM_PLAYER")
    p = cmd("standings", "TH_STANDINGS", cmd_standings)
    p.add_argument("--after", type=int, default=None, metavar="TM_ROUND", help="TH_AFTER")
    p = cmd("export", "TH_EXPORT", cmd_export)
    p.add_argument("out", metavar="TM_DIR", help="TH_OUT")
    p.add_argument("--after", type=int, default=None, metavar="TM_ROUND", help="TH_EXPORT_AFTER")
    p.add_argument("--formats", default="csv,json,html", metavar="TM_LIST", help="TH_FORMATS")
    p.add_argument("--crosstable", choices=("draw", "rank"), default="draw",
                   help="TH_CROSSTABLE")
    cmd("check", "TH_CHECK", cmd_check)
    cmd("log", "TH_LOG", cmd_log)
    register_systems(cmd)
    for parser in cmds.choices.values():
        assert isinstance(parser, TournamentParser)
        parser.localise(lang)
