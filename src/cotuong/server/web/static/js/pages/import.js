// "Dán ván cờ" (/import, /import/{id}): paste a game or open a file — PGN in any notation,
// DhtmlXQ, a book or forum record, a bare list of moves — and the server reads it
// (POST /api/imports): the game on a board opened at its last move, the moves in every
// notation, and what the reader skipped and why. An account keeps its imports (listed
// here, never rated); a kept import has its own address, /import/{id}.

import { api } from "../lib/api.js";
import { byId as $, h } from "../lib/dom.js";
import { lang, notation, setNotation, t, translate } from "../lib/i18n.js";
import { BoardView } from "../ui/board.js";
import { START_FEN, fenAfter } from "../ui/fen.js";
import { MoveList } from "../ui/movelist.js";
import { stepControls } from "../ui/stepper.js";
import { currentUser, topbar } from "../ui/topbar.js";

const board = new BoardView($("board"));
const list = new MoveList($("moves"), (ply) => show(ply));
let game = null;
let ply = 0;

function show(n) {
  if (!game) return;
  ply = Math.max(0, Math.min(game.moves.length, n));
  render();
}

function render() {
  translate();
  if (!game) return;
  $("game-card").hidden = false;
  const fen = fenAfter(game.start_fen, game.moves, ply);
  board.update({ fen, lastMove: ply > 0 ? game.moves[ply - 1] : null });
  $("nav-ply").textContent = `${ply} / ${game.moves.length}`;
  document.body.dataset.ply = String(ply);
  document.body.dataset.plies = String(game.moves.length);
  $("btn-editor").href = `/editor?fen=${encodeURIComponent(fen)}`;
  // A kept import by its id; a guest's (not kept) by its start and moves.
  $("btn-analyse").href = game.import_id
    ? `/analysis?import=${encodeURIComponent(game.import_id)}&ply=${ply}`
    : `/analysis?fen=${encodeURIComponent(game.start_fen)}&moves=${game.moves.join(",")}&ply=${ply}`;
  list.render(game, ply, notation());
  $("game-title").textContent = game.title || t("moves");
  const info = [t("import.plies", { n: game.moves.length })];
  if (game.result && game.result !== "*") info.push(game.result);
  if (game.games > 1) info.push(t("import.games", { n: game.games }));
  const note = game.saved ? t("import.saved") : game.note ? game.note.texts[lang()] : "";
  $("game-info").replaceChildren(h("p", { text: info.join(" · ") }),
    note ? h("p", { id: "import-note", "data-saved": game.saved ? "1" : "0", text: note }) : "");
  $("skipped-card").hidden = false;
  $("skipped").replaceChildren(...(game.skipped.length ? game.skipped.map((s) => h("li", { "data-ply": s.ply },
    h("span", { class: "chip", text: s.ply ? t("import.ply", { ply: s.ply }) : t("import.line") }), " ",
    h("span", { class: "token", text: s.token.length > 160 ? `${s.token.slice(0, 160)}…` : s.token }),
    h("span", { class: "why", text: s.texts[lang()] || s.reason })))
    : [h("li", { class: "muted", text: t("import.skipped.none") })]));
}

function open(data) {
  game = data;
  ply = data.moves.length;   // opened at the last move read
  render();
  if (data.import_id) history.replaceState(null, "", `/import/${encodeURIComponent(data.import_id)}`);
}

async function read(text) {
  $("read-error").textContent = "";
  $("btn-read").disabled = true;
  try {
    open(await api("POST", "/api/imports", { text }));
    await renderMine();
  } catch (e) {
    $("read-error").textContent = e.message;
  } finally {
    $("btn-read").disabled = false;
  }
}

/** A file's text: UTF-8 (or UTF-16 with its mark), else GB18030, as Chinese records often are. */
function decode(buffer) {
  const bytes = new Uint8Array(buffer);
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder("utf-16le").decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder("utf-16be").decode(bytes);
  try { return new TextDecoder("utf-8", { fatal: true }).decode(bytes); } catch { /* not UTF-8 */ }
  return new TextDecoder("gb18030").decode(bytes);
}

async function renderMine() {
  const me = await currentUser();
  $("mine-card").hidden = !me.user;
  if (!me.user) return;
  let items = [];
  try { items = (await api("GET", "/api/imports")).imports; } catch { items = []; }
  $("mine").replaceChildren(...(items.length ? items.map((it) => h("li", { "data-id": it.import_id },
    h("a", { href: `/import/${encodeURIComponent(it.import_id)}`,
      text: `${it.title || new Date(it.created_at).toLocaleString(lang())} · ${t("import.plies", { n: it.plies })}` }),
    h("button", { class: "btn small danger", type: "button", text: t("import.delete"), onclick: async () => {
      try { await api("DELETE", `/api/imports/${encodeURIComponent(it.import_id)}`); } catch { /* gone */ }
      renderMine();
    } })))
    : [h("li", { class: "muted", text: t("import.mine.empty") })]));
}

async function boot() {
  await topbar(() => { render(); renderMine(); });
  $("notation").value = notation();
  $("notation").addEventListener("change", (e) => { setNotation(e.target.value); render(); });
  $("btn-read").addEventListener("click", () => read($("paste").value));
  $("file").addEventListener("change", async (e) => {
    const file = e.target.files && e.target.files[0];
    if (!file) return;
    $("paste").value = decode(await file.arrayBuffer());
    read($("paste").value);
  });
  stepControls(show, () => ply);
  $("btn-flip").addEventListener("click", () => { board.setFlipped(!board.flipped); render(); });
  translate();
  board.update({ fen: START_FEN });   // until a game is read
  renderMine();
  const id = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] || "");
  if (id) {
    try { open(await api("GET", `/api/imports/${encodeURIComponent(id)}`)); } catch (e) { $("read-error").textContent = e.message; }
  }
}

boot();
