// The room page's state: the latest snapshot from the server and what this browser
// adds to it (my role, the ply I am looking at, the board's orientation, a refusal to
// show). Everything here is read from the snapshot; nothing is decided by the page.

/** The room code of this page's URL (/room/{code}). */
export function roomCode() {
  return decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] || "").toUpperCase();
}

/** A fresh page state for room ``code``. */
export function newPage(code) {
  return {
    code,
    state: null,        // latest state frame
    role: "spectator",  // red | black | spectator
    slot: null,
    room: null,         // RoomView from REST
    viewPly: null,      // null = live; else the ply shown while stepping through
    flipped: null,      // null = follow my colour
    error: null,        // a refusal's reason, until the next move or six seconds
    errorTimer: null,
    notice: null,       // a passing notice {id, key (text), until (ply), game}: my draw offer was declined
    offset: 0,          // server clock minus client clock (ms), for deadlines
    connected: false,
  };
}

/** My colour, or null for a spectator. */
export function myColor(page) { return page.role === "red" || page.role === "black" ? page.role : null; }

/** The colour drawn at the bottom of the board: mine, unless the user flipped it. */
export function bottomColor(page) {
  if (page.flipped !== null) return page.flipped ? "black" : "red";
  return myColor(page) === "black" ? "black" : "red";
}

/** The game of snapshot ``s`` has ended (with a result or aborted). */
export function isOver(s) { return !!s.outcome || s.status === "finished" || s.status === "aborted"; }

/** It is my move in a game in play. */
export function myTurn(page) {
  const s = page.state, mine = myColor(page);
  return !!s && !!mine && mine === s.turn && s.status === "playing" && !isOver(s);
}

/** The colour that lost on time (its clock then reads zero), or null. */
export function flaggedColor(s) {
  const o = s.outcome;
  if (!o || o.termination !== "TIME_FORFEIT" || !o.winner) return null;
  return o.winner === "red" ? "black" : "red";
}

/** A game against the computer (offers go unanswered there). */
export function aiGame(s) { return Object.values(s.players || {}).some((p) => p && p.ai_level); }

/** A tournament's board: no takeback, abort or rematch. */
export function eventGame(page) { return Boolean(page.room && page.room.opponent === "event"); }

/** Who made a pending offer or request (the snapshot gives a colour). */
export function offerBy(x) {
  if (!x) return null;
  if (typeof x === "string") return x;
  return x.color || x.by || x.from || null;
}

/**
 * Apply a ``state`` frame: my colour follows my slot (a rematch swaps colours), and a new
 * game (rematch) returns the view to the live position. Returns the sounds the change
 * calls for, in order ("move" or "check", then "end").
 */
export function takeState(page, f) {
  const prev = page.state;
  page.state = f;
  if (page.slot) {
    for (const c of ["red", "black"]) {
      if (f.players && f.players[c] && f.players[c].slot === page.slot) page.role = c;
    }
  }
  if (f.clocks && typeof f.clocks.server_time_ms === "number") page.offset = f.clocks.server_time_ms - Date.now();
  if (prev && prev.game_id !== f.game_id) page.viewPly = null;
  // A move was played (or taken back): a refused move's reason and a passing notice are
  // about the position before it, and no longer true.
  if (prev && (f.ply !== prev.ply || f.game_id !== prev.game_id)) page.error = null;
  if (page.notice && (f.ply > page.notice.until || f.game_id !== page.notice.game)) page.notice = null;
  // My draw offer is gone from a game still on: declined, with the button or by playing on
  // (which sends no event). Said until the opponent's next move.
  const mine = myColor(page);
  if (prev && mine && prev.game_id === f.game_id && offerBy(prev.draw_offer) === mine
      && !offerBy(f.draw_offer) && !f.outcome) {
    page.notice = { id: "draw-declined", key: "offer.draw.declined", until: f.ply + 1, game: f.game_id };
  }
  const sounds = [];
  if (prev && f.ply > prev.ply) sounds.push(f.check ? "check" : "move");
  if (prev && !prev.outcome && f.outcome) sounds.push("end");
  return sounds;
}

/**
 * The state after a ``moved`` frame ``f`` (docs/web-protocol.md §4.2): the move and its
 * texts appended, the other fields taken from ``f``; null when ``f`` does not follow
 * ``state`` (another game, or a ply missed): then the page asks for the whole state.
 */
export function applyMoved(state, f) {
  if (!state || state.game_id !== f.game_id || f.ply !== state.ply + 1) return null;
  const { type, move, texts, ...fields } = f;
  const moveTexts = {};
  for (const [n, list] of Object.entries(state.move_texts || {})) moveTexts[n] = [...list, texts[n]];
  return { ...state, ...fields, moves: [...state.moves, move], move_texts: moveTexts };
}
