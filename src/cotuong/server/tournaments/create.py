"""The event ``POST /api/tournaments`` describes, checked: its system (``round_robin``,
``swiss``, ``knockout``), the system's own options, the tie-break order, the byes'
points and the stage that follows (a knockout of the top N). A combination that makes
no sense is refused with its own code (HTTP 400, docs/web-protocol.md); what
the tournament library refuses (an unknown tie-break, a bye worth an impossible score)
is ``TOURNAMENT_RULE`` in the library's words.

>>> t = build_event({"system": "swiss", "rounds": 3, "name": "Open"}, ["an", "binh", "chi"])
>>> type(t).__name__, t.rounds
('SwissTournament', 3)
>>> build_event({"system": "knockout", "rounds": 3, "name": "x"}, ["an", "binh"])
Traceback (most recent call last):
...
cotuong.server.errors.ServiceError: "rounds" is only for a Swiss event
"""

from __future__ import annotations

from typing import Any

from cotuong.server.errors import ServiceError
from cotuong.server.timecontrol import TimeControl, TimeControlError
from cotuong.tournament import (
    DEFAULT_TIEBREAKS,
    SWISS_TIEBREAKS,
    Knockout,
    PlayerInfo,
    SwissTournament,
    Tournament,
)
from cotuong.tournament.systems import Directed

MAX_ROUND_ROBIN = 24  # a round robin of more plays too many rounds online
MAX_SWISS = 200
LIMITS = {"round_robin": MAX_ROUND_ROBIN, "swiss": MAX_SWISS, "knockout": MAX_SWISS}
SWISS_ONLY = ("rounds", "bye_points", "requested_bye_points", "accelerated")
KNOCKOUT_KEYS = ("games", "final_games", "ladder", "third_place", "tiebreak_time_controls")


def _bad(text_code: str, **params: object) -> ServiceError:
    """A refused combination: its own code (the message's, ``ERR_`` dropped), status 400."""
    return ServiceError(text_code.removeprefix("ERR_"), status=400,
                        **params)  # type: ignore[arg-type]


def checked_combination(body: dict[str, Any], count: int) -> str:
    """The system, once the body's fields fit it (each misfit its own message)."""
    system = str(body.get("system") or "round_robin")
    if system == "swiss" and body.get("rounds") is None:
        raise _bad("ERR_SWISS_ROUNDS")
    for key in SWISS_ONLY:  # (``accelerated: false`` is the default, not a Swiss field)
        value = body.get(key)
        if system != "swiss" and value is not None and value is not False:
            raise _bad("ERR_SWISS_ONLY", field=key)
    entered = {p.lower() for p in _names(body)}
    unknown = sorted(k for k in body.get("ratings") or {} if str(k).lower() not in entered)
    if unknown:
        raise _bad("ERR_RATINGS_PLAYERS", names=", ".join(unknown))
    if system != "round_robin" and body.get("double"):
        raise _bad("ERR_DOUBLE_ROUND_ROBIN")
    if system != "knockout" and body.get("knockout") is not None:
        raise _bad("ERR_KNOCKOUT_ONLY")
    if system == "knockout" and body.get("tiebreaks") is not None:
        raise _bad("ERR_KNOCKOUT_TIEBREAKS")
    if system == "knockout" and any(isinstance(p, dict) for p in body.get("players", ())):
        raise _bad("ERR_KNOCKOUT_INVITES")
    stages = body.get("stages") or []
    if stages and (system == "knockout" or len(stages) != 1
                   or stages[0].get("system") != "knockout"):
        raise _bad("ERR_STAGES")
    if stages:
        top = stages[0].get("top")
        if not isinstance(top, int) or not 2 <= top <= count:
            raise _bad("ERR_STAGE_TOP", top=top, count=count)
    return system


def _names(body: dict[str, Any]) -> list[str]:
    """The entries' names (an invited place's too), as given."""
    return [str(p["invite"]) if isinstance(p, dict) else str(p)
            for p in body.get("players", ())]


def stage_time_controls(spec: dict[str, Any]) -> dict[str, TimeControl]:
    """A knockout's tie-break time controls by rung (``rapid``, ``blitz``), checked."""
    out = {}
    for kind, value in (spec.get("tiebreak_time_controls") or {}).items():
        if kind not in ("rapid", "blitz"):
            raise _bad("ERR_STAGE_TC", stage=kind)
        try:
            tc = TimeControl.from_json(value)
        except TimeControlError:
            raise _bad("ERR_STAGE_TC", stage=kind) from None
        if tc is not None:
            out[kind] = tc
    return out


def knockout_options(spec: dict[str, Any]) -> dict[str, Any]:
    """The library's knockout arguments from a ``knockout`` (or stage) object."""
    return {"games": int(spec.get("games") or 1), "final_games": spec.get("final_games"),
            "ladder": [(str(k), int(n)) for k, n in spec.get("ladder") or [["replay", 1]]],
            "third_place": bool(spec.get("third_place", False))}


def build_event(body: dict[str, Any], players: list[str],
                ratings: dict[str, int] | None = None) -> Directed:
    """The library's event for a checked body (``ratings``: the initial ranking of a
    Swiss, a knockout's seeds; without them the entry order is the ranking)."""
    system = checked_combination(body, len(players))
    rated = ratings or {}
    infos = [PlayerInfo(n, rating=rated.get(n)) for n in players]
    name = str(body["name"])
    if system == "knockout":
        spec = body.get("knockout") or {}
        return Knockout(infos, seeding="rating" if rated else "order", name=name,
                        **knockout_options(spec))
    given = body.get("tiebreaks")
    if system == "swiss":
        return SwissTournament(infos, int(body["rounds"]), name=name,
                               tiebreaks=SWISS_TIEBREAKS if given is None else tuple(given),
                               bye_points=body.get("bye_points"),
                               requested_bye_points=body.get("requested_bye_points"),
                               accelerated=bool(body.get("accelerated")))
    return Tournament(infos, double=bool(body.get("double", False)), name=name,
                      tiebreaks=DEFAULT_TIEBREAKS if given is None else tuple(given))


def next_stage(body: dict[str, Any]) -> dict[str, Any] | None:
    """The stage to open when the event ends (``None``: none), as the options keep it;
    its options are checked now, on a stand-in field of its size."""
    stages = body.get("stages") or []
    if not stages:
        return None
    spec = dict(stages[0])
    stage_time_controls(spec)
    Knockout([f"p{i}" for i in range(int(spec["top"]))], **knockout_options(spec))
    return spec


__all__ = ["LIMITS", "build_event", "checked_combination", "knockout_options", "next_stage",
           "stage_time_controls"]
