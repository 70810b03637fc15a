package encounter_test

import (
	"slices"
	"strings"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/rules"
	"chronicler/shared/rules/encounter"
)

// start begins a fight of Mira against the monsters, the first monster
// acting first.
func start(t *testing.T, monsters ...encounter.MonsterSpec) encounter.Encounter {
	t.Helper()
	init := []int{1}
	for range monsters {
		init = append(init, 23-3*len(init))
	}
	e, _, err := encounter.Start("enc", []campaign.Character{mira()}, monsters, nil, faces(t, init...), nil)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// A deva's Healing Touch (3/day) gives an ally at half its hit points or
// fewer 4d8 + 2 and frees it from blindness; an ally above half is left
// alone and the deva fights.
func TestHealingTouchHealsAHurtAlly(t *testing.T) {
	t.Run("AllyAtHalf", func(t *testing.T) {
		e := start(t, encounter.MonsterSpec{SRDID: "deva", Count: 1}, encounter.MonsterSpec{SRDID: "ogre", Count: 1})
		if e.Current != "deva-1" {
			t.Fatalf("current %q", e.Current)
		}
		e = edit(e, "ogre-1", func(p *encounter.Participant) {
			p.Combatant.HP = 29 // of 59
			p.Combatant.Conditions = p.Combatant.Conditions.With(rules.Blinded)
			p.Conditions = append(p.Conditions, "blinded")
		})
		out, res, err := encounter.MonsterTurn(e, faces(t, 1, 2, 3, 4))
		if err != nil {
			t.Fatal(err)
		}
		if hp := participant(t, out, "ogre-1").Combatant.HP; hp != 29+1+2+3+4+2 {
			t.Errorf("ogre HP %d, want 41: %s", hp, res.Summary())
		}
		if o := participant(t, out, "ogre-1"); o.Combatant.Conditions.Has(rules.Blinded) || slices.Contains(o.Conditions, "blinded") {
			t.Errorf("the ogre is still blinded: %v", o.Conditions)
		}
		if len(res.Attacks) != 0 {
			t.Errorf("the deva attacked too: %s", res.Summary())
		}
		if d := participant(t, out, "deva-1"); !slices.Contains(d.Spent, "healing-touch") {
			t.Errorf("deva spent %v", d.Spent)
		}
	})
	t.Run("AllyAboveHalf", func(t *testing.T) {
		e := start(t, encounter.MonsterSpec{SRDID: "deva", Count: 1}, encounter.MonsterSpec{SRDID: "ogre", Count: 1})
		e = edit(e, "ogre-1", func(p *encounter.Participant) { p.Combatant.HP = 30 })
		out, res, err := encounter.MonsterTurn(e, seeded(3))
		if err != nil {
			t.Fatal(err)
		}
		if hp := participant(t, out, "ogre-1").Combatant.HP; hp != 30 || len(res.Attacks) == 0 {
			t.Errorf("ogre HP %d, attacks %d: %s", hp, len(res.Attacks), res.Summary())
		}
	})
}

// A unicorn's Heal Self (costs 3) gives it back 2d8 + 2 when it is at
// half its hit points or fewer; whole, it kicks with its hooves.
func TestUnicornHealsItselfAsALegendaryAction(t *testing.T) {
	e := start(t, encounter.MonsterSpec{SRDID: "unicorn", Count: 1})
	e.Current = "mira"
	e.LegendaryDue = []string{"unicorn-1"}
	e = edit(e, "unicorn-1", func(p *encounter.Participant) { p.Combatant.HP, p.LegendaryLeft = 20, 3 })
	out, res, err := encounter.LegendaryTurn(e, faces(t, 5, 6), encounter.Reactions{})
	if err != nil {
		t.Fatal(err)
	}
	if u := participant(t, out, "unicorn-1"); u.Combatant.HP != 20+5+6+2 || u.LegendaryLeft != 0 {
		t.Errorf("unicorn HP %d, left %d: %s", u.Combatant.HP, u.LegendaryLeft, res.Summary())
	}
}

// A knight's Leadership (once between rests) gives the creatures of its
// side a d4 on their attack rolls and saves for a minute: the guard's
// attack adds it, and it ends when the knight is incapacitated.
func TestKnightsLeadershipAddsAD4ToItsSidesAttacks(t *testing.T) {
	e := start(t, encounter.MonsterSpec{SRDID: "knight", Count: 1}, encounter.MonsterSpec{SRDID: "guard", Count: 1})
	out, res, err := encounter.MonsterTurn(e, seeded(1))
	if err != nil {
		t.Fatal(err)
	}
	led := slices.IndexFunc(out.Effects, func(fx encounter.Effect) bool {
		return fx.ID == "leadership" && fx.TargetID == "guard-1" && fx.Dice == "1d4" && fx.Until.Round == e.Round+10
	})
	if led < 0 || len(res.Attacks) != 0 {
		t.Fatalf("effects %+v, attacks %d: %s", out.Effects, len(res.Attacks), res.Summary())
	}
	if slices.ContainsFunc(out.Effects, func(fx encounter.Effect) bool { return fx.TargetID == "knight-1" }) {
		t.Errorf("the knight leads itself: %+v", out.Effects)
	}
	if out.Current != "guard-1" {
		t.Fatalf("current %q", out.Current)
	}
	_, res, err = encounter.MonsterTurn(out, faces(t, 3, 10, 1))
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(res.Rolls, func(r rules.Roll) bool { return r.Reason == "leadership" && r.Result.Total == 3 })
	if i < 0 || len(res.Attacks) == 0 || res.Attacks[0].Total != 10+3+3 { // d20 10, spear +3, the d4's 3
		t.Errorf("rolls %+v: %s", res.Rolls, res.Summary())
	}
	t.Run("EndsWhenTheKnightIsIncapacitated", func(t *testing.T) {
		e := edit(out, "knight-1", func(p *encounter.Participant) {
			p.Combatant.Conditions = p.Combatant.Conditions.With(rules.Stunned)
			p.Conditions = append(p.Conditions, "stunned")
		})
		after, _, err := encounter.MonsterTurn(e, seeded(2))
		if err != nil {
			t.Fatal(err)
		}
		if slices.ContainsFunc(after.Effects, func(fx encounter.Effect) bool { return fx.ID == "leadership" }) {
			t.Errorf("leadership outlasts the knight's stun: %+v", after.Effects)
		}
	})
}

// A gorgon's Petrifying Breath (DC 13 Constitution) restrains as a
// creature begins to turn to stone; its save again at the end of its
// next turn ends it, or petrifies it until magic frees it.
func TestPetrifyingBreathTurnsToStoneInTwoStages(t *testing.T) {
	for _, c := range []struct {
		name   string
		second int
		stone  bool
	}{{"SecondSaveFailedPetrifies", 2, true}, {"SecondSaveMadeEndsIt", 15, false}} {
		t.Run(c.name, func(t *testing.T) {
			e := start(t, encounter.MonsterSpec{SRDID: "gorgon", Count: 1})
			e, res, err := encounter.MonsterTurn(e, faces(t, 2)) // 2 + 4 fails DC 13
			if err != nil {
				t.Fatal(err)
			}
			m := participant(t, e, "mira")
			if !m.Combatant.Conditions.Has(rules.Restrained) || len(res.Saves) != 1 || res.Saves[0].DC != 13 || !strings.Contains(res.Summary(), "begins to turn to stone") {
				t.Fatalf("after the breath: %v: %s", m.Conditions, res.Summary())
			}
			e, res = actFaces(t, e, "mira", endTurn(), c.second)
			m = participant(t, e, "mira")
			if m.Combatant.Conditions.Has(rules.Petrified) != c.stone || m.Combatant.Conditions.Has(rules.Restrained) {
				t.Errorf("after the second save (%d + 4): %v: %s", c.second, m.Conditions, res.Summary())
			}
			if c.stone && !slices.ContainsFunc(e.Effects, func(fx encounter.Effect) bool { return fx.ID == "petrified" && fx.Until.Round == 0 }) {
				t.Errorf("the stone runs out: %+v", e.Effects)
			}
		})
	}
}

// A kraken's Lightning Storm, as a legendary action (costs 2), is its
// action's: three bolts, each a DC 23 Dexterity save against 4d10
// lightning, at the three creatures the policy picks (the fewest hit
// points) of four.
func TestLightningStormStrikesThreeCreatures(t *testing.T) {
	ana, bo := mira(), tavi()
	ana.ID, ana.Name, ana.HP = "ana", "Ana", 10
	bo.ID, bo.Name, bo.HP = "bo", "Bo", 12
	e, _, err := encounter.Start("enc", []campaign.Character{mira(), tavi(), ana, bo}, []encounter.MonsterSpec{{SRDID: "kraken", Count: 1}}, nil, faces(t, 20, 19, 18, 17, 1), nil)
	if err != nil {
		t.Fatal(err)
	}
	e.LegendaryDue = []string{"kraken-1"}
	e = edit(e, "kraken-1", func(p *encounter.Participant) { p.LegendaryLeft = 2 })
	out, res, err := encounter.LegendaryTurn(e, seeded(4), encounter.Reactions{})
	if err != nil {
		t.Fatal(err)
	}
	var saved []string
	for _, sv := range res.Saves {
		if sv.DC != 23 {
			t.Errorf("save DC %d", sv.DC)
		}
		saved = append(saved, sv.RollerID)
	}
	slices.Sort(saved)
	if !slices.Equal(saved, []string{"ana", "bo", "tavi"}) || participant(t, out, "kraken-1").LegendaryLeft != 0 {
		t.Errorf("saved %v: %s", saved, res.Summary())
	}
}
