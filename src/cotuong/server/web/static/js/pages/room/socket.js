// The room page's traffic: the handler of each frame the room socket receives, and the
// actions of the page's buttons, each one named frame of the protocol (lib/protocol.js).

import { api } from "../../lib/api.js";
import { h } from "../../lib/dom.js";
import { colorName, lang, t } from "../../lib/i18n.js";
import { loadSeat, saveSeat } from "../../lib/store.js";
import { roomSocket } from "../../lib/socket.js";
import { confirmDialog } from "../../ui/dialog.js";
import { beep } from "../../ui/sound.js";
import { applyMoved, bottomColor, takeState } from "./state.js";

const NOTICES = ["draw_offered", "takeback_requested", "rematch_requested", "warning"];

/** The room socket of ``page``, its frames handled by ``view``. */
export function connect(page, view) {
  let socket = null;
  const handlers = {
    welcome(f) {
      page.role = f.role || "spectator";
      page.slot = f.slot || null;
      if (typeof f.server_time_ms === "number") page.offset = f.server_time_ms - Date.now();
      document.body.dataset.role = page.role;
    },
    state(f) {
      for (const sound of takeState(page, f)) beep(sound);
      view.render();
    },
    // A move as a delta: applied to the state it follows, or the whole state asked for.
    moved(f) {
      const next = applyMoved(page.state, f);
      if (next) handlers.state(next);
      else if (socket) socket.send.sync();
    },
    chat(f) {
      const log = document.getElementById("chat-log");
      const who = f.from || colorName(f.role);
      log.append(h("li", { class: f.role || "" }, h("b", { text: `${who}: ` }), f.text || ""));
      while (log.children.length > 200) log.firstChild.remove();
      log.scrollTop = log.scrollHeight;
    },
    event(f) { if (NOTICES.includes(f.kind)) beep("notice"); },
    error(f) {
      // A refused move's reason in the page's language when the server gives both.
      view.showError((f.reason && (f.reason[lang()] || f.reason.en)) || f.message || f.code);
      view.render(); // undo an optimistic move on the board
    },
  };
  socket = roomSocket(page.code, {
    secret: () => { const seat = loadSeat(page.code); return seat ? seat.secret : null; },
    handlers,
    onStatus: (up) => { page.connected = up; view.renderStatus(); },
  });
  return socket;
}

/**
 * What the page's buttons and inputs do; ``socket()`` is the room socket (null until it
 * is open). The game's grave steps ask first.
 */
export function roomActions(page, socket, view) {
  const send = () => { const s = socket(); return s ? s.send : null; };
  // ``question``: a text key, read when asked (the language may have changed).
  const asked = (question, id, sender) => async () => {
    if (question && !(await confirmDialog(t(question), { id }))) return;
    const out = send();
    if (out) out[sender]();
  };
  return {
    /** A move, legal or not: a refused one comes back with the server's reason. */
    move(iccs) {
      const s = page.state, out = send();
      if (!s || !out) return;
      if (out.move(iccs, s.ply) === null) { view.showError(t("conn.down")); view.render(); }
    },
    abort: asked("confirm.abort", "abort", "abort"),
    offerDraw: asked("confirm.draw", "offer_draw", "offerDraw"),
    takeback: asked("confirm.takeback", "takeback", "takeback"),
    resign: asked("confirm.resign", "resign", "resign"),
    cancelInvite: asked("confirm.cancel_invite", "abort", "abort"),
    rematch: asked(null, "rematch", "rematch"),
    /** Answer the opponent's draw offer, takeback or rematch request. */
    answer(kind, yes) {
      const out = send();
      if (!out) return;
      if (kind === "takeback") out.takebackAnswer(yes);
      else if (kind === "draw" && yes) out.acceptDraw();
      else if (kind === "draw") out.declineDraw();
      else if (kind === "rematch" && yes) out.rematch();
    },
    /** Send a chat line; true when it went out. */
    chat(text) {
      const out = send();
      return !!text && !!out && out.chat(text.slice(0, 500)) !== null;
    },
    flip() {
      page.flipped = bottomColor(page) === "red";
      view.render();
    },
    async takeSeat() {
      try {
        const res = await api("POST", `/api/rooms/${encodeURIComponent(page.code)}/join`);
        saveSeat(page.code, res.slot, res.secret);
        page.room = res.room || page.room;
        // hello is the first frame of a connection: reconnect to present the new secret.
        const s = socket();
        if (s) s.drop();
      } catch (e) {
        view.showError(e.message);
      }
    },
    async copyInvite(e) {
      const input = document.getElementById("invite-link");
      const b = e && e.currentTarget;   // read before awaiting: it is gone after the event
      try { await navigator.clipboard.writeText(input.value); } catch { input.select(); document.execCommand("copy"); }
      if (b) {
        b.textContent = t("invite.copied");
        setTimeout(() => { b.textContent = t("invite.copy"); }, 1500);
      }
    },
  };
}
