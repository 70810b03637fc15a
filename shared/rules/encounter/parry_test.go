package encounter_test

import (
	"strings"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/rules"
	"chronicler/shared/rules/encounter"
)

// A knight (AC 18) parries for +2: Mira's longsword (+5) that totals 18
// or 19 is turned aside; 20 or more still hits.
func TestMonsterParry(t *testing.T) {
	longsword := encounter.Action{Kind: encounter.ActionAttack, TargetID: "knight-1", Weapon: "longsword"}
	tests := []struct {
		name    string
		actor   campaign.Character
		setup   func(p *encounter.Participant)
		action  encounter.Action
		faces   []int
		hit     bool
		parried bool
	}{
		{"TurnsAHitIntoAMiss", mira(), nil, longsword, []int{14}, false, true},
		{"LowestTotalItTurns", mira(), nil, longsword, []int{13}, false, true},
		{"TooHighToParry", mira(), nil, longsword, []int{15, 4}, true, false},
		{"NaturalTwentyStillHits", mira(), nil, longsword, []int{20, 4, 4}, true, false},
		{"AMissNeedsNoParry", mira(), nil, longsword, []int{10}, false, false},
		{"ReactionAlreadyUsed", mira(), func(p *encounter.Participant) { p.ReactionUsed = true }, longsword, []int{14, 4}, true, false},
		{"BlindedCannotSeeTheAttacker", mira(), func(p *encounter.Participant) { p.Combatant.Conditions = p.Combatant.Conditions.With(rules.Blinded) }, longsword, []int{14, 9, 4}, true, false},
		{"RangedAttacksAreNotParried", tavi(), nil, encounter.Action{Kind: encounter.ActionAttack, TargetID: "knight-1", Weapon: "shortbow", Distance: 60}, []int{14, 4}, true, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := casterFirst(t, []campaign.Character{tt.actor}, []encounter.MonsterSpec{{SRDID: "knight", Count: 1}})
			if k := participant(t, e, "knight-1"); k.Parry != 2 || k.AC != 18 {
				t.Fatalf("knight parry %d AC %d", k.Parry, k.AC)
			}
			if tt.setup != nil {
				e = edit(e, "knight-1", tt.setup)
			}
			out, res, err := encounter.Act(e, tt.actor.ID, tt.action, faces(t, tt.faces...))
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Attacks) != 1 || res.Attacks[0].Hit != tt.hit {
				t.Fatalf("attacks %+v", res.Attacks)
			}
			k := participant(t, out, "knight-1")
			if got := strings.Contains(res.Summary(), "parries"); got != tt.parried || (tt.parried && (!k.ReactionUsed || res.Attacks[0].AC != 20 || len(res.Rolls) != 1)) {
				t.Errorf("parried %v, reaction used %v, AC %d, rolls %d: %q", got, k.ReactionUsed, res.Attacks[0].AC, len(res.Rolls), res.Summary())
			}
			if !tt.parried && res.Attacks[0].AC != 18 {
				t.Errorf("AC %d without a parry", res.Attacks[0].AC)
			}
		})
	}
}
