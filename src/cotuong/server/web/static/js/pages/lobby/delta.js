// The lobby's deltas (docs/web-protocol.md §7, ``lobby_delta``): the next lobby frame from
// the last one and what changed, as the server's lobby/deltas.py computes it. A game
// moved is redrawn from its moves (ui/fen.js: a move only relocates a piece; the FEN's
// counters are not tracked, as the small board draws only the placement).

import { fenAfter } from "../../ui/fen.js";

/**
 * The frame after delta ``d`` applied to ``frame`` (a ``lobby`` snapshot or a frame
 * built by this function), or null when ``d`` does not follow it (its ``base`` is not
 * the frame's version): then the page asks for the snapshot (``sync``).
 */
export function applyLobbyDelta(frame, d) {
  if (!frame || typeof frame.v !== "number" || frame.v !== d.base) return null;
  const out = { ...frame, v: d.v };
  if (d.seeks) out.seeks = d.seeks;
  if (d.online) out.online = { count: d.online.count, players: d.online.players || frame.online.players };
  const g = d.games;
  if (g) {
    const byId = new Map(frame.games.map((c) => [c.game_id, c]));
    for (const c of g.cards || []) byId.set(c.game_id, c);
    for (const [id, ...moves] of g.moved || []) {
      const c = byId.get(id);
      if (!c) return null;
      const odd = moves.length % 2 === 1;
      byId.set(id, { ...c, fen: fenAfter(c.fen, moves, moves.length), last_move: moves[moves.length - 1],
        ply: c.ply + moves.length, turn: odd ? (c.turn === "red" ? "black" : "red") : c.turn });
    }
    for (const [id, spectators] of g.watched || []) {
      const c = byId.get(id);
      if (!c) return null;
      byId.set(id, { ...c, spectators });
    }
    const order = g.order || frame.games.map((c) => c.game_id);
    if (order.some((id) => !byId.has(id))) return null;
    out.games = order.map((id) => byId.get(id));
  }
  return out;
}
