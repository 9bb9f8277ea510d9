// Cờ thế (/puzzles, /puzzles/daily, /puzzles/{id}): solve by moving on the board. The
// server judges the line played so far with each move (POST /api/puzzles/{id}/attempt):
// a right move gets the opponent's reply, a wrong one ends the attempt with the right
// move shown as an arrow; "Gợi ý" rings the piece to move and "Xem lời giải" plays the
// solution out — both count as a failed attempt (as on lichess). An account's first
// attempt at a puzzle is rated; the change, the player's history and the leaderboard
// are beside the board.

import { api } from "../lib/api.js";
import { byId as $, h } from "../lib/dom.js";
import { dateText, signed } from "../lib/format.js";
import { colorName, lang, notation, t, translate } from "../lib/i18n.js";
import { pref, setPref } from "../lib/store.js";
import { BoardView } from "../ui/board.js";
import { fenAfter } from "../ui/fen.js";
import { currentUser, topbar } from "../ui/topbar.js";

/** The server writes a puzzle's moves in Vietnamese notation and WXF (views.move_texts). */
const movesIn = () => notation(["vi", "wxf"]);
const THEMES = ["mate", "material", "defend", "hold_draw", "perpetual_save", "endgame"];
const REPLY_MS = 450;
const STEP_MS = 700;

const board = new BoardView($("board"), { onMove: (m) => play(m) });
// ``status``: what the card says, as a text key and its fields (redrawn in either language).
const s = { p: null, line: [], state: "loading", status: null, change: null, hint: null,
  arrow: null, token: 0, themes: {} };

const fenNow = (k = s.line.length) => fenAfter(s.p.fen, [...s.p.moves_before, ...s.line], s.p.moves_before.length + k);
const later = (ms, fn) => { const token = s.token; setTimeout(() => { if (token === s.token) fn(); }, ms); };

function setState(state) {
  s.state = state;
  document.body.dataset.state = state;
  const solving = state === "solving";
  $("btn-hint").disabled = !solving || !!s.hint;
  $("btn-solution").disabled = !solving;
}

function say(key, params = {}, cls = "") { s.status = { key, params, cls }; render(); }
/** A text that is already written (the server's refusal, in the page's language). */
function sayRaw(text) { s.status = { raw: text, cls: "bad" }; render(); }

function render() {
  translate();
  const p = s.p;
  if (p) {
    $("puzzle-title").textContent = s.daily ? t("puzzles.daily.of", { day: s.daily }) : (p.title || t("puzzles.title"));
    $("puzzle-task").textContent = t(`puzzles.find.${p.goal === "draw" ? "draw" : "win"}`, { side: colorName(p.side) });
    $("puzzle-info").textContent = [t("puzzles.rating", { rating: p.rating }),
      ...p.themes.map((th) => t(`puzzles.theme.${th}`))].join(" · ");
    // The collection's sources are named with each puzzle (their licences ask for it).
    $("puzzle-source").textContent = (p.source_texts && p.source_texts[lang()]) || p.source || "";
  }
  const st = s.status;
  const status = $("puzzle-status");
  status.textContent = !st ? "" : st.raw !== undefined ? st.raw
    : t(st.key, typeof st.params === "function" ? st.params() : st.params);
  status.className = `status ${st ? st.cls : ""}`;
  const c = s.change;
  $("puzzle-change").textContent = !c ? "" : c.rating
    ? t("puzzles.change", { before: c.rating.before, after: c.rating.after, change: signed(c.rating.change) })
    : t("puzzles.unrated");
  const select = $("theme");
  const chosen = pref("puzzle-theme", "");
  select.replaceChildren(h("option", { value: "", text: t("puzzles.theme.all") }),
    ...THEMES.filter((th) => s.themes[th]).map((th) => h("option", { value: th, selected: th === chosen,
      text: `${t(`puzzles.theme.${th}`)} (${s.themes[th]})` })));
  select.value = s.themes[chosen] ? chosen : "";
}

function draw(extra = {}) {
  board.update({ fen: fenNow(), lastMove: s.line.length ? s.line[s.line.length - 1]
    : s.p.moves_before[s.p.moves_before.length - 1] || null, highlight: s.hint, ...extra });
}

function open(p, daily = null) {
  s.token += 1;
  Object.assign(s, { p, line: [], legal: p.legal, status: null, change: null, hint: null, daily });
  delete document.body.dataset.hint;
  delete document.body.dataset.shown;
  document.body.dataset.puzzle = p.puzzle_id;
  board.setFlipped(p.side === "black");
  setState("loading");
  render();
  const before = p.moves_before;
  if (before.length) {
    // The position before the opponent's last move, then that move: the solver sees what changed.
    board.update({ fen: fenAfter(p.fen, before, before.length - 1), lastMove: before[before.length - 2] || null });
    later(REPLY_MS, () => { draw({ legal: p.legal }); setState("solving"); });
  } else {
    draw({ legal: p.legal });
    setState("solving");
  }
  const path = daily ? "/puzzles/daily" : `/puzzles/${encodeURIComponent(p.puzzle_id)}`;
  if (location.pathname !== path) history.pushState(null, "", path);
}

