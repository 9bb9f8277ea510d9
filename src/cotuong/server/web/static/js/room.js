// The game page (/room/{code}): board, players, clocks, move list, offers,
// banners, invite. Everything shown comes from the server's ``state`` frames;
// the page re-renders from the latest one.

import { BoardView, fenAfter } from "./board.js";
import { Clocks } from "./clock.js";
import { api, confirmDialog, h, loadSeat, pref, saveSeat, setPref, topbar } from "./common.js";
import { colorName, lang, levelName, t, translate } from "./i18n.js";
import { MoveList } from "./movelist.js";
import { RoomSocket } from "./net.js";
import { beep, setSound, soundOn } from "./sound.js";

const $ = (id) => document.getElementById(id);
const code = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] || "").toUpperCase();

const page = {
  state: null,        // latest state frame
  role: "spectator",  // red | black | spectator
  slot: null,
  room: null,         // RoomView from REST
  viewPly: null,      // null = live; else the ply shown while stepping through
  flipped: null,      // null = follow my colour
  error: null,
  errorTimer: null,
  offset: 0,          // server clock minus client clock (ms), for deadlines
  connected: false,
};

// A move off the legal list is sent too: the server refuses it and says why (horse leg
// blocked, king left in check…), which is how beginners learn the rule.
const board = new BoardView($("board"), { onMove: (m) => sendMove(m), onIllegal: (m) => sendMove(m) });
const clocks = new Clocks({ red: $("clock-red"), black: $("clock-black") });
const moveList = new MoveList($("moves"), (ply) => showPly(ply));
let socket = null;

function notation() { return pref("notation", "vi"); }

// ---- actions ------------------------------------------------------------------
function sendMove(iccs) {
  const s = page.state;
  if (!s || !socket) return;
  const id = socket.send({ type: "move", move: iccs, ply: s.ply });
  if (id === null) { showError(t("conn.down")); render(); }
}

async function act(type, question) {
  if (question && !(await confirmDialog(question, { id: type }))) return;
  if (socket) socket.send({ type });
}

async function takeSeat() {
  try {
    const res = await api("POST", `/api/rooms/${encodeURIComponent(code)}/join`);
    saveSeat(code, res.slot, res.secret);
    page.room = res.room || page.room;
    // hello is the first frame of a connection: reconnect to present the new secret.
    if (socket) socket.drop();
  } catch (e) {
    showError(e.message);
  }
}

function showPly(ply) {
  const s = page.state;
  if (!s) return;
  page.viewPly = ply >= s.ply ? null : Math.max(0, ply);
  render();
}

function showError(message) {
  page.error = message;
  clearTimeout(page.errorTimer);
  page.errorTimer = setTimeout(() => { page.error = null; renderBanners(); }, 6000);
  renderBanners();
}

// ---- frames -------------------------------------------------------------------------
function onFrame(f) {
  switch (f.type) {
    case "welcome":
      page.role = f.role || "spectator";
      page.slot = f.slot || null;
      if (typeof f.server_time_ms === "number") page.offset = f.server_time_ms - Date.now();
      document.body.dataset.role = page.role;
      break;
    case "state": {
      const prev = page.state;
      page.state = f;
      // A rematch swaps colours: my colour follows my slot, which stays.
      if (page.slot) {
        for (const c of ["red", "black"]) {
          if (f.players && f.players[c] && f.players[c].slot === page.slot) page.role = c;
        }
        document.body.dataset.role = page.role;
      }
      if (f.clocks && typeof f.clocks.server_time_ms === "number") page.offset = f.clocks.server_time_ms - Date.now();
      if (prev && f.ply > prev.ply) {
        beep(f.check ? "check" : "move");
        if (page.viewPly !== null && prev.game_id !== f.game_id) page.viewPly = null;
      }
      if (prev && prev.game_id !== f.game_id) page.viewPly = null;
      if (prev && !prev.outcome && f.outcome) beep("end");
      render();
      break;
    }
    case "chat": {
      const log = $("chat-log");
      const who = f.from || colorName(f.role);
      log.append(h("li", { class: f.role || "" }, h("b", { text: `${who}: ` }), f.text || ""));
      while (log.children.length > 200) log.firstChild.remove();
      log.scrollTop = log.scrollHeight;
      break;
    }
    case "event":
      if (["draw_offered", "takeback_requested", "rematch_requested", "warning"].includes(f.kind)) beep("notice");
      break;
    case "error":
      // A refused move's reason in the page's language when the server gives both.
      showError((f.reason && (f.reason[lang()] || f.reason.en)) || f.message || f.code);
      if (page.state) render(); // undo an optimistic move on the board
      break;
    default:
      break;
  }
}

