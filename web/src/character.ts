// The character creation screen: SRD race, class and level, standard
// array or point buy, the choices the class and race ask (GET
// /api/rules/choices) and the level's ability score improvements, the
// derived sheet shown as the player chooses, and every problem explained
// next to the field that has it.
import { ApiError, type Api } from "./api";
import { choiceFields, choiceProblems, defaults, raiseSelect, type Chosen } from "./choices";
import { $, $input, $select, fill, h, option } from "./dom";
import type { Abilities, Character, ChoiceSpec } from "./protocol";
import {
  ABILITIES, ABILITY_NAMES, CLASSES, POINT_BUY_BUDGET, RACES, STANDARD_ARRAY,
  asiLevels, derive, modifier, pointsSpent, problems, signed, skillChoice, skillName, type Method, type Raise,
} from "./rules";

let base: Abilities = { str: 15, dex: 14, con: 13, int: 12, wis: 10, cha: 8 };
let touched = false;
// skills are the class skills ticked; skillsOf is the class they are for.
let skills: string[] = [];
let skillsOf = "";
let campaignId = "";
let onCreated: (c: Character) => void = () => {};
let api: Api;
// asked is what the server asks of this class, race, level and skills
// (its key); picked what the player chose of it; raises the ability
// score improvements picked, one per improvement the level brings.
let asked: { key: string; subclass: string; specs: ChoiceSpec[]; error: string } = { key: "", subclass: "", specs: [], error: "" };
let asking = "";
let askDone: Promise<void> = Promise.resolve();
let picked: Chosen = {};
let raises: Raise[] = [];

function method(): Method {
  const r = document.querySelector<HTMLInputElement>('input[name="method"]:checked');
  return r && r.value === "pointbuy" ? "pointbuy" : "standard";
}

