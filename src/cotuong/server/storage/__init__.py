"""Where games, rooms and accounts are kept: the SQLAlchemy store (SQLite or PostgreSQL),
its writes as values, and the database thread with group commit. The ``users`` and
``games`` tables are on the face for the read models that join them (profiles).
"""

from cotuong.server.storage.database import Database
from cotuong.server.storage.migrations import create_tables
from cotuong.server.storage.store import Row, Store, StoreError
from cotuong.server.storage.tables import MAX_ID, games, users
from cotuong.server.storage.urls import database_url, is_memory_sqlite
from cotuong.server.storage.user_rows import lower_name, masked_url
from cotuong.server.storage.writes import (
    RecordMove,
    SetMeta,
    TakeBack,
    Together,
    UpdateGame,
    Write,
    ends_game,
)

__all__ = ["MAX_ID", "Database", "RecordMove", "Row", "SetMeta", "Store", "StoreError", "TakeBack",
           "Together", "UpdateGame", "Write", "create_tables", "database_url", "ends_game",
           "games", "is_memory_sqlite", "lower_name", "masked_url", "users"]
