// What a player sees while making a character: the SRD races and classes and
// the sheet the server will derive from the choice (shared/campaign's
// NewCharacter.Build), shown before it is sent. The server decides; this
// only previews and explains, field by field.
import { armor as srdArmor, classLevels, classSkills } from "srd";
import type { Abilities, FightEffect } from "./protocol";

export const ABILITIES = ["str", "dex", "con", "int", "wis", "cha"] as const;
export type Ability = (typeof ABILITIES)[number];
export const ABILITY_NAMES: Record<Ability, string> = {
  str: "Strength", dex: "Dexterity", con: "Constitution", int: "Intelligence", wis: "Wisdom", cha: "Charisma",
};

/**
 * Race is an SRD race as character creation offers it. bonuses are its
 * ability score increases with its SRD subrace's (the server takes the one
 * subrace the SRD gives each race); choose is a half-elf's +1 to that many
 * other scores, which the server gives to the highest (campaign's
 * racialIncreases).
 */
export interface Race { id: string; name: string; speed: number; bonuses: Partial<Abilities>; subrace?: string; choose?: number }
/** Class is an SRD class as character creation offers it; armor are the SRD ids of its starting armour. */
export interface Class { id: string; name: string; hitDie: number; caster: "" | "full" | "half" | "pact"; equipment: string[]; armor?: string[] }

export const RACES: Race[] = [
  { id: "dragonborn", name: "Dragonborn", speed: 30, bonuses: { str: 2, cha: 1 } },
  { id: "dwarf", name: "Dwarf", speed: 25, bonuses: { con: 2, wis: 1 }, subrace: "Hill Dwarf" },
  { id: "elf", name: "Elf", speed: 30, bonuses: { dex: 2, int: 1 }, subrace: "High Elf" },
  { id: "gnome", name: "Gnome", speed: 25, bonuses: { int: 2, con: 1 }, subrace: "Rock Gnome" },
  { id: "half-elf", name: "Half-Elf", speed: 30, bonuses: { cha: 2 }, choose: 2 },
  { id: "half-orc", name: "Half-Orc", speed: 30, bonuses: { str: 2, con: 1 } },
  { id: "halfling", name: "Halfling", speed: 25, bonuses: { dex: 2, cha: 1 }, subrace: "Lightfoot Halfling" },
  { id: "human", name: "Human", speed: 30, bonuses: { str: 1, dex: 1, con: 1, int: 1, wis: 1, cha: 1 } },
  { id: "tiefling", name: "Tiefling", speed: 30, bonuses: { int: 1, cha: 2 } },
];

export const CLASSES: Class[] = [
  { id: "barbarian", name: "Barbarian", hitDie: 12, caster: "", equipment: ["greataxe", "handaxe ×2"] },
  { id: "bard", name: "Bard", hitDie: 8, caster: "full", equipment: ["rapier", "dagger", "leather armor"], armor: ["leather-armor"] },
  { id: "cleric", name: "Cleric", hitDie: 8, caster: "full", equipment: ["mace", "scale mail", "shield"], armor: ["scale-mail", "shield"] },
  { id: "druid", name: "Druid", hitDie: 8, caster: "full", equipment: ["scimitar", "leather armor", "shield"], armor: ["leather-armor", "shield"] },
  { id: "fighter", name: "Fighter", hitDie: 10, caster: "", equipment: ["longsword", "light crossbow", "chain mail"], armor: ["chain-mail"] },
  { id: "monk", name: "Monk", hitDie: 8, caster: "", equipment: ["shortsword"] },
  { id: "paladin", name: "Paladin", hitDie: 10, caster: "half", equipment: ["longsword", "javelin ×5", "chain mail"], armor: ["chain-mail"] },
  { id: "ranger", name: "Ranger", hitDie: 10, caster: "half", equipment: ["shortsword ×2", "longbow", "scale mail"], armor: ["scale-mail"] },
  { id: "rogue", name: "Rogue", hitDie: 8, caster: "", equipment: ["rapier", "shortbow", "leather armor"], armor: ["leather-armor"] },
  { id: "sorcerer", name: "Sorcerer", hitDie: 6, caster: "full", equipment: ["light crossbow", "dagger ×2"] },
  { id: "warlock", name: "Warlock", hitDie: 8, caster: "pact", equipment: ["light crossbow", "dagger ×2", "leather armor"], armor: ["leather-armor"] },
  { id: "wizard", name: "Wizard", hitDie: 6, caster: "full", equipment: ["quarterstaff", "dagger"] },
];

