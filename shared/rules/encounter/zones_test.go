package encounter_test

import (
	"strings"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/rules/encounter"
)

// Moonbeam holds the creatures named as it is cast, and burns each as its
// turn starts: a Constitution save against the druid's DC, 2d10 radiant,
// half on a success; nothing at the casting itself. Goblin 1's turn comes
// right after the druid's.
func TestMoonbeamBurnsThoseInIt(t *testing.T) {
	e := casterFirst(t, []campaign.Character{ash()}, goblins(2))
	// The goblin's save, 2 + 0, fails DC 14; 2d10 is 3 + 2.
	e, res, err := encounter.Act(e, "ash", encounter.Action{Kind: encounter.ActionCast, Spell: "moonbeam", SlotLevel: 2, TargetIDs: []string{"goblin-1"}, EndTurn: true}, faces(t, 2, 3, 2))
	if err != nil {
		t.Fatal(err)
	}
	g := participant(t, e, "goblin-1")
	if e.Current != "goblin-1" || g.HP != g.MaxHP-5 || !strings.Contains(res.Summary(), "affects no one until it is set off") ||
		!strings.Contains(res.Summary(), "Goblin 1 fails its CON save") {
		t.Fatalf("goblin 1 at %d/%d: %s", g.HP, g.MaxHP, res.Summary())
	}
	if g2 := participant(t, e, "goblin-2"); g2.HP != g2.MaxHP {
		t.Errorf("goblin 2, out of the beam, is at %d", g2.HP)
	}
}

// Web holds those named as it is cast: each that starts its turn in the
// webs makes a Dexterity save or is restrained.
func TestWebHoldsThoseInIt(t *testing.T) {
	w := wren()
	w.SpellSlots["2"] = campaign.Slot{Max: 2}
	e := casterFirst(t, []campaign.Character{w}, goblins(1))
	// The goblin's turn starts in the webs: its Dex save, 3 + 2, fails DC
	// 13.
	e, res, err := encounter.Act(e, "wren", encounter.Action{Kind: encounter.ActionCast, Spell: "web", SlotLevel: 2, TargetIDs: []string{"goblin-1"}, EndTurn: true}, faces(t, 3))
	if err != nil {
		t.Fatal(err)
	}
	if g := participant(t, e, "goblin-1"); !strings.Contains(strings.Join(g.Conditions, " "), "restrained") || !strings.Contains(res.Summary(), "Goblin 1 fails its DEX save") {
		t.Fatalf("goblin %v: %s", g.Conditions, res.Summary())
	}
}

// Spirit Guardians burns the cleric's foes in its reach as their turns
// start, a Wisdom save for half of 3d8 radiant; not a foe out of reach.
func TestSpiritGuardiansBurnsTheFoesBesideTheCaster(t *testing.T) {
	c := cleo()
	c.Level, c.SpellSlots = 5, map[string]campaign.Slot{"1": {Max: 4}, "2": {Max: 3}, "3": {Max: 2}}
	e := engage(t, casterFirst(t, []campaign.Character{c}, goblins(2)), "cleo", "goblin-1")
	// 3d8 is 2 + 3 + 1; Goblin 1's Wisdom save, 2 - 1, fails.
	e, res, err := encounter.Act(e, "cleo", encounter.Action{Kind: encounter.ActionCast, Spell: "spirit-guardians", SlotLevel: 3, EndTurn: true}, faces(t, 2, 3, 1, 2))
	if err != nil {
		t.Fatal(err)
	}
	g := participant(t, e, "goblin-1")
	if g.HP != g.MaxHP-6 || !strings.Contains(res.Summary(), "Spirit Guardians") {
		t.Fatalf("goblin 1 at %d/%d: %s", g.HP, g.MaxHP, res.Summary())
	}
	// Goblin 2's turn, out of the cleric's reach: nothing.
	e, res, err = encounter.MonsterTurn(e, scriptAfter(t))
	if err != nil {
		t.Fatal(err)
	}
	if g2 := participant(t, e, "goblin-2"); g2.HP != g2.MaxHP && strings.Contains(res.Summary(), "Spirit Guardians") {
		t.Errorf("goblin 2, out of reach, burned: %s", res.Summary())
	}
}

// Stinking Cloud: a creature in it as its turn starts fails a
// Constitution save and spends its action retching.
func TestStinkingCloudTakesTheAction(t *testing.T) {
	w := wren()
	w.Level, w.SpellSlots = 5, map[string]campaign.Slot{"1": {Max: 4}, "2": {Max: 3}, "3": {Max: 2}}
	e := casterFirst(t, []campaign.Character{w}, goblins(1))
	// Goblin 1's turn starts in the cloud: its Con save, 3 + 0, fails DC 13.
	e, res, err := encounter.Act(e, "wren", encounter.Action{Kind: encounter.ActionCast, Spell: "stinking-cloud", SlotLevel: 3, TargetIDs: []string{"goblin-1"}, EndTurn: true}, faces(t, 3))
	if err != nil {
		t.Fatal(err)
	}
	if g := participant(t, e, "goblin-1"); !g.Turn.ActionUsed || !strings.Contains(res.Summary(), "retching") {
		t.Fatalf("goblin turn %+v: %s", g.Turn, res.Summary())
	}
	// Its turn: no attack.
	_, res, err = encounter.MonsterTurn(e, scriptAfter(t))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Attacks) != 0 {
		t.Errorf("a retching goblin attacks: %s", res.Summary())
	}
}

// Silence: those named in it are deafened and cast no spell with a
// verbal component while it holds them.
func TestSilenceStopsVerbalSpells(t *testing.T) {
	c := cleo()
	c.SpellSlots = map[string]campaign.Slot{"1": {Max: 4}, "2": {Max: 3}}
	w := wren()
	e := casterFirst(t, []campaign.Character{c, w}, goblins(1))
	e, _, err := encounter.Act(e, "cleo", encounter.Action{Kind: encounter.ActionCast, Spell: "silence", SlotLevel: 2, TargetIDs: []string{"wren"}, EndTurn: true}, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	if p := participant(t, e, "wren"); !strings.Contains(strings.Join(p.Conditions, " "), "deafened") {
		t.Fatalf("wren in the silence: %v", p.Conditions)
	}
	_, _, err = encounter.Act(e, "wren", encounter.Action{Kind: encounter.ActionCast, Spell: "fire-bolt", TargetIDs: []string{"goblin-1"}}, faces(t))
	if err == nil || !strings.Contains(err.Error(), "silence") {
		t.Errorf("a fire bolt from the silence: %v", err)
	}
}

// Gust of Wind: a creature in the line as its turn starts makes a
// Strength save or is pushed out of everyone's reach.
func TestGustOfWindPushesOutOfReach(t *testing.T) {
	w := wren()
	w.SpellSlots["2"] = campaign.Slot{Max: 2}
	e := engage(t, casterFirst(t, []campaign.Character{w}, goblins(1)), "wren", "goblin-1")
	// Goblin 1's Strength save, 2 - 1, fails DC 13.
	e, _, err := encounter.Act(e, "wren", encounter.Action{Kind: encounter.ActionCast, Spell: "gust-of-wind", SlotLevel: 2, TargetIDs: []string{"goblin-1"}, EndTurn: true}, faces(t, 2))
	if err != nil {
		t.Fatal(err)
	}
	if g := participant(t, e, "goblin-1"); len(g.Engaged) != 0 {
		t.Errorf("the pushed goblin is still in reach of %v", g.Engaged)
	}
}
