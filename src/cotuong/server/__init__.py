"""The web platform: an ASGI app (FastAPI) with rooms, clocks, AI games and storage.

``cotuong serve`` runs it; :func:`create_app` builds it for tests and embedding. The
protocol is in ``docs/web-protocol.md``; operations in ``docs/server.md``.

>>> from cotuong.server import Settings, create_app
>>> create_app(Settings(db="sqlite://")).title
'cotuong'

``create_app`` loads the web framework on first use (PEP 562), so the engine worker
processes, which import only :mod:`cotuong.server.workers.jobs`, start without it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cotuong.server.settings import FakeClock, Settings, SystemClock

if TYPE_CHECKING:
    from cotuong.server.web import create_app

__all__ = ["FakeClock", "Settings", "SystemClock", "create_app"]


def __getattr__(name: str) -> Any:
    if name == "create_app":
        from cotuong.server.web import create_app

        return create_app
    raise AttributeError(f"module 'cotuong.server' has no attribute {name!r}")
