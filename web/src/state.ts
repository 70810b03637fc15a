// The table's state and the pure functions that move it: ingest orders the
// event stream by seq (drops what was already seen, holds what came early,
// asks for a sync on a gap) and reduce applies one server message. Nothing
// here touches the DOM, the network or the clock.
import type {
  CampaignStatus, CampaignView, Character, Eligible, Encounter, Intent, Presence, Roll, Scene, ServerMessage, Slot,
} from "./protocol";
import { ABILITY_NAMES } from "./rules";
import { termText } from "./sheetwhy";
import { spells as srdSpells } from "srd";
import { encounterEndText, playerMessage, sessionText, weaponName } from "./words";
import { choosesOnHit, featureName, reactionLabel } from "./features";

export { reactionLabel };

// ---------------------------------------------------------------- stream

export interface Stream {
  /** the last campaign event applied, in seq order */
  lastSeq: number;
  /** events that arrived ahead of a gap, by seq */
  early: Record<number, ServerMessage>;
  /** a sync is under way (asked for, sync.done not yet seen) */
  syncing: boolean;
  /** lastSeq when the sync under way began */
  syncFrom: number;
  /** syncs in a row that filled nothing */
  fruitless: number;
}

/** MAX_FRUITLESS syncs that fill nothing, and the hole is stepped over. */
export const MAX_FRUITLESS = 3;

/**
 * FAR_BEHIND: a table this many events behind after a page of a sync
 * takes the campaign afresh (its view, the journal's last turns and the
 * last events) rather than replaying every event it missed, which would
 * tell a long absence line by line.
 */
export const FAR_BEHIND = 1000;

export function newStream(lastSeq: number): Stream {
  return { lastSeq, early: {}, syncing: false, syncFrom: lastSeq, fruitless: 0 };
}

/** drain applies the events held back that now follow in order. */
function drain(s: Stream, ready: ServerMessage[]): Stream {
  const early = { ...s.early };
  let last = s.lastSeq;
  while (early[last + 1]) {
    ready.push(early[last + 1]);
    delete early[last + 1];
    last++;
  }
  return { ...s, lastSeq: last, early };
}

export interface Ingested {
  stream: Stream;
  /** messages to apply, in order */
  ready: ServerMessage[];
  /** send `sync {after_seq: after ?? stream.lastSeq}` */
  sync: boolean;
  /** after this many milliseconds */
  wait: number;
  /** where the next page of a sync starts, when not at stream.lastSeq */
  after?: number;
  /** the table is FAR_BEHIND: take the campaign afresh instead of syncing on */
  far?: boolean;
}

/**
 * ingest takes one message off the socket. Campaign events (those with a
 * seq) are applied exactly once and in order, whatever mix of live events
 * and sync replays brings them; messages for this connection alone (no seq)
 * are applied at once.
 */
export function ingest(s: Stream, m: ServerMessage): Ingested {
  if (m.type === "sync.begin") return { stream: { ...s, syncing: true, syncFrom: s.lastSeq }, ready: [], sync: false, wait: 0 };
  if (m.type === "sync.done" && m.more) {
    // One page of a longer reply, read: ask for the next where it ended
    // (events after a hole wait in early; the last page settles them).
    const after = Math.max(s.lastSeq, m.next_after_seq ?? s.lastSeq);
    const stream: Stream = { ...s, syncing: true, fruitless: 0 };
    if (m.last_seq - s.lastSeq > FAR_BEHIND) return { stream, ready: [], sync: false, wait: 0, far: true };
    return { stream, ready: [], sync: true, wait: 0, after };
  }
  if (m.type === "sync.done") {
    const stream: Stream = { ...s, syncing: false };
    const held = Object.keys(stream.early).map(Number);
    // Nothing held back: what is still on its way (a seq reserved, its
    // event not yet stored) comes live, in order; a lost one shows as a
    // gap at the next event.
    if (held.length === 0) return { stream: { ...stream, fruitless: 0 }, ready: [], sync: false, wait: 0 };
    if (stream.lastSeq > stream.syncFrom) return { stream: { ...stream, syncing: true, fruitless: 0 }, ready: [], sync: true, wait: 0 };
    const fruitless = s.fruitless + 1;
    if (fruitless < MAX_FRUITLESS) {
      return { stream: { ...stream, syncing: true, fruitless }, ready: [], sync: true, wait: 250 * fruitless };
    }
    // Syncs that bring nothing cannot fill the hole (a seq reserved and
    // never stored): step over it rather than ask for ever.
    const ready: ServerMessage[] = [];
    const next = drain({ ...stream, lastSeq: Math.min(...held) - 1, fruitless: 0 }, ready);
    return { stream: next, ready, sync: false, wait: 0 };
  }
  const seq = m.seq;
  if (!seq) return { stream: s, ready: [m], sync: false, wait: 0 };
  if (seq <= s.lastSeq || s.early[seq]) return { stream: s, ready: [], sync: false, wait: 0 };
  if (seq > s.lastSeq + 1) {
    const stream = { ...s, early: { ...s.early, [seq]: m } };
    if (s.syncing) return { stream, ready: [], sync: false, wait: 0 };
    return { stream: { ...stream, syncing: true }, ready: [], sync: true, wait: 0 };
  }
  const ready: ServerMessage[] = [m];
  return { stream: drain({ ...s, lastSeq: seq }, ready), ready, sync: false, wait: 0 };
}

