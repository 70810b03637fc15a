import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { CampaignView, Character, Encounter, ServerMessage } from "./protocol";
import {
  FAR_BEHIND, MAX_FRUITLESS, breakdown, fromView, ingest, intentLabel, lastTurn, live, newStream, noteSent, reachLeft, reactionLabel, reduce, replay, whyLines, withAction,
  type Stream, type Table,
} from "./state";

const sheet = (id: string, player: string, name: string): Character => ({
  id, player_id: player, name, race: "elf", class: "wizard", level: 1, xp: 0,
  abilities: { str: 8, dex: 16, con: 13, int: 15, wis: 10, cha: 12 }, hp: 7, max_hp: 7, temp_hp: 0, ac: 13, speed: 30,
  conditions: [], concentration: null, spell_slots: { "1": { max: 2, used: 0 } }, hit_dice: { max: 1, used: 0 },
  death_saves: { successes: 0, failures: 0 }, inventory: [], area_id: "common-room", presence: "offline",
});

function view(): CampaignView {
  return {
    campaign: { id: "c1", name: "The Sunken Crown", status: "active", settings: { dice_mode: "interactive", reaction_window_seconds: 15 }, owner_id: "p1", last_played_at: "" },
    state: { turn_count: 0, scene: { location: "The Gilded Eel" } },
    characters: [sheet("mira", "p1", "Mira"), sheet("tobin", "p2", "Tobin")],
    last_seq: 4,
    session: { session_id: "s1" },
  };
}

const table = (): Table => fromView(view(), "p1");

function play(t: Table, ...ms: ServerMessage[]): Table {
  return ms.reduce(reduce, t);
}

