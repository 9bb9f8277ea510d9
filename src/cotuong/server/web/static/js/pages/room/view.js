// The room page drawn from its state: board, players, clocks, move list, the game's
// buttons, banners (offers, warnings, the result) and the room's details.

import { byId as $, h } from "../../lib/dom.js";
import { outcomeText, playerName, signed, tcText } from "../../lib/format.js";
import { colorName, lang, notation, t, translate } from "../../lib/i18n.js";
import { fenAfter } from "../../ui/fen.js";
import { soundOn, setSound } from "../../ui/sound.js";
import { aiGame, bottomColor, eventGame, flaggedColor, isOver, myColor, myTurn, offerBy } from "./state.js";


function button(id, label, onclick, cls = "btn") {
  return h("button", { id, class: cls, type: "button", text: label, onclick });
}

/**
 * The page's view over ``page`` (state.js) and its widgets; ``actions`` are what the
 * buttons do (socket.js). Returns the render functions.
 */
export function roomView({ page, board, clocks, moveList, actions }) {
  function render() {
    const s = page.state;
    if (!s) return;
    const mine = myColor(page);
    const bottom = bottomColor(page);
    board.setFlipped(bottom === "black");
    document.body.dataset.role = page.role;

    const live = page.viewPly === null;
    const over = isOver(s);
    if (live) {
      const canMove = myTurn(page) && page.connected;
      board.update({ fen: s.fen, legal: canMove ? s.legal_moves || [] : [], lastMove: s.last_move,
        check: s.check ? s.turn : null });
    } else {
      board.update({ fen: fenAfter(s.start_fen, s.moves, page.viewPly),
        lastMove: page.viewPly > 0 ? s.moves[page.viewPly - 1] : null });
    }
    // The tab says whose move it is (a player waiting in another tab sees it).
    document.title = `${myTurn(page) ? "● " : ""}${t("app.title")} — ${page.code}`;
    $("live").hidden = live;

    // Players: the one at the bottom of the board is shown below it.
    const top = bottom === "red" ? "black" : "red";
    renderPlayer($("player-top"), top, s);
    renderPlayer($("player-bottom"), bottom, s);
    $("player-top").append(clocks.nodes[top]);
    $("player-bottom").append(clocks.nodes[bottom]);
    clocks.update(s.clocks, flaggedColor(s));

    moveList.render(s, live ? s.ply : page.viewPly, notation());
    renderControls(s, mine, over);
    renderBanners();
    renderInfo(s);

    const root = document.body;
    root.dataset.status = s.status;
    root.dataset.ply = String(s.ply);
    root.dataset.turn = s.turn;
    root.dataset.result = s.outcome ? s.outcome.result : "";
    root.dataset.termination = s.outcome ? s.outcome.termination : "";
    root.dataset.gameId = String(s.game_id);
  }

  function renderPlayer(node, color, s) {
    const p = (s.players || {})[color];
    const mine = myColor(page) === color;
    node.className = `player ${color}${s.turn === color && s.status === "playing" && !s.outcome ? " to-move" : ""}`;
    node.dataset.color = color;
    let name = p ? playerName(p) : t("waiting");
    if (p && typeof p.rating === "number") name = `${name} (${p.rating})`;
    const presence = p && !p.ai_level
      ? h("span", { class: `presence${p.connected ? "" : " off"}`, text: t(p.connected ? "online" : "offline") })
      : null;
    node.replaceChildren(...[h("span", { class: "dot", title: colorName(color) }),
      h("span", { class: "name", text: `${name}${mine ? ` (${t("you")})` : ""}` }), presence].filter(Boolean));
  }

  function renderControls(s, mine, over) {
    const event = eventGame(page);
    const playing = s.status === "playing" && !over;
    const items = [button("btn-flip", t("btn.flip"), actions.flip, "btn small")];
    if (mine && playing) {
      if (s.can_abort) items.push(button("btn-abort", t("btn.abort"), actions.abort, "btn small"));
      if (!aiGame(s) && !s.draw_offer) items.push(button("btn-draw", t("btn.draw"), actions.offerDraw, "btn small"));
      if (!s.rated && !event && s.ply > 0 && !s.takeback_request) {
        items.push(button("btn-takeback", t("btn.takeback"), actions.takeback, "btn small"));
      }
      items.push(button("btn-resign", t("btn.resign"), actions.resign, "btn small danger"));
    }
    if (mine && s.status === "waiting" && page.slot === "host") {
      items.push(button("btn-cancel-invite", t("btn.cancel_invite"), actions.cancelInvite, "btn small danger"));
    }
    if (mine && over && s.status !== "waiting" && !event) {
      items.push(button("btn-rematch", t("btn.rematch"), actions.rematch, "btn small primary"));
    }
    if (over && s.game_id) {
      items.push(h("a", { id: "btn-review", class: "btn small", href: `/game/${s.game_id}`, text: t("btn.review") }));
      const ply = page.viewPly === null ? s.ply : page.viewPly;
      items.push(h("a", { id: "btn-from-here", class: "btn small", text: t("analyse.from_here"),
        href: `/analysis?game=${s.game_id}&ply=${ply}` }));
    }
    items.push(h("label", { class: "chip", title: t("sound") },
      h("input", { type: "checkbox", id: "sound", checked: soundOn(), onchange: (e) => setSound(e.target.checked) }),
      t("sound")));
    $("controls").replaceChildren(...items);
  }

  function resultBanner(s) {
    const o = s.outcome;
    return h("div", { class: "banner result", id: "result", role: "status", "data-termination": o.termination },
      o.result && o.result !== "*" ? h("span", { class: "score", text: o.result }) : null,
      h("span", { class: "grow", text: outcomeText(o) }),
      s.ratings ? ratingLine(s) : null);
  }

  function waitingBanner(mine, s) {
    if (mine) {
      // The invite is what the waiting host needs: here, beside the board (or right under
      // it on a phone), not only in the side panel.
      const until = page.room && page.room.expires_at
        ? ` ${t("invite.expires", { time: new Date(page.room.expires_at).toLocaleTimeString(lang(), { hour: "2-digit", minute: "2-digit" }) })}` : "";
      return h("div", { class: "banner info", id: "waiting" },
        h("span", { class: "grow", text: `${t("waiting")} ${t("invite.send", { code: page.code })}${until}` }),
        button("btn-copy-invite", t("invite.copy"), actions.copyInvite, "btn small primary"));
    }
    // A friend who opened the invite link: the free seat is offered first thing.
    const host = Object.values(s.players || {}).find((p) => p);
    return h("div", { class: "banner invited", id: "invited" },
      h("span", { class: "grow", text: t("invited", { who: host ? host.name : "" }) }),
      button("btn-join", t("take_seat"), actions.takeSeat, "btn primary"));
  }

  /** A pending draw offer, takeback or rematch request: said to both, answered by the other. */
  function offerBanner(kind, by, mine) {
    const children = [];
    if (mine && mine === by) {
      children.push(h("span", { class: "grow", text: t(`offer.${kind}.mine`) }));
    } else {
      children.push(h("span", { class: "grow", text: t(`offer.${kind}.them`, { who: colorName(by) }) }));
      if (mine) {
        children.push(button(`btn-${kind}-accept`, t("btn.accept"), () => actions.answer(kind, true), "btn small primary"));
        if (kind !== "rematch") {
          children.push(button(`btn-${kind}-decline`, t("btn.decline"), () => actions.answer(kind, false), "btn small"));
        }
      }
    }
    return h("div", { class: "banner offer", id: `offer-${kind}`, "data-by": by }, ...children);
  }

  function renderBanners() {
    const s = page.state;
    const out = [];
    if (page.error) out.push(h("div", { class: "banner error", id: "error", role: "alert", text: page.error }));
    if (page.notice) out.push(h("div", { class: "banner info", id: page.notice.id, role: "status", text: t(page.notice.key) }));
    if (!page.connected && s) out.push(h("div", { class: "banner warn", id: "offline", text: t("conn.down") }));
    if (!s) { $("banners").replaceChildren(...out); return; }
    const mine = myColor(page);
    const over = !!s.outcome;
    if (s.outcome) out.push(resultBanner(s));
    else if (s.status === "waiting") out.push(waitingBanner(mine, s));
    for (const [kind, req] of [["draw", s.draw_offer], ["takeback", s.takeback_request], ["rematch", s.rematch_request]]) {
      const by = offerBy(req);
      if (by && (!over || kind === "rematch")) out.push(offerBanner(kind, by, mine));
    }
    if (!over) {
      // The referee's warnings and the arbiter's orders while they are in force (the
      // server says: a loop still being played, an order not yet obeyed or lapsed).
      const shown = (s.warnings || []).filter((w) => (w.in_force === undefined ? w.ply >= s.ply - 1 : w.in_force));
      for (const w of shown) {
        out.push(h("div", { class: "banner warn", "data-warning": "1", "data-ply": w.ply,
          text: (w.texts && w.texts[lang()]) || w.text }));
      }
    }
    if (s.abandon && !over) {
      const left = Math.max(0, Math.ceil((s.abandon.deadline_ms - (Date.now() + page.offset)) / 1000));
      out.push(h("div", { class: "banner warn", id: "abandon",
        text: t("abandon", { who: colorName(s.abandon.color), s: left }) }));
    }
    const toMove = (s.players || {})[s.turn];
    if (!over && s.status === "playing" && toMove && toMove.ai_level) {
      // While the engine warms up (the server just started), say so instead of "thinking".
      out.push(s.ai_warming
        ? h("div", { class: "banner info", id: "ai-warming", text: t("ai.warming") })
        : h("div", { class: "banner info", id: "ai-thinking", text: t("ai.thinking") }));
    }
    if (myTurn(page) && page.viewPly === null) {
      out.push(h("div", { class: "banner info", id: "your-turn", text: t("turn.you") }));
    }
    $("banners").replaceChildren(...out);
  }

  /** "Đỏ lan 1500 → 1338 (−162) · Đen minh 1500 → 1662 (+162)" under a rated result. */
  function ratingLine(s) {
    const parts = ["red", "black"].filter((c) => s.ratings[c]).map((c) => {
      const r = s.ratings[c];
      const p = (s.players || {})[c];
      return h("span", { class: `rating-change ${r.delta > 0 ? "up" : r.delta < 0 ? "down" : ""}`, id: `rating-${c}`,
        "data-before": r.before, "data-after": r.after, "data-delta": r.delta },
      `${p ? p.name : colorName(c)}: ${r.before} → ${r.after} (${signed(r.delta)})`);
    });
    return h("div", { class: "ratings", id: "ratings" }, h("span", { class: "muted", text: `${t("rating.change")}: ` }), ...parts);
  }

  function renderInfo(s) {
    const room = page.room || {};
    $("info-rules").textContent = t(`rules.${s.rules || room.rules || "xiangqiplay"}`);
    $("info-tc").textContent = tcText(room.time_control || (s.clocks ? { kind: s.clocks.kind } : null));
    $("info-rated").textContent = t(eventGame(page) ? "rated.event" : s.rated ? "rated.yes" : "rated.no");
    $("spectators").textContent = t("spectators", { n: s.spectators || 0 });
    $("spectators").dataset.count = String(s.spectators || 0);
    $("role").textContent = page.role === "spectator" ? t("spectating") : t("role.you", { color: colorName(page.role) });
    // Only while a seat is free: once both are taken, and after the game, it is noise.
    $("invite-card").hidden = aiGame(s) || s.status !== "waiting";
  }

  /** The connection's state: the chip, ``body[data-connected]`` and the board's input. */
  function renderStatus() {
    const up = page.connected;
    const c = $("conn");
    c.className = `conn ${up ? "ok" : "down"}`;
    c.textContent = t(up ? "conn.ok" : "conn.down");
    document.body.dataset.connected = up ? "1" : "0";
    render(); // offline: the board takes no moves until the server is back
  }

  /** Everything, after the language changed too. */
  function renderAll() {
    translate();
    $("room-code").textContent = page.code;
    $("invite-link").value = `${location.origin}/room/${page.code}`;
    $("notation").value = notation();
    renderStatus();
  }

  /** A refusal or a lost connection, shown for six seconds. */
  function showError(message) {
    page.error = message;
    clearTimeout(page.errorTimer);
    page.errorTimer = setTimeout(() => { page.error = null; renderBanners(); }, 6000);
    renderBanners();
  }

  return { render, renderBanners, renderStatus, renderAll, showError };
}
