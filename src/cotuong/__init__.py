"""cotuong — Cờ Tướng (xiangqi): rules, notations, referee, engine, tournaments.

>>> from cotuong import Board
>>> Board().turn.value
'red'
"""

from cotuong.core import *  # noqa: F403  (the flat public namespace)
from cotuong.core import __all__ as _core_all

__all__ = list(_core_all)
__version__ = "0.1.0"

# Notations (read and write a move), the referee layer (rule sets) and a played game.
from cotuong.game import Event, Game
from cotuong.notation import make_move_text, parse_move
from cotuong.referee.rules import RuleSet, presets, rule_set

__all__ += ["Event", "Game", "RuleSet", "make_move_text", "parse_move", "presets", "rule_set"]
