// The computer analysis on the review page: request it, follow its progress, draw the
// evaluation graph (SVG) and describe the selected ply. All numbers come from the server
// (GET /api/games/{id}/analysis): scores are from Red's point of view, ``expected`` is
// Red's expected score (0-1) on the same curve the server judges moves with.

import { api } from "../lib/api.js";
import { h, svg } from "../lib/dom.js";
import { colorName, lang, t } from "../lib/i18n.js";

const GW = 600, GH = 120;  // the graph's viewBox
const POLL_MS = 1000;


/** "+0.35" / "−1.20" (pawns, Red's view) or "#3" / "#−2" for a mate. */
export function scoreText(p) {
  if (!p) return "";
  if (p.winner) return t(p.winner === "red" ? "analysis.red_won" : "analysis.black_won");
  if (p.mate !== undefined && p.mate !== null) return `#${p.mate > 0 ? "" : "−"}${Math.abs(p.mate)}`;
  if (p.score_cp === null || p.score_cp === undefined) return "?";
  const v = p.score_cp / 100;
  return `${v > 0 ? "+" : v < 0 ? "−" : ""}${Math.abs(v).toFixed(2)}`;
}

export class AnalysisPanel {
  /**
   * @param {HTMLElement} host  the panel's body
   * @param {string} gameId
   * @param {{onPick: (ply: number) => void, onChange: () => void}} hooks
   */
  constructor(host, gameId, hooks) {
    this.host = host;
    this.gameId = gameId;
    this.onPick = hooks.onPick;
    this.onChange = hooks.onChange;
    this.view = null;       // the server's analysis view, or null if never requested
    this.error = null;      // a refusal to show (in the reader's language)
    this.timer = null;
    this.firstMover = "red";  // the side to move in the game's start position
  }

  get path() { return `/api/games/${encodeURIComponent(this.gameId)}/analysis`; }

  get plies() { return (this.view && this.view.status === "done" && this.view.plies) || null; }

  /** The judgement of every ply, for the move list. */
  marks() {
    const out = {};
    for (const p of this.plies || []) if (p.judgement) out[p.ply] = p.judgement;
    return out;
  }

  /** The arrow for the position after ``ply`` moves: the engine's best move there. */
  arrow(ply) {
    const p = (this.plies || [])[ply];
    return p ? p.best : null;
  }

  /**
   * For a judged move (ply ``ply`` is the position after it): the move that should have
   * been played instead — the engine's best move in the position before — and the colour
   * of the side that erred (``firstMover``: the side to move in the start position), as
   * ``{move, color}``; null for a move not judged.
   */
  better(ply, firstMover = this.firstMover) {
    const plies = this.plies || [];
    const p = plies[ply], before = plies[ply - 1];
    if (!p || !p.judgement || !before || !before.best) return null;
    const other = firstMover === "red" ? "black" : "red";
    return { move: before.best, color: (ply - 1) % 2 === 0 ? firstMover : other };
  }

  async load() {
    try {
      const view = await api("GET", this.path);
      this.view = view.status === "none" ? null : view;  // nobody has asked for it yet
    } catch (e) {
      this.error = e;
      this.view = null;
    }
    this.#follow();
  }

  async request() {
    this.error = null;
    try {
      this.view = await api("POST", this.path);
    } catch (e) {
      this.error = e;
    }
    this.#follow();
    this.onChange();
  }

