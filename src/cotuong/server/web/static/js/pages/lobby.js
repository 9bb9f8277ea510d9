// The lobby (/): quick pairing by time control, open challenges, live games to watch,
// who is online and the leaderboards (pushed over the lobby socket); play the computer,
// create a room for a friend, join by code, and the list of my games. Its parts:
// lobby/seeks.js (quick pairing, challenges), lobby/lists.js (what is listed beside),
// lobby/forms.js (the forms); this module keeps the state and wires them.

import { api } from "../lib/api.js";
import { byId } from "../lib/dom.js";
import { translate } from "../lib/i18n.js";
import { lobbySocket } from "../lib/socket.js";
import { pref } from "../lib/store.js";
import { currentUser, topbar } from "../ui/topbar.js";
import { renderForms, wireForms } from "./lobby/forms.js";
import { renderHistory, renderLeaderboard, renderLive, renderOnline } from "./lobby/lists.js";
import { applyLobbyDelta } from "./lobby/delta.js";
import { roundOpened } from "./lobby/notices.js";
import { addMine, cancelSeek, goToRoom, renderQuick, renderSeeks } from "./lobby/seeks.js";

const lobby = {
  quick: [],                                 // the server's quick-pairing presets
  frame: null,                               // the latest ``lobby`` frame
  mine: new Set(pref("my-seeks", [])),       // ids of the challenges I opened
  seeking: null,                             // {id, label} while a quick pairing waits
  user: null,                                // my account, or null for a guest
  board: "blitz",                            // the leaderboard's category
};

/** What the lobby socket pushes, by frame type. */
const handlers = {
  lobby(f) {
    lobby.frame = f;
    renderSeeks(lobby);
    renderLive(f);
    renderOnline(f);
  },
  // What changed since the frame we have; out of step (a missed version): the snapshot.
  lobby_delta(d) {
    const f = applyLobbyDelta(lobby.frame, d);
    if (f) handlers.lobby(f);
    else if (socket) socket.send.sync();
  },
  // A seek of mine was taken (or matched): my seat in the new room.
  paired(f) { goToRoom(f); },
  // A tournament round of mine has opened: my board, with the button to my seat.
  round_open(f) { roundOpened(f); },
};

function render() {
  translate();
  renderForms();
  renderQuick(lobby);
  renderSeeks(lobby);
  renderLive(lobby.frame);
  renderOnline(lobby.frame);
  renderLeaderboard(lobby);
  renderHistory();
}

let socket = null;
let myName = null;

/** After a log-in, log-out or new display name: redraw, and if the name others see
 * changed, reopen the lobby socket (it carries the name it was opened with), so the
 * online list shows the new one at once, here and in every other lobby. */
async function accountChanged() {
  const me = await currentUser();
  lobby.user = me.user;
  const name = me.user ? me.user.username : me.name;
  if (socket && name !== myName) socket.drop();
  myName = name;
  render();
}

async function boot() {
  await topbar(accountChanged);
  const me = await currentUser();
  lobby.user = me.user;
  myName = me.user ? me.user.username : me.name;
  wireForms({ onSeek: (id) => addMine(lobby, id) });
  byId("btn-stop-seeking").addEventListener("click", () => { if (lobby.seeking) cancelSeek(lobby, lobby.seeking.id); });
  render();
  socket = lobbySocket({ handlers, onStatus: (up) => { document.body.dataset.connected = up ? "1" : "0"; } });
  try {
    lobby.quick = (await api("GET", "/api/lobby/quick")).presets;
  } catch (e) {
    byId("quick-error").textContent = e.message;
  }
  renderQuick(lobby);
  window.cotuong = { lobby, socket };
}

boot();
