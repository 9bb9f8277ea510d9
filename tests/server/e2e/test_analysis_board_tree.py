"""The analysis board's variation tree (``js/lib/tree.js``) in Chromium, without a server,
against a reference model written here in Python: random sequences of edits (moves
played at any node, lines promoted, lines deleted, comments) leave both with the same
nodes, the same order of variations, the same main line, and the tree written out the
same way (PGN's layout: variations in parentheses after the move they replace, move
numbers where a reader needs them), Red or Black moving first. Plus the worked example
a player sees: a variation added, promoted, deleted."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.server.e2e.test_browser_modules import js  # noqa: F401 (the page fixture)

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

MOVES = ["h2e2", "h9g7", "b0c2", "b9c7", "h0g2", "c6c5", "i9h9", "a0a1"]


# ------------------------------------------------------------------ the reference
@dataclass
class Node:
    parent: int | None
    move: str | None
    children: list[int] = field(default_factory=list)
    comment: str = ""


class Model:
    """The tree's meaning, written plainly (lists and recursion, no shared code)."""

    def __init__(self) -> None:
        self.nodes: dict[int, Node] = {0: Node(None, None)}
        self.next = 1

    def add(self, parent: int, move: str) -> int:
        for c in self.nodes[parent].children:
            if self.nodes[c].move == move:
                return c
        self.nodes[self.next] = Node(parent, move)
        self.nodes[parent].children.append(self.next)
        self.next += 1
        return self.next - 1

    def path(self, i: int) -> list[int]:
        out = []
        while self.nodes[i].parent is not None:
            out.append(i)
            i = self.nodes[i].parent  # type: ignore[assignment]
        return out[::-1]

    def promote(self, i: int) -> None:
        for x in self.path(i):
            kids = self.nodes[self.nodes[x].parent].children  # type: ignore[index]
            kids.remove(x)
            kids.insert(0, x)

    def remove(self, i: int) -> int:
        parent = self.nodes[i].parent
        if parent is None:
            return i
        self.nodes[parent].children.remove(i)
        gone = [i]
        while gone:
            x = gone.pop()
            gone.extend(self.nodes.pop(x).children)
        return parent

    def text(self, red_first: bool) -> str:
        """The tree as PGN prints it: ``1. a b (1… c d) 2. e``."""
        def number(ply: int, fresh: bool) -> str:
            idx = ply - 1 + (0 if red_first else 1)
            n = idx // 2 + 1
            return f"{n}." if idx % 2 == 0 else (f"{n}…" if fresh else "")

        def line(i: int, ply: int, fresh: bool) -> list[str]:
            node = self.nodes[i]
            out = [w for w in (number(ply, fresh), node.move) if w]
            if node.comment:
                out.append("{" + node.comment + "}")
            siblings = self.nodes[node.parent].children  # type: ignore[index]
            broke = bool(node.comment)
            if siblings[0] == i:
                for v in siblings[1:]:
                    out += ["(", *line(v, ply, True), ")"]
                    broke = True
            if node.children:
                out += line(node.children[0], ply + 1, broke)
            return out

        root = self.nodes[0]
        return " ".join(line(root.children[0], 1, True)) if root.children else ""


JS_RUN = """async ([ops, firstMover]) => {
  const T = await import("/static/js/lib/tree.js");
  const tree = T.newTree();
  for (const [op, id, arg] of ops) {
    if (op === "add") T.add(tree, id, arg);
    else if (op === "promote") T.promote(tree, id);
    else if (op === "remove") T.remove(tree, id);
    else if (op === "comment") T.setComment(tree, id, arg);
  }
  const words = [];
  for (const tok of T.tokens(tree, firstMover)) {
    if (tok.kind === "open") words.push("(");
    else if (tok.kind === "close") words.push(")");
    else if (tok.kind === "comment") words.push("{" + tok.text + "}");
    else { if (tok.number) words.push(tok.number); words.push(T.node(tree, tok.id).move); }
  }
  const nodes = {};
  for (const [id, n] of tree.nodes) nodes[id] = [n.parent, n.move, n.children, n.comment];
  const main = [];
  for (let at = T.next(tree, tree.root); at !== null; at = T.next(tree, at)) main.push(at);
  return { nodes, text: words.join(" "), main,
           isMain: Object.fromEntries([...tree.nodes.keys()].map((i) => [i, T.isMain(tree, i)])) };
}"""


