package encounter_test

import (
	"slices"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/rules"
	"chronicler/shared/rules/encounter"
	"chronicler/shared/rules/spell"
)

// bardAt is Wren as a bard of the level, Charisma 16.
func bardAt(level int) campaign.Character {
	c := wrenAt(level)
	c.Class, c.Abilities.Cha = "bard", 16
	return c
}

// Glibness holds in a fight whether cast in it or before it: the bard's
// Charisma checks count a low d20 as 15 (rules.Glib).
func TestGlibnessHoldsInAFight(t *testing.T) {
	e := casterFirst(t, []campaign.Character{bardAt(15)}, goblins(1))
	e, _ = act(t, e, "wren", encounter.Action{Kind: encounter.ActionCast, Spell: "glibness", SlotLevel: 8, EndTurn: true})
	if p := participant(t, e, "wren"); !slices.Contains(p.Combatant.Features, rules.Glib) {
		t.Errorf("wren's features after Glibness: %v", p.Combatant.Features)
	}
	before := lasting(bardAt(15), spell.Effect{ID: spell.GlibID, Spell: "glibness", Ends: "1 hour"})
	e = casterFirst(t, []campaign.Character{before}, goblins(1))
	p := participant(t, e, "wren")
	chk, err := rules.Check(p.Combatant, rules.CheckRequest{Ability: rules.Cha, Skill: rules.Persuasion}, faces(t, 2))
	if err != nil {
		t.Fatal(err)
	}
	if chk.Natural != 2 || chk.RaisedFrom != 2 || chk.Total < 15 {
		t.Errorf("a Charisma check on a 2 under Glibness: natural %d, raised from %d, total %d", chk.Natural, chk.RaisedFrom, chk.Total)
	}
}

// Wish in a fight duplicates Fireball: its 8d6 on the goblin, the
// 9th-level slot spent.
func TestWishDuplicatesASpellInAFight(t *testing.T) {
	e := casterFirst(t, []campaign.Character{wrenAt(17)}, goblins(1))
	e, _ = act(t, e, "wren", encounter.Action{Kind: encounter.ActionCast, Spell: "wish", SlotLevel: 9, Choice: "fireball",
		TargetIDs: []string{"goblin-1"}, EndTurn: true}, 6, 6, 6, 6, 6, 6, 6, 6, 1)
	if g := participant(t, e, "goblin-1"); g.HP != 0 {
		t.Errorf("the goblin after a wished Fireball: %d HP", g.HP)
	}
	if w := participant(t, e, "wren"); w.Combatant.SpellSlots[8].Used != 1 {
		t.Errorf("wren's 9th-level slots: %+v", w.Combatant.SpellSlots[8])
	}
}
