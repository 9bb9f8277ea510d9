// Where the analysis board starts (the page's query): the start position; ``?fen=…``;
// ``?fen=…&moves=h2e2,h9g7`` (moves from it, as the paste page sends a guest's game);
// ``?import=<id>`` (a kept import) or ``?game=<id>`` (a finished game of the platform),
// each with ``&ply=N`` (the position after N moves; default: the last). The moves become
// the tree's main line, written in every notation by the server's rules.

import { api } from "../../lib/api.js";
import { t } from "../../lib/i18n.js";
import { START_FEN } from "../../ui/fen.js";

/**
 * ``{fen, moves, ply, title, game?}`` read from the query (``fen`` not yet checked: the
 * server refuses a bad one, or a bad move, with its reason), or throws an ApiError / Error with words.
 */
export async function startingPoint(params) {
  const ply = params.has("ply") ? Math.max(0, Number.parseInt(params.get("ply"), 10) || 0) : null;
  if (params.get("game")) {
    const id = params.get("game");
    const g = await api("GET", `/api/games/${encodeURIComponent(id)}`);
    // A game still on is not analysed: the engine would play it for one of its players.
    if (g.status === "playing" || g.status === "waiting") throw new Error(t("analyse.not_over", { id }));
    return { fen: g.start_fen, moves: g.moves || [], ply, title: t("analyse.source.game", { id }), game: id };
  }
  if (params.get("import")) {
    const g = await api("GET", `/api/imports/${encodeURIComponent(params.get("import"))}`);
    return { fen: g.start_fen, moves: g.moves || [], ply, title: g.title || t("analyse.source.import") };
  }
  const moves = (params.get("moves") || "").split(/[\s,]+/).filter(Boolean);
  const fen = params.get("fen");
  // Moves in the address come from the paste page (a guest's game, not kept).
  const title = moves.length ? t("analyse.source.import") : fen ? t("analyse.source.fen") : t("analyse.start_pos");
  return { fen: fen || START_FEN, moves, ply, title };
}
