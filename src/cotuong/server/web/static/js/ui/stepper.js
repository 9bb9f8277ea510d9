// Stepping through a game on a board: the four navigation buttons (#nav-start, #nav-prev,
// #nav-next, #nav-end) and the keys ←, →, Home and End (not while typing in a field).
// `show(n)` shows ply n (Infinity: the last); `current()` is the ply on view. The review
// and the pasted-game pages share it.
import { byId as $ } from "../lib/dom.js";

export function stepControls(show, current) {
  $("nav-start").addEventListener("click", () => show(0));
  $("nav-prev").addEventListener("click", () => show(current() - 1));
  $("nav-next").addEventListener("click", () => show(current() + 1));
  $("nav-end").addEventListener("click", () => show(Infinity));
  document.addEventListener("keydown", (e) => {
    if (e.target.closest("select, input, textarea")) return;
    if (e.key === "ArrowLeft") show(current() - 1);
    if (e.key === "ArrowRight") show(current() + 1);
    if (e.key === "Home") show(0);
    if (e.key === "End") show(Infinity);
  });
}
