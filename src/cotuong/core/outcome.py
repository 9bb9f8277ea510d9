"""How a game ended, as a value.

>>> from cotuong import Outcome, Termination, Color
>>> from cotuong.messages import Message
>>> why = Message.of("OUTCOME_CHECKMATE", winner=Color.BLACK, loser=Color.RED)
>>> o = Outcome(Color.BLACK, Termination.CHECKMATE, why)
>>> o.result, o.text("vi"), o.text("en")
('0-1', 'Đen thắng: Đỏ bị chiếu bí', 'Black wins: Red is checkmated')
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from cotuong.core.types import Color
from cotuong.messages import Message


class Termination(enum.Enum):
    """Why a game ended. The rules core decides the first two; the referee the rest."""

    CHECKMATE = "checkmate"
    STALEMATE = "stalemate"
    PERPETUAL_CHECK = "perpetual_check"
    PERPETUAL_CHASE = "perpetual_chase"
    REPETITION_DRAW = "repetition_draw"
    MOVE_RULE = "move_rule"
    NO_ATTACKING_PIECES = "no_attacking_pieces"
    CHECK_LIMIT = "check_limit"
    MOVE_LIMIT = "move_limit"
    AGREEMENT = "agreement"
    RESIGNATION = "resignation"
    TIME_FORFEIT = "time_forfeit"
    NO_SHOW = "no_show"
    ABANDONMENT = "abandonment"
    # The platform's ends: a game ended before both sides moved (no result), and a result
    # entered by a tournament's arbiter.
    ABORTED = "aborted"
    ARBITER = "arbiter"


@dataclass(frozen=True, slots=True)
class Outcome:
    """``winner`` is ``None`` for a draw; ``explanation`` says why, as a message of the
    catalog (a code and its parameters) that :meth:`text` renders for people."""

    winner: Color | None
    termination: Termination
    explanation: Message

    def text(self, lang: str = "en") -> str:
        """The explanation in ``"vi"`` or ``"en"``."""
        return self.explanation.text(lang)

    @property
    def result(self) -> str:
        """PGN result string: ``1-0`` (Red wins), ``0-1`` or ``1/2-1/2``."""
        if self.winner is None:
            return "1/2-1/2"
        return "1-0" if self.winner is Color.RED else "0-1"

    @property
    def is_draw(self) -> bool:
        return self.winner is None
