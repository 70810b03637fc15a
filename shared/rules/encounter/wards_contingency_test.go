package encounter_test

import (
	"slices"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/rules/encounter"
	"chronicler/shared/rules/spell"
)

// A boar's Relentless (7 or less that would drop it leaves it at 1)
// answers a ward's damage as any other: the glyph's 5 fire leaves it at 1.
func TestAWardsDamageMeetsRelentless(t *testing.T) {
	w := wardedBy(t, wren(), "glyph-of-warding", 3, "fire", "cellar")
	e, _, err := encounter.Start("enc-w", []campaign.Character{mira()}, []encounter.MonsterSpec{{SRDID: "boar", Count: 1}}, nil, seeded(7), nil)
	if err != nil {
		t.Fatal(err)
	}
	e.AreaID = "cellar"
	for i := range e.Participants {
		if e.Participants[i].ID == "boar-1" {
			e.Participants[i].Combatant.HP, e.Participants[i].HP = 5, 5
		}
	}
	if _, err := e.Wards([]campaign.Character{w}, faces(t, 1, 1, 1, 1, 1, 2)); err != nil {
		t.Fatal(err)
	}
	b := participant(t, e, "boar-1")
	if b.Combatant.HP != 1 {
		t.Errorf("boar at %d HP (defeated %v), want Relentless's 1: %s", b.Combatant.HP, b.Defeated, lastLog(e))
	}
}

// A Contingency on an imported sheet holding a 9th-level spell never
// goes off: it holds 5th level at most.
func TestAContingencyHoldsNoSpellAbove5th(t *testing.T) {
	m := mira()
	m.Effects = []campaign.Effect{{ID: spell.ContingencyID, Spell: "contingency", CasterID: m.ID, Held: "foresight", Ends: spell.ContingencyFight}}
	e, _, err := encounter.Start("enc-c", []campaign.Character{m}, goblins(1), nil, seeded(7), nil)
	if err != nil {
		t.Fatal(err)
	}
	if slices.ContainsFunc(e.Effects, func(fx encounter.Effect) bool { return fx.Spell == "foresight" }) {
		t.Errorf("a held Foresight (9th level) went off: %s", e.Log[len(e.Log)-1].Text)
	}
}

// A druid's Contingency held for 0 hit points stays held when its wolf
// shape drops: the druid itself never does.
func TestAContingencyIgnoresAShapeDropping(t *testing.T) {
	f := fen(2)
	f.Effects = []campaign.Effect{{ID: spell.ContingencyID, Spell: "contingency", CasterID: "fen", Held: "cure-wounds", Ends: spell.ContingencyDropped}}
	e := casterFirst(t, []campaign.Character{f}, []encounter.MonsterSpec{{SRDID: "orc", Count: 1}})
	e, _, err := encounter.Act(e, "fen", shapeInto("wolf"), faces(t))
	if err != nil {
		t.Fatal(err)
	}
	e, res, err := encounter.MonsterTurn(e, faces(t, 15, 9))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(e.Effects, func(fx encounter.Effect) bool { return fx.ID == spell.ContingencyID }) {
		p := participant(t, e, "fen")
		t.Errorf("the Contingency went off on the wolf's drop; Fen at %d/%d: %s", p.HP, p.MaxHP, res.Summary())
	}
}
