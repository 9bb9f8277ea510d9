// What the lobby lists beside the pairing: live games, who is online, the leaderboards
// and my games.

import { api } from "../../lib/api.js";
import { qs as $, h } from "../../lib/dom.js";
import { dateText, tcText } from "../../lib/format.js";
import { levelName, t } from "../../lib/i18n.js";
import { CATEGORIES } from "../../lib/protocol.js";
import { miniBoard } from "../../ui/miniboard.js";

/** The live games of frame ``f`` as small boards that follow the moves (click to watch). */
export function renderLive(f) {
  if (!f) return;
  const games = f.games || [];
  const host = $("#live-games");
  if (!games.length) { host.replaceChildren(h("p", { class: "muted", text: t("lobby.live.empty") })); return; }
  const name = (p) => `${p.ai_level ? `${t("ai")} ${levelName(p.ai_level)}` : p.name}${typeof p.rating === "number" ? ` (${p.rating})` : ""}`;
  host.replaceChildren(...games.map((g) => h("a", { href: `/room/${encodeURIComponent(g.room)}`, "data-room": g.room,
    "data-ply": g.ply, title: `${name(g.red)} – ${name(g.black)}` },
  h("div", { class: "names" }, h("span", { text: name(g.black) })),
  miniBoard(g.fen, g.last_move),
  h("div", { class: "names" }, h("span", { text: name(g.red) }), h("span", { class: "muted", text: tcText(g.time_control) })))));
}

/** Who is online in frame ``f``: accounts link to their profiles. */
export function renderOnline(f) {
  if (!f) return;
  const online = f.online || { count: 0, players: [] };
  $("#online-count").textContent = t("lobby.online.count", { n: online.count });
  $("#online-count").dataset.count = String(online.count);
  $("#online").replaceChildren(...online.players.map((p) => p.account && p.username
    ? h("a", { class: "chip", href: `/u/${encodeURIComponent(p.username)}`, "data-name": p.name, text: p.name })
    : h("span", { class: "chip", "data-name": p.name, text: p.name })));
}

/** The leaderboard of category ``lobby.board``, with a tab per category. */
export async function renderLeaderboard(lobby) {
  $("#lb-tabs").replaceChildren(...CATEGORIES.map((c) => h("button", { class: "btn small", type: "button",
    "aria-selected": c === lobby.board ? "true" : "false", "data-category": c, text: t(`cat.${c}`),
    onclick: () => { lobby.board = c; renderLeaderboard(lobby); } })));
  const host = $("#leaderboard");
  let players = [];
  try { players = (await api("GET", `/api/leaderboard?category=${lobby.board}&limit=10`)).players || []; } catch { players = []; }
  if (!players.length) { host.replaceChildren(h("p", { class: "muted", text: t("lobby.leaderboard.empty") })); return; }
  host.replaceChildren(h("table", { class: "history" },
    h("thead", {}, h("tr", {}, h("th", { text: t("lb.rank") }), h("th", { text: t("seek.player") }),
      h("th", { text: t("lb.rating") }), h("th", { text: t("lb.games") }))),
    h("tbody", {}, players.map((p) => h("tr", {},
      h("td", { text: String(p.rank) }),
      h("td", {}, h("a", { href: `/u/${encodeURIComponent(p.username)}`, text: p.display_name || p.username })),
      h("td", { text: `${p.rating}${p.provisional ? "?" : ""}` }),
      h("td", { text: String(p.games) }))))));
}

/** My games: one still on links to its room, a finished one to its review. */
export async function renderHistory() {
  const host = $("#history");
  let games = [];
  try { games = (await api("GET", "/api/me/games?limit=20")).games || []; } catch { games = []; }
  if (!games.length) { host.replaceChildren(h("p", { class: "muted", text: t("lobby.history.empty") })); return; }
  host.replaceChildren(h("table", { class: "history" },
    h("thead", {}, h("tr", {}, h("th", { text: t("history.opponent") }), h("th", { text: t("history.result") }),
      h("th", { text: t("history.date") }))),
    h("tbody", {}, games.map((g) => h("tr", {},
      // A game still on links to its room; a finished one to its review.
      h("td", {}, h("a", { href: g.status === "playing" || g.status === "waiting" ? `/room/${g.room}` : `/game/${g.game_id}`,
        "data-game": g.game_id, text: `${g.red || "?"} – ${g.black || "?"}` })),
      h("td", { text: g.status === "aborted" ? t("history.aborted")
        : g.status === "playing" || g.status === "waiting" ? t("history.playing") : g.result || "*" }),
      h("td", { text: dateText(g.started_at) }))))));
}

