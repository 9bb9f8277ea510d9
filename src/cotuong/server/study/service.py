"""The study room's service: check a position from the board editor, and read, keep and
give back pasted games (imports).

An import is read by the records reader off the event loop; an account keeps it (table
``imports``, at most ``Settings.imports_kept`` each), a guest gets it back unsaved.
Everyone may import ``Settings.imports_per_hour`` texts an hour (a token bucket per
person in this process), each at most ``Settings.import_max_bytes`` long.
"""

from __future__ import annotations

import asyncio
import secrets
from dataclasses import asdict
from typing import Any

from cotuong.core import START_FEN
from cotuong.messages import Message
from cotuong.server.accounts import Player
from cotuong.server.errors import ServiceError
from cotuong.server.security import RateLimiter
from cotuong.server.settings import ClockSource, Settings
from cotuong.server.storage import Database
from cotuong.server.study.positions import check_position
from cotuong.server.study.reading import ImportedGame, read_pasted
from cotuong.server.study.store import ImportStore

__all__ = ["Study"]

LIST_LIMIT = 200


class Study:
    """The board editor's checks and the imports of pasted games."""

    def __init__(self, settings: Settings, database: Database, store: ImportStore,
                 clock: ClockSource) -> None:
        self.settings = settings
        self.database = database
        self.store = store
        self.clock = clock
        per_hour = max(1, settings.imports_per_hour)
        self._imports = RateLimiter(per_hour / 3600, per_hour)

    @staticmethod
    def check(fen: str, lang: str) -> dict[str, Any]:
        """``{ok, errors: [{code, text, texts, squares}], fen}`` (see ``check_position``)."""
        return check_position(fen, lang)

    async def import_text(self, text: str, who: Player, lang: str) -> dict[str, Any]:
        """Read a pasted game; keep it when ``who`` has an account (and room left)."""
        limit = self.settings.import_max_bytes
        if len(text.encode("utf-8", "replace")) > limit:
            raise ServiceError("IMPORT_TOO_LARGE", status=413, limit=limit)
        if not text.strip():
            raise ServiceError("IMPORT_EMPTY", status=400)
        if not self._imports.allow(who.identity, self.clock.now_ms() / 1000):
            raise ServiceError("IMPORT_RATE", status=429, limit=self.settings.imports_per_hour)
        game = await asyncio.to_thread(read_pasted, text)
        if not game.moves and game.start_fen == START_FEN and "FEN" not in game.headers:
            raise ServiceError("IMPORT_NO_MOVES", status=422)
        stored = _stored(game)
        import_id: str | None = None
        note: Message | None = None
        if who.account:
            import_id = secrets.token_urlsafe(12)
            saved = await self.database.run(
                self.store.save, import_id, who.identity, self.clock.now_ms(), stored,
                game.title, self.settings.imports_kept)
            if not saved:
                import_id = None
                note = Message("STUDY_NOT_SAVED_FULL", (("limit", self.settings.imports_kept),))
        else:
            note = Message("STUDY_NOT_SAVED_GUEST")
        view = _view({**stored, "import_id": import_id, "title": game.title}, lang)
        view["saved"] = import_id is not None
        if note is not None:
            view["note"] = {"code": note.code, "text": note.text(_lang(lang)),
                            "texts": {"vi": note.text("vi"), "en": note.text("en")}}
        return view

    async def get(self, import_id: str, lang: str) -> dict[str, Any]:
        row = await self.database.run(self.store.get, import_id)
        if row is None:
            raise ServiceError("IMPORT_NOT_FOUND", status=404)
        view = _view(row, lang)
        view["saved"] = True
        return view

    async def mine(self, who: Player) -> list[dict[str, Any]]:
        if not who.account:
            return []
        return await self.database.run(self.store.list, who.identity, LIST_LIMIT)

    async def delete(self, import_id: str, who: Player) -> None:
        if not who.account or not await self.database.run(self.store.delete, import_id,
                                                          who.identity):
            raise ServiceError("IMPORT_NOT_FOUND", status=404)


def _lang(lang: str) -> str:
    return "en" if lang == "en" else "vi"


def _stored(game: ImportedGame) -> dict[str, Any]:
    """The game as kept: language-neutral except the reasons, kept in both languages."""
    return {"start_fen": game.start_fen, "moves": list(game.moves), "result": game.result,
            "notation": game.notation, "headers": dict(game.headers), "games": game.games,
            "skipped": [asdict(s) for s in game.skipped], "imported": True,
            "move_texts": {n: list(t) for n, t in game.move_texts.items()}}


def _view(row: dict[str, Any], lang: str) -> dict[str, Any]:
    """The REST answer: ``skipped`` as ``{ply, token, reason, texts}`` in ``lang``."""
    skipped = [{"ply": s["ply"], "token": s["token"], "reason": s[_lang(lang)],
                "texts": {"vi": s["vi"], "en": s["en"]}} for s in row["skipped"]]
    keys = ("import_id", "title", "start_fen", "moves", "move_texts", "result", "notation",
            "headers", "games", "imported")
    return {**{k: row.get(k) for k in keys}, "skipped": skipped}
