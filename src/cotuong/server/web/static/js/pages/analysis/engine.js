// The analysis board's live engine (socket /ws/analysis, docs/web-protocol.md; its frames
// in lib/protocol.js): while it is on, every position shown is sent as an ``analyse``
// (fen, moves, multipv; the frame's id) and the server streams ``eval`` frames (id,
// depth, lines of score_cp or mate and pv, from Red's point of view) until ``done``; a
// frame of an older id is dropped. Off, hidden or left: ``stop``. The lines are written
// in the chosen notation by the server's rules (POST /api/positions/legal with
// ``lines``), at most one request at a time, the latest lines winning.

import { api } from "../../lib/api.js";
import { h } from "../../lib/dom.js";
import { lang, t } from "../../lib/i18n.js";
import { analysisSocket } from "../../lib/socket.js";
import { scoreText } from "../../ui/analysis.js";

const DESCRIBE_MS = 400;
const ANALYSE_MS = 80;

/**
 * The evaluation in words, from Red's point of view. Thresholds (centipawns, 100 = a
 * pawn): within ±40 balanced; up to ±120 slightly better; up to ±300 better; beyond,
 * winning; a mate says who mates and in how many moves.
 * ``evalWords({score_cp: 150})`` is "Đỏ ưu" in Vietnamese.
 */
export function evalWords(line) {
  if (!line) return "";
  if (line.mate !== undefined && line.mate !== null) {
    return t(line.mate > 0 ? "analyse.words.red_mates" : "analyse.words.black_mates", { n: Math.abs(line.mate) });
  }
  const cp = line.score_cp || 0;
  const side = cp > 0 ? "red" : "black";
  const a = Math.abs(cp);
  if (a <= 40) return t("analyse.words.equal");
  return t(`analyse.words.${side}_${a <= 120 ? "slight" : a <= 300 ? "better" : "winning"}`);
}

/** Red's share of the evaluation bar (0–1): a logistic of the score, a mate all or nothing. */
export function redShare(line) {
  if (!line) return 0.5;
  if (line.mate !== undefined && line.mate !== null) return line.mate > 0 ? 1 : 0;
  return 1 / (1 + Math.exp(-(line.score_cp || 0) / 250));
}

export class EnginePanel {
  /**
   * @param {{toggle, multipv, score, words, depth, status, lines, bar, barRed}} els
   * @param {{onChange: () => void, onPlay: (pv: string[]) => void}} hooks
   *   ``onChange``: redraw the board (arrow); ``onPlay``: a line clicked, to play into the tree.
   */
  constructor(els, hooks) {
    this.els = els;
    this.onChange = hooks.onChange;
    this.onPlay = hooks.onPlay;
    this.on = false;           // the player wants it running
    this.socket = null;
    this.reqId = null;         // the frame id of the position now asked for (others: stale)
    this.pos = null;           // {key, fen, moves, over} of the position shown
    this.result = null;        // {key, depth, lines, done} for this.pos.key
    this.error = null;
    this.texts = new Map();    // pv key -> {notation -> [texts]}
    this.asking = false;
    this.lastAsk = -Infinity;
    this.notice = null;        // why the engine stopped by itself
    this.searching = false;    // an ``analyse`` sent and not yet ``done``
    this.pending = null;       // the timer of an ``analyse`` about to be sent
    els.toggle.addEventListener("click", () => this.toggle());
    els.multipv.addEventListener("change", () => this.#analyse());
    // Hidden (another tab, a phone's screen off): stop searching; back: resume.
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "hidden") { clearTimeout(this.pending); this.#stop(); }
      else this.#analyse();
      this.render();
    });
    window.addEventListener("pagehide", () => this.#close());
  }