/** resynced is the stream after a reconnect: a new socket, a sync to ask for. */
export function resynced(s: Stream): Stream {
  return { ...s, syncing: true };
}

// ---------------------------------------------------------------- table

export type FeedKind = "recap" | "away" | "action" | "roll" | "narration" | "system" | "reaction" | "error";

export interface FeedItem {
  key: string;
  kind: FeedKind;
  text: string;
  turnId?: string;
  roll?: Roll;
  committed?: boolean;
  /** a narration told plainly because the narrator was unavailable */
  degraded?: boolean;
  /** the narrator is slow: what is shown stands, and more is coming */
  slow?: boolean;
  /** the turn was taken back: shown struck through, out of the story */
  undone?: boolean;
}

export interface RollPrompt {
  turnId: string;
  rollId: string;
  characterId: string;
  dice: string;
  reason: string;
  options: string[];
  deadline: string;
}

export interface ReactionPrompt {
  turnId: string;
  /** the roll the window answers; "" for a window before a moment's dice */
  rollId: string;
  /** what the window answers, in a sentence ("Mage 1 casts Fireball (3rd level).") */
  trigger: string;
  /** which window of the turn this is (windowKey): a turn may open several */
  key: string;
  eligible: Eligible[];
  closesAt: string;
  /** characters that answered, with their answer ("pass" or a reaction) */
  answered: Record<string, string>;
}

export interface Table {
  /** the player this client signs in as */
  me: string;
  campaignId: string;
  status: CampaignStatus;
  sessionId: string;
  characters: Record<string, Character>;
  /** character ids the events named that the table has no sheet for yet */
  unknown: string[];
  encounter: Encounter | null;
  scene: Scene;
  /** the game clock: seconds since the campaign began */
  clock: number;
  feed: FeedItem[];
  /** turn id -> index in feed of its narration */
  narrationAt: Record<string, number>;
  /** the turn being played, from turn.accepted to turn.committed */
  turn: { id: string; characterId: string } | null;
  rollPrompt: RollPrompt | null;
  /** the last roll the server made, for the dice to land on */
  lastRoll: Roll | null;
  reaction: ReactionPrompt | null;
  suggestions: string[];
  /** what this client sent, by request id, to name its own turns */
  sent: Record<string, string>;
  /** the last error the server answered this connection with */
  error: { code: string; message: string; requestId?: string } | null;
  /** turns committed since the page loaded (sequence numbers) */
  committed: number;
}

/** fromView is the table as GET /api/campaigns/{id} describes it. */
export function fromView(v: CampaignView, me: string): Table {
  const characters: Record<string, Character> = {};
  for (const c of v.characters) characters[c.id] = c;
  return {
    me,
    campaignId: v.campaign.id,
    status: v.campaign.status,
    sessionId: v.session && !v.session.ended_at ? v.session.session_id : "",
    characters,
    unknown: [],
    encounter: v.encounter && v.encounter.status === "active" ? v.encounter : null,
    scene: v.state.scene,
    clock: v.state.clock ?? 0,
    feed: [],
    narrationAt: {},
    turn: null,
    rollPrompt: null,
    lastRoll: null,
    reaction: null,
    suggestions: [],
    sent: {},
    error: null,
    committed: v.state.turn_count,
  };
}

