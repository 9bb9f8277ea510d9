"""The puzzles' tables (created by the part itself, SQLite or PostgreSQL): each account's
puzzle rating, each puzzle's own rating, and every ended attempt.

An attempt is a Glicko-2 game between the player and the puzzle (a win for the player
when solved), rated only for an account's **first** ended attempt at that puzzle: the
check and both updates are one transaction, and the attempt's ``rated_key``
(``<user>:<puzzle>``, unique; NULL for an unrated attempt) makes a second rated attempt
impossible even when two processes race (the loser of the race is stored unrated).
Blocking, like :class:`~cotuong.server.storage.Store`; the service calls it on the
database thread.

>>> from sqlalchemy import create_engine
>>> s = PuzzleStore(create_engine("sqlite://"))
>>> first = s.record(Attempt("u:1", 1, "p1", ("h2e2",), True, "moves", 0), Rating(1800, 200))
>>> first.rated, round(first.player_after.rating), round(first.puzzle_after.rating)
(True, 1835, 1694)
>>> s.record(Attempt("u:1", 1, "p1", ("h2e2",), True, "moves", 5), Rating(1800, 200)).rated
False
>>> sorted(s.tried("u:1")), s.finished("u:1", "p1")
(['p1'], True)
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Float,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    cast,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError

from cotuong.server.ratings import PROVISIONAL_RD, Rating, rate_game
from cotuong.server.storage import create_tables, users

__all__ = ["Attempt", "PuzzleStore", "Recorded", "metadata"]

metadata = MetaData()

puzzle_ratings = Table(
    "puzzle_ratings", metadata,
    Column("user_id", Integer, primary_key=True),
    Column("rating", Float, nullable=False),
    Column("rd", Float, nullable=False),
    Column("volatility", Float, nullable=False),
    Column("attempts", Integer, nullable=False),  # rated attempts
    Column("solved", Integer, nullable=False),
    Column("updated_at", BigInteger, nullable=False),
)

# A puzzle's own rating; no row yet: its difficulty from the collection, at START_RD.
puzzle_stats = Table(
    "puzzle_stats", metadata,
    Column("puzzle_id", String(64), primary_key=True),
    Column("rating", Float, nullable=False),
    Column("rd", Float, nullable=False),
    Column("volatility", Float, nullable=False),
    Column("attempts", Integer, nullable=False),
    Column("solved", Integer, nullable=False),
)

puzzle_attempts = Table(
    "puzzle_attempts", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("player", String(64), nullable=False),  # identity: u:<id> or g:<guest>
    Column("user_id", Integer, nullable=True),
    Column("puzzle_id", String(64), nullable=False),
    Column("moves", Text, nullable=False),  # JSON list of ICCS, from after moves_before
    Column("correct", Boolean, nullable=False),
    Column("how", String(8), nullable=False),  # "moves", "hint" or "solution"
    Column("rated", Boolean, nullable=False),
    Column("rated_key", String(140), nullable=True, unique=True),
    Column("rating_before", Float, nullable=True),
    Column("rating_after", Float, nullable=True),
    Column("rd_after", Float, nullable=True),
    Column("puzzle_before", Float, nullable=True),
    Column("puzzle_after", Float, nullable=True),
    Column("at_ms", BigInteger, nullable=False),
    Index("puzzle_attempts_player", "player", "puzzle_id"),
    Index("puzzle_attempts_user", "user_id", "at_ms"),
)


@dataclass(frozen=True, slots=True)
class Attempt:
    """An ended attempt: who (``player`` identity; ``user_id`` for an account), which
    puzzle, the moves played, whether it was solved, and how it ended (``"moves"``: by a
    move; ``"hint"``, ``"solution"``: the player asked, which counts as failed)."""

    player: str
    user_id: int | None
    puzzle_id: str
    moves: tuple[str, ...]
    correct: bool
    how: str
    at_ms: int


@dataclass(frozen=True, slots=True)
class Recorded:
    """What storing an attempt did: ``rated``, and the ratings before and after (the
    player's are ``None`` when unrated)."""

    rated: bool
    player_before: Rating | None = None
    player_after: Rating | None = None
    puzzle_before: Rating | None = None
    puzzle_after: Rating | None = None


def _rating(row: Any) -> Rating:
    return Rating(row["rating"], row["rd"], row["volatility"])


class PuzzleStore:
    """The ``puzzle_ratings``, ``puzzle_stats`` and ``puzzle_attempts`` tables (each
    created if missing: a database made before the puzzles keeps every row and gains
    them)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        create_tables(engine, metadata)

    # ------------------------------------------------------------------ writes
    def record(self, attempt: Attempt, puzzle_start: Rating) -> Recorded:
        """Store ``attempt``; rate it when it is its account's first at the puzzle.
        ``puzzle_start``: the puzzle's rating while it has no row of its own."""
        if attempt.user_id is None:
            with self.engine.begin() as c:
                self._insert(c, attempt, Recorded(False))
            return Recorded(False)
        try:
            with self.engine.begin() as c:
                return self._rated(c, attempt, attempt.user_id, puzzle_start)
        except IntegrityError:  # another process rated this pair first: keep it unrated
            with self.engine.begin() as c:
                self._insert(c, attempt, Recorded(False))
            return Recorded(False)

    def _rated(self, c: Connection, attempt: Attempt, user_id: int,
               puzzle_start: Rating) -> Recorded:
        seen = c.execute(select(puzzle_attempts.c.id).where(
            puzzle_attempts.c.player == attempt.player,
            puzzle_attempts.c.puzzle_id == attempt.puzzle_id).limit(1)).first()
        if seen is not None:
            self._insert(c, attempt, Recorded(False))
            return Recorded(False)
        player_row = c.execute(select(puzzle_ratings).where(
            puzzle_ratings.c.user_id == user_id).with_for_update()).mappings().first()
        stats_row = c.execute(select(puzzle_stats).where(
            puzzle_stats.c.puzzle_id == attempt.puzzle_id).with_for_update()).mappings().first()
        player = Rating() if player_row is None else _rating(player_row)
        puzzle = puzzle_start if stats_row is None else _rating(stats_row)
        player2, puzzle2 = rate_game(player, puzzle, 1.0 if attempt.correct else 0.0)
        solved = int(attempt.correct)
        values = {"rating": player2.rating, "rd": player2.rd,
                  "volatility": player2.volatility, "updated_at": attempt.at_ms}
        if player_row is None:
            c.execute(insert(puzzle_ratings).values(user_id=user_id, attempts=1,
                                                    solved=solved, **values))
        else:
            c.execute(update(puzzle_ratings).where(puzzle_ratings.c.user_id == user_id)
                      .values(attempts=player_row["attempts"] + 1,
                              solved=player_row["solved"] + solved, **values))
        stats = {"rating": puzzle2.rating, "rd": puzzle2.rd, "volatility": puzzle2.volatility}
        if stats_row is None:
            c.execute(insert(puzzle_stats).values(puzzle_id=attempt.puzzle_id, attempts=1,
                                                  solved=solved, **stats))
        else:
            c.execute(update(puzzle_stats).where(puzzle_stats.c.puzzle_id == attempt.puzzle_id)
                      .values(attempts=stats_row["attempts"] + 1,
                              solved=stats_row["solved"] + solved, **stats))
        done = Recorded(True, player, player2, puzzle, puzzle2)
        self._insert(c, attempt, done)
        return done

    @staticmethod
    def _insert(c: Connection, a: Attempt, done: Recorded) -> None:
        def value(r: Rating | None) -> float | None:
            return None if r is None else r.rating
        c.execute(insert(puzzle_attempts).values(
            player=a.player, user_id=a.user_id, puzzle_id=a.puzzle_id,
            moves=json.dumps(list(a.moves)), correct=a.correct, how=a.how, rated=done.rated,
            rated_key=f"{a.user_id}:{a.puzzle_id}" if done.rated else None,
            rating_before=value(done.player_before), rating_after=value(done.player_after),
            rd_after=None if done.player_after is None else done.player_after.rd,
            puzzle_before=value(done.puzzle_before), puzzle_after=value(done.puzzle_after),
            at_ms=a.at_ms))

    # ------------------------------------------------------------------- reads
    def tried(self, player: str) -> set[str]:
        """The puzzles ``player`` (an identity) ended an attempt at."""
        with self.engine.connect() as c:
            return set(c.execute(select(puzzle_attempts.c.puzzle_id).distinct().where(
                puzzle_attempts.c.player == player)).scalars())

    def finished(self, player: str, puzzle_id: str) -> bool:
        with self.engine.connect() as c:
            return c.execute(select(puzzle_attempts.c.id).where(
                puzzle_attempts.c.player == player,
                puzzle_attempts.c.puzzle_id == puzzle_id).limit(1)).first() is not None

    def puzzle_ratings(self) -> dict[str, Rating]:
        """Every puzzle that has been rated, with its rating now."""
        with self.engine.connect() as c:
            return {r["puzzle_id"]: _rating(r)
                    for r in c.execute(select(puzzle_stats)).mappings()}

    def puzzle_row(self, puzzle_id: str) -> dict[str, Any] | None:
        with self.engine.connect() as c:
            row = c.execute(select(puzzle_stats).where(
                puzzle_stats.c.puzzle_id == puzzle_id)).mappings().first()
        return None if row is None else dict(row)

    def player_rating(self, user_id: int) -> dict[str, Any] | None:
        with self.engine.connect() as c:
            row = c.execute(select(puzzle_ratings).where(
                puzzle_ratings.c.user_id == user_id)).mappings().first()
        return None if row is None else dict(row)

    def history(self, player: str, limit: int) -> list[dict[str, Any]]:
        """``player``'s ended attempts, newest first."""
        with self.engine.connect() as c:
            rows = c.execute(select(puzzle_attempts).where(puzzle_attempts.c.player == player)
                             .order_by(puzzle_attempts.c.at_ms.desc(),
                                       puzzle_attempts.c.id.desc())
                             .limit(limit)).mappings().all()
        return [{**dict(r), "moves": json.loads(r["moves"])} for r in rows]

    def counts(self, player: str) -> tuple[int, int]:
        """(ended attempts, solved ones) of ``player``, rated or not."""
        with self.engine.connect() as c:
            row = c.execute(select(func.count(), func.coalesce(func.sum(
                cast(puzzle_attempts.c.correct, Integer)), 0))
                .where(puzzle_attempts.c.player == player)).first()
        return (0, 0) if row is None else (int(row[0]), int(row[1]))

    def leaderboard(self, limit: int) -> list[dict[str, Any]]:
        """The best puzzle ratings: established ones (RD ≤ the provisional bound) first,
        then provisional ones, each by rating."""
        with self.engine.connect() as c:
            q = (select(puzzle_ratings, users.c.username, users.c.display_name)
                 .join(users, users.c.id == puzzle_ratings.c.user_id)
                 .order_by((puzzle_ratings.c.rd > PROVISIONAL_RD).asc(),
                           puzzle_ratings.c.rating.desc(), puzzle_ratings.c.user_id.asc())
                 .limit(limit))
            return [dict(r) for r in c.execute(q).mappings()]
