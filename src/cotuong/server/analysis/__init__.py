"""Computer analysis of finished games: the queue of requests, the engine's judgement of
every ply, and the stored results."""

from cotuong.server.analysis.routes import analysis_router
from cotuong.server.analysis.service import Analyses
from cotuong.server.analysis.store import AnalysisStore

__all__ = ["Analyses", "AnalysisStore", "analysis_router"]
