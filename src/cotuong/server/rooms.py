"""Rooms and the REST views: create, join, room and game views, PGN, history.

Functions take the :class:`~cotuong.server.service.GameService` they act on; the web
layer (:mod:`cotuong.server.app`) only translates HTTP to these calls.

>>> validate_room_options({"rules": "asian", "color": "red"})["rules"]
'asian'
"""

from __future__ import annotations

import json
import secrets
import time
from dataclasses import dataclass
from typing import Any

from cotuong.core.errors import CotuongError
from cotuong.core.fen import START_FEN
from cotuong.core.types import Move
from cotuong.game import Game
from cotuong.records import GameRecord, write_pgn
from cotuong.referee.rules import presets
from cotuong.server.errors import ServiceError
from cotuong.server.live import LiveGame, RoomState
from cotuong.server.service import GameService
from cotuong.server.timecontrol import TimeControl, TimeControlError

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: read aloud safely


@dataclass(frozen=True, slots=True)
class Player:
    """Who is asking: a stable identity (``u:<id>`` or ``g:<guest>``) and a display name."""

    identity: str
    name: str


def validate_room_options(opts: dict[str, Any]) -> dict[str, Any]:
    """Check and complete the create-room body; :class:`ServiceError` says what is wrong."""
    rules = opts.get("rules") or "xiangqiplay"
    if rules not in presets():
        raise ServiceError("BAD_REQUEST", f"rules must be one of {', '.join(presets())}")
    color = opts.get("color") or "random"
    if color not in ("red", "black", "random"):
        raise ServiceError("BAD_REQUEST", "color must be 'red', 'black' or 'random'")
    opponent = opts.get("opponent") or "human"
    if opponent not in ("human", "ai"):
        raise ServiceError("BAD_REQUEST", "opponent must be 'human' or 'ai'")
    level = opts.get("ai_level")
    if opponent == "ai":
        if not isinstance(level, int) or isinstance(level, bool) or not 1 <= level <= 8:
            raise ServiceError("BAD_REQUEST", "ai_level must be 1..8 for a game against the AI")
    else:
        level = None
    rated = opts.get("rated", False)
    if not isinstance(rated, bool):
        raise ServiceError("BAD_REQUEST", "rated must be true or false")
    try:
        tc = TimeControl.from_json(opts.get("time_control"))
    except TimeControlError as exc:
        raise ServiceError("BAD_TIME_CONTROL", str(exc)) from None
    fen = opts.get("fen") or None
    if fen is not None:
        if not isinstance(fen, str):
            raise ServiceError("BAD_REQUEST", "fen must be a FEN text")
        try:
            start = Game(fen, rules)
        except CotuongError as exc:
            raise ServiceError("BAD_REQUEST", f"fen: {exc}") from None
        if start.outcome is not None:
            raise ServiceError("BAD_REQUEST", f"fen: the game is already over there "
                               f"({start.outcome.explanation})")
        fen = start.fen()
    lang = opts.get("lang") or "vi"
    if lang not in ("vi", "en"):
        raise ServiceError("BAD_REQUEST", "lang must be 'vi' or 'en'")
    return {"rules": rules, "color": color, "opponent": opponent, "ai_level": level,
            "rated": rated, "tc": tc, "lang": lang, "fen": fen}


async def _new_code(service: GameService) -> str:
    for _ in range(20):
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(6))
        if await service.db(service.store.room, code) is None:
            return code
    raise ServiceError("BAD_REQUEST", "could not find a free room code; try again")


def seat_reply(service: GameService, room: RoomState, g: LiveGame, slot: str,
               base_url: str) -> dict[str, Any]:
    expires = service.clock.now_ms() + service.settings.seat_days * 86_400_000
    return {
        "code": room.code,
        "slot": slot,
        "color": g.color_of(slot),
        "secret": service.signer.sign("seat", room.code, slot, expires_ms=expires),
        "invite_url": f"{base_url.rstrip('/')}/room/{room.code}",
        "ws_url": f"/ws/rooms/{room.code}",
    }


async def start_game(service: GameService, room: RoomState, red_slot: str) -> LiveGame:
    """A new game in ``room`` (the first one or a rematch), stored and made current."""
    now = service.clock.now_ms()
    seated = room.guest_id is not None
    g_status = "playing" if seated else "waiting"
    red, black = (("host", "guest") if red_slot == "host" else ("guest", "host"))
    start_fen = room.start_fen or START_FEN
    row = {
        "room_code": room.code, "red_slot": red_slot, "start_fen": start_fen,
        "status": g_status, "result": "*", "plies": 0, "version": 0, "created_at": now,
        "started_at": now if seated else None,
        "red_player": room.slot_identity(red), "black_player": room.slot_identity(black),
        "red_name": room.slot_name(red), "black_name": room.slot_name(black),
        "red_ms": room.tc.base_ms if room.tc else None,
        "black_ms": room.tc.base_ms if room.tc else None,
    }
    game_id = await service.db(service.store.create_game, row, {})
    room.current_game_id = game_id
    g = LiveGame.new(game_id, room, red_slot, start_fen)
    g.status = g_status
    service.games[game_id] = g
    service._maybe_ai(g)
    return g


