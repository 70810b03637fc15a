// The character creation screen: SRD race and class, standard array or
// point buy, the derived sheet shown as the player chooses, and every
// problem explained next to the field that has it.
import { ApiError, type Api } from "./api";
import { $, $input, $select, fill, h, option } from "./dom";
import type { Abilities, Character } from "./protocol";
import {
  ABILITIES, ABILITY_NAMES, CLASSES, POINT_BUY_BUDGET, RACES, STANDARD_ARRAY,
  derive, modifier, pointsSpent, problems, signed, skillChoice, skillName, type Method,
} from "./rules";

let base: Abilities = { str: 15, dex: 14, con: 13, int: 12, wis: 10, cha: 8 };
let touched = false;
// skills are the class skills ticked; skillsOf is the class they are for.
let skills: string[] = [];
let skillsOf = "";
let campaignId = "";
let onCreated: (c: Character) => void = () => {};

function method(): Method {
  const r = document.querySelector<HTMLInputElement>('input[name="method"]:checked');
  return r && r.value === "pointbuy" ? "pointbuy" : "standard";
}

export function setupCharacter(api: Api): void {
  const race = $select("char-race"), cls = $select("char-class");
  race.append(option("", "Choose a race"), ...RACES.map((r) => option(r.id, r.subrace ? `${r.name} (${r.subrace})` : r.name)));
  cls.append(option("", "Choose a class"), ...CLASSES.map((c) => option(c.id, c.name)));
  const form = $("char-form") as HTMLFormElement;
  form.addEventListener("input", () => update());
  form.addEventListener("change", (e) => {
    const t = e.target as HTMLInputElement;
    if (t.name === "method") {
      base = t.value === "pointbuy" ? { str: 8, dex: 8, con: 8, int: 8, wis: 8, cha: 8 } : { str: 15, dex: 14, con: 13, int: 12, wis: 10, cha: 8 };
      scores();
    }
    update();
  });
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    touched = true;
    const errs = update();
    const first = Object.keys(errs)[0];
    if (first) {
      focusField(first);
      return;
    }
    const btn = $("char-create") as HTMLButtonElement;
    btn.disabled = true;
    try {
      const { character } = await api.createCharacter(campaignId, {
        name: $input("char-name").value.trim(), race: race.value, class: cls.value, abilities: base, skills,
      });
      onCreated(character);
    } catch (err) {
      if (err instanceof ApiError && err.field) {
        const f = err.field.startsWith("abilities") ? "abilities" : err.field;
        showErrors({ [f]: err.detail });
        focusField(f);
      } else {
        $("notice").textContent = (err as Error).message;
      }
    } finally {
      btn.disabled = false;
    }
  });
}

/** openCharacter shows the screen for a campaign; done runs with the new sheet. */
export function openCharacter(id: string, done: (c: Character) => void): void {
  campaignId = id;
  onCreated = done;
  touched = false;
  $input("char-name").value = "";
  skills = [];
  skillsOf = "";
  scores();
  update();
}

function focusField(f: string): void {
  const el = f === "skills" ? document.querySelector<HTMLInputElement>("#skills input")
    : document.getElementById(f === "name" || f === "race" || f === "class" ? `char-${f}` : `score-${f}`) ?? document.getElementById("score-str");
  el?.focus();
}

function scores(): void {
  const m = method();
  fill($("scores"), ABILITIES.map((a) => {
    const id = `score-${a}`;
    const control = m === "standard"
      ? h("select", { id, "aria-describedby": `err-${a}`, onchange: (e: Event) => { base = { ...base, [a]: Number((e.target as HTMLSelectElement).value) }; update(); } },
        STANDARD_ARRAY.map((v) => option(String(v), String(v), base[a] === v)))
      : h("input", { id, type: "number", min: 8, max: 15, value: base[a], "aria-describedby": `err-${a}`,
        oninput: (e: Event) => { base = { ...base, [a]: Number((e.target as HTMLInputElement).value) }; update(); } });
    return h("div", { class: "score" },
      h("label", { for: id }, ABILITY_NAMES[a]), control,
      h("span", { class: "score-final", id: `final-${a}` }),
      h("span", { class: "field-error", id: `err-${a}` }));
  }));
}