export function setupCharacter(a: Api): void {
  api = a;
  const race = $select("char-race"), cls = $select("char-class");
  fill($select("char-level"), Array.from({ length: 20 }, (_, i) => option(String(i + 1), `Level ${i + 1}`, i === 0)));
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
    const first = Object.keys(update())[0];
    if (first) {
      focusField(first);
      return;
    }
    const btn = $("char-create") as HTMLButtonElement;
    btn.disabled = true;
    try {
      // What the class and level ask is read as they are chosen: a form
      // sent while the answer is on its way waits for it, and is checked
      // again with it.
      if (asking !== asked.key) {
        $("choices-hint").textContent = "Reading the choices of this class and level…";
        await askDone;
        const again = Object.keys(update())[0];
        if (again) {
          focusField(again);
          return;
        }
      }
      const level = Number($select("char-level").value);
      const d = derive(race.value, cls.value, base, level, raises);
      const { character } = await api.createCharacter(campaignId, {
        name: $input("char-name").value.trim(), race: race.value, class: cls.value, level, abilities: base, skills,
        ...(asked.subclass ? { subclass: asked.subclass } : {}),
        ...(Object.keys(picked).length ? { choices: picked } : {}),
        ...(d && d.increases.length ? { increases: d.increases } : {}),
      });
      onCreated(character);
    } catch (err) {
      if (err instanceof ApiError && err.field) {
        const f = err.field.startsWith("abilities") ? "abilities" : err.field.startsWith("increases") ? err.field.replace(/^increases$/, "increases[0]") : err.field;
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
  picked = {};
  raises = [];
  asked = { key: "", subclass: "", specs: [], error: "" };
  asking = "";
  $("asis").dataset.levels = "";
  $select("char-level").value = "1";
  drawChoices();
  scores();
  update();
}

function focusField(f: string): void {
  const choice = /^choices\.(.+)$/.exec(f), raise = /^increases\[(\d+)\]$/.exec(f);
  const el = f === "skills" ? document.querySelector<HTMLInputElement>("#skills input")
    : choice ? document.querySelector<HTMLInputElement>(`#choices [data-choice="${CSS.escape(choice[1])}"] input:not(:disabled)`)
      : raise ? document.getElementById(`asi-${raise[1]}-a`)
        : document.getElementById(["name", "race", "class", "level"].includes(f) ? `char-${f}` : `score-${f}`) ?? document.getElementById("score-str");
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
  for (const f of ["name", "race", "class", "level", "abilities", ...ABILITIES]) {
    const el = document.getElementById(`err-${f}`);
    if (el) el.textContent = errs[f] ?? "";
    const input = document.getElementById(["name", "race", "class", "level"].includes(f) ? `char-${f}` : `score-${f}`);
    if (input) input.setAttribute("aria-invalid", errs[f] ? "true" : "false");
  }
  for (const el of document.querySelectorAll<HTMLElement>("#choices [data-choice]")) {
    const err = el.querySelector(".field-error");
    if (err) err.textContent = errs[`choices.${el.dataset.choice}`] ?? "";
  }
  for (const el of document.querySelectorAll<HTMLElement>("#asis [data-asi]")) {
    const err = el.querySelector(".field-error");
    if (err) err.textContent = errs[`increases[${el.dataset.asi}]`] ?? "";
  }
  $("choices-hint").textContent = errs.choices ?? (asked.error || $("choices-hint").dataset.hint || "");
}

// ask fetches what the class, race and level ask the player to choose,
// when that changed; the answer to an older question is dropped.
function ask(race: string, cls: string, level: number): void {
  const sc = skillChoice(cls);
  const whole = skills.length === sc.choose;
  const key = race && cls ? `${cls}|${race}|${level}|${whole ? skills.join(",") : ""}` : "";
  if (key === asked.key || key === asking) return;
  asking = key;
  if (!key) {
    asked = { key, subclass: "", specs: [], error: "" };
    drawChoices();
    return;
  }
  askDone = api.ruleChoices(cls, race, level, whole ? skills : []).then(
    (r) => ({ subclass: r.subclass, specs: r.choices ?? [], error: "" }),
    (err: unknown) => ({ subclass: "", specs: [] as ChoiceSpec[], error: `The choices could not be read: ${(err as Error).message}` }),
  ).then((r) => {
    if (asking !== key) return;
    asked = { key, ...r };
    picked = defaults(asked.specs, picked);
    drawChoices();
    update();
  });
}

// drawChoices shows the choices asked, each with the server's default
// ticked; expertise waits for the skills it is chosen among.
function drawChoices(): void {
  const waiting = skills.length !== skillChoice($select("char-class").value).choose;
  const specs = asked.specs.filter((s) => !(waiting && s.id === "expertise"));
  $("choices-set").hidden = !asked.specs.length && !asked.subclass && !asked.error;
  const hint = [
    asked.subclass ? `Subclass: ${skillName(asked.subclass)} (the SRD's one for the class).` : "",
    waiting && specs.length < asked.specs.length ? "Choose your skills first: expertise is chosen among them." : "",
  ].filter(Boolean).join(" ");
  $("choices-hint").dataset.hint = hint;
  $("choices-hint").textContent = asked.error || hint;
  choiceFields($("choices"), "char", specs, picked, {}, (c) => { picked = c; drawChoices(); update(); });
}

// drawRaises offers one improvement a level of it the character reaches.
function drawRaises(cls: string, level: number): void {
  const at = asiLevels(cls, level);
  raises = at.map((_, i) => raises[i] ?? ["", ""]);
  $("asi-set").hidden = at.length === 0;
  const box = $("asis");
  if (box.dataset.levels === at.join(",")) return;
  box.dataset.levels = at.join(",");
  fill(box, at.map((l, i) => h("div", { class: "asi", "data-asi": i },
    h("p", { class: "choice-title" }, `Level ${l}`),
    h("div", { class: "bar" }, [0, 1].map((j) => {
      const sel = raiseSelect(`asi-${i}-${j ? "b" : "a"}`, `Level ${l}: ${j ? "second" : "first"} ability +1`, raises[i][j], "+1 to… (the default)");
      sel.onchange = () => { const r: Raise = [...raises[i]]; r[j] = sel.value; raises[i] = r; update(); };
      return sel;
    })),
    h("span", { class: "field-error" }))));
}

function update(): Record<string, string> {
  const m = method();
  const name = $input("char-name").value, race = $select("char-race").value, cls = $select("char-class").value;
  const level = Number($select("char-level").value) || 1;
  skillBoxes(cls);
  ask(race, cls, level);
  drawRaises(cls, level);
  const errs = problems(m, name, race, cls, base, skills);
  const shownSpecs = asked.specs.filter((s) => s.id !== "expertise" || skills.length === skillChoice(cls).choose);
  for (const [id, e] of Object.entries(choiceProblems(shownSpecs, picked))) errs[`choices.${id}`] = e;
  const d = derive(race, cls, base, level, raises);
  for (const [i, e] of Object.entries(d?.raiseProblems ?? {})) errs[`increases[${i}]`] = e;
  // Say what is wrong with what was chosen as it is chosen; what is merely
  // not chosen yet waits for the first try to create.
  const shown = touched ? errs : Object.fromEntries(Object.entries(errs).filter(([k]) => !["name", "race", "class", "skills"].includes(k)));
  showErrors(shown);
  $("points").textContent = m === "pointbuy" ? `${POINT_BUY_BUDGET - pointsSpent(base)} of ${POINT_BUY_BUDGET} points left` : "Give each number to one ability.";
  for (const a of ABILITIES) {
    const el = document.getElementById(`final-${a}`);
    if (el) el.textContent = d ? `${d.abilities[a]} (${signed(modifier(d.abilities[a]))})` : `${base[a]} (${signed(modifier(base[a]))})`;
  }
  if (!d) {
    fill($("derived"), h("p", { class: "hint" }, "Choose a race and a class to see your sheet."));
    return errs;
  }
  const slots = Object.entries(d.slots).map(([l, n]) => `${n} of level ${l}`).join(", ");
  const names = new Map(asked.specs.flatMap((sp) => (sp.options ?? []).map((o) => [o.id, o.name] as [string, string])));
  const chosen = Object.values(picked).flat().map((id) => names.get(id) ?? id);
  fill($("derived"),
    h("dl", { class: "stats" },
      h("dt", {}, "Level"), h("dd", {}, String(level)),
      h("dt", {}, "Hit points"), h("dd", { id: "derived-hp" }, String(d.hp)),
      h("dt", {}, "Armour class"), h("dd", { id: "derived-ac" }, String(d.ac)),
      h("dt", {}, "Speed"), h("dd", {}, `${d.speed} ft`),
      h("dt", {}, "Hit die"), h("dd", {}, `d${d.hitDie}`),
      h("dt", {}, "Spell slots"), h("dd", {}, slots || "none"),
      h("dt", {}, "Skills"), h("dd", { id: "derived-skills" }, skills.map(skillName).join(", ") || "none chosen yet"),
      chosen.length ? [h("dt", {}, "Chosen"), h("dd", { id: "derived-choices" }, chosen.join(", "))] : null,
      h("dt", {}, "Equipment"), h("dd", {}, d.equipment.join(", "))));
  return errs;
}