export const STANDARD_ARRAY = [15, 14, 13, 12, 10, 8];
export const POINT_BUY_BUDGET = 27;
const POINT_COST: Record<number, number> = { 8: 0, 9: 1, 10: 2, 11: 3, 12: 4, 13: 5, 14: 7, 15: 9 };

export function modifier(score: number): number {
  return Math.floor((score - 10) / 2);
}

export function signed(n: number): string {
  return n >= 0 ? `+${n}` : `${n}`;
}

export function pointsSpent(base: Abilities): number {
  return ABILITIES.reduce((s, a) => s + (POINT_COST[base[a]] ?? 0), 0);
}

export type Method = "standard" | "pointbuy";

/** skillChoice is how many skills a class's new character chooses, and from which. */
export function skillChoice(cls: string): { choose: number; from: string[] } {
  const c = classSkills[cls];
  return c ? { choose: c[0], from: c[1] } : { choose: 0, from: [] };
}

/** skillName is a skill id as the sheet shows it: "sleight-of-hand" -> "Sleight of Hand". */
export function skillName(id: string): string {
  return id.split("-").map((w) => (w === "of" ? w : w[0].toUpperCase() + w.slice(1))).join(" ");
}

/** problems returns what is wrong with a choice, by field (ability or "name", "race", "class", "abilities", "skills"). */
export function problems(method: Method, name: string, race: string, cls: string, base: Abilities, skills: string[] = []): Record<string, string> {
  const out: Record<string, string> = {};
  const sc = skillChoice(cls);
  if (sc.choose > 0 && skills.length !== sc.choose) out.skills = `Choose ${sc.choose} skills (${skills.length} chosen).`;
  else if (skills.some((s) => !sc.from.includes(s))) out.skills = "Choose from your class's skills.";
  const n = name.trim();
  if (!n) out.name = "Give your character a name.";
  else if ([...n].length > 60) out.name = "At most 60 characters.";
  if (!RACES.some((r) => r.id === race)) out.race = "Choose a race.";
  if (!CLASSES.some((c) => c.id === cls)) out.class = "Choose a class.";
  if (method === "standard") {
    const left = STANDARD_ARRAY.slice();
    for (const a of ABILITIES) {
      const i = left.indexOf(base[a]);
      if (i < 0) out[a] = `${base[a]} is already used: each of ${STANDARD_ARRAY.join(", ")} goes to one ability.`;
      else left.splice(i, 1);
    }
  } else {
    for (const a of ABILITIES) {
      if (!(base[a] in POINT_COST)) out[a] = "Point buy scores are 8 to 15.";
    }
    const spent = pointsSpent(base);
    if (spent > POINT_BUY_BUDGET) out.abilities = `${spent} points spent; the budget is ${POINT_BUY_BUDGET}.`;
  }
  return out;
}

/** Raise is one ability score improvement as picked: two +1s (the same twice is +2), or neither for the default. */
export type Raise = [string, string];

/**
 * defaultRaise is the server's improvement when none is asked
 * (campaign.defaultIncrease): +2 to the highest score below 20, the
 * earlier on the sheet on a tie, or +1 to it and the next below 20 where
 * only one point of room is left.
 */
