package turn_test

import (
	"slices"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/dice/dicetest"
	"chronicler/shared/fault"
	"chronicler/shared/intent"
	"chronicler/shared/rules/turn"
	"chronicler/shared/world"
)

// refused asserts the rules refuse the actor's intent, for that reason,
// on that field, with that message ("" for any).
func refused(t *testing.T, v turn.View, actor campaign.Character, in intent.Intent, reason fault.Reason, field, message string) {
	t.Helper()
	_, err := turn.Decide(v, actor, act(in), dicetest.Faces(t))
	refusal(t, err, reason, field, message)
}

// A cleric prepares her spells (Wisdom modifier + level: Bram's Wis 11
// and 1st level prepare one) with the prepare intent, out of a fight: at
// first, then again only once a long rest has passed since. She casts
// what she prepared and her domain spells, and is refused the rest.
func TestPrepareAfterALongRest(t *testing.T) {
	v, _, bram := table(t)
	d := decided(t, v, bram, intent.Intent{Kind: "prepare", Spells: []string{"guiding-bolt"}})
	b := sheet(t, d, "bram")
	if !slices.Equal(b.Prepared, []string{"guiding-bolt"}) || b.MayPrepare || d.Summary != "Bram prepares Guiding Bolt." || d.Clock != v.Clock+campaign.Minute {
		t.Fatalf("prepared %v may %v, %q at %d", b.Prepared, b.MayPrepare, d.Summary, d.Clock)
	}
	v = with(v, d)
	refused(t, v, b, intent.Intent{Kind: "cast", Spell: "healing-word", TargetID: "bram"}, fault.NotAllowed, "intent.spell",
		"Bram has not prepared Healing Word; a cleric prepares spells after a long rest")
	// Cure Wounds is a Life domain spell: always prepared.
	if d := decided(t, v, b, intent.Intent{Kind: "cast", Spell: "cure-wounds", TargetID: "bram"}, 4); len(d.Rolls) == 0 {
		t.Errorf("cure wounds: %+v", d)
	}
	refused(t, v, b, intent.Intent{Kind: "prepare", Spells: []string{"healing-word"}}, fault.NotAllowed, "intent.spells",
		"Bram has prepared spells since the last long rest; spells are prepared again after the next one")
	refused(t, v, b, intent.Intent{Kind: "prepare", Spells: []string{"healing-word", "bane"}}, fault.NotAllowed, "intent.spells", "")

	d = decided(t, v, b, intent.Intent{Kind: "rest", Rest: "long"})
	rested := sheet(t, d, "bram")
	if !rested.MayPrepare || !slices.Equal(rested.Prepared, []string{"guiding-bolt"}) {
		t.Fatalf("after a long rest: may prepare %v, prepared %v", rested.MayPrepare, rested.Prepared)
	}
	v = with(v, d)
	refused(t, v, rested, intent.Intent{Kind: "prepare", Spells: []string{"healing-word", "bane"}}, fault.InvalidArgs, "intent.spells",
		"Bram prepares 1 spells at most (Wisdom modifier + cleric level); 2 are named")
	d = decided(t, v, rested, intent.Intent{Kind: "prepare", Spells: []string{"Healing-Word"}})
	if b := sheet(t, d, "bram"); !slices.Equal(b.Prepared, []string{"healing-word"}) || b.MayPrepare {
		t.Errorf("prepared again: %v, may %v", b.Prepared, b.MayPrepare)
	}
	if got := names(turn.Castable(sheet(t, d, "bram"))); !slices.Equal(got, []string{"bless", "cure-wounds", "guidance", "healing-word", "light",
		"mending", "resistance", "sacred-flame", "spare-the-dying", "thaumaturgy"}) {
		t.Errorf("castable after preparing: %v", got)
	}
	// Not in a fight.
	refused(t, fight(t, v), rested, intent.Intent{Kind: "prepare", Spells: []string{"bane"}}, fault.NotAllowed, "intent", "not while an encounter is under way")
}

