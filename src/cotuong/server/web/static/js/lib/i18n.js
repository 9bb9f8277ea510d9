// The interface's language: the one chosen with the top bar's switch (kept in
// ``cotuong:lang``), else the browser's by the server's rule (errors.lang_of, which also
// picks the tournament pages' language): English when the browser's first language is
// English, Vietnamese otherwise. The words themselves are in texts/vi.js and texts/en.js;
// move texts, rulings and warnings come from the server already written.

import { pref, readRaw, setPref, writeRaw } from "./store.js";
import { TEXTS as EN } from "./texts/en.js";
import { TEXTS as VI } from "./texts/vi.js";

const TEXTS = { vi: VI, en: EN };

/** The browser's language as the site reads it: "en" when its first one is English. */
function browserLang() {
  const first = (navigator.languages && navigator.languages[0]) || navigator.language || "";
  return first.toLowerCase().startsWith("en") ? "en" : "vi";
}

/** The current language: the user's choice, else the browser's ("vi" unless English). */
export function lang() {
  const chosen = readRaw("lang");
  return chosen === "en" || chosen === "vi" ? chosen : browserLang();
}

/** Switch the interface to ``value`` ("vi" or "en"), kept in ``cotuong:lang``. */
export function setLang(value) { writeRaw("lang", value === "en" ? "en" : "vi"); }

/** The notations of the move lists (the analysis board also writes Vietnamese in words). */
export const NOTATIONS = ["vi", "wxf", "zh", "iccs"];

/** The notation moves are written in: the one chosen in a move list's menu (kept in
 * ``cotuong:notation``) if this page has it (``vi-words``, the analysis board's, is
 * ``vi`` elsewhere), else the language's own — WXF in English, Vietnamese otherwise. */
export function notation(available = NOTATIONS) {
  const chosen = pref("notation", null);
  if (available.includes(chosen)) return chosen;
  if (chosen === "vi-words") return "vi";
  return lang() === "en" ? "wxf" : "vi";
}

/** Choose the notation of every move list (``notation()``). */
export function setNotation(value) { setPref("notation", value); }

/** The text of ``key`` in the current language, with ``{name}`` fields filled and
 * ``{name:one|other}`` read as the word for that count (English: "1 player", "2 players"). */
export function t(key, params = {}) {
  const table = TEXTS[lang()];
  let s = table[key] ?? TEXTS.vi[key] ?? key;
  if (typeof s !== "string") return s;
  for (const [k, v] of Object.entries(params)) {
    if (s.includes(`{${k}:`)) {
      s = s.replace(new RegExp(`\\{${k}:([^|}]*)\\|([^}]*)\\}`, "g"), (_, one, other) => (v === 1 ? one : other));
    }
    s = s.replaceAll(`{${k}}`, String(v));
  }
  return s;
}

/** Fill every element carrying data-i18n (text) or data-i18n-ph (placeholder). */
export function translate(root = document) {
  document.documentElement.lang = lang();
  for (const node of root.querySelectorAll("[data-i18n]")) node.textContent = t(node.dataset.i18n);
  for (const node of root.querySelectorAll("[data-i18n-ph]")) node.placeholder = t(node.dataset.i18nPh);
  for (const node of root.querySelectorAll("[data-i18n-title]")) {
    node.title = t(node.dataset.i18nTitle);
    node.setAttribute("aria-label", node.title);
  }
}

/** "Dễ" / "Easy" for level 1..8. */
export function levelName(n) {
  const names = t("levels");
  return Array.isArray(names) ? names[n - 1] || String(n) : String(n);
}

/** The colour's name: "Đỏ"/"Red". */
export function colorName(color) { return t(color === "black" ? "black" : "red"); }
