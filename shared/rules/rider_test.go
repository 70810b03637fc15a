package rules_test

import (
	"testing"

	"chronicler/shared/dice"
	"chronicler/shared/fault"
	"chronicler/shared/rules"
)

// snakeBite is a poisonous snake's bite: +5 to hit, 1 piercing, and a DC
// 10 Constitution save against 2d4 poison, half on a success.
func snakeBite() rules.AttackRequest {
	return rules.AttackRequest{Weapon: "its bite", Bonus: 5,
		Damage: []rules.DamageRoll{{Dice: dice.MustParse("1"), Type: rules.Piercing}},
		Riders: []rules.Rider{{Save: rules.SaveRequest{Ability: rules.Con, DC: 10},
			Damage: []rules.DamageRoll{{Dice: dice.MustParse("2d4"), Type: rules.Poison}}, Half: true}}}
}

func snake() rules.Combatant {
	s := goblin()
	s.ID, s.Name = "snake-1", "the snake"
	return s
}

// A hit's rider is the target's save (Mira: Constitution +4) and damage
// of its own, with the hit's as one.
func TestAttackRiders(t *testing.T) {
	tests := []struct {
		name    string
		req     func(rules.AttackRequest) rules.AttackRequest
		faces   []int
		saves   int
		taken   int
		summary string
	}{
		{name: "FailedSaveTakesItAll", faces: []int{15, 3, 3, 4}, saves: 1, taken: 8,
			summary: "The snake hits Mira with its bite (20 vs AC 16), and Mira fails a DC 10 Constitution saving throw (7), for 1 piercing and 7 poison damage; Mira is at 20/28 HP."},
		{name: "SuccessfulSaveTakesHalf", faces: []int{15, 10, 3, 4}, saves: 1, taken: 4,
			summary: "The snake hits Mira with its bite (20 vs AC 16), and Mira succeeds on a DC 10 Constitution saving throw (14), for 1 piercing and 3 poison damage; Mira is at 24/28 HP."},
		{name: "SuccessfulSaveTakesNoneWithoutHalf", faces: []int{15, 10}, saves: 1, taken: 1,
			req: func(r rules.AttackRequest) rules.AttackRequest { r.Riders[0].Half = false; return r }},
		{name: "MissMakesNoSave", faces: []int{2}, saves: 0, taken: 0,
			summary: "The snake misses Mira with its bite (7 vs AC 16)."},
		{name: "CriticalHitDoesNotDoubleTheRider", faces: []int{20, 3, 3, 4}, saves: 1, taken: 8},
		{name: "UncannyDodgeHalvesTheWhole", faces: []int{15, 3, 3, 4}, saves: 1, taken: 4,
			req: func(r rules.AttackRequest) rules.AttackRequest { r.HalveDamage = true; return r }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := snakeBite()
			if tt.req != nil {
				req = tt.req(req)
			}
			r, err := rules.Attack(snake(), mira(), req, faces(t, tt.faces...))
			if err != nil {
				t.Fatal(err)
			}
			if len(r.Saves) != tt.saves {
				t.Fatalf("%d saves, want %d: %s", len(r.Saves), tt.saves, r.Summary())
			}
			if taken := 0; r.Damage != nil {
				taken = r.Damage.Taken
				if taken != tt.taken {
					t.Errorf("took %d, want %d: %s", taken, tt.taken, r.Summary())
				}
			} else if tt.taken != 0 {
				t.Errorf("no damage, want %d", tt.taken)
			}
			if tt.summary != "" {
				wantSummary(t, r.Summary(), tt.summary)
			}
			if tt.saves > 0 && (r.Saves[0].RollerID != "mira" || r.Saves[0].Ability != rules.Con) {
				t.Errorf("save %+v, want Mira's Constitution save", r.Saves[0])
			}
		})
	}
}

func TestAttackRejectsABadRider(t *testing.T) {
	for name, bad := range map[string]func(*rules.Rider){
		"NoAbility":         func(r *rules.Rider) { r.Save.Ability = 0 },
		"NoDC":              func(r *rules.Rider) { r.Save.DC = 0 },
		"UnknownDamageType": func(r *rules.Rider) { r.Damage[0].Type = 99 },
	} {
		t.Run(name, func(t *testing.T) {
			req := snakeBite()
			bad(&req.Riders[0])
			if _, err := rules.Attack(snake(), mira(), req, faces(t)); !fault.Is(err, fault.Invalid) {
				t.Errorf("err = %v, want invalid", err)
			}
		})
	}
}
