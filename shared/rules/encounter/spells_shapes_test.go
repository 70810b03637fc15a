package encounter_test

import (
	"strings"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/rules/encounter"
)

// wrenShaping is Wren at a level with a slot of each level to 9th: Int 16,
// so a spell save DC of 8 + 3 + her proficiency.
func wrenShaping(level int) campaign.Character {
	w := wren()
	w.Level = level
	w.HP, w.MaxHP = 40, 40
	w.SpellSlots = map[string]campaign.Slot{"1": {Max: 4}, "2": {Max: 3}, "3": {Max: 3}, "4": {Max: 3}, "5": {Max: 2},
		"6": {Max: 1}, "7": {Max: 1}, "8": {Max: 1}, "9": {Max: 1}}
	return w
}

func polymorph(target, form string) encounter.Action {
	return encounter.Action{Kind: encounter.ActionCast, Spell: "polymorph", SlotLevel: 4, TargetID: target, Choice: form, EndTurn: true}
}

// The scripted check: Wren's Polymorph (DC 14) turns the ogre (Wis 7,
// CR 2, 59 HP) into a frog (1 HP, AC 11, Str 1, Int 1, no attacks);
// Mira's longsword hits the frog for 12, it drops, and the ogre is back
// in its own form at 59 - 11 = 48 hit points, with its greatclub, its
// mind and its Strength, and Wren's concentration on the spell is over.
func TestPolymorphTurnsTheOgreIntoAFrogThatDropsBack(t *testing.T) {
	e := casterFirst(t, []campaign.Character{wrenShaping(7), mira()}, []encounter.MonsterSpec{{SRDID: "ogre", Count: 1}})
	// The ogre's Wisdom save: 5 - 2 = 3.
	e, res := act(t, e, "wren", polymorph("ogre-1", "frog"), 5)
	o := participant(t, e, "ogre-1")
	if o.Form == nil || o.HP != 1 || o.MaxHP != 1 || o.AC != 11 || o.Type != "beast" || len(o.Actions) != 0 {
		t.Fatalf("the ogre as a frog: %+v\n%s", o, res.Summary())
	}
	if a := o.Combatant.Abilities; a.Str != 1 || a.Dex != 13 || a.Int != 1 || a.Wis != 8 || a.Cha != 3 {
		t.Fatalf("the frog's abilities, mind included: %+v", a)
	}
	if c := participant(t, e, "wren").Combatant.Concentration; c != "polymorph" {
		t.Fatalf("Wren concentrates on %q", c)
	}
	// Mira's longsword: 15 + 5 hits AC 11; 1d10 + 3 of 9 is 12, the
	// frog's 1 and 11 more.
	e, res = act(t, e, "mira", encounter.Action{Kind: encounter.ActionAttack, TargetID: "ogre-1", EndTurn: true}, 15, 9)
	o = participant(t, e, "ogre-1")
	if o.Form != nil || o.HP != 48 || o.MaxHP != 59 || o.AC != 11 || o.Defeated || len(o.Conditions) != 0 {
		t.Fatalf("the ogre after the frog dropped: %+v\n%s", o, res.Summary())
	}
	if a := o.Combatant.Abilities; a.Str != 19 || a.Int != 5 || a.Wis != 7 || o.Type != "giant" || len(o.Actions) != 2 {
		t.Fatalf("the ogre's own stat block: %+v, type %s, actions %d", a, o.Type, len(o.Actions))
	}
	if !strings.Contains(res.Summary(), "own form") || !strings.Contains(res.Summary(), "carries over") {
		t.Errorf("summary: %q", res.Summary())
	}
	if c := participant(t, e, "wren").Combatant.Concentration; c != "" || len(e.Effects) != 0 {
		t.Errorf("Wren still concentrates on %q; effects %+v", c, e.Effects)
	}
}

