import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { ANSWER_MS, Backoff, Connection, HEARTBEAT_MS, type LinkState, type SocketLike } from "./conn";
import type { ServerMessage } from "./protocol";

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: unknown[] = [];
  onopen: ((ev: unknown) => void) | null = null;
  onclose: ((ev: unknown) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  constructor(readonly url: string) {}
  send(data: string) { this.sent.push(JSON.parse(data)); }
  closed = false;
  close() { this.closed = true; this.drop(); }
  open() { this.readyState = 1; this.onopen?.({}); }
  drop() { this.readyState = 3; this.onclose?.({}); }
  receive(m: ServerMessage) { this.onmessage?.({ data: JSON.stringify(m) }); }
}

// harness runs a Connection on fake sockets and a fake clock: timers fire
// when the test moves the clock (advance) or asks for the next one (fire).
function harness(lastSeq: () => number) {
  const sockets: FakeSocket[] = [];
  let now = 0;
  let ids = 0;
  let beats = 0;
  const timers: { id: number; due: number; fn: () => void; ms: number }[] = [];
  const states: LinkState[] = [];
  const got: ServerMessage[] = [];
  const opens: boolean[] = [];
  const conn = new Connection({
    url: () => "ws://table/ws?campaign=c1",
    lastSeq,
    onMessage: (m) => got.push(m),
    onState: (s) => states.push(s),
    onOpen: (re) => opens.push(re),
    open: (u) => { const s = new FakeSocket(u); sockets.push(s); return s; },
    setTimer: (fn, ms) => { timers.push({ id: ++ids, due: now + ms, fn, ms }); return ids; },
    clearTimer: (id) => { const i = timers.findIndex((t) => t.id === id); if (i >= 0) timers.splice(i, 1); },
    backoff: new Backoff(500, 8000, () => 1),
    newId: () => `hb${++beats}`,
  });
  const next = () => timers.reduce<(typeof timers)[number] | undefined>((a, t) => (!a || t.due < a.due ? t : a), undefined);
  const run = (t: (typeof timers)[number]) => { timers.splice(timers.indexOf(t), 1); now = Math.max(now, t.due); t.fn(); };
  const fire = () => { const t = next(); assert.ok(t, "a timer is set"); run(t); return t.ms; };
  const advance = (ms: number) => {
    const until = now + ms;
    for (let t = next(); t && t.due <= until; t = next()) run(t);
    now = until;
  };
  return { conn, sockets, timers, states, got, opens, fire, advance };
}

describe("Backoff", () => {
  it("DoublesUpToItsCeiling", () => {
    const b = new Backoff(500, 4000, () => 1);
    assert.deepEqual([b.next(), b.next(), b.next(), b.next(), b.next()], [500, 1000, 2000, 4000, 4000]);
    b.reset();
    assert.equal(b.next(), 500);
  });

  it("SpreadsClientsBetweenHalfAndAllOfTheDelay", () => {
    assert.equal(new Backoff(1000, 8000, () => 0).next(), 500);
    assert.equal(new Backoff(1000, 8000, () => 0.5).next(), 750);
  });
});

