"""The study room: the board editor's position check and the imports of pasted games
(read by the records reader, kept for accounts, never rated)."""

from cotuong.server.study.routes import study_router
from cotuong.server.study.service import Study
from cotuong.server.study.store import ImportStore

__all__ = ["ImportStore", "Study", "study_router"]