// A polymorphed monster fights with its beast's attacks: the ogre as a
// wolf bites (+4, 2d4 + 2) rather than swinging its greatclub.
func TestAPolymorphedOgreBitesAsAWolf(t *testing.T) {
	e := casterFirst(t, []campaign.Character{wrenShaping(7)}, []encounter.MonsterSpec{{SRDID: "ogre", Count: 1}})
	e, _ = act(t, e, "wren", polymorph("ogre-1", "wolf"), 5)
	if o := participant(t, e, "ogre-1"); o.HP != 11 || o.AC != 13 {
		t.Fatalf("the ogre as a wolf: HP %d AC %d", o.HP, o.AC)
	}
	_, res, err := encounter.MonsterTurn(e, faces(t, 15, 3, 3, 20, 20))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Attacks) == 0 || !strings.Contains(strings.ToLower(res.Attacks[0].Weapon), "bite") || res.Attacks[0].Damage == nil || res.Attacks[0].Damage.Taken != 8 {
		t.Fatalf("the wolf's bite: %s", res.Summary())
	}
}

// Polymorph on an ally asks no save and gives it the strongest beast of
// its level (Mira, 3rd: a giant scorpion, 52 HP, AC 15); its hold ends
// with Wren's concentration, here on a new Polymorph that turns the
// goblin into a frog, and Mira is back at her own 28 hit points.
func TestPolymorphOnAnAllyEndsWithTheConcentration(t *testing.T) {
	e := casterFirst(t, []campaign.Character{wrenShaping(7), mira()}, goblins(1))
	e, res := act(t, e, "wren", polymorph("mira", ""))
	m := participant(t, e, "mira")
	if m.Form == nil || m.Form.Beast != "giant-scorpion" || m.HP != 52 || m.AC != 15 || len(res.Rolls) != 0 {
		t.Fatalf("Mira as a giant scorpion: %+v\n%s", m, res.Summary())
	}
	// Mira's turn as the scorpion: its claws and sting (multiattack).
	e, res = act(t, e, "mira", encounter.Action{Kind: encounter.ActionAttack, TargetID: "goblin-1", EndTurn: true}, 1, 1, 1)
	if len(res.Attacks) < 2 {
		t.Fatalf("the scorpion's multiattack: %s", res.Summary())
	}
	e, _, err := encounter.MonsterTurn(e, faces(t, 1))
	if err != nil {
		t.Fatal(err)
	}
	// The goblin's Wisdom save: 2 - 1 = 1.
	e, res = act(t, e, "wren", polymorph("goblin-1", ""), 2)
	m = participant(t, e, "mira")
	if m.Form != nil || m.HP != 28 || m.AC != 16 || m.Combatant.Abilities.Int != 10 || m.Type != "humanoid" {
		t.Fatalf("Mira after the polymorph ended: %+v\n%s", m, res.Summary())
	}
	if g := participant(t, e, "goblin-1"); g.Form == nil || g.Form.Beast != "frog" {
		t.Fatalf("the goblin, a foe named no beast, as %+v", g.Form)
	}
}

// Shapechange: Wren at 17th takes the giant ape's shape (157 HP, AC 12)
// keeping her own Intelligence, Wisdom and Charisma; on a later turn her
// action takes her own form back (choice "end"), at her own hit points,
// and the spell ends.
func TestShapechangeKeepsTheMindAndRevertsWithAnAction(t *testing.T) {
	e := casterFirst(t, []campaign.Character{wrenShaping(17)}, goblins(1))
	e, res := act(t, e, "wren", encounter.Action{Kind: encounter.ActionCast, Spell: "shapechange", SlotLevel: 9, Choice: "giant ape", EndTurn: true})
	w := participant(t, e, "wren")
	if w.Form == nil || w.HP != 157 || w.AC != 12 || w.Combatant.Abilities.Str != 23 || w.Combatant.Abilities.Int != 16 || w.Combatant.Abilities.Wis != 12 {
		t.Fatalf("Wren as a giant ape: %+v\n%s", w, res.Summary())
	}
	e, _, err := encounter.MonsterTurn(e, faces(t, 1))
	if err != nil {
		t.Fatal(err)
	}
	back := encounter.Action{Kind: encounter.ActionCast, Spell: "shapechange", Ongoing: true, Choice: "end"}
	e, res = act(t, e, "wren", back)
	w = participant(t, e, "wren")
	if w.Form != nil || w.HP != 40 || w.AC != 12 || w.Combatant.Abilities.Str != 8 || w.Combatant.Concentration != "" || !w.Turn.ActionUsed {
		t.Fatalf("Wren back in her own form: %+v\n%s", w, res.Summary())
	}
}

