// The placement field of a FEN, for drawing only: which piece stands on which square.
// Squares are named in ICCS (files a–i from Red's left, ranks 0–9 from Red's side).
// Nothing here knows the rules: the server says which moves are legal.

export const FILES = "abcdefghi";

/** The traditional characters of the pieces: 帥仕相傌俥炮兵 for Red, 將士象馬車砲卒 for Black. */
export const GLYPHS = {
  K: "帥", A: "仕", B: "相", N: "傌", R: "俥", C: "炮", P: "兵",
  k: "將", a: "士", b: "象", n: "馬", r: "車", c: "砲", p: "卒",
};
// The seeds write E/H for elephant and horse: draw them too.
const ALIASES = { E: "B", H: "N", e: "b", h: "n" };

/** Whether a piece letter is Red's (upper case). */
export function isRed(letter) { return letter === letter.toUpperCase(); }

/**
 * The placement field of a FEN as a map from square to piece letter:
 * ``placement("4k4/9/9/9/9/9/9/9/9/4K4 w").get("e0")`` is "K". An unreadable field
 * gives an empty map (an empty board is drawn).
 */
export function placement(fen) {
  const out = new Map();
  const rows = String(fen || "").trim().split(/\s+/)[0].split("/");
  if (rows.length !== 10) return out;
  rows.forEach((row, i) => {
    const rank = 9 - i;
    let file = 0;
    for (const ch of row) {
      if (ch >= "1" && ch <= "9") { file += Number(ch); continue; }
      const letter = ALIASES[ch] || ch;
      if (GLYPHS[letter] && file < 9) out.set(FILES[file] + rank, letter);
      file += 1;
    }
  });
  return out;
}

/** The side to move of a FEN: "red" or "black". */
export function fenTurn(fen) {
  const side = String(fen || "").trim().split(/\s+/)[1] || "w";
  return side === "b" ? "black" : "red";
}

/**
 * The FEN after the first ``k`` moves of ``moves`` (ICCS) from ``startFen``, for
 * stepping back through a game whose moves the server has already accepted. A xiangqi
 * move only relocates one piece (no castling, promotion or en passant), so replaying
 * accepted moves needs no rules; the counters are not tracked.
 */
export function fenAfter(startFen, moves, k) {
  const pieces = placement(startFen);
  let turn = fenTurn(startFen);
  for (const m of moves.slice(0, k)) {
    const from = m.slice(0, 2), to = m.slice(2, 4);
    const p = pieces.get(from);
    pieces.delete(from);
    if (p) pieces.set(to, p);
    turn = turn === "red" ? "black" : "red";
  }
  return writeFen(pieces, turn);
}

/** The start position. */
export const START_FEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/**
 * A FEN from a placement (square -> letter, as ``placement`` gives) and the side to move
 * ("red" | "black"): ``writeFen(new Map([["e0", "K"], ["d9", "k"]]), "red")`` is
 * "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1". Nothing is checked: the server says whether the
 * position is legal.
 */
export function writeFen(pieces, turn) {
  const rows = [];
  for (let rank = 9; rank >= 0; rank--) {
    let row = "", empty = 0;
    for (const f of FILES) {
      const p = pieces.get(f + rank);
      if (!p) { empty += 1; continue; }
      if (empty) { row += empty; empty = 0; }
      row += p;
    }
    rows.push(row + (empty ? empty : ""));
  }
  return `${rows.join("/")} ${turn === "black" ? "b" : "w"} - - 0 1`;
}