// A sorcerer casts the spells she chose, and is told she does not know
// the others; what the model and the parser may name is what she can
// cast now.
func TestKnownSpellsOutOfAFight(t *testing.T) {
	sel, err := campaign.NewCharacter{Name: "Sel", Race: "human", Class: "sorcerer", Choices: map[string][]string{
		"cantrips": {"fire-bolt", "light", "mage-hand", "ray-of-frost"}, "spells": {"mage-armor", "shield"}}}.Build("sel", "p-sel")
	if err != nil {
		t.Fatal(err)
	}
	sel.AreaID = world.StarterArea
	v, mira, _ := table(t)
	v.Characters = []campaign.Character{mira, sel}
	refused(t, v, sel, intent.Intent{Kind: "cast", Spell: "sleep"}, fault.NotAllowed, "intent.spell",
		"Sel does not know Sleep; a sorcerer learns new spells as it gains levels")
	d := decided(t, v, sel, intent.Intent{Kind: "cast", Spell: "mage-armor", TargetID: "sel"})
	if s := sheet(t, d, "sel"); s.SpellSlots["1"].Used != 1 || s.AC != 13+2 {
		t.Errorf("mage armor: slots %+v AC %d", s.SpellSlots, s.AC)
	}
	if got := names(turn.Castable(sel)); !slices.Equal(got, []string{"fire-bolt", "light", "mage-armor", "mage-hand", "ray-of-frost", "shield"}) {
		t.Errorf("castable %v", got)
	}
	pal := build(t, "pal", "Pal", "paladin")
	v.Characters = append(v.Characters, pal)
	refused(t, v, pal, intent.Intent{Kind: "cast", Spell: "bless"}, fault.NotAllowed, "intent.spell", "Pal casts no paladin spells before level 2")
	spent := sel
	spent.SpellSlots = map[string]campaign.Slot{"1": {Max: 2, Used: 2}}
	if got := names(turn.Castable(spent)); !slices.Equal(got, []string{"fire-bolt", "light", "mage-hand", "ray-of-frost"}) {
		t.Errorf("castable with no slot left: %v", got)
	}
}

// Mystic Arcanum out of a fight: cast once without a slot, refused the
// second time, and back after a long rest.
func TestMysticArcanumOnceALongRest(t *testing.T) {
	vex, err := campaign.NewCharacter{Name: "Vex", Race: "human", Class: "warlock", Level: 11,
		Choices: map[string][]string{"mystic-arcanum-6": {"true-seeing"}}}.Build("vex", "p-vex")
	if err != nil {
		t.Fatal(err)
	}
	vex.AreaID = world.StarterArea
	v, mira, _ := table(t)
	v.Characters = []campaign.Character{mira, vex}
	in := intent.Intent{Kind: "cast", Spell: "true-seeing", TargetID: "mira"}
	if !slices.Contains(names(turn.Castable(vex)), "true-seeing") {
		t.Errorf("castable %v, want the arcanum", names(turn.Castable(vex)))
	}
	d := decided(t, v, vex, in)
	after := sheet(t, d, "vex")
	if after.Resources["mystic-arcanum-6"].Used != 1 || after.SpellSlots["5"].Used != 0 {
		t.Errorf("after the arcanum: resources %+v slots %+v (%s)", after.Resources, after.SpellSlots, d.Summary)
	}
	v = with(v, d)
	refused(t, v, after, in, fault.NotAllowed, "intent.spell", "Vex has used Mystic Arcanum (6th level) and casts True Seeing so again after a long rest")
	if slices.Contains(names(turn.Castable(after)), "true-seeing") {
		t.Error("a spent arcanum is castable")
	}
	d = decided(t, v, after, intent.Intent{Kind: "rest", Rest: "long"})
	rested := sheet(t, d, "vex")
	v = with(v, d)
	if again := sheet(t, decided(t, v, rested, in), "vex"); again.Resources["mystic-arcanum-6"].Used != 1 {
		t.Errorf("after a long rest: %+v", again.Resources)
	}
}

func names(refs []intent.Ref) []string {
	out := make([]string, len(refs))
	for i, r := range refs {
		out[i] = r.ID
	}
	return out
}
