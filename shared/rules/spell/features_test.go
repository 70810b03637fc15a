package spell_test

import (
	"testing"

	"chronicler/shared/rules"
	"chronicler/shared/rules/spell"
	"chronicler/shared/srd"
)

// lifeCleric is Bram at level n with the Life domain's features given,
// and a slot of every level.
func lifeCleric(n int, features ...string) rules.Combatant {
	c := bram()
	c.Level, c.Features = n, features
	for i := range c.SpellSlots {
		c.SpellSlots[i].Max = max(c.SpellSlots[i].Max, 1)
	}
	return c
}

// The Life domain's healing, by the caster's features: Disciple of Life
// adds 2 + the spell's level to each creature a spell of 1st level or
// higher heals; Supreme Healing gives the dice their most; Blessed
// Healer heals the cleric 2 + the spell's level when it heals another.
func TestLifeDomainHealing(t *testing.T) {
	wis := spell.Options{Ability: rules.Wis}
	for _, tc := range []struct {
		name    string
		caster  rules.Combatant
		spell   string
		slot    int
		targets []rules.Combatant
		faces   []int
		healed  map[string]int // HP after, by id
		summary string
	}{
		{name: "DiscipleAddsThreeToCureWounds", caster: lifeCleric(1, "disciple-of-life"), spell: "cure-wounds", slot: 1,
			targets: []rules.Combatant{hp(mira(), 10)}, faces: []int{4}, healed: map[string]int{"mira": 10 + 4 + 3 + 3},
			summary: "Bram casts Cure Wounds (1st level): Mira regains 10 HP (20/27 HP)."},
		{name: "DiscipleGrowsWithTheSlot", caster: lifeCleric(3, "disciple-of-life"), spell: "cure-wounds", slot: 2,
			targets: []rules.Combatant{hp(mira(), 1)}, faces: []int{1, 1}, healed: map[string]int{"mira": 1 + 2 + 3 + 4}},
		{name: "DiscipleOnEachOfMassHealingWord", caster: lifeCleric(5, "disciple-of-life"), spell: "mass-healing-word", slot: 3,
			targets: []rules.Combatant{hp(mira(), 1), hp(orc(), 1)}, faces: []int{2, 3}, healed: map[string]int{"mira": 1 + 2 + 3 + 5, "orc-1": 1 + 3 + 3 + 5}},
		{name: "SupremeHealingNeedsNoDice", caster: lifeCleric(17, "disciple-of-life", "supreme-healing"), spell: "cure-wounds", slot: 1,
			targets: []rules.Combatant{hp(mira(), 1)}, healed: map[string]int{"mira": 1 + 8 + 3 + 3}},
		{name: "BlessedHealerHealsTheClericToo", caster: lifeCleric(6, "disciple-of-life", "blessed-healer"), spell: "cure-wounds", slot: 1,
			targets: []rules.Combatant{hp(mira(), 10)}, faces: []int{4}, healed: map[string]int{"mira": 20, "bram": 10 + 3},
			summary: "Bram casts Cure Wounds (1st level): Mira regains 10 HP (20/27 HP), and Bram regains 3 HP (13/24 HP)."},
		{name: "BlessedHealerNotOnItself", caster: lifeCleric(6, "blessed-healer"), spell: "cure-wounds", slot: 1,
			targets: []rules.Combatant{lifeCleric(6, "blessed-healer")}, faces: []int{4}, healed: map[string]int{"bram": 10 + 4 + 3}},
		{name: "MassHealDrawsLessOnThePool", caster: lifeCleric(17, "disciple-of-life"), spell: "mass-heal", slot: 9,
			targets: []rules.Combatant{hp(mira(), 1)}, healed: map[string]int{"mira": 27}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := spell.Cast(tc.caster, tc.spell, tc.slot, tc.targets, wis, faces(t, tc.faces...), srd.LookupSpell)
			if err != nil {
				t.Fatal(err)
			}
			all := append([]rules.Combatant{tc.caster}, tc.targets...)
			for id, want := range tc.healed {
				for _, c := range all {
					if c.ID != id {
						continue
					}
					after, err := c.Apply(r.Changes)
					if err != nil {
						t.Fatal(err)
					}
					if after.HP != want {
						t.Errorf("%s at %d HP, want %d: %s", id, after.HP, want, r.Summary())
					}
					break
				}
			}
			if tc.summary != "" {
				wantSummary(t, r.Summary(), tc.summary)
			}
			if tc.spell == "mass-heal" && r.Pool.Left != 700-(26-(2+9)) {
				t.Errorf("pool %+v, want 15 of it spent", r.Pool)
			}
		})
	}
}

// Divine Health: a paladin is immune to disease, so Contagion's touch
// takes no hold on it; anyone else is poisoned.
func TestDivineHealthWardsOffContagion(t *testing.T) {
	caster := bram()
	caster.SpellSlots[4].Max = 1
	paladin := named(orc(), "ser", "Ser")
	paladin.Features = []string{"divine-health"}
	r, err := spell.Cast(caster, "contagion", 5, []rules.Combatant{paladin}, spell.Options{Ability: rules.Wis}, faces(t, 15), srd.LookupSpell)
	if err != nil {
		t.Fatal(err)
	}
	wantChanges(t, r.Changes, slot("bram", 5, 0, 1))
	if len(r.Effects) != 0 || len(r.Notes) == 0 {
		t.Errorf("effects %+v, notes %q", r.Effects, r.Notes)
	}
	r, err = spell.Cast(caster, "contagion", 5, []rules.Combatant{orc()}, spell.Options{Ability: rules.Wis}, faces(t, 15), srd.LookupSpell)
	if err != nil {
		t.Fatal(err)
	}
	wantChanges(t, r.Changes, slot("bram", 5, 0, 1), gained("orc-1", rules.Poisoned))
}
