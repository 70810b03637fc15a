// What the server says, as a player reads it: refusals without their field
// and reason codes ("actor_id: not_your_turn: it is Sylwen's turn" is "Not
// your turn yet: it is Sylwen's turn."), status events in sentences, SRD
// ids by their names. Nothing here touches the DOM.
import type { Affliction, InventoryItem } from "./protocol";
import { armorNames as srdArmor, magicItems, monsters as srdMonsters, weapons as srdWeapons } from "srd";

/** sentence makes a fragment a sentence: a capital first and a stop last. */
export function sentence(s: string): string {
  const t = s.trim();
  if (!t) return "";
  const first = t.charAt(0).toUpperCase() + t.slice(1);
  return /[.!?…)]$/.test(first) ? first : `${first}.`;
}

/** bare takes the "field: reason: " labels off a server message. */
export function bare(message: string): string {
  let m = message.trim();
  for (;;) {
    const i = m.indexOf(": ");
    // A label is one word of ids: letters, digits, _ . [ ] -.
    if (i <= 0 || !/^[a-z0-9_.[\]-]+$/.test(m.slice(0, i)) || m.slice(i + 2).trim() === "") return m;
    m = m.slice(i + 2);
  }
}

const REASONS: Record<string, string> = {
  not_your_turn: "Not your turn yet",
  actor_state_restricted: "Not in this state",
  out_of_range: "Out of reach",
  no_slot: "No spell slot left for that",
  not_allowed: "Not possible now",
  invalid_args: "That cannot be done as asked",
};

const CODES: Record<string, string> = {
  unauthorized: "The server no longer takes this connection. Reconnecting…",
  rate_limited: "Too many actions at once: wait a moment and try again.",
  unavailable: "The server is busy. Try again in a moment.",
  internal: "Something went wrong on the server. Try again; if it keeps happening, reload the page.",
  read_only: "This campaign is concluded: it can be read, not played.",
  too_large: "That is too long to send.",
  offline: "The server cannot be reached. Check the connection and try again.",
};

/**
 * playerMessage is an error as a player reads it. A refusal by the rules
 * keeps the rules' explanation, led by what kind of refusal it is; the
 * codes with nothing a player can use in their text get a plain sentence.
 */
export function playerMessage(code: string, message: string, reason?: string): string {
  if (CODES[code] && (code !== "read_only" || !message)) return CODES[code];
  let reasonOf = reason ?? "";
  // Some servers put the reason only in the message: "intent: no_slot: ...".
  if (!reasonOf) {
    for (const r of Object.keys(REASONS)) if (message.includes(`${r}: `)) reasonOf = r;
  }
  const detail = sentence(bare(message));
  const lead = REASONS[reasonOf];
  if (!detail) return lead ? `${lead}.` : "That did not work.";
  if (!lead || reasonOf === "actor_state_restricted") return detail;
  return `${lead}: ${detail.charAt(0).toLowerCase()}${detail.slice(1)}`;
}

/** sessionText says what a session event changed. */
export function sessionText(status: string, endReason?: string): string {
  if (status === "active") return "The session is open.";
  if (status === "concluded") return "The campaign is concluded. It stays here to read.";
  if (endReason === "connection_lost") return "The session paused: everyone had left the table. Resume it to play on.";
  if (endReason === "player_ended") return "The session has ended. Anyone at the table can resume it.";
  return "The session is paused. Resume it to play on.";
}

/** encounterEndText tells the table how a fight ended. */
export function encounterEndText(outcome: string | undefined, xpEach?: number): string {
  const xp = xpEach ? ` Each survivor earns ${xpEach} XP.` : "";
  switch (outcome) {
    case "victory": return `Victory! The fight is over.${xp}`;
    case "defeat": return `Defeat: the party has fallen.${xp}`;
    case "fled": return `The party got away: the fight is over.${xp}`;
    case "negotiated": return `The fight ends in a truce.${xp}`;
  }
  return `The fight is over.${xp}`;
}

/** statusLabel names a campaign's status for its pill. */
export function statusLabel(status: string): string {
  switch (status) {
    case "active": return "active";
    case "paused": return "paused";
    case "concluded": return "concluded";
    case "abandoned": return "abandoned";
  }
  return status;
}

/**
 * Equipment is what a character carries, by SRD names: weapons and armour
 * apart. does is what a magic one does for the character now, as the
 * server says it ("+3 Str → 19"), where it says so.
 */
export interface Equipment {
  weapons: { id: string; name: string; does?: string }[];
  armour: { id: string; name: string; does?: string }[];
  other: { id: string; name: string; qty: number }[];
  /** the magic items in their own right (a ring, a wand): whether one needs attunement and has it, its charges left */
  magic: { id: string; name: string; attune: boolean; attuned: boolean; charges: number; left: number; does?: string }[];
}

/** idName is an id said as words, for what the SRD does not name: "healers-kit" is "Healers kit". */
export function idName(id: string): string {
  const w = id.replace(/[-_]+/g, " ").trim();
  return w.charAt(0).toUpperCase() + w.slice(1);
}

