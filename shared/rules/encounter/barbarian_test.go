package encounter_test

import (
	"strings"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/rules"
	"chronicler/shared/rules/encounter"
)

// urga is a level 1 barbarian with a greataxe (+5, 1d12+3), no armour:
// AC 10 + Dex 2 + Con 3 = 15, 15 HP.
func urga() campaign.Character {
	return campaign.Character{
		ID: "urga", PlayerID: "p1", Name: "Urga", Race: "human", Class: "barbarian", Level: 1,
		Abilities: campaign.Abilities{Str: 17, Dex: 14, Con: 16, Int: 8, Wis: 10, Cha: 8},
		HP:        15, MaxHP: 15, AC: 15, Speed: 30, Conditions: []string{},
		SpellSlots: map[string]campaign.Slot{}, HitDice: campaign.Pool{Max: 1},
		Inventory: []campaign.Item{{Item: "greataxe", Qty: 1, Equipped: true}},
	}
}

func useFeature(id string) encounter.Action {
	return encounter.Action{Kind: encounter.ActionFeature, Feature: id}
}

// Rage as the SRD writes it: a bonus action from its uses, +2 damage on
// a Strength melee hit, half damage from a slashing hit, and an end when
// a turn passes without attacking or being hurt.
func TestRage(t *testing.T) {
	e := casterFirst(t, []campaign.Character{urga()}, []encounter.MonsterSpec{{SRDID: "orc", Count: 1}})
	e, res, err := encounter.Act(e, "urga", useFeature("rage"), faces(t))
	if err != nil {
		t.Fatal(err)
	}
	u := participant(t, e, "urga")
	if !u.Turn.BonusActionUsed || u.Turn.ActionUsed || u.Pools["rage"] != (campaign.Pool{Max: 2, Used: 1}) {
		t.Fatalf("after raging: turn %+v pools %v", u.Turn, u.Pools)
	}
	if !u.Combatant.Resistances.Has(rules.Slashing) || !strings.Contains(res.Summary(), "rage") {
		t.Fatalf("resistances %v, summary %q", u.Combatant.Resistances, res.Summary())
	}
	if _, _, err := encounter.Act(e, "urga", useFeature("rage"), faces(t)); fault.ReasonOf(err) != encounter.NotAllowed {
		t.Errorf("a second rage in the turn: %v", err)
	}
	// The greataxe hits for 1d12 + 3 + 2 (rage): a 7 is 12 of the orc's 15,
	// as one roll the table can read.
	e, res, err = encounter.Act(e, "urga", encounter.Action{Kind: encounter.ActionAttack, TargetID: "orc-1", EndTurn: true}, faces(t, 15, 7))
	if err != nil {
		t.Fatal(err)
	}
	if d := res.Attacks[0].Damage; d == nil || d.Taken != 12 || res.Rolls[1].Expr != "1d12+3+2" {
		t.Fatalf("rage damage: %+v, rolls %+v", res.Attacks[0], res.Rolls)
	}
	// The orc's greataxe: 1d12 + 3 slashing, a 9 is 12, halved to 6.
	e, res, err = encounter.MonsterTurn(e, faces(t, 15, 9))
	if err != nil {
		t.Fatal(err)
	}
	if u := participant(t, e, "urga"); u.HP != 9 {
		t.Fatalf("urga at %d HP after a 12 slashing hit while raging, want 9: %s", u.HP, res.Summary())
	}
	// Urga's turn passes with no attack, after the damage taken: the rage
	// holds; another passes with neither: it ends.
	e, _, err = encounter.Act(e, "urga", encounter.Action{Kind: encounter.ActionDodge, EndTurn: true}, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	if !participant(t, e, "urga").Combatant.Resistances.Has(rules.Slashing) {
		t.Fatal("the rage ended after a turn in which Urga was hurt")
	}
	e, _, err = encounter.MonsterTurn(e, faces(t, 1, 1)) // the orc misses Urga, who dodges
	if err != nil {
		t.Fatal(err)
	}
	e, res, err = encounter.Act(e, "urga", encounter.Action{Kind: encounter.ActionDodge, EndTurn: true}, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	if u := participant(t, e, "urga"); u.Combatant.Resistances.Has(rules.Slashing) || !strings.Contains(res.Summary(), "Rage ends") {
		t.Fatalf("a quiet turn should end the rage: resistances %v, %q", u.Combatant.Resistances, res.Summary())
	}
}

// Reckless Attack: advantage on the barbarian's Strength melee attacks
// this turn, and on attacks against it until its next turn.
func TestRecklessAttack(t *testing.T) {
	second := urga()
	second.Level = 2
	e := casterFirst(t, []campaign.Character{second}, []encounter.MonsterSpec{{SRDID: "orc", Count: 1}})
	e, _, err := encounter.Act(e, "urga", useFeature("reckless-attack"), faces(t))
	if err != nil {
		t.Fatal(err)
	}
	if u := participant(t, e, "urga"); u.Turn.ActionUsed || u.Turn.BonusActionUsed {
		t.Fatalf("reckless attack took an action: %+v", u.Turn)
	}
	e, res, err := encounter.Act(e, "urga", encounter.Action{Kind: encounter.ActionAttack, TargetID: "orc-1", EndTurn: true}, faces(t, 3, 15, 7))
	if err != nil {
		t.Fatal(err)
	}
	if a := res.Attacks[0]; len(a.Edge.Advantage) == 0 || !a.Hit {
		t.Fatalf("reckless attack: %+v", a)
	}
	_, res, err = encounter.MonsterTurn(e, faces(t, 2, 15, 9))
	if err != nil {
		t.Fatal(err)
	}
	if a := res.Attacks[0]; len(a.Edge.Advantage) == 0 || !a.Hit {
		t.Fatalf("the orc's attack on a reckless barbarian: %+v", a)
	}
	if _, _, err := encounter.Act(e, "orc-1", useFeature("reckless-attack"), faces(t)); err == nil {
		t.Error("an orc used Reckless Attack")
	}
}
