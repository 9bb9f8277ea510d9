"""Engines at play: matches between engines with an Elo estimate (``cotuong match``)
and a game against the AI in the terminal (:mod:`cotuong.arena.terminal`,
``cotuong play``).

A match is made of small parts, one concept each: the opening book
(:mod:`~cotuong.arena.openings`), the time control (:mod:`~cotuong.arena.clock`), one
refereed game between two engines (:mod:`~cotuong.arena.engine_game`), the games and
their tally (:mod:`~cotuong.arena.results`), the match that schedules and runs them,
in parallel processes if asked (:mod:`~cotuong.arena.match`), and its statistics — Elo,
pentanomial pairs, the SPRT (:mod:`~cotuong.arena.stats`, :mod:`~cotuong.arena.sprt`).

Both drive any :class:`~cotuong.engine.interface.EnginePlayer` — the built-in engine or
an external one opened from a spec by :func:`cotuong.uci.open_engine` — and let the
referee (:class:`cotuong.Game`) rule every game.

>>> MatchClock(movetime_ms=300).describe()
'300 ms/move'
"""

from cotuong.arena.clock import MatchClock, parse_clock
from cotuong.arena.engine_game import play_game
from cotuong.arena.match import run_match
from cotuong.arena.openings import Opening, load_openings
from cotuong.arena.results import GameResult, MatchResult, game_pgn
from cotuong.arena.stats import elo_estimate
from cotuong.arena.terminal import PlaySettings, TerminalGame

__all__ = [
    "GameResult",
    "MatchClock",
    "MatchResult",
    "Opening",
    "PlaySettings",
    "TerminalGame",
    "elo_estimate",
    "game_pgn",
    "load_openings",
    "parse_clock",
    "play_game",
    "run_match",
]
