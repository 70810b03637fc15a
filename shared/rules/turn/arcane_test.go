package turn_test

import (
	"strings"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/dice/dicetest"
	"chronicler/shared/fault"
	"chronicler/shared/intent"
	"chronicler/shared/rules/turn"
	"chronicler/shared/world"
)

// caster is a new character of the class and level, alone in the
// starter inn.
func caster(t *testing.T, class string, level int) (turn.View, campaign.Character) {
	t.Helper()
	ch, err := campaign.NewCharacter{Name: "Ash", Race: "human", Class: class, Level: level,
		Abilities: &campaign.Abilities{Str: 8, Dex: 14, Con: 13, Int: 15, Wis: 12, Cha: 10}}.Build("ash", "p-ash")
	if err != nil {
		t.Fatal(err)
	}
	ch.AreaID = world.StarterArea
	return turn.View{Map: world.Starter("camp-1"), Characters: []campaign.Character{ch}}, ch
}

func rest(kind, choice string) intent.Intent {
	return intent.Intent{Kind: "rest", Rest: kind, Choice: choice}
}

// Arcane Recovery, once a day at the end of a short rest: a 5th-level
// wizard gets back slots of 3 levels in all, none above 5th: the highest
// spent first (a 3rd), or those the rest's choice names (two 1sts); not
// a 3rd and a 1st.
func TestArcaneRecovery(t *testing.T) {
	v, ash := caster(t, "wizard", 5)
	ash.SpellSlots["1"] = campaign.Slot{Max: 4, Used: 2}
	ash.SpellSlots["3"] = campaign.Slot{Max: 2, Used: 1}
	d := decided(t, v, ash, rest("short", ""))
	got := d.Changed[0]
	if got.SpellSlots["3"].Used != 0 || got.SpellSlots["1"].Used != 2 || got.Resources["arcane-recovery"].Used != 1 ||
		!strings.Contains(d.Summary, "Arcane Recovery brings back spell slots of 3rd level") {
		t.Fatalf("slots %+v, resources %v: %s", got.SpellSlots, got.Resources, d.Summary)
	}
	if d := decided(t, v, got, rest("short", "")); len(d.Changed) != 0 {
		t.Errorf("a second recovery in the day: %+v", d.Changed)
	}
	d = decided(t, v, ash, rest("short", "1,1st"))
	if got := d.Changed[0]; got.SpellSlots["1"].Used != 0 || got.SpellSlots["3"].Used != 1 {
		t.Errorf("two 1st-level slots chosen: %+v", got.SpellSlots)
	}
	_, err := turn.Decide(v, ash, act(rest("short", "3,1")), dicetest.Faces(t))
	refusal(t, err, fault.NotAllowed, "intent.choice", "Arcane Recovery recovers slots of 3 levels in all at Ash's level, not 4")
	if d := decided(t, v, ash, rest("short", "none")); len(d.Changed) != 0 {
		t.Errorf("kept for later, yet: %+v", d.Changed)
	}
}

// Sorcerous Restoration (20th level): a short rest gives back 4 of the
// sorcery points spent.
func TestSorcerousRestoration(t *testing.T) {
	v, ash := caster(t, "sorcerer", 20)
	ash.Resources = map[string]campaign.Pool{"sorcery-points": {Max: 20, Used: 10}}
	d := decided(t, v, ash, rest("short", ""))
	if got := d.Changed[0].Resources["sorcery-points"]; got.Used != 6 || !strings.Contains(d.Summary, "gives back 4 sorcery points") {
		t.Errorf("sorcery points %+v: %s", got, d.Summary)
	}
}

// Fiendish Resilience (10th level): the rest's choice is the damage type
// the warlock resists from then on, after a short rest or a long one.
func TestFiendishResilienceAtARest(t *testing.T) {
	v, ash := caster(t, "warlock", 10)
	for _, kind := range []string{"short", "long"} {
		d := decided(t, v, ash, rest(kind, "Fire"))
		if got := d.Changed[0].Choices["fiendish-resilience"]; len(got) != 1 || got[0] != "fire" || !strings.Contains(d.Summary, "resists fire damage") {
			t.Errorf("%s rest: %v, %s", kind, got, d.Summary)
		}
	}
	_, err := turn.Decide(v, ash, act(rest("short", "banana")), dicetest.Faces(t))
	refusal(t, err, fault.InvalidArgs, "intent.choice", "Fiendish Resilience takes a damage type to resist, such as fire")
}