describe("Connection", () => {
  it("SyncsFromTheLastSeqSeenOnEveryConnect", () => {
    let seq = 4;
    const h = harness(() => seq);
    h.conn.start();
    h.sockets[0].open();
    assert.deepEqual(h.sockets[0].sent, [{ action: "sync", after_seq: 4 }]);
    h.sockets[0].receive({ type: "presence", seq: 5, character_id: "mira", state: "present" });
    assert.equal(h.got.length, 1);
    seq = 9;
    h.sockets[0].drop();
    assert.equal(h.conn.state, "offline");
    h.fire();
    h.sockets[1].open();
    assert.deepEqual(h.sockets[1].sent, [{ action: "sync", after_seq: 9 }]);
    assert.deepEqual(h.opens, [false, true]);
    assert.deepEqual(h.states, ["online", "offline", "connecting", "online"]);
  });

  it("BacksOffWhileTheServerIsAwayAndResetsOnceBack", () => {
    const h = harness(() => 0);
    h.conn.start();
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      h.sockets.at(-1)!.drop();
      waits.push(h.fire());
    }
    assert.deepEqual(waits, [500, 1000, 2000, 4000]);
    h.sockets.at(-1)!.open();
    h.sockets.at(-1)!.drop();
    assert.equal(h.fire(), 500);
  });

  it("HoldsWhatIsSentOfflineAndSendsItAfterTheSync", () => {
    const h = harness(() => 3);
    h.conn.start();
    h.conn.send({ action: "turn", request_id: "r1", character_id: "mira", text: "I wait" });
    assert.equal(h.sockets[0].sent.length, 0);
    h.sockets[0].open();
    assert.deepEqual(h.sockets[0].sent.map((m) => (m as { action: string }).action), ["sync", "turn"]);
  });

  it("StopsForGood", () => {
    const h = harness(() => 0);
    h.conn.start();
    h.sockets[0].open();
    h.conn.stop();
    assert.equal(h.timers.length, 0, "no reconnect after stop");
  });

  it("ReconnectsAtOnceWhenTheBrowserIsOnlineAgain", () => {
    const h = harness(() => 0);
    h.conn.start();
    h.sockets[0].drop();
    h.conn.reconnectNow();
    assert.equal(h.sockets.length, 2);
  });

  it("DialsAgainWhenTheServerNoLongerTakesTheSocket", () => {
    const h = harness(() => 0);
    h.conn.start();
    h.sockets[0].open();
    h.sockets[0].receive({ type: "error", code: "rate_limited", message: "slow down" });
    assert.equal(h.sockets[0].closed, false, "another error keeps the socket");
    h.sockets[0].receive({ type: "error", request_id: "r1", code: "unauthorized", message: "this connection is not bound to a campaign; reconnect" });
    assert.equal(h.got.length, 2, "the table hears the refusal too");
    assert.equal(h.sockets[0].closed, true);
    assert.equal(h.conn.state, "offline");
    h.fire();
    assert.equal(h.sockets.length, 2, "a new socket is dialled");
    h.sockets[1].open();
    assert.deepEqual(h.states, ["online", "offline", "connecting", "online"]);
  });

  it("IgnoresAFrameThatIsNotJSON", () => {
    const h = harness(() => 0);
    h.conn.start();
    h.sockets[0].open();
    h.sockets[0].onmessage?.({ data: "not json" });
    assert.equal(h.got.length, 0);
  });

  it("SendsAHeartbeatAfterSilenceAndKeepsASocketThatAnswers", () => {
    const h = harness(() => 7);
    h.conn.start();
    const sock = h.sockets[0];
    sock.open();
    h.advance(HEARTBEAT_MS - 1);
    sock.receive({ type: "presence", seq: 8, character_id: "mira", state: "present" });
    h.advance(HEARTBEAT_MS - 1);
    assert.equal(sock.sent.length, 1, "any message restarts the wait for silence");
    h.advance(1);
    assert.deepEqual(sock.sent.at(-1), { action: "sync", request_id: "hb1", after_seq: 7 });
    sock.receive({ type: "sync.begin", after_seq: 7 });
    sock.receive({ type: "sync.done", last_seq: 8 });
    h.advance(ANSWER_MS * 2);
    assert.equal(h.sockets.length, 1, "an answered heartbeat keeps the socket");
    assert.equal(h.conn.state, "online");
    h.advance(HEARTBEAT_MS);
    assert.deepEqual(sock.sent.at(-1), { action: "sync", request_id: "hb2", after_seq: 7 }, "silence again, a heartbeat again");
  });

  it("ReplacesASocketThatDoesNotAnswerItsHeartbeat", () => {
    const h = harness(() => 3);
    h.conn.start();
    h.sockets[0].open();
    h.advance(HEARTBEAT_MS);
    assert.equal((h.sockets[0].sent.at(-1) as { action: string }).action, "sync");
    h.advance(ANSWER_MS - 1);
    assert.equal(h.conn.state, "online", "the answer still has time");
    h.advance(1);
    assert.equal(h.sockets[0].closed, true, "the silent socket is closed");
    assert.equal(h.conn.state, "offline");
    h.fire();
    assert.equal(h.sockets.length, 2, "and replaced");
    h.sockets[1].open();
    assert.deepEqual(h.sockets[1].sent, [{ action: "sync", after_seq: 3 }]);
    assert.deepEqual(h.states, ["online", "offline", "connecting", "online"]);
  });

  it("BeatsNoMoreOnceStoppedOrClosed", () => {
    const h = harness(() => 0);
    h.conn.start();
    h.sockets[0].open();
    h.sockets[0].drop();
    assert.equal(h.timers.length, 1, "only the reconnect waits, no heartbeat for a closed socket");
    h.fire();
    h.sockets[1].open();
    h.conn.stop();
    h.advance(HEARTBEAT_MS + ANSWER_MS);
    assert.equal(h.sockets[1].sent.length, 1, "no heartbeat after stop");
  });
});

describe("Connection with a URL to fetch", () => {
  it("FetchesAFreshURLForEveryDialAndRetriesWhenItCannot", async () => {
    const sockets: FakeSocket[] = [];
    const timers: (() => void)[] = [];
    const states: LinkState[] = [];
    let n = 0;
    const conn = new Connection({
      url: () => { n++; return n === 2 ? Promise.reject(new Error("offline")) : Promise.resolve(`ws://table/ws?campaign=c1&ticket=t${n}`); },
      lastSeq: () => 0,
      onMessage: () => {},
      onState: (s) => states.push(s),
      open: (u) => { const s = new FakeSocket(u); sockets.push(s); return s; },
      setTimer: (fn) => { timers.push(fn); return timers.length; },
      clearTimer: () => {},
      backoff: new Backoff(500, 8000, () => 1),
    });
    const settle = () => new Promise((r) => setTimeout(r, 0));
    conn.start();
    await settle();
    assert.equal(sockets.length, 1);
    assert.equal(sockets[0].url, "ws://table/ws?campaign=c1&ticket=t1");
    sockets[0].open();
    sockets[0].drop();
    timers.pop()!(); // the backoff: the second ticket cannot be had
    await settle();
    assert.equal(sockets.length, 1, "no socket without its ticket");
    assert.equal(states.at(-1), "offline");
    timers.pop()!(); // and the third can
    await settle();
    assert.equal(sockets.length, 2);
    assert.equal(sockets[1].url, "ws://table/ws?campaign=c1&ticket=t3", "a ticket is never used twice");
    conn.stop();
  });
});
