import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { parseInvite, inviteLink } from "./api";
import { asiLevels, defaultRaise, derive, effectName, fightTags, pointsSpent, problems, raised, skillChoice, skillName, slotsAt, timeLeft } from "./rules";

const standard = { str: 15, dex: 14, con: 13, int: 12, wis: 10, cha: 8 };

describe("character choices", () => {
  it("DerivesTheSheetTheServerBuilds", () => {
    // shared/campaign: HP = hit die + CON mod (a hill dwarf's Dwarven
    // Toughness: 1 more), AC from the starting armour
    // (campaign.ArmorClass), racial increases applied.
    const d = derive("dwarf", "fighter", standard)!;
    assert.equal(d.abilities.con, 15);
    assert.equal(d.hp, 13, "10 + 2 + 1 for Dwarven Toughness");
    assert.equal(d.ac, 16, "chain mail");
    assert.equal(d.speed, 25);
    assert.deepEqual(d.slots, {});
    const w = derive("elf", "wizard", standard)!;
    assert.deepEqual(w.slots, { "1": 2 });
    assert.equal(w.ac, 13, "unarmoured: 10 + Dex");
    assert.equal(derive("elf", "rogue", standard)!.ac, 14, "leather: 11 + Dex");
    assert.equal(derive("elf", "cleric", standard)!.ac, 18, "scale mail (Dex at most +2) and a shield");
    assert.equal(derive("human", "barbarian", standard)!.ac, 14, "Unarmored Defense: 10 + Dex + Con");
    assert.equal(derive("human", "fighter", { ...standard, dex: 6 })!.ac, 16, "heavy armour takes no Dexterity, not even a penalty");
    assert.equal(d.abilities.wis, 11, "hill dwarf");
    assert.equal(derive("gnome", "wizard", standard)!.abilities.con, 14, "rock gnome");
    assert.deepEqual(derive("half-elf", "bard", { str: 8, dex: 12, con: 12, int: 13, wis: 13, cha: 15 })!.abilities,
      { str: 8, dex: 12, con: 12, int: 14, wis: 14, cha: 17 }, "a half-elf's +1s go to the two highest others");
    const weak = { str: 8, dex: 14, con: 13, int: 12, wis: 10, cha: 15 };
    assert.equal(derive("elf", "paladin", weak)!.speed, 20, "chain mail too heavy");
    assert.equal(derive("dwarf", "paladin", weak)!.speed, 25, "dwarves are not slowed");
  });

  it("DerivesASheetAboveLevelOneAsTheServerBuildsIt", () => {
    // NewCharacter.Build: the fixed hit points (half the die + 1 + Con) of
    // every level after the first, the slots of the level, and each
    // ability score improvement the levels bring, the highest score +2
    // where none is picked. The numbers are the server's for these sheets.
    const f = derive("human", "fighter", standard, 6)!;
    assert.equal(f.hp, 52);
    assert.equal(f.abilities.str, 20, "16, then +2 at 4th and at 6th");
    assert.deepEqual(f.increases, [{ str: 2 }, { str: 2 }]);
    const c = derive("dwarf", "cleric", standard, 4)!;
    assert.equal(c.hp, 35, "Dwarven Toughness at every level");
    assert.deepEqual(c.slots, { "1": 4, "2": 3 });
    assert.deepEqual(derive("elf", "warlock", standard, 5)!.slots, { "3": 2 }, "pact slots, all of one level");
    assert.deepEqual(derive("human", "paladin", standard, 2)!.slots, { "1": 2 });
    assert.equal(derive("human", "paladin", standard, 2)!.hp, 20);
    const b = derive("half-orc", "barbarian", standard, 8, [["str", "con"]])!;
    assert.equal(b.hp, 77);
    assert.deepEqual(b.abilities, { str: 20, dex: 14, con: 15, int: 12, wis: 10, cha: 8 });
    assert.deepEqual(b.increases, [{ str: 1, con: 1 }, { str: 2 }]);
    assert.deepEqual(b.raiseProblems, {});
  });

  it("RaisesScoresAsThePlayerPicksOrTheServerWould", () => {
    assert.deepEqual(asiLevels("fighter", 8), [4, 6, 8]);
    assert.deepEqual(asiLevels("rogue", 3), []);
    assert.deepEqual(slotsAt("wizard", 1), { "1": 2 });
    assert.deepEqual(slotsAt("fighter", 5), {});
    assert.deepEqual(defaultRaise({ str: 19, dex: 14, con: 13, int: 12, wis: 10, cha: 8 }), { str: 1, dex: 1 }, "one point of room: +1 to the next too");
    assert.deepEqual(defaultRaise({ str: 20, dex: 20, con: 20, int: 20, wis: 20, cha: 20 }), {});
    const r = raised(standard, [["dex", "dex"], ["con", ""]]);
    assert.equal(r.abilities.dex, 16);
    assert.match(r.problems[1], /second score/, "a +1 alone is half an improvement");
    assert.match(raised({ ...standard, str: 19 }, [["str", "str"]]).problems[0], /Strength would be above 20/);
  });

  it("AsksForTheClassSkills", () => {
    assert.deepEqual(skillChoice("rogue").choose, 4);
    assert.ok(skillChoice("wizard").from.includes("arcana"));
    assert.match(problems("standard", "Mira", "elf", "wizard", standard, ["arcana"]).skills, /Choose 2 skills \(1 chosen\)/);
    assert.ok(problems("standard", "Mira", "elf", "wizard", standard, ["arcana", "stealth"]).skills, "stealth is no wizard skill");
    assert.equal(problems("standard", "Mira", "elf", "wizard", standard, ["arcana", "history"]).skills, undefined);
    assert.equal(skillName("sleight-of-hand"), "Sleight of Hand");
  });

  it("RefusesAStandardArrayNumberUsedTwice", () => {
    const p = problems("standard", "Mira", "elf", "wizard", { ...standard, cha: 15 });
    assert.ok(p.cha, "the second 15 is the problem");
    assert.equal(p.str, undefined);
  });

  it("RefusesAPointBuyOverBudget", () => {
    const base = { str: 15, dex: 15, con: 15, int: 15, wis: 8, cha: 8 };
    assert.equal(pointsSpent(base), 36);
    assert.match(problems("pointbuy", "Mira", "elf", "wizard", base).abilities, /36 points/);
    assert.deepEqual(problems("pointbuy", "Mira", "elf", "wizard", { str: 15, dex: 15, con: 15, int: 8, wis: 8, cha: 8 }, ["arcana", "history"]), {});
  });

  it("NamesEveryMissingChoice", () => {
    assert.deepEqual(Object.keys(problems("standard", " ", "", "", standard)).sort(), ["class", "name", "race"]);
  });
});

