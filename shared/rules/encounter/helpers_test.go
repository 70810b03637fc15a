package encounter_test

import (
	"slices"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/dice"
	"chronicler/shared/dice/dicetest"
	"chronicler/shared/rules/encounter"
)

// faces is a dice source that yields the faces the test chose.
func faces(t testing.TB, f ...int) *dicetest.Script {
	t.Helper()
	return dicetest.Faces(t, f...)
}

// mira is a level 3 fighter with a longsword: +5 to hit, 1d10+3 in her
// two free hands (1d8+3 in one). Dex 12 (+1 initiative), AC 16, 28 HP.
func mira() campaign.Character {
	return campaign.Character{
		ID: "mira", PlayerID: "p1", Name: "Mira", Race: "human", Class: "fighter", Level: 3,
		Abilities: campaign.Abilities{Str: 16, Dex: 12, Con: 14, Int: 10, Wis: 12, Cha: 8},
		HP:        28, MaxHP: 28, AC: 16, Speed: 30, Conditions: []string{},
		SpellSlots: map[string]campaign.Slot{}, HitDice: campaign.Pool{Max: 3},
		Inventory: []campaign.Item{{Item: "longsword", Qty: 1}, {Item: "rations", Qty: 5}},
	}
}

// tavi is a level 3 elf rogue with a rapier (+5, 1d8+3) and a shortbow
// (+5, 1d6+3) with 20 arrows. Dex 16 (+3 initiative), AC 14, 20 HP. (Not a halfling,
// whose Lucky would roll the scripted 1s again.)
func tavi() campaign.Character {
	return campaign.Character{
		ID: "tavi", PlayerID: "p2", Name: "Tavi", Race: "elf", Class: "rogue", Level: 3,
		Abilities: campaign.Abilities{Str: 8, Dex: 16, Con: 12, Int: 13, Wis: 10, Cha: 14},
		HP:        20, MaxHP: 20, AC: 14, Speed: 25, Conditions: []string{"blessed-by-the-moon"},
		SpellSlots: map[string]campaign.Slot{}, HitDice: campaign.Pool{Max: 3},
		Inventory: []campaign.Item{{Item: "Rapier", Qty: 1}, {Item: "shortbow", Qty: 1}, {Item: "arrow", Qty: 20}},
	}
}

// begin starts an encounter of Mira and Tavi against monsters with the
// given initiative faces (Mira, Tavi, then each monster).
func begin(t *testing.T, monsters []encounter.MonsterSpec, surprise []string, init ...int) encounter.Encounter {
	t.Helper()
	e, _, err := encounter.Start("enc-1", []campaign.Character{mira(), tavi()}, monsters, surprise, faces(t, init...), nil)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func goblins(n int) []encounter.MonsterSpec {
	return []encounter.MonsterSpec{{SRDID: "goblin", Count: n}}
}

func participant(t *testing.T, e encounter.Encounter, id string) encounter.Participant {
	t.Helper()
	p, ok := e.Participant(id)
	if !ok {
		t.Fatalf("no participant %q", id)
	}
	return p
}

// seeded is a fresh seeded source.
func seeded(seed uint64) dice.Source { return dice.NewSeeded(seed) }

// engage puts participants a and b in each other's reach, as a melee
// between them would have.
func engage(t *testing.T, e encounter.Encounter, a, b string) encounter.Encounter {
	t.Helper()
	e = edit(e, a, func(p *encounter.Participant) { p.Engaged = append(slices.Clone(p.Engaged), b) })
	return edit(e, b, func(p *encounter.Participant) { p.Engaged = append(slices.Clone(p.Engaged), a) })
}
