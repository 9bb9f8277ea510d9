// The tournament pages the server renders (/tournaments, /tournaments/{id}, an
// invitation's page): the site's top bar, the page's language kept in step with the
// site's setting, and the forms — each posts its fields as JSON to its ``data-api`` and
// shows a refusal in the page's language.

import { api } from "../lib/api.js";
import { lang } from "../lib/i18n.js";
import { topbar } from "../ui/topbar.js";

const COOKIE = "cotuong_lang";
// The server wrote the page in this language (the site's setting, else the browser's).
const pageLang = document.documentElement.lang === "en" ? "en" : "vi";

/** Tell the server the site's language, and show the page again in it (once: a browser
 * that keeps no cookies must not reload for ever). */
function followLang(value) {
  document.cookie = `${COOKIE}=${value}; path=/; max-age=31536000; samesite=lax`;
  if (value === pageLang || sessionStorage.getItem(COOKIE) === value) return false;
  sessionStorage.setItem(COOKIE, value);
  location.reload();
  return true;
}

/** The fields of ``form`` as the REST routes want them (numbers, lists). */
function body(form) {
  const out = {};
  for (const [key, value] of new FormData(form)) {
    out[key] = ["round", "board"].includes(key) ? Number(value) : key === "names" ? [value] : value;
  }
  return out;
}

function showError(form, e) {
  const box = form.querySelector(".err") || document.querySelector("#invite .err");
  if (box) box.textContent = e.message;
}

function wireActions() {
  for (const form of document.querySelectorAll("form.action")) {
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      try {
        await api(form.dataset.method || "POST", form.dataset.api, form.dataset.method ? undefined : body(form));
        location.reload();
      } catch (e) { showError(form, e); }
    });
  }
}

/** Show the fields of the chosen system only (``data-systems``; ``top``: when a knockout
 * of the top follows the first stage). */
function showSystemFields(form) {
  const system = form.elements.system.value;
  const top = Number(form.elements.top.value) > 0 && system !== "knockout";
  for (const field of form.querySelectorAll("[data-systems]")) {
    const systems = field.dataset.systems.split(" ");
    field.hidden = !(systems.includes(system) || (top && systems.includes("top")));
  }
}

function wireCreate() {
  const create = document.querySelector("#form-create");
  if (!create) return;
  create.elements.system.addEventListener("change", () => showSystemFields(create));
  create.elements.top.addEventListener("input", () => showSystemFields(create));
  showSystemFields(create);
  create.addEventListener("submit", async (event) => {
    event.preventDefault();
    const f = new FormData(create);
    const minutes = Number(f.get("minutes")), increment = Number(f.get("increment"));
    const players = String(f.get("players")).split(/[\n,;]+/).map((x) => x.trim()).filter(Boolean)
      .map((x) => (x.startsWith("+") ? { invite: x.slice(1).trim() } : x));
    // The system's own fields only (the server refuses them on another system).
    const system = String(f.get("system") || "round_robin");
    const top = Number(f.get("top")), third = f.get("third_place") === "on";
    const extra = {};
    if (system === "round_robin") extra.double = f.get("double") === "on";
    if (system === "swiss") extra.rounds = Number(f.get("rounds"));
    if (system === "knockout") extra.knockout = { third_place: third };
    else if (top > 0) extra.stages = [{ system: "knockout", top, third_place: third }];
    try {
      const made = await api("POST", "/api/tournaments", {
        name: f.get("name"), players, system, ...extra, rules: f.get("rules"),
        round_start: f.get("round_start"), no_show_s: Number(f.get("no_show_min")) * 60, lang: pageLang,
        time_control: minutes > 0 ? { kind: "fischer", base_ms: minutes * 60000, increment_ms: increment * 1000 } : null,
      });
      location.assign(`/tournaments/${made.tournament_id}`);  // the event's own address
    } catch (e) { showError(create, e); }
  });
}

function wireInvite() {
  const box = document.querySelector("#invite");
  if (!box) return;
  const claim = async () => {
    const view = await api("POST", box.dataset.api);
    location.assign(`/tournaments/${view.tournament_id}`);
  };
  const fail = (e) => { box.querySelector(".err").textContent = e.message; };
  const button = document.querySelector("#claim");
  if (button) button.addEventListener("click", () => claim().catch(fail));
  const login = document.querySelector("#form-login");
  if (login) {
    login.addEventListener("submit", async (event) => {
      event.preventDefault();
      const f = new FormData(login);
      const mode = event.submitter && event.submitter.value === "register" ? "register" : "login";
      try {
        await api("POST", `/api/accounts/${mode}`, { username: f.get("username"), password: f.get("password") });
        await claim();
      } catch (e) { fail(e); }
    });
  }
}

async function boot() {
  // The site's language: the one chosen, else the browser's, as every page shows it.
  if (followLang(lang())) return;
  sessionStorage.removeItem(COOKIE);
  wireActions();
  wireCreate();
  wireInvite();
  // A log-in, log-out or language switch changes what the server writes: show it again.
  await topbar(() => { if (!followLang(lang())) location.reload(); });
}

boot();
