"""Engines at play: matches between engines with an Elo estimate
(:mod:`cotuong.arena.match`, ``cotuong match``) and a game against the AI in the
terminal (:mod:`cotuong.arena.terminal`, ``cotuong play``).

Both drive any :class:`~cotuong.engine.interface.EnginePlayer` — the built-in engine or
an external one opened from a spec by :func:`cotuong.uci.open_engine` — and let the
referee (:class:`cotuong.Game`) rule every game.

>>> MatchClock(movetime_ms=300).describe()
'300 ms/move'
"""

from cotuong.arena.match import (
    GameResult,
    MatchClock,
    MatchResult,
    Opening,
    elo_estimate,
    game_pgn,
    load_openings,
    parse_clock,
    play_game,
    run_match,
)
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