describe("ingest", () => {
  const ev = (seq: number): ServerMessage => ({ type: "presence", seq, character_id: "mira", state: "present" });

  it("AppliesTheNextEventInOrder", () => {
    const r = ingest(newStream(4), ev(5));
    assert.deepEqual(r.ready.map((m) => m.seq), [5]);
    assert.equal(r.stream.lastSeq, 5);
    assert.equal(r.sync, false);
  });

  it("DropsAnEventAlreadySeen", () => {
    const r = ingest(newStream(4), ev(3));
    assert.equal(r.ready.length, 0);
    assert.equal(r.stream.lastSeq, 4);
  });

  it("AsksForSyncOnceOnAGapAndHoldsWhatCameEarly", () => {
    let s: Stream = newStream(4);
    const first = ingest(s, ev(7));
    assert.equal(first.sync, true);
    assert.equal(first.ready.length, 0);
    s = first.stream;
    const second = ingest(s, ev(8));
    assert.equal(second.sync, false, "a sync is already under way");
    s = second.stream;
    // The sync replays 5..8: 5 and 6 fill the gap, 7 and 8 follow at once.
    s = ingest(s, { type: "sync.begin", after_seq: 4 }).stream;
    const five = ingest(s, ev(5));
    assert.deepEqual(five.ready.map((m) => m.seq), [5]);
    const six = ingest(five.stream, ev(6));
    assert.deepEqual(six.ready.map((m) => m.seq), [6, 7, 8]);
    s = six.stream;
    for (const seq of [7, 8]) {
      const dup = ingest(s, ev(seq));
      assert.equal(dup.ready.length, 0, `replayed ${seq} is applied once`);
      s = dup.stream;
    }
    const done = ingest(s, { type: "sync.done", last_seq: 8 });
    assert.equal(done.sync, false);
    assert.equal(done.stream.syncing, false);
    assert.equal(done.stream.lastSeq, 8);
  });

  it("AsksAgainWhenASyncFilledPartOfTheGap", () => {
    let s = ingest(newStream(4), ev(8)).stream;
    s = ingest(s, { type: "sync.begin", after_seq: 4 }).stream;
    s = ingest(s, ev(5)).stream;
    const done = ingest(s, { type: "sync.done", last_seq: 8 });
    assert.equal(done.sync, true);
    assert.equal(done.wait, 0);
    assert.equal(done.stream.lastSeq, 5);
  });

  it("AsksForTheNextPageWhereThePageEnded", () => {
    // A reconnect 450 events behind: the reply comes in pages of 200.
    let s: Stream = { ...newStream(10), syncing: true };
    s = ingest(s, { type: "sync.begin", after_seq: 10 }).stream;
    const applied: number[] = [];
    for (let seq = 11; seq <= 210; seq++) {
      const r = ingest(s, ev(seq));
      applied.push(...r.ready.map((m) => m.seq!));
      s = r.stream;
    }
    const page = ingest(s, { type: "sync.done", last_seq: 460, more: true, next_after_seq: 210 });
    assert.equal(page.sync, true, "the next page is asked for once this one is read");
    assert.equal(page.after, 210);
    assert.equal(page.far, undefined);
    assert.equal(page.stream.syncing, true, "a gap seen meanwhile asks for no other sync");
    assert.equal(ingest(page.stream, ev(470)).sync, false);
    assert.equal(applied.length, 200);
    assert.equal(applied[199], 210);
  });

  it("GoesOnFromWhereThePageEndedPastAHole", () => {
    // Seq 12 is missing from the page: what follows it waits, and the
    // next page starts after the page's end, not at the hole.
    let s = ingest({ ...newStream(10), syncing: true }, { type: "sync.begin", after_seq: 10 }).stream;
    for (const seq of [11, 13, 14]) s = ingest(s, ev(seq)).stream;
    const page = ingest(s, { type: "sync.done", last_seq: 900, more: true, next_after_seq: 14 });
    assert.equal(page.stream.lastSeq, 11);
    assert.equal(page.after, 14);
  });

  it("TakesTheCampaignAfreshWhenFarBehind", () => {
    let s = ingest({ ...newStream(10), syncing: true }, { type: "sync.begin", after_seq: 10 }).stream;
    for (let seq = 11; seq <= 210; seq++) s = ingest(s, ev(seq)).stream;
    const page = ingest(s, { type: "sync.done", last_seq: 210 + FAR_BEHIND + 1, more: true, next_after_seq: 210 });
    assert.equal(page.far, true);
    assert.equal(page.sync, false, "no page is asked for: the view is read instead");
  });

  it("LetsWhatIsOnItsWayComeLive", () => {
    // The server reserved seq 5 and 6 but has not stored them yet.
    const s = ingest(newStream(4), { type: "sync.begin", after_seq: 4 }).stream;
    const done = ingest(s, { type: "sync.done", last_seq: 6 });
    assert.equal(done.sync, false);
    assert.equal(done.stream.lastSeq, 4, "5 and 6 are applied when they come");
    assert.equal(ingest(done.stream, ev(5)).ready.length, 1);
  });

  it("StepsOverAHoleNoSyncCanFill", () => {
    // Seq 5 was reserved and never stored; 6 arrived live.
    let s = ingest(newStream(4), ev(6)).stream;
    const waits: number[] = [];
    for (let i = 0; i < MAX_FRUITLESS; i++) {
      s = ingest(s, { type: "sync.begin", after_seq: 4 }).stream;
      s = ingest(s, ev(6)).stream;
      const done = ingest(s, { type: "sync.done", last_seq: 6 });
      s = done.stream;
      if (i < MAX_FRUITLESS - 1) {
        assert.equal(done.sync, true, `try ${i + 1} asks again`);
        waits.push(done.wait);
      } else {
        assert.equal(done.sync, false, "no endless syncing");
        assert.deepEqual(done.ready.map((m) => m.seq), [6]);
      }
    }
    assert.deepEqual(waits, [250, 500], "later tries wait longer");
    assert.equal(s.lastSeq, 6);
  });

  it("AppliesAPersonalMessageAtOnce", () => {
    const r = ingest(newStream(4), { type: "recap", text: "While you were away: nothing." });
    assert.equal(r.ready.length, 1);
    assert.equal(r.stream.lastSeq, 4);
  });

  it("ReplayedAfterAReconnectAppliesEachEventOnce", () => {
    // Live events 5, 6 arrive, the socket drops, the sync from 6 resends 5..8.
    let s = newStream(4);
    let t = table();
    const feed = (m: ServerMessage) => {
      const r = ingest(s, m);
      s = r.stream;
      for (const x of r.ready) t = reduce(t, x);
    };
    feed({ type: "narration.delta", seq: 5, turn_id: "t1", text: "The door " });
    feed({ type: "narration.delta", seq: 6, turn_id: "t1", text: "creaks." });
    for (const m of [
      { type: "sync.begin", after_seq: 4 },
      { type: "narration.delta", seq: 5, turn_id: "t1", text: "The door " },
      { type: "narration.delta", seq: 6, turn_id: "t1", text: "creaks." },
      { type: "narration.delta", seq: 7, turn_id: "t1", text: " Cold air." },
      { type: "sync.done", last_seq: 7 },
    ] as ServerMessage[]) feed(m);
    assert.equal(t.feed.filter((f) => f.kind === "narration").map((f) => f.text).join("|"), "The door creaks. Cold air.");
  });
});

function fight(): Encounter {
  return {
    id: "e1", status: "active", round: 1, order: ["g1", "mira"], current: "g1",
    participants: [
      { id: "g1", name: "Goblin 1", kind: "monster", srd_id: "goblin", hp: 7, max_hp: 7, ac: 15, conditions: [], initiative: 14, reaction_used: false },
      { id: "mira", name: "Mira", kind: "character", character_id: "mira", hp: 7, max_hp: 7, ac: 13, conditions: [], initiative: 9, reaction_used: false },
    ],
  };
}

