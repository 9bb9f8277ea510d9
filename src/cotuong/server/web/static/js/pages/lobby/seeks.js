// Quick pairing and the open challenges: a time-control button seeks an opponent (or
// meets a waiting one at once); the challenges are listed from the lobby socket's frames.

import { api } from "../../lib/api.js";
import { qs as $, h } from "../../lib/dom.js";
import { tcShort, tcText } from "../../lib/format.js";
import { colorName, t } from "../../lib/i18n.js";
import { saveSeat, setPref } from "../../lib/store.js";

function keepMine(lobby) { setPref("my-seeks", [...lobby.mine].slice(-10)); }

/** Keep my seat in a new room and open it. */
export function goToRoom(seat) {
  saveSeat(seat.code, seat.slot, seat.secret);
  location.assign(`/room/${encodeURIComponent(seat.code)}`);
}

async function quick(lobby, label, tc) {
  const err = $("#quick-error");
  err.textContent = "";
  const rated = !!(lobby.user && $("#quick-rated").checked);
  try {
    const res = await api("POST", "/api/seeks", { time_control: tc, rated, quick: true });
    if (res.paired) { goToRoom(res.paired); return; }
    lobby.mine.add(res.seek_id);
    keepMine(lobby);
    lobby.seeking = { id: res.seek_id, label };
    renderSeeking(lobby);
  } catch (e) {
    err.textContent = e.message;
  }
}

/** Withdraw a challenge of mine (a quick one: stop looking). */
export async function cancelSeek(lobby, id) {
  try { await api("DELETE", `/api/seeks/${encodeURIComponent(id)}`); } catch { /* gone already */ }
  lobby.mine.delete(id);
  keepMine(lobby);
  if (lobby.seeking && lobby.seeking.id === id) lobby.seeking = null;
  renderSeeking(lobby);
}

async function acceptSeek(id, row) {
  try {
    goToRoom(await api("POST", `/api/seeks/${encodeURIComponent(id)}/accept`));
  } catch (e) {
    row.querySelector(".act").replaceChildren(h("span", { class: "error", text: e.message }));
  }
}

function renderSeeking(lobby) {
  const s = lobby.seeking;
  $("#seeking").hidden = !s;
  document.body.dataset.seeking = s ? s.id : "";
  if (s) $("#seeking-text").textContent = t("lobby.seeking", { tc: s.label });
  for (const b of $("#quick-buttons").querySelectorAll("button")) {
    b.classList.toggle("primary", !!s && b.dataset.label === s.label);
  }
}

/** The quick-pairing buttons: the server's presets, each with its rating category. */
export function renderQuick(lobby) {
  // GET /api/lobby/quick: the page computes no category.
  $("#quick-buttons").replaceChildren(...lobby.quick.map(({ time_control: tc, category }) => {
    const label = tcShort(tc);
    return h("button", { class: "btn", type: "button", "data-label": label, "data-tc": JSON.stringify(tc),
      "data-category": category, onclick: () => quick(lobby, label, tc) },
    h("span", { text: label }), h("small", { text: t(`cat.${category}`) }));
  }));
  $("#quick-rated-label").hidden = !lobby.user;
  renderSeeking(lobby);
}

function modeText(seek) {
  return `${t(seek.rated ? "rated.yes" : "rated.no")} · ${seek.rules === "asian" ? "AXF" : "XiangqiPlay"}`;
}

/** The open challenges of the latest ``lobby`` frame, mine to cancel, others' to accept. */
export function renderSeeks(lobby) {
  const f = lobby.frame;
  const host = $("#seeks");
  if (!f) return;
  const seeks = f.seeks || [];
  if (!seeks.length) { host.replaceChildren(h("p", { class: "muted", text: t("lobby.seeks.empty") })); return; }
  // Two columns: who, with the terms under the name, and the button. A card is about a
  // third of a 1366 px window: four columns of terms pushed the button out of sight.
  host.replaceChildren(h("table", { class: "seeks" },
    h("thead", {}, h("tr", {}, h("th", { text: t("seek.player") }), h("th", {}))),
    h("tbody", {}, seeks.map((sk) => {
      const mine = lobby.mine.has(sk.seek_id);
      const colour = sk.color === "random" ? t("color.random") : colorName(sk.color);
      const row = h("tr", { "data-seek": sk.seek_id, "data-mine": mine ? "1" : "" },
        h("td", {},
          h("div", { class: "who", text: `${sk.name}${typeof sk.rating === "number" ? ` (${sk.rating})` : ""}${mine ? ` · ${t("seek.yours")}` : ""}` }),
          h("div", { class: "terms muted", text: `${tcText(sk.time_control)} · ${modeText(sk)} · ${t("color")}: ${colour}` })),
        h("td", { class: "act" }));
      const act = row.querySelector(".act");
      act.append(mine
        ? h("button", { class: "btn small", type: "button", text: t("btn.cancel_seek"), onclick: () => cancelSeek(lobby, sk.seek_id) })
        : h("button", { class: "btn small primary", type: "button", text: t("btn.accept_seek"), onclick: () => acceptSeek(sk.seek_id, row) }));
      return row;
    }))));
  // A seek of mine that is no longer listed was taken or expired: stop showing "looking".
  if (lobby.seeking && !seeks.some((sk) => sk.seek_id === lobby.seeking.id)) { lobby.seeking = null; renderSeeking(lobby); }
}

/** A challenge opened with the form: mine (kept across reloads), shown at once. */
export function addMine(lobby, seekId) {
  lobby.mine.add(seekId);
  keepMine(lobby);
  renderSeeks(lobby);
}
