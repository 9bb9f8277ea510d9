"""Rooms and the REST views: create, join, room and game views, PGN, history.

:class:`Rooms` is handed exactly what it needs (the game service's public actions, the
database, the clock, the signer); the web layer (:mod:`cotuong.server.web.app`) only
translates HTTP to these calls.

>>> validate_room_options({"rules": "asian", "color": "red"})["rules"]
'asian'
"""

from __future__ import annotations

import json
import secrets
import time
from collections.abc import Awaitable, Callable
from typing import Any

from cotuong.core.errors import CotuongError
from cotuong.core.types import Move
from cotuong.game import Game
from cotuong.records import GameRecord, write_pgn
from cotuong.referee.rules import presets
from cotuong.server.accounts import Player
from cotuong.server.errors import ServiceError, Words
from cotuong.server.play.protocol import Status
from cotuong.server.play.service import GameService
from cotuong.server.play.table import GameTable, RoomState
from cotuong.server.play.values import EVENT
from cotuong.server.realtime import Sockets
from cotuong.server.security import Signer
from cotuong.server.settings import ClockSource, Settings
from cotuong.server.storage import Database
from cotuong.server.timecontrol import TimeControl, TimeControlError

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: read aloud safely


def validate_room_options(opts: dict[str, Any]) -> dict[str, Any]:
    """Check and complete the create-room body; :class:`ServiceError` says what is wrong."""
    rules = opts.get("rules") or "xiangqiplay"
    if rules not in presets():
        raise ServiceError("BAD_REQUEST", "ERR_BAD_RULES", choices=", ".join(presets()))
    color = opts.get("color") or "random"
    if color not in ("red", "black", "random"):
        raise ServiceError("BAD_REQUEST", "ERR_BAD_COLOR")
    opponent = opts.get("opponent") or "human"
    if opponent not in ("human", "ai"):
        raise ServiceError("BAD_REQUEST", "ERR_BAD_OPPONENT")
    level = opts.get("ai_level")
    if opponent == "ai":
        if not isinstance(level, int) or isinstance(level, bool) or not 1 <= level <= 8:
            raise ServiceError("BAD_REQUEST", "ERR_BAD_LEVEL")
    else:
        level = None
    rated = opts.get("rated", False)
    if not isinstance(rated, bool):
        raise ServiceError("BAD_REQUEST", "ERR_BAD_RATED")
    try:
        tc = TimeControl.from_json(opts.get("time_control"))
    except TimeControlError as exc:
        raise ServiceError("BAD_TIME_CONTROL", detail=str(exc)) from None
    fen = opts.get("fen") or None
    if fen is not None:
        if not isinstance(fen, str):
            raise ServiceError("BAD_REQUEST", "ERR_BAD_FEN",
                               detail=Words("FEN phải là một chuỗi", "a FEN must be a text"))
        try:
            start = Game(fen, rules)
        except CotuongError as exc:
            raise ServiceError("BAD_REQUEST", "ERR_BAD_FEN",
                               detail=Words(f"mã lỗi {exc.code}", str(exc))) from None
        if start.outcome is not None:
            raise ServiceError("BAD_REQUEST", "ERR_FEN_OVER", why=Words(
                start.outcome.text("vi"), start.outcome.text("en")))
        fen = start.fen()
    lang = opts.get("lang") or "vi"
    if lang not in ("vi", "en"):
        raise ServiceError("BAD_REQUEST", "ERR_BAD_LANG")
    if rated and opponent == "ai":
        raise ServiceError("BAD_REQUEST", "ERR_RATED_AI")
    if rated and tc is None:
        raise ServiceError("BAD_REQUEST", "ERR_RATED_NEEDS_CLOCK")
    return {"rules": rules, "color": color, "opponent": opponent, "ai_level": level,
            "rated": rated, "tc": tc, "lang": lang, "fen": fen}


def room_code(code: str) -> str:
    """A room code from a path, upper-cased, or ``ROOM_NOT_FOUND`` if it cannot be one.

    >>> room_code("k7qx2m")
    'K7QX2M'
    """
    code = code.upper()
    if not (4 <= len(code) <= 16 and code.isalnum()):
        raise ServiceError("ROOM_NOT_FOUND", code=code[:16])
    return code


# The notations a game's PGN is written in (``GET /api/games/{id}/pgn?notation=``).
PGN_NOTATIONS = ("vi", "wxf", "zh")


