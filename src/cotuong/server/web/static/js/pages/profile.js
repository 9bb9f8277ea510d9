// A player's profile (/u/{username}): ratings per category, results, a rating graph
// (plain SVG) and the latest games.

import { api } from "../lib/api.js";
import { byId as $, h, svg } from "../lib/dom.js";
import { dateText, signed } from "../lib/format.js";
import { t, translate } from "../lib/i18n.js";
import { CATEGORIES } from "../lib/protocol.js";
import { topbar } from "../ui/topbar.js";

const username = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] || "");
const page = { user: null, games: [], category: null, puzzles: null };

/** The rating before the first game and after each game of ``games``, over game numbers. */
export function ratingGraph(games) {
  const w = 640, hgt = 180, left = 44, right = 12, top = 12, bottom = 24;
  const root = svg("svg", { viewBox: `0 0 ${w} ${hgt}`, class: "graph", role: "img",
    "data-points": games.length });
  if (!games.length) return root;
  const points = [{ rating: games[0].rating - games[0].delta, delta: 0, opponent: "" }, ...games];
  const values = points.map((p) => p.rating);
  let lo = Math.min(...values, 1500), hi = Math.max(...values, 1500);
  if (hi - lo < 100) { lo -= 50; hi += 50; }
  const x = (i) => left + (points.length === 1 ? (w - left - right) / 2 : i * (w - left - right) / (points.length - 1));
  const y = (r) => top + (hi - r) * (hgt - top - bottom) / (hi - lo);
  for (const r of [lo, (lo + hi) / 2, hi]) {
    root.append(svg("line", { x1: left, x2: w - right, y1: y(r), y2: y(r), class: "axis" }));
    root.append(svg("text", { x: 4, y: y(r) + 4 }, String(Math.round(r))));
  }
  root.append(svg("path", { class: "line", d: points.map((p, i) => `${i ? "L" : "M"}${x(i).toFixed(1)},${y(p.rating).toFixed(1)}`).join(" ") }));
  points.forEach((p, i) => {
    if (i === 0) return;  // the starting rating is where the line begins, not a game
    const dot = svg("circle", { cx: x(i), cy: y(p.rating), r: 3, "data-rating": p.rating });
    dot.append(svg("title", {}, `${p.rating} (${signed(p.delta)}) — ${p.opponent}`));
    root.append(dot);
  });
  root.append(svg("text", { x: left, y: hgt - 6 }, "0"));
  root.append(svg("text", { x: w - right - 20, y: hgt - 6 }, String(games.length)));
  return root;
}

function render() {
  translate();
  const u = page.user;
  if (!u) return;
  const shown = u.display_name || u.username;
  document.title = `${t("app.title")} — ${shown}`;
  $("username").textContent = shown === u.username ? shown : `${shown} (${u.username})`;
  $("member").textContent = t("profile.member", { date: dateText(u.created_at) });
  $("counts").textContent = t("profile.counts", u.counts);
  const rated = CATEGORIES.filter((c) => u.ratings[c]);
  $("ratings").replaceChildren(...(rated.length ? rated.map((c) => {
    const r = u.ratings[c];
    return h("div", { class: "card", "data-category": c, "data-rating": r.rating },
      h("span", { class: "muted", text: t(`cat.${c}`) }),
      h("b", { text: `${r.rating}${r.provisional ? "?" : ""}` }),
      h("span", { class: "muted", text: `${t("profile.counts", { games: r.games, wins: r.wins, draws: r.draws, losses: r.losses })}${r.provisional ? ` · ${t("profile.provisional")}` : ""}` }));
  }) : [h("p", { class: "muted", text: t("profile.none") })]), ...puzzleCard());
  const withHistory = CATEGORIES.filter((c) => (u.history[c] || []).length);
  if (!page.category || !withHistory.includes(page.category)) page.category = withHistory[0] || null;
  $("graph-tabs").replaceChildren(...withHistory.map((c) => h("button", { class: "btn small", type: "button",
    "aria-selected": c === page.category ? "true" : "false", text: t(`cat.${c}`),
    onclick: () => { page.category = c; render(); } })));
  const points = page.category ? u.history[page.category] : [];
  $("graph").replaceChildren(points.length ? ratingGraph(points) : h("p", { class: "muted", text: t("profile.none") }));
  $("games").replaceChildren(page.games.length ? h("table", { class: "history" },
    h("thead", {}, h("tr", {}, h("th", { text: t("history.opponent") }), h("th", { text: t("history.result") }),
      h("th", { text: t("history.date") }))),
    h("tbody", {}, page.games.map((g) => h("tr", {},
      h("td", {}, h("a", { href: `/game/${g.game_id}`, text: `${g.red || "?"} – ${g.black || "?"}` })),
      h("td", { text: g.status === "aborted" ? t("history.aborted") : g.result || "*" }),
      h("td", { text: dateText(g.started_at) })))))
    : h("p", { class: "muted", text: t("lobby.history.empty") }));
}

/** The puzzle rating (GET /api/users/{u}/puzzles) beside the game ratings, once it exists. */
function puzzleCard() {
  const r = page.puzzles && page.puzzles.rating;
  if (!r) return [];
  return [h("a", { class: "card", id: "puzzle-rating", href: "/puzzles", "data-category": "puzzles", "data-rating": r.rating },
    h("span", { class: "muted", text: t("profile.puzzles") }),
    h("b", { text: `${r.rating}${r.provisional ? "?" : ""}` }),
    h("span", { class: "muted", text: `${t("puzzles.counts", { attempts: page.puzzles.attempts, solved: page.puzzles.solved })}${r.provisional ? ` · ${t("profile.provisional")}` : ""}` }))];
}

async function boot() {
  await topbar(render);
  try {
    page.user = await api("GET", `/api/users/${encodeURIComponent(username)}`);
    page.games = (await api("GET", `/api/users/${encodeURIComponent(username)}/games?limit=20`)).games || [];
    try { page.puzzles = await api("GET", `/api/users/${encodeURIComponent(username)}/puzzles`); } catch { page.puzzles = null; }
  } catch (e) {
    $("banners").replaceChildren(h("div", { class: "banner error", id: "notfound",
      text: e.status === 404 ? t("profile.notfound") : e.message }));
    return;
  }
  render();
}

boot();
