// The 9×10 board drawn in SVG: lines, river, palaces, coordinates, pieces,
// highlights, and move input (click-click or drag).
//
// The board computes no rules: it draws the placement of a FEN, and the only
// moves it lets a player make are the ICCS moves the server listed as legal.
// Squares are named in ICCS (files a–i from Red's left, ranks 0–9 from Red's
// side); the labels shown to people use ranks 1–10 as in the Vietnamese books.

import { svg } from "../lib/dom.js";
import { t } from "../lib/i18n.js";
import { FILES, isRed, placement } from "./fen.js";
import { GLYPH_SETS } from "./glyphs.js";
import { boardTheme, pieceSet, pieceShape } from "./look.js";

const S = 60;            // distance between two intersections, in viewBox units
const X0 = 70;           // left grid line
const Y0 = 78;           // top grid line
const W = X0 * 2 + 8 * S;
const H = Y0 + 9 * S + 92;
const R = 27;            // piece radius

/** An SVG element appended to ``parent`` (the layers are built piece by piece). */
function el(name, attrs = {}, parent = null) {
  const node = svg(name, attrs);
  if (parent) parent.appendChild(node);
  return node;
}

export class BoardView {
  /**
   * @param {HTMLElement} host  element the SVG is appended to
   * @param {{onMove?: (iccs: string) => void, onIllegal?: (iccs: string) => void}} opts
   *   ``onIllegal`` receives a move the user tried that is not in the legal list, so the
   *   page can ask the server why (the board itself knows no rules).
   */
  constructor(host, opts = {}) {
    this.host = host;
    this.onMove = opts.onMove || (() => {});
    this.onIllegal = opts.onIllegal || (() => {});
    this.flipped = false;
    this.pieces = new Map();
    this.legal = new Map();       // from square -> [to squares]
    this.lastMove = null;
    this.checkSquare = null;
    this.arrow = null;            // an ICCS move drawn as an arrow (the engine's best move)
    this.arrowColor = null;       // null (green), or a side's colour
    this.selected = null;
    this.drag = null;
    this.fen = "";
    this.svg = el("svg", {
      viewBox: `0 0 ${W} ${H}`, class: "board", role: "img",
      "aria-label": t("board"),
    });
    host.appendChild(this.svg);
    this.#defs();
    this.gridLayer = el("g", { class: "grid" }, this.svg);
    this.markLayer = el("g", { class: "marks" }, this.svg);
    this.pieceLayer = el("g", { class: "pieces" }, this.svg);
    this.hintLayer = el("g", { class: "hints" }, this.svg);
    this.arrowLayer = el("g", { class: "arrows" }, this.svg);
    this.hitLayer = el("g", { class: "hits" }, this.svg);
    this.#drawGrid();
    this.svg.addEventListener("pointerdown", (e) => this.#down(e));
    this.svg.addEventListener("pointermove", (e) => this.#moveDrag(e));
    this.svg.addEventListener("pointerup", (e) => this.#up(e));
    this.svg.addEventListener("pointercancel", () => this.#cancelDrag());
  }

  // ----- geometry -----------------------------------------------------------
  xy(square) {
    let f = FILES.indexOf(square[0]);
    let r = Number(square.slice(1));
    if (this.flipped) { f = 8 - f; r = 9 - r; }
    return [X0 + f * S, Y0 + (9 - r) * S];
  }

  squareAt(x, y) {
    let f = Math.round((x - X0) / S);
    let r = 9 - Math.round((y - Y0) / S);
    if (f < 0 || f > 8 || r < 0 || r > 9) return null;
    if (this.flipped) { f = 8 - f; r = 9 - r; }
    return FILES[f] + r;
  }

  #svgPoint(e) {
    const pt = this.svg.createSVGPoint();
    pt.x = e.clientX; pt.y = e.clientY;
    const m = this.svg.getScreenCTM();
    return m ? pt.matrixTransform(m.inverse()) : pt;
  }

  // ----- static drawing -----------------------------------------------------
  #defs() {
    const defs = el("defs", {}, this.svg);
    const wood = el("linearGradient", { id: "wood", x1: 0, y1: 0, x2: 1, y2: 1 }, defs);
    el("stop", { offset: "0", "stop-color": "#f3d9a4" }, wood);
    el("stop", { offset: "1", "stop-color": "#e2b872" }, wood);
    const disc = el("radialGradient", { id: "disc", cx: "40%", cy: "35%", r: "70%" }, defs);
    el("stop", { offset: "0", "stop-color": "#fffaf0" }, disc);
    el("stop", { offset: "0.75", "stop-color": "#f1dfb8" }, disc);
    el("stop", { offset: "1", "stop-color": "#d9bd86" }, disc);
    const shadow = el("filter", { id: "shadow", x: "-30%", y: "-30%", width: "160%", height: "160%" }, defs);
    el("feDropShadow", { dx: 1.5, dy: 2.5, stdDeviation: 1.8, "flood-opacity": 0.35 }, shadow);
    const glow = el("radialGradient", { id: "checkglow" }, defs);
    el("stop", { offset: "0.45", "stop-color": "#ff2a1a", "stop-opacity": 0.85 }, glow);
    el("stop", { offset: "1", "stop-color": "#ff2a1a", "stop-opacity": 0 }, glow);
    const head = el("marker", { id: "arrowhead", viewBox: "0 0 10 10", refX: 5, refY: 5,
      markerWidth: 3.2, markerHeight: 3.2, orient: "auto-start-reverse" }, defs);
    el("path", { d: "M 0 0 L 10 5 L 0 10 z", class: "arrowhead" }, head);
    // Heads for arrows in a side's colour (the review's "should have played" arrow).
    for (const color of ["red", "black"]) {
      const m = el("marker", { id: `arrowhead-${color}`, viewBox: "0 0 10 10", refX: 5, refY: 5,
        markerWidth: 3.2, markerHeight: 3.2, orient: "auto-start-reverse" }, defs);
      el("path", { d: "M 0 0 L 10 5 L 0 10 z", class: `arrowhead ${color}` }, m);
    }
  }

  #drawGrid() {
    const g = this.gridLayer;
    g.replaceChildren();
    el("rect", { x: 0, y: 0, width: W, height: H, rx: 14, class: "wood", fill: "url(#wood)" }, g);
    el("rect", { x: X0 - 9, y: Y0 - 9, width: 8 * S + 18, height: 9 * S + 18, class: "frame" }, g);
    const line = (x1, y1, x2, y2, cls = "line") => el("line", { x1, y1, x2, y2, class: cls }, g);
    for (let r = 0; r < 10; r++) line(X0, Y0 + r * S, X0 + 8 * S, Y0 + r * S);
    for (let f = 0; f < 9; f++) {
      if (f === 0 || f === 8) { line(X0 + f * S, Y0, X0 + f * S, Y0 + 9 * S); continue; }
      line(X0 + f * S, Y0, X0 + f * S, Y0 + 4 * S);
      line(X0 + f * S, Y0 + 5 * S, X0 + f * S, Y0 + 9 * S);
    }
    // Palaces: diagonals across files d–f on the three back ranks of each side.
    for (const top of [0, 7]) {
      line(X0 + 3 * S, Y0 + top * S, X0 + 5 * S, Y0 + (top + 2) * S);
      line(X0 + 5 * S, Y0 + top * S, X0 + 3 * S, Y0 + (top + 2) * S);
    }
    // Position marks of cannons and pawns (the small corner crosses).
    const marks = [[1, 2], [7, 2], [0, 3], [2, 3], [4, 3], [6, 3], [8, 3]];
    for (const [f, r] of marks) { this.#cross(f, r); this.#cross(f, 9 - r); }
    // River: the Chinese words of the board and their Vietnamese reading.
    const ry = Y0 + 4.5 * S;
    const left = this.flipped ? ["漢 界", "Hán giới"] : ["楚 河", "Sở hà"];
    const right = this.flipped ? ["楚 河", "Sở hà"] : ["漢 界", "Hán giới"];
    // The Chinese words are outlines (ui/glyphs.js), drawn without a CJK font.
    const words = { "楚 河": GLYPH_SETS.river.chu.d, "漢 界": GLYPH_SETS.river.han.d };
    for (const [x, [zh, vi]] of [[X0 + 2 * S, left], [X0 + 6 * S, right]]) {
      el("path", { d: words[zh], class: "river", transform: `translate(${x} ${ry - 5}) scale(0.27)` }, g);
      const s = el("text", { x, y: ry + 24, class: "river-vi" }, g);
      s.textContent = vi;
    }
    this.#labels();
  }

  #cross(f, r) {
    const g = this.gridLayer;
    const cx = X0 + f * S, cy = Y0 + r * S, d = 5, l = 11;
    for (const sx of [-1, 1]) {
      if ((f === 0 && sx < 0) || (f === 8 && sx > 0)) continue;
      for (const sy of [-1, 1]) {
        const x = cx + sx * d, y = cy + sy * d;
        el("polyline", { points: `${x + sx * l},${y} ${x},${y} ${x},${y + sy * l}`, class: "mark" }, g);
      }
    }
  }

  #labels() {
    const g = this.gridLayer;
    const text = (x, y, s, cls) => { const t = el("text", { x, y, class: cls }, g); t.textContent = s; };
    // File numbers: each side numbers files 1–9 from its own right. The side at
    // the bottom reads them right to left, the side at the top left to right.
    const bottom = this.flipped ? "black" : "red";
    const top = this.flipped ? "red" : "black";
    for (let i = 0; i < 9; i++) {
      const x = X0 + i * S;
      text(x, Y0 - 44, String(i + 1), `filenum ${top}`);
      text(x, Y0 + 9 * S + 74, String(9 - i), `filenum ${bottom}`);
      const file = this.flipped ? FILES[8 - i] : FILES[i];
      text(x, Y0 + 9 * S + 46, file, "coord");
    }
    for (let i = 0; i < 10; i++) {
      const rank = this.flipped ? i + 1 : 10 - i;
      text(X0 - 46, Y0 + i * S + 5, String(rank), "coord rank");
    }
  }

