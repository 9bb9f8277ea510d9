// The lobby's forms: play the computer, create a room for a friend, open a challenge,
// join by code. The time-control presets are the usual ones of Vietnamese and Chinese
// sites (increment or seconds per move), or a custom one.

import { api } from "../../lib/api.js";
import { qs as $, h } from "../../lib/dom.js";
import { tcText } from "../../lib/format.js";
import { lang, levelName, t } from "../../lib/i18n.js";
import { pref, saveSeat, setPref } from "../../lib/store.js";

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

/** Fill the forms (again after a language switch), with the last choices kept. */
export function renderForms() {
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

/**
 * Listen to the forms; ``onSeek(seekId)`` is told of a challenge opened with the form.
 */
export function wireForms({ onSeek }) {
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
      $("#seek-create").open = false;
      onSeek(res.seek_id);
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