export function defaultRaise(ab: Abilities): Record<string, number> {
  let best = "";
  for (const a of ABILITIES) if (ab[a] < 20 && (best === "" || ab[a] > ab[best as keyof Abilities])) best = a;
  if (!best) return {};
  if (20 - ab[best as keyof Abilities] >= 2) return { [best]: 2 };
  const next = ABILITIES.find((a) => a !== best && ab[a] < 20);
  return next ? { [best]: 1, [next]: 1 } : { [best]: 1 };
}

/**
 * raised applies the improvements of a new character above level 1, in
 * order: each picked one, or the default where none is picked. It returns
 * the scores, each improvement as the server takes it, and the problems
 * by index (one +1 without its second, a score above 20).
 */
export function raised(ab: Abilities, picks: Raise[]): { abilities: Abilities; increases: Record<string, number>[]; problems: Record<number, string> } {
  let cur = { ...ab };
  const increases: Record<string, number>[] = [];
  const problems: Record<number, string> = {};
  picks.forEach(([a, b], i) => {
    let inc: Record<string, number>;
    if (!a && !b) inc = defaultRaise(cur);
    else if (!a || !b) {
      problems[i] = "Choose a second score to raise by 1, or the same one again for +2.";
      inc = {};
    } else inc = a === b ? { [a]: 2 } : { [a]: 1, [b]: 1 };
    const next = { ...cur };
    for (const [k, n] of Object.entries(inc)) next[k as keyof Abilities] += n;
    const over = ABILITIES.find((k) => next[k] > 20);
    if (over) problems[i] = `${ABILITY_NAMES[over]} would be above 20.`;
    else cur = next;
    increases.push(inc);
  });
  return { abilities: cur, increases, problems };
}

export interface Derived {
  abilities: Abilities;
  hp: number;
  ac: number;
  speed: number;
  slots: Record<string, number>;
  hitDie: number;
  equipment: string[];
  /** each ability score improvement as the server takes it, in order */
  increases: Record<string, number>[];
  /** what is wrong with an improvement picked, by its index */
  raiseProblems: Record<number, string>;
}

/** asiLevels are the class's levels up to level that bring an ability score improvement. */
export function asiLevels(cls: string, level: number): number[] {
  return (classLevels[cls] ?? []).slice(0, level).flatMap(([, asi], i) => (asi ? [i + 1] : []));
}

/** slotsAt are the class's spell slots at level, by spell level (campaign's spellSlots). */
export function slotsAt(cls: string, level: number): Record<string, number> {
  const out: Record<string, number> = {};
  (classLevels[cls]?.[level - 1]?.[0] ?? []).forEach((n, i) => { if (n > 0) out[String(i + 1)] = n; });
  return out;
}

/**
 * derive is the sheet the server builds from the choice
 * (NewCharacter.Build): racial increases, then each ability score
 * improvement up to level (picks, or the server's default), the hit
 * points of every level (the fixed value after the first, at least 1 a
 * level, a hill dwarf's 1 more each), the slots of the level.
 */
export function derive(race: string, cls: string, base: Abilities, level = 1, picks: Raise[] = []): Derived | null {
  const r = RACES.find((x) => x.id === race);
  const c = CLASSES.find((x) => x.id === cls);
  if (!r || !c) return null;
  const racial = { ...base };
  for (const a of ABILITIES) racial[a] += r.bonuses[a] ?? 0;
  // A half-elf's +1s: the highest base scores but Charisma, the earlier on the sheet on a tie.
  const others = ABILITIES.filter((a) => a !== "cha").sort((a, b) => base[b] - base[a]);
  for (const a of others.slice(0, r.choose ?? 0)) racial[a] += 1;
  const asis = asiLevels(cls, level);
  const up = raised(racial, asis.map((_, i) => picks[i] ?? ["", ""]));
  const abilities = up.abilities;
  const con = modifier(abilities.con);
  let hp = Math.max(c.hitDie + con + (level - 1) * (c.hitDie / 2 + 1 + con), level);
  if (r.id === "dwarf") hp += level; // Dwarven Toughness (the hill dwarf's)
  const heavy = (c.armor ?? []).some((id) => abilities.str < (srdArmor[id]?.[3] ?? 0));
  const speed = heavy && r.id !== "dwarf" ? r.speed - 10 : r.speed;
  return {
    abilities, hp, ac: armorClass(c, abilities), speed, slots: slotsAt(cls, level), hitDie: c.hitDie, equipment: c.equipment,
    increases: up.increases, raiseProblems: up.problems,
  };
}