/** sent records what this client asked for, so its turn reads as what it did. */
export function noteSent(t: Table, requestId: string, label: string): Table {
  return { ...t, sent: { ...t.sent, [requestId]: label }, error: null };
}

/**
 * withAction names what another player did once the journal says it
 * (turn.accepted carries no text): "Tobin acts…" becomes "Tobin: I search".
 */
export function withAction(t: Table, turnId: string, text: string): Table {
  const i = t.feed.findIndex((f) => f.key === `action:${turnId}`);
  if (i < 0 || t.feed[i].text === text) return t;
  const feed = t.feed.slice();
  feed[i] = { ...feed[i], text };
  return { ...t, feed };
}

/** withCharacters merges sheets fetched after an event named them. */
export function withCharacters(t: Table, cs: Character[]): Table {
  const characters = { ...t.characters };
  for (const c of cs) characters[c.id] = { ...characters[c.id], ...c };
  return { ...t, characters, unknown: t.unknown.filter((id) => !characters[id]) };
}

export function nameOf(t: Table, id: string): string {
  const c = t.characters[id];
  if (c) return c.name;
  const p = t.encounter?.participants.find((p) => p.id === id || p.character_id === id);
  return p ? p.name : "Someone";
}

export function isMine(t: Table, characterId: string): boolean {
  return t.characters[characterId]?.player_id === t.me;
}

/**
 * lastTurn is the last committed turn the story shows and nobody took
 * back: the one an undo, an ask to undo or the X-card names. "" for none.
 */
export function lastTurn(t: Table): string {
  for (let i = t.feed.length - 1; i >= 0; i--) {
    const f = t.feed[i];
    if (f.kind === "narration" && f.committed && !f.undone && f.turnId) return f.turnId;
  }
  return "";
}

/** withNote adds a line of the table's own (no event's) to the story. */
export function withNote(t: Table, text: string): Table {
  return push(t, { kind: "system", text });
}

function push(t: Table, item: Omit<FeedItem, "key"> & { key?: string }): Table {
  const key = item.key ?? `${item.kind}:${t.feed.length}`;
  return { ...t, feed: [...t.feed, { ...item, key }] };
}

function known(t: Table, id: string | undefined): Table {
  if (!id || t.characters[id] || t.unknown.includes(id)) return t;
  // Monster participants are not sheets: only ask for what looks like a character.
  if (t.encounter?.participants.some((p) => p.id === id && p.kind === "monster")) return t;
  return { ...t, unknown: [...t.unknown, id] };
}

function setPresence(t: Table, id: string, p: Presence): Table {
  const c = t.characters[id];
  if (!c) return known(t, id);
  if (c.presence === p) return t;
  return { ...t, characters: { ...t.characters, [id]: { ...c, presence: p } } };
}

function mergeSheets(t: Table, cs: Character[] | null | undefined): Table {
  if (!cs || cs.length === 0) return t;
  const characters = { ...t.characters };
  for (const c of cs) characters[c.id] = c;
  return { ...t, characters, unknown: t.unknown.filter((id) => !characters[id]) };
}

function activeOrNull(e: Encounter | null | undefined): Encounter | null {
  return e && e.status === "active" ? e : null;
}

/** rollLine says a roll in words: "attack roll: 1d20+5 → [14] = 19 (hit)". */
export function rollLine(r: Roll): string {
  const dice = (r.rolls ?? []).join(", ");
  const v = verdict(r);
  const outcome = r.outcome && !v.includes(":") ? ` (${r.outcome})` : "";
  return `${r.reason ? r.reason + ": " : ""}${r.dice} rolled [${dice}] = ${r.total}${outcome}${v}`;
}

/** verdict says whether a check or save passed, when the server says: " against DC 15: pass". */
export function verdict(r: Roll): string {
  const dc = typeof r.dc === "number" && r.dc > 0 ? ` against DC ${r.dc}` : "";
  let pass = r.success;
  if (typeof pass !== "boolean" && dc && (r.outcome === "success" || r.outcome === "failure")) pass = r.outcome === "success";
  if (typeof pass !== "boolean") return dc;
  return `${dc}: ${pass ? "pass" : "fail"}`;
}

/**
 * windowKey names one reaction window of a turn: the roll it answers, or,
 * for a window before a moment's dice, what it answers. The server may
 * open several in one turn (an opportunity attack, then the attack's hit).
 */
export function windowKey(turnId: string, rollId: string, trigger: string): string {
  return `${turnId}:${rollId || trigger}`;
}