def _apply(model: Model, choices: list[tuple[int, int, int]]) -> list[list[Any]]:
    """Turn random numbers into edits on existing nodes, applied to the model; the same
    edits (by id) for the browser."""
    ops: list[list[Any]] = []
    for kind, pick, arg in choices:
        ids = sorted(model.nodes)
        at = ids[pick % len(ids)]
        if kind <= 5:
            move = MOVES[arg % len(MOVES)]
            model.add(at, move)
            ops.append(["add", at, move])
        elif kind == 6:
            model.promote(at)
            ops.append(["promote", at, None])
        elif kind == 7:
            model.remove(at)
            ops.append(["remove", at, None])
        else:
            text = f"c{arg % 3}" if arg % 4 else ""
            if at != 0:
                model.nodes[at].comment = text
                ops.append(["comment", at, text])
    return ops


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.integers(0, 8), st.integers(0, 50), st.integers(0, 50)), max_size=40),
       st.booleans())
def test_random_edits_agree_with_the_model(js: Any, choices: list[tuple[int, int, int]],  # noqa: F811
                                           red_first: bool) -> None:
    model = Model()
    ops = _apply(model, choices)
    got = js.evaluate(JS_RUN, [ops, "red" if red_first else "black"])
    want = {str(i): [n.parent, n.move, n.children, n.comment] for i, n in model.nodes.items()}
    assert got["nodes"] == want
    assert got["text"] == model.text(red_first)
    main = []
    at = 0
    while model.nodes[at].children:
        at = model.nodes[at].children[0]
        main.append(at)
    assert got["main"] == main
    assert {int(k) for k, v in got["isMain"].items() if v} == {0, *main}


def test_a_variation_added_promoted_and_deleted(js: Any) -> None:  # noqa: F811
    got = js.evaluate("""async () => {
      const T = await import("/static/js/lib/tree.js");
      const tree = T.newTree();
      const end = T.addLine(tree, ["h2e2", "h9g7", "h0g2"]);
      const a = T.next(tree, tree.root), b = T.next(tree, a);
      const v = T.add(tree, a, "b9c7");           // Black answers differently: a variation
      const w = T.add(tree, v, "b0c2");
      const seen = [];
      const word = (k) => k.kind === "open" ? "(" : k.kind === "close" ? ")"
        : `${k.number}${k.number ? " " : ""}${T.node(tree, k.id).move}`;
      const text = () => T.tokens(tree).map(word).join(" ");
      seen.push(text());
      seen.push([T.sibling(tree, b, 1) === v, T.sibling(tree, v, -1) === b,
                 T.sibling(tree, v, 1) === v]);
      T.promote(tree, w);
      seen.push(text(), T.isMain(tree, w), T.isMain(tree, end), T.lineEnd(tree, tree.root) === w);
      seen.push(T.moves(tree, w), T.depth(tree, w), T.add(tree, a, "b9c7") === v);
      const back = T.remove(tree, v);
      seen.push(text(), back === a, T.has(tree, w), T.remove(tree, tree.root) === tree.root);
      return seen;
    }""")
    assert got[0] == "1. h2e2 h9g7 ( 1… b9c7 2. b0c2 ) 2. h0g2"
    assert got[1] == [True, True, True]
    assert got[2] == "1. h2e2 b9c7 ( 1… h9g7 2. h0g2 ) 2. b0c2"
    assert got[3:6] == [True, False, True]
    assert got[6:9] == [["h2e2", "b9c7", "b0c2"], 3, True]
    assert got[9] == "1. h2e2 h9g7 2. h0g2"
    assert got[10:] == [True, False, True]
