package rules_test

import (
	"reflect"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/rules"
)

func TestSheetRoundTrip(t *testing.T) {
	conc := "bless"
	ch := campaign.Character{ID: "c1", Name: "Ilse", Class: "cleric", Level: 3, HP: 20, MaxHP: 24, TempHP: 2, AC: 16,
		Abilities: campaign.Abilities{Str: 12, Dex: 10, Con: 14, Int: 10, Wis: 16, Cha: 12}, Conditions: []string{"prone"},
		Concentration: &conc, SpellSlots: map[string]campaign.Slot{"1": {Max: 4, Used: 1}, "2": {Max: 2}},
		HitDice: campaign.Pool{Max: 3, Used: 1}, DeathSaves: campaign.DeathSaves{}}
	c := rules.FromSheet(ch)
	if c.HitDie != 8 || !c.SaveProficiencies.Has(wis(t)) || c.SpellSlots[0].Used != 1 || c.ProficiencyBonus != 2 {
		t.Fatalf("combatant = %+v", c)
	}
	if back := rules.ToSheet(ch, c); !reflect.DeepEqual(back, ch) {
		t.Fatalf("round trip changed the sheet:\n%+v\n%+v", back, ch)
	}
	dead := ch
	dead.HP, dead.DeathSaves = 0, campaign.DeathSaves{Failures: 3}
	if !rules.FromSheet(dead).Dead {
		t.Fatal("0 HP and three failed death saves is dead")
	}
}

func wis(t *testing.T) rules.Ability {
	t.Helper()
	a, err := rules.ParseAbility("wis")
	if err != nil {
		t.Fatal(err)
	}
	return a
}
