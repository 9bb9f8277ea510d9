"""What the platform shows of ratings: a rated game's ratings (before it, and the change
the store applied at its end), an account's profile and the leaderboards.

The update itself happens in the store, in the transaction that ends the game
(:func:`cotuong.server.rating_store.apply_rate_game`); here everything is read back, so
what players see is what was committed.

>>> [round(PROVISIONAL_RD)]
[110]
"""

from __future__ import annotations

from typing import Any

from cotuong.server import rating_store
from cotuong.server.categories import CATEGORIES, category
from cotuong.server.database import Database
from cotuong.server.errors import ServiceError
from cotuong.server.protocol import Color
from cotuong.server.rating_store import PROVISIONAL_RD
from cotuong.server.store import games, users
from cotuong.server.table import GameTable

HISTORY_POINTS = 200  # rating-graph points per profile (the latest games)


async def load(database: Database, t: GameTable) -> None:
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


def _rating_view(row: dict[str, Any]) -> dict[str, Any]:
    return {"rating": round(row["rating"]), "rd": round(row["rd"]),
            "provisional": row["rd"] > PROVISIONAL_RD, "games": row["games"],
            "wins": row["wins"], "draws": row["draws"], "losses": row["losses"]}


class Profiles:
    """``GET /api/users/{username}`` and ``GET /api/leaderboard``."""

    def __init__(self, database: Database) -> None:
        self.database = database
        self.engine = database.store.engine

    async def user(self, username: str) -> dict[str, Any]:
        """An account's ratings per category, result counts and rating history."""
        user = await self.database.run(self.database.store.user_by_name, username[:64])
        if user is None:
            raise ServiceError("USER_NOT_FOUND", username=username[:64])
        uid = int(user["id"])
        rows = await self.database.run(rating_store.user_ratings, self.engine, uid)
        counts = await self.database.run(rating_store.result_counts, self.engine, games,
                                         f"u:{uid}")
        history = await self.database.run(rating_store.user_history, self.engine, uid,
                                          HISTORY_POINTS * len(CATEGORIES))
        names = await self._names({h["opponent_id"] for h in history})
        points: dict[str, list[dict[str, Any]]] = {}
        for h in history:
            points.setdefault(h["category"], []).append({
                "game_id": h["game_id"], "at_ms": h["at_ms"], "score": h["score"],
                "rating": round(h["rating_after"]),
                "delta": round(h["rating_after"]) - round(h["rating_before"]),
                "opponent": names.get(h["opponent_id"], "?")})
        return {"username": user["username"], "created_at": user["created_at"],
                "ratings": {r["category"]: _rating_view(r) for r in rows},
                "counts": counts,
                "history": {k: v[-HISTORY_POINTS:] for k, v in points.items()}}

    async def _names(self, user_ids: set[int]) -> dict[int, str]:
        out = {}
        for uid in user_ids:
            row = await self.database.run(self.database.store.user_by_id, uid)
            if row is not None:
                out[uid] = str(row["username"])
        return out

    async def leaderboard(self, kind: str, limit: int) -> dict[str, Any]:
        if kind not in CATEGORIES:
            raise ServiceError("BAD_REQUEST", "ERR_BAD_CATEGORY", choices=", ".join(CATEGORIES))
        rows = await self.database.run(rating_store.leaderboard, self.engine, users, kind,
                                       max(1, min(limit, 200)))
        return {"category": kind, "players": [
            {"rank": i + 1, "username": r["username"], **_rating_view(r)}
            for i, r in enumerate(rows)]}
