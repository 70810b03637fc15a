// The sheet's numbers with their working: what GET .../characters/{cid}/working
// says of the armour class, the saves, the skills, the attacks and the spell
// save DC, laid out as lines as a roll's "why?" lays out its own.
import type { WorkingTerm } from "./protocol";
import { signed as plus } from "./rules";

/** NumberWorking is one number of the sheet and the parts the rules make it of. */
export interface NumberWorking { key: string; label: string; value: number; terms: WorkingTerm[]; rule: string }

/** SheetWorking is how the rules make every number of one character's sheet. */
export interface SheetWorking {
  character_id: string;
  ac: NumberWorking;
  saves: NumberWorking[];
  skills: NumberWorking[];
  attacks: NumberWorking[];
  spell_dc?: NumberWorking;
}

/** SheetGroup is one heading of the sheet's numbers and its rows. */
export interface SheetGroup { title: string; rows: NumberWorking[]; signed: boolean }

/** sheetGroups orders a sheet's numbers as the sheet shows them: defence, saves, attacks, skills. */
export function sheetGroups(w: SheetWorking): SheetGroup[] {
  const out: SheetGroup[] = [{ title: "Defence", rows: [w.ac, ...(w.spell_dc ? [w.spell_dc] : [])], signed: false }];
  out.push({ title: "Saving throws", rows: w.saves ?? [], signed: true });
  if (w.attacks?.length) out.push({ title: "Attacks", rows: w.attacks, signed: true });
  out.push({ title: "Skills", rows: w.skills ?? [], signed: true });
  return out;
}

/** shown is a sheet number as the sheet writes it: a bonus signed, an AC or DC bare. */
export function shown(n: NumberWorking, signed: boolean): string {
  return signed ? plus(n.value) : String(n.value);
}

/**
 * numberLines are a number's working as lines: each part with its source,
 * the first bare when the number is no bonus (AC 10 + 2 Dexterity), then
 * the total and the rule.
 */
export function numberLines(n: NumberWorking, signed: boolean): string[] {
  const out = (n.terms ?? []).map((t, i) => termText(t, i === 0 && !signed));
  if (!out.length) out.push("+0 nothing added");
  out.push(`= ${shown(n, signed)}`);
  out.push(`rule: ${n.rule}`);
  return out;
}

/** termText is one part of a number with its source: signed ("+2 shield"), or bare where it starts a number that is no bonus ("10 unarmoured"). */
export function termText(t: WorkingTerm, bare: boolean): string {
  return `${bare ? t.value : plus(t.value)} ${t.source}`;
}