  toggle() {
    this.on = !this.on;
    this.notice = null;
    if (this.on) this.#analyse();
    else { clearTimeout(this.pending); this.#stop(); this.#close(); }
    this.render();
    this.onChange();
  }

  /**
   * The position on view changed: ``key`` names it (the node), ``fen`` + ``moves`` say it
   * to the engine (a start and the moves since, so it knows the repetitions), ``here`` is
   * its own FEN (where the engine's lines start), ``over`` when no move is left.
   */
  position(key, fen, moves, here, over) {
    if (this.pos && this.pos.key === key && this.pos.here === here && this.pos.over === over) return;
    this.pos = { key, fen, moves, here, over };
    this.result = null;
    this.#analyse();
  }

  /** The engine's best move in position ``key``, for the board's arrow (null: none yet). */
  arrow(key) {
    const r = this.result;
    if (!this.on || !r || r.key !== key || !r.lines.length) return null;
    return r.lines[0].pv[0] || null;
  }

  // ----- the socket ---------------------------------------------------------------
  /** The socket, opened when the engine is switched on (lib/socket.js reconnects it). */
  #connect() {
    if (this.socket) return;
    const frame = (f) => this.#frame(f);
    this.socket = analysisSocket({
      handlers: { eval: frame, done: frame, error: frame },
      onStatus: (up) => {
        this.searching = false;
        if (up) { this.error = null; this.#analyseNow(); } else if (this.on) this.error = { offline: true };
        this.render();
      },
    });
  }

  #close() {
    if (this.socket) this.socket.close();
    this.socket = null;
    this.searching = false;
  }

