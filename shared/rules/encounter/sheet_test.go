package encounter_test

import (
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/rules"
	"chronicler/shared/rules/encounter"
	"chronicler/shared/srd"
)

// The sheet's numbers are the ones the rolls use: its armour class is the
// stored one, each save's and skill's bonus the combatant's, and each
// weapon's attack bonus the one an attack with it in a fight adds to the
// d20, for every class.
func TestTheSheetsWorkingMakesTheNumbersItsRollsUse(t *testing.T) {
	for _, cl := range srd.Classes() {
		class := cl.ID
		t.Run(class, func(t *testing.T) {
			ch, err := campaign.NewCharacter{Name: "Ash", Race: "half-orc", Class: class, Level: 5,
				Choices: map[string][]string{"fighting-style": {"fighter-fighting-style-archery"}}}.Build("ash", "p")
			if err != nil {
				ch, err = campaign.NewCharacter{Name: "Ash", Race: "half-orc", Class: class, Level: 5}.Build("ash", "p")
			}
			if err != nil {
				t.Fatal(err)
			}
			w := encounter.SheetWorking(ch)
			if w.AC.Value != ch.AC || campaign.SumTerms(w.AC.Terms) != ch.AC {
				t.Errorf("AC %d, working %+v", ch.AC, w.AC)
			}
			c := rules.FromSheet(ch)
			for i, s := range w.Saves {
				if a := rules.Ability(i + 1); s.Value != c.SaveBonus(a) || campaign.SumTerms(s.Terms) != s.Value {
					t.Errorf("%s save %+d, working %+v", a.Name(), c.SaveBonus(a), s)
				}
			}
			if len(w.Skills) != 18 {
				t.Errorf("%d skills", len(w.Skills))
			}
			for i, s := range w.Skills {
				sk := rules.Skill(i + 1)
				if s.Value != c.CheckBonus(sk.Ability(), sk) || campaign.SumTerms(s.Terms) != s.Value {
					t.Errorf("%s %+d, working %+v", sk.Name(), c.CheckBonus(sk.Ability(), sk), s)
				}
			}
			if (w.SpellDC != nil) != (class != "barbarian" && class != "fighter" && class != "monk" && class != "rogue") {
				t.Errorf("spell DC %+v for a %s", w.SpellDC, class)
			}
			compared := 0
			for _, a := range w.Attacks {
				e, _, err := encounter.Start("enc-s", []campaign.Character{ch}, goblins(1), nil, faces(t, 20, 1), nil)
				if err != nil {
					t.Fatal(err)
				}
				dist := 5
				if a.Key == "light-crossbow" || a.Key == "longbow" || a.Key == "shortbow" || a.Key == "sling" || a.Key == "dart" || a.Key == "crossbow-light" {
					dist = 30
				}
				_, res, err := encounter.Act(e, "ash", encounter.Action{Kind: encounter.ActionAttack, TargetID: "goblin-1", Weapon: a.Key, Distance: dist}, seeded(3))
				if err != nil {
					t.Logf("%s: %v", a.Key, err)
					continue
				}
				r := res.Rolls[0]
				if r.Working == nil || r.Working.Rule != campaign.RuleAttackRolls {
					t.Fatalf("%s: first roll %+v is no attack", a.Key, r)
				}
				n := 0
				for _, t := range r.Working.Terms {
					if !t.After {
						n += t.Value
					}
				}
				if n != a.Value {
					t.Errorf("%s: sheet %+d %+v, the attack adds %+d %+v", a.Key, a.Value, a.Terms, n, r.Working.Terms)
				}
				compared++
			}
			if compared == 0 {
				t.Errorf("no attack compared of %+v", w.Attacks)
			}
		})
	}
}
