// The choices a character's features ask of its player (a fighting
// style, expertise, a draconic ancestry), as GET /api/rules/choices lists
// them, at creation and at a level up: what is asked, what is taken
// unless the player picks otherwise (the server's own default, the first
// options), and what is wrong with a pick; choiceFields and raiseSelect
// draw them. The server decides; this asks and explains.
import type { ChoiceSpec } from "./protocol";
import { fill, h, option } from "./dom";
import { idName } from "./words";
import { ABILITIES, ABILITY_NAMES } from "./rules";

export type Chosen = Record<string, string[]>;

/**
 * still are the choices left to make once have is chosen: each spec's
 * count less what have already holds under its id, from the options not
 * already taken (a level up asks only what the new level adds).
 */
export function still(specs: ChoiceSpec[] | null | undefined, have: Chosen | null | undefined): ChoiceSpec[] {
  const out: ChoiceSpec[] = [];
  for (const s of specs ?? []) {
    const had = have?.[s.id] ?? [];
    const count = s.count - had.length;
    const options = (s.options ?? []).filter((o) => !had.includes(o.id));
    if (count > 0 && options.length) out.push({ ...s, count: Math.min(count, options.length), options });
  }
  return out;
}

/**
 * defaults are what the server takes for a choice left out (the first
 * options; nothing for an optional one, whose whole list then counts),
 * kept where a pick already made is still offered, so the form shows what
 * will be taken and the player changes it.
 */
export function defaults(specs: ChoiceSpec[], picked: Chosen = {}): Chosen {
  const out: Chosen = {};
  for (const s of specs) {
    const ids = (s.options ?? []).map((o) => o.id);
    const kept = (picked[s.id] ?? []).filter((id) => ids.includes(id)).slice(0, s.count);
    out[s.id] = picked[s.id] !== undefined ? kept : s.optional ? [] : ids.slice(0, s.count);
  }
  return out;
}

/**
 * choiceProblems says, by choice id, a choice with fewer picks than it
 * asks (an optional one may have none).
 */
export function choiceProblems(specs: ChoiceSpec[], picked: Chosen): Record<string, string> {
  const out: Record<string, string> = {};
  for (const s of specs) {
    const n = (picked[s.id] ?? []).length;
    if (n !== s.count && !(s.optional && n === 0)) out[s.id] = `Choose ${s.count} (${n} chosen).`;
  }
  return out;
}

/** choiceTitle names a choice: "fighting-style" is "Fighting style". */
export function choiceTitle(s: ChoiceSpec): string {
  return idName(s.id);
}

/**
 * choiceFields draws the choices into box: one group each, a box to tick
 * per option, the others disabled once the count is ticked. onPick runs
 * with the choices as picked after each tick.
 */
export function choiceFields(box: HTMLElement, prefix: string, specs: ChoiceSpec[], picked: Chosen, errors: Record<string, string>, onPick: (c: Chosen) => void): void {
  fill(box, specs.map((s) => {
    const have = picked[s.id] ?? [];
    const err = `${prefix}-err-${s.id}`;
    return h("div", { class: "choice", role: "group", "aria-labelledby": `${prefix}-title-${s.id}`, "data-choice": s.id },
      h("p", { class: "choice-title", id: `${prefix}-title-${s.id}` },
        s.optional ? `${choiceTitle(s)}: choose ${s.count}, or none to keep the whole list` : `${choiceTitle(s)}: choose ${s.count}`),
      h("div", { class: "skills" }, (s.options ?? []).map((o) => h("label", { class: "inline" },
        h("input", {
          type: "checkbox", value: o.id, checked: have.includes(o.id), disabled: !have.includes(o.id) && have.length >= s.count,
          "aria-describedby": err,
          onchange: (e: Event) => {
            const on = (e.target as HTMLInputElement).checked;
            onPick({ ...picked, [s.id]: on ? [...have, o.id] : have.filter((x) => x !== o.id) });
          },
        }), " ", o.name))),
      h("span", { class: "field-error", id: err }, errors[s.id] ?? ""));
  }));
}

/** raiseSelect is one of an improvement's two +1s. */
export function raiseSelect(id: string, label: string, value: string, first: string): HTMLSelectElement {
  return h("select", { id, "aria-label": label }, option("", first, value === ""), ABILITIES.map((a) => option(a, `${ABILITY_NAMES[a]} +1`, a === value)));
}