describe("reduce", () => {
  it("StreamsNarrationByAppendingAndCommits", () => {
    let t = noteSent(table(), "r1", "I light a lantern");
    t = play(t,
      { type: "turn.accepted", turn_id: "t1", request_id: "r1", character_id: "mira" },
      { type: "narration.delta", turn_id: "t1", text: "Mira lights " },
      { type: "narration.delta", turn_id: "t1", text: "a lantern." });
    assert.equal(t.turn?.id, "t1");
    assert.deepEqual(t.feed.map((f) => [f.kind, f.text]), [["action", "Mira: I light a lantern"], ["narration", "Mira lights a lantern."]]);
    t = play(t,
      { type: "narration.done", turn_id: "t1", text: "Mira lights a lantern.", suggestions: ["Look around", "Open the door", "Listen", "Sing"] },
      { type: "turn.committed", turn_id: "t1", sequence: 1, actor_id: "mira", rolls: [], characters: [{ ...sheet("mira", "p1", "Mira"), hp: 5 }], scene: { location: "Cellar", time: "night" }, clock: 66 });
    assert.equal(t.turn, null);
    assert.equal(t.clock, 66, "the game clock the turn left");
    assert.deepEqual(t.suggestions, ["Look around", "Open the door", "Listen"], "at most three suggestions");
    assert.equal(t.feed[1].committed, true);
    assert.equal(t.characters.mira.hp, 5);
    assert.equal(t.scene.location, "Cellar");
    assert.equal(t.committed, 1);
  });

  it("MarksANarrationToldPlainlyWhenTheNarratorFailed", () => {
    let t = play(table(), { type: "narration.delta", turn_id: "t1", text: "Mira lights a lantern." });
    assert.equal(t.feed[0].degraded, undefined);
    t = play(t, { type: "narration.done", turn_id: "t1", text: "Mira lights a lantern.", suggestions: [], degraded: true });
    assert.equal(t.feed[0].degraded, true);
    const fresh = play(table(), { type: "narration.done", turn_id: "t2", text: "Plain.", suggestions: [], degraded: true });
    assert.equal(fresh.feed[0].degraded, true, "a narration.done without deltas (a reconnect) is marked too");
  });

  it("ShowsTheNarratorIsSlowUntilMoreText", () => {
    let t = play(table(), { type: "narration.slow", turn_id: "t1", reason: "first_text" });
    assert.deepEqual([t.feed[0].kind, t.feed[0].text, t.feed[0].slow], ["narration", "", true], "slow before any text is shown");
    t = play(t, { type: "narration.delta", turn_id: "t1", text: "Mira lunges. " });
    assert.equal(t.feed[0].slow, false);
    t = play(t, { type: "narration.slow", turn_id: "t1", reason: "stall" });
    assert.deepEqual([t.feed[0].text, t.feed[0].slow], ["Mira lunges. ", true], "what was shown stands");
    t = play(t, { type: "narration.done", turn_id: "t1", text: "Mira lunges. The goblin reels.", suggestions: [], degraded: true });
    assert.deepEqual([t.feed.length, t.feed[0].text, t.feed[0].slow], [1, "Mira lunges. The goblin reels.", false]);
  });

  it("TellsEveryoneHowNarrationSavesNearABudgetsEnd", () => {
    const text = "The campaign's budget is nearly spent ($17.10 of $20.00): a smaller model narrates from now on.";
    const t = play(table(), { type: "narration.thrift", turn_id: "t1", step: "low", scope: "campaign", spent_usd: 17.1, budget_usd: 20, text });
    assert.deepEqual([t.feed.length, t.feed[0].kind, t.feed[0].text], [1, "system", text]);
  });

  it("NamesAnotherPlayersTurnWithoutItsText", () => {
    const t = play(table(), { type: "turn.accepted", turn_id: "t2", request_id: "theirs", character_id: "tobin" });
    assert.equal(t.feed[0].text, "Tobin acts…");
  });

  it("FreesTheTableWhenATurnIsDropped", () => {
    let t = play(table(), { type: "turn.accepted", turn_id: "t2", request_id: "theirs", character_id: "tobin" });
    assert.notEqual(t.turn, null);
    t = play(t, { type: "turn.dropped", turn_id: "t2" });
    assert.equal(t.turn, null);
    assert.equal(t.feed[t.feed.length - 1].text, "Tobin's turn was not saved; it may be taken again.");
    assert.equal(play(t, { type: "turn.dropped", turn_id: "t9" }).turn, null, "another turn's drop changes nothing held");
  });

  it("NamesAnotherPlayersTurnOnceTheJournalSaysIt", () => {
    let t = play(table(), { type: "turn.accepted", turn_id: "t2", request_id: "theirs", character_id: "tobin" });
    t = withAction(t, "t2", "Tobin: I search the cellar");
    assert.equal(t.feed[0].text, "Tobin: I search the cellar");
    assert.equal(withAction(t, "unknown", "x"), t);
  });

  it("TakesTheSheetTheOwnerGaveTo", () => {
    const mira = { ...sheet("mira", "p1", "Mira"), inventory: [{ item: "potion-of-healing", qty: 1 }] };
    const t = play(table(), { type: "character", seq: 5, character: mira, text: "Mira receives a Potion of Healing." });
    assert.deepEqual(t.characters.mira.inventory, [{ item: "potion-of-healing", qty: 1 }]);
    assert.equal(t.feed[t.feed.length - 1].text, "Mira receives a Potion of Healing.");
  });

  it("LeavesTheTableAsItIsOnAnEventItDoesNotKnow", () => {
    const t = table();
    assert.equal(play(t, { type: "weather.changed", seq: 5 } as unknown as ServerMessage), t);
  });

  it("AsksForTheSheetOfACharacterItDoesNotKnow", () => {
    const t = play(table(), { type: "presence", character_id: "newcomer", state: "present" });
    assert.deepEqual(t.unknown, ["newcomer"]);
  });

  it("OpensARollPromptAndClosesItOnTheServersResult", () => {
    let t = play(table(), {
      type: "roll.requested", turn_id: "t1", roll_id: "x1", character_id: "tobin", dice: "1d20+2",
      reason: "Wisdom (Perception) check", deadline: "2030-01-01T00:00:00Z",
    });
    assert.equal(t.rollPrompt?.rollId, "x1");
    assert.match(t.feed[0].text, /Tobin must roll 1d20\+2/);
    t = play(t, { type: "roll.result", turn_id: "t1", roll_id: "x1", dice: "1d20+2", rolls: [13], total: 15, outcome: "success" });
    assert.equal(t.rollPrompt, null);
    assert.equal(t.lastRoll?.total, 15);
    assert.equal(t.feed[1].text, "1d20+2 rolled [13] = 15 (success)");
  });

  it("SaysWhatACheckHadToMeet", () => {
    const t = play(table(), { type: "roll.result", turn_id: "t1", roll_id: "r1", reason: "Strength (Athletics) check", dice: "1d20+3",
      rolls: [11], total: 14, outcome: "failure", dc: 15 });
    assert.equal(t.feed[0].text, "Strength (Athletics) check: 1d20+3 rolled [11] = 14 against DC 15: fail");
  });

  it("TracksAReactionWindowUntilItCloses", () => {
    let t = play(table(), {
      type: "reaction.window", turn_id: "t1", eligible: [{ character_id: "mira", reactions: ["shield"] }, { character_id: "tobin", reactions: ["opportunity-attack"] }],
      closes_at: "2030-01-01T00:00:15Z",
    });
    assert.equal(t.reaction?.eligible.length, 2);
    t = play(t, { type: "reaction.received", turn_id: "t1", character_id: "tobin", reaction: "pass" });
    assert.deepEqual(t.reaction?.answered, { tobin: "pass" });
    assert.equal(t.feed.at(-1)?.text, "Tobin does not react.");
    t = play(t, { type: "reaction.received", turn_id: "t1", character_id: "mira", reaction: "shield" });
    assert.equal(t.feed.at(-1)?.text, "Mira reacts: Shield.");
    t = play(t, { type: "reaction.closed", turn_id: "t1", applied: [{ character_id: "mira", reaction: "shield", text: "Mira casts Shield: AC 18 until the start of her next turn." }] });
    assert.equal(t.reaction, null);
    assert.equal(t.feed[t.feed.length - 1].text, "Mira casts Shield: AC 18 until the start of her next turn.");
  });

  it("ReplacesARollSentAgainAfterItsReactionWindow", () => {
    // A goblin's attack roll, shown before the window; after Cutting Words
    // the server sends the same roll again with its new total.
    let t = play(table(),
      { type: "roll.result", turn_id: "t1", roll_id: "r1", reason: "attack roll", dice: "1d20+4", rolls: [12], total: 16, outcome: "hit" },
      { type: "roll.result", turn_id: "t0", roll_id: "r2", reason: "damage", dice: "1d6+2", rolls: [3], total: 5 });
    t = play(t, { type: "roll.result", turn_id: "t1", roll_id: "r1", reason: "attack roll", dice: "1d20+4", rolls: [12], total: 11, outcome: "miss" });
    const rolls = t.feed.filter((f) => f.kind === "roll");
    assert.equal(rolls.length, 2, "the roll is shown once");
    assert.equal(rolls[0].text, "attack roll: 1d20+4 rolled [12] = 11 (miss)");
    assert.equal(t.lastRoll?.total, 11);
    t = play(t, { type: "roll.result", turn_id: "t2", roll_id: "r1", dice: "1d20", rolls: [5], total: 5 });
    assert.equal(t.feed.filter((f) => f.kind === "roll").length, 3, "r1 of another turn is another roll");
  });

  it("AsksAgainInTheSameTurnsNextWindow", () => {
    // A goblin leaves Tobin's reach (a window before its dice), then its
    // attack on Mira opens another window in the same turn.
    const before: ServerMessage = {
      type: "reaction.window", turn_id: "t1", trigger: "Goblin 1 leaves Tobin's reach to go for Mira.",
      eligible: [{ character_id: "tobin", reactions: ["opportunity-attack"] }], closes_at: "2030-01-01T00:00:15Z",
    };
    let t = play(table(), before);
    const first = t.reaction!.key;
    assert.equal(t.reaction?.trigger, "Goblin 1 leaves Tobin's reach to go for Mira.");
    assert.equal(t.feed.at(-1)?.text, "Goblin 1 leaves Tobin's reach to go for Mira. Tobin may react.");
    t = play(t, { type: "reaction.received", turn_id: "t1", character_id: "tobin", reaction: "opportunity-attack" });
    assert.equal(t.feed.at(-1)?.text, "Tobin reacts: Opportunity attack.");
    t = play(t, { ...before, eligible: [] });
    assert.equal(t.reaction?.key, first, "the same window sent again is the same window");
    assert.deepEqual(t.reaction?.answered, { tobin: "opportunity-attack" });
    assert.equal(t.feed.filter((f) => f.text.endsWith("may react.")).length, 1, "and no new line");
    t = play(t, { type: "reaction.closed", turn_id: "t1", applied: [] },
      { type: "reaction.window", turn_id: "t1", roll_id: "r2", eligible: [{ character_id: "mira", reactions: ["shield"] }], closes_at: "2030-01-01T00:00:30Z" });
    assert.notEqual(t.reaction?.key, first, "another window of the turn");
    assert.equal(t.reaction?.rollId, "r2");
    assert.deepEqual(t.reaction?.answered, {});
  });

  it("NamesReactionsAsPlayersReadThem", () => {
    assert.deepEqual(
      ["shield", "cutting-words", "uncanny-dodge", "hellish-rebuke", "lucky", "counterspell", "opportunity-attack", "some-new-one"].map(reactionLabel),
      ["Shield", "Cutting Words", "Uncanny Dodge", "Hellish Rebuke", "Lucky", "Counterspell", "Opportunity attack", "Some new one"]);
  });

  it("ClearsSuggestionsWhenAFightStartsOrEnds", () => {
    let t = play(table(), { type: "narration.done", turn_id: "t1", text: "Quiet.", suggestions: ["Order a drink"] });
    t = play(t, { type: "encounter", encounter: fight() });
    assert.deepEqual(t.suggestions, [], "a drink is no advice once goblins attack");
    t = play(t, { type: "narration.done", turn_id: "t2", text: "Steel.", suggestions: ["Strike again"] });
    t = play(t, { type: "encounter", encounter: { ...fight(), round: 2 } });
    assert.deepEqual(t.suggestions, ["Strike again"], "the fight goes on");
    t = play(t, { type: "encounter", encounter: { ...fight(), status: "ended", outcome: "victory" } });
    assert.deepEqual(t.suggestions, []);
  });

  it("ShowsACharactersLiveNumbersInAFight", () => {
    const e = fight();
    e.participants[1] = { ...e.participants[1], hp: 0, temp_hp: 0, conditions: ["unconscious"],
      combatant: { spell_slots: [{ max: 2, used: 2 }, { max: 0, used: 0 }], death_saves: { successes: 1, failures: 2 }, concentration: "" } };
    const t = play(table(), { type: "encounter", encounter: e });
    const mira = live(t, t.characters.mira);
    assert.equal(mira.hp, 0);
    assert.deepEqual(mira.conditions, ["unconscious"]);
    assert.deepEqual(mira.death_saves, { successes: 1, failures: 2 });
    assert.deepEqual(mira.spell_slots, { "1": { max: 2, used: 2 } }, "no first-level slot left in the fight");
    assert.equal(t.characters.mira.hp, 7, "the sheet keeps its numbers until the fight ends");
    assert.equal(live(t, t.characters.tobin), t.characters.tobin, "Tobin is not in this fight");
    assert.equal(live(table(), table().characters.mira).hp, 7, "no fight: the sheet");
  });

  it("CountsALifeDrainOffTheMaximum", () => {
    const base = table();
    base.characters.mira = { ...base.characters.mira, max_hp: 20, drained: 6 };
    const out = live(base, base.characters.mira);
    assert.equal(out.max_hp, 14, "out of a fight: the sheet's max_hp less the drain");
    const e = fight();
    e.participants[1] = { ...e.participants[1], max_hp: 11, combatant: { drained: 9 } };
    const t = play(base, { type: "encounter", encounter: e });
    const mira = live(t, t.characters.mira);
    assert.equal(mira.max_hp, 11, "in a fight the participant's maximum already counts it");
    assert.equal(mira.drained, 9);
  });

  it("CountsWhatAnAfflictionTookOffTheMaximum", () => {
    const base = table();
    const slam = { name: "reduced hit point maximum", kind: "reduction", from: "clay-golem", reduced: 5 };
    base.characters.mira = { ...base.characters.mira, max_hp: 20, drained: 2, afflictions: [slam] };
    assert.equal(live(base, base.characters.mira).max_hp, 13, "out of a fight: the sheet's max_hp less the drain and the slam");
    const rot = { name: "mummy rot", kind: "curse", from: "mummy", no_healing: "all", daily: "3d6" };
    const e = fight();
    e.participants[1] = { ...e.participants[1], max_hp: 15, combatant: { afflictions: [slam, rot] } };
    const t = play(base, { type: "encounter", encounter: e });
    const mira = live(t, t.characters.mira);
    assert.equal(mira.max_hp, 15, "in a fight the participant's maximum already counts it");
    assert.deepEqual(mira.afflictions, [slam, rot], "the fight's afflictions, with the hit that added mummy rot");
  });

  it("WarnsOfTheReachAnAttackLeaves", () => {
    const e = fight();
    e.participants.push({ id: "g2", name: "Goblin 2", kind: "monster", srd_id: "goblin", hp: 7, max_hp: 7, ac: 15, conditions: [], initiative: 3, reaction_used: false });
    e.participants[0] = { ...e.participants[0], engaged: ["mira"] };
    e.participants[1] = { ...e.participants[1], engaged: ["g1"] };
    let t = play(table(), { type: "encounter", encounter: { ...e, current: "mira" } });
    assert.deepEqual(reachLeft(t, "mira", "g2"), ["Goblin 1"]);
    assert.deepEqual(reachLeft(t, "mira", "g1"), [], "staying in melee with the target");
    assert.deepEqual(reachLeft(t, "mira"), ["Goblin 1"], "moving away");
    assert.deepEqual(reachLeft(t, "tobin", "g2"), [], "not in the fight");
    const disengaged = structuredClone(e);
    disengaged.participants[1].turn = { disengaged: true };
    t = play(t, { type: "encounter", encounter: { ...disengaged, current: "mira" } });
    assert.deepEqual(reachLeft(t, "mira", "g2"), [], "Disengage this turn");
    const spent = structuredClone(e);
    spent.participants[0].reaction_used = true;
    t = play(t, { type: "encounter", encounter: { ...spent, current: "mira" } });
    assert.deepEqual(reachLeft(t, "mira", "g2"), [], "a goblin without its reaction cannot strike");
  });

  it("SaysASpellByItsName", () => {
    const t = play(table(), { type: "encounter", encounter: fight() });
    assert.equal(intentLabel({ kind: "cast", spell: "magic-missile", target_ids: ["g1"], slot_level: 1 }, t), "casts Magic Missile at Goblin 1 (level 1)");
    assert.equal(intentLabel({ kind: "cast", spell: "fire-bolt" }, t), "casts Fire Bolt");
    assert.equal(intentLabel({ kind: "cast", spell: "command", choice: "halt", target_ids: ["g1"], slot_level: 1 }, t), "casts Command (halt) at Goblin 1 (level 1)");
  });

  it("SaysAFeatureByItsName", () => {
    let t = play(table(), { type: "encounter", encounter: fight() });
    const mira = { ...t.characters.mira, features: [
      { id: "rage", name: "Rage", use: "bonus_action", resource: "rage", cost: 1, left: 2 },
      { id: "wild-shape-cr-1-4-or-below-no-flying-or-swim-speed", name: "Wild Shape (CR 1/4 or below, no flying or swim speed)", use: "action" },
      { id: "divine-smite", name: "Divine Smite", use: "on_hit" },
    ] };
    t = play(t, { type: "character", character: mira });
    assert.equal(intentLabel({ kind: "feature", feature: "rage" }, t), "uses Rage");
    assert.equal(intentLabel({ kind: "feature", feature: "breath-weapon", target_id: "g1" }, t), "uses Breath weapon on Goblin 1");
    assert.equal(intentLabel({ kind: "feature", feature: "wild-shape-cr-1-4-or-below-no-flying-or-swim-speed", choice: "giant-badger" }, t),
      "uses Wild Shape (giant badger)");
    assert.equal(intentLabel({ kind: "feature", feature: "wild-shape-cr-1-4-or-below-no-flying-or-swim-speed", choice: "end" }, t), "ends Wild Shape");
    // A choice of what one's own hit does is told as the feature used.
    t = play(t, { type: "reaction.window", turn_id: "t1", roll_id: "r1", eligible: [{ character_id: "mira", reactions: ["divine-smite"] }], closes_at: "2030-01-01T00:00:30Z" });
    assert.equal(t.feed[t.feed.length - 1].text, "Mira chooses what the hit does.");
    assert.equal(intentLabel({ kind: "disengage", bonus: true }, t), "disengages as a bonus action");
    t = play(t, { type: "reaction.received", turn_id: "t1", character_id: "mira", reaction: "divine-smite" },
      { type: "reaction.received", turn_id: "t1", character_id: "tobin", reaction: "shield" });
    assert.deepEqual(t.feed.slice(-2).map((f) => f.text), ["Mira uses Divine Smite.", "Tobin reacts: Shield."]);
  });

  it("ShowsAnEncounterAndClearsItWhenItEnds", () => {
    const e: Encounter = {
      id: "e1", status: "active", round: 1, order: ["g1", "mira"], current: "g1",
      participants: [
        { id: "g1", name: "Goblin 1", kind: "monster", srd_id: "goblin", hp: 7, max_hp: 7, ac: 15, conditions: [], initiative: 14, reaction_used: false },
        { id: "mira", name: "Mira", kind: "character", character_id: "mira", hp: 7, max_hp: 7, ac: 13, conditions: [], initiative: 9, reaction_used: false },
      ],
    };
    let t = play(table(), { type: "encounter", encounter: e });
    assert.equal(t.encounter?.current, "g1");
    assert.match(t.feed[0].text, /An encounter begins! Goblin 1, Mira/);
    t = play(t, { type: "encounter", encounter: { ...e, status: "ended", outcome: "victory" } });
    assert.equal(t.encounter, null);
    assert.equal(t.feed[1].text, "Victory! The fight is over.");
  });

  it("EndsTheFightWithTheTurnThatDecidesIt", () => {
    let t = play(table(), { type: "encounter", encounter: fight() });
    const mira = { ...t.characters.mira, xp: 50 };
    t = play(t, { type: "turn.committed", turn_id: "t9", sequence: 9, actor_id: "mira", rolls: [], characters: [mira],
      encounter: { ...fight(), status: "ended", current: "", outcome: "victory", xp_each: 50 }, scene: { location: "Cellar" } });
    assert.equal(t.encounter, null);
    assert.equal(t.characters.mira.xp, 50);
    assert.equal(t.feed[t.feed.length - 1].text, "Victory! The fight is over. Each survivor earns 50 XP.");
  });

  it("ShowsTheDeadAndTheStableInAFight", () => {
    const e = fight();
    e.participants[1] = { ...e.participants[1], hp: 0, defeated: true, combatant: { dead: true } };
    let t = play(table(), { type: "encounter", encounter: e });
    assert.equal(live(t, t.characters.mira).dead, true);
    e.participants[1] = { ...e.participants[1], hp: 0, defeated: false, combatant: { stable: true } };
    t = play(t, { type: "encounter", encounter: { ...e, round: 2 } });
    const mira = live(t, t.characters.mira);
    assert.equal(mira.dead, false);
    assert.equal(mira.stable, true);
  });

  it("KeepsTheTablesRecapApartFromWhileYouWereAway", () => {
    const t = play(table(),
      { type: "recap", seq: 5, text: "Previously on The Sunken Crown…" },
      { type: "recap", text: "While you were away: Tobin searched the cellar." });
    assert.deepEqual(t.feed.map((f) => f.kind), ["recap", "away"]);
  });

  it("EndsTheTurnAndPromptsWhenTheSessionEnds", () => {
    let t = play(table(), { type: "roll.requested", turn_id: "t1", roll_id: "x1", character_id: "mira", dice: "1d20", reason: "check", deadline: "" });
    t = play(t, { type: "session", session_id: "s1", status: "paused", end_reason: "player_ended", presence: { mira: "offline" } });
    assert.equal(t.status, "paused");
    assert.equal(t.sessionId, "");
    assert.equal(t.rollPrompt, null);
    assert.equal(t.characters.mira.presence, "offline");
    assert.equal(t.feed.at(-1)?.text, "The session has ended. Anyone at the table can resume it.");
  });

  it("SaysTheSessionOpenedOnlyWhenItDid", () => {
    const paused = { ...table(), status: "paused" as const, sessionId: "" };
    const open = { type: "session", session_id: "s2", status: "active", presence: { mira: "present" } } as const;
    let t = play(paused, open);
    assert.equal(t.feed.at(-1)?.text, "The session is open.");
    t = play(t, { ...open, presence: { mira: "present", tobin: "present" } });
    assert.equal(t.feed.length, 1, "a presence update is no news");
    assert.equal(t.characters.tobin.presence, "present");
  });

  it("KeepsAnErrorForThePlayer", () => {
    const t = play(table(), { type: "error", request_id: "r9", code: "conflict", message: "it is Tobin's turn" });
    assert.deepEqual(t.error, { code: "conflict", message: "It is Tobin's turn.", requestId: "r9" });
  });

  it("LeavesUnchangedSlicesIdentical", () => {
    const t = table();
    const next = play(t, { type: "narration.delta", turn_id: "t1", text: "x" });
    assert.equal(next.characters, t.characters, "a delta redraws no party");
    assert.equal(next.encounter, t.encounter);
  });
});

