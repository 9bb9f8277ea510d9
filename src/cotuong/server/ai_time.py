"""The AI's move as a job: which level, which position, and how long it may think on the
game's clock. Pure: the service hands the job to its engine runner.

>>> from cotuong.server.table import START_FEN, GameTable, RoomState
>>> room = RoomState.from_row(dict(code="ABC234", rules="xiangqiplay", time_control=None,
...     rated=False, opponent="ai", ai_level=3, lang="vi", host_id="g:1", host_name="A",
...     host_color="black", guest_id=None, guest_name=None, current_game_id=1,
...     created_at=0))
>>> job = move_job(GameTable.new(1, room, "host", START_FEN, started=True), 1000, 0)
>>> job.level, job.moves, job.movetime_ms
(3, (), 1000)
"""

from __future__ import annotations

from cotuong.server.engine_jobs import MoveJob
from cotuong.server.table import GameTable

__all__ = ["ai_movetime_ms", "move_job"]


def move_job(t: GameTable, default_ms: int, now_ms: int) -> MoveJob:
    """The AI's move in ``t``'s position at its level; on a clock, as long as
    :func:`ai_movetime_ms` allows, else ``default_ms``."""
    level = t.room.ai_level or 1
    movetime, tc = default_ms, t.room.tc
    if t.clock is not None and tc is not None:
        left = t.clock.remaining(t.turn, now_ms, tc)
        period = t.clock.period_left(t.turn, now_ms, tc) or 0
        movetime = ai_movetime_ms(level, default_ms, left, period, tc.increment_ms)
    return MoveJob(level, t.start_fen, tuple(t.moves), movetime)


def ai_movetime_ms(level: int, default_ms: int, left_ms: int, period_ms: int,
                   increment_ms: int) -> int:
    """How long the AI thinks on a clock: a 30th of its main time left plus most of the
    increment (never more than a third of the time left), or a third of a byo-yomi period,
    at least 50 ms. Levels 1-7 keep the
    server's fixed time (``Settings.ai_movetime_ms``) as a ceiling; Thần (level 8) thinks
    as long as the clock allows.

    >>> ai_movetime_ms(8, 1000, 600_000, 0, 5_000), ai_movetime_ms(5, 1000, 600_000, 0, 5_000)
    (24000, 1000)
    >>> ai_movetime_ms(8, 1000, 0, 30_000, 0), ai_movetime_ms(8, 1000, 900, 0, 0)
    (10000, 50)
    """
    allowed = max(left_ms // 30 + increment_ms * 4 // 5, period_ms // 3)
    if period_ms == 0:
        allowed = min(allowed, left_ms // 3)  # the increment comes only after the move
    if level < 8:
        allowed = min(default_ms, allowed)
    return max(50, allowed)
