// Shared by every page: the REST helper, the top bar (language switch and the
// optional account), confirmation dialogs and the seat secrets kept per room.

import { lang, setLang, t, translate } from "./i18n.js";

export class ApiError extends Error {
  constructor(status, code, message, texts = null) {
    super(message);
    this.status = status;
    this.code = code;
    this.texts = texts;   // {vi, en}: the refusal in both languages (from the catalog)
  }
}

/** JSON request to the server's REST API; a 4xx/5xx becomes an ApiError. */
export async function api(method, path, body) {
  // The server writes its error texts in the page's language.
  const init = { method, headers: { Accept: "application/json", "Accept-Language": lang() },
    credentials: "same-origin" };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let res;
  try {
    res = await fetch(path, init);
  } catch (err) {
    throw new ApiError(0, "NETWORK", String(err && err.message ? err.message : err));
  }
  let data = null;
  try { data = await res.json(); } catch { data = null; }
  if (!res.ok) {
    const e = (data && data.error) || {};
    throw new ApiError(res.status, e.code || `HTTP_${res.status}`, e.message || res.statusText,
      e.texts || null);
  }
  return data;
}

// ---- seats ------------------------------------------------------------------
const seatKey = (code) => `cotuong:seat:${code}`;

export function saveSeat(code, slot, secret) {
  try { localStorage.setItem(seatKey(code), JSON.stringify({ slot, secret })); } catch { /* ignore */ }
}

export function loadSeat(code) {
  try {
    const v = JSON.parse(localStorage.getItem(seatKey(code)) || "null");
    return v && typeof v.secret === "string" ? v : null;
  } catch { return null; }
}

// ---- preferences --------------------------------------------------------------
export function pref(name, fallback) {
  try {
    const v = localStorage.getItem(`cotuong:${name}`);
    return v === null ? fallback : JSON.parse(v);
  } catch { return fallback; }
}

export function setPref(name, value) {
  try { localStorage.setItem(`cotuong:${name}`, JSON.stringify(value)); } catch { /* ignore */ }
}

// ---- small DOM helpers ------------------------------------------------------
export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else node.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat()) if (c !== null && c !== undefined) node.append(c);
  return node;
}

/** A modal yes/no question; resolves true when confirmed. */
export function confirmDialog(question, { yes = t("btn.confirm"), no = t("btn.cancel"), id = "confirm" } = {}) {
  return new Promise((resolve) => {
    const dlg = h("dialog", { id: `dlg-${id}`, class: "confirm" },
      h("h3", { text: question }),
      h("div", { class: "row" },
        h("button", { class: "btn", "data-answer": "no", type: "button", text: no }),
        h("button", { class: "btn primary", "data-answer": "yes", type: "button", text: yes })));
    const done = (answer) => { dlg.close(); dlg.remove(); resolve(answer); };
    dlg.addEventListener("click", (e) => {
      const b = e.target.closest("button");
      if (b) done(b.dataset.answer === "yes");
    });
    dlg.addEventListener("cancel", (e) => { e.preventDefault(); done(false); });
    document.body.append(dlg);
    dlg.showModal();
  });
}

// ---- top bar and account --------------------------------------------------------
let me = null;

export async function currentUser() {
  if (me) return me;
  try { me = await api("GET", "/api/me"); } catch { me = { guest_id: null, user: null }; }
  return me;
}

function accountDialog(onDone) {
  let mode = "login";
  const err = h("div", { class: "error", role: "alert" });
  const user = h("input", { type: "text", name: "username", autocomplete: "username", required: true,
    minlength: 3, maxlength: 32, pattern: "[A-Za-z0-9_.\\-]+" });
  const pass = h("input", { type: "password", name: "password", autocomplete: "current-password", required: true,
    minlength: 8, maxlength: 200 });
  const title = h("h3", { text: t("login") });
  const submit = h("button", { class: "btn primary", type: "submit", text: t("login") });
  const swap = h("button", { class: "btn small", type: "button", text: t("register") });
  const form = h("form", { method: "dialog" },
    title,
    h("p", { class: "muted", text: t("account.optional") }),
    h("label", { class: "field" }, t("username"), user),
    h("label", { class: "field" }, t("password"), pass),
    err,
    h("div", { class: "row" }, swap, h("span", { style: "flex:1" }),
      h("button", { class: "btn", type: "button", value: "cancel", text: t("btn.cancel"),
        onclick: () => dlg.close() }),
      submit));
  const dlg = h("dialog", { id: "dlg-account" }, form);
  swap.addEventListener("click", () => {
    mode = mode === "login" ? "register" : "login";
    title.textContent = t(mode);
    submit.textContent = t(mode);
    swap.textContent = t(mode === "login" ? "register" : "login");
    pass.autocomplete = mode === "login" ? "current-password" : "new-password";
    err.textContent = "";
  });
  openFormDialog(dlg, form, err, async () => {
    await api("POST", `/api/accounts/${mode}`, { username: user.value.trim(), password: pass.value });
    me = null;
  }, onDone);
}