  #follow() {
    clearTimeout(this.timer);
    const status = this.view && this.view.status;
    document.body.dataset.analysis = status || "none";
    if (status === "queued" || status === "running") {
      this.timer = setTimeout(async () => {
        try { this.view = await api("GET", this.path); } catch (e) { this.error = e; }
        this.#follow();
        this.onChange();
      }, POLL_MS);
    }
  }

  /** Draw the panel for the selected ``ply`` in ``notation``. */
  render(ply, notation) {
    const v = this.view;
    const out = [];
    if (this.error) {
      const e = this.error;
      out.push(h("div", { class: "banner error", id: "analysis-error",
        text: (e.texts && e.texts[lang()]) || e.message }));
    }
    if (!v || v.status === "failed") {
      if (v) out.push(h("p", { class: "muted", id: "analysis-failed", text: t("analysis.failed") }));
      out.push(h("button", { class: "btn primary", id: "btn-analyse", type: "button",
        text: t(v ? "analysis.retry" : "analysis.request"), onclick: () => this.request() }));
    } else if (v.status !== "done") {
      const { done, total } = v.progress;
      out.push(h("p", { id: "analysis-progress-text", text: v.status === "queued" && done === 0
        ? t("analysis.queued") : t("analysis.running", { done, total }) }));
      out.push(h("progress", { id: "analysis-progress", max: total, value: done }));
    } else {
      out.push(this.#graph(ply));
      out.push(this.#info(ply, notation));
      out.push(this.#summary());
    }
    this.host.replaceChildren(...out);
  }

  #graph(ply) {
    const plies = this.plies;
    const n = Math.max(1, plies.length - 1);
    const x = (i) => (i / n) * GW;
    const y = (p) => 5 + (GH - 10) * (1 - (p.expected ?? 0.5));  // dots stay inside
    const root = svg("svg", { viewBox: `0 0 ${GW} ${GH}`, class: "eval-graph", role: "img",
      preserveAspectRatio: "none", "aria-label": t("analysis.graph"),
      "data-points": plies.length });
    root.append(svg("rect", { x: 0, y: 0, width: GW, height: GH, class: "black-side" }));
    // Red's share of the expected score fills the graph from the bottom.
    const line = plies.map((p, i) => `${x(i).toFixed(1)},${y(p).toFixed(1)}`).join(" ");
    root.append(svg("polygon", { points: `0,${GH} ${line} ${GW},${GH}`, class: "red-side" }),
      svg("polyline", { points: line, class: "curve" }),
      svg("line", { x1: 0, y1: GH / 2, x2: GW, y2: GH / 2, class: "mid" }),
      svg("line", { x1: x(ply), y1: 0, x2: x(ply), y2: GH, class: "cursor" }));
    for (const p of plies) {
      if (!p.judgement) continue;
      root.append(svg("circle", { cx: x(p.ply), cy: y(p), r: 5, class: `dot ${p.judgement}`,
        "data-ply": p.ply, "data-judgement": p.judgement }, svg("title", {}, t(`judgement.${p.judgement}`))));
    }
    root.addEventListener("click", (e) => {
      const box = root.getBoundingClientRect();
      const at = Math.round(((e.clientX - box.left) / Math.max(1, box.width)) * n);
      this.onPick(Math.max(0, Math.min(n, at)));
    });
    return h("div", { class: "graph-wrap" }, root,
      h("div", { class: "graph-legend muted", text: t("analysis.pov") }));
  }

  #info(ply, notation) {
    const plies = this.plies;
    const p = plies[ply];
    const text = (row) => (row && row.best
      ? (notation === "iccs" ? row.best : (row.best_texts || {})[notation] || row.best) : null);
    const lines = [h("div", {}, h("b", { text: `${t("analysis.eval")}: ` }),
      h("span", { id: "analysis-score", text: scoreText(p) }))];
    if (p && p.best) {
      lines.push(h("div", {}, h("b", { text: `${t("analysis.best")}: ` }),
        h("span", { id: "analysis-best", text: text(p) })));
    }
    if (p && p.judgement) {
      const before = plies[ply - 1];
      lines.push(h("div", { class: `judgement ${p.judgement}`, id: "analysis-judgement" },
        h("b", { text: t(`judgement.${p.judgement}`) }),
        before && before.best ? h("span", { text: ` — ${t("analysis.better", { move: text(before) })}` }) : null));
      // The board's arrow is that better move, in the erring side's colour.
      const better = this.better(ply);
      if (better) {
        lines.push(h("div", { class: "muted", id: "analysis-arrow-note" },
          h("span", { class: `swatch ${better.color}` }), t("analysis.should", { side: colorName(better.color) })));
      }
    }
    return h("div", { class: "analysis-info" }, lines);
  }

  #summary() {
    const s = this.view.summary || {};
    const kinds = ["inaccuracy", "mistake", "blunder"];
    const row = (color) => h("tr", { "data-color": color }, h("th", { text: t(color) }),
      kinds.map((k) => h("td", { "data-kind": k, text: String((s[color] || {})[k] ?? 0) })));
    return h("table", { class: "analysis-summary", id: "analysis-summary" },
      h("thead", {}, h("tr", {}, h("th", {}), kinds.map((k) => h("th", { text: t(`judgement.${k}`) })))),
      h("tbody", {}, row("red"), row("black")));
  }
}
