// The analysis board (/analysis): try moves from any position, a finished game or an
// imported one; the moves kept as a variation tree (lib/tree.js: branches, promote,
// delete, comments) listed in the chosen notation; a live engine beside it
// (analysis/engine.js). The browser knows no rules: every new position's legal moves,
// check and end, and the moves' texts come from POST /api/positions/legal.

import { api } from "../lib/api.js";
import { byId as $, h } from "../lib/dom.js";
import { NOTATIONS, lang, notation as notationOf, setNotation, t, translate } from "../lib/i18n.js";
import * as tree from "../lib/tree.js";
import { BoardView } from "../ui/board.js";
import { START_FEN, fenAfter, fenTurn } from "../ui/fen.js";
import { topbar } from "../ui/topbar.js";
import { VariationList } from "../ui/varlist.js";
import { EnginePanel } from "./analysis/engine.js";
import { startingPoint } from "./analysis/sources.js";

const board = new BoardView($("board"), { onMove: (m) => play(m), onIllegal: (m) => explain(m) });
const list = new VariationList($("tree"), (id) => go(id));
const state = {
  tree: tree.newTree(),
  rootFen: START_FEN,
  cur: 0,
  info: new Map(),     // node id -> the server's {fen, turn, legal, check, end} there
  title: "",
  gen: 0,              // which start: node ids restart with each new tree
};
const engine = new EnginePanel({
  toggle: $("engine-toggle"), multipv: $("multipv"), score: $("eval-score"), words: $("eval-words"),
  depth: $("eval-depth"), status: $("engine-status"), lines: $("pv-lines"), bar: $("evalbar"),
  barRed: $("evalbar-red"),
}, { onChange: () => render(), onPlay: (pv) => playLine(pv) });

const ENGINE_MOVES = 150;
const SETTLE_MS = 60;
/** This page also writes Vietnamese in words. */
const notation = () => notationOf([...NOTATIONS, "vi-words"]);
const TEXTS = (res, i) => Object.fromEntries(Object.entries(res).map(([n, list]) => [n, list[i]]));

function position(res) {
  return { fen: res.fen, turn: res.turn, legal: res.legal, check: res.check, end: res.end };
}

function showError(e) {
  $("error").textContent = e ? (e.texts && e.texts[lang()]) || e.message : "";
}

// ----- positions ------------------------------------------------------------------
let asking = 0;

/** The server's view of node ``id`` (legal moves, check, end), asked once and kept. */
async function ensureInfo(id) {
  if (state.info.has(id)) return;
  // From the nearest node already known (the root always is), the moves after it.
  const ids = tree.path(state.tree, id);
  let from = tree.prev(state.tree, id) ?? state.tree.root;
  while (from !== state.tree.root && !state.info.has(from)) from = tree.prev(state.tree, from);
  const rest = ids.slice(ids.indexOf(from) + 1).map((i) => tree.node(state.tree, i).move);
  const mine = ++asking;
  try {
    const res = await api("POST", "/api/positions/legal", { fen: state.info.get(from).fen, moves: rest });
    state.info.set(id, position(res));
  } catch (e) {
    if (mine === asking) showError(e);
    return;
  }
  if (state.cur === id) render();
}

/** A move on the board: the node after it (asking the server for a new one). */
async function play(move) {
  showError(null);
  const at = state.cur;
  const known = tree.node(state.tree, at).children.find((c) => tree.node(state.tree, c).move === move);
  if (known !== undefined) { go(known); return; }
  const here = state.info.get(at);
  if (!here) { render(); return; }
  let res;
  try {
    res = await api("POST", "/api/positions/legal", { fen: here.fen, moves: [move] });
  } catch (e) {
    showError(e);
    render();
    return;
  }
  if (!tree.has(state.tree, at)) return;     // deleted while asking
  const id = tree.add(state.tree, at, move, TEXTS(res.texts, 0));
  state.info.set(id, position(res));
  go(id);
}

/** A move off the legal list: the rules' reason, said to the player (nothing changes). */
async function explain(move) {
  const here = state.info.get(state.cur);
  if (!here) return;
  try {
    await api("POST", "/api/positions/legal", { fen: here.fen, moves: [move] });
  } catch (e) {
    showError(e);
  }
}

/** An engine line clicked: its moves played into the tree from the position on view. */
async function playLine(pv) {
  const here = state.info.get(state.cur);
  if (!here || !pv.length) return;
  try {
    const res = await api("POST", "/api/positions/legal", { fen: here.fen, moves: pv.slice(0, 64) });
    const last = tree.addLine(state.tree, pv.slice(0, 64), pv.map((_, i) => TEXTS(res.texts, i)), state.cur);
    state.info.set(last, position(res));
    go(tree.next(state.tree, state.cur) ?? last);
  } catch (e) {
    showError(e);
  }
}

let settle = null;

function go(id) {
  if (id === null || id === undefined || !tree.has(state.tree, id)) return;
  state.cur = id;
  render();
  // Asked once the position has stayed a moment: a key held down steps through dozens
  // of positions a second (the server allows 20 requests a second per address).
  clearTimeout(settle);
  if (!state.info.has(id)) settle = setTimeout(() => { if (state.cur === id) ensureInfo(id); }, SETTLE_MS);
}

