// What the browser keeps between visits, all under ``cotuong:`` keys of localStorage:
// preferences (JSON values), the seat secret of each room, the language. A browser
// without storage (private mode, blocked) just forgets: every read has a fallback.

const PREFIX = "cotuong:";

/** The raw string stored under ``cotuong:<name>``, or null. */
export function readRaw(name) {
  try { return localStorage.getItem(PREFIX + name); } catch { return null; }
}

/** Store the raw string ``value`` under ``cotuong:<name>`` (silently skipped when storage is off). */
export function writeRaw(name, value) {
  try { localStorage.setItem(PREFIX + name, value); } catch { /* storage off: forget */ }
}

/** A preference (a JSON value), e.g. ``pref("notation", "vi")``. */
export function pref(name, fallback) {
  const v = readRaw(name);
  if (v === null) return fallback;
  try { return JSON.parse(v); } catch { return fallback; }
}

export function setPref(name, value) { writeRaw(name, JSON.stringify(value)); }

/** Keep the seat secret the server gave for room ``code`` (``cotuong:seat:<code>``). */
export function saveSeat(code, slot, secret) { setPref(`seat:${code}`, { slot, secret }); }

/** The kept seat of room ``code`` as ``{slot, secret}``, or null. */
export function loadSeat(code) {
  const v = pref(`seat:${code}`, null);
  return v && typeof v.secret === "string" ? v : null;
}
