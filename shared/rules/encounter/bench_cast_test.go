package encounter_test

import (
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/dice"
	"chronicler/shared/rules/encounter"
)

// BenchmarkCastInEncounter is a wizard's Burning Hands on three goblins:
// the turn checks, the spell, the stats and the log.
func BenchmarkCastInEncounter(b *testing.B) {
	e, _, err := encounter.Start("enc", []campaign.Character{wren(), mira()}, []encounter.MonsterSpec{{SRDID: "goblin", Count: 3}}, nil, dice.NewSeeded(1), nil)
	if err != nil {
		b.Fatal(err)
	}
	for e.Current != "wren" {
		e = encounter.Next(e)
	}
	in := encounter.Action{Kind: encounter.ActionCast, Spell: "burning-hands", TargetIDs: []string{"goblin-1", "goblin-2", "goblin-3"}}
	src := dice.NewSeeded(2)
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := encounter.Act(e, "wren", in, src); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkHeldMonsterTurn is a goblin held by Hold Person: its turn
// ends with the repeated save.
func BenchmarkHeldMonsterTurn(b *testing.B) {
	e, _, err := encounter.Start("enc", []campaign.Character{cleo(), mira()}, []encounter.MonsterSpec{{SRDID: "goblin", Count: 1}}, nil, dice.NewSeeded(1), nil)
	if err != nil {
		b.Fatal(err)
	}
	for e.Current != "cleo" {
		e = encounter.Next(e)
	}
	src := dice.NewSeeded(3)
	for range 50 {
		held, _, err := encounter.Act(e, "cleo", encounter.Action{Kind: encounter.ActionCast, Spell: "hold-person", TargetID: "goblin-1"}, src)
		if err != nil {
			b.Fatal(err)
		}
		if len(held.Effects) == 1 {
			e = held
			break
		}
	}
	if len(e.Effects) != 1 {
		b.Fatal("the goblin never failed its save")
	}
	for e.Current != "goblin-1" {
		e = encounter.Next(e)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := encounter.MonsterTurn(e, src); err != nil {
			b.Fatal(err)
		}
	}
}
