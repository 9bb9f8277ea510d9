// One WebSocket per room, reconnecting with exponential backoff. Each (re)connect
// starts with ``hello`` and the server answers with ``welcome`` and a full
// ``state``, so the page simply re-renders from that snapshot.

export class RoomSocket {
  /**
   * @param {string} code room code
   * @param {{hello: () => object, onFrame: (f: object) => void, onStatus: (up: boolean) => void}} opts
   */
  constructor(code, opts) {
    this.code = code;
    this.opts = opts;
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

  get url() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    return `${proto}//${location.host}/ws/rooms/${encodeURIComponent(this.code)}`;
  }

  connect() {
    if (this.closed) return;
    clearTimeout(this.timer);
    let ws;
    try { ws = new WebSocket(this.url); } catch { this.#retry(); return; }
    this.ws = ws;
    ws.addEventListener("open", () => {
      this.attempt = 0;
      this.send(this.opts.hello());
      this.opts.onStatus(true);
      clearInterval(this.pinger);
      this.pinger = setInterval(() => this.send({ type: "ping" }), 25_000);
    });
    ws.addEventListener("message", (e) => {
      let frame;
      try { frame = JSON.parse(e.data); } catch { return; }
      if (frame && typeof frame === "object") this.opts.onFrame(frame);
    });
    ws.addEventListener("close", () => {
      if (this.ws !== ws) return;
      this.ws = null;
      clearInterval(this.pinger);
      this.opts.onStatus(false);
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

  /** Send a frame; returns its id (for matching an error's ``ref``), or null if offline. */
  send(frame) {
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

/** The lobby's socket (/ws/lobby): the same reconnection and hello, other frames. */
export class LobbySocket extends RoomSocket {
  constructor(opts) { super("", opts); }

  get url() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    return `${proto}//${location.host}/ws/lobby`;
  }
}