class Rooms:
    """Create, join and view rooms and games."""

    def __init__(self, games: GameService, database: Database, clock: ClockSource,
                 signer: Signer, settings: Settings, sockets: Sockets,
                 shared: bool) -> None:
        self.games = games
        self.database = database
        self.store = database.store
        self.clock = clock
        self.signer = signer
        self.settings = settings
        self.sockets = sockets  # who is connected to each room
        self.shared = shared  # several processes: re-read rooms and games before showing
        self.seat_days = settings.seat_days
        self.site = settings.public_url
        # Called with (room code, slot) when a seated player joins their room: a
        # tournament learns its player has come (parts above play hear only this way).
        self.arrival_hooks: list[Callable[[str, str], Awaitable[None]]] = []

    async def _new_code(self) -> str:
        for _ in range(20):
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(6))
            if await self.database.run(self.store.room, code) is None:
                return code
        raise ServiceError("BAD_REQUEST", "ERR_NO_FREE_CODE")

    def seat_reply(self, room: RoomState, t: GameTable, slot: str,
                   base_url: str) -> dict[str, Any]:
        expires = self.clock.now_ms() + self.seat_days * 86_400_000
        return {
            "code": room.code,
            "slot": slot,
            "color": t.color_of(slot),
            "secret": self.signer.sign("seat", room.code, slot, expires_ms=expires),
            "invite_url": f"{base_url.rstrip('/')}/room/{room.code}",
            "ws_url": f"/ws/rooms/{room.code}",
        }

    async def create(self, player: Player, opts: dict[str, Any], base_url: str,
                     address: str | None = None) -> dict[str, Any]:
        """A room hosted by ``player`` (from client ``address``): at most
        ``ai_games_per_person`` unfinished AI games per person and per address."""
        o = validate_room_options(opts)
        if o["rated"] and not player.account:
            raise ServiceError("RATED_NEEDS_ACCOUNT")
        limit = self.settings.ai_games_per_person
        if o["opponent"] == "ai" and self._ai_games(player.identity, address) >= limit:
            raise ServiceError("AI_GAMES_LIMIT", limit=limit)
        room, t = await self._open(player, None, o, address)
        return {**self.seat_reply(room, t, "host", base_url), "room": await self.view(room.code)}

    def _ai_games(self, identity: str, address: str | None) -> int:
        """Unfinished AI games in memory made by ``identity`` or from ``address``."""
        made_from = self.games.addresses
        return sum(1 for t in self.games.live_tables()
                   if t.room.opponent == "ai" and not t.over
                   and (t.room.host_id == identity
                        or (address is not None and made_from.get(t.room.code) == address)))

    async def create_paired(self, host: Player, guest: Player, opts: dict[str, Any],
                            base_url: str) -> tuple[dict[str, Any], dict[str, Any]]:
        """A room with both seats taken at once (a lobby pairing): the game starts; the
        host's and the guest's seat replies."""
        room, t = await self._open(host, guest, validate_room_options(opts))
        view = await self.view(room.code)
        return ({**self.seat_reply(room, t, "host", base_url), "room": view},
                {**self.seat_reply(room, t, "guest", base_url), "room": view})

    async def create_reserved(self, red: Player, black: Player, rules: str,
                              tc: TimeControl | None, lang: str) -> tuple[str, int]:
        """A tournament board's room: ``red`` and ``black`` seated (their seats reserved:
        only they get a seat by joining), the game started; its code and game id."""
        o = {"rules": rules, "color": "red", "opponent": EVENT, "ai_level": None,
             "rated": False, "tc": tc, "lang": lang, "fen": None}
        room, t = await self._open(red, black, o)
        return room.code, t.id

    async def _open(self, player: Player, guest: Player | None, o: dict[str, Any],
                    address: str | None = None) -> tuple[RoomState, GameTable]:
        code = await self._new_code()
        color = o["color"] if o["color"] != "random" else secrets.choice(("red", "black"))
        ai = o["opponent"] == "ai"
        guest_id = "ai" if ai else guest.identity if guest else None
        guest_name = f"AI {o['ai_level']}" if ai else guest.name if guest else None
        row = {
            "code": code, "rules": o["rules"],
            "time_control": json.dumps(o["tc"].to_json()) if o["tc"] else None,
            "rated": o["rated"], "opponent": o["opponent"], "ai_level": o["ai_level"],
            "lang": o["lang"], "host_id": player.identity, "host_name": player.name,
            "host_color": color, "guest_id": guest_id, "guest_name": guest_name,
            "current_game_id": None, "created_at": self.clock.now_ms(),
            "start_fen": o["fen"],
        }
        await self.database.run(self.store.create_room, row)
        room = RoomState.from_row(row)
        self.games.adopt_room(room, address)
        t = await self.games.start_game(room, "host" if color == "red" else "guest")
        return room, t

    async def join(self, code: str, player: Player, base_url: str) -> dict[str, Any]:
        room = await self.games.room(code, fresh=self.shared)
        if player.identity == room.host_id:
            slot = "host"
        elif player.identity == room.guest_id:
            slot = "guest"
        elif room.guest_id is None:
            if (await self.games.current(code)).over:
                raise ServiceError("ROOM_CLOSED")  # the invitation expired or was cancelled
            if room.rated and not player.account:
                raise ServiceError("RATED_NEEDS_ACCOUNT")
            slot = "guest"
            await self.games.seat_guest(code, player.identity, player.name)
            room = await self.games.room(code)
        elif room.event:  # a tournament's board: anyone else watches
            return {"code": room.code, "slot": None, "color": "spectator", "secret": None,
                    "invite_url": f"{base_url.rstrip('/')}/room/{room.code}",
                    "ws_url": f"/ws/rooms/{room.code}", "room": await self.view(code)}
        else:
            raise ServiceError("ROOM_FULL")
        t = await self.games.current(code)
        reply = {**self.seat_reply(room, t, slot, base_url), "room": await self.view(code)}
        for hook in self.arrival_hooks:
            await hook(room.code, slot)
        return reply

    async def view(self, code: str) -> dict[str, Any]:
        room = await self.games.room(code, fresh=self.shared)
        t = await self.games.current(code)
        connected = self.sockets.connected(code)
        players: dict[str, Any] = {}
        for slot in ("host", "guest"):
            name = room.slot_name(slot)
            players[slot] = None if name is None else {
                "name": name, "color": t.color_of(slot),
                "connected": connected[slot] or (room.opponent == "ai" and slot == "guest")}
        return {
            "code": room.code, "rules": room.rules, "rated": room.rated,
            "time_control": room.tc.to_json() if room.tc else None,
            "opponent": room.opponent, "ai_level": room.ai_level, "lang": room.lang,
            "players": players, "game_id": t.id, "status": t.status,
            "games": await self.database.run(self.store.room_game_ids, code),
            "created_at": room.created_at,
            # A waiting room closes by itself then (null: it does not wait, or never).
            "expires_at": t.deadline(0, self.settings.waiting_room_ms)
            if t.status is Status.WAITING else None,
        }

    async def game_state(self, game_id: int) -> dict[str, Any]:
        """``GET /api/games/{id}`` (anyone: ids are sequential). A game still waiting for
        its second player is shown without its room's code, the invitation to its seat."""
        t = await self.games.load(game_id, fresh=self.shared)
        state = self.games.state(t)
        if t.status is Status.WAITING:
            state["room"] = None
        self.games.evict_if_idle(t.room.code)
        return state

    async def history(self, identity: str, limit: int, before: int | None,
                      public: bool = False) -> list[dict[str, Any]]:
        """A player's games, newest first. ``public`` (someone else's history): a room
        still waiting for its second player is shown without its code — the code is
        the invitation, and whoever has it may take the free seat."""
        limit = max(1, min(limit, 200))
        rows = await self.database.run(self.store.history, identity, limit, before)
        return [_summary(r, public) for r in rows]

    async def user_history(self, username: str, limit: int,
                           before: int | None) -> list[dict[str, Any]]:
        user = await self.database.run(self.store.user_by_name, username[:64])
        if user is None:
            raise ServiceError("USER_NOT_FOUND", username=username[:64])
        return await self.history(f"u:{user['id']}", limit, before, public=True)

    async def pgn(self, game_id: int, notation: str) -> str:
        if notation not in PGN_NOTATIONS:
            raise ServiceError("BAD_NOTATION")
        t = await self.games.load(game_id, fresh=self.shared)
        row = await self.database.run(self.store.game, game_id)
        assert row is not None
        started = row["started_at"] or row["created_at"]
        date = time.strftime("%Y.%m.%d", time.gmtime(started / 1000))
        headers = {"Event": "cotuong " + ("rated" if t.room.rated else "casual"),
                   "Site": self.site or "cotuong",
                   "Date": date, "Round": "-",
                   "Red": row["red_name"] or "?", "Black": row["black_name"] or "?",
                   "Rules": t.room.rules,
                   "TimeControl": _pgn_time_control(t.room.tc)}
        result = "*"
        if t.end is not None:
            result = t.end.result
            headers["Termination"] = t.end.text("en" if notation == "wxf" else "vi")
        record = GameRecord(headers, t.start_fen, tuple(Move.from_iccs(m) for m in t.moves),
                            result)
        self.games.evict_if_idle(t.room.code)
        return write_pgn(record, notation)


def _summary(row: dict[str, Any], public: bool = False) -> dict[str, Any]:
    hidden = public and row["status"] == Status.WAITING
    return {"game_id": row["id"], "room": None if hidden else row["room_code"],
            "red": row["red_name"],
            "black": row["black_name"], "result": row["result"], "status": row["status"],
            "termination": row["termination"], "plies": row["plies"],
            "started_at": row["started_at"], "ended_at": row["ended_at"]}


def _pgn_time_control(tc: TimeControl | None) -> str:
    """PGN-style seconds: ``600+5`` (Fischer), ``0+30/move`` (byo-yomi), ``-`` (none)."""
    if tc is None:
        return "-"
    if tc.kind == "fischer":
        return f"{tc.base_ms // 1000}+{tc.increment_ms // 1000}"
    return f"{tc.base_ms // 1000}+{tc.period_ms // 1000}/move"
