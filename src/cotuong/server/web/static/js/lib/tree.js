// The analysis board's variation tree: moves as nodes, each node's first child its main
// continuation and the others its variations. Plain data and pure functions over it, no
// DOM and no rules (the server says which moves are legal): the page keeps one tree and
// redraws from it.
//
// A tree is ``{root: id, nodes: Map(id -> node), next: id}``; a node is ``{id, parent,
// move (ICCS; null at the root), children: [ids], comment, texts: {notation -> text}}``.
// Every change returns nothing and changes the tree in place; ids are never reused, so
// an id kept by the page (the node on view, the engine's request) stays meaningful or
// is gone (``has``).

/** A tree holding only its root (the position the page starts from). */
export function newTree() {
  const root = { id: 0, parent: null, move: null, children: [], comment: "", texts: {} };
  return { root: 0, nodes: new Map([[0, root]]), next: 1 };
}

/** The node of ``id`` (throws on an unknown id: the caller's bug, never the user's). */
export function node(tree, id) {
  const n = tree.nodes.get(id);
  if (!n) throw new Error(`no node ${id}`);
  return n;
}

export function has(tree, id) { return tree.nodes.has(id); }

/**
 * Play ``move`` (ICCS) after node ``parent``: the child already there if that move was
 * played before, else a new node — the main continuation when ``parent`` had none, else
 * a new variation (last). ``texts`` are the move in each notation. Returns the child's id.
 */
export function add(tree, parent, move, texts = {}) {
  const p = node(tree, parent);
  for (const c of p.children) if (node(tree, c).move === move) return c;
  const id = tree.next++;
  tree.nodes.set(id, { id, parent, move, children: [], comment: "", texts: { ...texts } });
  p.children.push(id);
  return id;
}

/** ``moves`` (ICCS) one after another from ``from`` (the root by default), each with its
 * ``texts[i]`` ({notation -> text}); the last node's id. */
export function addLine(tree, moves, texts = [], from = tree.root) {
  let at = from;
  moves.forEach((m, i) => { at = add(tree, at, m, texts[i] || {}); });
  return at;
}

/** The ids from the root's first move to ``id`` (empty at the root). */
export function path(tree, id) {
  const out = [];
  for (let n = node(tree, id); n.parent !== null; n = node(tree, n.parent)) out.push(n.id);
  return out.reverse();
}

/** The ICCS moves from the root to ``id``. */
export function moves(tree, id) { return path(tree, id).map((i) => node(tree, i).move); }

/** How many moves from the root to ``id``. */
export function depth(tree, id) { return path(tree, id).length; }

/** The main continuation of ``id`` (its first child), or null at a line's end. */
export function next(tree, id) { return node(tree, id).children[0] ?? null; }

/** The node before ``id``, or null at the root. */
export function prev(tree, id) { return node(tree, id).parent; }

/** The last node of the line that continues ``id`` by first children. */
export function lineEnd(tree, id) {
  let at = id;
  for (let n = next(tree, at); n !== null; n = next(tree, at)) at = n;
  return at;
}

/**
 * The sibling ``step`` places away (−1 the one before, +1 the one after) among the moves
 * played from the same position, or ``id`` itself when there is none: ↑/↓ between the
 * variations of one ply.
 */
export function sibling(tree, id, step) {
  const n = node(tree, id);
  if (n.parent === null) return id;
  const kids = node(tree, n.parent).children;
  const i = kids.indexOf(id) + step;
  return i >= 0 && i < kids.length ? kids[i] : id;
}

/** Whether ``id`` is on the main line (the root's line of first children). */
export function isMain(tree, id) {
  return path(tree, id).every((i) => { const p = node(tree, node(tree, i).parent); return p.children[0] === i; });
}

/**
 * Make the line through ``id`` the main line: at every branching on its way from the
 * root, its move becomes the first child (the former main moves become variations, in
 * their order). Nothing is lost.
 */
export function promote(tree, id) {
  for (const i of path(tree, id)) {
    const kids = node(tree, node(tree, i).parent).children;
    const at = kids.indexOf(i);
    if (at > 0) { kids.splice(at, 1); kids.unshift(i); }
  }
}

/**
 * Delete ``id`` and everything after it (the line "from here"); returns the parent's id,
 * where the page goes. The root cannot be deleted (its id is returned).
 */
export function remove(tree, id) {
  const n = node(tree, id);
  if (n.parent === null) return id;
  const p = node(tree, n.parent);
  p.children = p.children.filter((c) => c !== id);
  const stack = [id];
  while (stack.length) {
    const x = stack.pop();
    stack.push(...node(tree, x).children);
    tree.nodes.delete(x);
  }
  return p.id;
}

/** Keep ``text`` (trimmed; at most 500 characters) as the comment after ``id``'s move. */
export function setComment(tree, id, text) {
  node(tree, id).comment = String(text || "").trim().slice(0, 500);
}

/**
 * The move's number and side for the move that ends at depth ``ply`` (1 = the first
 * move), when the start position has ``firstMover`` ("red" | "black") to move:
 * ``moveNumber(1, "black")`` is ``{n: 1, black: true}``, ``moveNumber(2, "black")`` is
 * ``{n: 2, black: false}``.
 */
export function moveNumber(ply, firstMover = "red") {
  const idx = ply - 1 + (firstMover === "black" ? 1 : 0);
  return { n: Math.floor(idx / 2) + 1, black: idx % 2 === 1 };
}

/**
 * The tree written out as PGN writes variations: the main line, and after each main move
 * the other moves of that ply in parentheses, each followed by its own line (nested the
 * same way). A list of tokens for a view to draw: ``{kind: "move", id, ply, number}``
 * (``number`` the text before the move, "" when none is needed: "3." before Red's move,
 * "3…" before Black's at a line's start or after a break), ``{kind: "comment", id, text}``,
 * ``{kind: "open", depth}`` and ``{kind: "close", depth}`` around a variation.
 */
export function tokens(tree, firstMover = "red") {
  const out = [];
  const label = (ply, fresh) => {
    const { n, black } = moveNumber(ply, firstMover);
    return black ? (fresh ? `${n}…` : "") : `${n}.`;
  };
  // A line from ``id`` (a node whose move is written first), ``fresh`` when a number is
  // due before a black move; iterative over the main continuation, recursive only into
  // variations (their nesting is what the reader sees).
  const line = (id, ply, fresh, level) => {
    let at = id, p = ply, f = fresh;
    for (;;) {
      const n = node(tree, at);
      out.push({ kind: "move", id: at, ply: p, number: label(p, f) });
      f = false;
      if (n.comment) { out.push({ kind: "comment", id: at, text: n.comment }); f = true; }
      const parent = node(tree, n.parent);
      // The variations of this move come after it, before the line goes on.
      if (parent.children[0] === at) {
        for (const v of parent.children.slice(1)) {
          out.push({ kind: "open", depth: level + 1 });
          line(v, p, true, level + 1);
          out.push({ kind: "close", depth: level + 1 });
          f = true;
        }
      }
      const nx = n.children[0];
      if (nx === undefined) return;
      at = nx; p += 1;
    }
  };
  const root = node(tree, tree.root);
  if (root.comment) out.push({ kind: "comment", id: tree.root, text: root.comment });
  if (root.children.length) line(root.children[0], 1, true, 0);
  return out;
}
