// Modal dialogs (the browser's <dialog>): a yes/no question, and a form whose answer
// goes to the server.

import { h } from "../lib/dom.js";
import { t } from "../lib/i18n.js";

/** A modal yes/no question; resolves true when confirmed. ``id`` names it ``#dlg-<id>``. */
export function confirmDialog(question, { yes = t("btn.confirm"), no = t("btn.cancel"), id = "confirm" } = {}) {
  return new Promise((resolve) => {
    const dlg = h("dialog", { id: `dlg-${id}`, class: "confirm" },
      h("h3", { text: question }),
      h("div", { class: "row" },
        h("button", { class: "btn", "data-answer": "no", type: "button", text: no }),
        h("button", { class: "btn primary", "data-answer": "yes", type: "button", text: yes })));
    const done = (answer) => { dlg.close(); dlg.remove(); resolve(answer); };
    dlg.addEventListener("click", (e) => {
      const b = e.target.closest("button");
      if (b) done(b.dataset.answer === "yes");
    });
    dlg.addEventListener("cancel", (e) => { e.preventDefault(); done(false); });
    document.body.append(dlg);
    dlg.showModal();
  });
}

/**
 * Show ``dlg``; on submitting ``form`` run ``send`` — its error goes in ``err``, success
 * closes the dialog and calls ``onDone``. The dialog is removed once closed.
 */
export function formDialog(dlg, form, err, send, onDone) {
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    err.textContent = "";
    try {
      await send();
      dlg.close();
      onDone();
    } catch (ex) {
      err.textContent = ex.message;
    }
  });
  dlg.addEventListener("close", () => dlg.remove());
  document.body.append(dlg);
  dlg.showModal();
}