  /** Stop the search running, if one is (the server refuses a ``stop`` of nothing). */
  #stop() {
    if (this.searching && this.socket) this.socket.send.stop();
    this.searching = false;
  }

  /** Ask for the position on view, once it has stayed ANALYSE_MS (keys held down would
   * send a dozen positions a second; the server allows 4 a second per address). */
  #analyse() {
    // From now on, frames of the search before are stale (they may still come while
    // this one waits to be sent).
    this.reqId = null;
    clearTimeout(this.pending);
    this.pending = setTimeout(() => this.#analyseNow(), ANALYSE_MS);
  }

  #analyseNow() {
    if (!this.on || !this.pos || document.visibilityState === "hidden") return;
    if (this.pos.over) { this.#stop(); this.render(); return; }
    if (!this.socket) { this.#connect(); return; }   // asked once it is up
    this.result = null;
    // The frame's id (null while the socket is down: asked again once it is up).
    this.reqId = this.socket.send.analyse(this.pos.fen, this.pos.moves, Number(this.els.multipv.value) || 1);
    this.searching = this.reqId !== null;
    this.render();
  }

  #frame(f) {
    if (f.type === "eval") {
      if (this.reqId === null || f.id !== this.reqId || !this.pos || !Array.isArray(f.lines)) return;   // stale
      this.result = { key: this.pos.key, fen: this.pos.here, depth: f.depth, lines: f.lines, done: false };
      this.error = null;
      this.render();
      this.onChange();
    } else if (f.type === "done") {
      if (f.id !== undefined && f.id !== null && f.id !== this.reqId) return;
      if (this.result) this.result.done = true;
      this.searching = false;
      // Another page of the same person took the engine: say so (a click resumes here).
      if (f.reason === "elsewhere") { this.on = false; this.notice = t("analyse.engine.elsewhere"); this.#close(); }
      this.render();
    } else if (f.type === "error") {
      if (f.ref !== undefined && f.ref !== null && f.ref !== this.reqId) return;
      if (f.code === "LIVE_NOT_ANALYSING") return;   // a stop crossed the search's end
      this.error = { text: (f.texts && f.texts[lang()]) || f.text || f.message || f.code };
      this.render();
    }
  }

  // ----- the lines in words -------------------------------------------------------
  static #key(fen, pv) { return `${fen}|${pv.join(" ")}`; }

  async #describe() {
    if (this.asking || this.notation === "iccs") return;   // the answer asks again for the newest
    const r = this.result;
    if (!r) return;
    const todo = r.lines.filter((l) => Array.isArray(l.pv) && l.pv.length && !this.texts.has(EnginePanel.#key(r.fen, l.pv)));
    if (!todo.length) return;
    // At most one request each DESCRIBE_MS (an engine reports several depths a second;
    // the server allows 20 requests a second per address, for everything).
    const wait = this.lastAsk + DESCRIBE_MS - performance.now();
    if (wait > 0) {
      this.asking = true;
      setTimeout(() => { this.asking = false; this.#describe(); }, wait);
      return;
    }
    this.lastAsk = performance.now();
    this.asking = true;
    try {
      const res = await api("POST", "/api/positions/legal",
        { fen: r.fen, moves: [], lines: todo.map((l) => l.pv.slice(0, 64)) });
      todo.forEach((l, i) => this.texts.set(EnginePanel.#key(r.fen, l.pv), res.lines[i]));
      if (this.texts.size > 400) this.texts.clear();   // a long session: forget old lines
    } catch {
      // Shown in ICCS until a later frame is described.
    } finally {
      this.asking = false;
    }
    this.render();
    if (this.result !== r) this.#describe();
  }

  // ----- drawing ------------------------------------------------------------------
  render(notation = this.notation || "vi", first = this.first || null) {
    this.notation = notation;
    this.first = first;
    const els = this.els;
    els.toggle.textContent = t(this.on ? "analyse.engine.stop" : "analyse.engine.start");
    els.toggle.setAttribute("aria-pressed", String(this.on));
    els.toggle.classList.toggle("primary", !this.on);
    const r = this.on && this.result && this.pos && this.result.key === this.pos.key ? this.result : null;
    const best = r && r.lines[0];
    document.body.dataset.engine = !this.on ? "off" : r ? (r.done ? "done" : "eval") : "waiting";
    document.body.dataset.evalDepth = r ? String(r.depth) : "";
    document.body.dataset.evalLines = r ? String(r.lines.length) : "";
    els.score.textContent = best ? scoreText(best) : "";
    els.words.textContent = best ? evalWords(best) : "";
    els.depth.textContent = r ? t("analyse.depth", { d: r.depth }) : "";
    let status = "";
    if (!this.on) status = this.notice || t("analyse.engine.off");
    else if (this.pos && this.pos.over) status = t("analyse.engine.over");
    else if (document.visibilityState === "hidden") status = t("analyse.engine.paused");
    else if (this.error) status = this.error.offline ? t("analyse.engine.offline") : this.error.text;
    else if (!r) status = t("analyse.engine.thinking");
    els.status.textContent = status;
    els.status.classList.toggle("error", !!(this.on && this.error));
    const share = redShare(best);
    els.barRed.style.width = `${(share * 100).toFixed(1)}%`;
    els.bar.dataset.share = best ? share.toFixed(3) : "";
    els.bar.classList.toggle("off", !best);
    els.lines.replaceChildren(...(r ? r.lines : []).map((l, i) => {
      const texts = notation === "iccs" ? null : this.texts.get(EnginePanel.#key(r.fen, l.pv || []));
      const words = texts ? texts[notation] || texts.vi : l.pv || [];
      return h("li", { class: "pv", "data-index": i, "data-pv": (l.pv || []).join(" ") },
        h("span", { class: "score", text: scoreText(l) }),
        h("button", { type: "button", class: "pv-moves", title: t("analyse.engine.play"),
          text: numbered(words, first), onclick: () => this.onPlay(l.pv || []) }));
    }));
    if (r) this.#describe();   // lines not yet in words (a notation chosen since)
  }
}

/** A line's moves with move numbers: "12. P2-5 M8.7 13. …" (``first`` = the number of the
 * first move and whether it is Black's, or null to leave numbers out). */
function numbered(words, first) {
  if (!first) return words.join(" ");
  const out = [];
  words.forEach((w, i) => {
    const idx = i + (first.black ? 1 : 0);
    const n = first.n + Math.floor(idx / 2);
    if (idx % 2 === 0) out.push(`${n}.`);
    else if (i === 0) out.push(`${n}…`);
    out.push(w);
  });
  return out.join(" ");
}
