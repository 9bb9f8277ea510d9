// The lobby (/): quick pairing by time control, open challenges, live games to watch,
// who is online and the leaderboards (pushed over the lobby socket); play the computer,
// create a room for a friend, join by code, and the list of my games.

import { api } from "../lib/api.js";
import { h } from "../lib/dom.js";
import { tcShort, tcText } from "../lib/format.js";
import { colorName, lang, levelName, t, translate } from "../lib/i18n.js";
import { CATEGORIES } from "../lib/protocol.js";
import { lobbySocket } from "../lib/socket.js";
import { pref, saveSeat, setPref } from "../lib/store.js";
import { miniBoard } from "../ui/miniboard.js";
import { currentUser, topbar } from "../ui/topbar.js";

const $ = (sel, root = document) => root.querySelector(sel);

// Presets as Vietnamese and Chinese sites offer them: increment or seconds per move.
const PRESETS = [
  ["none", null],
  ["f:600000:5000", { kind: "fischer", base_ms: 600_000, increment_ms: 5_000 }],
  ["f:300000:3000", { kind: "fischer", base_ms: 300_000, increment_ms: 3_000 }],
  ["f:900000:10000", { kind: "fischer", base_ms: 900_000, increment_ms: 10_000 }],
  ["b:600000:30000", { kind: "byoyomi", base_ms: 600_000, period_ms: 30_000 }],
  ["b:1200000:60000", { kind: "byoyomi", base_ms: 1_200_000, period_ms: 60_000 }],
  ["b:0:60000", { kind: "byoyomi", base_ms: 0, period_ms: 60_000 }],
  ["custom", "custom"],
];

function tcLabel(tc) { return tc === "custom" ? t("tc.custom") : tcText(tc); }

function fillSelect(select, options, value) {
  select.replaceChildren(...options.map(([v, label]) => h("option", { value: v, text: label })));
  if (value !== undefined && options.some(([v]) => v === value)) select.value = value;
}

function fillSeg(host, name, options, value) {
  host.replaceChildren(...options.map(([v, label]) => h("label", {},
    h("input", { type: "radio", name, value: v, checked: v === value }), label)));
}

function customFields(host) {
  host.replaceChildren(
    h("label", { class: "field" }, t("tc.kind"),
      h("select", { name: "tc_kind" }, h("option", { value: "fischer", text: t("tc.kind.fischer") }),
        h("option", { value: "byoyomi", text: t("tc.kind.byoyomi") }))),
    h("div", { class: "row", style: "flex-wrap:nowrap" },
      h("label", { class: "field", style: "flex:1" }, t("tc.base"), h("input", { type: "text", inputmode: "numeric", name: "tc_base", value: "10" })),
      h("label", { class: "field", style: "flex:1" }, `${t("tc.inc")} / ${t("tc.period")}`,
        h("input", { type: "text", inputmode: "numeric", name: "tc_extra", value: "5" }))));
}

function timeControl(form) {
  const v = form.elements.tc.value;
  const preset = PRESETS.find(([k]) => k === v);
  if (!preset || preset[1] !== "custom") return preset ? preset[1] : null;
  const base = Math.round(Number(form.elements.tc_base.value) * 60_000);
  const extra = Math.round(Number(form.elements.tc_extra.value) * 1000);
  if (!Number.isFinite(base) || !Number.isFinite(extra) || base < 0 || extra < 0) throw new Error(t("tc.custom"));
  return form.elements.tc_kind.value === "byoyomi"
    ? { kind: "byoyomi", base_ms: base, period_ms: extra }
    : { kind: "fischer", base_ms: base, increment_ms: extra };
}

const lobby = { quick: [], frame: null, mine: new Set(pref("my-seeks", [])), seeking: null, user: null, board: "blitz" };

function keepMine() { setPref("my-seeks", [...lobby.mine].slice(-10)); }

function goToRoom(seat) {
  saveSeat(seat.code, seat.slot, seat.secret);
  location.assign(`/room/${encodeURIComponent(seat.code)}`);
}

async function quick(label, tc) {
  const err = $("#quick-error");
  err.textContent = "";
  const rated = !!(lobby.user && $("#quick-rated").checked);
  try {
    const res = await api("POST", "/api/seeks", { time_control: tc, rated, quick: true });
    if (res.paired) { goToRoom(res.paired); return; }
    lobby.mine.add(res.seek_id);
    keepMine();
    lobby.seeking = { id: res.seek_id, label };
    renderSeeking();
  } catch (e) {
    err.textContent = e.message;
  }
}

async function cancelSeek(id) {
  try { await api("DELETE", `/api/seeks/${encodeURIComponent(id)}`); } catch { /* gone already */ }
  lobby.mine.delete(id);
  keepMine();
  if (lobby.seeking && lobby.seeking.id === id) lobby.seeking = null;
  renderSeeking();
}

