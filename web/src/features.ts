// A character's class features and racial traits as the table offers
// them: the ones used on a turn as buttons with their uses left and why
// one cannot be used now, the others as text; the offers of a reaction
// window (Shield, or what one's own hit does: Divine Smite) by the
// features' names. The server decides; this only says what the sheet and
// the encounter say. Nothing here touches the DOM.
import { beasts as srdBeasts, wildShape as srdWildShape } from "srd";
import type { Character, Eligible, FeatureView, Intent, Participant } from "./protocol";
import { idName } from "./words";

/** ON_TURN are the uses a button takes on the character's turn. */
const ON_TURN = ["action", "bonus_action", "free"];

/** HOW says how a feature is used, as the sheet tells it. */
const HOW: Record<string, string> = {
  action: "an action", bonus_action: "a bonus action", free: "no action", reaction: "a reaction",
  on_hit: "on a hit", rest: "during a short rest",
};

/** onTurn reports whether a feature is a button: used on a turn, and played by the rules. */
export function onTurn(f: FeatureView): boolean {
  return !f.told && ON_TURN.includes(f.use ?? "");
}

/**
 * featureLeft is what a feature's resource has left now: in a fight the
 * encounter's pool (the sheet catches up when the fight ends), else the
 * sheet's; null for a feature without a resource.
 */
export function featureLeft(f: FeatureView, p?: Participant): number | null {
  if (!f.resource) return null;
  const pool = p?.pools?.[f.resource];
  if (pool) return Math.max(0, pool.max - pool.used);
  return typeof f.left === "number" ? f.left : null;
}

/** featureLabel is a feature's button: "Rage (2 left)"; a name's parenthesis is left out ("Wild Shape (CR 1/4 or below)" is "Wild Shape"). */
export function featureLabel(f: FeatureView, left: number | null): string {
  const name = shortName(f.name);
  return left === null ? name : `${name} (${left} left)`;
}

/** shortName is a feature's name without its parenthesis. */
export function shortName(name: string): string {
  const i = name.indexOf(" (");
  return i > 0 ? name.slice(0, i) : name;
}

/** What pressing a feature's button asks before it is sent: nothing, whom it is used on, which beast (Wild Shape), or one of its ways (routed). */
export type Asks = "" | "target" | "beast" | "way";

/**
 * ROUTED are the features the fight plays through an intent kind of its
 * own rather than the feature intent: Second Wind is second_wind, Cunning
 * Action a Dash, Disengage or Hide taken as the bonus action. ways are
 * what the player picks among, intent what is sent for the pick.
 */
const ROUTED: Record<string, { ways?: [string, string][]; intent: (way: string) => Intent }> = {
  "second-wind": { intent: () => ({ kind: "second_wind" }) },
  "cunning-action": {
    ways: [["dash", "Dash"], ["disengage", "Disengage"], ["hide", "Hide"]],
    intent: (way) => ({ kind: way as "dash" | "disengage" | "hide", bonus: true }),
  },
};

/** waysOf are the ways a routed feature is used in, to pick among. */
export function waysOf(f: FeatureView): [string, string][] {
  return ROUTED[f.id]?.ways ?? [];
}

/**
 * featureIntent is what using feature f sends: the feature intent, with
 * whom or what it is used on; a routed feature's own intent.
 */
export function featureIntent(f: FeatureView, pick: { target_id?: string; choice?: string; way?: string } = {}): Intent {
  const routed = ROUTED[f.id];
  if (routed) return routed.intent(pick.way ?? "");
  return {
    kind: "feature", feature: f.id,
    ...(pick.target_id ? { target_id: pick.target_id } : {}), ...(pick.choice ? { choice: pick.choice } : {}),
  };
}

export interface FeatureButton {
  feature: FeatureView;
  label: string;
  left: number | null;
  /** why it cannot be used now; "" when it can */
  why: string;
  asks: Asks;
  /** the druid is in a beast's shape: the button ends it (choice "end", a bonus action) */
  ends: boolean;
}

/**
 * asks says what a feature needs besides itself: a Wild Shape use (one
 * that spends the wild-shape resource) needs a beast; any other used
 * with an action may act on a creature, so it asks for whom.
 */
export function asks(f: FeatureView): Asks {
  if (waysOf(f).length) return "way";
  if (ROUTED[f.id]) return "";
  if (f.resource === "wild-shape") return "beast";
  return f.use === "action" ? "target" : "";
}

