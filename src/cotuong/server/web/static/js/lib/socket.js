// A WebSocket that keeps itself connected: exponential backoff with jitter, at once when
// the tab comes back or the network returns, a ping every 25 s. Each (re)connect starts
// with ``hello`` and the server answers with a full snapshot (``state`` or ``lobby``), so
// a page simply re-renders from it; between snapshots the pages apply the deltas their
// ``hello`` asks for (``moved``, ``lobby_delta``) and send ``sync`` when one does not follow. What is said on it is the protocol's
// (``protocol.js``): ``socket.send.<frame>(…)`` out, one handler per frame type in.

import { lang } from "./i18n.js";
import { ANALYSIS_CLIENT, ANALYSIS_SERVER, LOBBY_CLIENT, LOBBY_SERVER, ROOM_CLIENT, ROOM_SERVER, dispatcher, frames, senders } from "./protocol.js";

const PING_MS = 25_000;

export class Socket {
  /**
   * @param {string} url  a path on this server ("/ws/lobby") or a full ws(s):// URL
   * @param {{client: Object<string, string[]>, server: string[],
   *          hello: (frames: object) => object,
   *          handlers: Object<string, (frame: object) => void>,
   *          onStatus?: (up: boolean) => void}} opts
   *   ``client``/``server``: the protocol's tables; ``hello`` builds the first frame of
   *   every connection from the frame builders; ``handlers``: one per received type.
   */
  constructor(url, opts) {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    this.url = /^wss?:/.test(url) ? url : `${proto}//${location.host}${url}`;
    this.hello = () => opts.hello(frames(opts.client));
    this.onFrame = dispatcher(opts.server, opts.handlers);
    this.onStatus = opts.onStatus || (() => {});
    /** The named senders: ``socket.send.move("h2e2", 0)``; each returns the frame id or null. */
    this.send = senders(this, opts.client);
    this.ws = null;
    this.attempt = 0;
    this.closed = false;
    this.nextId = 1;
    this.timer = null;
    this.pinger = null;
    this.connect();
    // A phone waking up or a tab coming back: reconnect at once instead of waiting.
    window.addEventListener("online", () => this.#soon());
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") this.#soon();
    });
  }

  connect() {
    if (this.closed) return;
    clearTimeout(this.timer);
    let ws;
    try { ws = new WebSocket(this.url); } catch { this.#retry(); return; }
    this.ws = ws;
    ws.addEventListener("open", () => {
      this.attempt = 0;
      const hello = this.hello();   // null: a socket without one (the analysis engine's)
      if (hello) this.sendFrame(hello);
      this.onStatus(true);
      clearInterval(this.pinger);
      this.pinger = setInterval(() => this.send.ping(), PING_MS);
    });
    ws.addEventListener("message", (e) => {
      let frame;
      try { frame = JSON.parse(e.data); } catch { return; }
      if (frame && typeof frame === "object") this.onFrame(frame);
    });
    ws.addEventListener("close", () => {
      if (this.ws !== ws) return;
      this.ws = null;
      clearInterval(this.pinger);
      this.onStatus(false);
      this.#retry();
    });
    ws.addEventListener("error", () => { try { ws.close(); } catch { /* closing */ } });
  }

  #retry() {
    if (this.closed) return;
    // 0.5 s, 1 s, 2 s … up to 10 s, with jitter so a restarted server is not hit by
    // every client in the same millisecond.
    const base = Math.min(10_000, 500 * 2 ** this.attempt);
    this.attempt += 1;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.connect(), base * (0.75 + Math.random() * 0.5));
  }

  #soon() {
    if (this.closed || (this.ws && this.ws.readyState <= 1)) return;
    this.attempt = 0;
    this.connect();
  }

  /** Send a frame built by the protocol; its id (for an error's ``ref``), or null if offline. */
  sendFrame(frame) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return null;
    const id = frame.id ?? this.nextId++;
    this.ws.send(JSON.stringify({ ...frame, id }));
    return id;
  }

  /** Drop the current connection (the reconnect logic takes over). */
  drop() { if (this.ws) this.ws.close(); }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
    clearInterval(this.pinger);
    if (this.ws) this.ws.close();
  }
}

/**
 * A room's socket (``/ws/rooms/{code}``); ``secret()`` gives the seat secret to present
 * (null: watch as a spectator), read again at every reconnect.
 */
export function roomSocket(code, { secret, handlers, onStatus }) {
  return new Socket(`/ws/rooms/${encodeURIComponent(code)}`, { client: ROOM_CLIENT, server: ROOM_SERVER,
    hello: (f) => f.hello(secret(), lang(), true), handlers, onStatus });
}

/** The lobby's socket (``/ws/lobby``): the player is known by the handshake's cookies. */
export function lobbySocket({ handlers, onStatus }) {
  return new Socket("/ws/lobby", { client: LOBBY_CLIENT, server: LOBBY_SERVER,
    hello: (f) => f.hello(lang(), true), handlers, onStatus });
}

/** The analysis board's engine socket (``/ws/analysis``): no hello, the person is known by
 * the handshake's cookies. */
export function analysisSocket({ handlers, onStatus }) {
  return new Socket("/ws/analysis", { client: ANALYSIS_CLIENT, server: ANALYSIS_SERVER,
    hello: () => null, handlers, onStatus });
}
