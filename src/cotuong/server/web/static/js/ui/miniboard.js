// A small, static board drawn from a FEN (the lobby's live games): no rules, no input.

import { svg } from "../lib/dom.js";
import { FILES, isRed, placement } from "./fen.js";
import { boardTheme, pieceSet, pieceShape } from "./look.js";

const S = 20;         // distance between two intersections
const M = 12;         // margin

/** An <svg class="mini"> of ``fen``'s placement; ``lastMove`` (ICCS) is marked. */
export function miniBoard(fen, lastMove = null) {
  const w = M * 2 + 8 * S, hgt = M * 2 + 9 * S;
  const set = pieceSet();
  const root = svg("svg", { viewBox: `0 0 ${w} ${hgt}`, class: "mini", role: "img", "data-fen": fen,
    "data-pieces": set, "data-theme": boardTheme() });
  root.append(svg("rect", { x: 0, y: 0, width: w, height: hgt, class: "wood" }));
  for (let r = 0; r < 10; r++) root.append(svg("line", { x1: M, y1: M + r * S, x2: M + 8 * S, y2: M + r * S }));
  for (let f = 0; f < 9; f++) {
    // The river cuts every file but the two edges.
    const spans = f === 0 || f === 8 ? [[0, 9]] : [[0, 4], [5, 9]];
    for (const [a, b] of spans) root.append(svg("line", { x1: M + f * S, y1: M + a * S, x2: M + f * S, y2: M + b * S }));
  }
  const at = (sq) => [M + FILES.indexOf(sq[0]) * S, M + (9 - Number(sq[1])) * S];
  if (lastMove && /^[a-i][0-9][a-i][0-9]$/.test(lastMove)) {
    for (const sq of [lastMove.slice(0, 2), lastMove.slice(2)]) {
      const [x, y] = at(sq);
      root.append(svg("rect", { x: x - S / 2, y: y - S / 2, width: S, height: S, class: "last" }));
    }
  }
  for (const [sq, letter] of placement(fen)) {
    const [x, y] = at(sq);
    root.append(svg("circle", { cx: x, cy: y, r: S * 0.45 }));
    // Outlines, not text: no CJK font is needed (ui/look.js).
    const shape = pieceShape(letter, set, S * 0.45);
    root.append(svg("path", { d: shape.d, class: isRed(letter) ? "r" : "b",
      transform: `translate(${x} ${y}) scale(${shape.scale.toFixed(4)})` }));
  }
  return root;
}