function onStatus(up) {
  page.connected = up;
  const c = $("conn");
  c.className = `conn ${up ? "ok" : "down"}`;
  c.textContent = t(up ? "conn.ok" : "conn.down");
  document.body.dataset.connected = up ? "1" : "0";
  if (page.state) render(); // offline: the board takes no moves until the server is back
}

// ---- rendering ------------------------------------------------------------------------
function myColor() { return page.role === "red" || page.role === "black" ? page.role : null; }

function render() {
  const s = page.state;
  if (!s) return;
  const mine = myColor();
  const bottom = page.flipped === null ? (mine === "black" ? "black" : "red") : page.flipped ? "black" : "red";
  board.setFlipped(bottom === "black");

  const live = page.viewPly === null;
  const over = !!s.outcome || s.status === "finished" || s.status === "aborted";
  if (live) {
    const canMove = mine && mine === s.turn && s.status === "playing" && !over && page.connected;
    board.update({ fen: s.fen, legal: canMove ? s.legal_moves || [] : [], lastMove: s.last_move,
      check: s.check ? s.turn : null });
  } else {
    board.update({ fen: fenAfter(s.start_fen, s.moves, page.viewPly),
      lastMove: page.viewPly > 0 ? s.moves[page.viewPly - 1] : null });
  }
  // The tab says whose move it is (a player waiting in another tab sees it).
  const myTurn = mine && mine === s.turn && s.status === "playing" && !over;
  document.title = `${myTurn ? "● " : ""}${t("app.title")} — ${code}`;
  $("live").hidden = live;

  // Players: the one at the bottom of the board is shown below it.
  const top = bottom === "red" ? "black" : "red";
  renderPlayer($("player-top"), top, s);
  renderPlayer($("player-bottom"), bottom, s);
  $("player-top").append(clocks.nodes[top]);
  $("player-bottom").append(clocks.nodes[bottom]);
  const o = s.outcome;
  const flagged = o && o.termination === "TIME_FORFEIT" && o.winner ? (o.winner === "red" ? "black" : "red") : null;
  clocks.update(s.clocks, flagged);

  moveList.render(s, live ? s.ply : page.viewPly, notation());
  renderControls(s, mine, over);
  renderBanners();
  renderInfo(s);

  const root = document.body;
  root.dataset.status = s.status;
  root.dataset.ply = String(s.ply);
  root.dataset.turn = s.turn;
  root.dataset.result = s.outcome ? s.outcome.result : "";
  root.dataset.termination = s.outcome ? s.outcome.termination : "";
  root.dataset.gameId = String(s.game_id);
}

function renderPlayer(node, color, s) {
  const p = (s.players || {})[color];
  const mine = myColor() === color;
  node.className = `player ${color}${s.turn === color && s.status === "playing" && !s.outcome ? " to-move" : ""}`;
  node.dataset.color = color;
  let name = p ? p.name : t("waiting");
  if (p && p.ai_level) name = `${t("ai")} · ${t("level")} ${p.ai_level} ${levelName(p.ai_level)}`;
  if (p && typeof p.rating === "number") name = `${name} (${p.rating})`;
  const presence = p && !p.ai_level
    ? h("span", { class: `presence${p.connected ? "" : " off"}`, text: t(p.connected ? "online" : "offline") })
    : null;
  node.replaceChildren(...[
    h("span", { class: "dot", title: colorName(color) }),
    h("span", { class: "name", text: `${name}${mine ? ` (${t("you")})` : ""}` }),
    presence,
  ].filter(Boolean));
}

