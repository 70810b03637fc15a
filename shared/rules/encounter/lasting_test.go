package encounter_test

import (
	"slices"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/rules"
	"chronicler/shared/rules/encounter"
)

// Protection from Poison, cast an hour before noon, comes into a fight at
// noon with its half hour left: Mira resists poison in it; ten rounds
// later the fight ends and the spell goes on out of it, until the same
// game time; Tavi's Longstrider, whose time runs out in the fight's
// second round, is over by its end, and her sheet's speed goes back.
func TestLastingEffectsComeInAndGoOut(t *testing.T) {
	const noon = 12 * campaign.Hour
	m := mira().WithEffect(campaign.Effect{ID: "protection-from-poison", Spell: "protection-from-poison", CasterID: "cleo",
		Resist: []string{"poison"}, Until: noon + 30*campaign.Minute})
	tv := tavi().WithEffect(campaign.Effect{ID: "longstrider", Spell: "longstrider", CasterID: "tavi", Speed: 10, Until: noon + campaign.Round})
	if tv.Speed != 35 {
		t.Fatalf("tavi's speed under Longstrider %d, want 35", tv.Speed)
	}
	e, _, err := encounter.StartAt(noon, "enc-1", []campaign.Character{m, tv}, goblins(1), nil, faces(t, 20, 15, 2), nil)
	if err != nil {
		t.Fatal(err)
	}
	if p := participant(t, e, "mira"); !p.Combatant.Resistances.Has(rules.Poison) || len(e.Effects) != 2 || e.Clock != noon {
		t.Fatalf("mira resists %v; effects %+v", p.Combatant.Resistances, e.Effects)
	}
	if p := participant(t, e, "tavi"); p.Combatant.Speed != 35 {
		t.Fatalf("tavi fights at speed %d, want 35", p.Combatant.Speed)
	}
	// Everyone ends their turn for two rounds: Longstrider's time is up.
	for range 6 {
		if e, _, err = encounter.Act(e, e.Current, encounter.Action{Kind: encounter.ActionEndTurn}, seeded(1)); err != nil {
			t.Fatal(err)
		}
	}
	if p := participant(t, e, "tavi"); p.Combatant.Speed != 25 || len(e.Effects) != 1 {
		t.Fatalf("round %d: tavi's speed %d, effects %+v; Longstrider is over", e.Round, p.Combatant.Speed, e.Effects)
	}
	_, diffs, err := encounter.End(e, "fled", encounter.EndOptions{})
	if err != nil {
		t.Fatal(err)
	}
	sheets := diffs.CharacterUpdates([]campaign.Character{m, tv})
	if fx := sheets[0].Effects; len(fx) != 1 || fx[0].Spell != "protection-from-poison" || fx[0].Until != noon+30*campaign.Minute || !slices.Equal(fx[0].Resist, []string{"poison"}) {
		t.Errorf("mira leaves the fight with %+v", fx)
	}
	if s := sheets[1]; s.Speed != 25 || len(s.Effects) != 0 {
		t.Errorf("tavi leaves the fight at speed %d with %+v", s.Speed, s.Effects)
	}
}

// A character who comes into the fight's area joins it: its initiative
// rolled, its place in the order by it, its lasting effects with it.
func TestJoinTheFight(t *testing.T) {
	e := begin(t, goblins(1), nil, 20, 5, 10)
	c := cleo().WithEffect(campaign.Effect{ID: "mage-armor", Spell: "mage-armor", CasterID: "cleo", AC: 3, Until: 8 * campaign.Hour})
	out, log, err := encounter.Join(e, c, faces(t, 12))
	if err != nil {
		t.Fatal(err)
	}
	p := participant(t, out, "cleo")
	// Mira 21, the goblin 12, Tavi 8: Cleo's 12 comes after the goblin's,
	// which it ties.
	if len(log.Rolls) != 1 || p.Initiative != 12 || !slices.Equal(out.Order, []string{"mira", "goblin-1", "cleo", "tavi"}) {
		t.Fatalf("order %v, cleo %d", out.Order, p.Initiative)
	}
	if p.AC != c.AC || !slices.ContainsFunc(out.Effects, func(fx encounter.Effect) bool { return fx.TargetID == "cleo" && fx.Spell == "mage-armor" }) {
		t.Errorf("cleo joins at AC %d with effects %+v", p.AC, out.Effects)
	}
	if out.Current != e.Current || len(e.Participants) != 3 {
		t.Error("joining changed whose turn it is, or its input")
	}
	if _, _, err := encounter.Join(out, c, faces(t)); err == nil {
		t.Error("cleo joined twice")
	}
}
