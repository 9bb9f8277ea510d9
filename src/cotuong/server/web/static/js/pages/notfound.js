// The "no such page" page: the server sends it (status 404) for any address with no page,
// in the reader's language, with the top bar and the way back to the lobby.
import { t, translate } from "../lib/i18n.js";
import { topbar } from "../ui/topbar.js";

function render() {
  translate();
  document.title = `${t("app.title")} — ${t("page.notfound")}`;
}

render();
topbar(render);
