package encounter_test

import (
	"strings"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/rules/encounter"
)

// ashAt is Ash the druid at a level, with two slots of each level it
// casts, 60 hit points.
func ashAt(level int) campaign.Character {
	c := ash()
	c.Level, c.HP, c.MaxHP = level, 60, 60
	c.SpellSlots = map[string]campaign.Slot{}
	for l := 1; l <= min((level+1)/2, 9); l++ {
		c.SpellSlots[string(rune('0'+l))] = campaign.Slot{Max: 2}
	}
	return c
}

// Teleport takes the wizard and the fighter it names out of the fight,
// as a character who moves out of its area: the party all gone, the
// fight is fled.
func TestTeleportLeavesTheFight(t *testing.T) {
	e := casterFirst(t, []campaign.Character{wrenAt(13), mira()}, goblins(1))
	e.AreaID = "cellar"
	e = engage(t, e, "mira", "goblin-1")
	e, res := act(t, e, "wren", encounter.Action{Kind: encounter.ActionCast, Spell: "teleport", SlotLevel: 7, TargetIDs: []string{"mira"},
		ToAreaID: "road", EndTurn: true})
	for _, id := range []string{"wren", "mira"} {
		if p := participant(t, e, id); !p.Left || len(p.Engaged) != 0 {
			t.Errorf("%s left %v, engaged %v: %s", id, p.Left, p.Engaged, res.Summary())
		}
	}
	if e.Outcome != "fled" {
		t.Errorf("outcome %q, want fled: %s", e.Outcome, res.Summary())
	}
}

// Tree Stride to a tree in the fight's own area takes the druid out of
// everyone's reach, not out of the fight.
func TestTreeStrideWithinTheFightOnlyParts(t *testing.T) {
	e := casterFirst(t, []campaign.Character{ashAt(9)}, goblins(1))
	e.AreaID = "cellar"
	e = engage(t, e, "ash", "goblin-1")
	e, _ = act(t, e, "ash", encounter.Action{Kind: encounter.ActionCast, Spell: "tree-stride", SlotLevel: 5, ToAreaID: "cellar", EndTurn: true})
	if p := participant(t, e, "ash"); p.Left || len(p.Engaged) != 0 || e.Status != encounter.Active {
		t.Errorf("ash left %v, engaged %v, fight %v", p.Left, p.Engaged, e.Status)
	}
}

// Word of Recall takes only the willing: a foe is refused.
func TestWordOfRecallTakesNoFoe(t *testing.T) {
	c := cleoAt(11)
	c.SpellSlots["5"], c.SpellSlots["6"] = campaign.Slot{Max: 1}, campaign.Slot{Max: 1}
	e := casterFirst(t, []campaign.Character{c}, goblins(1))
	_, _, err := encounter.Act(e, "cleo", encounter.Action{Kind: encounter.ActionCast, Spell: "word-of-recall", SlotLevel: 6, TargetIDs: []string{"goblin-1"}}, faces(t))
	if err == nil || !strings.Contains(err.Error(), "not willing") {
		t.Errorf("a goblin recalled: %v", err)
	}
}

// Spike Growth: the goblin in it keeps half its speed, takes nothing as
// its turn starts, and 2d4 piercing as it runs at the druid.
func TestSpikeGrowthPiercesAMonsterThatMoves(t *testing.T) {
	e := casterFirst(t, []campaign.Character{ashAt(5)}, goblins(1))
	e, _ = act(t, e, "ash", encounter.Action{Kind: encounter.ActionCast, Spell: "spike-growth", SlotLevel: 2, TargetIDs: []string{"goblin-1"}, EndTurn: true})
	g := participant(t, e, "goblin-1")
	if g.HP != g.MaxHP || g.Combatant.Speed != 15 {
		t.Fatalf("goblin at %d/%d, speed %d, as its turn starts", g.HP, g.MaxHP, g.Combatant.Speed)
	}
	// 2d4 is 2 + 1 as it runs.
	e, res, err := encounter.MonsterTurn(e, scriptAfter(t, 2, 1))
	if err != nil {
		t.Fatal(err)
	}
	if g := participant(t, e, "goblin-1"); g.HP != g.MaxHP-3 || !strings.Contains(res.Summary(), "Spike Growth") {
		t.Errorf("goblin at %d/%d: %s", g.HP, g.MaxHP, res.Summary())
	}
}

