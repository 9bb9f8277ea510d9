// The move list: pairs of moves per row in the chosen notation (texts come from
// the server in every notation; ICCS is the wire format itself).

import { h } from "../lib/dom.js";
import { t } from "../lib/i18n.js";
import { fenTurn } from "./fen.js";

const MARKS = { inaccuracy: "?!", mistake: "?", blunder: "??" };

export class MoveList {
  /** @param {HTMLElement} host  @param {(ply: number) => void} onPick */
  constructor(host, onPick) {
    this.host = host;
    this.onPick = onPick;
  }

  /**
   * @param {object} state   a game snapshot (start_fen, moves, move_texts)
   * @param {number} current the ply shown on the board (0 = start)
   * @param {string} notation vi | wxf | zh | iccs
   * @param {Object<number, string>} marks  the computer analysis' judgement of a ply
   *   ("inaccuracy" | "mistake" | "blunder"), shown as ?! ? ?? after the move
   */
  render(state, current, notation, marks = {}) {
    const moves = state.moves || [];
    const texts = notation === "iccs" ? moves : ((state.move_texts || {})[notation] || moves);
    const blackFirst = fenTurn(state.start_fen) === "black";
    const rows = [];
    const cells = blackFirst ? [null, ...texts] : [...texts];
    for (let i = 0; i < cells.length; i += 2) {
      const n = i / 2 + 1;
      const cell = (j) => {
        if (j >= cells.length) return h("td", {});
        if (cells[j] === null) return h("td", { class: "mv", text: "…" });
        const ply = blackFirst ? j : j + 1;   // ply reached after this move
        const mark = marks[ply];
        return h("td", {
          class: `mv${ply === current ? " current" : ""}${mark ? ` judged ${mark}` : ""}`,
          "data-ply": ply, "data-judgement": mark || null, text: cells[j],
          onclick: () => this.onPick(ply),
        }, mark ? h("span", { class: "mark", text: MARKS[mark], title: t(`judgement.${mark}`) }) : null);
      };
      rows.push(h("tr", {}, h("td", { class: "n", text: `${n}.` }), cell(i), cell(i + 1)));
    }
    const table = h("table", { "aria-label": t("moves") }, h("tbody", {}, rows));
    this.host.replaceChildren(rows.length ? table : h("p", { class: "muted", text: t("moves.none") }));
    this.host.classList.toggle("zh", notation === "zh");
    const cur = this.host.querySelector(".mv.current");
    // Scroll the list only, never the page (scrollIntoView would move a phone's page).
    if (cur) this.host.scrollTop = Math.max(0, cur.offsetTop - this.host.clientHeight / 2);
    else this.host.scrollTop = this.host.scrollHeight;
  }
}
