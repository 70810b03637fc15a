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
		HitDice: campaign.Pool{Max: 3, Used: 1}, DeathSaves: campaign.DeathSaves{}, Exhaustion: 2}
	c := rules.FromSheet(ch)
	if c.HitDie != 8 || c.Exhaustion != 2 || !c.SaveProficiencies.Has(wis(t)) || c.SpellSlots[0].Used != 1 || c.ProficiencyBonus != 2 {
		t.Fatalf("combatant = %+v", c)
	}
	if back := rules.ToSheet(ch, c); !reflect.DeepEqual(back, ch) {
		t.Fatalf("round trip changed the sheet:\n%+v\n%+v", back, ch)
	}
	// A change to the hit point maximum (Aid's) reaches the sheet.
	aided, err := c.Apply([]rules.Change{{TargetID: "c1", Field: rules.FieldMaxHP, From: 24, To: 29}, {TargetID: "c1", Field: rules.FieldHP, From: 20, To: 25}})
	if err != nil {
		t.Fatal(err)
	}
	if back := rules.ToSheet(ch, aided); back.MaxHP != 29 || back.HP != 25 || rules.FromSheet(back).MaxHP != 29 {
		t.Errorf("aided sheet: %d/%d HP, want 25/29", back.HP, back.MaxHP)
	}
	dead := ch
	dead.HP, dead.DeathSaves = 0, campaign.DeathSaves{Failures: 3}
	if !rules.FromSheet(dead).Dead {
		t.Fatal("0 HP and three failed death saves is dead")
	}
}

// Dead is a state of the sheet's own: it goes to the engine and back,
// and a revival (Revivify's changes) clears it on the sheet.
func TestSheetKeepsDeath(t *testing.T) {
	ch := campaign.Character{ID: "c1", Name: "Brannoc", Class: "fighter", Level: 1, HP: 0, MaxHP: 12,
		Abilities: campaign.Abilities{Str: 16, Dex: 10, Con: 14, Int: 10, Wis: 10, Cha: 10}, Conditions: []string{"unconscious"},
		SpellSlots: map[string]campaign.Slot{}, Dead: true}
	c := rules.FromSheet(ch)
	if !c.Dead || !ch.IsDead() || !ch.Down() {
		t.Fatalf("a sheet marked dead: combatant dead %v, IsDead %v", c.Dead, ch.IsDead())
	}
	if back := rules.ToSheet(ch, c); !back.Dead {
		t.Fatal("the round trip lost dead")
	}
	revived, err := c.Apply([]rules.Change{{TargetID: "c1", Field: rules.FieldDead, From: true, To: false},
		{TargetID: "c1", Field: rules.FieldHP, From: 0, To: 1},
		{TargetID: "c1", Field: rules.FieldCondition, From: rules.Unconscious, To: rules.Condition(0)}})
	if err != nil {
		t.Fatal(err)
	}
	back := rules.ToSheet(ch, revived)
	if back.Dead || back.IsDead() || back.HP != 1 || back.Down() {
		t.Errorf("revived sheet: dead %v, %d HP", back.Dead, back.HP)
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

// A halfling's sheet makes a Lucky combatant: the 1 on a check's d20 is
// rolled again and the new face used; anyone else keeps the 1.
func TestHalflingsAreLucky(t *testing.T) {
	for _, tc := range []struct {
		race  string
		faces []int
		want  int
	}{{"halfling", []int{1, 14}, 14}, {"human", []int{1}, 1}} {
		c := rules.FromSheet(campaign.Character{ID: "h", Name: "Pip", Race: tc.race, Class: "rogue", Level: 1, HP: 8, MaxHP: 8,
			Abilities: campaign.Abilities{Str: 10, Dex: 10, Con: 10, Int: 10, Wis: 10, Cha: 10}})
		if c.Lucky != (tc.race == "halfling") {
			t.Errorf("%s: Lucky = %v", tc.race, c.Lucky)
		}
		r, err := rules.Check(c, rules.CheckRequest{Ability: rules.Wis, DC: 10}, faces(t, tc.faces...))
		if err != nil {
			t.Fatal(err)
		}
		if r.Natural != tc.want {
			t.Errorf("%s: natural %d, want %d", tc.race, r.Natural, tc.want)
		}
	}
}

// The sheet's skills are the combatant's proficiencies: a Stealth check
// adds the proficiency bonus, an Arcana check does not.
func TestSheetSkills(t *testing.T) {
	c := rules.FromSheet(campaign.Character{ID: "r", Name: "Nim", Race: "elf", Class: "rogue", Level: 1, HP: 8, MaxHP: 8,
		Abilities: campaign.Abilities{Str: 10, Dex: 16, Con: 10, Int: 10, Wis: 10, Cha: 10}, Skills: []string{"stealth", "sleight-of-hand"}})
	if got := c.CheckBonus(rules.Dex, rules.Stealth); got != 3+2 {
		t.Errorf("Stealth bonus %d, want Dex 3 + proficiency 2", got)
	}
	if got := c.CheckBonus(rules.Int, rules.Arcana); got != 0 {
		t.Errorf("Arcana bonus %d, want 0", got)
	}
}