/**
 * featureButtons are the character's features used on a turn, each with
 * its label and why it cannot be used now: no uses left, or, in a fight
 * (p is its participant), the action or bonus action it takes already
 * spent this turn. Whose turn it is, and whether the character can act at
 * all, is the action bar's to say.
 */
export function featureButtons(c: Character, p?: Participant): FeatureButton[] {
  const out: FeatureButton[] = [];
  for (const f of c.features ?? []) {
    if (!onTurn(f)) continue;
    const left = featureLeft(f, p);
    const ends = !!p?.form && f.resource === "wild-shape";
    let why = "";
    if (ends) {
      if (p?.turn?.bonus_action_used) why = "the bonus action is already taken this turn";
    } else if (left !== null && left < Math.max(f.cost ?? 1, 1)) why = "no uses left until a rest";
    else if (p && f.use === "action" && p.turn?.action_used) why = "the action is already taken this turn";
    else if (p && f.use === "bonus_action" && p.turn?.bonus_action_used) why = "the bonus action is already taken this turn";
    const label = ends ? `End ${shortName(f.name)}` : featureLabel(f, left);
    out.push({ feature: f, label, left, why, asks: ends ? "" : asks(f), ends });
  }
  return out;
}

/** featureLine says a feature on the sheet: "Rage · a bonus action · 2 left". */
export function featureLine(f: FeatureView, left: number | null = typeof f.left === "number" ? f.left : null): string {
  const how = f.told ? "told by the narrator" : HOW[f.use ?? ""] ?? "always on";
  return [f.name, how, left === null ? "" : `${left} left`].filter(Boolean).join(" · ");
}

/**
 * Beast is a shape Wild Shape may take: [id, name, challenge rating].
 * beastsFor are those a druid of level reaches (the SRD: CR 1/4 and no
 * flying or swimming speed at 2nd level, CR 1/2 and swimming at 4th, CR 1
 * and flying at 8th), the strongest first.
 */
export function beastsFor(level: number): [string, string, number][] {
  const reach = srdWildShape[Math.min(Math.max(level, 1), srdWildShape.length) - 1];
  if (!reach || reach[0] <= 0) return [];
  const [cr, swim, fly] = reach;
  return srdBeasts.filter((b) => b[2] <= cr && (!b[3] || fly) && (!b[4] || swim))
    .map(([id, name, c]) => [id, name, c] as [string, string, number])
    .sort((a, b) => b[2] - a[2] || a[1].localeCompare(b[1]));
}

/** crText is a challenge rating as the books write it: 0.25 is "1/4". */
export function crText(cr: number): string {
  return cr === 0.125 ? "1/8" : cr === 0.25 ? "1/4" : cr === 0.5 ? "1/2" : String(cr);
}

/** REACTIONS name the reactions that are not a character's features (spells, the opportunity attack). */
const REACTIONS: Record<string, string> = {
  shield: "Shield", "cutting-words": "Cutting Words", "uncanny-dodge": "Uncanny Dodge", "hellish-rebuke": "Hellish Rebuke",
  lucky: "Lucky", counterspell: "Counterspell", "opportunity-attack": "Opportunity attack", pass: "Pass",
};

/** reactionLabel says a reaction's id as a player reads it: "cutting-words" is "Cutting Words". */
export function reactionLabel(id: string): string {
  return REACTIONS[id] ?? idName(id);
}

/**
 * Offer is one answer to a reaction window as its button says it: the
 * character's feature's name and summary where the offer names one of
 * its features, else the reaction's name. onHit: it is a choice of what
 * the character's own hit does (Divine Smite, Stunning Strike).
 */
export interface Offer { name: string; label: string; summary: string; onHit: boolean; changes: string; preview: string; effect: string }

/** offerOf is the offer name to character c, from c's features where it is one. */
export function offerOf(c: Character | undefined, e: Eligible, name: string): Offer {
  const [id, option] = offerParts(name);
  const f = (c?.features ?? []).find((x) => x.id === id);
  const offered = e.offers?.find((o) => o.name === name);
  return {
    name, changes: offered?.changes ?? "", preview: offered?.preview?.text ?? "", effect: offered?.preview?.effect ?? "",
    label: f ? shortName(f.name) + optionLabel(option) : reactionLabel(name),
    summary: f?.summary ?? "",
    onHit: f?.use === "on_hit",
  };
}

