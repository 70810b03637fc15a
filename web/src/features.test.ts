import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Character, FeatureView, Participant } from "./protocol";
import {
  asks, beastsFor, crText, featureButtons, featureIntent, featureLabel, featureLeft, featureLine, featureName, offerOf, waysOf, windowChoices,
} from "./features";

const rage: FeatureView = { id: "rage", name: "Rage", use: "bonus_action", summary: "For a minute: extra damage.", resource: "rage", cost: 1, left: 2 };
const reckless: FeatureView = { id: "reckless-attack", name: "Reckless Attack", use: "free", summary: "Advantage, and exposed." };
const defense: FeatureView = { id: "barbarian-unarmored-defense", name: "Unarmored Defense" };
const smite: FeatureView = { id: "divine-smite", name: "Divine Smite", use: "on_hit", summary: "Spend a slot for radiant damage.", resource: "", cost: 0 };
const shape: FeatureView = {
  id: "wild-shape-cr-1-4-or-below-no-flying-or-swim-speed", name: "Wild Shape (CR 1/4 or below, no flying or swim speed)", use: "action",
  summary: "Become a beast.", resource: "wild-shape", cost: 1, left: 2,
};
const breath: FeatureView = { id: "breath-weapon", name: "Breath Weapon", use: "action", summary: "Exhale.", resource: "dragonborn-breath", cost: 1, left: 1 };
const told: FeatureView = { id: "druidic", name: "Druidic", summary: "A secret language.", told: true };

const sheet = (features: FeatureView[], over: Partial<Character> = {}): Character => ({
  id: "brakka", player_id: "p1", name: "Brakka", race: "half-orc", class: "barbarian", level: 2, xp: 300,
  abilities: { str: 17, dex: 14, con: 15, int: 8, wis: 10, cha: 10 }, hp: 25, max_hp: 25, temp_hp: 0, ac: 14, speed: 30,
  conditions: [], concentration: null, spell_slots: {}, hit_dice: { max: 2, used: 0 }, death_saves: { successes: 0, failures: 0 },
  inventory: [], area_id: "inn", presence: "present", features, ...over,
});

const inFight = (over: Partial<Participant> = {}): Participant => ({
  id: "p-brakka", name: "Brakka", kind: "character", character_id: "brakka", hp: 25, max_hp: 25, ac: 14, conditions: [], initiative: 12,
  reaction_used: false, pools: { rage: { max: 2, used: 0 } }, turn: {}, ...over,
});

