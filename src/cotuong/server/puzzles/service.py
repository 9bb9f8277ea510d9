"""The puzzles' service: the next puzzle near a player's rating, the daily puzzle, the
attempts (judged move by move, stored and rated when they end), hints, the solution,
histories, the leaderboard and the trainer "Bên nào phải đổi nước?".

**When an attempt ends.** The page sends the whole line played so far (the solver's
moves and the replies it was given) with each solver move. While every solver move is
the puzzle's, the answer is the opponent's reply and nothing is stored. The attempt
ends at the first wrong move (failed), at the last solver move or an accepted
alternative that wins at once (solved), or when the player asks for a hint or the
solution (failed, as on lichess). Only then is it stored, and rated when it is an
account's first ended attempt at that puzzle (a Glicko-2 game between the player and
the puzzle, :mod:`~cotuong.server.puzzles.store`); guests and later attempts are stored
unrated.

Attempts, hints and solutions share a token bucket per person
(``Settings.puzzle_rate`` a second, burst ``puzzle_burst``).
"""

from __future__ import annotations

import datetime
import secrets
from collections.abc import Sequence
from typing import Any

from cotuong.puzzles import (
    Puzzle,
    PuzzleCollection,
    RepetitionDrill,
    judge,
)
from cotuong.server.accounts import Player
from cotuong.server.errors import ServiceError
from cotuong.server.puzzles.store import Attempt, PuzzleStore, Recorded
from cotuong.server.puzzles.views import (
    daily_index,
    move_texts,
    nearest,
    position_after,
    rating_view,
    start_rating,
    view,
)
from cotuong.server.ratings import Rating
from cotuong.server.security import RateLimiter
from cotuong.server.settings import ClockSource, Settings
from cotuong.server.storage import Database

__all__ = ["NEAREST", "Puzzles"]

NEAREST = 5  # the next puzzle is one of the five untried ones nearest the player's rating
DAY_MS = 86_400_000


def _texts(p: Puzzle) -> dict[str, list[str]]:
    return move_texts(p.fen, p.moves_before, p.solution)


def _user_id(who: Player) -> int | None:
    return int(who.identity[2:]) if who.account else None


