package encounter_test

import (
	"slices"
	"strings"
	"testing"

	"chronicler/shared/campaign"
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

// A clay golem's Haste (recharge 5-6) takes its action: +2 AC (14 to
// 16) until the end of its next turn, and its slam as a bonus action at
// once.
func TestClayGolemHasteRaisesItsACAndSlamsAsABonusAction(t *testing.T) {
	e := start(t, encounter.MonsterSpec{SRDID: "clay-golem", Count: 1})
	out, res, err := encounter.MonsterTurn(e, seeded(1))
	if err != nil {
		t.Fatal(err)
	}
	g := participant(t, out, "clay-golem-1")
	if g.Combatant.AC != 16 || !slices.Contains(g.Spent, "haste") {
		t.Errorf("golem AC %d, spent %v: %s", g.Combatant.AC, g.Spent, res.Summary())
	}
	if len(res.Attacks) != 1 || res.Attacks[0].Weapon != "its slam" || !strings.Contains(res.Summary(), "slam attack as a bonus action") {
		t.Errorf("attacks %+v: %s", res.Attacks, res.Summary())
	}
	hasted := slices.IndexFunc(out.Effects, func(fx encounter.Effect) bool {
		return fx.ID == "empowered" && fx.TargetID == "clay-golem-1" && fx.Until == encounter.Until{Round: e.Round + 1, Turn: "clay-golem-1", End: true}
	})
	if hasted < 0 {
		t.Errorf("no haste until the end of the golem's next turn: %+v", out.Effects)
	}
}

// A unicorn's Shimmering Shield (costs 2) gives +2 AC (12 to 14) until
// the end of its next turn to itself when a foe holds it in reach; with
// none about it kicks with its hooves.
func TestShimmeringShieldWhenAFoeIsInReach(t *testing.T) {
	for _, tc := range []struct {
		name    string
		engaged bool
		ac      int
	}{{"Engaged", true, 14}, {"Alone", false, 12}} {
		t.Run(tc.name, func(t *testing.T) {
			e := start(t, encounter.MonsterSpec{SRDID: "unicorn", Count: 1})
			if tc.engaged {
				e = engage(t, e, "mira", "unicorn-1")
			}
			e.Current = "mira"
			e.LegendaryDue = []string{"unicorn-1"}
			e = edit(e, "unicorn-1", func(p *encounter.Participant) { p.LegendaryLeft = 3 })
			out, res, err := encounter.LegendaryTurn(e, seeded(2), encounter.Reactions{})
			if err != nil {
				t.Fatal(err)
			}
			u := participant(t, out, "unicorn-1")
			if u.Combatant.AC != tc.ac || (len(res.Attacks) == 0) != tc.engaged {
				t.Errorf("unicorn AC %d, attacks %d: %s", u.Combatant.AC, len(res.Attacks), res.Summary())
			}
			if tc.engaged && u.LegendaryLeft != 1 {
				t.Errorf("legendary actions left %d, want 1", u.LegendaryLeft)
			}
		})
	}
}

// A duergar's Enlarge takes its action; enlarged, its war pick deals
// 2d8 + 2 (3 + 4 + 2), not 1d8 + 2.
func TestDuergarEnlargedDoublesItsWarPicksDice(t *testing.T) {
	e := start(t, encounter.MonsterSpec{SRDID: "duergar", Count: 1})
	out, res, err := encounter.MonsterTurn(e, seeded(1))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Attacks) != 0 || !slices.ContainsFunc(out.Effects, func(fx encounter.Effect) bool {
		return fx.ID == "empowered" && fx.TargetID == "duergar-1" && fx.Until.Round == e.Round+10
	}) {
		t.Fatalf("effects %+v: %s", out.Effects, res.Summary())
	}
	if out.Current != "mira" {
		t.Fatalf("current %q", out.Current)
	}
	out, _, err = encounter.Act(out, "mira", encounter.Action{Kind: encounter.ActionEndTurn, EndTurn: true}, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	_, res, err = encounter.Act(out, "duergar-1", encounter.Action{Kind: encounter.ActionAttack, TargetID: "mira", Weapon: "war pick", EndTurn: true}, faces(t, 15, 3, 4))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Attacks) != 1 || res.Attacks[0].Damage == nil || res.Attacks[0].Damage.Taken != 9 {
		t.Fatalf("the war pick enlarged: %+v: %s", res.Attacks, res.Summary())
	}
}

