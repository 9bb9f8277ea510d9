// The WebSocket protocol as the pages speak it (docs/web-protocol.md §4 and §7): the
// frames a page may send, each with its fields in order, and the frames it may receive.
// Pages never write a frame by hand: they call a named sender (``send.move(iccs, ply)``)
// and give a handler per frame type (``{ state(f) {…}, chat(f) {…} }``). The tables are
// kept in step with the server's schema (``GET /api/protocol.json``) by
// tests/server/e2e/test_protocol_frames.py.

/** Room socket, client → server: type → its fields, in the sender's argument order. */
export const ROOM_CLIENT = {
  hello: ["secret", "lang", "deltas"],
  move: ["move", "ply"],
  offer_draw: [],
  accept_draw: [],
  decline_draw: [],
  resign: [],
  abort: [],
  takeback: [],
  takeback_answer: ["accept"],
  rematch: [],
  chat: ["text"],
  ping: [],
  sync: [],
};

/** Room socket, server → client. */
export const ROOM_SERVER = ["welcome", "state", "moved", "chat", "event", "pong", "error"];

/** Lobby socket, client → server. */
export const LOBBY_CLIENT = {
  hello: ["lang", "deltas"],
  ping: [],
  sync: [],
};

/** Lobby socket, server → client. */
export const LOBBY_SERVER = ["lobby", "lobby_delta", "paired", "round_open", "pong", "error"];

/** The analysis board's engine socket (``/ws/analysis``), client → server. No hello: the
 * handshake's cookies say who asks; each ``analyse`` gets its frame id (``sendFrame``),
 * echoed as ``id`` in every frame about its search. */
export const ANALYSIS_CLIENT = {
  analyse: ["fen", "moves", "multipv"],
  stop: [],
  ping: [],
};

/** Analysis socket, server → client. */
export const ANALYSIS_SERVER = ["eval", "done", "pong", "error"];

/** The rating categories, fastest first (the leaderboard's ``category``, a profile's ratings). */
export const CATEGORIES = ["bullet", "blitz", "rapid", "classical"];

const camel = (type) => type.replace(/_(\w)/g, (_, c) => c.toUpperCase());

/**
 * One function per frame of ``table`` that builds it from positional arguments, named in
 * camelCase: ``frames(ROOM_CLIENT).takebackAnswer(true)`` is
 * ``{type: "takeback_answer", accept: true}``. A field given as null or undefined is left
 * out (the server's defaults apply: no ``secret`` is a spectator's hello).
 */
export function frames(table) {
  const out = {};
  for (const [type, fields] of Object.entries(table)) {
    out[camel(type)] = (...args) => {
      const frame = { type };
      fields.forEach((name, i) => { if (args[i] !== null && args[i] !== undefined) frame[name] = args[i]; });
      return frame;
    };
  }
  return out;
}

/**
 * The same functions, each sending its frame with ``socket.sendFrame``; each returns the frame's id
 * (an error frame about it carries it as ``ref``), or null when the socket is down.
 */
export function senders(socket, table) {
  const out = {};
  for (const [name, build] of Object.entries(frames(table))) out[name] = (...args) => socket.sendFrame(build(...args));
  return out;
}

/**
 * A function that hands each received frame to ``handlers[frame.type]``; frames without
 * a handler are ignored. A handler for a type not in ``types`` is a typo: refused here,
 * at once, rather than never called.
 */
export function dispatcher(types, handlers) {
  const unknown = Object.keys(handlers).filter((k) => !types.includes(k));
  if (unknown.length) throw new Error(`no such frame type: ${unknown.join(", ")}`);
  return (frame) => {
    const handle = Object.hasOwn(handlers, frame.type) ? handlers[frame.type] : null;
    if (handle) handle(frame);
  };
}
