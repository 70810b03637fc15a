package rules_test

import (
	"slices"
	"testing"

	"chronicler/shared/dice"
	"chronicler/shared/rules"
)

// having is c with the features ids, as a sheet's FeatureIDs gives them.
func having(c rules.Combatant, ids ...string) rules.Combatant {
	c.Features = append(slices.Clone(c.Features), ids...)
	return c
}

// Evasion (rogue 7, monk 7, hunter 15: one rule under three rows): on a
// Dexterity save against an effect that deals half on a success, a
// success takes nothing and a failure half; a save for none, or of
// another ability, is as it was.
func TestEvasion(t *testing.T) {
	fire := []rules.Damage{{Amount: 21, Type: rules.Fire}}
	plain := mira()
	for _, id := range []string{"rogue-evasion", "monk-evasion", "superior-hunters-defense-evasion"} {
		c := having(mira(), id)
		if got := rules.DamageOnSave(c, rules.Dex, true, true, fire); got != nil {
			t.Errorf("%s: a success took %v, want nothing", id, got)
		}
		if got := rules.DamageOnSave(c, rules.Dex, false, true, fire); got[0].Amount != 10 {
			t.Errorf("%s: a failure took %v, want half of 21 (10)", id, got)
		}
		if got := rules.DamageOnSave(c, rules.Con, false, true, fire); got[0].Amount != 21 {
			t.Errorf("%s: a failed Constitution save took %v, want all 21", id, got)
		}
		if got := rules.DamageOnSave(c, rules.Dex, false, false, fire); got[0].Amount != 21 {
			t.Errorf("%s: a failed save for none took %v, want all 21", id, got)
		}
	}
	if got := rules.DamageOnSave(plain, rules.Dex, true, true, fire); got[0].Amount != 10 {
		t.Errorf("without Evasion a success took %v, want 10", got)
	}
	if got := rules.DamageOnSave(plain, rules.Dex, false, true, fire); got[0].Amount != 21 {
		t.Errorf("without Evasion a failure took %v, want 21", got)
	}
	// Two rows of it (a multiclass sheet) are still one rule.
	if got := rules.DamageOnSave(having(mira(), "rogue-evasion", "monk-evasion"), rules.Dex, false, true, fire); got[0].Amount != 10 {
		t.Errorf("two Evasion rows: %v, want 10", got)
	}
}

// Reliable Talent (rogue 11): a d20 of 9 or lower counts as 10 on a
// check of a proficient skill, not on any other.
func TestReliableTalent(t *testing.T) {
	c := having(mira(), "reliable-talent") // proficient in Athletics, not Stealth
	r, err := rules.Check(c, rules.CheckRequest{Skill: rules.Athletics, DC: 15}, faces(t, 3))
	if err != nil {
		t.Fatal(err)
	}
	if r.Total != 10+5 || r.RaisedFrom != 3 || !r.Success || r.Rolls[0].Total != 15 {
		t.Fatalf("Athletics with a 3: %+v, want 10 + 5 = 15", r)
	}
	r, err = rules.Check(c, rules.CheckRequest{Skill: rules.Stealth}, faces(t, 3))
	if err != nil {
		t.Fatal(err)
	}
	if r.Total != 3+2 || r.RaisedFrom != 0 {
		t.Fatalf("Stealth (not proficient) with a 3: %+v, want 5", r)
	}
}

// Slippery Mind (rogue 15): proficiency in Wisdom saves.
func TestSlipperyMind(t *testing.T) {
	if got := having(mira(), "slippery-mind").SaveBonus(rules.Wis); got != 1+2 {
		t.Fatalf("Wisdom save bonus %d, want +1 and proficiency +2", got)
	}
}

// Elusive (rogue 18): no advantage on attacks against the rogue, unless
// it is incapacitated.
func TestElusive(t *testing.T) {
	rogue := having(with(mira(), rules.Prone), "elusive")
	r, err := rules.Attack(goblin(), rogue, longsword(), faces(t, 2))
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Edge.Advantage) != 0 || r.Natural != 2 {
		t.Fatalf("an attack on a prone elusive rogue: %+v, want a straight roll", r.Edge)
	}
	r, err = rules.Attack(goblin(), with(rogue, rules.Stunned), longsword(), faces(t, 2, 18, 4))
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Edge.Advantage) == 0 || r.Natural != 18 {
		t.Fatalf("an attack on a stunned elusive rogue: %+v, want advantage", r.Edge)
	}
}