// A stone golem's Slow (recharge 5-6) catches the creatures engaged with
// it: Mira (Wis +1) failing the DC 17 Wisdom save has no reactions, half
// her speed, and an action or a bonus action on her turn, not both, for
// a minute, saved again at the end of her turns; one it is not engaged
// with is slammed instead.
func TestStoneGolemSlowHindersThoseBesideIt(t *testing.T) {
	t.Run("Engaged", func(t *testing.T) {
		e := start(t, encounter.MonsterSpec{SRDID: "stone-golem", Count: 1})
		e = engage(t, e, "mira", "stone-golem-1")
		out, res, err := encounter.MonsterTurn(e, scriptAfter(t, 5))
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Saves) == 0 || res.Saves[0].DC != 17 || res.Saves[0].Ability != rules.Wis || len(res.Attacks) != 0 {
			t.Fatalf("saves %+v, attacks %d: %s", res.Saves, len(res.Attacks), res.Summary())
		}
		k := slices.IndexFunc(out.Effects, func(fx encounter.Effect) bool { return fx.ID == "hindered" && fx.TargetID == "mira" })
		if k < 0 {
			t.Fatalf("no slow on Mira: %+v", out.Effects)
		}
		if fx := out.Effects[k]; fx.Speed != -15 || fx.RepeatSave != rules.Wis || fx.DC != 17 || fx.Until.Round != e.Round+10 {
			t.Errorf("slow %+v", fx)
		}
		m := participant(t, out, "mira")
		if out.Current != "mira" || !m.ReactionUsed {
			t.Fatalf("current %q, Mira's reaction used %v", out.Current, m.ReactionUsed)
		}
		out = edit(out, "mira", func(p *encounter.Participant) { p.Combatant.HP = 10 })
		out, _, err = encounter.Act(out, "mira", encounter.Action{Kind: encounter.ActionAttack, TargetID: "stone-golem-1"}, seeded(4))
		if err != nil {
			t.Fatal(err)
		}
		if _, _, err := encounter.Act(out, "mira", encounter.Action{Kind: encounter.ActionSecondWind}, seeded(5)); err == nil || !strings.Contains(err.Error(), "bonus action") {
			t.Errorf("slowed Mira took a bonus action after her action: %v", err)
		}
		after, res, err := encounter.Act(out, "mira", encounter.Action{Kind: encounter.ActionEndTurn, EndTurn: true}, scriptAfter(t, 16)) // 17
		if err != nil {
			t.Fatal(err)
		}
		if slices.ContainsFunc(after.Effects, func(fx encounter.Effect) bool { return fx.ID == "hindered" }) || !strings.Contains(res.Summary(), "shakes off Stone Golem 1's slow") {
			t.Errorf("Mira's Wisdom save of 17 at her turn's end: %s", res.Summary())
		}
	})
	t.Run("Alone", func(t *testing.T) {
		e := start(t, encounter.MonsterSpec{SRDID: "stone-golem", Count: 1})
		out, res, err := encounter.MonsterTurn(e, seeded(1))
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Attacks) == 0 || slices.ContainsFunc(out.Effects, func(fx encounter.Effect) bool { return fx.ID == "hindered" }) {
			t.Errorf("attacks %d, effects %+v: %s", len(res.Attacks), out.Effects, res.Summary())
		}
	})
}

