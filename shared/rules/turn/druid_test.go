package turn_test

import (
	"strings"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/dice"
	"chronicler/shared/intent"
	"chronicler/shared/rules/encounter"
	"chronicler/shared/rules/turn"
	"chronicler/shared/world"
)

// druidAt is a full-health druid of the level with every slot spent.
func druidAt(t *testing.T, level int) campaign.Character {
	t.Helper()
	ch, err := campaign.NewCharacter{Name: "Fen", Race: "human", Class: "druid", Level: level}.Build("fen", "p-fen")
	if err != nil {
		t.Fatal(err)
	}
	for k, s := range ch.SpellSlots {
		s.Used = s.Max
		ch.SpellSlots[k] = s
	}
	return ch
}

// Natural Recovery: during a short rest, once a day, spent slots of
// total level up to half the druid level rounded up, none of 6th level
// or higher: at 5th level, 3 levels (a 3rd-level slot); at 11th, 6
// levels (a 5th and a 1st, the 6th left spent).
func TestNaturalRecovery(t *testing.T) {
	for _, tc := range []struct {
		level int
		want  map[string]int // slots given back, by level
	}{
		{5, map[string]int{"3": 1}},
		{11, map[string]int{"5": 1, "1": 1}},
	} {
		fen := druidAt(t, tc.level)
		v := turn.View{Map: world.Starter("camp-1"), Characters: []campaign.Character{fen}}
		d := decided(t, v, fen, intent.Intent{Kind: "feature", Feature: "natural-recovery"})
		after := d.Changed[0]
		for k, s := range after.SpellSlots {
			if got := fen.SpellSlots[k].Used - s.Used; got != tc.want[k] {
				t.Errorf("level %d: %d slot(s) of level %s back, want %d (%s)", tc.level, got, k, tc.want[k], d.Summary)
			}
		}
		if after.Resources["natural-recovery"].Used != 1 || d.Clock != v.Clock+campaign.Hour {
			t.Errorf("level %d: resources %v, clock %d", tc.level, after.Resources, d.Clock)
		}
		if _, err := turn.Decide(with(v, d), after, act(intent.Intent{Kind: "feature", Feature: "natural-recovery"}), nil); err == nil {
			t.Errorf("level %d: Natural Recovery twice in a day", tc.level)
		}
	}
}

// Wild Shape out of a fight: the sheet keeps the beast's shape as a
// lasting effect for half the druid level in hours, and a fight begun
// while it lasts starts the druid in it.
func TestWildShapeOutOfAFight(t *testing.T) {
	fen := druidAt(t, 4)
	v := turn.View{Map: world.Starter("camp-1"), Characters: []campaign.Character{fen}}
	d := decided(t, v, fen, intent.Intent{Kind: "feature", Feature: encounter.WildShape, Choice: "crocodile"})
	shaped := d.Changed[0]
	if len(shaped.Effects) != 1 || shaped.Effects[0].Note != "crocodile" || shaped.Effects[0].Until != v.Clock+2*campaign.Hour ||
		shaped.Resources["wild-shape"].Used != 1 || !strings.Contains(d.Summary, "crocodile") {
		t.Fatalf("after Wild Shape: %+v, %q", shaped, d.Summary)
	}
	e, _, err := encounter.Start("enc-1", []campaign.Character{shaped}, []encounter.MonsterSpec{{SRDID: "goblin", Count: 1}}, nil, dice.NewSeeded(1), nil)
	if err != nil {
		t.Fatal(err)
	}
	if p, _ := e.Participant("fen"); p.Form == nil || p.Form.Beast != "crocodile" || p.HP != 19 {
		t.Fatalf("the druid enters the fight as %+v", p)
	}
	if _, err := turn.Decide(v, fen, act(intent.Intent{Kind: "feature", Feature: encounter.WildShape, Choice: "giant-eagle"}), nil); err == nil {
		t.Error("a 4th-level druid took a CR 1 flying shape")
	}
}
