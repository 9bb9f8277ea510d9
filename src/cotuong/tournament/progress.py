"""Where a tournament stands, read from the state its events built: the results
entered, how far each round is, and the standings (with the ties lots must settle).
:class:`~cotuong.tournament.tournament.Tournament` (and so the Swiss) builds on this.

>>> from cotuong.tournament import Tournament
>>> t = Tournament(["An", "Bình", "Chi", "Dũng"])
>>> _ = t.record(1, "An", "Dũng", "1-0")
>>> t.progress(1), t.current_round, t.incomplete_rounds()
((1, 2), 1, [(1, 1, 2)])
"""

from __future__ import annotations

from cotuong.tournament.handlers import Handlers, TournamentGame
from cotuong.tournament.results import Scoring
from cotuong.tournament.standings import StandingRow, compute_standings, tied_groups
from cotuong.tournament.tiebreaks import Criterion, PlayerGame

__all__ = ["Progress"]


class Progress(Handlers):
    """Results, rounds done and standings of the state :class:`Handlers` keep."""

    scoring: Scoring
    criteria: tuple[Criterion, ...]
    unplayed: str

    def games(self, round_no: int | None = None) -> tuple[TournamentGame, ...]:
        """Recorded results (of one round, or all), by round and board."""
        if round_no is not None:
            self._self()._round(round_no)
        return tuple(g for k, g in sorted(self._games.items())
                     if round_no is None or g.round == round_no)

    def result_of(self, round_no: int, board: int) -> TournamentGame | None:
        """The recorded result at a board of a round, if any."""
        return self._games.get((round_no, board))

    def progress(self, round_no: int) -> tuple[int, int]:
        """``(with a result, boards to play)`` of a round; boards of annulled players do
        not count (they are never played)."""
        annulled = self._annulled()
        boards = [p for p in self._self()._round(round_no)
                  if not p.bye and p.red not in annulled and p.black not in annulled]
        done = sum(1 for p in boards if (p.round, p.board) in self._games)
        return done, len(boards)

    @property
    def current_round(self) -> int:
        """The last round with a result entered by the arbiter (0 before any): forfeits a
        withdrawal scored in later rounds do not make those rounds played."""
        return max((g.round for g in self._games.values() if not g.by_withdrawal), default=0)

    @property
    def next_round(self) -> int:
        """The first round after :attr:`current_round` (``rounds + 1`` when all are)."""
        return self.current_round + 1

    def incomplete_rounds(self, upto: int | None = None) -> list[tuple[int, int, int]]:
        """``(round, with a result, boards)`` of each round up to ``upto`` (default: the
        current round) that is not fully entered."""
        last = self.current_round if upto is None else upto
        out = []
        for r in range(1, last + 1):
            done, total = self.progress(r)
            if done < total:
                out.append((r, done, total))
        return out

    @property
    def finished(self) -> bool:
        """Every game of every round has a result: the ranking is final."""
        return not self.incomplete_rounds(self._self().rounds)

    def _annulled(self) -> set[int]:
        return {p.number for p in self._players if p.withdrawn == "annul"}

    def _rows(self, last: int, final: bool, use_lots: bool = True) -> tuple[StandingRow, ...]:
        annulled = self._annulled()
        counted: dict[int, list[PlayerGame]] = {p.number: [] for p in self._players}
        for g in self._games.values():
            if g.round > last or g.red in annulled or g.black in annulled:
                continue
            for num, is_red, opp in ((g.red, True, g.black), (g.black, False, g.red)):
                counted[num].append(PlayerGame(
                    g.round, opp, is_red, g.result.outcome(is_red),
                    self.scoring.points(g.result, is_red), g.result.played))
        for num, extra in self._without_game(last):
            if num not in annulled:
                counted[num].append(extra)
        names = {p.number: p.name for p in self._players if p.number not in annulled}
        withdrawn = frozenset(p.number for p in self._players if p.withdrawn)
        return compute_standings(names, {n: counted[n] for n in names}, self.criteria,
                                 self._drawings if use_lots else (), withdrawn, final,
                                 self.unplayed, self.scoring.draw)

    def _without_game(self, last: int) -> list[tuple[int, PlayerGame]]:
        """Rounds up to ``last`` a player spent without a game, as counted games against
        nobody (a round robin's rest counts nothing: none; a Swiss bye does)."""
        return []

    def standings(self, after_round: int | None = None) -> tuple[StandingRow, ...]:
        """Rows in rank order after ``after_round`` (default: the current round; 0 is
        before any result).

        Annulled players (withdrawal policy ``annul``) and their games are left out.
        Ties on everything share a rank; after the last round of a finished event they
        wait for (or are ordered by) a drawing of lots.
        """
        last = self.current_round if after_round is None else after_round
        if last != 0:
            self._self()._round(last)
        return self._rows(last, last == self._self().rounds and self.finished)

    def ties_to_draw(self) -> list[tuple[str, ...]]:
        """The ties of the final ranking still waiting for a drawing of lots (names)."""
        if not self.finished:
            return []
        rows = self._rows(self._self().rounds, True)
        return [tuple(r.player for r in g) for g in tied_groups(rows)]

    def unused_lots(self) -> list[tuple[str, ...]]:
        """Drawings of lots (names, best first) that order no tie of the final ranking
        now: results changed since, so they are not applied."""
        if not self.finished:
            return [tuple(self._players[n - 1].name for n in d.order) for d in self._drawings]
        rows = self._rows(self._self().rounds, True)
        used = {frozenset(r.number for r in g) for g in tied_groups(rows, "drawn")}
        return [tuple(self._players[n - 1].name for n in d.order) for d in self._drawings
                if d.tie is None or d.tie[0] not in used]