/** spellName is an SRD spell's name from its id ("magic-missile" is "Magic Missile"). */
export function spellName(id: string): string {
  return srdSpells.find((s) => s[0] === id)?.[1] ?? id.replace(/-/g, " ");
}

/** intentLabel says an intent in words, for the story line of one's own turn. */
export function intentLabel(i: Intent, t: Table, area?: string): string {
  switch (i.kind) {
    case "attack": return `attacks ${nameOf(t, i.target_id)}${i.weapon ? ` with ${weaponName(i.weapon)}` : ""}`;
    case "cast": return `casts ${spellName(i.spell)}${i.choice ? ` (${i.choice})` : ""}${i.target_ids?.length ? ` at ${i.target_ids.map((id) => nameOf(t, id)).join(", ")}` : ""}${i.slot_level ? ` (level ${i.slot_level})` : ""}`;
    case "check": return `${ABILITY_NAMES[i.ability as keyof typeof ABILITY_NAMES] ?? i.ability}${i.skill ? ` (${i.skill})` : ""} check`;
    case "move": return `goes to ${area ?? i.to_area_id}`;
    case "rest": return `takes a ${i.rest} rest`;
    case "level_up": return "levels up";
    case "feature": {
      const name = featureName(t.characters, i.feature);
      if (i.choice === "end") return `ends ${name}`;
      const on = i.target_id ? ` on ${nameOf(t, i.target_id)}` : "";
      const as = i.choice ? ` (${i.choice.replace(/-/g, " ")})` : "";
      return `uses ${name}${as}${on}`;
    }
    case "use_item": return `uses ${i.item}`;
    case "say": return i.text;
    case "end_turn": return "ends the turn";
    case "second_wind": return "uses Second Wind";
    case "dash": case "disengage": case "hide": {
      const verb = { dash: "dashes", disengage: "disengages", hide: "hides" }[i.kind];
      return i.bonus ? `${verb} as a bonus action` : i.kind;
    }
    default: return i.kind;
  }
}

/** endedText tells the table how an encounter ended. */
function endedText(e: Encounter): string {
  return encounterEndText(e.outcome, e.xp_each);
}

/** participantOf is the character's place in the fight under way, if it has one. */
export function participantOf(t: Table, characterId: string): Encounter["participants"][number] | undefined {
  return t.encounter?.participants.find((p) => p.kind === "character" && p.character_id === characterId);
}

/**
 * live is a character as the table shows it. During a fight the encounter
 * keeps a character's hit points, conditions, death saves, slots and
 * concentration on its participant; the sheet catches up when the fight
 * ends. Its max_hp is the maximum now: a sheet's is before what a life
 * drain and its afflictions took, a participant's after; in a fight its
 * afflictions are the participant's, which a hit may have added to.
 */
export function live(t: Table, c: Character): Character {
  const p = participantOf(t, c.id);
  if (!p) {
    const took = (c.drained ?? 0) + (c.afflictions ?? []).reduce((n, a) => n + Math.max(a.reduced ?? 0, 0), 0);
    return took > 0 ? { ...c, max_hp: Math.max(c.max_hp - took, 0) } : c;
  }
  const cb = p.combatant;
  let slots = c.spell_slots;
  if (cb?.spell_slots) {
    const fromFight: Record<string, Slot> = {};
    cb.spell_slots.forEach((s, i) => { if (s && s.max > 0) fromFight[String(i + 1)] = { max: s.max, used: s.used }; });
    slots = fromFight;
  }
  return {
    ...c,
    hp: p.hp,
    max_hp: p.max_hp,
    temp_hp: p.temp_hp ?? c.temp_hp,
    conditions: p.conditions ?? [],
    death_saves: cb?.death_saves ?? c.death_saves,
    stable: cb ? !!cb.stable && p.hp <= 0 : c.stable,
    dead: cb ? !!cb.dead || !!p.defeated : c.dead,
    concentration: cb ? cb.concentration || null : c.concentration,
    drained: cb ? cb.drained ?? 0 : c.drained,
    afflictions: cb ? cb.afflictions ?? [] : c.afflictions,
    spell_slots: slots,
  };
}

/**
 * reachLeft names the foes whose reach a character leaves by going for
 * target (or by moving away, target ""), who may strike as it goes: those
 * engaged with it, standing, with their reaction, unless it took the
 * Disengage action this turn.
 */
