"""Cờ thế on the platform: the puzzle library's collection served to players, each
account's puzzle rating (Glicko-2 against the puzzles' own ratings), attempts, the daily
puzzle, histories, the leaderboard and the trainer "Bên nào phải đổi nước?"."""

from cotuong.server.puzzles.routes import puzzles_router, puzzles_schema
from cotuong.server.puzzles.service import Puzzles
from cotuong.server.puzzles.store import PuzzleStore

__all__ = ["PuzzleStore", "Puzzles", "puzzles_router", "puzzles_schema"]
