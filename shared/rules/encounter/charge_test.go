package encounter_test

import (
	"strings"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/rules"
	"chronicler/shared/rules/encounter"
	"chronicler/shared/srd"
)

// A boar that runs at Mira and gores her with its tusk deals 1d6 more
// slashing damage, and she makes a DC 11 Strength save or falls prone.
func TestBoarChargeAddsDamageAndKnocksProne(t *testing.T) {
	e := casterFirst(t, []campaign.Character{mira()}, []encounter.MonsterSpec{{SRDID: "boar", Count: 1}})
	// 15 + 3 hits AC 16; 1d6 + 1 = 4 and the charge's 1d6 = 2; her save,
	// 2 + 5, fails.
	e, res := drainAt(t, e, "boar-1", "tusk", 15, 3, 2, 2)
	// (She stands up as her next turn starts.)
	if m := participant(t, e, "mira"); m.HP != 22 || !strings.Contains(res.Summary(), "Mira is knocked prone by Boar 1's charge (Strength save 7 against DC 11)") {
		t.Fatalf("after the charge: %d HP: %s", m.HP, res.Summary())
	}
	// Next turn the boar is in her reach already: no run, no extra die,
	// no save.
	e, res = drainAt(t, e, "boar-1", "tusk", 15, 3)
	if m := participant(t, e, "mira"); m.HP != 18 || len(res.Saves) != 0 || strings.Contains(res.Summary(), "run") {
		t.Fatalf("a tusk without a run: %d HP, saves %+v: %s", m.HP, res.Saves, res.Summary())
	}
}

// A lion that runs at Mira and claws her knocks her prone behind a DC 13
// Strength save, then bites the prone as a bonus action, with advantage.
func TestLionPounceBitesTheProne(t *testing.T) {
	e := casterFirst(t, []campaign.Character{mira()}, []encounter.MonsterSpec{{SRDID: "lion", Count: 1}})
	// Claw: 15 + 5 hits, 1d6 + 3 = 6; save 2 + 5 fails. Bite with
	// advantage (15, 4) + 5 hits, 1d8 + 3 = 8.
	e, res := drainAt(t, e, "lion-1", "claw", 15, 3, 2, 15, 4, 5)
	m, l := participant(t, e, "mira"), participant(t, e, "lion-1")
	if m.HP != 14 || !strings.Contains(res.Summary(), "knocked prone by Lion 1's pounce") || len(res.Attacks) != 2 || !strings.Contains(res.Summary(), "with advantage") {
		t.Fatalf("after the pounce: %d HP, %v, %d attacks: %s", m.HP, m.Conditions, len(res.Attacks), res.Summary())
	}
	if !strings.Contains(res.Summary(), "follows up with its bite as a bonus action") || !l.Turn.BonusActionUsed {
		t.Errorf("the bonus bite: %s", res.Summary())
	}
}

// A centaur's Charge has no save: only the 3d6 more piercing damage.
func TestCentaurChargeOnlyHurts(t *testing.T) {
	e := casterFirst(t, []campaign.Character{mira()}, []encounter.MonsterSpec{{SRDID: "centaur", Count: 1}})
	// Pike: 15 + 6 hits, 1d10 + 4 = 7; the charge's 3d6 = 6.
	e, res := drainAt(t, e, "centaur-1", "pike", 15, 3, 2, 2, 2)
	if m := participant(t, e, "mira"); m.HP != 15 || len(res.Saves) != 0 || m.Combatant.Conditions.Has(rules.Prone) {
		t.Fatalf("after the centaur's charge: %d HP, saves %+v: %s", m.HP, res.Saves, res.Summary())
	}
}

// Every Charge and Pounce in the data names attacks its monster has, and
// plays: the run's hit on a target out of reach carries it.
func TestEveryChargePlays(t *testing.T) {
	n := 0
	for _, m := range srd.Monsters() {
		for _, tr := range m.SpecialAbilities {
			if tr.Follows == "" {
				continue
			}
			n++
			e := casterFirst(t, []campaign.Character{mira()}, []encounter.MonsterSpec{{SRDID: m.ID, Count: 1}})
			e, _, err := encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionEndTurn, EndTurn: true}, faces(t))
			if err != nil {
				t.Fatal(err)
			}
			e, res, err := encounter.Act(e, e.Current, encounter.Action{Kind: encounter.ActionAttack, TargetID: "mira", Weapon: tr.Follows, EndTurn: true}, seeded(3))
			if err != nil {
				t.Fatalf("%s/%s: %v", m.ID, tr.Follows, err)
			}
			hit := false
			for _, a := range res.Attacks {
				hit = hit || a.Hit
			}
			if hit && !strings.Contains(res.Summary(), "at the end of its run") {
				t.Errorf("%s's %s hit after a run and carried no %s: %s", m.ID, tr.Follows, tr.Name, res.Summary())
			}
		}
	}
	if n != 25 {
		t.Errorf("charges and pounces in the data: %d, want the SRD's 25", n)
	}
}