function button(id, label, onclick, cls = "btn") {
  return h("button", { id, class: cls, type: "button", text: label, onclick });
}

function renderControls(s, mine, over) {
  const c = $("controls");
  const aiGame = Object.values(s.players || {}).some((p) => p && p.ai_level);
  // A tournament's game: no takeback, abort or rematch (the server refuses them).
  const event = Boolean(page.room && page.room.opponent === "event");
  const playing = s.status === "playing" && !over;
  const items = [button("btn-flip", t("btn.flip"), () => {
    const cur = board.flipped;
    page.flipped = !cur;
    render();
  }, "btn small")];
  if (mine && playing) {
    if (s.can_abort) items.push(button("btn-abort", t("btn.abort"), () => act("abort", t("confirm.abort")), "btn small"));
    if (!aiGame && !s.draw_offer) items.push(button("btn-draw", t("btn.draw"), () => act("offer_draw", t("confirm.draw")), "btn small"));
    if (!s.rated && !event && s.ply > 0 && !s.takeback_request) {
      items.push(button("btn-takeback", t("btn.takeback"), () => act("takeback", t("confirm.takeback")), "btn small"));
    }
    items.push(button("btn-resign", t("btn.resign"), () => act("resign", t("confirm.resign")), "btn small danger"));
  }
  if (mine && s.status === "waiting" && page.slot === "host") {
    items.push(button("btn-cancel-invite", t("btn.cancel_invite"), () => act("abort", t("confirm.cancel_invite")), "btn small danger"));
  }
  if (mine && over && s.status !== "waiting" && !event) {
    items.push(button("btn-rematch", t("btn.rematch"), () => act("rematch"), "btn small primary"));
  }
  if (over && s.game_id) {
    items.push(h("a", { id: "btn-review", class: "btn small", href: `/game/${s.game_id}`, text: t("btn.review") }));
  }
  const snd = h("label", { class: "chip", title: t("sound") },
    h("input", { type: "checkbox", id: "sound", checked: soundOn(), onchange: (e) => setSound(e.target.checked) }),
    t("sound"));
  items.push(snd);
  c.replaceChildren(...items);
}

function offerBy(x) {
  if (!x) return null;
  if (typeof x === "string") return x;
  return x.color || x.by || x.from || null;
}

