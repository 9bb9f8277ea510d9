"""The three systems and the one way to rebuild any of them from stored settings.

>>> type(from_settings({"system": "knockout", "name": "", "players": ["An", "Bình"],
...                     "seeding": "order", "games": 1, "final_games": 1,
...                     "ladder": [["replay", 1]], "third_place": False})).__name__
'Knockout'
>>> from_settings({"system": "ladder"})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
cotuong.tournament.errors.ConfigurationError: unknown tournament system 'ladder'; ...
"""

from __future__ import annotations

from typing import Union

from cotuong.tournament.errors import ConfigurationError, fail
from cotuong.tournament.knockout import Knockout
from cotuong.tournament.swiss import SwissTournament
from cotuong.tournament.tournament import Tournament

SYSTEMS = ("round_robin", "swiss", "knockout")
# Anything a store keeps: each has settings(), events, apply(), undo() and from_settings().
Directed = Union[Tournament, Knockout]  # noqa: UP007 (a runtime alias on Python 3.10)


def system_of(settings: dict[str, object]) -> str:
    """The system stored settings describe (settings without one are a round robin's)."""
    return str(settings.get("system", "round_robin"))


def from_settings(settings: dict[str, object]) -> Directed:
    """A new, empty event of the stored settings' system (the log is replayed on it)."""
    system = system_of(settings)
    if system == "swiss":
        return SwissTournament.from_settings(settings)
    if system == "knockout":
        return Knockout.from_settings(settings)
    if system == "round_robin":
        return Tournament.from_settings(settings)
    raise fail(ConfigurationError, "T_UNKNOWN_SYSTEM", value=repr(system),
               known=", ".join(SYSTEMS))
