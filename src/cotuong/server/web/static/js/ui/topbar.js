// The top bar of every page: the brand, who I am (an account's name links to its
// profile; a guest may choose a display name), log in / register / log out, and the
// language switch.

import { api } from "../lib/api.js";
import { h } from "../lib/dom.js";
import { lang, setLang, t, translate } from "../lib/i18n.js";
import { formDialog } from "./dialog.js";

let me = null;   // the answer of GET /api/me, until a log-in, log-out or new name

/** ``GET /api/me`` (asked once per page, again after the account or name changes). */
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
  formDialog(dlg, form, err, async () => {
    await api("POST", `/api/accounts/${mode}`, { username: user.value.trim(), password: pass.value });
    me = null;
  }, onDone);
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
  formDialog(dlg, form, err, () => api("POST", "/api/me/name", { name: input.value }), onDone);
}

/** Build the top bar; ``onLang`` re-renders the page after a language or account switch. */
export async function topbar(onLang) {
  const bar = document.querySelector(".topbar");
  if (!bar) return;
  const changed = () => { if (onLang) onLang(); };
  const render = async () => {
    const info = await currentUser();
    bar.replaceChildren(...[
      h("a", { class: "brand", href: "/" }, h("span", { class: "logo", text: "帥" }), h("span", { text: t("app.title") })),
      h("nav", { class: "study" },
        h("a", { class: "btn-link", id: "nav-editor", href: "/editor", text: t("nav.editor") }),
        h("a", { class: "btn-link", id: "nav-import", href: "/import", text: t("nav.import") })),
      h("span", { class: "spacer" }),
      info.user
        ? h("a", { class: "who", id: "who", href: `/u/${encodeURIComponent(info.user.username)}`,
          title: t("nav.profile"), text: info.user.username })
        : h("span", { class: "who", id: "who", text: info.name || t("guest") }),
      info.user ? null : h("button", { id: "btn-name", type: "button", text: t("name.change"),
        onclick: () => nameDialog(info.name || "", () => { me = null; render(); changed(); }) }),
      info.user
        ? h("button", { id: "logout", type: "button", text: t("nav.logout"), onclick: async () => {
          try { await api("POST", "/api/accounts/logout"); } catch { /* already out */ }
          me = null; render(); changed();
        } })
        : h("button", { id: "login", type: "button", text: t("nav.login"),
          onclick: () => accountDialog(() => { render(); changed(); }) }),
      h("button", { id: "lang", type: "button", text: t("lang.switch"), onclick: () => {
        setLang(lang() === "vi" ? "en" : "vi");
        translate();
        render();
        changed();
      } }),
    ].filter(Boolean));
  };
  translate();
  await render();
}
