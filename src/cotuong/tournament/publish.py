"""What an export publishes: for each round entered, its record and the standings after
it (CSV, JSON) and the printable page — never a page for a round not yet entered.

>>> from cotuong.tournament import Tournament
>>> t = Tournament(["An", "Bình", "Chi"])
>>> _ = t.record(1, "Bình", "Chi", "1-0")
>>> sorted(export_files(t, 1, {"csv", "html"}))  # doctest: +NORMALIZE_WHITESPACE
['round-01.csv', 'standings-after-round-01.csv', 'tournament-after-round-01.html']
"""

from __future__ import annotations

from collections.abc import Collection

from cotuong.tournament.errors import ConfigurationError, fail
from cotuong.tournament.export import (
    round_record,
    round_to_csv,
    round_to_json,
    standings_to_csv,
    standings_to_json,
)
from cotuong.tournament.page import render_html
from cotuong.tournament.tournament import Tournament


def export_files(t: Tournament, last: int, formats: Collection[str],
                 crosstable: str = "draw") -> dict[str, str]:
    """File name -> text for rounds ``1..last`` (``last`` at most the current round)."""
    if not 1 <= last <= t.current_round:
        raise fail(ConfigurationError, "TC_NOT_ENTERED", round=last, last=t.current_round)
    files: dict[str, str] = {}
    # The law asks for the record of each round and the standings after each round.
    for r in range(1, last + 1):
        entries = round_record(t, r)
        rows = t.standings(r)
        if "csv" in formats:
            files[f"round-{r:02d}.csv"] = round_to_csv(entries)
            files[f"standings-after-round-{r:02d}.csv"] = standings_to_csv(rows, t.tiebreak_keys)
        if "json" in formats:
            files[f"round-{r:02d}.json"] = round_to_json(entries, t.title)
            files[f"standings-after-round-{r:02d}.json"] = standings_to_json(
                rows, t.tiebreak_keys, t.title, r)
        if "html" in formats:
            files[f"tournament-after-round-{r:02d}.html"] = render_html(t, r, crosstable)
    return files
