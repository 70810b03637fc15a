// One WebSocket to one campaign that survives the network: it reconnects by
// itself with exponential backoff, asks for `sync` from the last seq the
// table applied on every (re)connect, and holds what the player sends while
// offline until the socket is back. Request ids make a resend harmless.
// A socket silent for a few minutes is asked for a sync (a heartbeat, which
// also keeps API Gateway from closing it as idle); one that does not answer
// is dead, however "open" the browser thinks it is, and is replaced.
import type { ClientMessage, ServerMessage } from "./protocol";

export type LinkState = "connecting" | "online" | "offline";

/** Backoff is the delay before each reconnect: doubling, capped, with jitter. */
export class Backoff {
  private attempt = 0;
  constructor(
    private readonly baseMs = 500,
    private readonly maxMs = 15000,
    private readonly random: () => number = Math.random,
  ) {}
  /** next returns the delay before the next try and counts it. */
  next(): number {
    const ceiling = Math.min(this.maxMs, this.baseMs * 2 ** this.attempt);
    this.attempt++;
    // Between half and all of the ceiling, so a table of clients cut off
    // together does not come back in one burst.
    return Math.round(ceiling / 2 + (this.random() * ceiling) / 2);
  }
  reset(): void { this.attempt = 0; }
}

/** The parts of the browser the connection uses, injectable for tests. */
export interface SocketLike {
  readyState: number;
  onopen: ((ev: unknown) => void) | null;
  onclose: ((ev: unknown) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  send(data: string): void;
  close(): void;
}

export interface ConnectionOptions {
  /** the URL to dial; a promise when it must be fetched first (a connect ticket) */
  url: () => string | Promise<string>;
  /** the seq to sync from: the last campaign event the table applied */
  lastSeq: () => number;
  onMessage: (m: ServerMessage) => void;
  onState: (s: LinkState) => void;
  /** runs after each (re)connect, once sync has been asked for */
  onOpen?: (reconnect: boolean) => void;
  open?: (url: string) => SocketLike;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (t: unknown) => void;
  backoff?: Backoff;
  /** silence before a heartbeat (default HEARTBEAT_MS) */
  heartbeatMs?: number;
  /** how long a heartbeat may go unanswered (default ANSWER_MS) */
  answerMs?: number;
  /** request ids for heartbeats */
  newId?: () => string;
}

const OPEN = 1;

/** A heartbeat after this much silence: well inside API Gateway's 10-minute idle timeout. */
export const HEARTBEAT_MS = 3 * 60 * 1000;
/** A socket that says nothing this long after a heartbeat is dead. */
export const ANSWER_MS = 10 * 1000;

export class Connection {
  private sock: SocketLike | null = null;
  private timer: unknown = null;
  /** the heartbeat's timer: a heartbeat due, or its answer awaited */
  private beat: unknown = null;
  private closed = false;
  private opened = false;
  /** the dial waiting for its URL, if one is */
  private pending: object | null = null;
  private outbox: string[] = [];
  private readonly backoff: Backoff;
  state: LinkState = "connecting";

  constructor(private readonly o: ConnectionOptions) {
    this.backoff = o.backoff ?? new Backoff();
  }

  start(): void {
    this.closed = false;
    this.dial();
  }

  /** reconnectNow skips the wait (the browser says the network is back). */
  reconnectNow(): void {
    if (this.closed || this.state === "online" || this.pending) return;
    if (this.timer !== null) (this.o.clearTimer ?? clearTimeout)(this.timer as ReturnType<typeof setTimeout>);
    this.timer = null;
    this.dial();
  }

  /** send delivers now, or when the socket is back. */
  send(m: ClientMessage): void {
    const data = JSON.stringify(m);
    if (this.sock && this.sock.readyState === OPEN && this.state === "online") this.sock.send(data);
    else this.outbox.push(data);
  }

  /** stop closes for good: no reconnect. */
  stop(): void {
    this.closed = true;
    this.pending = null;
    if (this.timer !== null) (this.o.clearTimer ?? clearTimeout)(this.timer as ReturnType<typeof setTimeout>);
    this.timer = null;
    this.quiet();
    const s = this.sock;
    this.sock = null;
    if (s) s.close();
  }

