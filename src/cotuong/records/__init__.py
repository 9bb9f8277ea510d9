"""Game records: PGN (any notation), the seeds' ``[game]`` blocks, DhtmlXQ pages.

>>> games = read_pgn("1. 炮二平五 马8进7 2. 马二进三 *")
>>> games[0].notation, len(games[0].moves), games[0].ok
('zh', 3, True)
"""

from cotuong.records.compare import cross_check
from cotuong.records.dhtmlxq import read_dhtmlxq
from cotuong.records.model import GameRecord, RecordIssue
from cotuong.records.movetext import detect_notations, tokenize
from cotuong.records.pgn import read_pgn, write_pgn
from cotuong.records.reader import read_any
from cotuong.records.seeds import read_seed_games

__all__ = [
    "GameRecord",
    "RecordIssue",
    "cross_check",
    "detect_notations",
    "read_any",
    "read_dhtmlxq",
    "read_pgn",
    "read_seed_games",
    "tokenize",
    "write_pgn",
]