// A goblin running at the fighter the druid's spikes surround comes into
// them: 2d4 piercing, and half its speed.
func TestSpikeGrowthPiercesAMonsterThatEnters(t *testing.T) {
	e := casterFirst(t, []campaign.Character{ashAt(5), mira()}, goblins(1))
	e, _ = act(t, e, "ash", encounter.Action{Kind: encounter.ActionCast, Spell: "spike-growth", SlotLevel: 2, TargetIDs: []string{"mira"}, EndTurn: true})
	e, _ = act(t, e, "mira", encounter.Action{Kind: encounter.ActionDodge, EndTurn: true})
	// 2d4 is 1 + 1.
	e, res, err := encounter.MonsterTurn(e, scriptAfter(t, 1, 1))
	if err != nil {
		t.Fatal(err)
	}
	if g := participant(t, e, "goblin-1"); g.HP != g.MaxHP-2 || g.Combatant.Speed != 15 || !strings.Contains(res.Summary(), "comes into the area of Spike Growth") {
		t.Errorf("goblin at %d/%d, speed %d: %s", g.HP, g.MaxHP, g.Combatant.Speed, res.Summary())
	}
}

// Plant Growth leaves the goblin in it a quarter of its speed, and sets
// nothing off.
func TestPlantGrowthSlowsToAQuarter(t *testing.T) {
	e := casterFirst(t, []campaign.Character{ashAt(5)}, goblins(1))
	e, _ = act(t, e, "ash", encounter.Action{Kind: encounter.ActionCast, Spell: "plant-growth", SlotLevel: 3, TargetIDs: []string{"goblin-1"}, EndTurn: true})
	if g := participant(t, e, "goblin-1"); g.Combatant.Speed != 7 || g.HP != g.MaxHP {
		t.Errorf("goblin at %d/%d, speed %d, want 7", g.HP, g.MaxHP, g.Combatant.Speed)
	}
}

// Control Water's whirlpool batters the goblin named in it as its turn
// starts: a Strength save against the druid's DC, 2d8 bludgeoning.
func TestWhirlpoolBattersThoseInIt(t *testing.T) {
	e := casterFirst(t, []campaign.Character{ashAt(7)}, goblins(1))
	// The goblin's Strength save, 3 - 1, fails DC 14; 2d8 is 2 + 2.
	e, res := act(t, e, "ash", encounter.Action{Kind: encounter.ActionCast, Spell: "control-water", SlotLevel: 4, TargetIDs: []string{"goblin-1"}, EndTurn: true}, 2, 2, 3)
	if g := participant(t, e, "goblin-1"); g.HP != g.MaxHP-4 || !strings.Contains(res.Summary(), "caught in the vortex") {
		t.Errorf("goblin at %d/%d: %s", g.HP, g.MaxHP, res.Summary())
	}
}

// A fighter moving out of the spikes around her takes 2d4 piercing.
func TestSpikeGrowthPiercesACharacterThatMoves(t *testing.T) {
	e := casterFirst(t, []campaign.Character{ashAt(5), mira()}, goblins(1))
	e, _ = act(t, e, "ash", encounter.Action{Kind: encounter.ActionCast, Spell: "spike-growth", SlotLevel: 2, TargetIDs: []string{"mira"}, EndTurn: true})
	before := participant(t, e, "mira").HP
	// 2d4 is 4 + 3.
	e, res := act(t, e, "mira", encounter.Action{Kind: encounter.ActionMove, EndTurn: true}, 4, 3)
	if m := participant(t, e, "mira"); m.HP != before-7 {
		t.Errorf("mira at %d, was %d: %s", m.HP, before, res.Summary())
	}
}

// The undergrowth stays where the fight was: the fighter in it leaves the
// fight with her speed and no effect of it.
func TestPlantGrowthStaysBehind(t *testing.T) {
	e := casterFirst(t, []campaign.Character{ashAt(5), mira()}, goblins(1))
	e, _ = act(t, e, "ash", encounter.Action{Kind: encounter.ActionCast, Spell: "plant-growth", SlotLevel: 3, TargetIDs: []string{"mira"}, EndTurn: true})
	if m := participant(t, e, "mira"); m.Combatant.Speed != 7 {
		t.Fatalf("mira's speed %d in the undergrowth", m.Combatant.Speed)
	}
	_, diffs, err := encounter.End(e, "fled", encounter.EndOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range diffs {
		if d.CharacterID == "mira" && len(d.Effects) != 0 {
			t.Errorf("mira leaves with %+v", d.Effects)
		}
	}
}