// Feral Senses (ranger 18): an invisible target, or the ranger's own
// blindness, gives its attack no disadvantage; other sources still do.
func TestFeralSenses(t *testing.T) {
	ranger := having(mira(), "feral-senses")
	r, err := rules.Attack(ranger, with(goblin(), rules.Invisible), longsword(), faces(t, 15, 4))
	if err != nil || len(r.Edge.Disadvantage) != 0 {
		t.Fatalf("attacking an invisible goblin: %+v, %v, want no disadvantage", r.Edge, err)
	}
	r, err = rules.Attack(with(ranger, rules.Blinded, rules.Poisoned), goblin(), longsword(), faces(t, 15, 4))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(r.Edge.Disadvantage, []string{"attacker poisoned"}) {
		t.Fatalf("blinded and poisoned: %v, want the poison's disadvantage only", r.Edge.Disadvantage)
	}
}

// Favored Enemy (ranger 1): advantage on Wisdom (Survival) checks to
// track, and Intelligence checks to recall, a chosen creature type, as
// the check says it is about; none on other checks or other types.
func TestFavoredEnemy(t *testing.T) {
	c := having(mira(), "favored-enemy-1-type")
	c.Choices = map[string][]string{rules.FavoredEnemies: {"undead"}}
	for _, tc := range []struct {
		name  string
		req   rules.CheckRequest
		edged bool
	}{
		{"TrackingUndead", rules.CheckRequest{Skill: rules.Survival, About: []string{"undead"}}, true},
		{"RecallingUndead", rules.CheckRequest{Ability: rules.Int, Skill: rules.Religion, About: []string{"undead"}}, true},
		{"PlainIntelligenceAboutUndead", rules.CheckRequest{Ability: rules.Int, About: []string{"undead"}}, true},
		{"TrackingBeasts", rules.CheckRequest{Skill: rules.Survival, About: []string{"beast"}}, false},
		{"SpottingUndead", rules.CheckRequest{Skill: rules.Perception, About: []string{"undead"}}, false},
		{"AboutNothing", rules.CheckRequest{Skill: rules.Survival}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := []int{5}
			if tc.edged {
				f = []int{5, 17}
			}
			r, err := rules.Check(c, tc.req, faces(t, f...))
			if err != nil {
				t.Fatal(err)
			}
			if got := slices.Contains(r.Edge.Advantage, "Favored Enemy"); got != tc.edged {
				t.Fatalf("advantage %v, want Favored Enemy's %v", r.Edge.Advantage, tc.edged)
			}
		})
	}
	// The rows of later levels are the same rule, once.
	more := having(c, "favored-enemy-2-types", "favored-enemy-3-enemies")
	r, err := rules.Check(more, rules.CheckRequest{Skill: rules.Survival, About: []string{"undead"}}, faces(t, 5, 17))
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Edge.Advantage) != 1 {
		t.Fatalf("three rows of Favored Enemy: %v, want one advantage", r.Edge.Advantage)
	}
}

// Natural Explorer (ranger 1): the proficiency bonus doubled on an
// Intelligence or Wisdom check of a proficient skill about a chosen
// terrain; not on an unproficient skill, another ability or terrain.
func TestNaturalExplorer(t *testing.T) {
	c := having(mira(), "natural-explorer-1-terrain-type") // Perception proficient, +1 Wis
	c.Choices = map[string][]string{rules.FavoredTerrains: {"forest"}}
	for _, tc := range []struct {
		name string
		req  rules.CheckRequest
		want int
	}{
		{"PerceptionInTheForest", rules.CheckRequest{Skill: rules.Perception, About: []string{"forest"}}, 1 + 2 + 2},
		{"PerceptionInTheDesert", rules.CheckRequest{Skill: rules.Perception, About: []string{"desert"}}, 1 + 2},
		{"SurvivalUnproficient", rules.CheckRequest{Skill: rules.Survival, About: []string{"forest"}}, 1},
		{"AthleticsIsStrength", rules.CheckRequest{Skill: rules.Athletics, About: []string{"forest"}}, 3 + 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := rules.Check(c, tc.req, faces(t, 10))
			if err != nil {
				t.Fatal(err)
			}
			if r.Bonus != tc.want {
				t.Fatalf("bonus %d, want %d", r.Bonus, tc.want)
			}
		})
	}
}