describe("features on the sheet", () => {
  it("OffersTheFeaturesUsedOnATurnWithTheirUsesLeft", () => {
    const bs = featureButtons(sheet([defense, rage, reckless, told, smite]));
    assert.deepEqual(bs.map((b) => b.label), ["Rage (2 left)", "Reckless Attack"], "always-on, told and on-hit features are no buttons");
    assert.deepEqual(bs.map((b) => b.why), ["", ""]);
  });

  it("CountsTheFightsUsesNotTheSheets", () => {
    // In a fight the encounter spends the pools; the sheet catches up at its end.
    const p = inFight({ pools: { rage: { max: 2, used: 1 } } });
    assert.equal(featureLeft(rage, p), 1);
    assert.equal(featureLeft(rage), 2);
    assert.equal(featureLeft(reckless, p), null);
    assert.equal(featureButtons(sheet([rage]), p)[0].label, "Rage (1 left)");
  });

  it("SaysWhyAFeatureCannotBeUsedNow", () => {
    const spent = featureButtons(sheet([rage]), inFight({ pools: { rage: { max: 2, used: 2 } } }))[0];
    assert.equal(spent.label, "Rage (0 left)");
    assert.match(spent.why, /no uses left/);
    const bonus = featureButtons(sheet([rage, reckless, breath]), inFight({ turn: { bonus_action_used: true }, pools: { rage: { max: 2, used: 0 }, "dragonborn-breath": { max: 1, used: 0 } } }));
    assert.match(bonus[0].why, /bonus action is already taken/);
    assert.equal(bonus[1].why, "", "Reckless Attack takes no action");
    assert.equal(bonus[2].why, "", "the action is still there");
    const action = featureButtons(sheet([rage, breath]), inFight({ turn: { action_used: true }, pools: { rage: { max: 2, used: 0 }, "dragonborn-breath": { max: 1, used: 0 } } }));
    assert.equal(action[0].why, "", "a bonus action after the action");
    assert.match(action[1].why, /action is already taken/);
  });

  it("AsksWhomOrWhichBeast", () => {
    assert.equal(asks(rage), "");
    assert.equal(asks(breath), "target");
    assert.equal(asks(shape), "beast");
  });

  it("SendsTheFeatureIntentWithWhatItAsked", () => {
    assert.deepEqual(featureIntent(rage), { kind: "feature", feature: "rage" });
    assert.deepEqual(featureIntent(breath, { target_id: "g1" }), { kind: "feature", feature: "breath-weapon", target_id: "g1" });
    assert.deepEqual(featureIntent(shape, { choice: "wolf" }), { kind: "feature", feature: shape.id, choice: "wolf" });
  });

  it("SendsTheKindTheFightPlaysAFeatureThrough", () => {
    // Second Wind and Cunning Action are played by their own kinds
    // (second_wind; dash, disengage or hide as the bonus action).
    const wind: FeatureView = { id: "second-wind", name: "Second Wind", use: "bonus_action", resource: "second-wind", cost: 1, left: 1 };
    const cunning: FeatureView = { id: "cunning-action", name: "Cunning Action", use: "bonus_action" };
    assert.equal(asks(wind), "");
    assert.deepEqual(featureIntent(wind), { kind: "second_wind" });
    assert.equal(asks(cunning), "way");
    assert.deepEqual(waysOf(cunning).map(([w]) => w), ["dash", "disengage", "hide"]);
    assert.deepEqual(featureIntent(cunning, { way: "disengage" }), { kind: "disengage", bonus: true });
  });

  it("EndsAWildShapeUnderWay", () => {
    const druid = sheet([shape], { class: "druid" });
    const b = featureButtons(druid, inFight({ form: { beast: "wolf" }, pools: { "wild-shape": { max: 2, used: 1 } } }))[0];
    assert.equal(b.label, "End Wild Shape");
    assert.ok(b.ends);
    assert.equal(b.asks, "");
    assert.equal(featureButtons(druid)[0].label, "Wild Shape (2 left)");
  });

  it("OffersTheBeastsTheDruidsLevelReaches", () => {
    // SRD Wild Shape: CR 1/4 without flying or swimming at 2nd level, CR
    // 1/2 and swimming at 4th, CR 1 and flying at 8th.
    assert.deepEqual(beastsFor(1), []);
    const second = beastsFor(2);
    assert.ok(second.some(([id]) => id === "wolf"));
    assert.ok(second.every(([, , cr]) => cr <= 0.25));
    assert.ok(!second.some(([id]) => id === "giant-eagle" || id === "reef-shark" || id === "bat"), "no flying or swimming shape yet");
    assert.ok(beastsFor(4).some(([id]) => id === "reef-shark"));
    assert.ok(!beastsFor(4).some(([id]) => id === "bat"));
    assert.ok(beastsFor(8).some(([id]) => id === "giant-eagle") && beastsFor(8).some(([id]) => id === "brown-bear"));
    assert.equal(crText(0.25), "1/4");
  });

  it("ListsEveryFeatureWithHowItIsUsed", () => {
    assert.equal(featureLine(rage), "Rage · a bonus action · 2 left");
    assert.equal(featureLine(defense), "Unarmored Defense · always on");
    assert.equal(featureLine(told), "Druidic · told by the narrator");
    assert.equal(featureLine(smite), "Divine Smite · on a hit");
    assert.equal(featureLabel(shape, 2), "Wild Shape (2 left)");
  });
});