// skillBoxes offers the class's skills as boxes to tick, as many as it
// allows: the others are disabled once that many are ticked.
function skillBoxes(cls: string): void {
  const sc = skillChoice(cls);
  if (cls !== skillsOf) {
    skills = [];
    skillsOf = cls;
    $("skills").dataset.choose = String(sc.choose);
    fill($("skills"), sc.from.map((id) => h("label", { class: "inline" },
      h("input", { type: "checkbox", value: id, "aria-describedby": "err-skills", onchange: (e: Event) => {
        const box = e.target as HTMLInputElement;
        skills = box.checked ? [...skills, id] : skills.filter((s) => s !== id);
        update();
      } }), " ", skillName(id))));
  }
  for (const box of document.querySelectorAll<HTMLInputElement>("#skills input")) {
    box.disabled = !box.checked && skills.length >= sc.choose;
  }
  $("skills-hint").textContent = sc.choose ? `Choose ${sc.choose}: ${skills.length} chosen.` : "Choose a class to see its skills.";
}

function showErrors(errs: Record<string, string>): void {
  $("err-skills").textContent = errs.skills ?? "";
  for (const f of ["name", "race", "class", "abilities", ...ABILITIES]) {
    const el = document.getElementById(`err-${f}`);
    if (el) el.textContent = errs[f] ?? "";
    const input = document.getElementById(f === "name" || f === "race" || f === "class" ? `char-${f}` : `score-${f}`);
    if (input) input.setAttribute("aria-invalid", errs[f] ? "true" : "false");
  }
}

function update(): Record<string, string> {
  const m = method();
  const name = $input("char-name").value, race = $select("char-race").value, cls = $select("char-class").value;
  skillBoxes(cls);
  const errs = problems(m, name, race, cls, base, skills);
  // Say what is wrong with what was chosen as it is chosen; what is merely
  // not chosen yet waits for the first try to create.
  const shown = touched ? errs : Object.fromEntries(Object.entries(errs).filter(([k]) => !["name", "race", "class", "skills"].includes(k)));
  showErrors(shown);
  $("points").textContent = m === "pointbuy" ? `${POINT_BUY_BUDGET - pointsSpent(base)} of ${POINT_BUY_BUDGET} points left` : "Give each number to one ability.";
  const d = derive(race, cls, base);
  for (const a of ABILITIES) {
    const el = document.getElementById(`final-${a}`);
    if (el) el.textContent = d ? `${d.abilities[a]} (${signed(modifier(d.abilities[a]))})` : `${base[a]} (${signed(modifier(base[a]))})`;
  }
  if (!d) {
    fill($("derived"), h("p", { class: "hint" }, "Choose a race and a class to see your sheet."));
    return errs;
  }
  const slots = Object.entries(d.slots).map(([l, n]) => `${n} of level ${l}`).join(", ");
  fill($("derived"),
    h("dl", { class: "stats" },
      h("dt", {}, "Hit points"), h("dd", { id: "derived-hp" }, String(d.hp)),
      h("dt", {}, "Armour class"), h("dd", { id: "derived-ac" }, String(d.ac)),
      h("dt", {}, "Speed"), h("dd", {}, `${d.speed} ft`),
      h("dt", {}, "Hit die"), h("dd", {}, `d${d.hitDie}`),
      h("dt", {}, "Spell slots"), h("dd", {}, slots || "none"),
      h("dt", {}, "Skills"), h("dd", { id: "derived-skills" }, skills.map(skillName).join(", ") || "none chosen yet"),
      h("dt", {}, "Equipment"), h("dd", {}, d.equipment.join(", "))));
  return errs;
}