class Puzzles:
    """The puzzle routes' work (the collection and drills are the library's, read once)."""

    def __init__(self, settings: Settings, database: Database, store: PuzzleStore,
                 clock: ClockSource, collection: PuzzleCollection,
                 drills: Sequence[RepetitionDrill]) -> None:
        self.settings = settings
        self.database = database
        self.store = store
        self.clock = clock
        self.collection = collection
        self.drills = {d.drill_id: d for d in drills}
        self._ids = sorted(p.puzzle_id for p in collection)
        self._drill_list = [{"drill_id": d.drill_id, "source": d.source, "plies": len(d.moves)}
                            for d in drills]
        self._limit = RateLimiter(settings.puzzle_rate, settings.puzzle_burst)

    # ------------------------------------------------------------------ lookups
    def puzzle(self, puzzle_id: str) -> Puzzle:
        if puzzle_id not in self.collection:
            raise ServiceError("PUZZLE_NOT_FOUND", status=404, puzzle_id=puzzle_id)
        return self.collection.by_id(puzzle_id)

    async def _rating_of(self, p: Puzzle) -> Rating:
        row = await self.database.run(self.store.puzzle_row, p.puzzle_id)
        return start_rating(p) if row is None else Rating(row["rating"], row["rd"],
                                                           row["volatility"])

    async def player_rating(self, who: Player) -> Rating | None:
        """An account's puzzle rating (the starting one if it has none); ``None``: a guest."""
        uid = _user_id(who)
        if uid is None:
            return None
        row = await self.database.run(self.store.player_rating, uid)
        return Rating() if row is None else Rating(row["rating"], row["rd"], row["volatility"])

    def themes(self) -> dict[str, int]:
        return self.collection.themes()

    # -------------------------------------------------------------- choosing one
    async def next(self, who: Player, theme: str | None) -> dict[str, Any]:
        """An untried puzzle (of ``theme``) among the :data:`NEAREST` nearest the
        player's puzzle rating (a guest's: ``Settings.puzzle_guest_rating``)."""
        if theme:
            if theme not in self.themes():
                raise ServiceError("PUZZLE_THEME", status=400, theme=theme[:40],
                                   themes=", ".join(self.themes()))
            pool: Sequence[Puzzle] = self.collection.with_theme(theme)
        else:
            pool = tuple(self.collection)
        tried = await self.database.run(self.store.tried, who.identity)
        rated = await self.database.run(self.store.puzzle_ratings)
        mine = await self.player_rating(who)
        target = self.settings.puzzle_guest_rating if mine is None else mine.rating
        ratings = {p.puzzle_id: (rated[p.puzzle_id] if p.puzzle_id in rated
                                 else start_rating(p)).rating
                   for p in pool if p.puzzle_id not in tried}
        if not ratings:
            raise ServiceError("PUZZLE_NONE_LEFT", status=404,
                               theme=theme[:40] if theme else "")
        choice = nearest(ratings, ratings, target, NEAREST)
        p = self.collection.by_id(choice[secrets.randbelow(len(choice))])
        return view(p, rated.get(p.puzzle_id, start_rating(p)))

    def daily_id(self, now_ms: int) -> tuple[str, str]:
        """``(day, puzzle_id)`` of the daily puzzle at ``now_ms`` (the UTC day)."""
        day = datetime.datetime.fromtimestamp(now_ms / 1000, datetime.timezone.utc)
        iso = day.date().isoformat()
        return iso, self._ids[daily_index(iso, len(self._ids))]

    async def daily(self, who: Player) -> dict[str, Any]:
        day, puzzle_id = self.daily_id(self.clock.now_ms())
        return {**await self.get(puzzle_id, who), "day": day}

    async def get(self, puzzle_id: str, who: Player) -> dict[str, Any]:
        """The puzzle for its solver; its solution only once the asker ended an attempt."""
        p = self.puzzle(puzzle_id)
        finished = await self.database.run(self.store.finished, who.identity, p.puzzle_id)
        out = view(p, await self._rating_of(p))
        out["finished"] = finished
        out["solution"] = list(p.solution) if finished else None
        out["solution_texts"] = _texts(p) if finished else None
        return out

    # ------------------------------------------------------------------ attempts
    def _allow(self, who: Player) -> None:
        if not self._limit.allow(who.identity, self.clock.now_ms() / 1000):
            raise ServiceError("PUZZLE_RATE", status=429,
                               limit=round(self.settings.puzzle_rate * 60))

    async def attempt(self, puzzle_id: str, who: Player,
                      moves: Sequence[str]) -> dict[str, Any]:
        """Judge the line played so far; store (and rate) it when it ends."""
        p = self.puzzle(puzzle_id)
        self._allow(who)
        try:
            verdict = judge(p, list(moves))
        except ValueError as exc:  # the library's PuzzleMoveError: named, with a code
            code = str(getattr(exc, "code", "PUZZLE_MOVES"))
            raise ServiceError(code, "ERR_PUZZLE_MOVES", status=400,
                               why=getattr(exc, "reason", str(exc))) from None
        if verdict.correct and not verdict.complete and verdict.reply is not None:
            fen, legal = position_after(p, (*moves, verdict.reply))
            return {"correct": True, "complete": False, "reply": verdict.reply,
                    "position": fen, "legal": legal, "expected": None,
                    "solution": None, "rating": None, "puzzle_rating": None}
        played = tuple(moves[:verdict.ply + 1])
        done = await self._end(p, who, played, verdict.correct, "moves")
        return {"correct": verdict.correct, "complete": verdict.complete, "reply": None,
                "expected": verdict.expected, "alternative": verdict.alternative,
                "solution": list(p.solution), "solution_texts": _texts(p),
                **self._changes(done)}

    async def hint(self, puzzle_id: str, who: Player, moves: Sequence[str]) -> dict[str, Any]:
        """The square of the piece to move next on the puzzle's line (after ``moves``,
        the line so far); the attempt ends as failed."""
        p = self.puzzle(puzzle_id)
        self._allow(who)
        nxt = self._on_line(p, moves)
        done = await self._end(p, who, tuple(moves), False, "hint")
        return {"square": p.solution[nxt][:2], **self._changes(done)}

    async def solution(self, puzzle_id: str, who: Player,
                       moves: Sequence[str]) -> dict[str, Any]:
        """The whole line; the attempt (``moves`` so far) ends as failed."""
        p = self.puzzle(puzzle_id)
        self._allow(who)
        self._on_line(p, moves)
        done = await self._end(p, who, tuple(moves), False, "solution")
        return {"solution": list(p.solution), "solution_texts": _texts(p),
                **self._changes(done)}

    @staticmethod
    def _on_line(p: Puzzle, moves: Sequence[str]) -> int:
        """The index of the solver move that comes next after ``moves``, which must be
        the puzzle's line so far (solver and reply pairs)."""
        n = len(moves)
        if n % 2 or n >= len(p.solution) or list(moves) != list(p.solution[:n]):
            raise ServiceError("PUZZLE_NOT_ON_LINE", status=400)
        return n

    async def _end(self, p: Puzzle, who: Player, moves: tuple[str, ...], correct: bool,
                   how: str) -> Recorded:
        attempt = Attempt(who.identity, _user_id(who), p.puzzle_id, moves, correct, how,
                          self.clock.now_ms())
        return await self.database.run(self.store.record, attempt, start_rating(p))

    @staticmethod
    def _changes(done: Recorded) -> dict[str, Any]:
        if not done.rated or done.player_before is None or done.player_after is None:
            return {"rated": False, "rating": None, "puzzle_rating": None}
        before, after = done.player_before, done.player_after
        puzzle = None
        if done.puzzle_before is not None and done.puzzle_after is not None:
            puzzle = {"before": round(done.puzzle_before.rating),
                      "after": round(done.puzzle_after.rating)}
        return {"rated": True,
                "rating": {"before": round(before.rating), "after": round(after.rating),
                           "change": round(after.rating) - round(before.rating),
                           "rd": round(after.rd)},
                "puzzle_rating": puzzle}

    # ------------------------------------------------------------ what players see
    async def history_of(self, identity: str) -> list[dict[str, Any]]:
        rows = await self.database.run(self.store.history, identity,
                                       self.settings.puzzle_history)
        out = []
        for r in rows:
            p = self.collection.by_id(r["puzzle_id"]) if r["puzzle_id"] in self.collection \
                else None
            out.append({"puzzle_id": r["puzzle_id"], "correct": bool(r["correct"]),
                        "how": r["how"], "rated": bool(r["rated"]), "at": r["at_ms"],
                        "rating_before": None if r["rating_before"] is None
                        else round(r["rating_before"]),
                        "rating_after": None if r["rating_after"] is None
                        else round(r["rating_after"]),
                        "themes": list(p.themes) if p else [],
                        "title": p.title if p else None})
        return out

    async def user(self, username: str) -> dict[str, Any]:
        """An account's puzzle rating (``null`` before its first rated attempt), counts
        and history, newest first."""
        user = await self.database.run(self.database.store.user_by_name, username[:64])
        if user is None:
            raise ServiceError("USER_NOT_FOUND", username=username[:64])
        identity = f"u:{user['id']}"
        row = await self.database.run(self.store.player_rating, int(user["id"]))
        attempts, solved = await self.database.run(self.store.counts, identity)
        rating = None
        if row is not None:
            rating = {**rating_view(Rating(row["rating"], row["rd"], row["volatility"])),
                      "rated_attempts": row["attempts"], "rated_solved": row["solved"]}
        return {"username": user["username"], "rating": rating, "attempts": attempts,
                "solved": solved, "history": await self.history_of(identity)}

    async def mine(self, who: Player) -> dict[str, Any]:
        """The asker's own puzzle rating and history (a guest's too, unrated)."""
        mine = await self.player_rating(who)
        attempts, solved = await self.database.run(self.store.counts, who.identity)
        return {"rating": None if mine is None else rating_view(mine),
                "attempts": attempts, "solved": solved,
                "history": await self.history_of(who.identity)}

    async def leaderboard(self) -> list[dict[str, Any]]:
        rows = await self.database.run(self.store.leaderboard,
                                       self.settings.puzzle_leaderboard)
        return [{"rank": i, "username": r["username"],
                 "display_name": r["display_name"] or r["username"],
                 **rating_view(Rating(r["rating"], r["rd"], r["volatility"])),
                 "attempts": r["attempts"], "solved": r["solved"]}
                for i, r in enumerate(rows, 1)]

    # ------------------------------------------------------------------ trainer
    def drill_list(self) -> list[dict[str, Any]]:
        """The trainer's loops by id and source (their moves: :meth:`drill`)."""
        return self._drill_list

    def _drill(self, drill_id: str) -> RepetitionDrill:
        drill = self.drills.get(drill_id)
        if drill is None:
            raise ServiceError("DRILL_NOT_FOUND", status=404, drill_id=drill_id[:64])
        return drill

    def drill(self, drill_id: str) -> dict[str, Any]:
        """One loop to play out, without its answer: the moves in ICCS and in notation
        (written on demand: all the drills' texts at start would cost seconds)."""
        d = self._drill(drill_id)
        return {"drill_id": d.drill_id, "fen": d.fen, "moves": list(d.moves),
                "move_texts": move_texts(d.fen, (), d.moves), "source": d.source}

    def answer(self, drill_id: str, answer: str, lang: str) -> dict[str, Any]:
        """Whether ``answer`` (``red``, ``black``, ``draw``) is the ruling, and the
        ruling explained with the clause of the law."""
        drill = self._drill(drill_id)
        texts = {"vi": drill.explanation_vi, "en": drill.explanation_en}
        return {"drill_id": drill_id, "correct": answer == drill.answer,
                "answer": drill.answer, "clause": getattr(drill, "clause", None),
                "explanation": texts["en" if lang == "en" else "vi"], "texts": texts}
