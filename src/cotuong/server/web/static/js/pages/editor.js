// The board editor (/editor): place and remove pieces (a piece from the palette, then a
// tap; drag to move, drag off the board to remove), side to move, flip, clear, start
// position, FEN in and out. The server checks every position (POST /api/positions/check)
// and names each problem; from a legal position: play the computer, open a room for a
// friend, or analyse it on the analysis board (/analysis?fen=…); /editor?fen=…&view=1 is
// a read-only board.

import { api } from "../lib/api.js";
import { byId as $, h, svg } from "../lib/dom.js";
import { colorName, lang, levelName, t, translate } from "../lib/i18n.js";
import { pref, saveSeat, setPref } from "../lib/store.js";
import { BoardView } from "../ui/board.js";
import { GLYPHS, START_FEN, fenTurn, isRed, placement, writeFen } from "../ui/fen.js";
import { topbar } from "../ui/topbar.js";

const params = new URLSearchParams(location.search);
const view = params.get("view") === "1";
const board = new BoardView($("board"));
const state = {
  pieces: placement(params.get("fen") || START_FEN),
  turn: fenTurn(params.get("fen") || START_FEN),
  tool: "",          // "" move pieces, "x" remove, else the piece letter to place
  verdict: null,     // the server's answer for the position shown
  selected: null,    // a square picked up by a click, to be dropped by the next one
};
let asked = 0;       // the latest check sent (older answers are dropped)
let timer = null;

const fen = () => writeFen(state.pieces, state.turn);

// ----- drawing ------------------------------------------------------------------
function render() {
  translate();
  document.body.dataset.mode = view ? "view" : "edit";
  const text = fen();
  // The picked-up square is shown as a last move on that one square.
  board.update({ fen: text, lastMove: state.selected ? state.selected + state.selected : null });
  markProblems();
  $("fen").value = text;
  $("fen").readOnly = view;
  for (const input of document.querySelectorAll('input[name="turn"]')) input.checked = input.value === state.turn;
  for (const b of document.querySelectorAll("[data-tool]")) b.setAttribute("aria-pressed", String(b.dataset.tool === state.tool));
  // The side at the bottom of the board has its palette under it.
  const [top, bottom] = board.flipped ? ["palette-red", "palette-black"] : ["palette-black", "palette-red"];
  $("board").before($(top));
  $("board").after($(bottom));
  $("btn-edit").href = `/editor?fen=${encodeURIComponent(text)}`;
  history.replaceState(null, "", `/editor?fen=${encodeURIComponent(text)}${view ? "&view=1" : ""}`);
  renderVerdict();
}

/** Ring the points the problems concern (drawn again after each board update). */
function markProblems() {
  for (const node of board.markLayer.querySelectorAll(".problem")) node.remove();
  const v = state.verdict;
  if (!v || v.ok) return;
  for (const sq of new Set(v.errors.flatMap((e) => e.squares))) {
    const [cx, cy] = board.xy(sq);
    board.markLayer.append(svg("circle", { cx, cy, r: 31, class: "problem", "data-sq": sq }));
  }
}

function renderVerdict() {
  markProblems();
  const v = state.verdict;
  const ok = !!(v && v.ok);
  document.body.dataset.valid = v ? (ok ? "1" : "0") : "";
  document.body.dataset.problems = v ? v.errors.map((e) => e.code).join(" ") : "";
  $("verdict").replaceChildren(!v ? "" : ok
    ? h("p", { class: "ok", id: "valid", text: t("editor.valid") })
    : h("div", {}, h("p", { text: t("editor.problems") }),
      h("ul", { id: "problems" }, v.errors.map((e) =>
        h("li", { "data-code": e.code, "data-squares": e.squares.join(" "), text: e.texts[lang()] || e.text })))));
  for (const id of ["btn-ai", "btn-friend"]) $(id).disabled = !ok;
  const analyse = $("btn-analyse");
  analyse.classList.toggle("disabled", !ok);
  analyse.setAttribute("aria-disabled", String(!ok));
  analyse.href = ok ? `/analysis?fen=${encodeURIComponent(fen())}` : "#";
}