export function reachLeft(t: Table, characterId: string, target = ""): string[] {
  const e = t.encounter;
  const me = participantOf(t, characterId);
  if (!e || !me) return [];
  const engaged = me.engaged ?? [];
  if (engaged.includes(target) || (e.current === me.id && me.turn?.disengaged)) return [];
  return e.participants
    .filter((p) => engaged.includes(p.id) && p.kind !== me.kind && !p.defeated && p.hp > 0 && !p.reaction_used)
    .map((p) => p.name);
}

/** names joins names as a sentence does: "A", "A and B", "A, B and C". */
export function names(list: string[]): string {
  return list.length < 2 ? list.join("") : `${list.slice(0, -1).join(", ")} and ${list[list.length - 1]}`;
}

/**
 * reduce applies one server message to the table. It never reads a clock:
 * countdowns are the view's business, from the deadlines the server sent.
 */
export function reduce(t: Table, m: ServerMessage): Table {
  switch (m.type) {
    case "session": {
      let next: Table = { ...t, status: m.status, sessionId: m.status === "active" ? m.session_id : "" };
      for (const [id, p] of Object.entries(m.presence ?? {})) next = setPresence(next, id, p);
      if (m.status !== "active") next = { ...next, rollPrompt: null, reaction: null, turn: null };
      // A session event also reports presence; say the session changed only
      // when it did.
      if (m.status === t.status && next.sessionId === t.sessionId) return next;
      const text = sessionText(m.status, m.end_reason);
      return push(next, { kind: "system", text });
    }
    case "recap": {
      const away = !m.seq;
      return push(t, { kind: away ? "away" : "recap", text: m.text });
    }
    case "presence":
      return setPresence(t, m.character_id, m.state);
    case "pause":
      return push(t, { kind: "system", text: m.paused ? `${m.by} paused the table. Nobody acts until the pause ends.` : `${m.by} ended the pause; play goes on.` });
    case "turn.accepted": {
      const label = t.sent[m.request_id];
      const name = nameOf(t, m.character_id);
      const next = known({ ...t, turn: { id: m.turn_id, characterId: m.character_id }, suggestions: [] }, m.character_id);
      if (next.feed.some((f) => f.key === `action:${m.turn_id}`)) return next;
      return push(next, { key: `action:${m.turn_id}`, kind: "action", turnId: m.turn_id, text: label ? `${name}: ${label}` : `${name} acts…` });
    }
    case "roll.requested": {
      const next = known({
        ...t,
        rollPrompt: {
          turnId: m.turn_id, rollId: m.roll_id, characterId: m.character_id, dice: m.dice,
          reason: m.reason, options: m.options ?? [], deadline: m.deadline,
        },
      }, m.character_id);
      return push(next, { kind: "system", turnId: m.turn_id, text: `${nameOf(t, m.character_id)} must roll ${m.dice} (${m.reason}).` });
    }
    case "roll.result": {
      const roll: Roll = { roll_id: m.roll_id, reason: m.reason, dice: m.dice, rolls: m.rolls, total: m.total, outcome: m.outcome,
        terms: m.terms, advantage: m.advantage, disadvantage: m.disadvantage, critical: m.critical, dc: m.dc, success: m.success, working: m.working };
      const rollPrompt = t.rollPrompt && t.rollPrompt.rollId === m.roll_id ? null : t.rollPrompt;
      const next: Table = { ...t, rollPrompt, lastRoll: roll };
      // Roll ids count from r1 in every turn. A turn held for a reaction
      // window sends the window's roll again once it closes (a reaction
      // may have changed its total): it takes the first one's place.
      const key = `roll:${m.turn_id}:${m.roll_id}`;
      const at = t.feed.findIndex((f) => f.key === key);
      if (at < 0) return push(next, { key, kind: "roll", turnId: m.turn_id, roll, text: rollLine(roll) });
      const feed = t.feed.slice();
      feed[at] = { ...feed[at], roll, text: rollLine(roll) };
      return { ...next, feed };
    }
    case "reaction.window": {
      const rollId = m.roll_id ?? "";
      const trigger = m.trigger ?? "";
      const key = windowKey(m.turn_id, rollId, trigger);
      // The same window comes again, without those who answered, each time
      // a reaction restarts its timer: that is no new line for the story.
      const again = t.reaction?.key === key;
      const next: Table = { ...t, reaction: {
        turnId: m.turn_id, rollId, trigger, key, eligible: m.eligible ?? [], closesAt: m.closes_at, answered: again ? t.reaction!.answered : {},
      } };
      if (again) return next;
      const eligible = m.eligible ?? [];
      const who = eligible.map((e) => nameOf(t, e.character_id)).join(", ");
      // One's own hit waits on its player's choice of what it does.
      if (eligible.length && eligible.every((e) => choosesOnHit(t.characters[e.character_id], e))) {
        return push(next, { kind: "system", turnId: m.turn_id, text: `${trigger ? `${trigger} ` : ""}${who} chooses what the hit does.` });
      }
      return push(next, { kind: "system", turnId: m.turn_id, text: `${trigger ? `${trigger} ` : ""}${who || "Nobody"} may react.` });
    }
    case "reaction.received": {
      let next = t;
      if (t.reaction && t.reaction.turnId === m.turn_id) {
        next = { ...t, reaction: { ...t.reaction, answered: { ...t.reaction.answered, [m.character_id]: m.reaction } } };
      }
      const name = nameOf(t, m.character_id);
      // A choice of what one's own hit does is a use of the feature, not a reaction.
      const own = t.characters[m.character_id]?.features?.find((f) => f.id === m.reaction);
      const text = m.reaction === "pass" ? `${name} does not react.`
        : own?.use === "on_hit" ? `${name} uses ${featureName(t.characters, m.reaction, m.character_id)}.`
          : `${name} reacts: ${own ? featureName(t.characters, m.reaction, m.character_id) : reactionLabel(m.reaction)}.`;
      return push(next, { kind: "reaction", turnId: m.turn_id, text });
    }
    case "reaction.closed": {
      const reaction = t.reaction && t.reaction.turnId === m.turn_id ? null : t.reaction;
      let next: Table = { ...t, reaction };
      for (const a of m.applied ?? []) {
        if (a && typeof a.text === "string" && a.text) next = push(next, { kind: "reaction", turnId: m.turn_id, text: a.text });
      }
      return next;
    }
    case "reaction.ordered":
      // A standing order answered for a player who was not there to.
      return m.text ? push(t, { kind: "reaction", turnId: m.turn_id, text: m.text }) : t;
    case "narration.delta": {
      const at = t.narrationAt[m.turn_id];
      if (at === undefined) {
        const next = push(t, { key: `narration:${m.turn_id}`, kind: "narration", turnId: m.turn_id, text: m.text });
        return { ...next, narrationAt: { ...t.narrationAt, [m.turn_id]: t.feed.length } };
      }
      const feed = t.feed.slice();
      feed[at] = { ...feed[at], text: feed[at].text + m.text, slow: false };
      return { ...t, feed };
    }
    case "narration.thrift":
      // A budget near its end: every player is told how narration saves.
      return push(t, { kind: "system", turnId: m.turn_id, text: m.text });
    case "narration.slow": {
      const at = t.narrationAt[m.turn_id];
      if (at === undefined) {
        const next = push(t, { key: `narration:${m.turn_id}`, kind: "narration", turnId: m.turn_id, text: "", slow: true });
        return { ...next, narrationAt: { ...t.narrationAt, [m.turn_id]: t.feed.length } };
      }
      const feed = t.feed.slice();
      feed[at] = { ...feed[at], slow: true };
      return { ...t, feed };
    }
    case "narration.done": {
      const suggestions = (m.suggestions ?? []).slice(0, 3);
      const at = t.narrationAt[m.turn_id];
      const degraded = m.degraded ? { degraded: true } : {};
      if (at === undefined) {
        const next = push({ ...t, suggestions }, { key: `narration:${m.turn_id}`, kind: "narration", turnId: m.turn_id, text: m.text, ...degraded });
        return { ...next, narrationAt: { ...t.narrationAt, [m.turn_id]: t.feed.length } };
      }
      const feed = t.feed.slice();
      feed[at] = { ...feed[at], text: m.text, ...degraded, slow: false };
      return { ...t, feed, suggestions };
    }
    case "turn.dropped": {
      // A turn the table was told of was not saved: nobody waits on it.
      const who = t.turn && t.turn.id === m.turn_id ? nameOf(t, t.turn.characterId) : "";
      const next: Table = {
        ...t,
        turn: t.turn && t.turn.id === m.turn_id ? null : t.turn,
        rollPrompt: t.rollPrompt && t.rollPrompt.turnId === m.turn_id ? null : t.rollPrompt,
        reaction: t.reaction && t.reaction.turnId === m.turn_id ? null : t.reaction,
      };
      return push(next, { kind: "system", text: who ? `${who}'s turn was not saved; it may be taken again.` : "A turn was not saved; it may be taken again." });
    }
    case "turn.committed": {
      let next = mergeSheets(t, m.characters);
      const ended = m.encounter !== undefined && t.encounter && activeOrNull(m.encounter) === null;
      next = {
        ...next,
        scene: m.scene ?? next.scene,
        clock: Math.max(next.clock, m.clock ?? 0),
        encounter: m.encounter === undefined ? next.encounter : activeOrNull(m.encounter),
        turn: next.turn && next.turn.id === m.turn_id ? null : next.turn,
        rollPrompt: next.rollPrompt && next.rollPrompt.turnId === m.turn_id ? null : next.rollPrompt,
        reaction: next.reaction && next.reaction.turnId === m.turn_id ? null : next.reaction,
        committed: Math.max(next.committed, m.sequence),
      };
      const at = next.narrationAt[m.turn_id];
      if (at === undefined) {
        next = push(next, { key: `narration:${m.turn_id}`, kind: "narration", turnId: m.turn_id, text: "", committed: true });
        next = { ...next, narrationAt: { ...next.narrationAt, [m.turn_id]: next.feed.length - 1 } };
      } else {
        const feed = next.feed.slice();
        feed[at] = { ...feed[at], committed: true };
        next = { ...next, feed };
      }
      // A fight ends by itself with the turn that decides it.
      return ended ? push({ ...next, suggestions: [] }, { kind: "system", text: endedText(m.encounter!) }) : next;
    }
    case "encounter": {
      let next = mergeSheets(t, m.characters);
      const encounter = activeOrNull(m.encounter);
      // What was suggested before a fight starts (or while it lasted) is
      // no advice once it has started (or ended).
      const turned = !encounter !== !t.encounter;
      next = { ...next, encounter, suggestions: turned ? [] : next.suggestions };
      const e = m.encounter;
      const text = e.status === "active"
        ? `An encounter begins! ${e.participants.map((p) => p.name).join(", ")}`
        : endedText(e);
      return push(next, { kind: "system", text });
    }
    case "character": {
      const had = !!t.characters[m.character.id];
      const next = mergeSheets(t, [m.character]);
      const text = m.text || (had ? "" : `${m.character.name} joins the party.`);
      return text ? push(next, { kind: "system", text }) : next;
    }
    case "error": {
      const message = playerMessage(m.code, m.message, m.reason);
      const next: Table = { ...t, error: { code: m.code, message, requestId: m.request_id } };
      return push(next, { kind: "error", text: message });
    }
    case "turn.undone": {
      // The table as it was before the turn: its sheets, the fight, the
      // scene and the clock, all from the event.
      let next = mergeSheets(t, m.characters);
      next = {
        ...next,
        scene: m.scene ?? next.scene,
        clock: m.clock ?? next.clock,
        encounter: m.encounter === undefined ? next.encounter : activeOrNull(m.encounter),
        committed: m.turn_count,
        feed: next.feed.map((f) => (f.turnId === m.turn_id ? { ...f, undone: true } : f)),
        suggestions: [],
      };
      return push(next, { kind: "system", text: "The owner took the last turn back: the table is as it was before it." });
    }
    case "undo.requested":
      return push(t, { kind: "system", text: `${m.name} asks the owner to take the last turn back.` });
    case "narration.withdrawn": {
      // The narration leaves the story at once; its retelling fills the
      // same place as narration.delta and narration.done come.
      const at = t.narrationAt[m.turn_id] ?? t.feed.findIndex((f) => f.kind === "narration" && f.turnId === m.turn_id);
      let next = t;
      if (at >= 0) {
        const feed = t.feed.slice();
        feed[at] = { ...feed[at], text: "", slow: true };
        next = { ...t, feed, narrationAt: { ...t.narrationAt, [m.turn_id]: at } };
      }
      return push(next, { kind: "system", text: "Someone tapped the X-card: that narration is withdrawn and told again." });
    }
    case "sync.begin":
    case "sync.done":
      return t;
  }
  // A message type this client does not know yet leaves the table as it is.
  return t;
}

