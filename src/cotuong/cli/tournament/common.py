"""What every ``cotuong tournament`` command shares: the store it opens, lines
printed in the reader's language, files read, the round a report covers, the
event's details and tie-breaks as given, and errors shown as the arbiter reads them.

>>> import argparse
>>> details_given(argparse.Namespace(venue="Hà Nội", dates=None, arbiter="", time_control=None))
{'venue': 'Hà Nội'}
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

from cotuong.tournament.errors import (
    ConfigurationError,
    TournamentError,
    TournamentStoreError,
    fail,
)
from cotuong.tournament.store import SqliteStore
from cotuong.tournament.text import say
from cotuong.tournament.tournament import Tournament

Command = Callable[[argparse.Namespace], int]
Register = Callable[[str, str, Command], argparse.ArgumentParser]

# The event's details a command may set, by their option names (``--arbiter`` is the
# chief arbiter).
_DETAILS = (("venue", "venue"), ("dates", "dates"), ("chief_arbiter", "arbiter"),
            ("time_control", "time_control"))


def open_store(args: argparse.Namespace) -> SqliteStore:
    """The store the command names (a tournament directory or a ``.sqlite3`` file)."""
    return SqliteStore.open(args.store)


def out(args: argparse.Namespace, code: str, **params: object) -> None:
    """A line for the reader, in their language."""
    print(say(args.lang, code, **params))


def warn(args: argparse.Namespace, code: str, **params: object) -> None:
    """A warning for the reader, in their language, on standard error."""
    print(say(args.lang, "TC_WARNING", text=say(args.lang, code, **params)), file=sys.stderr)


def read_text(path: str) -> str:
    """A file the arbiter gave (players, results, a PGN), or a named error."""
    try:
        # utf-8-sig: a byte-order mark would otherwise stick to the first name.
        return Path(path).read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise fail(TournamentStoreError, "TC_CANNOT_READ", file=path, why=str(exc)) from exc


def details_given(args: argparse.Namespace, *, keep_empty: bool = False) -> dict[str, str]:
    """The event's details given as options (``keep_empty``: an empty text too, which
    clears one)."""
    given = ((key, getattr(args, option)) for key, option in _DETAILS)
    return {k: v for k, v in given if (v is not None if keep_empty else v)}


def tiebreaks_given(args: argparse.Namespace, default: tuple[str, ...]) -> list[str]:
    """``--tiebreaks a,b,c`` as keys, else ``default``."""
    if not args.tiebreaks:
        return list(default)
    return [k.strip() for k in args.tiebreaks.split(",") if k.strip()]


def warn_incomplete(args: argparse.Namespace, t: Tournament, last: int) -> None:
    """A warning per round up to ``last`` that is only partly entered."""
    for r, done, total in t.incomplete_rounds(last):
        warn(args, "TC_HALF_ENTERED", round=r, done=done, total=total)


def check_after(t: Tournament, after: int | None) -> int:
    """The round standings or exports cover: given, or the current one; never a round
    with no result entered (its only points would be a withdrawal's forfeits)."""
    if after is None:
        return t.current_round
    if after != 0:
        t.standings(after)  # refuses a round that does not exist
    if after > t.current_round:
        raise fail(ConfigurationError, "TC_NOT_ENTERED", round=after, last=t.current_round)
    return after


def guarded(func: Command) -> Command:
    """Tournament errors printed in the reader's language, exit status 2."""
    def run(args: argparse.Namespace) -> int:
        try:
            return func(args)
        except TournamentError as exc:
            print(f"cotuong: {say(args.lang, 'TC_ERROR')} [{exc.code}]: {exc.text(args.lang)}",
                  file=sys.stderr)
            return 2
    return run