// Supreme Sneak (rogue 9): advantage on a Dexterity (Stealth) check on a
// turn the rogue moved no more than half its speed.
func TestSupremeSneak(t *testing.T) {
	c := having(mira(), "supreme-sneak")
	r, err := rules.Check(c, rules.CheckRequest{Skill: rules.Stealth}, faces(t, 4, 16))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(r.Edge.Advantage, "Supreme Sneak") || r.Natural != 16 {
		t.Fatalf("standing still: %+v", r)
	}
	r, err = rules.Check(c, rules.CheckRequest{Skill: rules.Stealth, Moved: true}, faces(t, 4))
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Edge.Advantage) != 0 {
		t.Fatalf("after moving: %v, want none", r.Edge.Advantage)
	}
}

// Steel Will (hunter 7), Land's Stride (ranger 8) and Countercharm's
// performance (bard 6): advantage on saves against being frightened,
// against Entangle, and against being frightened or charmed (for one who
// can hear it).
func TestSaveAdvantages(t *testing.T) {
	for _, tc := range []struct {
		name    string
		feature string
		against []string
		adv     bool
	}{
		{"SteelWillAgainstFear", "defensive-tactics-steel-will", []string{"magic", "frightened"}, true},
		{"SteelWillAgainstCharm", "defensive-tactics-steel-will", []string{"magic", "charmed"}, false},
		{"LandsStrideAgainstEntangle", "ranger-lands-stride", []string{"magic", "entangle", "restrained"}, true},
		{"LandsStrideAgainstWeb", "ranger-lands-stride", []string{"magic", "web", "restrained"}, false},
		{"CountercharmAgainstCharm", rules.Countercharmed, []string{"magic", "charmed"}, true},
		{"CountercharmAgainstFear", rules.Countercharmed, []string{"frightened"}, true},
		{"CountercharmAgainstFire", rules.Countercharmed, []string{"fire"}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := []int{5}
			if tc.adv {
				f = []int{5, 15}
			}
			r, err := rules.Save(having(mira(), tc.feature), rules.SaveRequest{Ability: rules.Wis, DC: 13, Against: tc.against}, faces(t, f...))
			if err != nil {
				t.Fatal(err)
			}
			if got := len(r.Edge.Advantage) > 0; got != tc.adv {
				t.Fatalf("advantage %v, want %v", r.Edge.Advantage, tc.adv)
			}
		})
	}
	deaf := with(having(mira(), rules.Countercharmed), rules.Deafened)
	r, err := rules.Save(deaf, rules.SaveRequest{Ability: rules.Wis, DC: 13, Against: []string{"charmed"}}, faces(t, 5))
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Edge.Advantage) != 0 {
		t.Fatalf("a deafened creature heard the countercharm: %v", r.Edge.Advantage)
	}
}

