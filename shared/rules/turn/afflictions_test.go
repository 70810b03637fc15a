package turn_test

import (
	"strings"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/dice/dicetest"
	"chronicler/shared/intent"
	"chronicler/shared/rules/turn"
)

// Mummy rot takes 3d6 of the hit point maximum every 24 hours: a long
// rest takes in a day, so it rolls them, adds them to what the curse has
// taken, and brings the hit points down to the new maximum; the rest
// heals nothing, as the rot forbids.
func TestALongRestTakesMummyRotsDay(t *testing.T) {
	v, mira, _ := table(t)
	mira.MaxHP, mira.HP = 40, 30
	mira.Afflictions = []campaign.Affliction{{Name: "mummy rot", Kind: "curse", NoHealing: "all", Daily: "3d6", Reduced: 4}}
	v.Characters[0] = mira
	// 3d6 is 2 + 3 + 4: 9 more, 13 in all; the maximum is 40 - 13 = 27,
	// under the 30 she had.
	d, err := turn.Decide(v, mira, act(intent.Intent{Kind: "rest", Rest: "long"}), dicetest.Faces(t, 2, 3, 4))
	if err != nil {
		t.Fatal(err)
	}
	m := sheet(t, d, "mira")
	if m.Afflictions[0].Reduced != 13 || m.HP != 27 {
		t.Fatalf("after the day: reduced %d, %d HP of %d: %s", m.Afflictions[0].Reduced, m.HP, m.MaxHP, d.Summary)
	}
	if !strings.Contains(d.Summary, "Mummy rot takes 9 more of Mira's hit point maximum (13 in all).") {
		t.Errorf("summary: %s", d.Summary)
	}
}

// A maximum the rot takes to 0 kills.
func TestMummyRotKillsAtNoMaximum(t *testing.T) {
	v, mira, _ := table(t)
	mira.Afflictions = []campaign.Affliction{{Name: "mummy rot", Kind: "curse", NoHealing: "all", Daily: "3d6", Reduced: mira.MaxHP - 3}}
	v.Characters[0] = mira
	d, err := turn.Decide(v, mira, act(intent.Intent{Kind: "rest", Rest: "long"}), dicetest.Faces(t, 1, 1, 1))
	if err != nil {
		t.Fatal(err)
	}
	if m := sheet(t, d, "mira"); !m.Dead || m.HP != 0 || !strings.Contains(d.Summary, "Mira dies") {
		t.Errorf("mira at no maximum: dead %v, %d HP: %s", m.Dead, m.HP, d.Summary)
	}
}
