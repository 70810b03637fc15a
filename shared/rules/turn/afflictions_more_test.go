package turn_test

import (
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/dice/dicetest"
	"chronicler/shared/intent"
	"chronicler/shared/rules/spell"
	"chronicler/shared/rules/turn"
)

// A short rest under mummy rot heals nothing, and spends no hit die on it.
func TestAShortRestUnderMummyRotSpendsNoHitDie(t *testing.T) {
	v, mira, _ := table(t)
	mira.HP = mira.MaxHP - 5
	mira.Afflictions = []campaign.Affliction{{Name: "mummy rot", Kind: "curse", NoHealing: "all", Daily: "3d6"}}
	v.Characters[0] = mira
	d, err := turn.Decide(v, mira, act(intent.Intent{Kind: "rest", Rest: "short"}), dicetest.Faces(t))
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range d.Changed {
		if m.ID == "mira" && (m.HitDice.Used != mira.HitDice.Used || m.HP != mira.HP) {
			t.Errorf("under mummy rot: %d -> %d HP, hit dice used %d -> %d", mira.HP, m.HP, mira.HitDice.Used, m.HitDice.Used)
		}
	}
}

// A clone waits for its creature's death anywhere: mummy rot's day kills
// it at a long rest, and it wakes in the clone.
func TestACloneWakesFromADeathOutOfAFight(t *testing.T) {
	v, mira, _ := table(t)
	mira.Afflictions = []campaign.Affliction{{Name: "mummy rot", Kind: "curse", NoHealing: "all", Daily: "3d6", Reduced: mira.MaxHP - 3}}
	mira.Effects = []campaign.Effect{{ID: spell.CloneID, Spell: "clone", CasterID: "bram", Ends: "until its creature dies and wakes in it"}}
	v.Characters[0] = mira
	d, err := turn.Decide(v, mira, act(intent.Intent{Kind: "rest", Rest: "long"}), dicetest.Faces(t, 1, 1, 1))
	if err != nil {
		t.Fatal(err)
	}
	m := sheet(t, d, "mira")
	if m.Dead {
		t.Errorf("mira died at the rest with a clone waiting; it did not wake: dead %v, effects %v: %s", m.Dead, m.Effects, d.Summary)
	}
}

// A nightmare's failed save spoils the rest, not the dawn: mummy rot
// takes its day all the same.
func TestANightmareStillTakesTheDaysToll(t *testing.T) {
	v, mira, _ := table(t)
	mira.Afflictions = []campaign.Affliction{{Name: "mummy rot", Kind: "curse", NoHealing: "all", Daily: "3d6", Reduced: 4}}
	mira.Effects = []campaign.Effect{{ID: spell.NightmareID, Spell: "dream", CasterID: "bram", DC: 30, Dice: "3d6"}}
	v.Characters[0] = mira
	d, err := turn.Decide(v, mira, act(intent.Intent{Kind: "rest", Rest: "long"}), dicetest.Faces(t, 2, 1, 1, 1, 6, 6, 6))
	if err != nil {
		t.Fatal(err)
	}
	m := sheet(t, d, "mira")
	if m.Afflictions[0].Reduced == 4 {
		t.Errorf("a night passed (clock +%d s) and mummy rot took nothing: reduced %d", d.Clock-v.Clock, m.Afflictions[0].Reduced)
	}
}
