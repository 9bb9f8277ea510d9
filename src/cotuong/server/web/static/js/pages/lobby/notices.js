// The lobby's private notices beside the seeks: a tournament round of mine has opened
// (the ``round_open`` frame): a banner at the top with my board and the button that
// takes me to my seat, until I open it or close the banner.

import { h } from "../../lib/dom.js";
import { lang, t } from "../../lib/i18n.js";

/** Show (or replace) the banner of the round that has just opened. */
export function roundOpened(f) {
  const id = `round-open-${f.tournament_id}`;
  const old = document.getElementById(id);
  if (old) old.remove();
  const banner = h("div", { class: "banner invited round-open", id, role: "status",
    "data-room": f.room, "data-round": f.round },
    h("span", { class: "grow", text: f.texts[lang()] || f.texts.vi }),
    h("a", { class: "btn small", href: f.page_url, text: t("lobby.round.page") }),
    h("a", { class: "btn primary", id: "round-open-enter", href: `/room/${encodeURIComponent(f.room)}`,
      text: t("lobby.round.enter") }),
    h("button", { class: "btn small", type: "button", text: "×", "aria-label": t("lobby.round.close"),
      onclick: () => banner.remove() }));
  const main = document.querySelector("main");
  main.insertBefore(banner, main.querySelector(".grid-cards"));
}
