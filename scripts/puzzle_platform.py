"""The platform's own games as a puzzle source (``build_puzzles.py --platform-db URL``).

Reads the finished games of a cotuong server's database (SQLite or PostgreSQL, the
server's tables: ``games``, ``moves``, and ``analyses`` for which games were analysed),
read-only, through SQLAlchemy with the server's own table definitions. Each game becomes
a record like a master game's, mined by the same scan and only-move rule; its puzzles'
``source`` is ``"cotuong game <id>, <red> – <black>, <result>, ply N"``.

The stored evaluations are **not** used to find candidates: they come from searches
limited by time (not reproducible from one machine to another) and from Red's point of
view at one move per position; the build runs its own fixed-depth searches instead, so
the same database gives the same puzzles anywhere. The analysis only selects the games:
by default those whose analysis is done (a player asked for it: the game was worth a
look), or every finished game with ``--platform-unanalysed``.

>>> platform_games("sqlite://", analysed_only=True)
Traceback (most recent call last):
...
puzzle_platform.PlatformDbError: no cotuong games table in sqlite:// (a cotuong server's database?)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from sqlalchemy import create_engine, inspect, select
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, SQLAlchemyError

from cotuong.server.analysis.store import analyses
from cotuong.server.storage import is_memory_sqlite, masked_url
from cotuong.server.storage.tables import games, moves

KIND = "ct"  # the build's kind code for a platform game (stems "cotuong-<id>")


class PlatformDbError(ValueError):
    """The platform database cannot be read (bad URL, not a cotuong database)."""

    code = "PUZZLE_PLATFORM_DB"


@dataclass(frozen=True, slots=True)
class PlatformMove:
    iccs: str


@dataclass(frozen=True, slots=True)
class PlatformRecord:
    """A finished platform game in the shape the build reads a PGN record in."""

    game_id: int
    start_fen: str
    moves: tuple[PlatformMove, ...]
    result: str
    headers: dict[str, str] = field(default_factory=dict)
    ok: bool = True


def platform_games(url: str, analysed_only: bool = True
                   ) -> list[tuple[str, str, PlatformRecord]]:
    """``(kind, stem, record)`` of every finished game in the database at ``url``, in id
    order (only those with a finished analysis when ``analysed_only``)."""
    shown = masked_url(url)
    try:
        parsed = make_url(url)
    except ArgumentError:
        raise PlatformDbError(f"not a database URL: {shown}") from None
    if parsed.get_backend_name() == "sqlite" and not is_memory_sqlite(parsed) \
            and not Path(str(parsed.database)).is_file():
        # SQLite would create an empty file: say the database is missing instead.
        raise PlatformDbError(f"no database file at {parsed.database}")
    try:
        engine = create_engine(url)
    except (SQLAlchemyError, ValueError) as exc:
        raise PlatformDbError(f"cannot open {shown}: {exc}") from None
    try:
        try:
            tables = set(inspect(engine).get_table_names())
        except SQLAlchemyError as exc:
            raise PlatformDbError(f"cannot read {shown}: {exc}") from None
        if not {"games", "moves"} <= tables:
            raise PlatformDbError(f"no cotuong games table in {shown} "
                                  "(a cotuong server's database?)")
        query = select(games).where(games.c.status == "finished").order_by(games.c.id)
        if analysed_only:
            if "analyses" not in tables:
                return []
            done = select(analyses.c.game_id).where(analyses.c.status == "done")
            query = query.where(games.c.id.in_(done))
        out = []
        with engine.connect() as c:
            for row in c.execute(query).mappings():
                plies = [str(m) for m in c.execute(select(moves.c.iccs).where(
                    moves.c.game_id == row["id"]).order_by(moves.c.ply)).scalars()]
                red = row["red_name"] or row["red_player"] or "?"
                black = row["black_name"] or row["black_player"] or "?"
                rec = PlatformRecord(int(row["id"]), str(row["start_fen"]),
                                     tuple(PlatformMove(m) for m in plies), str(row["result"]),
                                     {"Red": str(red), "Black": str(black),
                                      "Result": str(row["result"])})
                out.append((KIND, f"cotuong-{row['id']}", rec))
        return out
    finally:
        engine.dispose()