  // ----- state --------------------------------------------------------------
  setFlipped(flipped) {
    if (this.flipped === !!flipped) return;
    this.flipped = !!flipped;
    this.svg.classList.toggle("flipped", this.flipped);
    this.#drawGrid();
    this.#render();
  }

  /**
   * Everything a game snapshot changes, drawn once: ``fen``, ``legal`` (ICCS list),
   * ``lastMove`` (ICCS or null), ``check`` (the colour in check, or null), ``arrow``
   * (an ICCS move to point out, e.g. the engine's best move, or null) and ``arrowColor``
   * (``"red"`` / ``"black"``: the arrow in that side's colour; null: the engine's green)
   * and ``highlight`` (a square to ring, e.g. a puzzle's hint: the piece to move, or null).
   */
  update({ fen, legal = [], lastMove = null, check = null, arrow = null, arrowColor = null, highlight = null }) {
    this.fen = fen;
    this.highlight = highlight || null;   // a square ringed (a puzzle's hint)
    if (this.highlight) this.svg.dataset.highlight = this.highlight; else delete this.svg.dataset.highlight;
    this.arrow = arrow || null;
    this.arrowColor = arrowColor || null;
    if (this.arrowColor) this.svg.dataset.arrowColor = this.arrowColor;
    else delete this.svg.dataset.arrowColor;
    if (this.arrow) this.svg.dataset.arrow = this.arrow;
    else delete this.svg.dataset.arrow;
    this.pieces = placement(fen);
    this.svg.dataset.fen = fen;
    this.lastMove = lastMove || null;
    this.legal = new Map();
    for (const m of legal) {
      const from = m.slice(0, 2);
      if (!this.legal.has(from)) this.legal.set(from, []);
      this.legal.get(from).push(m.slice(2, 4));
    }
    this.svg.dataset.legal = legal.join(" ");
    this.svg.classList.toggle("interactive", this.legal.size > 0);
    if (this.selected && (!this.pieces.has(this.selected) || !this.legal.has(this.selected))) this.selected = null;
    this.checkSquare = null;
    if (check) {
      const king = check === "red" ? "K" : "k";
      for (const [sq, p] of this.pieces) if (p === king) this.checkSquare = sq;
    }
    this.#render();
  }

