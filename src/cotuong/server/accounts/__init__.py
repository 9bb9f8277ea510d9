"""Who is asking: guests and accounts, sessions and seat cookies, display names, password
hashing (in low-priority processes of its own), and what the platform shows of a player
(profiles, leaderboards)."""

from cotuong.server.accounts.display import shown_names
from cotuong.server.accounts.hashing import PasswordHasher
from cotuong.server.accounts.profiles import Profiles
from cotuong.server.accounts.routes import accounts_router
from cotuong.server.accounts.service import (
    Accounts,
    Player,
    identify,
    identify_socket,
    player_dependency,
    set_seat_cookie,
)

__all__ = ["Accounts", "PasswordHasher", "Player", "Profiles", "accounts_router", "identify",
           "identify_socket", "player_dependency", "set_seat_cookie", "shown_names"]