describe("reaction windows", () => {
  const paladin = sheet([smite], { id: "mira", name: "Mira", class: "paladin" });
  const wizard = sheet([], { id: "ilsa", name: "Ilsa", class: "wizard" });
  const sheets = { mira: paladin, ilsa: wizard };
  const name = (id: string) => sheets[id as keyof typeof sheets]?.name ?? "Someone";

  it("OffersWhatOnesOwnHitDoesByTheFeaturesName", () => {
    const e = { character_id: "mira", reactions: ["divine-smite"], offers: [{ name: "divine-smite", changes: "yes" as const }] };
    const o = offerOf(paladin, e, "divine-smite");
    assert.deepEqual([o.label, o.summary, o.onHit], ["Divine Smite", "Spend a slot for radiant damage.", true]);
    const w = windowChoices([e], sheets, name);
    assert.equal(w.what, "Mira's hit: choose what it does.");
    assert.deepEqual(w.choices.map((c) => [c.reaction, c.label, c.summary]), [
      ["divine-smite", "Divine Smite", "Spend a slot for radiant damage."],
      ["pass", "Just the hit", ""],
    ]);
  });

  it("OffersEachWayAHitsFeatureGoes", () => {
    // The engine offers a smite per slot level ("divine-smite:2") and a
    // technique per effect ("open-hand-technique:prone").
    const e = { character_id: "mira", reactions: ["divine-smite:1", "divine-smite:2"] };
    const w = windowChoices([e], sheets, name);
    assert.equal(w.what, "Mira's hit: choose what it does.");
    assert.deepEqual(w.choices.map((c) => [c.reaction, c.label]), [
      ["divine-smite:1", "Divine Smite (1st-level slot)"], ["divine-smite:2", "Divine Smite (2nd-level slot)"], ["pass", "Just the hit"],
    ]);
    assert.equal(offerOf(paladin, e, "divine-smite:3").label, "Divine Smite (3rd-level slot)");
  });

  it("OffersShieldAsBefore", () => {
    const e = { character_id: "ilsa", reactions: ["shield"], offers: [{ name: "shield", changes: "yes" as const }] };
    const w = windowChoices([e], sheets, name);
    assert.equal(w.what, "Ilsa may react.");
    assert.deepEqual(w.choices.map((c) => c.label), ["Shield (changes the outcome)", "Pass"]);
  });

  it("ShowsTheRulesPreviewInPlaceOfTheirYesOrNo", () => {
    const e = { character_id: "ilsa", reactions: ["shield"], offers: [{ name: "shield", changes: "yes" as const, preview: { text: "Shield: 14 vs AC 17, a miss", effect: "hit_to_miss" } }] };
    const w = windowChoices([e], sheets, name);
    assert.deepEqual(w.choices.map((c) => [c.label, c.preview, c.effect]), [
      ["Shield", "Shield: 14 vs AC 17, a miss", "hit_to_miss"], ["Pass", "", ""],
    ]);
  });

  it("NamesWhoseChoiceEachIsWhenSeveral", () => {
    const w = windowChoices([
      { character_id: "mira", reactions: ["divine-smite"] },
      { character_id: "ilsa", reactions: ["shield"], offers: [{ name: "shield", changes: "unknown" as const }] },
    ], sheets, name);
    assert.equal(w.what, "Mira and Ilsa may react.");
    assert.deepEqual(w.choices.map((c) => c.label), ["Mira: Divine Smite", "Mira: Just the hit", "Ilsa: Shield (may change the outcome)", "Ilsa: Pass"]);
  });

  it("NamesAFeatureNotOnTheSheetByItsId", () => {
    // A sheet from before features were listed: the id still reads.
    const o = offerOf(wizard, { character_id: "ilsa", reactions: ["stunning-strike"] }, "stunning-strike");
    assert.deepEqual([o.label, o.summary, o.onHit], ["Stunning strike", "", false]);
    assert.equal(featureName(sheets, "divine-smite"), "Divine Smite");
    assert.equal(featureName(sheets, "second-wind"), "Second wind");
  });
});
