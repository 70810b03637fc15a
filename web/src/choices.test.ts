import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { ChoiceSpec } from "./protocol";
import { choiceProblems, choiceTitle, defaults, still } from "./choices";

const style: ChoiceSpec = {
  id: "fighting-style", count: 1, by: ["fighter-fighting-style"],
  options: [{ id: "fighter-fighting-style-archery", name: "Fighting Style: Archery" }, { id: "fighter-fighting-style-defense", name: "Fighting Style: Defense" }],
};
const expertise: ChoiceSpec = {
  id: "expertise", count: 4, by: ["rogue-expertise-1", "rogue-expertise-2"],
  options: ["acrobatics", "deception", "perception", "stealth"].map((id) => ({ id, name: id })),
};

describe("creation and level-up choices", () => {
  it("TicksWhatTheServerWouldTakeUntilThePlayerPicks", () => {
    // campaign.choose: a choice left short takes the first options.
    assert.deepEqual(defaults([style]), { "fighting-style": ["fighter-fighting-style-archery"] });
    assert.deepEqual(defaults([style], { "fighting-style": ["fighter-fighting-style-defense"] }), { "fighting-style": ["fighter-fighting-style-defense"] });
    assert.deepEqual(defaults([style], { "fighting-style": ["gone"] }), { "fighting-style": [] }, "a pick no longer offered is dropped");
  });

  it("SaysAChoiceLeftShort", () => {
    assert.deepEqual(choiceProblems([style], { "fighting-style": [] }), { "fighting-style": "Choose 1 (0 chosen)." });
    assert.deepEqual(choiceProblems([style], defaults([style])), {});
  });

  it("AsksALevelUpOnlyWhatTheNewLevelAdds", () => {
    // GET /api/rules/choices counts a choice in all (a rogue's expertise:
    // 2 at 1st level, 4 at 6th); the sheet has what it chose before.
    const left = still([style, expertise], { "fighting-style": ["fighter-fighting-style-defense"], expertise: ["stealth", "perception"] });
    assert.deepEqual(left.map((s) => [s.id, s.count, (s.options ?? []).map((o) => o.id)]), [["expertise", 2, ["acrobatics", "deception"]]]);
    assert.deepEqual(still([style], null).map((s) => s.count), [1]);
    assert.deepEqual(still(null, {}), []);
  });

  it("LeavesAnOptionalChoiceUnmade", () => {
    // A caster's spells: none chosen keeps the class's whole list, so the
    // form ticks none and asks for none; some chosen must be all of them.
    const spells: ChoiceSpec = { id: "spells", count: 2, optional: true, options: ["sleep", "shield", "magic-missile"].map((id) => ({ id, name: id })) };
    assert.deepEqual(defaults([spells]), { spells: [] });
    assert.deepEqual(choiceProblems([spells], { spells: [] }), {});
    assert.deepEqual(choiceProblems([spells], { spells: ["sleep"] }), { spells: "Choose 2 (1 chosen)." });
  });

  it("NamesAChoiceById", () => {
    assert.equal(choiceTitle(style), "Fighting style");
  });
});