/**
 * replay applies events the table's view already accounts for (those up to
 * the view's last_seq, asked for again when a page opens) to learn what is
 * under way: a turn in flight, a roll waiting for its player, a reaction
 * window, the last suggestions. The story shows committed turns from the
 * journal, so only the turn in flight adds lines to it.
 */
export function replay(t: Table, events: ServerMessage[]): Table {
  const { feed, narrationAt } = t;
  let next = events.reduce(reduce, t);
  const inFlight = next.turn?.id;
  next = { ...next, feed, narrationAt };
  if (!inFlight) return next;
  for (const m of events) {
    if ("turn_id" in m && m.turn_id === inFlight && m.type !== "turn.committed") next = reduce(next, m);
  }
  return next;
}

// ---------------------------------------------------------------- dice

export interface Breakdown {
  /** each dice term: what was rolled and which dice count */
  terms: { dice: string; rolled: number[]; kept: number[] }[];
  /** the flat modifier: the total less the kept dice */
  modifier: number;
  /** "advantage" or "disadvantage" for a d20 rolled twice keeping one */
  edge: "" | "advantage" | "disadvantage";
}

/**
 * whyLines is a roll's working as the lines a "why?" opens: the dice kept,
 * each modifier with its source, what was added after the dice fell, the
 * causes of advantage and disadvantage, the DC and its source, what the
 * target's defences did, and the SRD rule. Empty for a roll with no
 * working.
 */
