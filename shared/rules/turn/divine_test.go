package turn_test

import (
	"strings"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/dice/dicetest"
	"chronicler/shared/fault"
	"chronicler/shared/intent"
	"chronicler/shared/rules/turn"
)

// Lay on Hands out of a fight: the paladin heals a companion where it is
// from its pool (five at 1st level), or spends 5 to end a poison; the
// pool is the paladin's sheet's.
func TestLayOnHandsOutOfAFight(t *testing.T) {
	v, mira, _ := table(t)
	ser := build(t, "ser", "Ser", "paladin")
	mira.HP = mira.MaxHP - 4
	v.Characters = []campaign.Character{mira, ser}
	d := decided(t, v, ser, intent.Intent{Kind: "feature", Feature: "lay-on-hands", TargetID: "mira", Choice: "3"})
	if m, s := sheet(t, d, "mira"), sheet(t, d, "ser"); m.HP != mira.MaxHP-1 || s.Resources["lay-on-hands"].Used != 3 {
		t.Fatalf("Mira at %d, Ser's pool %+v: %s", m.HP, s.Resources["lay-on-hands"], d.Summary)
	}
	v = with(v, d)
	// One point left in the pool; Mira lacks one.
	d = decided(t, v, sheet(t, d, "ser"), intent.Intent{Kind: "feature", Feature: "lay-on-hands", TargetID: "mira"})
	if m, s := sheet(t, d, "mira"), sheet(t, d, "ser"); m.HP != mira.MaxHP || s.Resources["lay-on-hands"].Used != 4 {
		t.Fatalf("Mira at %d, Ser's pool %+v", m.HP, s.Resources["lay-on-hands"])
	}
	v = with(v, d)
	poisoned := mira
	poisoned.Conditions = []string{"poisoned"}
	v.Characters[0] = poisoned
	_, err := turn.Decide(v, sheet(t, d, "ser"), act(intent.Intent{Kind: "feature", Feature: "lay-on-hands", TargetID: "mira", Choice: "poison"}), dicetest.Faces(t))
	refusal(t, err, fault.NotAllowed, "intent.choice", "ending a poison takes 5 of Lay on Hands' pool, and Ser has 1 left")
	d = decided(t, v, ser, intent.Intent{Kind: "feature", Feature: "lay-on-hands", TargetID: "mira", Choice: "poison"})
	if m, s := sheet(t, d, "mira"), sheet(t, d, "ser"); len(m.Conditions) != 0 || s.Resources["lay-on-hands"].Used != 5 {
		t.Fatalf("Mira %v, Ser's pool %+v", m.Conditions, s.Resources["lay-on-hands"])
	}
}

// Preserve Life out of a fight: ten hit points at 2nd level, shared
// among the companions where the cleric is, none above half its maximum.
func TestPreserveLifeOutOfAFight(t *testing.T) {
	v, mira, bram := table(t)
	bram.Level = 2
	mira.HP = 1
	v.Characters = []campaign.Character{mira, bram}
	d := decided(t, v, bram, intent.Intent{Kind: "feature", Feature: "channel-divinity-preserve-life"})
	m, b := sheet(t, d, "mira"), sheet(t, d, "bram")
	if m.HP != min(1+10, mira.MaxHP/2) || b.Resources["cleric-channel-divinity"].Used != 1 {
		t.Fatalf("Mira at %d of %d, Bram's channel %+v: %s", m.HP, mira.MaxHP, b.Resources, d.Summary)
	}
}

// Divine Intervention and Divine Sense out of a fight: the percentile
// roll, and the use spent; what the deity does, and what the paladin
// senses, are the narrator's.
func TestDivineCallsOutOfAFight(t *testing.T) {
	v, _, bram := table(t)
	bram.Level = 10
	d := decided(t, v, bram, intent.Intent{Kind: "feature", Feature: "divine-intervention"}, 9)
	if len(d.Rolls) != 1 || !strings.Contains(d.Summary, "the deity intervenes") || sheet(t, d, "bram").Resources["divine-intervention"].Used != 1 {
		t.Fatalf("rolls %+v, summary %q", d.Rolls, d.Summary)
	}
	ser := build(t, "ser", "Ser", "paladin")
	d = decided(t, v, ser, intent.Intent{Kind: "feature", Feature: "divine-sense"})
	if !strings.Contains(d.Summary, "narrator") || sheet(t, d, "ser").Resources["divine-sense"].Used != 1 {
		t.Fatalf("summary %q, changed %+v", d.Summary, d.Changed)
	}
}