// Animal Shapes turns the willing alone: Fen's Animal Shapes passes the
// goblin by, with no save, and Mira becomes a giant scorpion
// (Large, CR 3), and keeps her own Intelligence.
func TestAnimalShapesTurnsTheWilling(t *testing.T) {
	d := fen(17)
	d.SpellSlots = map[string]campaign.Slot{"8": {Max: 1}}
	e := casterFirst(t, []campaign.Character{d, mira()}, goblins(1))
	e, res := act(t, e, "fen", encounter.Action{Kind: encounter.ActionCast, Spell: "animal-shapes", SlotLevel: 8, TargetIDs: []string{"mira", "goblin-1"}})
	m, g := participant(t, e, "mira"), participant(t, e, "goblin-1")
	if m.Form == nil || m.HP != 52 || m.Combatant.Abilities.Int != 10 || g.Form != nil || len(res.Rolls) != 0 {
		t.Fatalf("Mira %+v, the goblin %+v\n%s", m, g.Form, res.Summary())
	}
}

// Shapechange's later form keeps the hit points the caster has when the
// new form has more: from a tyrannosaurus (136 HP) to a giant ape (157),
// Wren stays at 136; her own form, when she takes it back, is still her
// own 40.
func TestShapechangeNewFormKeepsFewerHitPoints(t *testing.T) {
	e := casterFirst(t, []campaign.Character{wrenShaping(17)}, goblins(1))
	e, _ = act(t, e, "wren", encounter.Action{Kind: encounter.ActionCast, Spell: "shapechange", SlotLevel: 9, Choice: "tyrannosaurus-rex", EndTurn: true})
	e, _, err := encounter.MonsterTurn(e, faces(t, 1))
	if err != nil {
		t.Fatal(err)
	}
	e, res := act(t, e, "wren", encounter.Action{Kind: encounter.ActionCast, Spell: "shapechange", Ongoing: true, Choice: "giant-ape", EndTurn: true})
	w := participant(t, e, "wren")
	if w.Form == nil || w.Form.Beast != "giant-ape" || w.HP != 136 || w.MaxHP != 157 || w.Combatant.Concentration != "shapechange" || len(e.Effects) != 2 {
		t.Fatalf("Wren's new form: %+v, effects %d\n%s", w, len(e.Effects), res.Summary())
	}
	e, _, err = encounter.MonsterTurn(e, faces(t, 1))
	if err != nil {
		t.Fatal(err)
	}
	e, _ = act(t, e, "wren", encounter.Action{Kind: encounter.ActionCast, Spell: "shapechange", Ongoing: true, Choice: "end"})
	if w := participant(t, e, "wren"); w.Form != nil || w.HP != 40 || w.MaxHP != 40 {
		t.Fatalf("Wren's own form: %+v", w)
	}
}

// A shapechanger shrugs Polymorph off without a save: the doppelganger
// stays itself, and Wren's slot is spent all the same.
func TestPolymorphLeavesAShapechangerItself(t *testing.T) {
	e := casterFirst(t, []campaign.Character{wrenShaping(7)}, []encounter.MonsterSpec{{SRDID: "doppelganger", Count: 1}})
	e, res := act(t, e, "wren", polymorph("doppelganger-1", "frog"))
	if d := participant(t, e, "doppelganger-1"); d.Form != nil || d.HP != 52 || len(res.Rolls) != 0 {
		t.Fatalf("the doppelganger: %+v\n%s", d, res.Summary())
	}
	if w := participant(t, e, "wren"); w.Combatant.SpellSlots[3].Used != 1 {
		t.Errorf("slots: %+v", w.Combatant.SpellSlots[3])
	}
}
