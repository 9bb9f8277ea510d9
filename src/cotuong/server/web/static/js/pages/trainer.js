// "Bên nào phải đổi nước?" (/puzzles/trainer, /puzzles/trainer?d={id}): a loop of moves
// from the repository's repetition cases and the law's ten diagrams is played out on the
// board step by step; the player answers Đỏ / Đen / Hòa, and the server says whether that
// is the ruling, explained in words with the clause of the law
// (POST /api/puzzles/drills/{id}/answer). Nothing is stored or rated.

import { api } from "../lib/api.js";
import { byId as $, h } from "../lib/dom.js";
import { lang, notation, t, translate } from "../lib/i18n.js";
import { BoardView } from "../ui/board.js";
import { fenAfter } from "../ui/fen.js";
import { topbar } from "../ui/topbar.js";

const STEP_MS = 650;
const board = new BoardView($("board"));
// ``drills``: the list (id, source); ``loops``: each one's moves, fetched when first opened.
const s = { drills: [], loops: new Map(), i: 0, step: 0, token: 0, result: null, chosen: null };

const drill = () => s.loops.get(s.drills[s.i].drill_id);

function show(step) {
  const d = drill();
  s.step = step;
  board.update({ fen: fenAfter(d.fen, d.moves, step), lastMove: step ? d.moves[step - 1] : null });
  document.body.dataset.step = String(step);
  render();
}

/** Play the loop out from its start, one move every STEP_MS (a new call stops the last). */
function replay() {
  const token = ++s.token;
  const d = drill();
  show(0);
  const tick = (k) => {
    if (token !== s.token || k > d.moves.length) return;
    show(k);
    if (k === d.moves.length) document.body.dataset.played = "1";
    setTimeout(() => tick(k + 1), STEP_MS);
  };
  setTimeout(() => tick(1), STEP_MS);
}

function render() {
  translate();
  const d = s.drills.length ? drill() : null;
  if (!d) return;
  // The server writes a loop's moves in Vietnamese notation and WXF (views.move_texts).
  const texts = (d.move_texts || {})[notation(["vi", "wxf"])] || d.moves;
  $("step").textContent = t("trainer.step", { n: s.step, total: d.moves.length });
  $("loop-moves").replaceChildren(...texts.flatMap((m, k) => [
    h("span", { class: k + 1 === s.step ? "current" : null, text: m }), " "]));
  $("drill").replaceChildren(...s.drills.map((x, k) => h("option", { value: String(k), selected: k === s.i,
    text: x.source || x.drill_id })));
  for (const b of document.querySelectorAll(".answers .btn")) {
    b.setAttribute("aria-pressed", s.chosen === b.dataset.answer ? "true" : "false");
    b.disabled = !!s.result;
    b.classList.toggle("right", !!s.result && s.result.answer === b.dataset.answer);
    b.classList.toggle("wrong", !!s.result && !s.result.correct && s.chosen === b.dataset.answer);
  }
  const r = s.result;
  $("verdict").textContent = r ? `${t(r.correct ? "trainer.correct" : "trainer.wrong")} ${t(`trainer.is.${r.answer}`)}` : "";
  $("verdict").className = `status ${r ? (r.correct ? "ok" : "bad") : ""}`;
  $("explanation").textContent = r ? r.texts[lang()] || r.explanation : "";
  $("clause").textContent = r && r.clause ? t("trainer.clause", { clause: r.clause }) : "";
}

async function open(i) {
  s.i = (i + s.drills.length) % s.drills.length;
  s.result = null;
  s.chosen = null;
  s.token += 1;   // stops the last loop's animation
  delete document.body.dataset.answered;
  delete document.body.dataset.played;
  const id = s.drills[s.i].drill_id;
  if (!s.loops.has(id)) {
    try { s.loops.set(id, await api("GET", `/api/puzzles/drills/${encodeURIComponent(id)}`)); } catch (e) {
      $("verdict").textContent = e.message;
      return;
    }
  }
  if (s.drills[s.i].drill_id !== id) return;   // another drill was chosen meanwhile
  const d = drill();
  document.body.dataset.drill = d.drill_id;
  const url = `/puzzles/trainer?d=${encodeURIComponent(d.drill_id)}`;
  if (location.pathname + location.search !== url) history.replaceState(null, "", url);
  replay();
}

async function answer(value) {
  if (s.result || !drill()) return;
  s.chosen = value;
  try {
    s.result = await api("POST", `/api/puzzles/drills/${encodeURIComponent(drill().drill_id)}/answer`, { answer: value });
    document.body.dataset.answered = s.result.correct ? "correct" : "wrong";
  } catch (e) {
    $("verdict").textContent = e.message;
    return;
  }
  render();
}

async function boot() {
  await topbar(render);
  try { s.drills = (await api("GET", "/api/puzzles/drills")).drills || []; } catch (e) {
    $("verdict").textContent = e.message;
    return;
  }
  if (!s.drills.length) return;
  for (const b of document.querySelectorAll(".answers .btn")) b.addEventListener("click", () => answer(b.dataset.answer));
  $("btn-replay").addEventListener("click", replay);
  $("btn-next").addEventListener("click", () => open(s.i + 1));
  $("btn-flip").addEventListener("click", () => { board.setFlipped(!board.flipped); render(); });
  $("drill").addEventListener("change", (e) => open(Number(e.target.value)));
  const wanted = new URLSearchParams(location.search).get("d");
  const at = s.drills.findIndex((d) => d.drill_id === wanted);
  open(at >= 0 ? at : 0);
}

boot();