/** Show ``dlg``; on submitting ``form`` run ``send`` — its error goes in ``err``, success
 * closes the dialog and calls ``onDone``. The dialog is removed once closed. */
function openFormDialog(dlg, form, err, send, onDone) {
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    err.textContent = "";
    try {
      await send();
      dlg.close();
      onDone();
    } catch (ex) {
      err.textContent = ex.message;
    }
  });
  dlg.addEventListener("close", () => dlg.remove());
  document.body.append(dlg);
  dlg.showModal();
}

/** The guest's display-name dialog (accounts are shown by their username). */
function nameDialog(current, onDone) {
  const err = h("div", { class: "error", role: "alert" });
  const input = h("input", { type: "text", name: "name", id: "name-input", required: true, minlength: 2,
    maxlength: 24, value: current, autocomplete: "nickname" });
  const form = h("form", { method: "dialog" },
    h("h3", { text: t("name.title") }),
    h("p", { class: "muted", text: t("name.help") }),
    input, err,
    h("div", { class: "row" },
      h("button", { class: "btn", type: "button", text: t("btn.cancel"), onclick: () => dlg.close() }),
      h("button", { class: "btn primary", type: "submit", id: "name-save", text: t("btn.save") })));
  const dlg = h("dialog", { id: "dlg-name" }, form);
  openFormDialog(dlg, form, err, () => api("POST", "/api/me/name", { name: input.value }), onDone);
}

/** Build the top bar; ``onLang`` re-renders the page after a language switch. */
export async function topbar(onLang) {
  const bar = document.querySelector(".topbar");
  if (!bar) return;
  const render = async () => {
    const info = await currentUser();
    bar.replaceChildren(...[
      h("a", { class: "brand", href: "/" }, h("span", { class: "logo", text: "帥" }), h("span", { text: t("app.title") })),
      h("span", { class: "spacer" }),
      info.user
        ? h("a", { class: "who", id: "who", href: `/u/${encodeURIComponent(info.user.username)}`,
          title: t("nav.profile"), text: info.user.username })
        : h("span", { class: "who", id: "who", text: info.name || t("guest") }),
      info.user ? null : h("button", { id: "btn-name", type: "button", text: t("name.change"),
        onclick: () => nameDialog(info.name || "", () => { me = null; render(); if (onLang) onLang(); }) }),
      info.user
        ? h("button", { id: "logout", type: "button", text: t("nav.logout"), onclick: async () => {
          try { await api("POST", "/api/accounts/logout"); } catch { /* already out */ }
          me = null; render(); if (onLang) onLang();
        } })
        : h("button", { id: "login", type: "button", text: t("nav.login"),
          onclick: () => accountDialog(() => { render(); if (onLang) onLang(); }) }),
      h("button", { id: "lang", type: "button", text: t("lang.switch"), onclick: () => {
        setLang(lang() === "vi" ? "en" : "vi");
        translate();
        render();
        if (onLang) onLang();
      } }),
    ].filter(Boolean));
  };
  translate();
  await render();
}

/** "mm:ss" (or "h:mm:ss"); with tenths under ten seconds. */
export function formatMs(ms) {
  const v = Math.max(0, ms);
  if (v < 10_000) return `0:0${Math.floor(v / 1000)}.${Math.floor((v % 1000) / 100)}`;
  const s = Math.ceil(v / 1000);
  const hh = Math.floor(s / 3600), mm = Math.floor((s % 3600) / 60), ss = s % 60;
  const two = (n) => String(n).padStart(2, "0");
  return hh ? `${hh}:${two(mm)}:${two(ss)}` : `${mm}:${two(ss)}`;
}
