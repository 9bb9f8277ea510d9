"""Tournament director: Berger round robins, Swiss events (FIDE Dutch), knockouts with a
tie-break ladder; results, standings, tie-breaks, TRF, a store.

Independent of the engine; pure functions over plain data plus an SQL store.

>>> from cotuong.tournament import Tournament
>>> t = Tournament(["An", "Bình", "Chi"])
>>> t.rounds, [p.rests for p in t.pairings(1)]
(3, [None, 'An'])
"""

from cotuong.tournament.berger import (
    Pairing,
    berger_colours,
    berger_round,
    berger_schedule,
    even_size,
    rounds_in_cycle,
)
from cotuong.tournament.errors import (
    AmbiguousPlayerError,
    AttachedGameError,
    ConfigurationError,
    CorruptStoreError,
    DuplicatePlayerError,
    DuplicateResultError,
    ExportFormatError,
    InvalidResultError,
    LotsError,
    NothingToUndoError,
    PairingError,
    TournamentError,
    TournamentStateError,
    TournamentStoreError,
    UnknownPlayerError,
)
from cotuong.tournament.knockout import RUNGS, Knockout, Match, NamedNextGame
from cotuong.tournament.players import Entrant, PlayerInfo, parse_players_text
from cotuong.tournament.results import Result, Scoring, parse_result
from cotuong.tournament.standings import StandingRow, compute_standings
from cotuong.tournament.swiss import SwissTournament
from cotuong.tournament.swiss_pairing import Pairer, PairingRequest
from cotuong.tournament.systems import SYSTEMS, Directed, from_settings
from cotuong.tournament.tiebreaks import (
    CRITERIA,
    DEFAULT_TIEBREAKS,
    SWISS_TIEBREAKS,
    UNPLAYED_MODES,
    resolve_tiebreaks,
)
from cotuong.tournament.tournament import NamedPairing, Tournament, TournamentGame
from cotuong.tournament.trf import trf_text

__all__ = [
    "CRITERIA",
    "DEFAULT_TIEBREAKS",
    "RUNGS",
    "SWISS_TIEBREAKS",
    "SYSTEMS",
    "UNPLAYED_MODES",
    "AmbiguousPlayerError",
    "AttachedGameError",
    "ConfigurationError",
    "CorruptStoreError",
    "Directed",
    "DuplicatePlayerError",
    "DuplicateResultError",
    "Entrant",
    "ExportFormatError",
    "InvalidResultError",
    "Knockout",
    "LotsError",
    "Match",
    "NamedNextGame",
    "NamedPairing",
    "NothingToUndoError",
    "Pairer",
    "Pairing",
    "PairingError",
    "PairingRequest",
    "PlayerInfo",
    "Result",
    "Scoring",
    "StandingRow",
    "SwissTournament",
    "Tournament",
    "TournamentError",
    "TournamentGame",
    "TournamentStateError",
    "TournamentStoreError",
    "UnknownPlayerError",
    "berger_colours",
    "berger_round",
    "berger_schedule",
    "compute_standings",
    "even_size",
    "from_settings",
    "parse_players_text",
    "parse_result",
    "resolve_tiebreaks",
    "rounds_in_cycle",
    "trf_text",
]