export function whyLines(r: Roll): string[] {
  const w = r.working;
  if (!w) return [];
  const b = breakdown(r);
  const out: string[] = [];
  const dice = b.terms.map((t) => `${t.dice}: ${t.kept.join(" + ")}`).join(", ");
  if (dice) out.push(`dice ${dice}`);
  for (const t of w.terms ?? []) {
    out.push(`${termText(t, false)}${t.after ? " (after the roll)" : ""}`);
  }
  out.push(`= ${r.total}${w.damage_type ? ` ${w.damage_type}` : ""}`);
  if (w.advantage?.length) out.push(`advantage: ${w.advantage.join(", ")}`);
  if (w.disadvantage?.length) out.push(`disadvantage: ${w.disadvantage.join(", ")}`);
  if (w.advantage?.length && w.disadvantage?.length) out.push("advantage and disadvantage cancel: one d20");
  if (w.dc) {
    const parts = (w.dc.terms ?? []).map((t, i) => termText(t, i === 0)).join(" ");
    out.push(`against ${w.dc.value}${w.dc.source ? `, ${w.dc.source}` : ""}${parts ? ` (${parts})` : ""}`);
  }
  for (const a of w.applied ?? []) out.push(a);
  out.push(`rule: ${w.rule}`);
  return out;
}

