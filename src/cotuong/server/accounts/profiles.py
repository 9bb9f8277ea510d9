"""What the platform shows of ratings: a rated game's ratings (before it, and the change
the store applied at its end), an account's profile and the leaderboards.

The update itself happens in the store, in the transaction that ends the game
(:func:`cotuong.server.ratings.store.apply_rate_game`); here everything is read back, so
what players see is what was committed.

>>> [round(PROVISIONAL_RD)]
[110]
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, select
from sqlalchemy.engine import Engine

from cotuong.server.errors import ServiceError
from cotuong.server.ratings import CATEGORIES, PROVISIONAL_RD
from cotuong.server.ratings import store as rating_store
from cotuong.server.storage import Database, games, users

HISTORY_POINTS = 200  # rating-graph points per profile (the latest games)


def _rating_view(row: dict[str, Any]) -> dict[str, Any]:
    return {"rating": round(row["rating"]), "rd": round(row["rd"]),
            "provisional": row["rd"] > PROVISIONAL_RD, "games": row["games"],
            "wins": row["wins"], "draws": row["draws"], "losses": row["losses"]}


def _leaderboard(engine: Engine, category: str, limit: int) -> list[dict[str, Any]]:
    """The best established ratings of a category (RD ≤ 110 first, then by rating)."""
    with engine.connect() as c:
        ratings = rating_store.ratings
        q = (select(ratings, users.c.username, users.c.display_name)
             .join(users, users.c.id == ratings.c.user_id)
             .where(ratings.c.category == category)
             .order_by((ratings.c.rd > PROVISIONAL_RD).asc(), ratings.c.rating.desc(),
                       ratings.c.user_id.asc())
             .limit(limit))
        return [dict(r) for r in c.execute(q).mappings()]


def _result_counts(engine: Engine, identity: str) -> dict[str, int]:
    """Finished games of a player (rated or not): ``games``, ``wins``, ``draws``,
    ``losses`` (aborted games are not counted)."""
    counts = {"games": 0, "wins": 0, "draws": 0, "losses": 0}
    with engine.connect() as c:
        for side in ("red", "black"):
            q = (select(games.c.winner, func.count())
                 .where(games.c[f"{side}_player"] == identity,
                        games.c.status == "finished")
                 .group_by(games.c.winner))
            for winner, n in c.execute(q):
                counts["games"] += n
                key = "draws" if winner is None else "wins" if winner == side else "losses"
                counts[key] += n
    return counts


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
        counts = await self.database.run(_result_counts, self.engine,
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
        return {"username": user["username"],
                "display_name": user.get("display_name") or user["username"],
                "created_at": user["created_at"],
                "ratings": {r["category"]: _rating_view(r) for r in rows},
                "counts": counts,
                "history": {k: v[-HISTORY_POINTS:] for k, v in points.items()}}

    async def _names(self, user_ids: set[int]) -> dict[int, str]:
        out = {}
        for uid in user_ids:
            row = await self.database.run(self.database.store.user_by_id, uid)
            if row is not None:
                out[uid] = str(row.get("display_name") or row["username"])
        return out

    async def leaderboard(self, kind: str, limit: int) -> dict[str, Any]:
        if kind not in CATEGORIES:
            raise ServiceError("BAD_REQUEST", "ERR_BAD_CATEGORY", choices=", ".join(CATEGORIES))
        rows = await self.database.run(_leaderboard, self.engine, kind,
                                       max(1, min(limit, 200)))
        return {"category": kind, "players": [
            {"rank": i + 1, "username": r["username"],
             "display_name": r["display_name"] or r["username"], **_rating_view(r)}
            for i, r in enumerate(rows)]}
