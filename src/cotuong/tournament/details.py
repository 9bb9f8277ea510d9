"""An event's details as printed on its pages (venue, dates, chief arbiter, time
control, and its name as last set), kept the same way by every tournament system: a
:class:`~cotuong.tournament.events.SetDetails` event carries the whole new set.

>>> from cotuong.tournament import Tournament
>>> t = Tournament(["An", "Bình"], name="Giải Tết")
>>> _ = t.set_details(venue=" Hà  Nội ")
>>> t.details.venue, t.title
('Hà Nội', 'Giải Tết')
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cotuong.tournament.errors import ConfigurationError, fail
from cotuong.tournament.events import Event, SetDetails
from cotuong.tournament.players import clean_text

__all__ = ["DETAIL_FIELDS", "Details"]

DETAIL_FIELDS = ("name", "venue", "dates", "chief_arbiter", "time_control")


class Details:
    """The details of a system built on :class:`~cotuong.tournament.eventlog.EventLog`
    (which gives ``apply``); its ``_handle`` sends :class:`SetDetails` to
    :meth:`_on_details`."""

    name: str
    _details: SetDetails

    if TYPE_CHECKING:
        def apply(self, event: Event) -> Event: ...

    @property
    def details(self) -> SetDetails:
        """Venue, dates, chief arbiter, time control (and the name as last set)."""
        return self._details

    @property
    def title(self) -> str:
        """The event's name as it stands (details may have renamed it)."""
        return self._details.name or self.name

    def set_details(self, **changes: str) -> Event:
        """Change the event's details: ``name``, ``venue``, ``dates``, ``chief_arbiter``,
        ``time_control`` (the others stay)."""
        if not set(changes) <= set(DETAIL_FIELDS):
            raise fail(ConfigurationError, "T_DETAIL_FIELDS",
                       fields=sorted(set(changes) - set(DETAIL_FIELDS)))
        values = {k: getattr(self._details, k) for k in DETAIL_FIELDS}
        values.update(changes)
        return self.apply(SetDetails(**values))

    def _on_details(self, e: SetDetails) -> None:
        self._details = SetDetails(*(clean_text(getattr(e, f), f) for f in DETAIL_FIELDS))
