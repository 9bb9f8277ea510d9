"""The referee: per-move check/chase facts, repetition rulings, draw rules, rule sets.

>>> from cotuong.referee import presets
>>> sorted(presets())
['asian', 'xiangqiplay']
"""

from cotuong.referee.facts import ChaseOptions, PlyNote, move_chases, threats
from cotuong.referee.orders import Order, OrderRecord, RepetitionOrderError
from cotuong.referee.repetition import Ruling, SideConduct, classify, cycle_start
from cotuong.referee.rules import ASIAN, XIANGQIPLAY, RuleSet, presets, rule_set

__all__ = [
    "ASIAN",
    "XIANGQIPLAY",
    "ChaseOptions",
    "Order",
    "OrderRecord",
    "PlyNote",
    "RepetitionOrderError",
    "RuleSet",
    "Ruling",
    "SideConduct",
    "classify",
    "cycle_start",
    "move_chases",
    "presets",
    "rule_set",
    "threats",
]
