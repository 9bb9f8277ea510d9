// Clocks that count down smoothly between two server snapshots. The server is
// authoritative: every ``state`` frame replaces what is shown; in between, the
// running side's time is the snapshot minus the time elapsed since it arrived.

import { formatMs } from "../lib/format.js";
import { t } from "../lib/i18n.js";

export class Clocks {
  /** @param {{red: HTMLElement, black: HTMLElement}} nodes */
  constructor(nodes) {
    this.nodes = nodes;
    this.snap = null;
    this.at = 0;
    this.frame = null;
    this.tick = this.tick.bind(this);
  }

  /**
   * Take the ``clocks`` object of a state frame (or null for an untimed game);
   * ``flagged`` is the colour that lost on time, whose clock then reads zero.
   */
  update(clocks, flagged = null) {
    this.snap = clocks;
    this.flagged = flagged;
    this.at = performance.now();
    for (const color of ["red", "black"]) this.nodes[color].hidden = !clocks;
    if (!this.frame) this.frame = requestAnimationFrame(this.tick);
  }

  /** The time to show for ``color`` now: main time, or the current period in byo-yomi. */
  remaining(color, now = performance.now()) {
    const c = this.snap;
    if (!c) return null;
    if (this.flagged === color) return { ms: 0, byo: false };
    const elapsed = c.running === color ? now - this.at : 0;
    const main = c[`${color}_ms`] ?? 0;
    if (c.kind === "byoyomi" && c.period_ms) {
      const periodLeft = c.period_left_ms ? c.period_left_ms[color] : null;
      if (main - elapsed > 0) return { ms: main - elapsed, byo: false };
      // Main time runs out into the period while we watch.
      const start = main > 0 ? c.period_ms - (elapsed - main) : (periodLeft ?? c.period_ms) - elapsed;
      return { ms: start, byo: true };
    }
    return { ms: main - elapsed, byo: false };
  }

  tick() {
    this.frame = null;
    const c = this.snap;
    if (!c) return;
    const now = performance.now();
    for (const color of ["red", "black"]) {
      const node = this.nodes[color];
      const r = this.remaining(color, now);
      node.textContent = formatMs(r.ms);
      // In the period: the time shown is for this move only.
      if (r.byo) node.append(Object.assign(document.createElement("span"), { className: "byo", textContent: t("clock.byo") }));
      node.dataset.byo = r.byo ? "1" : "0";
      node.classList.toggle("running", c.running === color);
      node.classList.toggle("low", c.running === color && r.ms < 10_000);
      node.dataset.ms = String(Math.max(0, Math.round(r.ms)));
    }
    if (c.running) this.frame = requestAnimationFrame(this.tick);
  }
}