// ----- drawing --------------------------------------------------------------------
function render() {
  translate();
  const t0 = state.tree, cur = state.cur, n = tree.node(t0, cur);
  const info = state.info.get(cur);
  const moves = tree.moves(t0, cur);
  const fen = info ? info.fen : fenAfter(state.rootFen, moves, moves.length);
  const firstMover = fenTurn(state.rootFen);
  const key = `${state.gen}:${cur}`;
  // The engine gets the start and the moves, at most ENGINE_MOVES of them (its socket
  // takes 4 KiB a frame): a long line starts from the position that many moves back.
  const cut = Math.max(0, moves.length - ENGINE_MOVES);
  engine.position(key, cut ? fenAfter(state.rootFen, moves, cut) : state.rootFen, moves.slice(cut), fen,
    !!(info && info.end));
  board.update({ fen, legal: info ? info.legal : [], lastMove: n.move,
    check: info && info.check ? info.turn : null, arrow: engine.arrow(key) });
  const depth = moves.length;
  $("nav-ply").textContent = String(depth);
  Object.assign(document.body.dataset, { ply: String(depth), node: String(cur),
    main: tree.isMain(t0, cur) ? "1" : "0", ready: info ? "1" : "0" });
  list.render(t0, cur, notation(), firstMover);
  engine.render(notation(), tree.moveNumber(depth + 1, firstMover));
  if (document.activeElement !== $("fen")) $("fen").value = fen;
  if (document.activeElement !== $("comment")) $("comment").value = n.comment;
  $("comment").disabled = cur === t0.root;
  $("btn-promote").disabled = tree.isMain(t0, cur);
  $("btn-delete").disabled = cur === t0.root;
  $("nav-up").disabled = tree.sibling(t0, cur, -1) === cur;
  $("nav-down").disabled = tree.sibling(t0, cur, 1) === cur;
  $("btn-editor").href = `/editor?fen=${encodeURIComponent(fen)}`;
  $("title").textContent = state.title || t("analyse.title");
  const end = info && info.end;
  $("banners").replaceChildren(end ? h("div", { class: "banner result", id: "result" },
    h("span", { class: "score", text: end.result }), h("span", { class: "grow", text: end.texts[lang()] || end.text })) : "");
}

// ----- starting -------------------------------------------------------------------
/** Start over from ``fen`` with ``moves`` as the main line, on view after ``ply`` moves. */
async function start(fen, moves = [], ply = null) {
  const res = await api("POST", "/api/positions/legal", { fen, moves });
  const root = moves.length ? await api("POST", "/api/positions/legal", { fen, moves: [] }) : res;
  state.tree = tree.newTree();
  state.gen += 1;
  state.info = new Map([[state.tree.root, position(root)]]);
  state.rootFen = root.fen;
  const last = tree.addLine(state.tree, moves, moves.map((_, i) => TEXTS(res.texts, i)));
  state.info.set(last, position(res));
  const want = ply === null ? moves.length : Math.min(ply, moves.length);
  let at = state.tree.root;
  for (let i = 0; i < want; i++) at = tree.next(state.tree, at);
  go(at);
}

function keys(e) {
  if (e.target.closest("select, input, textarea") || e.altKey || e.ctrlKey || e.metaKey) return;
  const t0 = state.tree, cur = state.cur;
  const to = { ArrowLeft: () => tree.prev(t0, cur), ArrowRight: () => tree.next(t0, cur),
    ArrowUp: () => tree.sibling(t0, cur, -1), ArrowDown: () => tree.sibling(t0, cur, 1),
    Home: () => t0.root, End: () => tree.lineEnd(t0, cur) }[e.key];
  if (!to) return;
  e.preventDefault();    // ↑/↓ and Home/End would scroll the page
  go(to());
}

async function boot() {
  await topbar(render);
  $("notation").value = notation();
  $("notation").addEventListener("change", (e) => { setNotation(e.target.value); render(); });
  $("nav-start").addEventListener("click", () => go(state.tree.root));
  $("nav-prev").addEventListener("click", () => go(tree.prev(state.tree, state.cur)));
  $("nav-next").addEventListener("click", () => go(tree.next(state.tree, state.cur)));
  $("nav-end").addEventListener("click", () => go(tree.lineEnd(state.tree, state.cur)));
  $("nav-up").addEventListener("click", () => go(tree.sibling(state.tree, state.cur, -1)));
  $("nav-down").addEventListener("click", () => go(tree.sibling(state.tree, state.cur, 1)));
  document.addEventListener("keydown", keys);
  $("btn-flip").addEventListener("click", () => { board.setFlipped(!board.flipped); render(); });
  $("btn-promote").addEventListener("click", () => { tree.promote(state.tree, state.cur); render(); });
  $("btn-delete").addEventListener("click", () => go(tree.remove(state.tree, state.cur)));
  $("comment").addEventListener("input", (e) => { tree.setComment(state.tree, state.cur, e.target.value); list.render(state.tree, state.cur, notation(), fenTurn(state.rootFen)); });
  $("comment").addEventListener("change", () => render());
  $("btn-load").addEventListener("click", async () => {
    showError(null);
    try { state.title = t("analyse.source.fen"); await start($("fen").value.trim()); } catch (e) { showError(e); }
  });
  $("fen").addEventListener("keydown", (e) => { if (e.key === "Enter") $("btn-load").click(); });
  $("btn-copy").addEventListener("click", async () => {
    try { await navigator.clipboard.writeText($("fen").value); } catch { $("fen").select(); }
    $("btn-copy").textContent = t("editor.copied");
  });
  render();
  let from;
  try {
    from = await startingPoint(new URLSearchParams(location.search));
  } catch (e) {
    showError(e);
    from = { fen: START_FEN, moves: [], ply: null, title: t("analyse.start_pos") };
  }
  state.title = from.title;
  try {
    await start(from.fen, from.moves, from.ply);
  } catch (e) {
    showError(e);
    state.title = t("analyse.start_pos");
    await start(START_FEN);
  }
}

boot();