function renderPalettes() {
  for (const [id, letters] of [["palette-red", "KABNRCP"], ["palette-black", "kabnrcp"]]) {
    $(id).replaceChildren(...[...letters].map((letter) => h("button", {
      type: "button", class: isRed(letter) ? "red" : "black", "data-piece": letter,
      "data-tool": letter, text: GLYPHS[letter],
      "aria-label": `${t("pieces")[letter.toUpperCase()]} ${colorName(isRed(letter) ? "red" : "black")}`,
      onpointerdown: (e) => startDrag(e, null, letter),
    })));
  }
}

// ----- the position's check -----------------------------------------------------
function scheduleCheck() {
  clearTimeout(timer);
  timer = setTimeout(check, 120);
}

async function check(text = fen()) {
  const mine = ++asked;
  try {
    const res = await api("POST", "/api/positions/check", { fen: text });
    if (mine !== asked) return null;
    state.verdict = res;
    renderVerdict();
    return res;
  } catch (e) {
    if (mine === asked) $("verdict").replaceChildren(h("p", { class: "error", text: e.message }));
    return null;
  }
}

function changed() {
  state.verdict = null;
  asked++;  // an answer still on its way is for the position before this change
  render();
  scheduleCheck();
}

// ----- editing ------------------------------------------------------------------
/** The board square under a pointer, or null off the board. */
function squareAt(x, y) {
  const hit = document.elementFromPoint(x, y);
  const rect = hit && hit.closest ? hit.closest("rect.hit") : null;
  return rect ? rect.dataset.sq : null;
}

let drag = null;     // {from: square or null (the palette), letter, x0, y0, moved, ghost}

function startDrag(e, from, letter) {
  if (view || (e.button !== undefined && e.button !== 0)) return;
  e.preventDefault();
  drag = { from, letter, x0: e.clientX, y0: e.clientY, moved: false, ghost: null };
}

function moveDrag(e) {
  if (!drag || drag.tapOnly) return;
  if (!drag.moved && Math.hypot(e.clientX - drag.x0, e.clientY - drag.y0) < 8) return;
  drag.moved = true;
  if (!drag.ghost) {
    drag.ghost = h("div", { class: `drag-ghost ${isRed(drag.letter) ? "red" : "black"}`, text: GLYPHS[drag.letter] });
    document.body.append(drag.ghost);
  }
  drag.ghost.style.left = `${e.clientX}px`;
  drag.ghost.style.top = `${e.clientY}px`;
}

function endDrag(e) {
  const d = drag;
  drag = null;
  if (!d) return;
  if (d.ghost) d.ghost.remove();
  const to = squareAt(e.clientX, e.clientY);
  if (!d.moved) {
    if (d.from === null) { state.tool = state.tool === d.letter ? "" : d.letter; render(); }
    else tap(d.from);
    return;
  }
  if (d.from !== null) state.pieces.delete(d.from);
  if (to) state.pieces.set(to, d.letter);
  state.selected = null;
  changed();
}

/** A tap on a square: place the chosen piece (again: remove it), remove, or pick up and drop. */
function tap(sq) {
  const here = state.pieces.get(sq);
  if (state.tool === "x") state.pieces.delete(sq);
  else if (state.tool) {
    if (here === state.tool) state.pieces.delete(sq);
    else state.pieces.set(sq, state.tool);
  } else if (state.selected && state.selected !== sq) {
    state.pieces.set(sq, state.pieces.get(state.selected));
    state.pieces.delete(state.selected);
    state.selected = null;
  } else {
    state.selected = here && state.selected !== sq ? sq : null;
    render();
    return;
  }
  changed();
}