describe("replay", () => {
  const accepted: ServerMessage = { type: "turn.accepted", seq: 1, turn_id: "t1", request_id: "r", character_id: "tobin" };
  const asked: ServerMessage = { type: "roll.requested", seq: 2, turn_id: "t1", roll_id: "x1", character_id: "tobin", dice: "1d20", reason: "check", deadline: "" };

  it("FindsTheRollStillWaitingWhenAPageOpens", () => {
    const t = replay(table(), [{ type: "presence", seq: 0, character_id: "tobin", state: "present" }, accepted, asked]);
    assert.equal(t.rollPrompt?.rollId, "x1");
    assert.equal(t.turn?.id, "t1");
    assert.deepEqual(t.feed.map((f) => f.kind), ["action", "system"], "only the turn in flight is told");
  });

  it("TellsNothingOfTurnsTheJournalAlreadyHas", () => {
    const t = replay(table(), [accepted, asked,
      { type: "roll.result", seq: 3, turn_id: "t1", roll_id: "x1", dice: "1d20", rolls: [9], total: 9 },
      { type: "narration.done", seq: 4, turn_id: "t1", text: "Tobin looks.", suggestions: ["Listen"] },
      { type: "turn.committed", seq: 5, turn_id: "t1", sequence: 1, actor_id: "tobin", rolls: [], characters: [], scene: { location: "Cellar" } }]);
    assert.equal(t.rollPrompt, null);
    assert.equal(t.turn, null);
    assert.equal(t.feed.length, 0);
    assert.deepEqual(t.suggestions, ["Listen"]);
    assert.equal(t.scene.location, "Cellar");
  });
});

