// Review of a game (/game/{id}): step through the moves, download the PGN, and ask for
// the computer's analysis (evaluation graph, marked moves, the best move as an arrow).

import { api } from "../lib/api.js";
import { byId as $, h } from "../lib/dom.js";
import { outcomeText, playerName } from "../lib/format.js";
import { colorName, notation, setNotation, t, translate } from "../lib/i18n.js";
import { AnalysisPanel } from "../ui/analysis.js";
import { BoardView } from "../ui/board.js";
import { fenAfter, fenTurn } from "../ui/fen.js";
import { MoveList } from "../ui/movelist.js";
import { stepControls } from "../ui/stepper.js";
import { topbar } from "../ui/topbar.js";

const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] || "");
const board = new BoardView($("board"));
const list = new MoveList($("moves"), (ply) => show(ply));
const analysis = new AnalysisPanel($("analysis-body"), gameId,
  { onPick: (n) => show(n), onChange: () => render() });
let game = null;
let ply = 0;

function show(n) {
  if (!game) return;
  ply = Math.max(0, Math.min(game.moves.length, n));
  render();
}

function player(node, color) {
  const p = (game.players || {})[color];
  const name = p ? playerName(p) : "—";
  node.className = `player ${color}`;
  node.replaceChildren(h("span", { class: "dot", title: colorName(color) }), h("span", { class: "name", text: name }));
}

function render() {
  translate();
  if (!game) return;
  // The final position's check comes from the server; earlier ones are not marked. On a
  // judged move the arrow is the move that should have been played, in the colour of the
  // side that erred; elsewhere, the engine's move in the position shown (green).
  const better = analysis.better(ply);
  board.update({ fen: fenAfter(game.start_fen, game.moves, ply),
    lastMove: ply > 0 ? game.moves[ply - 1] : null,
    check: ply === game.moves.length && game.check ? game.turn : null,
    arrow: better ? better.move : analysis.arrow(ply), arrowColor: better ? better.color : null });
  const bottom = board.flipped ? "black" : "red";
  player($("player-top"), bottom === "red" ? "black" : "red");
  player($("player-bottom"), bottom);
  $("nav-ply").textContent = `${ply} / ${game.moves.length}`;
  // Only a finished game (the analysis board refuses one still on).
  $("btn-from-here").hidden = game.status === "playing" || game.status === "waiting";
  $("btn-from-here").href = `/analysis?game=${encodeURIComponent(gameId)}&ply=${ply}`;
  document.body.dataset.ply = String(ply);
  list.render(game, ply, notation(), analysis.marks());
  // Only a finished game can be analysed (an aborted one has nothing to judge).
  $("analysis").hidden = game.status !== "finished";
  analysis.render(ply, notation());
  const o = game.outcome;
  $("banners").replaceChildren(o ? h("div", { class: "banner result", id: "result" },
    o.result && o.result !== "*" ? h("span", { class: "score", text: o.result }) : null,
    h("span", { class: "grow", text: outcomeText(o) })) : "");
  $("pgn-links").replaceChildren(...[["vi", t("notation.vi")], ["wxf", "WXF"], ["zh", "中文"]].map(([n, label]) =>
    h("a", { class: "btn small", href: `/api/games/${encodeURIComponent(gameId)}/pgn?notation=${n}`,
      download: `cotuong-${gameId}-${n}.pgn`, "data-notation": n, text: `PGN ${label}` })));
}

async function boot() {
  await topbar(render);
  $("notation").value = notation();
  $("notation").addEventListener("change", (e) => { setNotation(e.target.value); render(); });
  stepControls(show, () => ply);
  $("btn-flip").addEventListener("click", () => { board.setFlipped(!board.flipped); render(); });
  try {
    game = await api("GET", `/api/games/${encodeURIComponent(gameId)}`);
    analysis.firstMover = fenTurn(game.start_fen);
    ply = game.moves.length;
    render();
    if (game.status === "finished") {
      await analysis.load();
      render();
    }
  } catch (e) {
    $("banners").replaceChildren(h("div", { class: "banner error", id: "notfound", text: e.message }));
  }
}

boot();