/**
 * breakdown explains a server roll from its notation ("2d20kh1+5",
 * "1d8+1d4+2") and the dice it reported. It adds nothing: the total is the
 * server's.
 */
export function breakdown(r: Roll): Breakdown {
  if (r.terms?.length) {
    // The server's record of each term: the dice it kept and dropped.
    const terms = r.terms.filter((t) => t.rolls?.length).map((t) => ({ dice: t.dice, rolled: t.rolls!, kept: t.kept ?? t.rolls! }));
    const modifier = r.terms.reduce((s, t) => s + (t.rolls?.length ? 0 : t.subtotal), 0);
    return { terms, modifier, edge: r.advantage ? "advantage" : r.disadvantage ? "disadvantage" : "" };
  }
  const rolls = r.rolls ?? [];
  const terms: Breakdown["terms"] = [];
  let edge: Breakdown["edge"] = "";
  let i = 0;
  const re = /(\d*)d(\d+)(?:(kh|kl)(\d+))?/g;
  for (let m = re.exec(r.dice); m; m = re.exec(r.dice)) {
    const n = Number(m[1] || 1);
    const rolled = rolls.slice(i, i + n);
    i += n;
    let kept = rolled;
    if (m[3]) {
      const k = Number(m[4]);
      const sorted = rolled.slice().sort((a, b) => (m![3] === "kh" ? b - a : a - b));
      kept = sorted.slice(0, k);
      if (m[2] === "20" && n === 2 && k === 1) edge = m[3] === "kh" ? "advantage" : "disadvantage";
    }
    terms.push({ dice: m[0], rolled, kept });
  }
  const sum = terms.reduce((s, t) => s + t.kept.reduce((a, b) => a + b, 0), 0);
  return { terms, modifier: r.total - sum, edge };
}