/** armorClass is campaign.ArmorClass for a class's starting armour, from the SRD's armour table. */
export function armorClass(c: Class, ab: Abilities): number {
  const dex = modifier(ab.dex);
  let best = -1, shield = false;
  for (const id of c.armor ?? []) {
    const a = srdArmor[id];
    if (!a) continue;
    if (a[0] === "shield") shield = true;
    else best = Math.max(best, a[1] + (a[2] === 0 ? 0 : Math.min(dex, a[2])));
  }
  if (best < 0) {
    best = 10 + dex;
    if (c.id === "barbarian") best += modifier(ab.con);
    else if (c.id === "monk" && !shield) best += modifier(ab.wis);
  }
  return best + (shield ? 2 : 0);
}

export const SKILLS: [string, Ability][] = [
  ["acrobatics", "dex"], ["animal-handling", "wis"], ["arcana", "int"], ["athletics", "str"],
  ["deception", "cha"], ["history", "int"], ["insight", "wis"], ["intimidation", "cha"],
  ["investigation", "int"], ["medicine", "wis"], ["nature", "int"], ["perception", "wis"],
  ["performance", "cha"], ["persuasion", "cha"], ["religion", "int"], ["sleight-of-hand", "dex"],
  ["stealth", "dex"], ["survival", "wis"],
];

/**
 * timeLeft tells how much game time an effect has left at clock, both in
 * game seconds: "8 h", "1 h 30 min", "10 min", "6 s"; "" for an effect
 * with no end by time (until is absent) and "ending" once it is due.
 */
export function timeLeft(until: number | undefined, clock: number): string {
  if (!until) return "";
  const s = until - clock;
  if (s <= 0) return "ending";
  const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60);
  if (h > 0) return m > 0 ? `${h} h ${m} min` : `${h} h`;
  if (m > 0) return `${m} min`;
  return `${s} s`;
}

/** effectName is an effect's spell as a player reads it: "mage-armor" is "Mage Armor". */
export function effectName(spell: string): string {
  return spell.split("-").map((w) => (w ? w[0].toUpperCase() + w.slice(1) : w)).join(" ");
}

/** FightTag is one thing the fight's order shows of a participant. */
export interface FightTag { text: string; title: string }

/**
 * fightTags are participant id's conditions, each titled with what holds
 * it, and what else holds it in the fight: an area it stands in, a wound,
 * the creature it is inside ("inside Purple Worm 1"); the same words once.
 * Concentration is its caster's, not a state of the target's.
 */
export function fightTags(id: string, conditions: string[] | null | undefined, effects: FightEffect[] | null | undefined): FightTag[] {
  const fx = (effects ?? []).filter((x) => x.target_id === id && x.id !== "concentration");
  const why = (x: FightEffect) => [x.note || effectName(x.spell), x.ends].filter(Boolean).join(", ");
  const tags: FightTag[] = (conditions ?? []).map((c) => {
    const by = fx.find((x) => x.condition === c);
    return { text: c, title: by ? why(by) : "" };
  });
  for (const x of fx) {
    // A condition's own effect is told by its condition's tag; a swallow's
    // is told by where the creature is.
    if (x.condition && x.id !== "swallowed") continue;
    const text = x.note && x.note.length <= 40 ? x.note : effectName(x.spell);
    if (!tags.some((t) => t.text === text)) tags.push({ text, title: why(x) });
  }
  return tags;
}
