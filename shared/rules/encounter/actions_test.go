package encounter_test

import (
	"slices"

	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/rules/encounter"
	"chronicler/shared/srd"
)

// An aboleth's Tail Swipe makes one tail attack (+9, 3d6+5, cost 1) and
// a tarrasque's Chomp one bite (+19, cost 2): legendary actions under
// another name than the attack they make.
func TestLegendaryAttacksUnderAnotherName(t *testing.T) {
	for _, tc := range []struct {
		monster, name, attack string
		cost, bonus           int
	}{
		{"aboleth", "Tail Swipe", "Tail", 1, 9},
		{"tarrasque", "Chomp", "Bite", 2, 19},
	} {
		t.Run(tc.monster, func(t *testing.T) {
			e, _, err := encounter.Start("enc", []campaign.Character{mira()}, []encounter.MonsterSpec{{SRDID: tc.monster, Count: 1}}, nil, faces(t, 20, 1), nil)
			if err != nil {
				t.Fatal(err)
			}
			m := participant(t, e, tc.monster+"-1")
			found := false
			for _, l := range m.Legendary {
				if l.Name == tc.name {
					found = true
					if l.Cost != tc.cost || l.Attack.Name != tc.attack || l.Attack.AttackBonus == nil || *l.Attack.AttackBonus != tc.bonus {
						t.Errorf("%s = cost %d, %s %v", tc.name, l.Cost, l.Attack.Name, l.Attack.AttackBonus)
					}
				}
			}
			if !found {
				t.Errorf("%s's legendary actions %+v have no %s", tc.monster, m.Legendary, tc.name)
			}
		})
	}
}

// A mummy's Multiattack is its Dreadful Glare and a Rotting Fist: the
// glare's DC 11 Wisdom save failed frightens Mira (Wis +1) until the end
// of the mummy's next turn, failed by 5 or more paralyzes her too, and
// a success leaves her immune to it for the day; the fist follows.
func TestDreadfulGlareComesWithTheMummysFist(t *testing.T) {
	for _, tc := range []struct {
		name  string
		d20   int
		conds []string
	}{
		{"FailedBy5Paralyzes", 5, []string{"frightened", "paralyzed"}}, // 6: failed by 5
		{"FailedBy4Frightens", 6, []string{"frightened"}},              // 7: failed by 4
		{"SavedIsImmune", 10, nil},                                     // 11
	} {
		t.Run(tc.name, func(t *testing.T) {
			e, _, err := encounter.Start("enc", []campaign.Character{mira()}, []encounter.MonsterSpec{{SRDID: "mummy", Count: 1}}, nil, faces(t, 1, 20), nil)
			if err != nil {
				t.Fatal(err)
			}
			if e.Current != "mummy-1" {
				t.Fatalf("current %q", e.Current)
			}
			out, res, err := encounter.MonsterTurn(e, scriptAfter(t, tc.d20))
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Saves) != 1 || res.Saves[0].DC != 11 || len(res.Attacks) != 1 || res.Attacks[0].Weapon == "" {
				t.Fatalf("saves %+v, attacks %d: %s", res.Saves, len(res.Attacks), res.Summary())
			}
			m := participant(t, out, "mira")
			for _, c := range []string{"frightened", "paralyzed"} {
				if want := slices.Contains(tc.conds, c); slices.Contains(m.Conditions, c) != want {
					t.Errorf("Mira %s = %v, want %v: %s", c, m.Conditions, want, res.Summary())
				}
			}
			immune := slices.ContainsFunc(out.Effects, func(fx encounter.Effect) bool { return fx.ID == "immune" && fx.TargetID == "mira" })
			if immune != (tc.conds == nil) {
				t.Errorf("immune = %v: %s", immune, res.Summary())
			}
		})
	}
}

// A quasit's Scare (1/day) frightens one creature behind a DC 10 Wisdom
// save for a minute: used once, on its first turn, never again.
func TestQuasitScaresOncePerDay(t *testing.T) {
	e, _, err := encounter.Start("enc", []campaign.Character{mira()}, []encounter.MonsterSpec{{SRDID: "quasit", Count: 1}}, nil, faces(t, 1, 20), nil)
	if err != nil {
		t.Fatal(err)
	}
	// Its second turn strikes rather than turn invisible (invisibility.go).
	e = edit(e, "quasit-1", func(p *encounter.Participant) {
		p.Actions = slices.DeleteFunc(p.Actions, func(a srd.Action) bool { return a.ID == "invisibility" })
	})
	out, res, err := encounter.MonsterTurn(e, scriptAfter(t, 2))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Saves) != 1 || res.Saves[0].DC != 10 || !slices.Contains(participant(t, out, "mira").Conditions, "frightened") {
		t.Fatalf("saves %+v: %s", res.Saves, res.Summary())
	}
	// The fright ends; the quasit, Scare spent, attacks.
	out.Effects = nil
	out = edit(out, "mira", func(p *encounter.Participant) { p.Conditions = nil; p.Combatant.Conditions = 0 })
	out.Current = "quasit-1"
	out = edit(out, "quasit-1", func(p *encounter.Participant) { p.Turn.ActionUsed = false })
	_, res, err = encounter.MonsterTurn(out, scriptAfter(t, 2))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Saves) != 0 || len(res.Attacks) == 0 {
		t.Errorf("second turn: saves %d, attacks %d: %s", len(res.Saves), len(res.Attacks), res.Summary())
	}
}
