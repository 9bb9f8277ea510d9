// The analysis board's move list: the variation tree (lib/tree.js) drawn as books print
// it — the main line, and each variation in parentheses after the move it replaces,
// nested as deep as it goes. Each move is a button-like span carrying its node id; the
// move on view is marked ``current``.

import { h } from "../lib/dom.js";
import { t } from "../lib/i18n.js";
import { node, tokens } from "../lib/tree.js";

/** The text of node ``n``'s move in ``notation`` (ICCS is the move itself). */
export function moveText(n, notation) {
  if (notation === "iccs") return n.move;
  return (n.texts && (n.texts[notation] || n.texts.vi)) || n.move;
}

export class VariationList {
  /** @param {HTMLElement} host  @param {(id: number) => void} onPick */
  constructor(host, onPick) {
    this.host = host;
    this.onPick = onPick;
  }

  /** Draw ``tree`` with node ``current`` marked, the moves in ``notation``. */
  render(tree, current, notation, firstMover) {
    const root = h("div", { class: "line main" });
    const stack = [root];
    for (const tok of tokens(tree, firstMover)) {
      const top = stack[stack.length - 1];
      if (tok.kind === "open") {
        const v = h("span", { class: `var d${Math.min(tok.depth, 3)}`, "data-depth": tok.depth });
        top.append(v);
        stack.push(v);
      } else if (tok.kind === "close") {
        stack.pop();
      } else if (tok.kind === "comment") {
        top.append(h("span", { class: "comment", "data-id": tok.id, text: tok.text }), " ");
      } else {
        const n = node(tree, tok.id);
        // Spaces between the words, so the list reads (and copies) as text.
        if (tok.number) top.append(h("span", { class: "num", text: tok.number }), " ");
        top.append(h("span", {
          class: `mv${tok.id === current ? " current" : ""}`, role: "button", tabindex: "-1",
          "data-id": tok.id, "data-ply": tok.ply, "data-move": n.move,
          text: moveText(n, notation), onclick: () => this.onPick(tok.id),
        }), " ");
      }
    }
    this.host.replaceChildren(root.childNodes.length ? root : h("p", { class: "muted", text: t("moves.none") }));
    this.host.classList.toggle("zh", notation === "zh");
    const cur = this.host.querySelector(".mv.current");
    // Scroll the list only, never the page (scrollIntoView would move a phone's page).
    if (cur) this.host.scrollTop = Math.max(0, cur.offsetTop - this.host.clientHeight / 2);
  }
}
