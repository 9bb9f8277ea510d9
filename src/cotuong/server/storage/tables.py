"""The platform's core tables (SQLAlchemy Core, SQLite or PostgreSQL): meta, users,
sessions, rooms, games and moves. Each part above keeps its own tables beside these (the
lobby's seeks, the analyses, the tournaments); the ratings' tables are created with these,
since the Store applies their write in the transaction that ends a rated game.

>>> sorted(metadata.tables)
['games', 'meta', 'moves', 'rooms', 'sessions', 'users']
"""

from __future__ import annotations

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
)

__all__ = ["MAX_ID", "games", "meta_table", "metadata", "moves", "rooms", "sessions", "users"]

MAX_ID = 2**31 - 1  # ids beyond any stored row (and beyond what every database takes)
metadata = MetaData()

meta_table = Table(
    "meta", metadata,
    Column("key", String(64), primary_key=True),
    Column("value", Text, nullable=False),
)

users = Table(
    "users", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("username", String(32), nullable=False, unique=True),
    Column("password_hash", String(255), nullable=False),
    Column("created_at", BigInteger, nullable=False),
    # The name shown for the account (any script, e.g. "Trần Đức"); NULL: the username.
    # Added to databases made before it by storage.migrations.
    Column("display_name", String(64), nullable=True),
)

sessions = Table(
    "sessions", metadata,
    Column("digest", String(64), primary_key=True),
    Column("user_id", Integer, ForeignKey("users.id"), nullable=False),
    Column("expires_at", BigInteger, nullable=False),
)

rooms = Table(
    "rooms", metadata,
    Column("code", String(16), primary_key=True),
    Column("rules", String(32), nullable=False),
    Column("time_control", Text, nullable=True),  # JSON, NULL = untimed
    Column("rated", Boolean, nullable=False),
    Column("opponent", String(8), nullable=False),  # "human" or "ai"
    Column("ai_level", Integer, nullable=True),
    Column("lang", String(4), nullable=False),
    Column("start_fen", String(128), nullable=True),  # NULL = the standard start
    Column("host_id", String(64), nullable=False),  # identity: "u:<id>" or "g:<guest>"
    Column("host_name", String(64), nullable=False),
    Column("host_color", String(8), nullable=False),  # the host's colour in the first game
    Column("guest_id", String(64), nullable=True),
    Column("guest_name", String(64), nullable=True),
    Column("current_game_id", Integer, nullable=True),
    Column("created_at", BigInteger, nullable=False),
)

games = Table(
    "games", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("room_code", String(16), ForeignKey("rooms.code"), nullable=False, index=True),
    Column("red_slot", String(8), nullable=False),  # "host" or "guest"
    Column("red_player", String(64), nullable=True, index=True),
    Column("black_player", String(64), nullable=True, index=True),
    Column("red_name", String(64), nullable=True),
    Column("black_name", String(64), nullable=True),
    Column("start_fen", String(128), nullable=False),
    Column("status", String(16), nullable=False, index=True),
    Column("result", String(8), nullable=False, default="*"),
    Column("winner", String(8), nullable=True),
    Column("termination", String(32), nullable=True),
    Column("explanation_vi", Text, nullable=True),
    Column("explanation_en", Text, nullable=True),
    Column("plies", Integer, nullable=False, default=0),
    Column("red_ms", BigInteger, nullable=True),
    Column("black_ms", BigInteger, nullable=True),
    Column("running", String(8), nullable=True),
    Column("since_ms", BigInteger, nullable=True),
    Column("disconnected", Text, nullable=True),  # JSON {"red": ms, ...}: who is away since
    Column("draw_offer", String(8), nullable=True),
    Column("takeback_request", String(8), nullable=True),
    Column("rematch_request", String(8), nullable=True),
    Column("warnings", Text, nullable=True),  # JSON list of {"ply", "lang", "text"}
    Column("version", Integer, nullable=False, default=0),  # bumped by every change
    Column("created_at", BigInteger, nullable=False),
    Column("started_at", BigInteger, nullable=True),
    Column("ended_at", BigInteger, nullable=True),
)

moves = Table(
    "moves", metadata,
    Column("game_id", Integer, ForeignKey("games.id"), primary_key=True),
    Column("ply", Integer, primary_key=True),  # 1 = the first move
    Column("iccs", String(4), nullable=False),
    Column("at_ms", BigInteger, nullable=False),
    # On SQLite the primary key is the table's own b-tree (WITHOUT ROWID): a move's insert
    # writes one b-tree, not a rowid table and its key's index (a WAL page fewer a
    # commit; benchmarks/README). Databases made before keep their layout: the same
    # queries, the same rows.
    sqlite_with_rowid=False,
)