function renderBanners() {
  const s = page.state;
  const host = $("banners");
  const out = [];
  if (page.error) out.push(h("div", { class: "banner error", id: "error", role: "alert", text: page.error }));
  if (!page.connected && s) out.push(h("div", { class: "banner warn", id: "offline", text: t("conn.down") }));
  if (!s) { host.replaceChildren(...out); return; }
  const mine = myColor();
  const over = !!s.outcome;
  if (s.outcome) {
    const o = s.outcome;
    const why = (o.explanation && (o.explanation[lang()] || o.explanation.vi)) || "";
    const text = o.termination === "ABORTED" && !why ? t("result.aborted") : why;
    out.push(h("div", { class: "banner result", id: "result", role: "status", "data-termination": o.termination },
      o.result && o.result !== "*" ? h("span", { class: "score", text: o.result }) : null,
      h("span", { class: "grow", text }),
      s.ratings ? ratingLine(s) : null));
  } else if (s.status === "waiting" && mine) {
    // The invite is what the waiting host needs: here, beside the board (or right under
    // it on a phone), not only in the side panel.
    const until = page.room && page.room.expires_at
      ? ` ${t("invite.expires", { time: new Date(page.room.expires_at).toLocaleTimeString(lang(), { hour: "2-digit", minute: "2-digit" }) })}` : "";
    out.push(h("div", { class: "banner info", id: "waiting" },
      h("span", { class: "grow", text: `${t("waiting")} ${t("invite.send", { code })}${until}` }),
      button("btn-copy-invite", t("invite.copy"), copyInvite, "btn small primary")));
  } else if (s.status === "waiting") {
    // A friend who opened the invite link: the free seat is offered first thing.
    const host = Object.values(s.players || {}).find((p) => p);
    out.push(h("div", { class: "banner invited", id: "invited" },
      h("span", { class: "grow", text: t("invited", { who: host ? host.name : "" }) }),
      button("btn-join", t("take_seat"), takeSeat, "btn primary")));
  }
  const pending = [
    ["draw", s.draw_offer, "accept_draw", "decline_draw"],
    ["takeback", s.takeback_request, "takeback_yes", "takeback_no"],
    ["rematch", s.rematch_request, "rematch", null],
  ];
  for (const [kind, req, yes, no] of pending) {
    const by = offerBy(req);
    if (!by) continue;
    if (over && kind !== "rematch") continue;
    const who = colorName(by);
    const children = [];
    if (mine && mine === by) {
      children.push(h("span", { class: "grow", text: t(`offer.${kind}.mine`) }));
    } else {
      children.push(h("span", { class: "grow", text: t(`offer.${kind}.them`, { who }) }));
      if (mine) {
        const send = (frame) => socket && socket.send(frame);
        const accept = kind === "takeback" ? () => send({ type: "takeback_answer", accept: true }) : () => send({ type: yes });
        children.push(button(`btn-${kind}-accept`, t("btn.accept"), accept, "btn small primary"));
        if (kind !== "rematch") {
          const decline = kind === "takeback" ? () => send({ type: "takeback_answer", accept: false }) : () => send({ type: no });
          children.push(button(`btn-${kind}-decline`, t("btn.decline"), decline, "btn small"));
        }
      }
    }
    out.push(h("div", { class: "banner offer", id: `offer-${kind}`, "data-by": by }, ...children));
  }
  if (!over) {
    // Show the referee's warnings about the last moves (e.g. the next repetition will be ruled).
    const recent = (s.warnings || []).filter((w) => w.ply >= s.ply - 1);
    for (const w of recent) out.push(h("div", { class: "banner warn", "data-warning": "1", text: (w.texts && w.texts[lang()]) || w.text }));
  }
  if (s.abandon && !over) {
    const left = Math.max(0, Math.ceil((s.abandon.deadline_ms - (Date.now() + page.offset)) / 1000));
    out.push(h("div", { class: "banner warn", id: "abandon",
      text: t("abandon", { who: colorName(s.abandon.color), s: left }) }));
  }
  const toMove = (s.players || {})[s.turn];
  if (!over && s.status === "playing" && toMove && toMove.ai_level) {
    // While the engine warms up (the server just started), say so instead of "thinking".
    out.push(s.ai_warming
      ? h("div", { class: "banner info", id: "ai-warming", text: t("ai.warming") })
      : h("div", { class: "banner info", id: "ai-thinking", text: t("ai.thinking") }));
  }
  if (!over && s.status === "playing" && mine && mine === s.turn && page.viewPly === null) {
    out.push(h("div", { class: "banner info", id: "your-turn", text: t("turn.you") }));
  }
  host.replaceChildren(...out);
}

/** "Đỏ lan 1500 → 1338 (−162) · Đen minh 1500 → 1662 (+162)" under a rated result. */
function ratingLine(s) {
  const parts = ["red", "black"].filter((c) => s.ratings[c]).map((c) => {
    const r = s.ratings[c];
    const p = (s.players || {})[c];
    const sign = r.delta > 0 ? "+" : r.delta < 0 ? "−" : "±";
    return h("span", { class: `rating-change ${r.delta > 0 ? "up" : r.delta < 0 ? "down" : ""}`, id: `rating-${c}`,
      "data-before": r.before, "data-after": r.after, "data-delta": r.delta },
    `${p ? p.name : colorName(c)}: ${r.before} → ${r.after} (${sign}${Math.abs(r.delta)})`);
  });
  return h("div", { class: "ratings", id: "ratings" }, h("span", { class: "muted", text: `${t("rating.change")}: ` }), ...parts);
}

