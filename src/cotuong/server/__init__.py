"""The web platform: an ASGI app (FastAPI) with rooms, clocks, AI games and storage.

``cotuong serve`` runs it; :func:`create_app` builds it for tests and embedding. The
protocol is in ``docs/web-protocol.md``; operations in ``docs/server.md``.

>>> from cotuong.server import Settings, create_app
>>> create_app(Settings(db="sqlite://")).title
'cotuong'
"""

from cotuong.server.app import create_app
from cotuong.server.settings import FakeClock, Settings, SystemClock

__all__ = ["FakeClock", "Settings", "SystemClock", "create_app"]