describe("breakdown", () => {
  it("KeepsTheHigherD20WithAdvantage", () => {
    const b = breakdown({ roll_id: "r", dice: "2d20kh1+5", rolls: [4, 17], total: 22 });
    assert.deepEqual(b.terms[0].kept, [17]);
    assert.equal(b.modifier, 5);
    assert.equal(b.edge, "advantage");
  });

  it("KeepsTheLowerD20WithDisadvantage", () => {
    const b = breakdown({ roll_id: "r", dice: "2d20kl1-1", rolls: [4, 17], total: 3 });
    assert.deepEqual(b.terms[0].kept, [4]);
    assert.equal(b.modifier, -1);
    assert.equal(b.edge, "disadvantage");
  });

  it("ReadsTheServersTermsWhenItSendsThem", () => {
    // A d20 with advantage as the server records it: the expression stays
    // "1d20+5", the terms say what was kept.
    const b = breakdown({ roll_id: "r", dice: "1d20+5", rolls: [5, 10], total: 15, advantage: true,
      terms: [{ dice: "2d20kh1", rolls: [5, 10], kept: [10], dropped: [5], subtotal: 10 }, { dice: "5", modifier: 5, subtotal: 5 }] });
    assert.deepEqual(b.terms, [{ dice: "2d20kh1", rolled: [5, 10], kept: [10] }]);
    assert.equal(b.modifier, 5);
    assert.equal(b.edge, "advantage");
  });

  it("SplitsSeveralTerms", () => {
    const b = breakdown({ roll_id: "r", dice: "1d8+1d4+2", rolls: [6, 3], total: 11 });
    assert.deepEqual(b.terms.map((t) => t.rolled), [[6], [3]]);
    assert.equal(b.modifier, 2);
  });
});

