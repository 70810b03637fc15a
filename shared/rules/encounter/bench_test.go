package encounter_test

import (
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/dice"
	"chronicler/shared/rules/encounter"
)

// BenchmarkMonsterTurn is one goblin's turn, policy and attack included,
// in a fight of two characters against three goblins.
func BenchmarkMonsterTurn(b *testing.B) {
	e, _, err := encounter.Start("enc", []campaign.Character{mira(), tavi()}, []encounter.MonsterSpec{{SRDID: "goblin", Count: 3}}, nil, dice.NewSeeded(1), nil)
	if err != nil {
		b.Fatal(err)
	}
	for p, _ := e.Participant(e.Current); p.Kind != encounter.KindMonster; p, _ = e.Participant(e.Current) {
		e = encounter.Next(e)
	}
	src := dice.NewSeeded(2)
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := encounter.MonsterTurn(e, src); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkMultiattack is a brown bear's bite and claws.
func BenchmarkMultiattack(b *testing.B) {
	e, _, err := encounter.Start("enc", []campaign.Character{mira(), tavi()}, []encounter.MonsterSpec{{SRDID: "brown-bear", Count: 1}}, nil, dice.NewSeeded(1), nil)
	if err != nil {
		b.Fatal(err)
	}
	for e.Current != "brown-bear-1" {
		e = encounter.Next(e)
	}
	src := dice.NewSeeded(2)
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := encounter.MonsterTurn(e, src); err != nil {
			b.Fatal(err)
		}
	}
}
