"""The event log every tournament system keeps: events applied in order, each validated
as it comes, an undo being an event of its own (the undone event stays in the log), so a
replay of the log rebuilds the same state. Round robins and Swiss (:class:`Tournament`)
and knockouts (:class:`~cotuong.tournament.knockout.Knockout`) share it.

>>> from cotuong.tournament import Tournament
>>> t = Tournament(["An", "Bình", "Chi", "Dũng"])
>>> _ = t.record(1, "An", "Dũng", "1-0")
>>> t.undo().kind, [e.kind for e in t.events], t.last_in_force() is None
('undo', ['record', 'undo'], True)
"""

from __future__ import annotations

from cotuong.tournament.errors import NothingToUndoError, TournamentStateError, fail
from cotuong.tournament.events import Event, Undo

__all__ = ["EventLog"]


class EventLog:
    """Apply, undo and replay events; a system defines ``_reset`` (back to the start)
    and ``_handle`` (validate and apply one event, changing nothing if it is refused)."""

    events: list[Event]
    _stack: list[tuple[int, Event]]  # the events in force: (place in the log, event)

    def _reset(self) -> None:
        raise NotImplementedError

    def _handle(self, event: Event) -> None:
        raise NotImplementedError

    def apply(self, event: Event) -> Event:
        """Validate and apply one event; on error nothing changes."""
        if isinstance(event, Undo):
            if not self._stack:
                raise fail(NothingToUndoError, "T_NOTHING_TO_UNDO")
            if event.undone != self._stack[-1][0]:
                raise fail(TournamentStateError, "T_UNDO_NOT_LAST", undone=event.undone,
                           last=self._stack[-1][0])
            self._stack.pop()
            self._reset()
            for _, e in self._stack:
                self._handle(e)
        else:
            self._handle(event)
            self._stack.append((len(self.events) + 1, event))
        self.events.append(event)
        return event

    def undo(self) -> Event:
        """Undo the last event still in force (both stay in the log)."""
        if not self._stack:
            raise fail(NothingToUndoError, "T_NOTHING_TO_UNDO")
        return self.apply(Undo(self._stack[-1][0]))

    def last_in_force(self) -> Event | None:
        """The event an :meth:`undo` would undo."""
        return self._stack[-1][1] if self._stack else None
