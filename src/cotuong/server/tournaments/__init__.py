"""Online tournaments: events kept as the tournament library's event log, each round's
boards as rooms with reserved seats, results from game ends, the arbiter's actions,
invitations, and the event pages."""

from cotuong.server.tournaments.arbiter import Arbiter
from cotuong.server.tournaments.invites import Invitations
from cotuong.server.tournaments.routes import tournament_router
from cotuong.server.tournaments.service import Tournaments
from cotuong.server.tournaments.views import Options

__all__ = ["Arbiter", "Invitations", "Options", "Tournaments", "tournament_router"]
