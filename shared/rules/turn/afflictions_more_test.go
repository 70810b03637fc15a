package turn_test

import (
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/dice/dicetest"
	"chronicler/shared/fault"
	"chronicler/shared/intent"
	"chronicler/shared/rules/encounter"
	"chronicler/shared/rules/spell"
	"chronicler/shared/rules/turn"
	"chronicler/shared/world"
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

// A character still counted in a fight is out of an outsider's reach,
// wherever it stands: Mira stepped out of the fight into the cellar (a
// teleport's traveller leaves it so), and Bram, in the cellar and in no
// fight, can't cast on her; the fight owns her sheet until it ends.
func TestAnOutsiderCannotReachAFighter(t *testing.T) {
	v, mira, bram := table(t)
	e, _, err := encounter.Start("enc-1", []campaign.Character{mira}, []encounter.MonsterSpec{{SRDID: "goblin", Count: 1}}, nil, dicetest.Faces(t, 20, 2), nil)
	if err != nil {
		t.Fatal(err)
	}
	e.AreaID = world.StarterArea
	for i := range e.Participants {
		if e.Participants[i].CharacterID == "mira" {
			e.Participants[i].Left = true
		}
	}
	rec, err := encounter.Record(e, 7)
	if err != nil {
		t.Fatal(err)
	}
	v.Encounter = &rec
	v.Characters[0].AreaID, v.Characters[1].AreaID = "cellar", "cellar"
	bram = v.Characters[1]
	bram.Level, bram.SpellSlots = 3, map[string]campaign.Slot{"1": {Max: 4}, "2": {Max: 2}}
	v.Characters[1] = bram
	_, err = turn.Decide(v, bram, act(intent.Intent{Kind: "cast", Spell: "cure-wounds", SlotLevel: 1, TargetIDs: []string{"mira"}}), dicetest.Faces(t))
	refusal(t, err, fault.OutOfRange, "intent.target_ids", "Mira is in the fight: come into it to reach them")
}