describe("whyLines", () => {
  it("names each modifier's source, the edge's causes, the DC's source and the rule", () => {
    const lines = whyLines({
      roll_id: "r1", dice: "1d20+5", rolls: [9, 14], total: 21, advantage: true,
      terms: [{ dice: "2d20kh1", rolls: [9, 14], kept: [14], dropped: [9], subtotal: 14 }, { dice: "5", modifier: 5, subtotal: 5 }],
      working: {
        rule: "Attack Rolls; Cover",
        terms: [{ value: 3, source: "Strength", kind: "ability" }, { value: 2, source: "proficiency with longsword", kind: "proficiency" },
          { value: 2, source: "Bless", kind: "spell", after: true }],
        advantage: ["target prone within 5 ft"],
        dc: { value: 17, source: "the goblin's armor class", terms: [{ value: 15, source: "armor class", kind: "base" }, { value: 2, source: "half cover", kind: "cover" }] },
      },
    });
    assert.deepEqual(lines, [
      "dice 2d20kh1: 14", "+3 Strength", "+2 proficiency with longsword", "+2 Bless (after the roll)", "= 21",
      "advantage: target prone within 5 ft", "against 17, the goblin's armor class (15 armor class +2 half cover)", "rule: Attack Rolls; Cover",
    ]);
  });
  it("comes with a roll.result into the story", () => {
    const working = { rule: "Ability Checks", terms: [{ value: 1, source: "Wisdom", kind: "ability" }] };
    const t = reduce(table(), { type: "roll.result", turn_id: "t1", roll_id: "r1", dice: "1d20+1", rolls: [9], total: 10, working });
    assert.deepEqual(t.feed.at(-1)?.roll?.working, working);
  });
  it("is empty for a roll the rules recorded no working for", () => {
    assert.deepEqual(whyLines({ roll_id: "r1", dice: "1d4", rolls: [3], total: 3 }), []);
  });
});