async function acceptSeek(id, row) {
  try {
    goToRoom(await api("POST", `/api/seeks/${encodeURIComponent(id)}/accept`));
  } catch (e) {
    row.querySelector(".act").replaceChildren(h("span", { class: "error", text: e.message }));
  }
}

function renderSeeking() {
  const s = lobby.seeking;
  $("#seeking").hidden = !s;
  document.body.dataset.seeking = s ? s.id : "";
  if (s) $("#seeking-text").textContent = t("lobby.seeking", { tc: s.label });
  for (const b of $("#quick-buttons").querySelectorAll("button")) {
    b.classList.toggle("primary", !!s && b.dataset.label === s.label);
  }
}

function renderQuick() {
  // The server's presets, each with its rating category (GET /api/lobby/quick).
  $("#quick-buttons").replaceChildren(...lobby.quick.map(({ time_control: tc, category }) => {
    const label = tcShort(tc);
    return h("button", { class: "btn", type: "button", "data-label": label, "data-tc": JSON.stringify(tc),
      "data-category": category, onclick: () => quick(label, tc) },
    h("span", { text: label }), h("small", { text: t(`cat.${category}`) }));
  }));
  $("#quick-rated-label").hidden = !lobby.user;
  renderSeeking();
}

function modeText(seek) {
  return `${t(seek.rated ? "rated.yes" : "rated.no")} · ${seek.rules === "asian" ? "AXF" : "XiangqiPlay"}`;
}

function renderSeeks() {
  const f = lobby.frame;
  const host = $("#seeks");
  if (!f) return;
  const seeks = f.seeks || [];
  if (!seeks.length) { host.replaceChildren(h("p", { class: "muted", text: t("lobby.seeks.empty") })); return; }
  host.replaceChildren(h("table", { class: "seeks" },
    h("thead", {}, h("tr", {}, h("th", { text: t("seek.player") }), h("th", { text: t("tc") }),
      h("th", { text: t("seek.mode") }), h("th", { text: t("color") }), h("th", {}))),
    h("tbody", {}, seeks.map((sk) => {
      const mine = lobby.mine.has(sk.seek_id);
      const row = h("tr", { "data-seek": sk.seek_id, "data-mine": mine ? "1" : "" },
        h("td", { text: `${sk.name}${typeof sk.rating === "number" ? ` (${sk.rating})` : ""}${mine ? ` · ${t("seek.yours")}` : ""}` }),
        h("td", { text: tcLabel(sk.time_control) }),
        h("td", { text: modeText(sk) }),
        h("td", { text: sk.color === "random" ? t("color.random") : colorName(sk.color) }),
        h("td", { class: "act" }));
      const act = row.querySelector(".act");
      act.append(mine
        ? h("button", { class: "btn small", type: "button", text: t("btn.cancel_seek"), onclick: () => cancelSeek(sk.seek_id) })
        : h("button", { class: "btn small primary", type: "button", text: t("btn.accept_seek"), onclick: () => acceptSeek(sk.seek_id, row) }));
      return row;
    }))));
  // A seek of mine that is no longer listed was taken or expired: stop showing "looking".
  if (lobby.seeking && !seeks.some((sk) => sk.seek_id === lobby.seeking.id)) { lobby.seeking = null; renderSeeking(); }
}

function renderLive() {
  const f = lobby.frame;
  if (!f) return;
  const games = f.games || [];
  const host = $("#live-games");
  if (!games.length) { host.replaceChildren(h("p", { class: "muted", text: t("lobby.live.empty") })); return; }
  const name = (p) => `${p.ai_level ? `${t("ai")} ${levelName(p.ai_level)}` : p.name}${typeof p.rating === "number" ? ` (${p.rating})` : ""}`;
  host.replaceChildren(...games.map((g) => h("a", { href: `/room/${encodeURIComponent(g.room)}`, "data-room": g.room,
    "data-ply": g.ply, title: `${name(g.red)} – ${name(g.black)}` },
  h("div", { class: "names" }, h("span", { text: name(g.black) })),
  miniBoard(g.fen, g.last_move),
  h("div", { class: "names" }, h("span", { text: name(g.red) }), h("span", { class: "muted", text: tcLabel(g.time_control) })))));
}

function renderOnline() {
  const f = lobby.frame;
  if (!f) return;
  const online = f.online || { count: 0, players: [] };
  $("#online-count").textContent = t("lobby.online.count", { n: online.count });
  $("#online-count").dataset.count = String(online.count);
  $("#online").replaceChildren(...online.players.map((p) => p.account
    ? h("a", { class: "chip", href: `/u/${encodeURIComponent(p.name)}`, "data-name": p.name, text: p.name })
    : h("span", { class: "chip", "data-name": p.name, text: p.name })));
}