/** equipment sorts what a character carries into weapons, armour and the rest, by SRD names. */
export function equipment(inventory: InventoryItem[] | null | undefined): Equipment {
  const e: Equipment = { weapons: [], armour: [], other: [], magic: [] };
  const seen = new Set<string>();
  for (const it of inventory ?? []) {
    const { item, qty } = it;
    const key = `${item}/${it.magic ?? ""}`;
    if (qty <= 0 || seen.has(key)) continue;
    seen.add(key);
    // A magic weapon or armour goes by the name the server gives it ("Longsword, +1").
    const named = it.magic && it.name ? it.name : undefined;
    const magic = magicItems[item];
    const does = it.does ? { does: it.does } : {};
    if (srdWeapons[item]) e.weapons.push({ id: item, name: named ?? srdWeapons[item], ...does });
    else if (srdArmor[item]) e.armour.push({ id: item, name: named ?? srdArmor[item], ...does });
    else if (magic) e.magic.push({ id: item, name: magic[0], attune: magic[1] === 1, attuned: !!it.attuned, charges: magic[2], left: Math.max(magic[2] - (it.used ?? 0), 0), ...does });
    // Magic ammunition ("Arrow, +1") is a magic item carried by the piece.
    else if (named) e.magic.push({ id: item, name: qty > 1 ? `${named} ×${qty}` : named, attune: false, attuned: false, charges: 0, left: 0, ...does });
    else e.other.push({ id: item, name: idName(item), qty });
  }
  return e;
}

/**
 * gear are a character's weapons, armour and magic items as the party
 * panel lists them: each by its SRD name, with what a magic one does, its
 * attunement and its charges left, "Gauntlets of Ogre Power (attuned, +3
 * Str → 19)".
 */
export function gear(inventory: InventoryItem[] | null | undefined): string[] {
  const e = equipment(inventory);
  const noted = (name: string, notes: (string | undefined)[]) => {
    const said = notes.filter(Boolean);
    return said.length ? `${name} (${said.join(", ")})` : name;
  };
  return [
    ...[...e.weapons, ...e.armour].map((x) => noted(x.name, [x.does])),
    ...e.magic.map((m) => noted(m.name, [m.attuned ? "attuned" : m.attune ? "not attuned" : "", m.does, m.charges ? `${m.left}/${m.charges} charges` : ""])),
  ];
}

let monsterNames: Map<string, string> | undefined;

/** monsterName is an SRD monster's name by its id; a homebrew one's id in words. */
export function monsterName(id: string): string {
  monsterNames ??= new Map(srdMonsters.map(([mid, name]) => [mid, name]));
  return monsterNames.get(id) ?? idName(id);
}

/** What ends each kind of affliction (shared/rules/spell/afflict.go). */
const afflictionEnds: Record<string, string> = {
  curse: "Remove Curse or Greater Restoration ends it",
  disease: "Lesser Restoration ends it",
  reduction: "Greater Restoration gives it back",
};

/**
 * afflictionTag is a curse, disease or lowered maximum as the party panel
 * tags it: its name, with what it took of the hit point maximum, and a
 * title saying whose hit left it, what it does and what ends it, from what
 * the sheet carries.
 */
export function afflictionTag(a: Affliction): { text: string; title: string } {
  const took = Math.max(a.reduced ?? 0, 0);
  const text = a.kind === "reduction" && took ? `reduced −${took} max HP` : `${a.name}${took ? ` −${took} max HP` : ""}`;
  // A were-creature by its kind, not the form it bit in: "a Werewolf".
  const who = a.from ? monsterName(a.from).replace(/, [\w ]+ Form$/, "") : "";
  const from = who ? ` from ${/^[AEIOU]/i.test(who) ? "an" : "a"} ${who}` : "";
  const what = a.name === a.kind ? `A ${a.kind}${from}`
    : a.kind === "curse" || a.kind === "disease" ? `${capital(a.name)}, a ${a.kind}${from}`
      : `${capital(a.name)}${from ? `,${from}` : ""}`;
  const does = [
    a.no_healing === "all" ? "no hit points can be regained" : "",
    a.no_healing === "nonmagical" ? "only magic restores hit points (no rest, no hit die)" : "",
    a.daily ? `the hit point maximum drops ${a.daily} every 24 hours` : "",
    took ? `it has taken ${took} of the hit point maximum` : "",
  ].filter(Boolean);
  const ends = afflictionEnds[a.kind];
  return { text, title: `${what}${does.length ? `: ${does.join("; ")}` : ""}.${ends ? ` ${ends}; a long rest does not.` : ""}` };
}

function capital(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** weaponName is a weapon's SRD name, from its id or its name. */
export function weaponName(id: string): string {
  return srdWeapons[id] ?? idName(id);
}

/**
 * actionLine heads a turn: "Mira: I search the desk"; a turn the rules
 * played for nobody's words ("(Goblin 1's turn)", "(Mira is dying: a death
 * saving throw)") is its label alone, not "Goblin 1: (Goblin 1's turn)".
 */
export function actionLine(actor: string, action: string): string {
  if (rulesPlayed(action)) return sentence(action.trim().slice(1, -1).replace(/^the /, ""));
  return `${actor || "The table"}: ${action}`;
}

/**
 * rulesPlayed tells a turn the rules played for nobody's words by the
 * label the server gives it; a player's own "(...)" aside is not one.
 */
export function rulesPlayed(action: string): boolean {
  return /^\((?:the )?.+(?:'s turn|'s legendary action| is dying: a death saving throw| cannot act| keeps their guard up|fight is over)\)$/.test(action.trim());
}
