package encounter_test

import (
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/rules/encounter"
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
