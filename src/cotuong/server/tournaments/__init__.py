"""Online tournaments: events kept as the tournament library's event log, each round's
boards as rooms with reserved seats, results from game ends, the arbiter's actions,
invitations, and the event pages."""

from cotuong.server.tournaments import invite_pages, pages
from cotuong.server.tournaments.arbiter import Arbiter
from cotuong.server.tournaments.invites import Invitations
from cotuong.server.tournaments.routes import tournament_router
from cotuong.server.tournaments.service import Tournaments
from cotuong.server.tournaments.views import Options

INLINE_SCRIPTS = pages.INLINE_SCRIPTS + invite_pages.INLINE_SCRIPTS
"""Every inline script of the tournament pages (the web app allows them by hash)."""

__all__ = ["INLINE_SCRIPTS", "Arbiter", "Invitations", "Options", "Tournaments",
           "tournament_router"]
