package spell_test

import (
	"testing"

	"chronicler/shared/campaign"

	"chronicler/shared/rules"
	"chronicler/shared/rules/spell"
	"chronicler/shared/srd"
)

// A Periapt of Health makes its wearer immune to disease, as Divine
// Health does: Contagion's touch takes no hold on it.
func TestPeriaptOfHealthWardsOffContagion(t *testing.T) {
	caster := bram()
	caster.SpellSlots[4].Max = 1
	wearer := named(orc(), "ser", "Ser")
	wearer.Features = []string{rules.PeriaptOfHealth}
	r, err := spell.Cast(caster, "contagion", 5, []rules.Combatant{wearer}, spell.Options{Ability: rules.Wis}, faces(t, 15), srd.LookupSpell)
	if err != nil {
		t.Fatal(err)
	}
	wantChanges(t, r.Changes, slot("bram", 5, 0, 1))
	if len(r.Effects) != 0 || len(r.Notes) == 0 {
		t.Errorf("effects %+v, notes %q", r.Effects, r.Notes)
	}
}

// An Amulet of Proof against Detection and Location hides its wearer
// from divination magic: Detect Magic sees no aura on it, not even the
// amulet's own; taken off, its magic shows.
func TestProofAgainstDetectionHidesFromDivination(t *testing.T) {
	wearer := campaign.Character{ID: "ser", Name: "Ser", Inventory: []campaign.Item{{Item: spell.ProofAgainstDetection, Qty: 1, Attuned: true}}}
	if !spell.HiddenFromDivination(wearer) || len(spell.AuraOf(wearer).Magic) != 0 {
		t.Fatalf("the wearer is seen: %+v", spell.AuraOf(wearer))
	}
	wearer.Inventory[0].Attuned = false
	if spell.HiddenFromDivination(wearer) || len(spell.AuraOf(wearer).Magic) != 1 {
		t.Fatalf("unattuned, the amulet hides its carrier: %+v", spell.AuraOf(wearer))
	}
}