// A bulette's Deadly Leap lands among the creatures engaged with it:
// 3d6 + 4 bludgeoning and 3d6 + 4 slashing (13 + 13), each saving with
// Strength or Dexterity, its choice, against DC 16: Tavi (Dex +5) makes
// her Dexterity save and takes half (13), unprone; Mira (Str +5) fails her
// Strength save, takes all and falls prone. With one foe beside it, it
// bites.
func TestBuletteDeadlyLeapOnThoseBesideIt(t *testing.T) {
	t.Run("Two", func(t *testing.T) {
		e, _, err := encounter.Start("enc", []campaign.Character{mira(), tavi()}, []encounter.MonsterSpec{{SRDID: "bulette", Count: 1}}, nil, faces(t, 1, 2, 20), nil)
		if err != nil {
			t.Fatal(err)
		}
		if e.Current != "bulette-1" {
			t.Fatalf("current %q", e.Current)
		}
		e = engage(t, engage(t, e, "mira", "bulette-1"), "tavi", "bulette-1")
		out, res, err := encounter.MonsterTurn(e, scriptAfter(t, 3, 3, 3, 3, 3, 3, 15, 5))
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Saves) < 2 || res.Saves[0].Ability != rules.Dex || res.Saves[1].Ability != rules.Str || res.Saves[0].DC != 16 || len(res.Attacks) != 0 {
			t.Fatalf("saves %+v, attacks %d: %s", res.Saves, len(res.Attacks), res.Summary())
		}
		m, v := participant(t, out, "mira"), participant(t, out, "tavi")
		if m.HP != 28-26 || !slices.Contains(m.Conditions, "prone") {
			t.Errorf("Mira %d HP, %v: %s", m.HP, m.Conditions, res.Summary())
		}
		if v.HP != 20-13 || slices.Contains(v.Conditions, "prone") {
			t.Errorf("Tavi %d HP, %v: %s", v.HP, v.Conditions, res.Summary())
		}
	})
	t.Run("One", func(t *testing.T) {
		e := start(t, encounter.MonsterSpec{SRDID: "bulette", Count: 1})
		e = engage(t, e, "mira", "bulette-1")
		_, res, err := encounter.MonsterTurn(e, seeded(1))
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Attacks) != 1 || strings.Contains(res.Summary(), "Deadly Leap") {
			t.Errorf("attacks %d: %s", len(res.Attacks), res.Summary())
		}
	})
}

// A dretch's Fetid Cloud (once a day) takes its action and lasts a
// minute about it: Mira, engaged with it, starts her turn there and
// fails the DC 11 Constitution save (Con +4, 5 + 4): poisoned until the
// start of her next turn, with no reaction, and an action or a bonus
// action, not both. With no foe beside it, the dretch claws and bites.
func TestFetidCloudPoisonsThoseWhoStartTheirTurnInIt(t *testing.T) {
	t.Run("Engaged", func(t *testing.T) {
		e := start(t, encounter.MonsterSpec{SRDID: "dretch", Count: 1})
		e = engage(t, e, "mira", "dretch-1")
		out, res, err := encounter.MonsterTurn(e, scriptAfter(t, 5))
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Attacks) != 0 || len(res.Saves) != 1 || res.Saves[0].DC != 11 || res.Saves[0].Ability != rules.Con || res.Saves[0].Success {
			t.Fatalf("saves %+v, attacks %d: %s", res.Saves, len(res.Attacks), res.Summary())
		}
		m := participant(t, out, "mira")
		if out.Current != "mira" || !slices.Contains(m.Conditions, "poisoned") || !m.ReactionUsed {
			t.Fatalf("current %q, Mira %v, reaction used %v: %s", out.Current, m.Conditions, m.ReactionUsed, res.Summary())
		}
		poison := slices.IndexFunc(out.Effects, func(fx encounter.Effect) bool {
			return fx.TargetID == "mira" && fx.ID == "poisoned" && fx.Until == encounter.Until{Round: out.Round + 1, Turn: "mira"}
		})
		if poison < 0 || !slices.Contains(participant(t, out, "dretch-1").Spent, "fetid-cloud") {
			t.Errorf("effects %+v", out.Effects)
		}
		out = edit(out, "mira", func(p *encounter.Participant) { p.Combatant.HP = 10 })
		out, _, err = encounter.Act(out, "mira", encounter.Action{Kind: encounter.ActionAttack, TargetID: "dretch-1"}, seeded(4))
		if err != nil {
			t.Fatal(err)
		}
		if _, _, err := encounter.Act(out, "mira", encounter.Action{Kind: encounter.ActionSecondWind}, seeded(5)); err == nil || !strings.Contains(err.Error(), "bonus action") {
			t.Errorf("poisoned in the cloud, Mira took a bonus action after her action: %v", err)
		}
	})
	t.Run("Alone", func(t *testing.T) {
		e := start(t, encounter.MonsterSpec{SRDID: "dretch", Count: 1})
		_, res, err := encounter.MonsterTurn(e, seeded(1))
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Attacks) == 0 || strings.Contains(res.Summary(), "Fetid Cloud") {
			t.Errorf("attacks %d: %s", len(res.Attacks), res.Summary())
		}
	})
}
