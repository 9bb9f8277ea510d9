"""How a tournament decides a room's game from outside it: the ends a no-show, the
arbiter's result or a withdrawal give the game (what its players and spectators see),
and who forfeits for not coming.

>>> no_show_result(red=True, black=False).text
'+/-'
>>> end = no_show_end(Result.RED_FORFEIT_WIN, 600)
>>> end.result, end.winner, end.termination.name, end.en
('1-0', <Color.RED: 'red'>, 'NO_SHOW', 'Red wins: Black did not show up within 600 s')
>>> arbiter_end(Result.DRAW).vi
'Trọng tài ghi kết quả 1/2-1/2'
"""

from __future__ import annotations

from cotuong.messages import Message
from cotuong.server.play import Color, End, Termination
from cotuong.tournament import Result


def _texts(code: str, **params: object) -> tuple[str, str]:
    m = Message.of(code, **params)
    return m.vi, m.en


def no_show_result(red: bool, black: bool) -> Result:
    """The forfeit when not both came: ``+/-`` (Red came), ``-/+`` (Black), ``-/-``."""
    if red:
        return Result.RED_FORFEIT_WIN
    return Result.BLACK_FORFEIT_WIN if black else Result.DOUBLE_FORFEIT


def arbiter_end(result: Result | None) -> End:
    """A game ended because the arbiter (or a withdrawal) decided the board's result
    (``None``: struck, no result — an annulled player's game)."""
    if result is None:
        return End("*", None, Termination.ARBITER, *_texts("END_ARBITER", result="—"))
    outcome = result.outcome(red=True)
    room_result = {"win": "1-0", "loss": "0-1", "draw": "1/2-1/2"}[outcome]
    if result is Result.DOUBLE_FORFEIT:
        room_result = "*"
    winner = {"1-0": Color.RED, "0-1": Color.BLACK}.get(room_result)
    return End(room_result, winner, Termination.ARBITER,
               *_texts("END_ARBITER", result=result.text))


def no_show_end(result: Result, wait_s: float) -> End:
    """A game ended by the no-show rule after ``wait_s`` seconds."""
    seconds = round(wait_s)
    if result is Result.DOUBLE_FORFEIT:
        return End("*", None, Termination.NO_SHOW,
                   *_texts("END_NO_SHOW_BOTH", seconds=seconds))
    red_wins = result is Result.RED_FORFEIT_WIN
    win, lose = (Color.RED, Color.BLACK) if red_wins else (Color.BLACK,
                                                                   Color.RED)
    return End("1-0" if red_wins else "0-1", Color.RED if red_wins else Color.BLACK,
               Termination.NO_SHOW,
               *_texts("END_NO_SHOW", winner=win, loser=lose, seconds=seconds))
