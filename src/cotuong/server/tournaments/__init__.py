"""Online tournaments: events kept as the tournament library's event log, each round's
boards as rooms with reserved seats, results from game ends, the arbiter's actions,
invitations, and the event pages."""

from cotuong.server.tournaments.arbiter import Arbiter
from cotuong.server.tournaments.invites import Invitations
from cotuong.server.tournaments.routes import tournament_router
from cotuong.server.tournaments.service import Tournaments
from cotuong.server.tournaments.views import Options

INLINE_SCRIPTS: tuple[str, ...] = ()
"""Every inline script of the tournament pages, which the web app's Content-Security-Policy
allows by hash: none since the pages load their script as a module
(``/static/js/pages/tournament.js``); a page that needs one again names it here."""

__all__ = ["INLINE_SCRIPTS", "Arbiter", "Invitations", "Options", "Tournaments",
           "tournament_router"]
