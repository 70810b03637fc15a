package encounter_test

import (
	"slices"
	"strings"
	"testing"

	"chronicler/shared/rules"
	"chronicler/shared/rules/encounter"
)

// A sea hag's Death Glare: a frightened Mira (Wis +1) that fails the DC
// 11 Wisdom save drops to 0 hit points; one that makes it is untouched,
// and a Mira not frightened is clawed instead.
func TestDeathGlareDropsAFrightenedCreature(t *testing.T) {
	for _, tc := range []struct {
		name       string
		frightened bool
		d20, hp    int
	}{
		{"Fails", true, 5, 0},   // 6
		{"Saves", true, 10, 28}, // 11
		{"NotFrightened", false, 20, -1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := start(t, encounter.MonsterSpec{SRDID: "sea-hag", Count: 1})
			if tc.frightened {
				e = edit(e, "mira", func(p *encounter.Participant) {
					p.Combatant.Conditions = p.Combatant.Conditions.With(rules.Frightened)
					p.Conditions = append(p.Conditions, "frightened")
				})
			}
			out, res, err := encounter.MonsterTurn(e, scriptAfter(t, tc.d20))
			if err != nil {
				t.Fatal(err)
			}
			m := participant(t, out, "mira")
			if !tc.frightened {
				if strings.Contains(res.Summary(), "Death Glare") || len(res.Attacks) != 1 {
					t.Errorf("attacks %d: %s", len(res.Attacks), res.Summary())
				}
				return
			}
			if len(res.Saves) == 0 || !strings.Contains(res.Summary(), "uses Death Glare") || res.Saves[0].DC != 11 || res.Saves[0].Ability != rules.Wis || len(res.Attacks) != 0 {
				t.Fatalf("saves %+v, attacks %d: %s", res.Saves, len(res.Attacks), res.Summary())
			}
			if m.Combatant.HP != tc.hp {
				t.Errorf("Mira HP %d, want %d: %s", m.Combatant.HP, tc.hp, res.Summary())
			}
		})
	}
}

// A chuul's Tentacles come with its Multiattack on the creature it
// grapples: Mira (Con +4) failing the DC 13 Constitution save is poisoned
// for 1 minute and paralyzed while poisoned, one save at the end of her
// turns ending both; a Mira it does not grapple makes no save.
func TestChuulTentaclesPoisonAndParalyzeItsCatch(t *testing.T) {
	for _, tc := range []struct {
		name      string
		grappled  bool
		d20       int
		paralyzed bool
	}{
		{"Fails", true, 8, true},  // 12
		{"Saves", true, 9, false}, // 13
		{"NotHeld", false, 1, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := start(t, encounter.MonsterSpec{SRDID: "chuul", Count: 1})
			if tc.grappled {
				e = edit(e, "mira", func(p *encounter.Participant) {
					p.GrappledBy, p.EscapeDC = "chuul-1", 14
					p.Combatant.Conditions = p.Combatant.Conditions.With(rules.Grappled)
					p.Conditions = append(p.Conditions, "grappled")
				})
			}
			out, res, err := encounter.MonsterTurn(e, scriptAfter(t, tc.d20, 1, 1))
			if err != nil {
				t.Fatal(err)
			}
			tentacles := slices.ContainsFunc(res.Saves, func(sv rules.SaveResult) bool { return sv.Ability == rules.Con && sv.DC == 13 })
			if tentacles != tc.grappled {
				t.Fatalf("a DC 13 Con save = %v, want %v: %s", tentacles, tc.grappled, res.Summary())
			}
			m := participant(t, out, "mira")
			for _, c := range []string{"poisoned", "paralyzed"} {
				if slices.Contains(m.Conditions, c) != tc.paralyzed {
					t.Errorf("Mira %v, %s want %v: %s", m.Conditions, c, tc.paralyzed, res.Summary())
				}
			}
			if tc.paralyzed {
				held := 0
				for _, fx := range out.Effects {
					if fx.TargetID == "mira" && fx.RepeatSave == rules.Con && fx.DC == 13 && fx.Until.Round == out.Round+10 {
						held++
					}
				}
				if held != 2 {
					t.Errorf("%d effects hold Mira for a minute, saved at DC 13: %+v", held, out.Effects)
				}
			}
		})
	}
}