// Flexible Casting out of a fight: 3 points make a 2nd-level slot beyond
// the maximum, a 1st-level slot gives 1 back, and a long rest takes the
// made slot away with everything else back.
func TestFlexibleCastingOutOfAFight(t *testing.T) {
	v, ash := caster(t, "sorcerer", 5)
	d := decided(t, v, ash, intent.Intent{Kind: "feature", Feature: "flexible-casting-creating-spell-slots", Choice: "2"})
	got := d.Changed[0]
	if got.SpellSlots["2"].Used != -1 || got.Resources["sorcery-points"].Used != 3 {
		t.Fatalf("slots %+v resources %v", got.SpellSlots, got.Resources)
	}
	d = decided(t, v, got, intent.Intent{Kind: "feature", Feature: "flexible-casting-converting-spell-slot", Choice: "1"})
	got = d.Changed[0]
	if got.SpellSlots["1"].Used != 1 || got.Resources["sorcery-points"].Used != 2 {
		t.Fatalf("slots %+v resources %v", got.SpellSlots, got.Resources)
	}
	d = decided(t, v, got, rest("long", ""))
	if got = d.Changed[0]; got.SpellSlots["2"] != (campaign.Slot{Max: 3}) || got.SpellSlots["1"].Used != 0 || got.Resources["sorcery-points"].Used != 0 {
		t.Errorf("after a long rest: slots %+v resources %v: %s", got.SpellSlots, got.Resources, d.Summary)
	}
	_, err := turn.Decide(v, ash, act(intent.Intent{Kind: "feature", Feature: "flexible-casting-creating-spell-slots", Choice: "5"}), dicetest.Faces(t))
	if fault.ReasonOf(err) != fault.NotAllowed {
		t.Errorf("a 5th-level slot from 5 points: %v", err)
	}
}

// Eldritch Master (20th level): a minute's entreaty brings back every
// pact slot, once per long rest.
func TestEldritchMaster(t *testing.T) {
	v, ash := caster(t, "warlock", 20)
	ash.SpellSlots["5"] = campaign.Slot{Max: 4, Used: 4}
	d := decided(t, v, ash, intent.Intent{Kind: "feature", Feature: "eldritch-master"})
	got := d.Changed[0]
	if got.SpellSlots["5"].Used != 0 || got.Resources["eldritch-master"].Used != 1 {
		t.Fatalf("slots %+v resources %v", got.SpellSlots, got.Resources)
	}
	got.SpellSlots["5"] = campaign.Slot{Max: 4, Used: 1}
	if _, err := turn.Decide(v, got, act(intent.Intent{Kind: "feature", Feature: "eldritch-master"}), dicetest.Faces(t)); fault.ReasonOf(err) != fault.NotAllowed {
		t.Errorf("a second entreaty: %v", err)
	}
}

// Out of a fight, an invocation's spell is cast at will and a signature
// spell without a slot, spending what it spends.
func TestCastByFeatureOutOfAFight(t *testing.T) {
	v, ash := caster(t, "warlock", 2)
	ash.Choices = map[string][]string{"eldritch-invocations": {"eldritch-invocation-armor-of-shadows"}}
	v.Characters = []campaign.Character{ash}
	d := decided(t, v, ash, intent.Intent{Kind: "cast", Spell: "mage-armor"})
	if got := d.Changed[0]; got.AC != 15 || got.SpellSlots["1"].Used != 0 {
		t.Errorf("AC %d slots %+v: %s", got.AC, got.SpellSlots, d.Summary)
	}

	v, ash = caster(t, "wizard", 20)
	ash.Choices = map[string][]string{"signature-spells": {"fireball", "counterspell"}}
	d = decided(t, v, ash, intent.Intent{Kind: "cast", Spell: "fireball"})
	if got := d.Changed[0]; got.SpellSlots["3"].Used != 0 || got.Resources["signature-spell-1"].Used != 1 {
		t.Errorf("slots %+v resources %v", got.SpellSlots, got.Resources)
	}
	_, err := turn.Decide(v, ash, act(intent.Intent{Kind: "cast", Spell: "fireball", With: []string{"overchannel"}}), dicetest.Faces(t))
	refusal(t, err, fault.NotAllowed, "intent.with", "the features and magic items a cast works in (Metamagic, Sculpt Spells, Overchannel, a wand's charges) are played in a fight")
}
