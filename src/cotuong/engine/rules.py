"""The game's rule set as the search sees it, and the arbiter's order as banned root moves.

* :func:`rule_flags`: the repetition switches of a rule set (``levels`` or ``forcing``, the
  chase exceptions) as the compiled search's flags (``BuiltinEngine`` option ``Rules``).
* :func:`obeying_moves`: under a rule set whose verdict is an order (``asian``), the side
  ordered to change must not continue the loop; when it is that side's turn, these are the
  legal moves that obey the order, to pass as ``Limits.searchmoves``.

>>> from cotuong import Game
>>> g = Game("c2a1k3/2c1a2R1/e6P1/8p/9/9/9/9/4K4/9 w - - 0 1", "asian")
>>> for text in ["X2.1", "Tg6.1", "X2/1", "Tg6/1"] * 2:
...     _ = g.play(text)
>>> "h8h9" in obeying_moves(g), len(obeying_moves(g)) > 0
(False, True)
"""

from __future__ import annotations

from cotuong.core.types import Color
from cotuong.game import Game
from cotuong.referee import orders
from cotuong.referee.rules import RuleSet, rule_set

# The search's rule flags (``ctl[CTL_RULES]``; :mod:`cotuong.engine.chase`). This module
# loads neither NumPy nor Numba, so the arena can compute an order's moves without them.
RULE_LEVELS, RULE_STRONGER, RULE_MINOR = 1, 2, 4


def rule_flags(rules: str | RuleSet) -> int:
    """The search's repetition flags for a rule set (a preset name or a ``RuleSet``)."""
    r = rule_set(rules)
    flags = RULE_LEVELS if r.repetition == "levels" else 0
    if r.stronger_victim:
        flags |= RULE_STRONGER
    if r.minor_attacker:
        flags |= RULE_MINOR
    return flags


def obeying_moves(game: Game) -> tuple[str, ...]:
    """ICCS moves of the side to move that obey the pending order; ``()`` when there is no
    order against that side (or every move would continue the loop: then any move)."""
    order = game.pending_order
    if order is None or order.side is not game.turn:
        return ()
    board = game.board
    mover: Color = game.turn
    allowed: list[str] = []
    for move in list(board.legal_moves):
        captured = board.piece_at(move.to_square) is not None
        board.push(move)
        check = board.is_check()
        if not orders.violates(order, mover, board.key, captured, check):
            allowed.append(move.iccs)
        board.pop()
    return tuple(allowed)