describe("taking a turn back", () => {
  const turn = (id: string, seq: number, who: string, text: string, hp: number): ServerMessage[] => [
    { type: "turn.accepted", turn_id: id, request_id: `r-${id}`, character_id: who },
    { type: "narration.done", turn_id: id, text, suggestions: ["Look around"] },
    { type: "turn.committed", turn_id: id, sequence: seq, actor_id: who, rolls: null,
      characters: [{ ...sheet(who, who === "mira" ? "p1" : "p2", who === "mira" ? "Mira" : "Tobin"), hp }],
      scene: { location: seq === 2 ? "The Cellar" : "The Gilded Eel" }, clock: seq * 60 },
  ];

  it("AnUndoStrikesTheTurnOutAndPutsTheTableBack", () => {
    let t = play(table(), ...turn("t1", 1, "mira", "Mira looks around.", 7), ...turn("t2", 2, "tobin", "Tobin goes down.", 3));
    assert.equal(lastTurn(t), "t2");
    t = play(t, { type: "turn.undone", turn_id: "t2", sequence: 2, turn_count: 1,
      characters: [{ ...sheet("tobin", "p2", "Tobin"), hp: 7 }], scene: { location: "The Gilded Eel" }, clock: 60 });
    assert.equal(t.characters.tobin.hp, 7);
    assert.equal(t.scene.location, "The Gilded Eel");
    assert.equal(t.clock, 60);
    assert.equal(t.committed, 1);
    assert.ok(t.feed.filter((f) => f.turnId === "t2").every((f) => f.undone), "every line of the turn is struck out");
    assert.ok(!t.feed.some((f) => f.turnId === "t1" && f.undone), "the turn before stands");
    // The owner may take back the turn before it next.
    assert.equal(lastTurn(t), "t1");
  });

  it("AnXCardWithdrawsTheNarrationAndTheRetellingTakesItsPlace", () => {
    let t = play(table(), ...turn("t1", 1, "mira", "A corpse sways from the beams.", 7));
    t = play(t, { type: "narration.withdrawn", turn_id: "t1", sequence: 1 });
    const at = t.narrationAt.t1;
    assert.equal(t.feed[at].text, "", "the withdrawn words are shown no more");
    assert.ok(!t.feed.some((f) => f.text.includes("corpse")));
    assert.ok(t.feed.some((f) => f.kind === "system" && f.text.includes("X-card") && !f.text.includes("Mira")));
    t = play(t, { type: "narration.delta", turn_id: "t1", text: "Mira " }, { type: "narration.done", turn_id: "t1", text: "Mira takes the stairs.", suggestions: null });
    assert.equal(t.feed[at].text, "Mira takes the stairs.");
    assert.equal(t.feed.filter((f) => f.kind === "narration" && f.turnId === "t1").length, 1, "the retelling takes the narration's place");
    assert.equal(lastTurn(t), "t1");
  });

  it("AnAskToUndoTellsTheTableWhoAsks", () => {
    const t = play(table(), ...turn("t1", 1, "tobin", "Tobin goes down.", 7),
      { type: "undo.requested", turn_id: "t1", sequence: 1, player_id: "p2", name: "Tobin's player" });
    assert.ok(t.feed.some((f) => f.kind === "system" && f.text.startsWith("Tobin's player asks")));
  });
});
