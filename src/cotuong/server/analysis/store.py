"""Stored computer analyses (table ``analyses``, SQLite or PostgreSQL, next to the
store's tables): one row per analysed game with its status, progress and result.

A row is *owned* by the server process running it, with a lease that the owner renews;
a row whose lease ran out (its server died or was restarted) is adopted by another server
(:meth:`AnalysisStore.adopt`), so a requested analysis is never lost. Blocking, like
:class:`~cotuong.server.storage.store.Store`; the server calls it on its database thread.

>>> from cotuong.server.storage.store import Store
>>> s = Store("sqlite://")
>>> a = AnalysisStore(s.engine)
>>> a.get(1) is None
True
"""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import (
    BigInteger,
    Column,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError

from cotuong.server.storage import Row, StoreError, create_tables, games
from cotuong.server.workers import PositionEval

ACTIVE = ("queued", "running")

# The analysis part's own MetaData: its table is created by AnalysisStore, not by the
# Store (the foreign key names the games table's column, so it resolves across the two).
metadata = MetaData()

analyses = Table(
    "analyses", metadata,
    Column("game_id", Integer, ForeignKey(games.c.id), primary_key=True),
    Column("status", String(8), nullable=False),  # queued, running, done, failed
    Column("requested_by", String(64), nullable=False),
    Column("requested_at", BigInteger, nullable=False),
    Column("started_at", BigInteger, nullable=True),
    Column("finished_at", BigInteger, nullable=True),
    Column("done", Integer, nullable=False, default=0),  # positions evaluated
    Column("total", Integer, nullable=False),
    Column("movetime_ms", Integer, nullable=False),
    Column("result", Text, nullable=True),  # JSON list of evaluations, once done
    Column("error", Text, nullable=True),
    Column("owner", String(64), nullable=True),  # the server process running it
    Column("lease_until", BigInteger, nullable=True),
    Index("analyses_status", "status"),
    Index("analyses_requested_by", "requested_by", "status"),
)


class AnalysisLimitError(StoreError):
    """Too many analyses queued or running: ``scope`` is ``"user"`` or ``"queue"``."""

    code = "ANALYSIS_LIMIT"

    def __init__(self, scope: str, limit: int) -> None:
        super().__init__(f"at most {limit} analyses may wait or run "
                         f"{'per player' if scope == 'user' else 'on this server'}")
        self.scope = scope
        self.limit = limit


class AnalysisStore:
    """The ``analyses`` table (created if missing)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        create_tables(engine, analyses)

    def get(self, game_id: int) -> Row | None:
        with self.engine.connect() as c:
            return self._get(c, game_id)

    @staticmethod
    def _get(c: Connection, game_id: int) -> Row | None:
        row = c.execute(select(analyses).where(analyses.c.game_id == game_id)).mappings().first()
        return dict(row) if row else None

    def request(self, game_id: int, identity: str, now_ms: int, owner: str, lease_ms: int,
                total: int, movetime_ms: int, per_user: int, queue_max: int
                ) -> tuple[Row, bool]:
        """The game's analysis, queued now if it has none yet (or its last try failed):
        ``(row, queued_now)``. Raises :class:`AnalysisLimitError` when ``identity`` has
        ``per_user`` analyses waiting or running, or the server ``queue_max``."""
        for _ in range(2):
            try:
                with self.engine.begin() as c:
                    row = self._get(c, game_id)
                    if row is not None and row["status"] != "failed":
                        return row, False
                    active = analyses.c.status.in_(ACTIVE)
                    mine = c.execute(select(func.count()).select_from(analyses).where(
                        active, analyses.c.requested_by == identity)).scalar_one()
                    if mine >= per_user:
                        raise AnalysisLimitError("user", per_user)
                    everyone = c.execute(select(func.count()).select_from(analyses)
                                         .where(active)).scalar_one()
                    if everyone >= queue_max:
                        raise AnalysisLimitError("queue", queue_max)
                    values = {"status": "queued", "requested_by": identity,
                              "requested_at": now_ms, "started_at": None, "finished_at": None,
                              "done": 0, "total": total, "movetime_ms": movetime_ms,
                              "result": None, "error": None, "owner": owner,
                              "lease_until": now_ms + lease_ms}
                    if row is None:
                        c.execute(insert(analyses).values(game_id=game_id, **values))
                    else:
                        c.execute(update(analyses).where(analyses.c.game_id == game_id)
                                  .values(**values))
                    fresh = self._get(c, game_id)
                    assert fresh is not None
                    return fresh, True
            except IntegrityError:
                continue  # another server queued it at the same moment: read theirs
        row = self.get(game_id)
        if row is None:
            raise StoreError(f"could not queue the analysis of game {game_id}")
        return row, False

    def _owned(self, game_id: int, owner: str) -> Any:
        return update(analyses).where(analyses.c.game_id == game_id,
                                      analyses.c.owner == owner,
                                      analyses.c.status.in_(ACTIVE))

    def progress(self, game_id: int, owner: str, done: int, now_ms: int) -> bool:
        """Record progress (the first time: running since now). False when this server
        no longer owns the analysis (another adopted it)."""
        with self.engine.begin() as c:
            stmt = self._owned(game_id, owner).values(
                done=done, status="running",
                started_at=func.coalesce(analyses.c.started_at, now_ms))
            return bool(c.execute(stmt).rowcount)

    def finish(self, game_id: int, owner: str, evals: list[PositionEval], now_ms: int) -> bool:
        result = json.dumps([{"ply": e.ply, "score_cp": e.score_cp, "mate": e.mate,
                              "best": e.best, "winner": e.winner, "depth": e.depth}
                             for e in evals], separators=(",", ":"))
        with self.engine.begin() as c:
            stmt = self._owned(game_id, owner).values(
                status="done", done=len(evals), result=result, finished_at=now_ms,
                started_at=func.coalesce(analyses.c.started_at, now_ms), owner=None,
                lease_until=None)
            return bool(c.execute(stmt).rowcount)

    def fail(self, game_id: int, owner: str, error: str, now_ms: int) -> bool:
        with self.engine.begin() as c:
            stmt = self._owned(game_id, owner).values(
                status="failed", error=error[:1000], finished_at=now_ms, owner=None,
                lease_until=None)
            return bool(c.execute(stmt).rowcount)

    def renew(self, owner: str, lease_until_ms: int) -> None:
        """Extend the lease of every analysis ``owner`` runs."""
        with self.engine.begin() as c:
            c.execute(update(analyses).where(analyses.c.owner == owner,
                                             analyses.c.status.in_(ACTIVE))
                      .values(lease_until=lease_until_ms))

    def adopt(self, owner: str, now_ms: int, lease_until_ms: int) -> list[int]:
        """Take over the waiting or running analyses whose owner's lease ran out."""
        with self.engine.connect() as c:
            candidates = [int(g) for g in c.execute(select(analyses.c.game_id).where(
                analyses.c.status.in_(ACTIVE), analyses.c.lease_until < now_ms)).scalars()]
        adopted = []
        for game_id in candidates:
            with self.engine.begin() as c:
                # Conditional: of two servers adopting at once, one wins each row.
                taken = c.execute(update(analyses).where(
                    analyses.c.game_id == game_id, analyses.c.status.in_(ACTIVE),
                    analyses.c.lease_until < now_ms).values(
                    owner=owner, lease_until=lease_until_ms, status="queued", done=0)).rowcount
            if taken:
                adopted.append(game_id)
        return adopted

    def active(self) -> dict[str, int]:
        """How many analyses wait and run (for /api/stats)."""
        with self.engine.connect() as c:
            rows = c.execute(select(analyses.c.status, func.count()).where(
                analyses.c.status.in_(ACTIVE)).group_by(analyses.c.status)).all()
        counts = dict.fromkeys(ACTIVE, 0)
        counts.update({str(s): int(n) for s, n in rows})
        return counts
