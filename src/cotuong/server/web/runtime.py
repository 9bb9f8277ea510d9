"""Process-wide tuning for serving many games at once (``cotuong serve`` uses it).

Measured with ``benchmarks/bench_server.py`` (figures in ``benchmarks/README.md``):

* What exists after start-up (modules, the app) is frozen out of the garbage
  collector's reach, so a collection scans only objects made by play.
* Full collections run on a timer instead of by allocation count. Under load the
  default policy ran one every 10-25 s, each scanning every live game and socket
  (0.3-0.7 s at 1,000 games) and stalling all games at once: the move round trip's
  p99 was set by those pauses. The cyclic garbage that only a full collection frees
  is small (hundreds to a few thousand objects per collection measured) and waits at
  most ``full_every_s``.
* Young collections are small and frequent (thresholds 100 and 1 instead of 700 and
  10). A socket's waiting coroutines and futures are replaced on every message while
  the allocation count, which triggers collections, hardly moves; with the defaults
  tens of thousands of them piled up between collections (25-45 ms pauses every few
  seconds at 1,000 games); collected often, no pause passed 20 ms.
* A 0.5 ms GIL switch interval (default 5 ms): the database thread needs the GIL back
  after every SQLite step, and waited up to a full interval each time the event loop
  was busy (median round trip 434 -> 87 ms in a 700-game comparison).

>>> import gc, sys
>>> before = gc.get_threshold()
>>> with tuned_runtime(full_every_s=60):
...     gc.get_threshold()[2] > 10**6, sys.getswitchinterval()
(True, 0.0005)
>>> gc.get_threshold() == before
True
"""

from __future__ import annotations

import contextlib
import gc
import sys
import threading
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

# The connection limits below the app, beside the process tuning: both are what
# ``cotuong serve`` sets up around the app (the CLI imports them from here).
from cotuong.server.web.connections import guarded_h11
from cotuong.server.web.ws_protocol import CotuongWebSocketProtocol

if TYPE_CHECKING:
    from cotuong.server.settings import Settings

__all__ = ["guarded_h11", "tuned_runtime", "websocket_options"]

WS_MAX_SIZE = 65536  # a client's message (the frame loop's own limit is lower)


def websocket_options(settings: Settings) -> dict[str, Any]:
    """``uvicorn.Config`` options for the WebSockets, as ``cotuong serve`` runs them:
    the cheaper protocol (:mod:`cotuong.server.web.ws_protocol`), its keep-alive from the
    settings, no per-message deflate (frames are a few KiB: compressing them would cost
    more CPU than it saves).

    >>> from cotuong.server.settings import Settings
    >>> opts = websocket_options(Settings(ws_ping_interval_s=0))
    >>> opts["ws"].__name__, opts["ws_ping_interval"], opts["ws_per_message_deflate"]
    ('CotuongWebSocketProtocol', None, False)
    """
    interval = settings.ws_ping_interval_s
    return dict(ws=CotuongWebSocketProtocol, ws_max_size=WS_MAX_SIZE,
                ws_per_message_deflate=False,
                ws_ping_interval=interval if interval > 0 else None,
                ws_ping_timeout=settings.ws_ping_timeout_s or None)

FULL_COLLECTION_EVERY_S = 300.0
YOUNG_THRESHOLDS = (100, 1)
_NEVER = 1_000_000_000  # a full-collection threshold that is never reached


@contextlib.contextmanager
def tuned_runtime(full_every_s: float = FULL_COLLECTION_EVERY_S) -> Iterator[None]:
    """Serve inside this: the tuning above, undone (and the timer thread stopped) on exit."""
    thresholds = gc.get_threshold()
    switch = sys.getswitchinterval()
    gc.collect()
    gc.freeze()
    gc.set_threshold(*YOUNG_THRESHOLDS, _NEVER)
    sys.setswitchinterval(0.0005)
    stop = threading.Event()

    def collect_now_and_then() -> None:
        while not stop.wait(full_every_s):
            gc.collect()

    timer = threading.Thread(target=collect_now_and_then, name="cotuong-gc", daemon=True)
    timer.start()
    try:
        yield
    finally:
        stop.set()
        timer.join()
        gc.set_threshold(*thresholds)
        sys.setswitchinterval(switch)
        gc.unfreeze()
