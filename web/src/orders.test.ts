import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { orderText, orderable } from "./orders";
import type { CampaignView, Character } from "./protocol";
import { fromView, reduce } from "./state";

const mira: Character = {
  id: "mira", player_id: "p1", name: "Mira", race: "elf", class: "wizard", level: 3, xp: 0,
  abilities: { str: 8, dex: 16, con: 13, int: 15, wis: 10, cha: 12 }, hp: 14, max_hp: 14, temp_hp: 0, ac: 13, speed: 30,
  conditions: [], concentration: null, spell_slots: { "1": { max: 4, used: 0 } }, hit_dice: { max: 3, used: 0 },
  death_saves: { successes: 0, failures: 0 }, inventory: [], area_id: "common-room", presence: "present",
  features: [{ id: "retaliation", name: "Retaliation", use: "reaction" }],
};

describe("standing orders", () => {
  it("SaysEachOrderAsTheTableReadsIt", () => {
    assert.equal(orderText({ reaction: "shield", when: "changes", min_left: 2, keep_last: true }), "Shield when it turns the outcome, 2 or more left, never the last");
    assert.equal(orderText({ reaction: "opportunity-attack", when: "always" }), "Opportunity attack whenever offered");
    assert.equal(orderText({ reaction: "counterspell", when: "never" }), "Counterspell: never");
  });

  it("OffersTheCharactersOwnReactionFeaturesFirst", () => {
    const ids = orderable(mira).map(([id]) => id);
    assert.equal(ids[0], "retaliation");
    assert.ok(ids.includes("shield") && ids.includes("opportunity-attack"));
  });

  it("TellsAnOrderThatFiredInTheStory", () => {
    const view: CampaignView = {
      campaign: { id: "c1", name: "Goblin Road", status: "active", settings: { dice_mode: "automatic", reaction_window_seconds: 15 }, owner_id: "p1", last_played_at: "" },
      state: { turn_count: 0, scene: { location: "Road" } }, characters: [mira], last_seq: 1, session: { session_id: "s1" },
    };
    const t = reduce(fromView(view, "p1"), { type: "reaction.ordered", seq: 2, turn_id: "t1", character_id: "mira", reaction: "shield",
      order: { reaction: "shield", when: "always" }, text: "Mira's standing order: Shield." });
    assert.ok(t.feed.some((f) => f.kind === "reaction" && f.text === "Mira's standing order: Shield."), JSON.stringify(t.feed));
  });
});