  // ----- rendering ----------------------------------------------------------
  #render() {
    const marks = this.markLayer, pieces = this.pieceLayer, hints = this.hintLayer, hits = this.hitLayer;
    marks.replaceChildren(); pieces.replaceChildren(); hints.replaceChildren(); hits.replaceChildren();
    this.arrowLayer.replaceChildren();
    // The player's look (ui/look.js), read at each drawing so a change shows at once.
    this.set = pieceSet();
    this.svg.dataset.pieces = this.set;
    this.svg.dataset.theme = boardTheme();
    if (this.arrow) {
      const [x1, y1] = this.xy(this.arrow.slice(0, 2));
      const [x2, y2] = this.xy(this.arrow.slice(2, 4));
      // Stop short of the target's centre so the head does not hide the piece there.
      const len = Math.hypot(x2 - x1, y2 - y1) || 1;
      const cut = Math.min(R * 0.7, len / 3);
      const tone = this.arrowColor ? ` ${this.arrowColor}` : "";
      el("line", { x1, y1, x2: x2 - ((x2 - x1) / len) * cut, y2: y2 - ((y2 - y1) / len) * cut,
        class: `arrow${tone}`, "marker-end": `url(#arrowhead${tone ? `-${this.arrowColor}` : ""})` }, this.arrowLayer);
    }
    if (this.lastMove) {
      const [from, to] = [this.lastMove.slice(0, 2), this.lastMove.slice(2, 4)];
      for (const [sq, cls] of [[from, "last-from"], [to, "last-to"]]) {
        const [x, y] = this.xy(sq);
        el("rect", { x: x - R - 3, y: y - R - 3, width: 2 * R + 6, height: 2 * R + 6, rx: 8, class: cls }, marks);
      }
    }
    if (this.highlight) {
      const [x, y] = this.xy(this.highlight);
      el("circle", { cx: x, cy: y, r: R + 7, class: "highlight" }, marks);
    }
    if (this.checkSquare) {
      const [x, y] = this.xy(this.checkSquare);
      el("circle", { cx: x, cy: y, r: R + 12, class: "check", fill: "url(#checkglow)" }, marks);
    }
    for (const [sq, letter] of this.pieces) {
      const g = this.#piece(letter, sq);
      pieces.appendChild(g);
    }
    // A snapshot may arrive mid-drag (a spectator joined, a clock event): keep the dragged
    // piece under the finger instead of snapping it back.
    if (this.drag) {
      const node = pieces.querySelector(`[data-sq="${this.drag.from}"]`);
      if (!node) this.drag = null;
      else {
        this.drag.node = node;
        if (this.drag.moved && this.drag.at) {
          node.classList.add("dragging");
          pieces.appendChild(node);
          node.setAttribute("transform", `translate(${this.drag.at.x} ${this.drag.at.y}) scale(1.12)`);
        }
      }
    }
    if (this.selected) {
      const [x, y] = this.xy(this.selected);
      el("circle", { cx: x, cy: y, r: R + 3, class: "selected" }, hints);
      for (const to of this.legal.get(this.selected) || []) {
        const [tx, ty] = this.xy(to);
        if (this.pieces.has(to)) el("circle", { cx: tx, cy: ty, r: R + 2, class: "dest capture" }, hints);
        else el("circle", { cx: tx, cy: ty, r: 8, class: "dest" }, hints);
      }
    }
    // One transparent target per intersection: clicks land on a square name,
    // which is also how the end-to-end tests address the board.
    for (let f = 0; f < 9; f++) {
      for (let r = 0; r < 10; r++) {
        const sq = FILES[f] + r;
        const [x, y] = this.xy(sq);
        const attrs = { x: x - S / 2, y: y - S / 2, width: S, height: S, class: "hit", "data-sq": sq };
        if (this.selected && (this.legal.get(this.selected) || []).includes(sq)) attrs["data-dest"] = "1";
        if (this.legal.has(sq)) attrs["data-movable"] = "1";
        el("rect", attrs, hits);
      }
    }
  }

  #piece(letter, sq) {
    const [x, y] = this.xy(sq);
    const red = isRed(letter);
    const g = el("g", {
      class: `piece ${red ? "red" : "black"}`, transform: `translate(${x} ${y})`,
      "data-piece": letter, "data-sq": sq,
    });
    el("circle", { r: R, class: "disc", fill: "url(#disc)", filter: "url(#shadow)" }, g);
    el("circle", { r: R - 4.5, class: "ring" }, g);
    const shape = pieceShape(letter, this.set, R);
    el("path", { d: shape.d, class: "glyph", transform: `scale(${shape.scale.toFixed(4)})` }, g);
    return g;
  }

  // ----- input --------------------------------------------------------------
  #down(e) {
    if (e.button !== undefined && e.button !== 0) return;
    const p = this.#svgPoint(e);
    const sq = this.squareAt(p.x, p.y);
    if (!sq) return;
    if (this.selected && (this.legal.get(this.selected) || []).includes(sq)) {
      e.preventDefault();
      this.#commit(this.selected, sq);
      return;
    }
    if (this.legal.has(sq)) {
      e.preventDefault();
      const wasSelected = this.selected === sq;
      this.selected = sq;
      this.#render();
      const node = this.pieceLayer.querySelector(`[data-sq="${sq}"]`);
      if (node) {
        this.drag = { from: sq, node, x0: p.x, y0: p.y, moved: false, wasSelected };
        try { this.svg.setPointerCapture(e.pointerId); } catch { /* synthetic events */ }
      }
      return;
    }
    const from = this.selected;
    this.selected = null;
    this.#render();
    if (from && from !== sq && !this.#sameSide(from, sq)) this.onIllegal(from + sq);
  }

  #moveDrag(e) {
    if (!this.drag) return;
    const p = this.#svgPoint(e);
    if (!this.drag.moved && Math.hypot(p.x - this.drag.x0, p.y - this.drag.y0) < 6) return;
    this.drag.moved = true;
    this.drag.at = { x: p.x, y: p.y };
    this.drag.node.classList.add("dragging");
    this.pieceLayer.appendChild(this.drag.node); // on top of the others
    this.drag.node.setAttribute("transform", `translate(${p.x} ${p.y}) scale(1.12)`);
  }

  #up(e) {
    const drag = this.drag;
    if (!drag) return;
    this.drag = null;
    if (!drag.moved) {
      // A plain click: a second click on the selected piece deselects it.
      if (drag.wasSelected) { this.selected = null; this.#render(); }
      return;
    }
    const p = this.#svgPoint(e);
    const sq = this.squareAt(p.x, p.y);
    if (sq && (this.legal.get(drag.from) || []).includes(sq)) this.#commit(drag.from, sq);
    else {
      this.#render();
      if (sq && sq !== drag.from && !this.#sameSide(drag.from, sq)) this.onIllegal(drag.from + sq);
    }
  }

  /** Both squares hold pieces of one colour (a click meant to pick another piece). */
  #sameSide(a, b) {
    const p = this.pieces.get(a), q = this.pieces.get(b);
    return !!p && !!q && isRed(p) === isRed(q);
  }

  #cancelDrag() { this.drag = null; this.#render(); }

  #commit(from, to) {
    const iccs = from + to;
    this.selected = null;
    // Show the move at once; the server's answer replaces the position.
    const letter = this.pieces.get(from);
    this.pieces.delete(from);
    if (letter) this.pieces.set(to, letter);
    this.lastMove = iccs;
    this.checkSquare = null;
    this.legal = new Map();
    this.svg.dataset.legal = "";
    this.svg.classList.remove("interactive");
    this.#render();
    this.onMove(iccs);
  }
}
