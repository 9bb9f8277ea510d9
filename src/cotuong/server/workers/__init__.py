"""Engines off the event loop: the jobs (an AI move, a game's analysis), the local pool of
engine processes, and the Redis queue that ``cotuong worker`` processes serve.

This face stays free of FastAPI and SQLAlchemy: the engine processes import it. The Redis
queue and worker (``[redis]`` extra) are imported by module:
:mod:`cotuong.server.workers.redis_queue`, :mod:`cotuong.server.workers.redis_worker`.
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
from cotuong.server.workers.pool import EnginePool

__all__ = ["AnalysisJob", "EngineJobError", "EnginePool", "EngineRunner",
           "EngineUnavailableError", "JobFormatError", "MoveJob", "PositionEval", "Progress",
           "evals_from_json"]