async function renderLeaderboard() {
  $("#lb-tabs").replaceChildren(...CATEGORIES.map((c) => h("button", { class: "btn small", type: "button",
    "aria-selected": c === lobby.board ? "true" : "false", "data-category": c, text: t(`cat.${c}`),
    onclick: () => { lobby.board = c; renderLeaderboard(); } })));
  const host = $("#leaderboard");
  let players = [];
  try { players = (await api("GET", `/api/leaderboard?category=${lobby.board}&limit=10`)).players || []; } catch { players = []; }
  if (!players.length) { host.replaceChildren(h("p", { class: "muted", text: t("lobby.leaderboard.empty") })); return; }
  host.replaceChildren(h("table", { class: "history" },
    h("thead", {}, h("tr", {}, h("th", { text: t("lb.rank") }), h("th", { text: t("seek.player") }),
      h("th", { text: t("lb.rating") }), h("th", { text: t("lb.games") }))),
    h("tbody", {}, players.map((p) => h("tr", {},
      h("td", { text: String(p.rank) }),
      h("td", {}, h("a", { href: `/u/${encodeURIComponent(p.username)}`, text: p.username })),
      h("td", { text: `${p.rating}${p.provisional ? "?" : ""}` }),
      h("td", { text: String(p.games) }))))));
}

/** What the lobby socket pushes, by frame type. */
const handlers = {
  lobby(f) {
    lobby.frame = f;
    renderSeeks();
    renderLive();
    renderOnline();
  },
  // A seek of mine was taken (or matched): my seat in the new room.
  paired(f) { goToRoom(f); },
};

function render() {
  translate();
  const colors = [["red", t("color.red")], ["black", t("color.black")], ["random", t("color.random")]];
  const rules = [["xiangqiplay", t("rules.xiangqiplay")], ["asian", t("rules.asian")]];
  const tcs = PRESETS.map(([k, v]) => [k, tcLabel(v)]);
  for (const form of [$("#form-ai"), $("#form-create")]) {
    const ai = form.id === "form-ai";
    fillSelect(form.elements.rules, rules, pref(`${form.id}:rules`, "xiangqiplay"));
    fillSelect(form.elements.tc, tcs, pref(`${form.id}:tc`, ai ? "none" : "f:600000:5000"));
    fillSeg($('[data-name="color"]', form), `${form.id}-color`, colors, pref(`${form.id}:color`, "red"));
    const custom = $(".tc-custom", form);
    customFields(custom);
    custom.hidden = form.elements.tc.value !== "custom";
  }
  fillSeg($('#form-create [data-name="rated"]'), "form-create-rated",
    [["false", t("rated.no")], ["true", t("rated.yes")]], "false");
  const level = pref("form-ai:level", 1);
  $("#levels").replaceChildren(...Array.from({ length: 8 }, (_, i) => h("label", { "data-level": i + 1 },
    h("input", { type: "radio", name: "level", value: i + 1, checked: i + 1 === level }),
    h("b", { text: String(i + 1) }), h("span", { text: levelName(i + 1) }))));
  const seekForm = $("#form-seek");
  fillSelect(seekForm.elements.tc, tcs.filter(([k]) => k !== "custom"), pref("form-seek:tc", "f:600000:5000"));
  fillSelect(seekForm.elements.rules, rules, pref("form-seek:rules", "xiangqiplay"));
  fillSeg($('[data-name="color"]', seekForm), "form-seek-color", colors, "random");
  fillSeg($('[data-name="rated"]', seekForm), "form-seek-rated",
    [["false", t("rated.no")], ["true", t("rated.yes")]], "false");
  renderQuick();
  renderSeeks();
  renderLive();
  renderOnline();
  renderLeaderboard();
  history();
}

async function history() {
  const host = $("#history");
  let games = [];
  try { games = (await api("GET", "/api/me/games?limit=20")).games || []; } catch { games = []; }
  if (!games.length) { host.replaceChildren(h("p", { class: "muted", text: t("lobby.history.empty") })); return; }
  host.replaceChildren(h("table", { class: "history" },
    h("thead", {}, h("tr", {}, h("th", { text: t("history.opponent") }), h("th", { text: t("history.result") }),
      h("th", { text: t("history.date") }))),
    h("tbody", {}, games.map((g) => h("tr", {},
      // A game still on links to its room; a finished one to its review.
      h("td", {}, h("a", { href: g.status === "playing" || g.status === "waiting" ? `/room/${g.room}` : `/game/${g.game_id}`,
        "data-game": g.game_id, text: `${g.red || "?"} – ${g.black || "?"}` })),
      h("td", { text: g.status === "aborted" ? t("history.aborted")
        : g.status === "playing" || g.status === "waiting" ? t("history.playing") : g.result || "*" }),
      h("td", { text: g.started_at ? new Date(g.started_at).toLocaleDateString() : "" }))))));
}