async def create_room(service: GameService, player: Player, opts: dict[str, Any],
                      base_url: str) -> dict[str, Any]:
    o = validate_room_options(opts)
    code = await _new_code(service)
    color = o["color"] if o["color"] != "random" else secrets.choice(("red", "black"))
    ai = o["opponent"] == "ai"
    row = {
        "code": code, "rules": o["rules"],
        "time_control": json.dumps(o["tc"].to_json()) if o["tc"] else None,
        "rated": o["rated"], "opponent": o["opponent"], "ai_level": o["ai_level"],
        "lang": o["lang"], "host_id": player.identity, "host_name": player.name,
        "host_color": color, "guest_id": "ai" if ai else None,
        "guest_name": f"AI {o['ai_level']}" if ai else None,
        "current_game_id": None, "created_at": service.clock.now_ms(),
        "start_fen": o["fen"],
    }
    await service.db(service.store.create_room, row)
    room = RoomState.from_row(row)
    service.rooms[code] = room
    g = await start_game(service, room, "host" if color == "red" else "guest")
    return {**seat_reply(service, room, g, "host", base_url),
            "room": await room_view(service, code)}


async def join_room(service: GameService, code: str, player: Player,
                    base_url: str) -> dict[str, Any]:
    room = await service.room(code, fresh=service.broker.shared)
    if player.identity == room.host_id:
        slot = "host"
    elif player.identity == room.guest_id:
        slot = "guest"
    elif room.guest_id is None:
        slot = "guest"
        async with service.locked(code) as g:
            room = g.room
            if room.guest_id is not None:
                raise ServiceError("ROOM_FULL", "both seats are taken; watch as a spectator")
            room.guest_id, room.guest_name = player.identity, player.name
            await service.db(service.store.update_room, code,
                             {"guest_id": player.identity, "guest_name": player.name})
            extra: dict[str, Any] = {}
            if g.status == "waiting":
                g.status = "playing"
                now = service.clock.now_ms()
                extra = {"started_at": now,
                         f"{g.color_of('guest')}_player": player.identity,
                         f"{g.color_of('guest')}_name": player.name}
            await service._save(g, extra)
            await service.publish(g, [{"kind": "player_joined", "color": g.color_of("guest")}])
            service._maybe_ai(g)
    else:
        raise ServiceError("ROOM_FULL", "both seats are taken; watch as a spectator")
    g = await service.current(code)
    return {**seat_reply(service, room, g, slot, base_url),
            "room": await room_view(service, code)}


async def room_view(service: GameService, code: str) -> dict[str, Any]:
    room = await service.room(code, fresh=service.broker.shared)
    g = await service.current(code)
    connected = service.connected(code)
    players: dict[str, Any] = {}
    for slot in ("host", "guest"):
        name = room.slot_name(slot)
        players[slot] = None if name is None else {
            "name": name, "color": g.color_of(slot),
            "connected": connected[slot] or (room.opponent == "ai" and slot == "guest")}
    return {
        "code": room.code, "rules": room.rules, "rated": room.rated,
        "time_control": room.tc.to_json() if room.tc else None,
        "opponent": room.opponent, "ai_level": room.ai_level, "lang": room.lang,
        "players": players, "game_id": g.id, "status": g.status,
        "games": await service.db(service.store.room_game_ids, code),
        "created_at": room.created_at,
    }


async def game_state(service: GameService, game_id: int) -> dict[str, Any]:
    g = await service.load(game_id, fresh=service.broker.shared)
    state = service.state(g)
    service.evict_if_idle(g.room.code)
    return state


def _summary(row: dict[str, Any]) -> dict[str, Any]:
    return {"game_id": row["id"], "room": row["room_code"], "red": row["red_name"],
            "black": row["black_name"], "result": row["result"], "status": row["status"],
            "termination": row["termination"], "plies": row["plies"],
            "started_at": row["started_at"], "ended_at": row["ended_at"]}


async def history(service: GameService, identity: str, limit: int,
                  before: int | None) -> list[dict[str, Any]]:
    limit = max(1, min(limit, 200))
    rows = await service.db(service.store.history, identity, limit, before)
    return [_summary(r) for r in rows]


def _pgn_time_control(tc: TimeControl | None) -> str:
    """PGN-style seconds: ``600+5`` (Fischer), ``0+30/move`` (byo-yomi), ``-`` (none)."""
    if tc is None:
        return "-"
    if tc.kind == "fischer":
        return f"{tc.base_ms // 1000}+{tc.increment_ms // 1000}"
    return f"{tc.base_ms // 1000}+{tc.period_ms // 1000}/move"


async def pgn(service: GameService, game_id: int, notation: str) -> str:
    if notation not in ("vi", "wxf", "zh"):
        raise ServiceError("BAD_NOTATION", "notation must be vi, wxf or zh")
    g = await service.load(game_id, fresh=service.broker.shared)
    row = await service.db(service.store.game, game_id)
    assert row is not None
    started = row["started_at"] or row["created_at"]
    date = time.strftime("%Y.%m.%d", time.gmtime(started / 1000))
    headers = {"Event": "cotuong " + ("rated" if g.room.rated else "casual"),
               "Site": service.settings.public_url or "cotuong",
               "Date": date, "Round": "-",
               "Red": row["red_name"] or "?", "Black": row["black_name"] or "?",
               "Rules": g.room.rules,
               "TimeControl": _pgn_time_control(g.room.tc)}
    result = "*"
    if g.outcome is not None:
        result = g.outcome["result"]
        lang = "en" if notation == "wxf" else "vi"
        headers["Termination"] = g.outcome["explanation"][lang]
    record = GameRecord(headers, g.start_fen, tuple(Move.from_iccs(m) for m in g.moves), result)
    service.evict_if_idle(g.room.code)
    return write_pgn(record, notation)
