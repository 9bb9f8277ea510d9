"""The browser's delta handling (issue 27) in Chromium, against the server's frames:

* ``pages/room/state.js`` ``applyMoved``: the ``moved`` frames a real server sent to a
  socket that asked for deltas, applied in order to its first ``state``, give each
  ``state`` the server sent a socket that did not; one that skips a ply is refused (the
  page then sends ``sync``).
* ``pages/lobby/delta.js`` ``applyLobbyDelta``: the server's deltas of random evolutions
  of real games give the next view (a small board's FEN: placement and side to move; the
  counters are not tracked); a delta for another version is refused.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import itertools
import random
import sys
from pathlib import Path
from typing import Any

import pytest

# tests/server (the harness, the delta tests' helpers) and this directory (the fixture).
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from harness import running, two_player_room
from test_browser_modules import js  # noqa: F401  (the fixture)
from test_deltas_lobby import World
from test_deltas_room import greeted, latest

from cotuong.server import Settings
from cotuong.server.lobby.deltas import lobby_delta

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


async def _frames(plies: int) -> tuple[dict[str, Any], list[dict[str, Any]],
                                       list[dict[str, Any]]]:
    """Red's first state and ``moved`` frames (deltas), and Black's full states."""
    rng = random.Random(11)
    async with running(Settings(db="sqlite://")) as srv:
        host, guest = await two_player_room(srv)
        code = host["code"]
        async with greeted(srv, code, host["secret"], deltas=True) as red, \
                greeted(srv, code, guest["secret"]) as black:
            await asyncio.sleep(0.4)
            first = [f for f in red.frames + await red.quiet(0.2) if f["type"] == "state"][-1]
            moved, full = [], []
            state = first
            for ply in range(plies):
                mover = red if ply % 2 == 0 else black
                await mover.send(type="move", move=rng.choice(state["legal_moves"]), ply=ply)
                moved.append(await latest(red, ply + 1))
                state = await latest(black, ply + 1)
                full.append(state)
            return first, moved, full


def test_room_page_applies_moved_frames(js: Any) -> None:  # noqa: F811
    # Playwright's sync API runs a loop in this thread: the server runs in another one.
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        first, moved, full = pool.submit(asyncio.run, _frames(16)).result()
    assert {f["type"] for f in moved} == {"moved"}
    got = js.evaluate("""async ([first, moved]) => {
      const { applyMoved } = await import("/static/js/pages/room/state.js");
      const out = [];
      let s = first;
      for (const f of moved) { s = applyMoved(s, f); out.push(s); }
      const skipped = applyMoved(first, moved[1]);
      return { out, skipped };
    }""", [first, moved])
    assert got["skipped"] is None
    assert got["out"] == full


def test_lobby_page_applies_lobby_deltas(js: Any) -> None:  # noqa: F811
    world = World(random.Random(7), 6)
    views = [world.view()]
    rng = random.Random(8)
    for step in range(20):
        for game_id in rng.sample(range(1, 7), 3):
            world.play(game_id, rng.randint(1, 3))
        if step % 5 == 4:
            world.take_back(1, 2)
            world.spectators[2] += 1
            rng.shuffle(world.shown)
            world.online.append(f"P{step}")
        views.append(world.view())
    deltas = [{"type": "lobby_delta", "v": i + 1, "base": i,
               **lobby_delta(a, b, lambda g: None)}
              for i, (a, b) in enumerate(itertools.pairwise(views))]
    # Moves as moves: the deltas above know no moves (whole cards); these do.
    moved_deltas = []
    world2 = World(random.Random(7), 6)
    prev = world2.view()
    for i in range(10):
        world2.play(1 + i % 6, 1 + i % 2)
        world2.spectators[1 + (i + 3) % 6] += i % 3
        nxt = world2.view()
        moved_deltas.append({"type": "lobby_delta", "v": i + 1, "base": i,
                             **lobby_delta(prev, nxt, lambda g: world2.moves[g])})
        prev = nxt
    assert all("moved" in d["games"] and "cards" not in d["games"] for d in moved_deltas)
    assert any("watched" in d["games"] for d in moved_deltas)
    for start, ds, ends in ((views[0], deltas, views[1:]),
                            (World(random.Random(7), 6).view(), moved_deltas, None)):
        got = js.evaluate("""async ([start, ds]) => {
          const { applyLobbyDelta } = await import("/static/js/pages/lobby/delta.js");
          let f = { type: "lobby", v: 0, ...start };
          const out = [];
          for (const d of ds) { f = applyLobbyDelta(f, d); out.push(f); }
          return { out, stale: applyLobbyDelta({ ...start, v: 5 }, ds[0]) };
        }""", [start, ds])
        assert got["stale"] is None
        if ends is None:  # replay the same moves in Python for the expected views
            w = World(random.Random(7), 6)
            ends = []
            for i in range(10):
                w.play(1 + i % 6, 1 + i % 2)
                w.spectators[1 + (i + 3) % 6] += i % 3
                ends.append(w.view())
        for f, want in zip(got["out"], ends, strict=True):
            assert f["online"] == want["online"] and f["seeks"] == want["seeks"]
            for card, exp in zip(f["games"], want["games"], strict=True):
                assert card["fen"].split()[:2] == exp["fen"].split()[:2]
                assert {**card, "fen": None} == {**exp, "fen": None}