async function create(form, body) {
  const err = $(".error", form);
  err.textContent = "";
  form.querySelectorAll("button").forEach((b) => { b.disabled = true; });
  try {
    // The room's language: the referee's warnings are written in it.
    const res = await api("POST", "/api/rooms", { ...body, lang: lang() });
    saveSeat(res.code, res.slot, res.secret);
    location.assign(`/room/${encodeURIComponent(res.code)}`);
  } catch (e) {
    err.textContent = e.message;
    form.querySelectorAll("button").forEach((b) => { b.disabled = false; });
  }
}

function remember(form) {
  setPref(`${form.id}:rules`, form.elements.rules.value);
  setPref(`${form.id}:tc`, form.elements.tc.value);
  setPref(`${form.id}:color`, form.elements[`${form.id}-color`].value);
}

function wire() {
  for (const form of [$("#form-ai"), $("#form-create")]) {
    form.addEventListener("change", (e) => {
      if (e.target.name === "tc") $(".tc-custom", form).hidden = e.target.value !== "custom";
    });
  }
  $("#form-ai").addEventListener("submit", (e) => {
    e.preventDefault();
    const f = e.currentTarget;
    remember(f);
    const level = Number(f.elements.level.value);
    setPref("form-ai:level", level);
    let tc;
    try { tc = timeControl(f); } catch (ex) { $(".error", f).textContent = ex.message; return; }
    create(f, { rules: f.elements.rules.value, time_control: tc, color: f.elements["form-ai-color"].value,
      rated: false, opponent: "ai", ai_level: level });
  });
  $("#form-create").addEventListener("submit", (e) => {
    e.preventDefault();
    const f = e.currentTarget;
    remember(f);
    let tc;
    try { tc = timeControl(f); } catch (ex) { $(".error", f).textContent = ex.message; return; }
    const body = { rules: f.elements.rules.value, time_control: tc, color: f.elements["form-create-color"].value,
      rated: f.elements["form-create-rated"].value === "true", opponent: "human", ai_level: null };
    // A set-up position (an exercise, an ending) is sent only when given.
    const fen = f.elements.fen.value.trim();
    if (fen) body.fen = fen;
    create(f, body);
  });
  $("#btn-stop-seeking").addEventListener("click", () => { if (lobby.seeking) cancelSeek(lobby.seeking.id); });
  $("#form-seek").addEventListener("submit", async (e) => {
    e.preventDefault();
    const f = e.currentTarget;
    const err = $(".error", f);
    err.textContent = "";
    setPref("form-seek:tc", f.elements.tc.value);
    setPref("form-seek:rules", f.elements.rules.value);
    try {
      const res = await api("POST", "/api/seeks", { time_control: timeControl(f), rules: f.elements.rules.value,
        color: f.elements["form-seek-color"].value, rated: f.elements["form-seek-rated"].value === "true" });
      lobby.mine.add(res.seek_id);
      keepMine();
      $("#seek-create").open = false;
      renderSeeks();
    } catch (ex) {
      err.textContent = ex.message;
    }
  });
  $("#form-join").addEventListener("submit", async (e) => {
    e.preventDefault();
    const f = e.currentTarget;
    const err = $(".error", f);
    const code = f.elements.code.value.trim().toUpperCase();
    // Accept a pasted invite link as well as a bare code.
    const m = code.match(/\/ROOM\/([A-Z0-9]+)/);
    const room = m ? m[1] : code;
    if (!/^[A-Z0-9]{3,16}$/.test(room)) { err.textContent = t("notfound"); return; }
    try {
      const res = await api("POST", `/api/rooms/${encodeURIComponent(room)}/join`);
      saveSeat(res.code, res.slot, res.secret);
    } catch (ex) {
      // A full room can still be watched; an unknown one cannot.
      if (ex.status !== 409) { err.textContent = ex.status === 404 ? t("notfound") : ex.message; return; }
    }
    location.assign(`/room/${encodeURIComponent(room)}`);
  });
}

async function boot() {
  await topbar(async () => { lobby.user = (await currentUser()).user; render(); });
  lobby.user = (await currentUser()).user;
  wire();
  render();
  const socket = lobbySocket({ handlers, onStatus: (up) => { document.body.dataset.connected = up ? "1" : "0"; } });
  try {
    lobby.quick = (await api("GET", "/api/lobby/quick")).presets;
  } catch (e) {
    $("#quick-error").textContent = e.message;
  }
  renderQuick();
  window.cotuong = { lobby, socket };
}

boot();
