// How boards look, chosen by each player and kept in the browser (``cotuong:pieces``,
// ``cotuong:theme``): the piece set and the board's colours. The pieces are SVG paths
// (ui/glyphs.js, built from the Noto CJK fonts by scripts/build_piece_glyphs.py), so
// they are drawn the same on every machine, with or without a Chinese font.

import { lang } from "../lib/i18n.js";
import { pref, setPref } from "../lib/store.js";
import { GLYPH_SETS } from "./glyphs.js";

/** The piece sets: the traditional characters, and initials for beginners. */
export const PIECE_SETS = ["traditional", "letters"];
/** The board themes: wood (the default), jade, and plain paper (high contrast). */
export const THEMES = ["wood", "jade", "paper"];

/** The chosen piece set (a stored value no longer offered falls back to the default). */
export function pieceSet() {
  const v = pref("pieces", "traditional");
  return PIECE_SETS.includes(v) ? v : "traditional";
}

/** The chosen board theme. */
export function boardTheme() {
  const v = pref("theme", "wood");
  return THEMES.includes(v) ? v : "wood";
}

/** Keep a choice: ``setLook("pieces", "letters")``, ``setLook("theme", "jade")``. */
export function setLook(name, value) {
  const allowed = name === "pieces" ? PIECE_SETS : name === "theme" ? THEMES : null;
  if (!allowed || !allowed.includes(value)) throw new Error(`no ${name} named ${value}`);
  setPref(name, value);
}

/**
 * The outline of piece ``letter`` (FEN letter, Red upper case) in ``set``, scaled for a
 * disc of radius ``r``: ``{d, scale}``, the path in em-100 units centred on 0,0. The
 * letters set follows the page's language (Vietnamese initials Tg S T M X P B, English
 * K A E H R C P); both colours share one initial, the disc's colour tells them apart.
 */
export function pieceShape(letter, set = pieceSet(), r = 27) {
  if (set === "letters") {
    const shape = GLYPH_SETS[`letters-${lang() === "en" ? "en" : "vi"}`][letter.toUpperCase()];
    // Single capitals at 0.78 r of cap height; a two-letter label ("Tg") narrowed to fit.
    return { d: shape.d, scale: Math.min((r * 1.4) / 100, (r * 1.34) / shape.w) };
  }
  return { d: GLYPH_SETS.traditional[letter].d, scale: (r * 1.15) / 100 };
}
