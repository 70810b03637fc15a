package turn_test

import (
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/dice/dicetest"
	"chronicler/shared/intent"
	"chronicler/shared/rules/encounter"
	"chronicler/shared/rules/turn"
	"chronicler/shared/world"
)

// wren is a level 1 wizard with Dexterity 16: AC 13 unarmoured.
func wren(t *testing.T) campaign.Character {
	t.Helper()
	ch, err := campaign.NewCharacter{Name: "Wren", Race: "human", Class: "wizard",
		Abilities: &campaign.Abilities{Str: 8, Dex: 15, Con: 13, Int: 14, Wis: 12, Cha: 10}}.Build("wren", "p-wren")
	if err != nil {
		t.Fatal(err)
	}
	ch.AreaID = world.StarterArea
	return ch
}

func decided(t *testing.T, v turn.View, actor campaign.Character, in intent.Intent, faces ...int) turn.Decision {
	t.Helper()
	d, err := turn.Decide(v, actor, act(in), dicetest.Faces(t, faces...))
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// with is the view's characters with the decision's sheets, at its clock.
func with(v turn.View, d turn.Decision) turn.View {
	chars := append([]campaign.Character{}, v.Characters...)
	for _, ch := range d.Changed {
		for i := range chars {
			if chars[i].ID == ch.ID {
				chars[i] = ch
			}
		}
	}
	v.Characters, v.Clock = chars, max(v.Clock, d.Clock)
	return v
}

// Mage Armor cast before a fight is on the wizard in it: AC 16, not 13;
// it goes on after the fight, and its 8 hours end it by the clock.
func TestMageArmorLastsIntoTheFight(t *testing.T) {
	w := wren(t)
	if w.AC != 13 {
		t.Fatalf("wren's AC %d, want 13", w.AC)
	}
	v := turn.View{Map: world.Starter("camp-1"), Characters: []campaign.Character{w}, Clock: 2 * campaign.Hour}
	d := decided(t, v, w, intent.Intent{Kind: "cast", Spell: "mage-armor", TargetIDs: []string{"wren"}})
	v = with(v, d)
	w = v.Characters[0]
	if w.AC != 16 || len(w.Effects) != 1 || w.Effects[0].Spell != "mage-armor" || w.Effects[0].Until != 10*campaign.Hour {
		t.Fatalf("after Mage Armor: AC %d, effects %+v; want 16 until 10 hours", w.AC, w.Effects)
	}
	if d.Clock != 2*campaign.Hour+campaign.Round {
		t.Errorf("the casting took the clock to %d, want a round on", d.Clock)
	}

	e, _, err := encounter.StartAt(v.Clock, "enc-1", v.Characters, []encounter.MonsterSpec{{SRDID: "goblin", Count: 1}}, nil, dicetest.Faces(t, 20, 2), nil)
	if err != nil {
		t.Fatal(err)
	}
	p, _ := e.Participant("wren")
	if p.AC != 16 || len(e.Effects) != 1 {
		t.Fatalf("in the fight: AC %d, effects %+v; want 16 under Mage Armor", p.AC, e.Effects)
	}
	_, diffs, err := encounter.End(e, "fled", encounter.EndOptions{})
	if err != nil {
		t.Fatal(err)
	}
	after := diffs.CharacterUpdates(v.Characters)
	if len(after) != 1 || after[0].AC != 16 || len(after[0].Effects) != 1 || after[0].Effects[0].Until != 10*campaign.Hour {
		t.Fatalf("after the fight: %+v", after)
	}
	v.Characters = after

	// Eight hours of rest later, the spell is over.
	d = decided(t, v, after[0], intent.Intent{Kind: "rest", Rest: "long"})
	if d.Clock != v.Clock+8*campaign.Hour {
		t.Errorf("a long rest took the clock from %d to %d", v.Clock, d.Clock)
	}
	if got := sheet(t, d, "wren"); got.AC != 13 || got.Effects != nil {
		t.Errorf("after the rest: AC %d, effects %+v; want 13 and none", got.AC, got.Effects)
	}
}

// The clock: a move takes a minute, a short rest an hour, words none, a
// round of a fight six seconds.
func TestTheClock(t *testing.T) {
	v, mira, _ := table(t)
	v.Clock = 100
	for _, tc := range []struct {
		in    intent.Intent
		want  int64
		faces []int
	}{
		{intent.Intent{Kind: "move", ToAreaID: "cellar"}, 100 + campaign.Minute, nil},
		{intent.Intent{Kind: "rest", Rest: "short"}, 100 + campaign.Hour, nil},
		{intent.Intent{Kind: "say", Text: "hello"}, 100, nil},
		{intent.Intent{Kind: "check", Ability: "wis", Skill: "perception"}, 100 + campaign.Round, []int{10}},
		{intent.Intent{Kind: "check", Ability: "int", Skill: "investigation"}, 100 + campaign.Minute, []int{10}},
	} {
		if d := decided(t, v, mira, tc.in, tc.faces...); d.Clock != tc.want {
			t.Errorf("%s: clock %d, want %d", tc.in.Kind, d.Clock, tc.want)
		}
	}
	// In a fight begun at 100, the clock is the fight's: round 2 is six
	// seconds on.
	e, _, err := encounter.StartAt(100, "enc-1", v.Characters, []encounter.MonsterSpec{{SRDID: "goblin", Count: 1}}, nil, dicetest.Faces(t, 20, 10, 2), nil)
	if err != nil {
		t.Fatal(err)
	}
	e.Round = 2
	if e.Now() != 106 {
		t.Errorf("round 2 of a fight begun at 100: %d", e.Now())
	}
}

// Concentration ends by the rules out of a fight: a new concentration
// spell ends the last one's effects on everyone; Heroism's minute runs
// out by the clock.
func TestConcentrationOutOfAFight(t *testing.T) {
	v, mira, bram := table(t)
	bram.SpellSlots = map[string]campaign.Slot{"1": {Max: 4}}
	v.Characters[1] = bram
	d := decided(t, v, bram, intent.Intent{Kind: "cast", Spell: "shield-of-faith", TargetIDs: []string{"mira"}})
	v = with(v, d)
	if m := v.Characters[0]; m.AC != mira.AC+2 || v.Characters[1].Concentration == nil {
		t.Fatalf("mira AC %d under Shield of Faith, want %d", m.AC, mira.AC+2)
	}
	d = decided(t, v, v.Characters[1], intent.Intent{Kind: "cast", Spell: "bless", TargetIDs: []string{"mira", "bram"}})
	v = with(v, d)
	m := v.Characters[0]
	if m.AC != mira.AC || len(m.Effects) != 1 || m.Effects[0].Spell != "bless" {
		t.Fatalf("after Bless: mira AC %d, effects %+v; Shield of Faith ends with Bram's concentration", m.AC, m.Effects)
	}
	// A minute on, Bless is over, and Bram's concentration with it.
	v.Clock += campaign.Minute
	d = decided(t, v, v.Characters[0], intent.Intent{Kind: "say", Text: "Is it over?"})
	v = with(v, d)
	if v.Characters[0].Effects != nil || v.Characters[1].Effects != nil || v.Characters[1].Concentration != nil {
		t.Errorf("a minute on: %+v", v.Characters)
	}
}

// Each character has its own area: one not in the fight plays out of it,
// and joins it by moving into the fight's area.
func TestTheFightIsWhereItIs(t *testing.T) {
	v, mira, bram := table(t)
	bram.AreaID = "cellar"
	v.Characters[1] = bram
	v = miraFights(t, v)

	// In the cellar, Bram searches: the fight upstairs is not his. The
	// cellar is dark, and a human searches it at disadvantage.
	d := decided(t, v, bram, intent.Intent{Kind: "check", Ability: "wis", Skill: "perception"}, 12, 12)
	if d.Encounter != nil || len(d.Rolls) != 1 {
		t.Fatalf("Bram's search: %+v", d)
	}
	// He goes up to the common room, and into the fight: initiative 15
	// + 2, between Mira's and the goblin's.
	d = decided(t, v, bram, intent.Intent{Kind: "move", ToAreaID: world.StarterArea}, 15)
	if d.Encounter == nil || len(d.Changed) != 1 || d.Changed[0].AreaID != world.StarterArea {
		t.Fatalf("Bram's move: %+v", d)
	}
	joined := ended(t, d)
	if p, ok := joined.Participant("bram"); !ok || p.Initiative != 17 || len(joined.Order) != 3 || joined.Order[1] != "bram" {
		t.Fatalf("the fight after Bram came: order %v, bram %+v", joined.Order, p)
	}
	if turn.SceneOf(v, bram).Location != "Cellar" || turn.SceneOf(v, mira).Location != "Common Room" {
		t.Errorf("scenes: %+v, %+v", turn.SceneOf(v, bram), turn.SceneOf(v, mira))
	}
}

// A character stable at 0 HP comes to with 1 HP once its hours have
// passed on the clock, whoever's turn passes them.
func TestStableWakesByTheClock(t *testing.T) {
	v, mira, bram := table(t)
	bram.HP, bram.Stable, bram.Conditions, bram.WakesAt = 0, true, []string{"unconscious", "prone"}, 2*campaign.Hour
	v.Characters[1] = bram
	d := decided(t, v, mira, intent.Intent{Kind: "rest", Rest: "short"})
	if len(d.Changed) != 0 {
		t.Fatalf("an hour on: %+v", d.Changed)
	}
	v = with(v, d)
	v.Clock = 2 * campaign.Hour
	d = decided(t, v, mira, intent.Intent{Kind: "say", Text: "Wake up"})
	if b := sheet(t, d, "bram"); b.HP != 1 || b.Stable || b.WakesAt != 0 || len(b.Conditions) != 1 || b.Conditions[0] != "prone" {
		t.Fatalf("two hours on, bram %+v", b)
	}
}

// Aid out of a fight raises the maximum and the hit points for 8 hours,
// waking a character at 0 HP.
func TestAidOutOfAFight(t *testing.T) {
	v, mira, bram := table(t)
	bram.SpellSlots = map[string]campaign.Slot{"1": {Max: 4}, "2": {Max: 2}}
	mira.HP, mira.Stable, mira.Conditions = 0, true, []string{"unconscious"}
	v.Characters = []campaign.Character{mira, bram}
	d := decided(t, v, bram, intent.Intent{Kind: "cast", Spell: "aid", SlotLevel: 2, TargetIDs: []string{"mira", "bram"}})
	m, b := sheet(t, d, "mira"), sheet(t, d, "bram")
	if m.HP != 5 || m.MaxHP != mira.MaxHP+5 || m.Stable || len(m.Conditions) != 0 || len(m.Effects) != 1 || m.Effects[0].Until != 8*campaign.Hour {
		t.Errorf("mira after Aid: %d/%d, stable %v, %v, effects %+v", m.HP, m.MaxHP, m.Stable, m.Conditions, m.Effects)
	}
	if b.HP != bram.HP+5 || b.MaxHP != bram.MaxHP+5 {
		t.Errorf("bram after Aid: %d/%d", b.HP, b.MaxHP)
	}
}

// A character away from the fight cannot attack in it from there.
func TestNoAttackFromElsewhere(t *testing.T) {
	v, _, bram := table(t)
	bram.AreaID = "cellar"
	v.Characters[1] = bram
	v = miraFights(t, v)
	_, err := turn.Decide(v, bram, act(intent.Intent{Kind: "attack", TargetID: "goblin-1"}), dicetest.Faces(t))
	refusal(t, err, "not_allowed", "intent", "Bram is not in the fight, which is in Common Room: go there to join it")
}

// miraFights is Mira alone against a goblin in the common room, Mira's
// turn first.
func miraFights(t *testing.T, v turn.View) turn.View {
	t.Helper()
	e, _, err := encounter.StartAt(v.Clock, "enc-1", v.Characters[:1], []encounter.MonsterSpec{{SRDID: "goblin", Count: 1}}, nil, dicetest.Faces(t, 20, 2), nil)
	if err != nil {
		t.Fatal(err)
	}
	e.AreaID = world.StarterArea
	rec, err := encounter.Record(e, 3)
	if err != nil {
		t.Fatal(err)
	}
	v.Encounter = &rec
	return v
}

// Out of a fight, a spell reaches only those where its caster is.
func TestSpellsReachThoseHere(t *testing.T) {
	v, mira, bram := table(t)
	mira.AreaID, mira.HP = "cellar", 3
	v.Characters[0] = mira
	_, err := turn.Decide(v, bram, act(intent.Intent{Kind: "cast", Spell: "cure-wounds", TargetIDs: []string{"mira"}}), dicetest.Faces(t))
	refusal(t, err, "out_of_range", "intent.target_ids", `there is no "mira" here to target`)
}
