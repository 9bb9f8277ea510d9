"""cotuong — Cờ Tướng (xiangqi): rules, notations, referee, engine, tournaments.

>>> from cotuong import Board
>>> Board().turn.value
'red'
"""

from cotuong.core import *  # noqa: F403  (the flat public namespace)
from cotuong.core import __all__ as _core_all

__all__ = list(_core_all)
__version__ = "0.1.0"

# The referee layer (rule sets, rulings) and a played game.
from cotuong.game import Event, Game
from cotuong.referee.rules import RuleSet, presets, rule_set

__all__ += ["Event", "Game", "RuleSet", "presets", "rule_set"]
