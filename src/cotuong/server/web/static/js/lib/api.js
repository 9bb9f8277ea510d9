// The REST client: JSON in and out, the page's language sent with every request, and a
// refusal turned into an ApiError carrying the server's stable code and texts.

import { lang } from "./i18n.js";

export class ApiError extends Error {
  constructor(status, code, message, texts = null) {
    super(message);
    this.status = status;
    this.code = code;
    this.texts = texts;   // {vi, en}: the refusal in both languages (from the catalog)
  }
}

/**
 * A JSON request to the server's REST API; a 4xx/5xx becomes an ApiError.
 * e.g. ``await api("POST", "/api/rooms", { opponent: "ai", ai_level: 1 })``
 */
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
