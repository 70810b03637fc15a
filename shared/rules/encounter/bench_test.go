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

// BenchmarkMonsterCasts is a mage's turn: the policy weighs its spells
// against its dagger and casts Cone of Cold at the party, with a wizard
// able to counter it.
func BenchmarkMonsterCasts(b *testing.B) {
	e, _, err := encounter.Start("enc", []campaign.Character{mira(), wizard5()}, []encounter.MonsterSpec{{SRDID: "mage", Count: 1}}, nil, dice.NewSeeded(1), nil)
	if err != nil {
		b.Fatal(err)
	}
	for e.Current != "mage-1" {
		e = encounter.Next(e)
	}
	src := dice.NewSeeded(2)
	b.ReportAllocs()
	for b.Loop() {
		if _, res, err := encounter.MonsterTurnWith(e, src, encounter.Reactions{}); err != nil || res.Cast == nil {
			b.Fatal(err, res.Summary())
		}
	}
}

// BenchmarkMonsterLeavesReach is a goblin in Mira's reach going for the
// weaker Ilsa: the opportunity attack offered, then its attack.
func BenchmarkMonsterLeavesReach(b *testing.B) {
	e, _, err := encounter.Start("enc", []campaign.Character{mira(), caster("ilsa", "wizard", 1, 6)}, goblins(1), nil, dice.NewSeeded(1), nil)
	if err != nil {
		b.Fatal(err)
	}
	for e.Current != "goblin-1" {
		e = encounter.Next(e)
	}
	e.Participants = append([]encounter.Participant(nil), e.Participants...)
	for i := range e.Participants {
		switch e.Participants[i].ID {
		case "mira":
			e.Participants[i].Engaged = []string{"goblin-1"}
		case "goblin-1":
			e.Participants[i].Engaged = []string{"mira"}
		}
	}
	src := dice.NewSeeded(2)
	b.ReportAllocs()
	for b.Loop() {
		if _, res, err := encounter.MonsterTurnWith(e, src, encounter.Reactions{}); err != nil || len(res.Openings) == 0 {
			b.Fatal(err, res.Summary())
		}
	}
}
