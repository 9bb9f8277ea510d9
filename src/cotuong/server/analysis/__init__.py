"""Computer analysis: of finished games (the queue of requests, the engine's judgement of
every ply, the stored results) and the analysis board's live engine (``/ws/analysis``)."""

from cotuong.server.analysis.live import LiveAnalyses
from cotuong.server.analysis.live_protocol import live_schema
from cotuong.server.analysis.live_socket import live_router
from cotuong.server.analysis.routes import analysis_router
from cotuong.server.analysis.service import Analyses
from cotuong.server.analysis.store import AnalysisStore

__all__ = ["Analyses", "AnalysisStore", "LiveAnalyses", "analysis_router", "live_router",
           "live_schema"]