async function play(move) {
  if (s.state !== "solving") return;
  s.line.push(move);
  setState("waiting");
  let r;
  try {
    r = await api("POST", `/api/puzzles/${encodeURIComponent(s.p.puzzle_id)}/attempt`, { moves: s.line });
  } catch (e) {
    s.line.pop();
    setState("solving");
    draw({ legal: s.legal });
    sayRaw(e.message);
    return;
  }
  if (!r.complete && r.correct) {
    say("puzzles.right", {}, "ok");
    later(REPLY_MS, () => {
      s.line.push(r.reply);
      s.legal = r.legal;
      draw({ legal: r.legal });
      setState("solving");
    });
    return;
  }
  const texts = r.solution_texts;
  if (!s.hint) s.change = r;
  if (r.correct) {
    draw({});
    setState("solved");
    say(r.alternative ? "puzzles.solved.alt" : "puzzles.solved", {}, "ok");
  } else {
    const ply = s.line.length - 1;
    s.line.pop();
    draw({ arrow: r.expected, arrowColor: s.p.side });
    setState("failed");
    say("puzzles.wrong", () => ({ move: texts[movesIn()][ply] }), "bad");
  }
  renderMine();
}

async function hint() {
  if (s.state !== "solving" || s.hint) return;
  try {
    const r = await api("POST", `/api/puzzles/${encodeURIComponent(s.p.puzzle_id)}/hint`, { moves: s.line });
    s.hint = r.square;
    s.change = r;
    document.body.dataset.hint = r.square;
    draw({ legal: s.legal });
    setState("solving");
    say("puzzles.hint.shown");
    renderMine();
  } catch (e) { sayRaw(e.message); }
}

async function showSolution() {
  if (s.state !== "solving") return;
  let r;
  try {
    r = await api("POST", `/api/puzzles/${encodeURIComponent(s.p.puzzle_id)}/solution`, { moves: s.line });
  } catch (e) { sayRaw(e.message); return; }
  if (!s.hint) s.change = r;
  s.hint = null;
  setState("shown");
  say("puzzles.shown", () => ({ line: r.solution_texts[movesIn()].join(" ") }));
  const rest = r.solution.slice(s.line.length);
  const step = (i) => {
    if (i >= rest.length) return;
    s.line.push(rest[i]);
    draw({});
    document.body.dataset.shown = String(i + 1);
    later(STEP_MS, () => step(i + 1));
  };
  later(STEP_MS / 2, () => step(0));
  renderMine();
}

async function next() {
  const theme = pref("puzzle-theme", "");
  try {
    open(await api("GET", `/api/puzzles/next${theme ? `?theme=${encodeURIComponent(theme)}` : ""}`));
  } catch (e) {
    if (e.code === "PUZZLE_NONE_LEFT") say("puzzles.none_left", {}, "bad");
    else sayRaw(e.message);
  }
}

async function renderMine() {
  const me = await currentUser();
  let mine = null;
  try { mine = await api("GET", "/api/puzzles/history"); } catch { mine = null; }
  const r = mine && mine.rating;
  $("my-rating").replaceChildren(!me.user
    ? h("span", { class: "muted", text: t("puzzles.guest") })
    : h("span", {}, h("b", { id: "my-puzzle-rating", text: r ? `${r.rating}${r.provisional ? "?" : ""}` : "1500?" }),
      " · ", t("puzzles.counts", { attempts: mine ? mine.attempts : 0, solved: mine ? mine.solved : 0 })));
  const items = (mine && mine.history) || [];
  $("history").replaceChildren(...(items.length ? items.slice(0, 20).map((a) => h("li", { "data-puzzle": a.puzzle_id },
    h("span", { class: a.correct ? "ok" : "bad", text: a.correct ? "✓" : "✗", title: t(a.correct ? "puzzles.ok" : "puzzles.fail") }),
    h("a", { href: `/puzzles/${encodeURIComponent(a.puzzle_id)}`, text: a.title || a.puzzle_id }),
    h("span", { class: "muted", text: a.how === "hint" ? t("puzzles.hint.used") : dateText(a.at) })))
    : [h("li", { class: "muted", text: t("puzzles.history.empty") })]));
}

async function renderLeaderboard() {
  let players = [];
  try { players = (await api("GET", "/api/puzzles/leaderboard")).players || []; } catch { players = []; }
  $("leaderboard").replaceChildren(players.length ? h("table", { class: "ranks" }, h("tbody", {},
    players.slice(0, 10).map((p) => h("tr", {}, h("td", { text: String(p.rank) }),
      h("td", {}, h("a", { href: `/u/${encodeURIComponent(p.username)}`, text: p.display_name })),
      h("td", { text: `${p.rating}${p.provisional ? "?" : ""}` })))))
    : h("p", { class: "muted", text: t("puzzles.leaderboard.empty") }));
}

async function loadFromPath() {
  const id = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] || "");
  try {
    if (id === "daily") { const p = await api("GET", "/api/puzzles/daily"); open(p, p.day); }
    else if (id) open(await api("GET", `/api/puzzles/${encodeURIComponent(id)}`));
    else await next();
  } catch (e) { setState("error"); sayRaw(e.message); }
}

async function boot() {
  await topbar(() => { render(); renderMine(); renderLeaderboard(); });
  $("btn-hint").addEventListener("click", hint);
  $("btn-solution").addEventListener("click", showSolution);
  $("btn-next").addEventListener("click", () => { s.daily = null; next(); });
  $("theme").addEventListener("change", (e) => { setPref("puzzle-theme", e.target.value); next(); });
  $("btn-daily").addEventListener("click", async (e) => {
    e.preventDefault();
    try { const p = await api("GET", "/api/puzzles/daily"); open(p, p.day); } catch (err) { sayRaw(err.message); }
  });
  window.addEventListener("popstate", loadFromPath);
  try { s.themes = (await api("GET", "/api/puzzles/themes")).themes; } catch { s.themes = {}; }
  render();
  renderMine();
  renderLeaderboard();
  await loadFromPath();
}

boot();