// A reserve (a Bardic Inspiration die) is rolled only on a roll that
// fails and that its most could still make succeed, and is then added.
func TestReserves(t *testing.T) {
	d8 := rules.Reserve{ID: "bardic-inspiration", Name: "bardic inspiration", Dice: dice.MustParse("1d8")}
	// A Wisdom save of +1 at DC 15: a 9 (10) fails by 5, which a d8 may
	// make up: it is rolled (a 6).
	r, err := rules.Save(mira(), rules.SaveRequest{Ability: rules.Wis, DC: 15, Reserves: []rules.Reserve{d8}}, faces(t, 9, 6))
	if err != nil {
		t.Fatal(err)
	}
	if !r.Success || r.Total != 16 || !slices.Equal(r.Reserved, []string{"bardic-inspiration"}) || len(r.Rolls) != 2 || r.Rolls[1].Reason != "bardic inspiration" {
		t.Fatalf("save with the die: %+v", r)
	}
	// A 2 (3) fails by 12: the die is kept.
	r, err = rules.Save(mira(), rules.SaveRequest{Ability: rules.Wis, DC: 15, Reserves: []rules.Reserve{d8}}, faces(t, 2))
	if err != nil {
		t.Fatal(err)
	}
	if r.Success || len(r.Reserved) != 0 || len(r.Rolls) != 1 {
		t.Fatalf("a hopeless save spent the die: %+v", r)
	}
	// A 16 (17) succeeds: the die is kept.
	r, err = rules.Save(mira(), rules.SaveRequest{Ability: rules.Wis, DC: 15, Reserves: []rules.Reserve{d8}}, faces(t, 16))
	if err != nil {
		t.Fatal(err)
	}
	if !r.Success || len(r.Reserved) != 0 {
		t.Fatalf("a save made spent the die: %+v", r)
	}
	// An attack of +5 on AC 15: a 7 (12) misses; the die (a 2) is
	// rolled and still falls short.
	req := longsword()
	req.Reserves = []rules.Reserve{d8}
	a, err := rules.Attack(mira(), goblin(), req, faces(t, 7, 2))
	if err != nil {
		t.Fatal(err)
	}
	if a.Hit || a.Total != 14 || !slices.Equal(a.Reserved, []string{"bardic-inspiration"}) {
		t.Fatalf("attack with the die: %+v", a)
	}
	// A natural 1 misses whatever is added: the die is kept.
	a, err = rules.Attack(mira(), goblin(), req, faces(t, 1))
	if err != nil {
		t.Fatal(err)
	}
	if a.Hit || len(a.Reserved) != 0 {
		t.Fatalf("a natural 1 spent the die: %+v", a)
	}
}

// Foe Slayer's reserve (ranger 20): a flat +3 on the attack roll when it
// turns the miss into a hit, else on a hit's damage.
func TestReserveOrDamage(t *testing.T) {
	wis := rules.Reserve{ID: "foe-slayer", Name: "foe slayer", Dice: dice.MustParse("3"), OrDamage: true}
	req := longsword()
	req.Reserves = []rules.Reserve{wis}
	// 8 + 5 = 13 misses AC 15; +3 hits; the damage is the sword's alone.
	a, err := rules.Attack(mira(), goblin(), req, faces(t, 8, 1))
	if err != nil {
		t.Fatal(err)
	}
	if !a.Hit || a.Total != 16 || a.Damage.Taken != 4 {
		t.Fatalf("foe slayer on the roll: %+v", a)
	}
	// 12 + 5 = 17 hits: +3 goes on the damage, 1 + 3 + 3.
	a, err = rules.Attack(mira(), goblin(), req, faces(t, 12, 1))
	if err != nil {
		t.Fatal(err)
	}
	if !a.Hit || a.Damage.Taken != 7 || !slices.Equal(a.Reserved, []string{"foe-slayer"}) {
		t.Fatalf("foe slayer on the damage: %+v", a)
	}
	// 3 + 5 = 8 misses by more than 3: nothing is spent.
	a, err = rules.Attack(mira(), goblin(), req, faces(t, 3))
	if err != nil {
		t.Fatal(err)
	}
	if a.Hit || len(a.Reserved) != 0 {
		t.Fatalf("foe slayer on a hopeless miss: %+v", a)
	}
}

// Stroke of Luck's sure hit (rogue 20): a miss becomes a hit, not a
// critical one.
func TestSureHit(t *testing.T) {
	req := longsword()
	req.Sure = true
	a, err := rules.Attack(mira(), goblin(), req, faces(t, 4, 5))
	if err != nil {
		t.Fatal(err)
	}
	if !a.Hit || a.Critical || !a.Sure || a.Damage.HPAfter != 0 {
		t.Fatalf("a sure miss: %+v", a)
	}
}

// Multiattack Defense's AC bonus (hunter 7): +4 to the AC the roll must
// meet.
func TestACBonus(t *testing.T) {
	req := longsword()
	req.ACBonus = 4
	a, err := rules.Attack(mira(), goblin(), req, faces(t, 12))
	if err != nil {
		t.Fatal(err)
	}
	if a.Hit || a.AC != 19 {
		t.Fatalf("17 against AC 15 + 4: %+v", a)
	}
}
