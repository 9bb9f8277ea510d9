// Numbers and time controls written for people, in the page's language.

import { lang, levelName, t } from "./i18n.js";

/** "mm:ss" (or "h:mm:ss"); with tenths under ten seconds: ``formatMs(9_500)`` is "0:09.5". */
export function formatMs(ms) {
  const v = Math.max(0, ms);
  if (v < 10_000) return `0:0${Math.floor(v / 1000)}.${Math.floor((v % 1000) / 100)}`;
  const s = Math.ceil(v / 1000);
  const hh = Math.floor(s / 3600), mm = Math.floor((s % 3600) / 60), ss = s % 60;
  const two = (n) => String(n).padStart(2, "0");
  return hh ? `${hh}:${two(mm)}:${two(ss)}` : `${mm}:${two(ss)}`;
}

/** A time control in words: "10 phút + 5 giây/nước", "1 phút, sau đó 30 giây/nước"; null: untimed. */
export function tcText(tc) {
  if (!tc) return t("tc.none");
  const m = Math.round((tc.base_ms || 0) / 60_000);
  if (tc.kind === "byoyomi") return t(m ? "tc.byoyomi" : "tc.byoyomi0", { m, s: (tc.period_ms || 0) / 1000 });
  return t("tc.fischer", { m, s: (tc.increment_ms || 0) / 1000 });
}

/** A time control as a button's short label: "5+3" (Fischer), "10′+30″" (seconds per move). */
export function tcShort(tc) {
  const m = (tc.base_ms || 0) / 60_000;
  return tc.kind === "byoyomi" ? `${m}′+${(tc.period_ms || 0) / 1000}″` : `${m}+${(tc.increment_ms || 0) / 1000}`;
}

/** A rating change with its sign: "+162", "−162" (a true minus), "±0". */
export function signed(delta) {
  const sign = delta > 0 ? "+" : delta < 0 ? "−" : "±";
  return `${sign}${Math.abs(delta)}`;
}

/**
 * A day in the page's language, the one way every page writes dates: Vietnamese
 * day/month/year (``dateText("2026-12-02T10:00:00Z")`` is "2/12/2026"), English with the
 * month's name ("2 Dec 2026", never ambiguous). An unreadable value gives "".
 */
export function dateText(value) {
  const d = new Date(value);
  if (value === null || value === undefined || value === "" || Number.isNaN(d.getTime())) return "";
  return lang() === "en"
    ? d.toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric" })
    : d.toLocaleDateString("vi-VN", { day: "numeric", month: "numeric", year: "numeric" });
}

/** A seat's name: a person's, or the computer's with its level ("Máy · Cấp độ 3 Trung bình"). */
export function playerName(p) {
  return p.ai_level ? `${t("ai")} · ${t("level")} ${p.ai_level} ${levelName(p.ai_level)}` : p.name;
}

/** Why a game ended, in the page's language: the server's explanation, else "aborted". */
export function outcomeText(o) {
  const why = (o.explanation && (o.explanation[lang()] || o.explanation.vi)) || "";
  return o.termination === "ABORTED" && !why ? t("result.aborted") : why;
}
