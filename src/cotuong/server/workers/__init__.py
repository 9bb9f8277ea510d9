"""Engines off the event loop: the jobs (an AI move, a game's analysis, the analysis board's
live search), the local pool of engine processes, and the Redis queue that ``cotuong
worker`` processes serve.

This face stays free of FastAPI, SQLAlchemy and redis: the engine processes import it (the
Redis queue loads the ``[redis]`` extra when it connects). ``cotuong worker``'s side,
:mod:`cotuong.server.workers.redis_worker`, is imported by module by the command.
"""

from cotuong.server.workers.jobs import (
    AnalysisJob,
    EngineJobError,
    EngineRunner,
    EngineUnavailableError,
    JobFormatError,
    MoveJob,
    PositionEval,
    Progress,
    evals_from_json,
)
from cotuong.server.workers.live import LiveEnd, LiveEval, LiveJob, LiveLine
from cotuong.server.workers.pool import EnginePool
from cotuong.server.workers.redis_queue import RedisEngineQueue

__all__ = ["AnalysisJob", "EngineJobError", "EnginePool", "EngineRunner",
           "EngineUnavailableError", "JobFormatError", "LiveEnd", "LiveEval", "LiveJob",
           "LiveLine", "MoveJob", "PositionEval", "Progress",
           "RedisEngineQueue", "evals_from_json"]
