// A small, static board drawn from a FEN (the lobby's live games): no rules, no input.

const NS = "http://www.w3.org/2000/svg";
const S = 20;         // distance between two intersections
const M = 12;         // margin
const GLYPHS = {
  K: "帥", A: "仕", B: "相", N: "傌", R: "俥", C: "炮", P: "兵",
  k: "將", a: "士", b: "象", n: "馬", r: "車", c: "砲", p: "卒",
};

function el(tag, attrs = {}, text = null) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text !== null) node.textContent = text;
  return node;
}

/** An <svg class="mini"> of ``fen``'s placement; ``lastMove`` (ICCS) is marked. */
export function miniBoard(fen, lastMove = null) {
  const w = M * 2 + 8 * S, hgt = M * 2 + 9 * S;
  const svg = el("svg", { viewBox: `0 0 ${w} ${hgt}`, class: "mini", role: "img", "data-fen": fen });
  svg.append(el("rect", { x: 0, y: 0, width: w, height: hgt, class: "wood" }));
  for (let r = 0; r < 10; r++) svg.append(el("line", { x1: M, y1: M + r * S, x2: M + 8 * S, y2: M + r * S }));
  for (let f = 0; f < 9; f++) {
    if (f === 0 || f === 8) svg.append(el("line", { x1: M + f * S, y1: M, x2: M + f * S, y2: M + 9 * S }));
    else {
      svg.append(el("line", { x1: M + f * S, y1: M, x2: M + f * S, y2: M + 4 * S }));
      svg.append(el("line", { x1: M + f * S, y1: M + 5 * S, x2: M + f * S, y2: M + 9 * S }));
    }
  }
  const at = (sq) => [M + (sq.charCodeAt(0) - 97) * S, M + (9 - Number(sq[1])) * S];
  if (lastMove && /^[a-i][0-9][a-i][0-9]$/.test(lastMove)) {
    for (const sq of [lastMove.slice(0, 2), lastMove.slice(2)]) {
      const [x, y] = at(sq);
      svg.append(el("rect", { x: x - S / 2, y: y - S / 2, width: S, height: S, class: "last" }));
    }
  }
  const rows = (fen || "").split(" ")[0].split("/");
  rows.forEach((row, i) => {
    let f = 0;
    for (const ch of row) {
      if (/[1-9]/.test(ch)) { f += Number(ch); continue; }
      const glyph = GLYPHS[ch];
      if (glyph) {
        const x = M + f * S, y = M + i * S;
        const side = ch === ch.toUpperCase() ? "r" : "b";
        svg.append(el("circle", { cx: x, cy: y, r: S * 0.45 }));
        svg.append(el("text", { x, y, class: side }, glyph));
      }
      f += 1;
    }
  });
  return svg;
}
