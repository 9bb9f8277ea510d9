"""``cotuong tournament …``: the arbiter's command line, in Vietnamese (``--lang en``:
English; ``COTUONG_LANG=en`` sets the default, which help and argument errors use).

Each command opens the store (a tournament directory holding
``tournament.sqlite3``, or an explicit ``.sqlite3`` path), does one thing in one
transaction and prints the result. Forfeits need no ``--``: ``-/+`` and ``-/-``
are read as results, and the words ``thắng-bỏ``, ``bỏ-thắng``, ``bỏ-bỏ`` work too.

The commands live by what they act on: :mod:`~cotuong.cli.tournament.event`,
:mod:`~cotuong.cli.tournament.players`, :mod:`~cotuong.cli.tournament.results`, and the
Swiss and knockout ones in :mod:`~cotuong.cli.tournament.systems`; the parser is
:mod:`~cotuong.cli.tournament.parser`, its language :mod:`~cotuong.cli.tournament.args`.

>>> import argparse
>>> parser = argparse.ArgumentParser(prog="cotuong")
>>> register(parser.add_subparsers(dest="command"))
>>> parser.parse_args(["tournament", "result", "club", "3", "An", "Bình", "-/+"]).result
'bỏ-thắng'
"""

from cotuong.cli.tournament.parser import register

__all__ = ["register"]
