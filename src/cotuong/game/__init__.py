"""A played game under a rule set: moves, offers, resignation, rulings, outcome.

Pure: no I/O, no clocks (a server adds them and calls :meth:`Game.flag`). Every
state transition returns the :class:`Event` values it caused. By concept:
:mod:`~cotuong.game.game` (the board, offers, outcome), :mod:`~cotuong.game.arbiter`
(repetitions, orders, check limits, draw counters) and :mod:`~cotuong.game.orderbook`
(the arbiter's orders as one value).

>>> from cotuong import Game
>>> g = Game("c2a1k3/2c1a2R1/e6P1/8p/9/9/9/9/4K4/9 w - - 0 1", lang="vi")
>>> for text in ["X2.1", "Tg6.1", "X2/1", "Tg6/1"] * 2:
...     events = g.play(text)
>>> g.outcome_text()
'Đen thắng: Đỏ chiếu dai (X2.1, X2/1)'
>>> g.outcome.result, g.outcome.explanation.code
('0-1', 'OUTCOME_WIN')
"""

from cotuong.game.game import Game
from cotuong.referee.events import Event

__all__ = ["Event", "Game"]