function renderInfo(s) {
  const room = page.room || {};
  const tc = room.time_control || (s.clocks ? { kind: s.clocks.kind } : null);
  let tcText = t("tc.none");
  if (tc && tc.kind === "fischer") tcText = t("tc.fischer", { m: Math.round((tc.base_ms || 0) / 60000), s: Math.round((tc.increment_ms || 0) / 1000) });
  if (tc && tc.kind === "byoyomi") {
    const m = Math.round((tc.base_ms || 0) / 60000);
    tcText = t(m ? "tc.byoyomi" : "tc.byoyomi0", { m, s: Math.round((tc.period_ms || 0) / 1000) });
  }
  $("info-rules").textContent = t(`rules.${s.rules || room.rules || "xiangqiplay"}`);
  $("info-tc").textContent = tcText;
  const event = page.room && page.room.opponent === "event";
  $("info-rated").textContent = t(event ? "rated.event" : s.rated ? "rated.yes" : "rated.no");
  $("spectators").textContent = t("spectators", { n: s.spectators || 0 });
  $("spectators").dataset.count = String(s.spectators || 0);
  $("role").textContent = page.role === "spectator" ? t("spectating") : t("role.you", { color: colorName(page.role) });
  const aiGame = Object.values(s.players || {}).some((p) => p && p.ai_level);
  // Only while a seat is free: once both are taken, and after the game, it is noise.
  $("invite-card").hidden = aiGame || s.status !== "waiting";
}

function renderStatic() {
  translate();
  $("room-code").textContent = code;
  const link = `${location.origin}/room/${code}`;
  $("invite-link").value = link;
  const sel = $("notation");
  sel.value = notation();
  onStatus(page.connected);
  render();
}

async function copyInvite(e) {
  const input = $("invite-link");
  try { await navigator.clipboard.writeText(input.value); } catch { input.select(); document.execCommand("copy"); }
  const b = e && e.currentTarget;
  if (b) {
    b.textContent = t("invite.copied");
    setTimeout(() => { b.textContent = t("invite.copy"); }, 1500);
  }
}

// ---- boot -----------------------------------------------------------------------
async function boot() {
  await topbar(() => renderStatic());
  $("copy-link").addEventListener("click", copyInvite);
  $("notation").addEventListener("change", (e) => { setPref("notation", e.target.value); render(); });
  $("live").addEventListener("click", () => showPly(Infinity));
  $("chat-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const input = $("chat-input");
    const text = input.value.trim();
    if (text && socket && socket.send({ type: "chat", text: text.slice(0, 500) }) !== null) input.value = "";
  });
  document.addEventListener("keydown", (e) => {
    if (!page.state || e.target.closest("input, select, textarea")) return;
    const cur = page.viewPly === null ? page.state.ply : page.viewPly;
    if (e.key === "ArrowLeft") showPly(cur - 1);
    if (e.key === "ArrowRight") showPly(cur + 1);
  });
  setInterval(() => { if (page.state && page.state.abandon) renderBanners(); }, 1000);
  renderStatic();
  try {
    page.room = await api("GET", `/api/rooms/${encodeURIComponent(code)}`);
  } catch (e) {
    if (e.status === 404) {
      $("banners").replaceChildren(h("div", { class: "banner error", id: "notfound", text: t("notfound") }));
      return;
    }
  }
  // A tournament's board: its paired players take their reserved seats by joining (the
  // server answers anyone else as a spectator, without a secret).
  if (page.room && page.room.opponent === "event" && !loadSeat(code)) {
    try {
      const res = await api("POST", `/api/rooms/${encodeURIComponent(code)}/join`);
      if (res.secret) saveSeat(code, res.slot, res.secret);
    } catch (e) {
      // not seated: watch
    }
  }
  socket = new RoomSocket(code, {
    hello: () => {
      const seat = loadSeat(code);
      const frame = { type: "hello", lang: lang() };
      if (seat) frame.secret = seat.secret;
      return frame;
    },
    onFrame,
    onStatus,
  });
  window.cotuong = { page, board, socket };
}

boot();
