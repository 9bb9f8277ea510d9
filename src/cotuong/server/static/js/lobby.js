// The lobby (/): play the computer, create a room for a friend, join by code,
// and the list of my games.

import { api, h, pref, saveSeat, setPref, topbar } from "./common.js";
import { lang, levelName, t, translate } from "./i18n.js";

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

function tcLabel(tc) {
  if (tc === null) return t("tc.none");
  if (tc === "custom") return t("tc.custom");
  const m = Math.round(tc.base_ms / 60000);
  if (tc.kind === "fischer") return t("tc.fischer", { m, s: tc.increment_ms / 1000 });
  return t(m ? "tc.byoyomi" : "tc.byoyomi0", { m, s: tc.period_ms / 1000 });
}

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

topbar(render).then(() => { wire(); render(); });