/**
 * offerParts splits an offer's name into the feature's id and the way it
 * goes, after a colon: "divine-smite:2" is a 2nd-level slot's smite,
 * "open-hand-technique:prone" the technique that knocks prone.
 */
export function offerParts(name: string): [string, string] {
  const i = name.indexOf(":");
  return i < 0 ? [name, ""] : [name.slice(0, i), name.slice(i + 1)];
}

/** optionLabel says the way an offer goes: " (2nd-level slot)", " (prone)". */
function optionLabel(option: string): string {
  if (option === "") return "";
  const n = Number(option);
  if (Number.isInteger(n) && n > 0) return ` (${ordinalOf(n)}-level slot)`;
  return ` (${option.replaceAll("-", " ")})`;
}

/** ordinalOf is "1st", "2nd", "3rd", "4th". */
function ordinalOf(n: number): string {
  const tail = n % 100 >= 11 && n % 100 <= 13 ? "th" : ["th", "st", "nd", "rd"][n % 10] ?? "th";
  return `${n}${tail}`;
}

/** CHANGES say what the engine says a reaction would do to the outcome. */
const CHANGES: Record<string, string> = {
  yes: " (changes the outcome)", no: " (won't change the outcome)", unknown: " (may change the outcome)",
};

/** WindowChoice is one button of a reaction window. */
export interface WindowChoice {
  characterId: string; reaction: string; label: string; summary: string; primary: boolean;
  /** what the rules say taking it would change, and its effect word ("hit_to_miss"); "" when the server sent none */
  preview: string; effect: string;
}

/**
 * windowChoices are the buttons of a reaction window for the characters
 * mine (each with its offers and a Pass), and what the window asks: a
 * choice of what one's own hit does reads so ("Mira's hit: choose what
 * it does."), anything else as who may react. name names a character.
 */
export function windowChoices(mine: Eligible[], sheets: Record<string, Character>, name: (id: string) => string): { what: string; choices: WindowChoice[] } {
  const many = mine.length > 1;
  const choices: WindowChoice[] = [];
  let hits = 0;
  for (const e of mine) {
    const who = many ? `${name(e.character_id)}: ` : "";
    const offers = e.reactions.map((r) => offerOf(sheets[e.character_id], e, r));
    const hit = choosesOnHit(sheets[e.character_id], e);
    if (hit) hits++;
    for (const o of offers) {
      // What the hit does is chosen, not a gamble: the engine's word on
      // the outcome is left off it.
      // The rules' preview says what changes in numbers; without one the
      // engine's yes, no or maybe is all there is.
      const label = `${who}${o.label}${o.onHit || o.preview ? "" : CHANGES[o.changes] ?? ""}`;
      choices.push({ characterId: e.character_id, reaction: o.name, label, summary: o.preview ? "" : o.summary, primary: true, preview: o.preview, effect: o.effect });
    }
    const pass = hit ? "Just the hit" : "Pass";
    choices.push({ characterId: e.character_id, reaction: "pass", label: `${who}${pass}`, summary: "", primary: false, preview: "", effect: "" });
  }
  const names = mine.map((e) => name(e.character_id));
  const what = hits === mine.length && hits > 0
    ? `${listed(names.map((n) => `${n}'s hit`))}: choose what it does.`
    : `${listed(names)} may react.`;
  return { what, choices };
}

/** listed joins names as a sentence does. */
function listed(list: string[]): string {
  return list.length < 2 ? list.join("") : `${list.slice(0, -1).join(", ")} and ${list[list.length - 1]}`;
}

/** choosesOnHit reports whether everything a window offers character c is what its own hit does. */
export function choosesOnHit(c: Character | undefined, e: Eligible): boolean {
  return e.reactions.length > 0 && e.reactions.every((r) => c?.features?.some((f) => f.id === offerParts(r)[0] && f.use === "on_hit"));
}

/** featureName names a feature by id from the sheets that have it ("rage" is "Rage"). */
export function featureName(sheets: Record<string, Character>, id: string, characterId = ""): string {
  const own = sheets[characterId]?.features?.find((f) => f.id === id);
  const any = own ?? Object.values(sheets).flatMap((c) => c.features ?? []).find((f) => f.id === id);
  return any ? shortName(any.name) : idName(id);
}
