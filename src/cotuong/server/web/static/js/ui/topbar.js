// The top bar of every page: the brand, who I am (an account's name links to its
// profile; a guest may choose a display name), log in / register / log out, and the
// language switch.

import { api } from "../lib/api.js";
import { h, svg } from "../lib/dom.js";
import { lang, setLang, t, translate } from "../lib/i18n.js";
import { formDialog } from "./dialog.js";
import { GLYPH_SETS } from "./glyphs.js";
import { boardTheme, pieceSet, PIECE_SETS, setLook, THEMES } from "./look.js";
import { miniBoard } from "./miniboard.js";

const PREVIEW_FEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w";

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
  // The username's rule, said before submitting (also the browser's message for a mismatch).
  const user = h("input", { type: "text", name: "username", autocomplete: "username", required: true,
    minlength: 3, maxlength: 32, pattern: "[A-Za-z0-9_.\\-]+", title: t("username.help"),
    "aria-describedby": "username-help" });
  const userHelp = h("p", { class: "muted small", id: "username-help", text: t("username.help") });
  // The browser's own "Please match the requested format" says nothing: say the rule.
  user.addEventListener("input", () => {
    user.setCustomValidity(user.validity.patternMismatch ? t("username.help") : "");
  });
  const shown = h("input", { type: "text", name: "display_name", id: "register-display-name", minlength: 2,
    maxlength: 24, autocomplete: "nickname" });
  const shownField = h("label", { class: "field", hidden: true }, t("display_name.optional"), shown,
    h("span", { class: "muted small", text: t("display_name.help") }));
  const pass = h("input", { type: "password", name: "password", autocomplete: "current-password", required: true,
    minlength: 8, maxlength: 200 });
  const title = h("h3", { text: t("login") });
  const submit = h("button", { class: "btn primary", type: "submit", text: t("login") });
  const swap = h("button", { class: "btn small", type: "button", text: t("register") });
  const form = h("form", { method: "dialog" },
    title,
    h("p", { class: "muted", text: t("account.optional") }),
    h("label", { class: "field" }, t("username"), user),
    userHelp,
    h("label", { class: "field" }, t("password"), pass),
    shownField,
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
    shownField.hidden = mode === "login";
    err.textContent = "";
  });
  formDialog(dlg, form, err, async () => {
    const body = { username: user.value.trim(), password: pass.value };
    if (mode === "register" && shown.value.trim()) body.display_name = shown.value;
    await api("POST", `/api/accounts/${mode}`, body);
    me = null;
  }, onDone);
}

/** The display-name dialog (a guest's, or an account's: its username stays as it is). */
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

/**
 * The board's look (piece set, theme), applied as soon as it is chosen: ``onChange``
 * redraws the page's boards. Kept in this browser only (``cotuong:pieces``,
 * ``cotuong:theme``).
 */
function lookDialog(onChange) {
  const preview = h("div", { class: "look-preview", id: "look-preview" });
  const drawPreview = () => preview.replaceChildren(miniBoard(PREVIEW_FEN));
  const choice = (name, values, current) => h("select", { id: `look-${name}`, onchange: (e) => {
    setLook(name, e.target.value);
    drawPreview();
    onChange();
  } }, ...values.map((v) => h("option", { value: v, selected: v === current, text: t(`look.${name}.${v}`) })));
  const dlg = h("dialog", { id: "dlg-look" },
    h("h3", { text: t("look.title") }),
    h("label", { class: "field" }, t("look.pieces"), choice("pieces", PIECE_SETS, pieceSet())),
    h("label", { class: "field" }, t("look.theme"), choice("theme", THEMES, boardTheme())),
    preview,
    h("p", { class: "muted", text: t("look.where") }),
    h("div", { class: "row" }, h("button", { class: "btn primary", type: "button", id: "look-close",
      text: t("btn.close"), onclick: () => dlg.close() })));
  dlg.addEventListener("close", () => dlg.remove());
  drawPreview();
  document.body.append(dlg);
  dlg.showModal();
}

/** Build the top bar; ``onLang`` re-renders the page after a language or account switch. */
export async function topbar(onLang) {
  const bar = document.querySelector(".topbar");
  if (!bar) return;
  const changed = () => { if (onLang) onLang(); };
  const render = async () => {
    const info = await currentUser();
    bar.replaceChildren(...[
      h("a", { class: "brand", href: "/" }, h("span", { class: "logo" },
        svg("svg", { viewBox: "-50 -50 100 100", "aria-hidden": "true" },
          svg("path", { d: GLYPH_SETS.traditional.K.d }))), h("span", { text: t("app.title") })),
      h("nav", { class: "sections" },
        h("a", { class: "btn-link", id: "nav-editor", href: "/editor", text: t("nav.editor") }),
        h("a", { class: "btn-link", id: "nav-import", href: "/import", text: t("nav.import") }),
        h("a", { class: "btn-link", id: "nav-puzzles", href: "/puzzles", text: t("nav.puzzles") }),
        h("a", { class: "btn-link", id: "nav-analysis", href: "/analysis", text: t("nav.analysis") }),
        h("a", { class: "btn-link", id: "nav-tournaments", href: "/tournaments", text: t("nav.tournaments") })),
      h("span", { class: "spacer" }),
      info.user
        ? h("a", { class: "who", id: "who", href: `/u/${encodeURIComponent(info.user.username)}`,
          title: t("nav.profile"), text: info.user.display_name || info.user.username })
        : h("span", { class: "who", id: "who", text: info.name || t("guest") }),
      h("button", { id: "btn-name", type: "button", text: t("name.change"),
        onclick: () => nameDialog(info.name || "", () => { me = null; render(); changed(); }) }),
      info.user
        ? h("button", { id: "logout", type: "button", text: t("nav.logout"), onclick: async () => {
          try { await api("POST", "/api/accounts/logout"); } catch { /* already out */ }
          me = null; render(); changed();
        } })
        : h("button", { id: "login", type: "button", text: t("nav.login"),
          onclick: () => accountDialog(() => { render(); changed(); }) }),
      h("button", { id: "btn-look", type: "button", text: t("look"), onclick: () => lookDialog(changed) }),
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