  private set(s: LinkState): void {
    if (this.state === s) return;
    this.state = s;
    this.o.onState(s);
  }

  private dial(): void {
    let url: string | Promise<string>;
    try {
      url = this.o.url();
    } catch {
      this.retry();
      return;
    }
    if (typeof url === "string") {
      this.dialTo(url);
      return;
    }
    // A URL still to be fetched: nothing else dials meanwhile.
    const attempt = {};
    this.pending = attempt;
    url.then(
      (u) => { if (this.pending === attempt) { this.pending = null; if (!this.closed) this.dialTo(u); } },
      () => { if (this.pending === attempt) { this.pending = null; this.retry(); } },
    );
  }

  private dialTo(url: string): void {
    const open = this.o.open ?? ((u: string) => new WebSocket(u) as unknown as SocketLike);
    let sock: SocketLike;
    try {
      sock = open(url);
    } catch {
      this.retry();
      return;
    }
    this.sock = sock;
    sock.onopen = () => {
      if (this.sock !== sock) return;
      this.backoff.reset();
      this.listen(sock);
      this.set("online");
      sock.send(JSON.stringify({ action: "sync", after_seq: this.o.lastSeq() }));
      const reconnect = this.opened;
      this.opened = true;
      this.o.onOpen?.(reconnect);
      const held = this.outbox;
      this.outbox = [];
      for (const data of held) sock.send(data);
    };
    sock.onmessage = (ev) => {
      if (this.sock !== sock) return;
      this.listen(sock); // any message says the socket is alive
      let m: ServerMessage;
      try {
        m = JSON.parse(String(ev.data));
      } catch {
        return;
      }
      this.o.onMessage(m);
      // The server no longer takes this socket's messages (its binding
      // ended: the player signed out everywhere, or was removed). A new
      // socket, with a new ticket, is the way back, or the ticket's
      // refusal says why there is none.
      if (m.type === "error" && m.code === "unauthorized" && this.sock === sock) this.drop(sock);
    };
    sock.onerror = () => { /* onclose follows */ };
    sock.onclose = () => {
      if (this.sock !== sock) return;
      this.sock = null;
      this.quiet();
      this.retry();
    };
  }

  /** drop gives up on sock and dials again after the backoff's wait. */
  private drop(sock: SocketLike): void {
    this.sock = null; // its close, when it comes, is no news
    this.quiet();
    try { sock.close(); } catch { /* already gone */ }
    this.retry();
  }

  private after(fn: () => void, ms: number): unknown {
    return (this.o.setTimer ?? setTimeout)(fn, ms);
  }

  /** quiet stops the heartbeat. */
  private quiet(): void {
    if (this.beat !== null) (this.o.clearTimer ?? clearTimeout)(this.beat as ReturnType<typeof setTimeout>);
    this.beat = null;
  }

  /**
   * listen (re)starts the wait for silence on sock: when it has said
   * nothing for heartbeatMs, ask for a sync (its reply is framed by
   * sync.begin and sync.done, and is empty when nothing was missed);
   * when that gets no answer either, the socket is dead.
   */
  private listen(sock: SocketLike): void {
    this.quiet();
    this.beat = this.after(() => {
      this.beat = null;
      if (this.sock !== sock || this.closed) return;
      const id = this.o.newId ? this.o.newId() : crypto.randomUUID();
      try {
        sock.send(JSON.stringify({ action: "sync", request_id: id, after_seq: this.o.lastSeq() }));
      } catch { /* a dead socket may throw; the answer's wait says so */ }
      this.beat = this.after(() => {
        this.beat = null;
        if (this.sock !== sock || this.closed) return;
        this.sock = null; // its close, if it ever comes, is no news
        try { sock.close(); } catch { /* already gone */ }
        this.retry();
      }, this.o.answerMs ?? ANSWER_MS);
    }, this.o.heartbeatMs ?? HEARTBEAT_MS);
  }

  private retry(): void {
    if (this.closed) return;
    this.set("offline");
    const ms = this.backoff.next();
    this.timer = (this.o.setTimer ?? setTimeout)(() => {
      this.timer = null;
      if (!this.closed) {
        this.set("connecting");
        this.dial();
      }
    }, ms);
  }
}
