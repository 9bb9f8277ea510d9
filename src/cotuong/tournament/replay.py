"""Rebuild a tournament from its stored settings and event log: the one replay both
stores use (the CLI's SQLite file and the platform's database), so a damaged log is
reported the same way wherever it is kept.

>>> import json
>>> from cotuong.tournament import Tournament
>>> t = Tournament(["An", "Bình", "Chi", "Dũng"])
>>> _ = t.record(1, "An", "Dũng", "1-0")
>>> _ = t.record(1, "Bình", "Chi", "1/2-1/2")
>>> log = [(i, e.kind, json.dumps(e.payload())) for i, e in enumerate(t.events, 1)]
>>> replay(json.dumps(t.settings()), log, "demo").standings() == t.standings()
True
>>> replay(json.dumps(t.settings()), log[1:], "demo")
Traceback (most recent call last):
...
cotuong.tournament.errors.CorruptStoreError: demo: event 1 is missing
"""

from __future__ import annotations

import json
from collections.abc import Iterable

from cotuong.tournament.errors import CorruptStoreError, TournamentError, fail
from cotuong.tournament.events import event_from_payload
from cotuong.tournament.systems import Directed, from_settings

__all__ = ["replay"]


def replay(settings: str, events: Iterable[tuple[int, str, str]], where: str) -> Directed:
    """The event (of any system) that ``settings`` (JSON) and ``events`` (``seq``, ``kind``, JSON
    payload, in order from 1) describe; a gap, a malformed event or one the tournament
    refuses raises :class:`CorruptStoreError` naming ``where`` and the event."""
    try:
        tournament = from_settings(json.loads(settings))
    except (KeyError, json.JSONDecodeError, TournamentError) as exc:
        raise CorruptStoreError(f"{where}: the settings are damaged ({exc})") from None
    for expected, (seq, kind, payload) in enumerate(events, 1):
        if seq != expected:
            raise CorruptStoreError(f"{where}: event {expected} is missing")
        try:
            tournament.apply(event_from_payload(str(kind), json.loads(payload)))
        except (json.JSONDecodeError, TournamentError) as exc:
            why = exc.reason if isinstance(exc, TournamentError) and exc.reason else str(exc)
            raise fail(CorruptStoreError, "T_STORE_REPLAY", file=where, seq=seq,
                       kind=kind, why=why) from None
    return tournament
