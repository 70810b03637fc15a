package encounter_test

import (
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/rules"
	"chronicler/shared/rules/encounter"
)

// miraWith is Mira (Str 16, a longsword) with a magic item more, attuned.
func miraWith(it campaign.Item) campaign.Character {
	m := mira()
	it.Attuned = true
	m.Inventory = append(m.Inventory, it)
	m.Inventory[len(m.Inventory)-1].Qty = 1
	return m
}

// dealt is what each damage part of attack a dealt, by type.
func dealt(a rules.AttackResult) map[rules.DamageType]int {
	out := map[rules.DamageType]int{}
	if a.Damage != nil {
		for _, p := range a.Damage.Parts {
			out[p.Type] += p.Dealt
		}
	}
	return out
}

// A magic weapon's hits deal what its text adds: a Flame Tongue's 2d6
// fire to anyone, a Giant Slayer's 2d6 of its own type to a giant and
// not to a bugbear, a Vicious Weapon's 2d6 on a 20 and not on another
// critical hit.
func TestMagicWeaponsHitsAdd(t *testing.T) {
	for _, tc := range []struct {
		name  string
		magic string
		foe   string
		faces []int
		want  map[rules.DamageType]int
	}{
		// 9 + 5 hits; 1d10 6 + 3 slashing, 2d6 3 + 4 fire.
		{"FlameTongueBurnsAGoblin", "flame-tongue", "ogre", []int{9, 6, 3, 4}, map[rules.DamageType]int{rules.Slashing: 9, rules.Fire: 7}},
		// +1: 6 + 3 + 1 slashing, and 2d6 3 + 4 more against a giant.
		{"GiantSlayerCutsAnOgre", "giant-slayer", "ogre", []int{9, 6, 3, 4}, map[rules.DamageType]int{rules.Slashing: 17}},
		{"GiantSlayerDealsABugbearNoMore", "giant-slayer", "bugbear", []int{12, 6}, map[rules.DamageType]int{rules.Slashing: 10}},
		// A 20: 1d10 doubled (6, 6) + 3, then 2d6 (3, 4) of the weapon's type.
		{"ViciousWeaponOnATwenty", "vicious-weapon", "ogre", []int{20, 6, 6, 3, 4}, map[rules.DamageType]int{rules.Slashing: 22}},
		// A champion's 19 is a critical hit (6, 3 + 3), and no 20.
		{"ViciousWeaponNotOnAChampionsNineteen", "vicious-weapon", "ogre", []int{19, 6, 3}, map[rules.DamageType]int{rules.Slashing: 12}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := miraWith(campaign.Item{Item: "longsword", Magic: tc.magic})
			e := casterFirst(t, []campaign.Character{m}, []encounter.MonsterSpec{{SRDID: tc.foe, Count: 1}})
			_, res, err := encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionAttack, TargetID: tc.foe + "-1", Weapon: "longsword"}, faces(t, tc.faces...))
			if err != nil {
				t.Fatal(err)
			}
			a := res.Attacks[0]
			got := dealt(a)
			for typ, n := range tc.want {
				if got[typ] != n {
					t.Fatalf("%s dealt %v, want %v: %s", tc.magic, got, tc.want, res.Summary())
				}
			}
			if len(got) != len(tc.want) {
				t.Fatalf("%s dealt %v, want %v: %s", tc.magic, got, tc.want, res.Summary())
			}
		})
	}
}

// Worn items set the fighter's numbers as the fight starts: Gauntlets of
// Ogre Power make Strength 19 (+4 to hit and damage with a longsword), a
// Frost Brand gives fire resistance, a Periapt of Proof against Poison
// poison immunity and no poisoning, Boots of Striding and Springing a
// speed of 30 for a dwarf's 25; unattuned gauntlets do nothing.
func TestWornItemsInAFight(t *testing.T) {
	m := miraWith(campaign.Item{Item: "gauntlets-of-ogre-power"})
	m.Inventory = append(m.Inventory, campaign.Item{Item: "longsword", Magic: "frost-brand", Qty: 1, Attuned: true},
		campaign.Item{Item: "periapt-of-proof-against-poison", Qty: 1})
	e := casterFirst(t, []campaign.Character{m}, goblins(1))
	p := participant(t, e, "mira").Combatant
	switch {
	case p.Abilities.Str != 19:
		t.Errorf("Strength %d with the gauntlets, want 19", p.Abilities.Str)
	case !p.Resistances.Has(rules.Fire):
		t.Errorf("no fire resistance with a Frost Brand: %v", p.Resistances)
	case !p.Immunities.Has(rules.Poison) || !p.ConditionImmunities.Has(rules.Poisoned):
		t.Errorf("the periapt: %v %v", p.Immunities, p.ConditionImmunities)
	}
	// 9 + 4 + 2 hits; 1d10 6 + 4 slashing, 1d6 3 cold.
	_, res, err := encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionAttack, TargetID: "goblin-1", Weapon: "longsword"}, faces(t, 9, 6, 3))
	if err != nil {
		t.Fatal(err)
	}
	if a := res.Attacks[0]; a.Bonus != 6 {
		t.Errorf("attack bonus %d with Strength 19, want 6: %s", a.Bonus, res.Summary())
	}
	loose := mira()
	loose.Inventory = append(loose.Inventory, campaign.Item{Item: "gauntlets-of-ogre-power", Qty: 1})
	if p := participant(t, casterFirst(t, []campaign.Character{loose}, goblins(1)), "mira"); p.Combatant.Abilities.Str != 16 {
		t.Errorf("unattuned gauntlets: Strength %d", p.Combatant.Abilities.Str)
	}
	dwarf := miraWith(campaign.Item{Item: "boots-of-striding-and-springing"})
	dwarf.Speed = 25
	if p := participant(t, casterFirst(t, []campaign.Character{dwarf}, goblins(1)), "mira"); p.Combatant.Speed != 30 {
		t.Errorf("speed %d with the boots, want 30", p.Combatant.Speed)
	}
}

// A Potion of Hill Giant Strength drunk in a fight makes Strength 21 (+5)
// for the rest of it; a Potion of Fire Resistance gives the resistance.
func TestFightPotions(t *testing.T) {
	m := mira()
	m.Inventory = append(m.Inventory, campaign.Item{Item: "potion-of-giant-strength-hill", Qty: 1}, campaign.Item{Item: "potion-of-resistance-fire", Qty: 1})
	e := casterFirst(t, []campaign.Character{m}, goblins(1))
	e, res, err := encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionPotion, Item: "potion-of-giant-strength-hill"}, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	if p := participant(t, e, "mira").Combatant; p.Abilities.Str != 21 {
		t.Fatalf("Strength %d after the potion: %s", p.Abilities.Str, res.Summary())
	}
	e = edit(e, "mira", func(p *encounter.Participant) { p.Turn = encounter.Turn{Movement: 30} })
	e, _, err = encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionPotion, Item: "potion-of-resistance-fire"}, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	if p := participant(t, e, "mira").Combatant; !p.Resistances.Has(rules.Fire) {
		t.Fatalf("no fire resistance after the potion: %v", p.Resistances)
	}
}
