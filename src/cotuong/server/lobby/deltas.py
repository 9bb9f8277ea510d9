"""The lobby's changes as deltas (issue 27): what a lobby socket that applies deltas is
sent instead of the whole list at every tick. Pure functions over lobby views (the dict
:meth:`~cotuong.server.lobby.service.Lobby.view` builds: ``seeks``, ``games``, ``online``):
:func:`lobby_delta` says how the next view differs from the last, :func:`apply_lobby_delta`
rebuilds the next one from the last and the delta (the browser does the same,
``pages/lobby/delta.js``; a test checks ``apply(prev, delta(prev, next)) == next``).

A delta holds only the parts that changed:

* ``games``: ``order`` (the shown games' ids) when the list's membership or order
  changed, ``cards`` (whole cards) for a game newly shown or changed otherwise than by
  moves and watchers, ``moved``: ``[game_id, move, move, …]`` for a game changed by the
  moves played since (ICCS), so a small board is updated with the move only, and
  ``watched``: ``[game_id, spectators]`` for a game whose spectator count changed (a
  crowd coming and going costs a few bytes, not a card);
* ``online``: ``count``, and ``players`` when the list shown changed;
* ``seeks``: the open seeks (a short list that changes rarely), when it changed.

>>> from cotuong.core.fen import START_FEN
>>> card = {"game_id": 7, "fen": START_FEN, "last_move": None, "ply": 0, "turn": "red",
...         "spectators": 0}
>>> prev = {"seeks": [], "games": [card], "online": {"count": 2, "players": []}}
>>> after = fen_after(START_FEN, ["h2e2"])
>>> nxt = {**prev, "games": [{**card, "fen": after, "last_move": "h2e2", "ply": 1,
...                          "turn": "black"}]}
>>> d = lobby_delta(prev, nxt, lambda game_id: ["h2e2"])
>>> d
{'games': {'moved': [[7, 'h2e2']]}}
>>> apply_lobby_delta(prev, d) == nxt
True
>>> lobby_delta(nxt, nxt, lambda game_id: None)
{}
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from cotuong.core.board import Board
from cotuong.core.types import Move

__all__ = ["apply_lobby_delta", "fen_after", "lobby_delta"]

View = dict[str, Any]
# The fields of a card that moves change, and the spectator count (any other change
# sends the whole card).
_BY_MOVES = frozenset({"fen", "last_move", "ply", "turn"})
_LIGHT = _BY_MOVES | {"spectators"}


def fen_after(fen: str, moves: Sequence[str]) -> str:
    """The FEN after ``moves`` (ICCS, already accepted by the server) from ``fen``."""
    board = Board(fen)
    for m in moves:
        board.push(Move.from_iccs(m))
    return board.fen()


def _moved(card: dict[str, Any], moves: Sequence[str]) -> dict[str, Any]:
    turn = card["turn"] if len(moves) % 2 == 0 else \
        ("black" if card["turn"] == "red" else "red")
    return {**card, "fen": fen_after(card["fen"], moves), "last_move": moves[-1],
            "ply": card["ply"] + len(moves), "turn": turn}


def lobby_delta(prev: View, nxt: View,
                moves_of: Callable[[int], Sequence[str] | None]) -> dict[str, Any]:
    """How view ``nxt`` differs from ``prev`` (``{}``: not at all); ``moves_of(game_id)``
    gives a live game's moves from its start (``None``: not known), from which a card
    changed by moves alone is sent as those moves — checked by replaying them, so a
    takeback or anything else sends the whole card."""
    out: dict[str, Any] = {}
    if nxt["seeks"] != prev["seeks"]:
        out["seeks"] = nxt["seeks"]
    if nxt["online"] != prev["online"]:
        online: dict[str, Any] = {"count": nxt["online"]["count"]}
        if nxt["online"]["players"] != prev["online"]["players"]:
            online["players"] = nxt["online"]["players"]
        out["online"] = online
    games: dict[str, Any] = {}
    before = {c["game_id"]: c for c in prev["games"]}
    order = [c["game_id"] for c in nxt["games"]]
    if order != [c["game_id"] for c in prev["games"]]:
        games["order"] = order
    cards, moved, watched = [], [], []
    for card in nxt["games"]:
        old = before.get(card["game_id"])
        if old == card:
            continue
        if old is None or any(card[k] != old[k] for k in card if k not in _LIGHT):
            cards.append(card)
            continue
        if card["ply"] != old["ply"] or card["fen"] != old["fen"]:
            entry = _as_moves(old, card, moves_of)
            if entry is None:
                cards.append(card)
                continue
            moved.append(entry)
        if card["spectators"] != old["spectators"]:
            watched.append([card["game_id"], card["spectators"]])
    for key, entries in (("cards", cards), ("moved", moved), ("watched", watched)):
        if entries:
            games[key] = entries
    if games:
        out["games"] = games
    return out


def _as_moves(old: dict[str, Any], card: dict[str, Any],
              moves_of: Callable[[int], Sequence[str] | None]) -> list[Any] | None:
    """``[game_id, move, …]`` if the card's moved fields changed by exactly some moves,
    else ``None``."""
    if card["ply"] <= old["ply"]:
        return None
    moves = moves_of(card["game_id"])
    if moves is None or len(moves) < card["ply"]:
        return None
    played = list(moves[old["ply"]:card["ply"]])
    try:
        after = _moved(old, played)
    except ValueError:  # IllegalMoveError: taken back and played on since the old card
        return None
    if any(after[k] != card[k] for k in _BY_MOVES):
        return None
    return [card["game_id"], *played]


def apply_lobby_delta(view: View, delta: dict[str, Any]) -> View:
    """The view after ``delta`` (from :func:`lobby_delta`) is applied to ``view``."""
    out = dict(view)
    if "seeks" in delta:
        out["seeks"] = delta["seeks"]
    if "online" in delta:
        online = delta["online"]
        out["online"] = {"count": online["count"],
                         "players": online.get("players", view["online"]["players"])}
    games = delta.get("games")
    if games:
        by_id = {c["game_id"]: c for c in view["games"]}
        for card in games.get("cards", ()):
            by_id[card["game_id"]] = card
        for game_id, *moves in games.get("moved", ()):
            by_id[game_id] = _moved(by_id[game_id], moves)
        for game_id, spectators in games.get("watched", ()):
            by_id[game_id] = {**by_id[game_id], "spectators": spectators}
        order = games.get("order", [c["game_id"] for c in view["games"]])
        out["games"] = [by_id[i] for i in order]
    return out