describe("invites", () => {
  it("ReadsBackTheLinkItMakes", () => {
    const link = inviteLink("http://127.0.0.1:8080", "01J/ID", "ABC-123");
    assert.deepEqual(parseInvite(link), { id: "01J/ID", code: "ABC-123" });
  });

  it("ReadsAnIdAndACode", () => {
    assert.deepEqual(parseInvite("  01JXYZ  K7P2  "), { id: "01JXYZ", code: "K7P2" });
    assert.equal(parseInvite("just one thing"), null);
  });
});

describe("lasting effects", () => {
  it("TellsTheGameTimeLeft", () => {
    assert.equal(timeLeft(8 * 3600, 0), "8 h");
    assert.equal(timeLeft(8 * 3600, 6 * 3600 + 1800), "1 h 30 min");
    assert.equal(timeLeft(700, 100), "10 min");
    assert.equal(timeLeft(106, 100), "6 s");
    assert.equal(timeLeft(100, 100), "ending");
    assert.equal(timeLeft(undefined, 100), "");
    assert.equal(effectName("protection-from-poison"), "Protection From Poison");
  });
});

describe("the fight's tags", () => {
  it("TitlesEachConditionWithWhatHoldsItAndTellsWhereTheSwallowedIs", () => {
    const effects = [
      { id: "swallowed", spell: "purple-worm-bite", caster_id: "worm-1", target_id: "mira", condition: "blinded", note: "inside Purple Worm 1", ends: "until it is regurgitated" },
      { id: "inside", spell: "purple-worm-bite", caster_id: "worm-1", target_id: "mira", condition: "restrained", note: "inside Purple Worm 1", ends: "until it is regurgitated" },
      { id: "zone", spell: "web", caster_id: "wren", target_id: "mira", note: "in the area of Web", ends: "1 hour" },
      { id: "zone", spell: "web", caster_id: "wren", target_id: "goblin-1", note: "in the area of Web" },
      { id: "concentration", spell: "web", caster_id: "wren", target_id: "mira" },
    ];
    const tags = fightTags("mira", ["blinded", "restrained"], effects);
    assert.deepEqual(tags.map((t) => t.text), ["blinded", "restrained", "inside Purple Worm 1", "in the area of Web"]);
    assert.equal(tags[1].title, "inside Purple Worm 1, until it is regurgitated");
    assert.equal(tags[3].title, "in the area of Web, 1 hour");
    assert.deepEqual(fightTags("goblin-1", ["prone"], effects).map((t) => [t.text, t.title]), [["prone", ""], ["in the area of Web", "in the area of Web"]]);
    assert.deepEqual(fightTags("wren", null, effects), [], "concentration is the caster's, not a tag");
  });
});
