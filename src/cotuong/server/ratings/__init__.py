"""Glicko-2 ratings per time-control category: the formula, the categories, the ratings'
tables and the write that updates them in the transaction that ends a rated game."""

from cotuong.server.ratings.categories import CATEGORIES, category, estimated_ms
from cotuong.server.ratings.glicko2 import Rating, rate_game
from cotuong.server.ratings.store import PROVISIONAL_RD, RateGame, game_changes, rating_of

__all__ = ["CATEGORIES", "PROVISIONAL_RD", "RateGame", "Rating", "category", "estimated_ms",
           "game_changes", "rate_game", "rating_of"]
