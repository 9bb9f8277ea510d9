"""What the table shows: the ``state`` frame (section 4.2 of the protocol).

>>> from cotuong.server.play.values import RoomState
>>> room = RoomState.from_row(dict(code="ABC234", rules="xiangqiplay", time_control=None,
...     rated=False, opponent="ai", ai_level=2, lang="vi", host_id="g:1",
...     host_name="A", host_color="red", guest_id="ai", guest_name="AI 2",
...     current_game_id=1, created_at=0))
>>> from cotuong.server.play.table import START_FEN
>>> t = GameTable.new(1, room, "host", START_FEN, started=True)
>>> s = state_frame(t, 0, {"host": True}, 0, 120_000)
>>> s["players"]["black"]["name"], s["status"], len(s["legal_moves"])
('AI 2', <Status.PLAYING: 'playing'>, 44)
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from json.encoder import encode_basestring
from typing import Any

from cotuong.server.play.protocol import Color, Status
from cotuong.server.play.table import GameTable
from cotuong.server.ratings import category
from cotuong.server.ratings import store as rating_store
from cotuong.server.realtime import frame, localized, with_full
from cotuong.server.storage import Database
from cotuong.server.timecontrol import START_PLY

__all__ = ["frame_text", "in_force", "load_ratings", "moved_frame", "moved_text", "players",
           "shown_players", "state_frame", "state_message"]
LANGS = ("vi", "en")


def in_force(t: GameTable) -> list[bool]:
    """For each of ``t.warnings``, whether it still applies: an arbiter's order while it
    is pending (not yet obeyed, lapsed or settled), and the latest repetition warning
    while the loop is still being played (the current position occurred before since the
    last capture). A finished game has none in force.

    >>> from cotuong.server.play.values import RoomState
    >>> room = RoomState.from_row(dict(code="ABC234", rules="asian", time_control=None,
    ...     rated=False, opponent="human", ai_level=None, lang="vi", host_id="g:1",
    ...     host_name="A", host_color="red", guest_id="g:2", guest_name="B",
    ...     current_game_id=1, created_at=0))
    >>> from cotuong.core.types import Move
    >>> t = GameTable.new(1, room, "host", "c2a1k3/2c1a2R1/e6P1/8p/9/9/9/9/4K4/9 w - - 0 1",
    ...                   started=True)
    >>> for m in ["h8h9", "f9f8", "h9h8", "f8f9"] * 2:
    ...     _ = t.replay(Move.from_iccs(m))
    >>> in_force(t)  # the warning at the 2nd occurrence, then the order at the 3rd
    [False, True]
    >>> _ = t.replay(Move.from_iccs("h8g8"))  # Red changed: the order is obeyed
    >>> in_force(t)
    [False, False]
    """
    if not t.warnings or t.over or t.game.outcome is not None:
        return [False] * len(t.warnings)
    pending = t.game.pending_order
    order_plies = {r.order.ply for r in t.game.orders}
    board = t.view()[0]
    since_capture = board.key_history()[-(board.halfmove_clock + 1):]
    looping = since_capture.count(since_capture[-1]) >= 2
    last = len(t.warnings) - 1
    out = []
    for i, w in enumerate(t.warnings):
        if w["ply"] in order_plies:
            out.append(pending is not None and pending.ply == w["ply"])
        else:
            out.append(i == last and looping)
    return out


def players(t: GameTable, connected: dict[str, bool]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for color in Color:
        slot = t.slot_of(color)
        name = t.room.slot_name(slot)
        if t.is_ai(color):
            out[color] = {"slot": slot, "name": f"AI {t.room.ai_level}",
                          "connected": True, "ai_level": t.room.ai_level}
        elif name is None:
            out[color] = None
        else:
            out[color] = {"slot": slot, "name": name,
                          "connected": connected.get(slot, False), "ai_level": None,
                          "rating": t.player_ratings.get(color)}
    return out

def shown_players(t: GameTable, connected: dict[str, bool]) -> dict[str, Any]:
    """:func:`players`, kept on the table (``t.players_shown``, with its JSON text for
    :func:`moved_text`) while what it depends on is unchanged: the same object each time,
    to be read only.

    >>> from cotuong.server.play.values import RoomState
    >>> room = RoomState.from_row(dict(code="ABC234", rules="xiangqiplay",
    ...     time_control=None, rated=False, opponent="human", ai_level=None, lang="vi",
    ...     host_id="g:1", host_name="A", host_color="red", guest_id="g:2",
    ...     guest_name="B", current_game_id=1, created_at=0))
    >>> from cotuong.server.play.table import START_FEN
    >>> t = GameTable.new(1, room, "host", START_FEN, started=True)
    >>> a = shown_players(t, {"host": True})
    >>> a is shown_players(t, {"host": True}), a == players(t, {"host": True})
    (True, True)
    >>> shown_players(t, {"host": True, "guest": True})["black"]["connected"]
    True
    """
    room = t.room
    key = (connected.get("host", False), connected.get("guest", False), t.red_slot,
           room.host_name, room.guest_name, room.opponent, room.ai_level,
           tuple(t.player_ratings.items()))
    shown = t.players_shown
    if shown is None or shown[0] != key:
        value = players(t, connected)
        shown = t.players_shown = (key, value, _ENCODE(value))
    return shown[1]


def state_frame(t: GameTable, now_ms: int, connected: dict[str, bool], spectators: int,
                abandon_ms: int, lang: str | None = None, ai_warming: bool = False,
                history: bool = True) -> dict[str, Any]:
    """The ``state`` frame (:class:`~cotuong.server.play.protocol.State`; built as a plain
    dict, since it is sent after every change). Warnings' ``text`` is in ``lang``
    (default: the room's); ``ai_warming`` while the AI to move waits for its engine's
    warm-up. ``history=False`` leaves out the move lists (``moves``, ``move_texts``),
    which only grow: :func:`moved_frame` builds on that."""
    _, fen, legal, check = t.view()
    playing = t.status is Status.PLAYING
    tc = t.room.tc
    abandon = None
    if playing and t.disconnected:
        color, since = min(t.disconnected.items(), key=lambda kv: kv[1])
        abandon = {"color": color, "deadline_ms": since + abandon_ms}
    warnings = [{**w, "in_force": f} for w, f in zip(t.warnings, in_force(t), strict=True)]
    if lang is not None and lang != t.room.lang:
        warnings = [{**w, "text": w["texts"].get(lang, w["text"])} for w in warnings]
    lists = {"moves": list(t.moves),
             "move_texts": {n: list(t) for n, t in t.texts.items()}} if history else {}
    return {
        "type": "state", "game_id": t.id, "room": t.room.code,
        "status": t.status, "rules": t.room.rules, "rated": t.room.rated,
        "start_fen": t.start_fen, "fen": fen, "ply": t.ply, "turn": t.turn,
        **lists,
        "last_move": t.moves[-1] if t.moves else None,
        "check": check,
        "legal_moves": list(legal) if playing else [],
        "clocks": (t.clock.to_json(now_ms, tc)
                   if t.clock is not None and tc is not None else None),
        "players": shown_players(t, connected),
        "spectators": spectators,
        "draw_offer": t.draw_offer,
        "takeback_request": t.takeback_request,
        "rematch_request": t.rematch_request,
        "can_abort": playing and t.ply < START_PLY and not t.room.event,
        "warnings": warnings,
        "abandon": abandon,
        "outcome": t.end.to_json() if t.end else None,
        "ratings": t.rating_change,
        "ai_warming": ai_warming,
    }


# What a ``moved`` frame leaves out: the game's constants and the growing move lists.
_NOT_MOVED = frozenset({"type", "room", "rules", "rated", "start_fen"})


def moved_frame(t: GameTable, state: dict[str, Any]) -> dict[str, Any]:
    """The ``moved`` frame (:class:`~cotuong.server.play.protocol.Moved`) of the move that
    just made ``state`` (built with ``history=False``): the move in each notation and
    every field of the state that can change, without the move lists and the game's
    constants, so its size does not grow with the game. A client whose state has ply
    ``ply - 1`` of the same game appends the move; any other asks for the state.

    >>> from cotuong.server.play.values import RoomState
    >>> from cotuong.core.types import Move
    >>> room = RoomState.from_row(dict(code="ABC234", rules="xiangqiplay",
    ...     time_control=None, rated=False, opponent="human", ai_level=None, lang="vi",
    ...     host_id="g:1", host_name="A", host_color="red", guest_id="g:2",
    ...     guest_name="B", current_game_id=1, created_at=0))
    >>> from cotuong.server.play.table import START_FEN
    >>> t = GameTable.new(1, room, "host", START_FEN, started=True)
    >>> _ = t.replay(Move.from_iccs("h2e2"))
    >>> f = moved_frame(t, state_frame(t, 0, {}, 0, 120_000, history=False))
    >>> f["type"], f["ply"], f["move"], f["texts"]["wxf"], "moves" in f
    ('moved', 1, 'h2e2', 'C2.5', False)
    """
    return {"type": "moved", "game_id": t.id, "move": t.moves[-1],
            "texts": {n: texts[-1] for n, texts in t.texts.items()},
            **{k: v for k, v in state.items() if k not in _NOT_MOVED}}


# The state's fields whose values are ASCII words or ICCS/FEN texts (no escaping needed).
_PLAIN_TEXT = frozenset({"status", "turn", "fen", "last_move"})
_ENCODE = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode  # as frame()
_STRING = encode_basestring  # a JSON string as frame() writes it (not ASCII-escaped)


def moved_text(t: GameTable, state: dict[str, Any]) -> str:
    """``frame(moved_frame(t, state))``, the same text written directly: the scalars and
    the plain texts by hand, the rest (texts, players, clocks, warnings…) by the JSON
    encoder, so a field added to the state is written like any other.

    >>> from cotuong.server.play.values import RoomState
    >>> from cotuong.core.types import Move
    >>> room = RoomState.from_row(dict(code="ABC234", rules="xiangqiplay",
    ...     time_control=None, rated=False, opponent="human", ai_level=None, lang="vi",
    ...     host_id="g:1", host_name="A", host_color="red", guest_id="g:2",
    ...     guest_name="B", current_game_id=1, created_at=0))
    >>> from cotuong.server.play.table import START_FEN
    >>> t = GameTable.new(1, room, "host", START_FEN, started=True)
    >>> _ = t.replay(Move.from_iccs("h2e2"))
    >>> s = state_frame(t, 0, {}, 0, 120_000, history=False)
    >>> moved_text(t, s) == frame(moved_frame(t, s))
    True
    """
    out = ['{"type":"moved","game_id":', str(t.id), ',"move":"', t.moves[-1], '","texts":{',
           ",".join(['"' + n + '":' + _STRING(texts[-1]) for n, texts in t.texts.items()]),
           "}"]
    add = out.append
    shown = t.players_shown
    for key, value in state.items():
        if key in _NOT_MOVED or key == "game_id":
            continue
        add(',"' + key + '":')
        if value is None:
            add("null")
        elif value is True:
            add("true")
        elif value is False:
            add("false")
        elif type(value) is int:
            add(str(value))
        elif key in _PLAIN_TEXT:
            add('"' + value + '"')
        elif key == "legal_moves":
            add(_plain_list(value))
        elif value == [] and type(value) is list:
            add("[]")
        elif key == "players" and shown is not None and value is shown[1]:
            add(shown[2])
        else:
            add(_ENCODE(value))
    add("}")
    return "".join(out)


def state_message(t: GameTable, build: Callable[[str | None, bool], dict[str, Any]],
                  moved: bool, full_needed: bool) -> str:
    """The broker message of ``t``'s new state, each text serialised once for every
    socket that gets it: after a move (``moved``) its ``moved`` frame, and the full
    ``state`` as well when some socket may not apply deltas (``full_needed``); otherwise
    the ``state``. One variant per language when the warnings' texts differ by language.
    ``build(lang, history)`` builds the state dict (:func:`state_frame`)."""
    per_lang = any(w["texts"].get(x, w["text"]) != w["text"]
                   for w in t.warnings for x in LANGS)

    def texts(make: Callable[[str | None], str]) -> str:
        if not per_lang:
            return make(None)
        return localized(t.room.lang, {x: make(x) for x in LANGS})
    if not (moved and t.moves):
        return texts(lambda x: frame_text(build(x, True)))
    delta = texts(lambda x: moved_text(t, build(x, False)))
    return with_full(delta, texts(lambda x: frame_text(build(x, True)))) if full_needed \
        else delta


def frame_text(obj: dict[str, Any]) -> str:
    """:func:`~cotuong.server.realtime.frame` of a state or ``moved`` frame just built
    (``obj`` is consumed): its legal moves, ICCS texts that need no escaping, are joined
    as text rather than read one by one by the JSON encoder, and come last. Parsed, it is
    the same object.

    >>> frame_text({"type": "state", "legal_moves": ["h2e2", "b2e2"], "ply": 0})
    '{"type":"state","ply":0,"legal_moves":["h2e2","b2e2"]}'
    """
    legal = obj.pop("legal_moves", None)
    text = frame(obj)
    if legal is None:
        return text
    return text[:-1] + ',"legal_moves":' + _plain_list(legal) + "}"


def _plain_list(texts: list[str]) -> str:
    """The JSON array of texts that need no escaping (ICCS moves), joined by hand."""
    return '["' + '","'.join(texts) + '"]' if texts else "[]"


async def load_ratings(database: Database, t: GameTable) -> None:
    """A rated game's ratings: each player's before it and, once it is over, the changes
    the store applied (``t.player_ratings``, ``t.rating_change``)."""
    if not t.room.rated:
        return
    engine = database.store.engine
    ids = {c: t.room.slot_identity(t.slot_of(c)) or "" for c in Color}
    rows = await database.run(rating_store.game_changes, engine, t.id) if t.over else []
    kind = category(t.room.tc)
    by_color = {c: next((r for r in rows if f"u:{r['user_id']}" == ids[c]), None)
                for c in Color}
    for color, identity in ids.items():
        row = by_color[color]
        if row is not None:
            t.player_ratings[color] = round(row["rating_before"])
        elif identity.startswith("u:") and kind is not None:
            r = await database.run(rating_store.rating_of, engine, int(identity[2:]), kind)
            t.player_ratings[color] = round(r.rating)
    if rows:
        t.rating_change = {
            c: {"before": round(r["rating_before"]), "after": round(r["rating_after"]),
                "delta": round(r["rating_after"]) - round(r["rating_before"]),
                "rd": round(r["rd_after"]), "category": r["category"]}
            for c, r in by_color.items() if r is not None}


def move_percentiles(seconds: Iterable[float]) -> dict[str, Any]:
    """``/api/stats``' move handling times (ms): how many, p50, p99 and the maximum.

    >>> move_percentiles([0.001, 0.002, 0.010])["move_ms_max"]
    10.0
    """
    times = sorted(seconds)

    def pct(q: float) -> float | None:
        return round(times[min(len(times) - 1, int(q * len(times)))] * 1000, 2) \
            if times else None
    return {"moves_timed": len(times), "move_ms_p50": pct(0.5), "move_ms_p99": pct(0.99),
            "move_ms_max": pct(1.0)}
