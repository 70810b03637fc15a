package rules_test

import (
	"testing"

	"chronicler/shared/dice"
	"chronicler/shared/rules"
)

// What the fighter's and barbarian's features ask of an attack: a wider
// critical range (Improved Critical: 19-20), more dice on a critical hit
// (Brutal Critical, Savage Attacks: more of the weapon's die, not
// doubled), and Great Weapon Fighting's reroll of damage dice under 3.
func TestAttackCriticalRangeDiceAndReroll(t *testing.T) {
	ogre := goblin()
	ogre.HP, ogre.MaxHP = 100, 100
	greataxe := rules.AttackRequest{Weapon: "her greataxe", Bonus: 5, Kind: rules.MeleeWeapon,
		Damage: []rules.DamageRoll{{Dice: dice.MustParse("1d12+3"), Type: rules.Slashing}}}
	t.Run("NineteenIsCriticalFromCriticalOn19", func(t *testing.T) {
		req := greataxe
		req.CriticalOn = 19
		r, err := rules.Attack(mira(), ogre, req, faces(t, 19, 4, 5))
		if err != nil {
			t.Fatal(err)
		}
		if !r.Critical || r.Damage.Taken != 12 {
			t.Fatalf("a 19 with CriticalOn 19: critical %v, %d damage (2d12: 4+5, +3)", r.Critical, r.Damage.Taken)
		}
	})
	t.Run("EighteenIsOnlyAHitWithout", func(t *testing.T) {
		r, err := rules.Attack(mira(), ogre, greataxe, faces(t, 18, 4))
		if err != nil {
			t.Fatal(err)
		}
		if r.Critical || r.Damage.Taken != 7 {
			t.Fatalf("an 18: critical %v, %d damage", r.Critical, r.Damage.Taken)
		}
	})
	t.Run("CriticalDiceAreMoreOfTheFirstDie", func(t *testing.T) {
		req := greataxe
		req.CriticalDice = 2 // Brutal Critical at 13th level
		r, err := rules.Attack(mira(), ogre, req, faces(t, 20, 1, 2, 3, 4))
		if err != nil {
			t.Fatal(err)
		}
		last := r.Rolls[len(r.Rolls)-1]
		if r.Damage.Taken != 1+2+3+3+4 || last.Reason != "critical dice" || last.Expr != "2d12" {
			t.Fatalf("2d12+3 doubled and 2d12 more: %d damage, last roll %+v", r.Damage.Taken, last)
		}
	})
	t.Run("NoCriticalDiceOnAPlainHit", func(t *testing.T) {
		req := greataxe
		req.CriticalDice = 3
		r, err := rules.Attack(mira(), ogre, req, faces(t, 15, 6))
		if err != nil {
			t.Fatal(err)
		}
		if r.Damage.Taken != 9 {
			t.Fatalf("a plain hit with CriticalDice: %d damage", r.Damage.Taken)
		}
	})
	t.Run("RerollDamageBelowThree", func(t *testing.T) {
		req := greataxe
		req.Damage = []rules.DamageRoll{{Dice: dice.MustParse("2d6+3"), Type: rules.Slashing}}
		req.RerollDamageBelow = 3
		// A 1 and a 5: the 1 is rolled again, a 2, which stands.
		r, err := rules.Attack(mira(), ogre, req, faces(t, 15, 1, 5, 2))
		if err != nil {
			t.Fatal(err)
		}
		if r.Damage.Taken != 2+5+3 || r.Rolls[1].RerollBelow != 3 {
			t.Fatalf("great weapon fighting: %d damage, roll %+v", r.Damage.Taken, r.Rolls[1])
		}
	})
}

// Indomitable Might: a barbarian's Strength check totals at least its
// Strength score; other checks roll as they fall.
func TestIndomitableMight(t *testing.T) {
	c := mira()
	c.Abilities.Str = 20
	c.Features = []string{"indomitable-might"}
	r, err := rules.Check(c, rules.CheckRequest{Ability: rules.Str, DC: 18}, faces(t, 2))
	if err != nil {
		t.Fatal(err)
	}
	if r.Total != 20 || !r.Success {
		t.Fatalf("a 2 +5 on Strength with Strength 20: total %d, success %v", r.Total, r.Success)
	}
	r, err = rules.Check(c, rules.CheckRequest{Ability: rules.Dex}, faces(t, 2))
	if err != nil {
		t.Fatal(err)
	}
	if r.Total != 4 {
		t.Fatalf("a Dexterity check: total %d, want 4", r.Total)
	}
}

// Remarkable Athlete: half the proficiency bonus, rounded up, on a
// Dexterity check without proficiency: initiative too.
func TestRemarkableAthleteOnInitiative(t *testing.T) {
	c := mira()
	c.Level, c.ProficiencyBonus = 7, rules.ProficiencyByLevel(7)
	c.Features = []string{"remarkable-athlete"}
	r, err := rules.Check(c, rules.CheckRequest{Ability: rules.Dex}, faces(t, 10))
	if err != nil {
		t.Fatal(err)
	}
	if r.Total != 10+2+2 {
		t.Fatalf("initiative of a 7th-level champion with Dex 14: %d, want 14 (+2 Dex, +2 half of +3)", r.Total)
	}
}

// Danger Sense: advantage on Dexterity saves against effects the
// barbarian can see (a trap, a spell, a breath), unless it is blinded,
// deafened or incapacitated; no other save gains it.
func TestDangerSense(t *testing.T) {
	c := mira()
	c.Features = []string{"danger-sense"}
	seen := rules.SaveRequest{Ability: rules.Dex, DC: 13, Against: []string{"seen"}}
	for _, tc := range []struct {
		name string
		c    rules.Combatant
		req  rules.SaveRequest
		adv  bool
	}{
		{"SeenDexteritySave", c, seen, true},
		{"Blinded", with(c, rules.Blinded), seen, false},
		{"Deafened", with(c, rules.Deafened), seen, false},
		{"UnseenEffect", c, rules.SaveRequest{Ability: rules.Dex, DC: 13}, false},
		{"StrengthSave", c, rules.SaveRequest{Ability: rules.Str, DC: 13, Against: []string{"seen"}}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := []int{5}
			if tc.adv {
				f = append(f, 15)
			}
			r, err := rules.Save(tc.c, tc.req, faces(t, f...))
			if err != nil {
				t.Fatal(err)
			}
			if got := edgeOf(r.Rolls[0]) == "advantage"; got != tc.adv {
				t.Fatalf("advantage %v, want %v: %+v", got, tc.adv, r.Edge)
			}
		})
	}
}
