import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { Backoff, Connection, type LinkState, type SocketLike } from "./conn";
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
  close() { this.drop(); }
  open() { this.readyState = 1; this.onopen?.({}); }
  drop() { this.readyState = 3; this.onclose?.({}); }
  receive(m: ServerMessage) { this.onmessage?.({ data: JSON.stringify(m) }); }
}

function harness(lastSeq: () => number) {
  const sockets: FakeSocket[] = [];
  const timers: { fn: () => void; ms: number }[] = [];
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
    setTimer: (fn, ms) => { timers.push({ fn, ms }); return timers.length; },
    clearTimer: () => {},
    backoff: new Backoff(500, 8000, () => 1),
  });
  const fire = () => { const t = timers.shift(); assert.ok(t, "a reconnect is scheduled"); t.fn(); return t.ms; };
  return { conn, sockets, timers, states, got, opens, fire };
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

  it("IgnoresAFrameThatIsNotJSON", () => {
    const h = harness(() => 0);
    h.conn.start();
    h.sockets[0].open();
    h.sockets[0].onmessage?.({ data: "not json" });
    assert.equal(h.got.length, 0);
  });
});
