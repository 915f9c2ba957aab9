// Talking to the server: the HTTP API and the game's WebSocket, which
// reconnects by itself (backing off up to 10 s) and asks only for what it
// missed (`since`: the log entries new since the last state it holds).
import { currentLang } from "./i18n.js";

export class ApiError extends Error {
  constructor(status, body) {
    super(body && body.detail ? body.detail : `HTTP ${status}`);
    this.status = status;
    this.code = body && body.error;
    this.body = body;
  }
}

/** Call the API; resolves to the JSON answer or rejects with an ApiError. */
export async function api(method, path, body, token) {
  const headers = { "Accept-Language": currentLang() };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  let response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (err) {
    throw new ApiError(0, { error: "offline", detail: String(err) });
  }
  let data = null;
  try { data = await response.json(); } catch { data = null; }
  if (!response.ok) throw new ApiError(response.status, data);
  return data;
}

/**
 * The game's WebSocket. `handlers.state(msg)` gets every state, with the
 * log already merged (`msg.fullLog`, `msg.fullText`); `handlers.status(s)`
 * gets "connecting", "open", "lost" or "closed" (with the close reason).
 */
export class Connection {
  constructor(gameId, token, lang, handlers) {
    this.gameId = gameId;
    this.token = token;
    this.lang = lang;
    this.handlers = handlers;
    this.ply = null;
    this.log = [];
    this.logText = [];
    this.waiting = new Map();
    this.nextRef = 1;
    this.retry = 0;
    this.stopped = false;
    this.ws = null;
  }

  open() {
    this.stopped = false;
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const params = new URLSearchParams({ lang: this.lang });
    if (this.ply !== null) params.set("since", String(this.ply));
    const ws = new WebSocket(`${proto}://${location.host}/ws/games/${encodeURIComponent(this.gameId)}?${params}`);
    this.ws = ws;
    this.handlers.status("connecting");
    ws.onopen = () => {
      // The token goes in the first message, never in the address (logs, history).
      ws.send(JSON.stringify({ token: this.token || null }));
    };
    ws.onmessage = (ev) => this.receive(JSON.parse(ev.data));
    ws.onclose = (ev) => {
      for (const [, w] of this.waiting) w.reject(new Error("connection lost"));
      this.waiting.clear();
      if (this.ws !== ws) return;
      if (this.stopped || ev.code === 4401 || ev.code === 4404) {
        this.handlers.status("closed", ev.code);
        return;
      }
      this.handlers.status("lost");
      const delay = Math.min(10000, 500 * 2 ** this.retry++);
      this.timer = setTimeout(() => this.open(), delay);
    };
  }

  receive(msg) {
    if (msg.type === "state") {
      this.retry = 0;
      this.handlers.status("open");
      const start = msg.log.start;
      this.log = this.log.slice(0, start).concat(msg.log.entries);
      if (msg.text) this.logText = this.logText.slice(0, start).concat(msg.text.log);
      this.ply = msg.ply;
      msg.fullLog = this.log;
      msg.fullText = this.logText;
      this.handlers.state(msg);
    } else if (msg.type === "ack" || msg.type === "error") {
      const w = this.waiting.get(msg.ref);
      if (w) {
        this.waiting.delete(msg.ref);
        if (msg.type === "ack") w.resolve(msg);
        else w.reject(new ApiError(msg.status, msg));
      } else if (msg.type === "error") {
        this.handlers.error(new ApiError(msg.status, msg));
      }
    }
  }

  /** Send a message; resolves on the server's ack, rejects on its error. */
  send(message) {
    return new Promise((resolve, reject) => {
      if (!this.ws || this.ws.readyState !== WebSocket.OPEN) {
        reject(new ApiError(0, { error: "offline", detail: "" }));
        return;
      }
      const ref = this.nextRef++;
      this.waiting.set(ref, { resolve, reject });
      this.ws.send(JSON.stringify({ ...message, ref }));
    });
  }

  act(action) {
    return this.send({ action, ply: this.ply });
  }

  undo() {
    return this.send({ undo: true, ply: this.ply });
  }

  /** Switch the language: the server sends the whole log again in it. */
  setLang(lang) {
    this.lang = lang;
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      return this.send({ lang }).catch(() => {});
    }
    return Promise.resolve();
  }

  close() {
    this.stopped = true;
    clearTimeout(this.timer);
    if (this.ws) this.ws.close();
  }
}
