"""One game between two engines, refereed by :class:`cotuong.Game`.

The referee rules every move (mate, stalemate, perpetual check and chase, the draw
rules); the arena adds what only a match between programs needs: the clocks (a flag that
falls loses on time), a draw adjudicated at a move cap, and forfeits — an engine that
crashes, hangs or answers an illegal move loses the game, not the match.

>>> from cotuong.arena.clock import MatchClock
>>> from cotuong.arena.openings import Opening
>>> from cotuong.uci.spec import open_engine
>>> red, black = open_engine("level:8"), open_engine("level:8")
>>> moves, outcome = play_game(red, black, Opening("3k5/1R7/9/9/9/9/9/9/9/R3K4 w"),
...                            MatchClock(depth=3))
>>> moves, outcome.result, outcome.termination.value
(('a0a9',), '1-0', 'checkmate')
"""

from __future__ import annotations

import contextlib
import time

from cotuong.arena.clock import MatchClock
from cotuong.arena.openings import Opening
from cotuong.core.board import Board
from cotuong.core.errors import CotuongError
from cotuong.core.outcome import Outcome, Termination
from cotuong.core.types import Color, Move
from cotuong.engine.interface import EnginePlayer, Limits
from cotuong.engine.rules import obeying_moves
from cotuong.game import Game
from cotuong.messages import Message
from cotuong.uci.errors import EngineTimeoutError

__all__ = ["play_game"]


def _forfeit(loser: Color, why: str) -> Outcome:
    winner = loser.opponent
    return Outcome(winner, Termination.ABANDONMENT, Message.of(
        "OUTCOME_WIN", winner=winner, reason=Message.of("ENGINE_FAILED", side=loser, why=why)))


def _tell_rules(engine: EnginePlayer, rules: str) -> None:
    """Tell an engine the rule set (option ``Rules``: the built-in engine rules repetitions
    in its search by it); an engine without the option plays by its own."""
    with contextlib.suppress(CotuongError):
        engine.set_option("Rules", rules)


def play_game(red: EnginePlayer, black: EnginePlayer, opening: Opening, tc: MatchClock,
              *, rules: str = "xiangqiplay", max_plies: int = 300, lang: str = "en",
              black_tc: MatchClock | None = None) -> tuple[tuple[str, ...], Outcome]:
    """Play one game; the referee (:class:`cotuong.Game`) decides how it ends.

    An engine that fails (crash, hang, illegal move) forfeits; a fallen flag loses
    on time; ``max_plies`` without a result is adjudicated a draw. ``black_tc`` gives
    Black another time control (time odds); by default both play by ``tc``.
    """
    game = Game(opening.fen, rules=rules)
    moves: list[str] = []
    tcs = {Color.RED: tc, Color.BLACK: black_tc or tc}
    clock = {c: tcs[c].base_ms for c in tcs}
    turn = Board(opening.fen).turn
    for engine in (red, black):
        engine.new_game()
        _tell_rules(engine, rules)
    while game.outcome is None:
        if len(moves) >= max_plies:
            return tuple(moves), Outcome(None, Termination.MOVE_LIMIT, Message.of(
                "OUTCOME_DRAW", reason=Message.of("ADJUDICATED_MOVE_CAP", plies=max_plies)))
        engine = red if turn is Color.RED else black
        own_tc, red_tc, black_tc_ = tcs[turn], tcs[Color.RED], tcs[Color.BLACK]
        limits = Limits(depth=own_tc.depth, nodes=own_tc.nodes,
                        movetime_ms=own_tc.movetime_ms,
                        wtime_ms=clock[Color.RED], btime_ms=clock[Color.BLACK],
                        winc_ms=red_tc.inc_ms if red_tc.base_ms else None,
                        binc_ms=black_tc_.inc_ms if black_tc_.base_ms else None,
                        searchmoves=obeying_moves(game))  # an arbiter's order to change
        started = time.monotonic()
        try:
            result = engine.search(opening.fen, moves, limits)
        except Exception as exc:  # any engine failure loses this game, not the match
            if isinstance(exc, EngineTimeoutError) and tc.base_ms is not None:
                game.flag(turn)  # on a clock, an engine that never answers lost on time
                break
            return tuple(moves), _forfeit(turn, f"{type(exc).__name__}: {exc}")
        spent = round((time.monotonic() - started) * 1000)
        own = clock[turn]
        if own is not None:
            if spent > own:
                game.flag(turn)
                break
            clock[turn] = own - spent + own_tc.inc_ms
        try:
            game.play(Move.from_iccs(result.bestmove))
        except CotuongError as exc:
            return tuple(moves), _forfeit(turn, f"illegal move {result.bestmove}: {exc}")
        moves.append(result.bestmove)
        turn = turn.opponent
    outcome = game.outcome
    assert outcome is not None
    return tuple(moves), outcome
