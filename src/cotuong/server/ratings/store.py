"""The ratings' tables and queries (SQLAlchemy Core, SQLite or PostgreSQL): one Glicko-2
rating per account and category, and one history row per player and rated game.

:func:`apply_rate_game` runs inside the transaction that ends the game
(:class:`~cotuong.server.storage.writes.Together`): the result and the rating update are
committed together or not at all, and the history's key ``(game_id, user_id)`` makes a
second application a no-op, so a restart can neither lose a result nor count it twice.
Everything else here is a read, called on the database thread.

>>> from sqlalchemy import create_engine
>>> engine = create_engine("sqlite://")
>>> metadata.create_all(engine)
>>> with engine.begin() as c:
...     apply_rate_game(c, RateGame(9, 1, 2, "blitz", 1.0, at_ms=0))
...     apply_rate_game(c, RateGame(9, 1, 2, "blitz", 1.0, at_ms=0))  # once only
>>> [(r["user_id"], round(r["rating_after"])) for r in game_changes(engine, 9)]
[(1, 1662), (2, 1338)]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import (
    BigInteger,
    Column,
    Float,
    Integer,
    MetaData,
    String,
    Table,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Connection, Engine

from cotuong.server.ratings.glicko2 import Rating, rate_game

# Its own MetaData (created by the Store next to the core tables): the ratings are a
# concern of their own, and this module needs nothing of store.py.
metadata = MetaData()


@dataclass(frozen=True, slots=True)
class RateGame:
    """A rated game's result for both accounts (user ids), in ``category``: the store
    reads their ratings, applies Glicko-2 and keeps the history, once per game."""

    game_id: int
    red_user: int
    black_user: int
    category: str
    red_score: float
    at_ms: int

ratings = Table(
    "ratings", metadata,
    Column("user_id", Integer, primary_key=True),
    Column("category", String(16), primary_key=True),
    Column("rating", Float, nullable=False),
    Column("rd", Float, nullable=False),
    Column("volatility", Float, nullable=False),
    Column("games", Integer, nullable=False),
    Column("wins", Integer, nullable=False),
    Column("draws", Integer, nullable=False),
    Column("losses", Integer, nullable=False),
    Column("updated_at", BigInteger, nullable=False),
)

rating_history = Table(
    "rating_history", metadata,
    Column("game_id", Integer, primary_key=True),
    Column("user_id", Integer, primary_key=True),
    Column("category", String(16), nullable=False),
    Column("opponent_id", Integer, nullable=False),
    Column("score", Float, nullable=False),
    Column("rating_before", Float, nullable=False),
    Column("rd_before", Float, nullable=False),
    Column("rating_after", Float, nullable=False),
    Column("rd_after", Float, nullable=False),
    Column("volatility_after", Float, nullable=False),
    Column("at_ms", BigInteger, nullable=False, index=True),
)

Row = dict[str, Any]
PROVISIONAL_RD = 110.0  # above this, a rating is shown with "?" (not yet established)


def _current(c: Connection, user_id: int, category: str) -> tuple[Rating, Row | None]:
    row = c.execute(select(ratings).where(ratings.c.user_id == user_id,
                                          ratings.c.category == category)
                    .with_for_update()).mappings().first()
    if row is None:
        return Rating(), None
    return Rating(row["rating"], row["rd"], row["volatility"]), dict(row)


def apply_rate_game(c: Connection, op: RateGame) -> None:
    """Both players' Glicko-2 update for one game (a rating period of one game), once."""
    done = c.execute(select(rating_history.c.game_id).where(
        rating_history.c.game_id == op.game_id).limit(1)).first()
    if done is not None or op.red_user == op.black_user:
        return
    red, red_row = _current(c, op.red_user, op.category)
    black, black_row = _current(c, op.black_user, op.category)
    red2, black2 = rate_game(red, black, op.red_score)
    for user, opponent, before, after, row, score in (
            (op.red_user, op.black_user, red, red2, red_row, op.red_score),
            (op.black_user, op.red_user, black, black2, black_row, 1.0 - op.red_score)):
        counts = {"wins": int(score == 1.0), "draws": int(score == 0.5),
                  "losses": int(score == 0.0)}
        values = {"rating": after.rating, "rd": after.rd, "volatility": after.volatility,
                  "updated_at": op.at_ms}
        if row is None:
            c.execute(insert(ratings).values(user_id=user, category=op.category, games=1,
                                             **counts, **values))
        else:
            c.execute(update(ratings).where(ratings.c.user_id == user,
                                            ratings.c.category == op.category)
                      .values(games=row["games"] + 1,
                              **{k: row[k] + v for k, v in counts.items()}, **values))
        c.execute(insert(rating_history).values(
            game_id=op.game_id, user_id=user, category=op.category, opponent_id=opponent,
            score=score, rating_before=before.rating, rd_before=before.rd,
            rating_after=after.rating, rd_after=after.rd, volatility_after=after.volatility,
            at_ms=op.at_ms))


# ----------------------------------------------------------------------- reads
def game_changes(engine: Engine, game_id: int) -> list[Row]:
    """The history rows of one game (none if it was not rated)."""
    with engine.connect() as c:
        return [dict(r) for r in c.execute(select(rating_history).where(
            rating_history.c.game_id == game_id).order_by(rating_history.c.user_id)).mappings()]


def user_ratings(engine: Engine, user_id: int) -> list[Row]:
    with engine.connect() as c:
        return [dict(r) for r in c.execute(select(ratings).where(
            ratings.c.user_id == user_id).order_by(ratings.c.category)).mappings()]


def rating_of(engine: Engine, user_id: int, category: str) -> Rating:
    """An account's rating in ``category`` (the starting rating if it has none yet)."""
    with engine.connect() as c:
        row = c.execute(select(ratings).where(ratings.c.user_id == user_id,
                                              ratings.c.category == category)).mappings().first()
    return Rating() if row is None else Rating(row["rating"], row["rd"], row["volatility"])


def user_history(engine: Engine, user_id: int, limit: int) -> list[Row]:
    """An account's rated games, oldest first (the last ``limit``), for the graph."""
    with engine.connect() as c:
        rows = c.execute(select(rating_history).where(rating_history.c.user_id == user_id)
                         .order_by(rating_history.c.at_ms.desc(),
                                   rating_history.c.game_id.desc())
                         .limit(limit)).mappings()
        return [dict(r) for r in reversed(list(rows))]
