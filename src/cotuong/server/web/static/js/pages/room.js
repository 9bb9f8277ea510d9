// The game page (/room/{code}): board, players, clocks, move list, offers, banners,
// invite. Everything shown comes from the server's ``state`` frames; the page
// re-renders from the latest one. Its parts, as lila's round: room/state.js (what the
// page knows), room/view.js (drawing it), room/socket.js (frames in, actions out).

import { api } from "../lib/api.js";
import { byId as $, h } from "../lib/dom.js";
import { setNotation, t } from "../lib/i18n.js";
import { loadSeat, saveSeat } from "../lib/store.js";
import { BoardView } from "../ui/board.js";
import { Clocks } from "../ui/clock.js";
import { MoveList } from "../ui/movelist.js";
import { topbar } from "../ui/topbar.js";
import { connect, roomActions } from "./room/socket.js";
import { newPage, roomCode } from "./room/state.js";
import { roomView } from "./room/view.js";

const page = newPage(roomCode());
let socket = null;
// A move off the legal list is sent too: the server refuses it and says why (horse leg
// blocked, king left in check…), which is how beginners learn the rule.
const board = new BoardView($("board"), { onMove: (m) => actions.move(m), onIllegal: (m) => actions.move(m) });
const clocks = new Clocks({ red: $("clock-red"), black: $("clock-black") });
const moveList = new MoveList($("moves"), (ply) => showPly(ply));
// The view's buttons call the actions, which redraw through the view: one object, filled
// once both exist.
const actions = {};
const view = roomView({ page, board, clocks, moveList, actions });
Object.assign(actions, roomActions(page, () => socket, view));

/** Show the position after ``ply`` moves (past the last: the live position). */
function showPly(ply) {
  const s = page.state;
  if (!s) return;
  page.viewPly = ply >= s.ply ? null : Math.max(0, ply);
  view.render();
}

/** No such room (a mistyped code, an expired invitation): say so and offer the way back,
 * instead of a board, an invite and a connection that would never come. */
function notFound() {
  document.body.dataset.status = "notfound";
  $("game").replaceChildren(h("div", { class: "card notfound", id: "notfound", role: "alert" },
    h("h2", { text: t("notfound") }),
    h("p", { text: t("notfound.help", { code: page.code }) }),
    h("a", { class: "btn primary", id: "notfound-back", href: "/", text: t("notfound.back") })));
}

async function boot() {
  await topbar(() => (document.body.dataset.status === "notfound" ? notFound() : view.renderAll()));
  $("copy-link").addEventListener("click", actions.copyInvite);
  $("notation").addEventListener("change", (e) => { setNotation(e.target.value); view.render(); });
  $("live").addEventListener("click", () => showPly(Infinity));
  $("chat-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const input = $("chat-input");
    if (actions.chat(input.value.trim())) input.value = "";
  });
  document.addEventListener("keydown", (e) => {
    if (!page.state || e.target.closest("input, select, textarea")) return;
    const cur = page.viewPly === null ? page.state.ply : page.viewPly;
    if (e.key === "ArrowLeft") showPly(cur - 1);
    if (e.key === "ArrowRight") showPly(cur + 1);
  });
  // The abandonment countdown ticks between snapshots.
  setInterval(() => { if (page.state && page.state.abandon) view.renderBanners(); }, 1000);
  view.renderAll();
  try {
    page.room = await api("GET", `/api/rooms/${encodeURIComponent(page.code)}`);
  } catch (e) {
    if (e.status === 404) { notFound(); return; }
  }
  // A tournament's board: its paired players take their reserved seats by joining (the
  // server answers anyone else as a spectator, without a secret).
  if (page.room && page.room.opponent === "event" && !loadSeat(page.code)) {
    try {
      const res = await api("POST", `/api/rooms/${encodeURIComponent(page.code)}/join`);
      if (res.secret) saveSeat(page.code, res.slot, res.secret);
    } catch {
      // not seated: watch
    }
  }
  socket = connect(page, view);
  window.cotuong = { page, board, socket };
}

boot();
