package encounter_test

import (
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/rules/encounter"
)

// A swarm of rats bites for 2d6, and for 1d6 once it has half its hit
// points or fewer.
func TestSwarmBitesWeakenAtHalfHitPoints(t *testing.T) {
	for _, c := range []struct {
		name  string
		hp    int
		dice  string
		faces []int
	}{
		{"Whole", 24, "2d6", []int{15, 3, 4}},
		{"AtHalf", 12, "1d6", []int{15, 3}},
	} {
		t.Run(c.name, func(t *testing.T) {
			e := casterFirst(t, []campaign.Character{mira()}, []encounter.MonsterSpec{{SRDID: "swarm-of-rats", Count: 1}})
			e = edit(e, "swarm-of-rats-1", func(p *encounter.Participant) { p.Combatant.HP = c.hp })
			_, res := drainAt(t, e, "swarm-of-rats-1", "bites", c.faces...)
			if len(res.Attacks) != 1 || res.Attacks[0].Damage == nil {
				t.Fatalf("no hit: %s", res.Summary())
			}
			var dice string
			for _, r := range res.Rolls {
				if r.Reason == "damage" {
					dice = r.Expr
				}
			}
			if dice != c.dice {
				t.Errorf("the bites rolled %q at %d of 24 HP, want %s: %s", dice, c.hp, c.dice, res.Summary())
			}
		})
	}
}

// A bugbear's javelin deals 2d6 + 2 in melee and 1d6 + 2 thrown.
func TestBugbearJavelinAtRange(t *testing.T) {
	for _, c := range []struct {
		name     string
		distance int
		faces    []int
		taken    int
	}{
		{"Melee", 0, []int{15, 3, 4}, 9}, // 3 + 4 + 2
		{"Thrown", 30, []int{15, 3}, 5},  // 3 + 2
	} {
		t.Run(c.name, func(t *testing.T) {
			e := casterFirst(t, []campaign.Character{mira()}, []encounter.MonsterSpec{{SRDID: "bugbear", Count: 1}})
			e, _, err := encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionEndTurn, EndTurn: true}, faces(t))
			if err != nil {
				t.Fatal(err)
			}
			_, res, err := encounter.Act(e, "bugbear-1", encounter.Action{Kind: encounter.ActionAttack, TargetID: "mira", Weapon: "javelin", Distance: c.distance, EndTurn: true}, faces(t, c.faces...))
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Attacks) != 1 || res.Attacks[0].Damage == nil || res.Attacks[0].Damage.Taken != c.taken {
				t.Fatalf("the javelin at %d ft: %+v: %s", c.distance, res.Attacks, res.Summary())
			}
		})
	}
}
