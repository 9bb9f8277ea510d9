"""The ``cotuong engine`` server: any :class:`~cotuong.engine.interface.EnginePlayer`
served over UCI/UCCI.

- :mod:`~cotuong.uci.server.session`: :class:`UciServer` (one session: commands in,
  lines out, the search in a thread) and :func:`serve`.
- :mod:`~cotuong.uci.server.options`: the options it announces and accepts.
- :mod:`~cotuong.uci.server.safety`: the time cap and the move it plays when the engine
  gives none.

>>> [o.name for o in OPTIONS][:2], RULES_CHOICES[0]
(['Level', 'Hash'], 'xiangqiplay')
"""

from cotuong.uci.server.options import OPTIONS, RULES_CHOICES, SpinOption
from cotuong.uci.server.session import STOP_GRACE_S, UciServer, serve

__all__ = ["OPTIONS", "RULES_CHOICES", "STOP_GRACE_S", "SpinOption", "UciServer", "serve"]
