import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { numberLines, sheetGroups, shown, type SheetWorking } from "./sheetwhy";

const working: SheetWorking = {
  character_id: "mira",
  ac: { key: "ac", label: "Armor class", value: 18, terms: [{ value: 16, source: "chain mail", kind: "item" }, { value: 2, source: "shield", kind: "item" }], rule: "Armor Class" },
  saves: [{ key: "str", label: "Strength saving throw", value: 5, terms: [{ value: 3, source: "Strength", kind: "ability" }, { value: 2, source: "proficiency", kind: "proficiency" }], rule: "Saving Throws" }],
  skills: [{ key: "stealth", label: "Stealth (Dexterity)", value: -1, terms: [{ value: -1, source: "Dexterity", kind: "ability" }], rule: "Ability Checks" }],
  attacks: [],
};

describe("the sheet's working", () => {
  it("WritesAnArmorClassFromItsBase", () => {
    assert.deepEqual(numberLines(working.ac, false), ["16 chain mail", "+2 shield", "= 18", "rule: Armor Class"]);
  });
  it("WritesABonusSigned", () => {
    assert.deepEqual(numberLines(working.saves[0], true), ["+3 Strength", "+2 proficiency", "= +5", "rule: Saving Throws"]);
    assert.equal(shown(working.skills[0], true), "-1");
  });
  it("LeavesOutAttacksForACharacterWithNone", () => {
    assert.deepEqual(sheetGroups(working).map((g) => g.title), ["Defence", "Saving throws", "Skills"]);
  });
});
