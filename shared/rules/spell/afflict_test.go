package spell_test

import (
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/rules"
	"chronicler/shared/rules/spell"
)

var (
	mummyRot = campaign.Affliction{Name: "mummy rot", Kind: "curse", NoHealing: "all", Daily: "3d6"}
	ratPox   = campaign.Affliction{Name: "disease", Kind: "disease", NoHealing: "nonmagical", Daily: "1d6"}
	slammed  = campaign.Affliction{Name: "reduced hit point maximum", Kind: "reduction", Reduced: 9}
	werewolf = campaign.Affliction{Name: "werewolf lycanthropy", Kind: "curse"}
)

func afflicted(c rules.Combatant, as ...campaign.Affliction) rules.Combatant {
	c.Afflictions = as
	return c
}

// leftWith checks what r leaves of mira's afflictions.
func leftWith(names ...string) func(t *testing.T, r spell.Result) {
	return func(t *testing.T, r spell.Result) {
		t.Helper()
		var last []campaign.Affliction
		seen := false
		for _, ch := range r.Changes {
			if ch.TargetID == "mira" && ch.Field == rules.FieldAfflictions {
				last, seen = ch.To.([]campaign.Affliction), true
			}
		}
		if !seen {
			t.Fatalf("no afflictions changed: %v", r.Changes)
		}
		if len(last) != len(names) {
			t.Fatalf("left with %+v, want %v", last, names)
		}
		for i, a := range last {
			if a.Name != names[i] {
				t.Errorf("left with %+v, want %v", last, names)
			}
		}
	}
}

// Remove Curse ends every curse (mummy rot, lycanthropy), not a disease;
// Lesser Restoration a disease, not a curse; Greater Restoration a curse
// or the maximum a clay golem's slam took, which it gives back.
func TestSpellsEndAfflictions(t *testing.T) {
	cleric := withSlot(bram(), 5, 1)
	none := func(t *testing.T, r spell.Result) {
		t.Helper()
		for _, ch := range r.Changes {
			if ch.Field == rules.FieldAfflictions {
				t.Errorf("an affliction ended: %v", ch)
			}
		}
	}
	runCases(t, []castCase{
		{name: "RemoveCurseEndsMummyRotAndLycanthropy", caster: withSlot(bram(), 3, 1), spell: "remove-curse", slot: 3,
			targets: []rules.Combatant{afflicted(mira(), mummyRot, ratPox, werewolf)},
			summary: "Bram casts Remove Curse (3rd level): Mira is freed of mummy rot and werewolf lycanthropy. A cursed magic item Mira is attuned to keeps its curse, but the attunement breaks.",
			check:   leftWith("disease")},
		{name: "LesserRestorationEndsTheDisease", caster: bram(), spell: "lesser-restoration", slot: 2,
			targets: []rules.Combatant{afflicted(mira(), mummyRot, ratPox)},
			summary: "Bram casts Lesser Restoration (2nd level): Mira is freed of disease.",
			check:   leftWith("mummy rot")},
		{name: "LesserRestorationEndsNoCurse", caster: bram(), spell: "lesser-restoration", slot: 2,
			targets: []rules.Combatant{afflicted(mira(), mummyRot)}, check: none},
		{name: "GreaterRestorationGivesBackASlamsMaximum", caster: cleric, spell: "greater-restoration", slot: 5,
			targets: []rules.Combatant{afflicted(mira(), slammed)}, opts: spell.Options{Choice: spell.MaxHPPick},
			summary: "Bram casts Greater Restoration (5th level): Mira is freed of reduced hit point maximum, and has the 9 hit points it took from the maximum back.",
			check:   leftWith()},
		{name: "GreaterRestorationEndsOneCurse", caster: cleric, spell: "greater-restoration", slot: 5,
			targets: []rules.Combatant{afflicted(mira(), mummyRot, werewolf)}, check: leftWith("werewolf lycanthropy")},
	})
}

// Mummy rot lets no healing through, magical or not; a rat's disease
// only magic.
func TestAfflictionsHoldTheHealing(t *testing.T) {
	hurt := mira()
	hurt.HP = 5
	r, err := spell.Cast(bram(), "cure-wounds", 1, []rules.Combatant{afflicted(hurt, mummyRot)}, spell.Options{Ability: rules.Wis}, faces(t, 8), nil)
	if err != nil {
		t.Fatal(err)
	}
	wantSummary(t, r.Summary(), "Bram casts Cure Wounds (1st level): Mira can't regain hit points under mummy rot (5/27 HP).")
	r, err = spell.Cast(bram(), "cure-wounds", 1, []rules.Combatant{afflicted(hurt, ratPox)}, spell.Options{Ability: rules.Wis}, faces(t, 8), nil)
	if err != nil {
		t.Fatal(err)
	}
	if o := r.Targets[0]; o.Heal == nil || o.Heal.Regained == 0 {
		t.Errorf("magic did not heal the diseased: %s", r.Summary())
	}
	rest, err := rules.LongRest(afflicted(hurt, ratPox), true)
	if err != nil {
		t.Fatal(err)
	}
	if rest.HPAfter != 5 {
		t.Errorf("a long rest healed the diseased to %d, want 5", rest.HPAfter)
	}
}