function onBoardDown(e) {
  const sq = squareAt(e.clientX, e.clientY);
  if (!sq || view) return;
  const here = state.pieces.get(sq);
  if (!state.tool && here && !state.selected) startDrag(e, sq, here);
  else { e.preventDefault(); drag = { from: sq, letter: here, x0: e.clientX, y0: e.clientY, moved: false, ghost: null, tapOnly: true }; }
}

async function loadFen() {
  clearTimeout(timer);   // a check still to come is of the position being replaced
  const mine = ++asked;
  let res;
  try {
    res = await api("POST", "/api/positions/check", { fen: $("fen").value.trim() });
  } catch (e) {
    $("verdict").replaceChildren(h("p", { class: "error", text: e.message }));
    return;
  }
  if (mine !== asked) return;   // the position was changed meanwhile
  state.verdict = res;
  if (res.fen) {
    state.pieces = placement(res.fen);
    state.turn = fenTurn(res.fen);
    state.selected = null;
    render();
  } else renderVerdict();
}

// ----- playing from the position ------------------------------------------------
async function play(opponent) {
  $("play-error").textContent = "";
  const color = document.querySelector('input[name="color"]:checked').value;
  const level = Number($("level").value);
  setPref("editor-level", level);
  const body = { opponent, color, fen: fen(), lang: lang() };
  if (opponent === "ai") body.ai_level = level;
  try {
    const res = await api("POST", "/api/rooms", body);
    saveSeat(res.code, res.slot, res.secret);
    location.assign(`/room/${encodeURIComponent(res.code)}`);
  } catch (e) {
    $("play-error").textContent = e.message;
  }
}

function renderLevels() {
  const chosen = Number(pref("editor-level", 3));
  $("level").replaceChildren(...[1, 2, 3, 4, 5, 6, 7, 8].map((n) =>
    h("option", { value: n, selected: n === chosen, text: `${n} · ${levelName(n)}` })));
}

async function boot() {
  await topbar(() => { renderLevels(); renderPalettes(); render(); });
  renderPalettes();
  renderLevels();
  board.svg.addEventListener("pointerdown", onBoardDown);
  document.addEventListener("pointermove", moveDrag);
  document.addEventListener("pointerup", (e) => {
    if (drag && drag.tapOnly) {
      const d = drag;
      drag = null;
      if (squareAt(e.clientX, e.clientY) === d.from) tap(d.from);
      return;
    }
    endDrag(e);
  });
  document.addEventListener("pointercancel", () => { if (drag && drag.ghost) drag.ghost.remove(); drag = null; });
  for (const b of document.querySelectorAll(".tools [data-tool]")) {
    b.addEventListener("click", () => { state.tool = b.dataset.tool; state.selected = null; render(); });
  }
  for (const input of document.querySelectorAll('input[name="turn"]')) {
    input.addEventListener("change", () => { state.turn = input.value; changed(); });
  }
  $("btn-clear").addEventListener("click", () => { state.pieces = new Map(); state.selected = null; changed(); });
  $("btn-start").addEventListener("click", () => {
    state.pieces = placement(START_FEN); state.turn = "red"; state.selected = null; changed();
  });
  $("btn-flip").addEventListener("click", () => { board.setFlipped(!board.flipped); render(); });
  $("btn-load").addEventListener("click", loadFen);
  $("fen").addEventListener("keydown", (e) => { if (e.key === "Enter" && !view) loadFen(); });
  $("btn-copy").addEventListener("click", async () => {
    try { await navigator.clipboard.writeText(fen()); } catch { $("fen").select(); }
    $("btn-copy").textContent = t("editor.copied");
  });
  $("btn-ai").addEventListener("click", () => play("ai"));
  $("btn-friend").addEventListener("click", () => play("human"));
  $("btn-analyse").addEventListener("click", (e) => { if (!(state.verdict && state.verdict.ok)) e.preventDefault(); });
  // The side to move plays by default.
  for (const input of document.querySelectorAll('input[name="color"]')) input.checked = input.value === state.turn;
  render();
  await check();
}

boot();
