"""What a game says happened, move by move: the :class:`Event` values ``Game`` returns."""

from __future__ import annotations

from dataclasses import dataclass

from cotuong.core.outcome import Outcome
from cotuong.core.types import Move
from cotuong.messages import Message
from cotuong.referee.orders import Order


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened: ``kind`` is ``"move"``, ``"warning"``,
    ``"draw_offered"``, ``"draw_declined"`` or ``"game_over"``.

    ``move`` and ``check`` describe a move event; ``message`` says what happened as a
    code with parameters (render it with ``message.text(lang)``) and ``text`` is that
    message in the game's language; ``outcome`` is set on ``"game_over"``. The arbiter's
    order to change (rule sets with ``verdict_takes_effect="order"``) is a ``"warning"``
    with ``order`` set.
    """

    kind: str
    ply: int
    move: Move | None = None
    check: bool = False
    text: str = ""
    outcome: Outcome | None = None
    order: Order | None = None
    message: Message | None = None
