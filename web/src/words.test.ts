import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Character, Roll } from "./protocol";
import { fromView, reduce, rollLine } from "./state";
import { actionLine, afflictionTag, bare, encounterEndText, equipment, gear, playerMessage, sentence, sessionText } from "./words";

describe("what the server says, in a player's words", () => {
  it("TakesTheLabelsOffARefusal", () => {
    assert.equal(bare("actor_id: not_your_turn: it is Sylwen's turn"), "it is Sylwen's turn");
    assert.equal(bare("intent.to_area_id: out_of_range: the Cellar is not reachable"), "the Cellar is not reachable");
    assert.equal(bare("Brannoc is down: death saves only"), "Brannoc is down: death saves only", "a sentence's colon stays");
    assert.equal(sentence("it is Sylwen's turn"), "It is Sylwen's turn.");
  });

  it("SaysEveryRefusalReasonAsASentence", () => {
    const cases: [string, string, string, string][] = [
      ["invalid", "actor_id: not_your_turn: it is Sylwen's turn", "not_your_turn", "Not your turn yet: it is Sylwen's turn."],
      ["invalid", "intent: actor_state_restricted: Brannoc is down and cannot act", "actor_state_restricted", "Brannoc is down and cannot act."],
      ["invalid", "intent.to_area_id: out_of_range: the Vault is not reachable from here", "out_of_range", "Out of reach: the Vault is not reachable from here."],
      ["invalid", "intent.slot_level: no_slot: Mira has no level 3 slot left", "no_slot", "No spell slot left for that: mira has no level 3 slot left."],
      ["invalid", "intent: not_allowed: not while an encounter is under way", "not_allowed", "Not possible now: not while an encounter is under way."],
      ["invalid", "intent.spell: invalid_args: no spell \"fireballz\" in the rules", "invalid_args", "That cannot be done as asked: no spell \"fireballz\" in the rules."],
    ];
    for (const [code, message, reason, want] of cases) {
      const got = playerMessage(code, message, reason);
      assert.equal(got, want, `${reason}`);
      assert.ok(!/[a-z]+_[a-z_]+:/.test(got), `no raw code in ${got}`);
      // The reason found in the message alone says the same.
      assert.equal(playerMessage(code, message), want, `${reason} without its field`);
    }
    assert.equal(playerMessage("conflict", "no session is open; resume the campaign first"), "No session is open; resume the campaign first.");
    assert.equal(playerMessage("internal", "internal error"), "Something went wrong on the server. Try again; if it keeps happening, reload the page.");
    assert.equal(playerMessage("rate_limited", "too many turns at once; wait a moment"), "Too many actions at once: wait a moment and try again.");
  });

  it("SaysStatusEventsAsSentences", () => {
    for (const [status, reason] of [["paused", "player_ended"], ["paused", "connection_lost"], ["active", ""], ["paused", ""]]) {
      const text = sessionText(status, reason);
      assert.ok(!text.includes("_") && !text.includes("("), text);
    }
    for (const outcome of ["victory", "defeat", "fled", "negotiated", "other", undefined]) {
      const text = encounterEndText(outcome);
      assert.ok(!text.includes("(") && /[.!]$/.test(text), text);
    }
    assert.equal(encounterEndText("defeat"), "Defeat: the party has fallen.");
    let t = fromView({ campaign: { id: "c1", name: "C", status: "active", settings: { dice_mode: "automatic", reaction_window_seconds: 15 }, owner_id: "p1", last_played_at: "" },
      state: { turn_count: 0, scene: { location: "here" } }, characters: [], last_seq: 0 } as never, "p1");
    t = reduce(t, { type: "error", code: "invalid", message: "actor_id: not_your_turn: it is Sylwen's turn", reason: "not_your_turn" });
    assert.equal(t.error?.message, "Not your turn yet: it is Sylwen's turn.");
    assert.equal(t.feed.at(-1)?.text, "Not your turn yet: it is Sylwen's turn.");
  });

  it("AnnouncesANewCharacterOnce", () => {
    let t = fromView({ campaign: { id: "c1", name: "C", status: "active", settings: { dice_mode: "automatic", reaction_window_seconds: 15 }, owner_id: "p1", last_played_at: "" },
      state: { turn_count: 0, scene: { location: "here" } }, characters: [], last_seq: 0 } as never, "p1");
    const tobin = { id: "tobin", player_id: "p2", name: "Tobin" } as Character;
    t = reduce(t, { type: "character", character: tobin, seq: 1 });
    t = reduce(t, { type: "character", character: { ...tobin, hp: 3 }, seq: 2 });
    assert.equal(t.characters.tobin.hp, 3);
    assert.deepEqual(t.feed.map((f) => f.text), ["Tobin joins the party."]);
  });

  it("NamesWeaponsAndArmourBySRDNames", () => {
    const e = equipment([{ item: "crossbow-light", qty: 1 }, { item: "chain-mail", qty: 1 }, { item: "longsword", qty: 1 },
      { item: "shield", qty: 1 }, { item: "healers-kit", qty: 1 }, { item: "dagger", qty: 0 }]);
    assert.deepEqual(e.weapons.map((w) => w.name), ["Crossbow, light", "Longsword"]);
    assert.deepEqual(e.armour.map((w) => w.name), ["Chain Mail", "Shield"]);
    assert.deepEqual(e.other.map((w) => w.name), ["Healers kit"]);
  });

  it("NamesMagicItemsWithWhatTheyHaveLeft", () => {
    const e = equipment([{ item: "longsword", qty: 1 }, { item: "longsword", qty: 1, magic: "weapon-1", name: "Longsword, +1" },
      { item: "ring-of-protection", qty: 1, attuned: true }, { item: "wand-of-magic-missiles", qty: 1, used: 3 }]);
    assert.deepEqual(e.weapons.map((w) => w.name), ["Longsword", "Longsword, +1"]);
    assert.deepEqual(e.magic, [
      { id: "ring-of-protection", name: "Ring of Protection", attune: true, attuned: true, charges: 0, left: 0 },
      { id: "wand-of-magic-missiles", name: "Wand of Magic Missiles", attune: false, attuned: false, charges: 7, left: 4 }]);
  });

  it("ListsMagicAmmunitionAmongMagicItems", () => {
    const e = equipment([{ item: "arrow", qty: 20 }, { item: "arrow", qty: 6, magic: "ammunition-1", name: "Arrow, +1", does: "+1 to attack and damage rolls" }]);
    assert.deepEqual(e.other.map((o) => [o.name, o.qty]), [["Arrow", 20]]);
    assert.deepEqual(gear([{ item: "arrow", qty: 6, magic: "ammunition-1", name: "Arrow, +1", does: "+1 to attack and damage rolls" }]),
      ["Arrow, +1 ×6 (+1 to attack and damage rolls)"]);
  });

  it("SaysWhatAMagicItemDoesBesideIt", () => {
    assert.deepEqual(gear([{ item: "longsword", qty: 1, magic: "flame-tongue", name: "Flame Tongue Longsword", does: "+2d6 fire" },
      { item: "chain-mail", qty: 1 },
      { item: "gauntlets-of-ogre-power", qty: 1, attuned: true, does: "+3 Str → 19" },
      { item: "ring-of-resistance-fire", qty: 1 },
      { item: "wand-of-magic-missiles", qty: 1, used: 3 }, { item: "healers-kit", qty: 1 }]), [
      "Flame Tongue Longsword (+2d6 fire)", "Chain Mail",
      "Gauntlets of Ogre Power (attuned, +3 Str → 19)", "Ring of Fire Resistance (not attuned)", "Wand of Magic Missiles (4/7 charges)"]);
    assert.equal(equipment([{ item: "ring-of-protection", qty: 1 }]).magic[0].does, undefined, "an item the server says nothing of does nothing said");
  });

  it("TitlesAnAfflictionWithWhatItDoesAndWhatEndsIt", () => {
    assert.deepEqual(afflictionTag({ name: "mummy rot", kind: "curse", from: "mummy", no_healing: "all", daily: "3d6", reduced: 7 }), {
      text: "mummy rot −7 max HP",
      title: "Mummy rot, a curse from a Mummy: no hit points can be regained; the hit point maximum drops 3d6 every 24 hours; it has taken 7 of the hit point maximum. Remove Curse or Greater Restoration ends it; a long rest does not.",
    });
    assert.deepEqual(afflictionTag({ name: "disease", kind: "disease", from: "giant-rat-diseased", no_healing: "nonmagical", daily: "1d6" }), {
      text: "disease",
      title: "A disease from a Giant Rat (Diseased): only magic restores hit points (no rest, no hit die); the hit point maximum drops 1d6 every 24 hours. Lesser Restoration ends it; a long rest does not.",
    });
    assert.deepEqual(afflictionTag({ name: "reduced hit point maximum", kind: "reduction", from: "clay-golem", reduced: 9 }), {
      text: "reduced −9 max HP",
      title: "Reduced hit point maximum, from a Clay Golem: it has taken 9 of the hit point maximum. Greater Restoration gives it back; a long rest does not.",
    });
    assert.deepEqual(afflictionTag({ name: "werewolf lycanthropy", kind: "curse", from: "werewolf-hybrid" }), {
      text: "werewolf lycanthropy",
      title: "Werewolf lycanthropy, a curse from a Werewolf. Remove Curse or Greater Restoration ends it; a long rest does not.",
    });
    assert.equal(afflictionTag({ name: "bog rot", kind: "disease", from: "old-bog-hag" }).title,
      "Bog rot, a disease from an Old bog hag. Lesser Restoration ends it; a long rest does not.", "a homebrew monster by its id in words");
  });

  it("SaysWhetherACheckPassed", () => {
    const r: Roll = { roll_id: "r1", reason: "Wisdom (Perception) check", dice: "1d20+2", rolls: [14], total: 16 };
    assert.equal(rollLine(r), "Wisdom (Perception) check: 1d20+2 rolled [14] = 16");
    assert.equal(rollLine({ ...r, dc: 15, success: true }), "Wisdom (Perception) check: 1d20+2 rolled [14] = 16 against DC 15: pass");
    assert.equal(rollLine({ ...r, dc: 18, success: false }), "Wisdom (Perception) check: 1d20+2 rolled [14] = 16 against DC 18: fail");
  });

  it("HeadsATurnTheRulesPlayedByItsLabel", () => {
    assert.equal(actionLine("Goblin 1", "(Goblin 1's turn)"), "Goblin 1's turn.");
    assert.equal(actionLine("Goblin 1", "(the Goblin 1's turn)"), "Goblin 1's turn.", "a label stored before");
    assert.equal(actionLine("Mira", "(Mira is dying: a death saving throw)"), "Mira is dying: a death saving throw.");
    assert.equal(actionLine("Mira", "I search the desk"), "Mira: I search the desk");
    assert.equal(actionLine("Mira", "(is my fighter hurt?)"), "Mira: (is my fighter hurt?)", "a player's aside keeps its speaker");
  });
});
