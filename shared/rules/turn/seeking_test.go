package turn_test

import (
	"strings"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/dice/dicetest"
	"chronicler/shared/fault"
	"chronicler/shared/intent"
	"chronicler/shared/rules/turn"
)

// seekers is a caster of the class and level in the starter inn's
// cellar, Dara the dwarf fighter out on the road, two moves away, and
// Bram the dwarf cleric in the common room, one move away, with a +1
// longsword.
func seekers(t *testing.T, class string, level int) (turn.View, campaign.Character) {
	t.Helper()
	v, ash := caster(t, class, level)
	bram := build(t, "bram", "Bram", "cleric")
	bram.Race, bram.AreaID = "dwarf", "common-room"
	bram.Inventory = append(bram.Inventory, campaign.Item{Item: "longsword", Magic: "weapon-1", Qty: 1})
	dara := build(t, "dara", "Dara", "fighter")
	dara.Race, dara.AreaID = "dwarf", "road"
	ash.Inventory = append(ash.Inventory, campaign.Item{Item: "ring-of-protection", Qty: 1})
	ash.AreaID = "cellar"
	v.Characters = []campaign.Character{ash, dara, bram}
	return v, ash
}

// Identify reads the ring the caster carries: +1 to AC and saves, and
// the attunement it needs.
func TestIdentifyReadsTheCastersRing(t *testing.T) {
	v, ash := seekers(t, "wizard", 3)
	d := decided(t, v, ash, intent.Intent{Kind: "cast", Spell: "identify", SlotLevel: 1, Choice: "ring of protection"})
	for _, want := range []string{"Ring of Protection: rare ring", "+1 to AC", "+1 to saving throws", "requires attunement"} {
		if !strings.Contains(d.Summary, want) {
			t.Errorf("summary %q, want %q", d.Summary, want)
		}
	}
}

// Locate Creature senses the direction of a named character, or of the
// nearest of a race, along the map's ways; Locate Object that of the
// nearest stack another carries, and who carries it.
func TestLocatingOnTheMap(t *testing.T) {
	for _, tt := range []struct {
		name, spell, choice string
		slot                int
		want                string
	}{
		{"DaraOnTheRoad", "locate-creature", "Dara", 4, "Ash senses Dara in the direction of Common Room"},
		{"TheNearestDwarfInTheCellar", "locate-creature", "dwarf", 4, "Ash senses Bram (the nearest dwarf) in the direction of Common Room"},
		{"NobodyOfThatName", "locate-creature", "Zed", 4, "Ash senses no Zed anywhere the spell reaches"},
		{"TheSwordBramCarries", "locate-object", "+1 longsword", 2, "Ash senses Longsword, +1, carried by Bram, in the direction of Common Room"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			v, ash := seekers(t, "cleric", 7)
			d := decided(t, v, ash, intent.Intent{Kind: "cast", Spell: tt.spell, SlotLevel: tt.slot, Choice: tt.choice})
			if !strings.Contains(d.Summary, tt.want) {
				t.Errorf("summary %q, want %q", d.Summary, tt.want)
			}
		})
	}
}

// Find the Path keeps the shortest way to an area on its caster, and
// refuses a place the map does not hold.
func TestFindThePathKeepsTheWay(t *testing.T) {
	v, ash := seekers(t, "cleric", 11)
	d := decided(t, v, ash, intent.Intent{Kind: "cast", Spell: "find-the-path", SlotLevel: 6, Choice: "the crossroads"})
	got := sheetOf(t, d, "ash")
	found := false
	for _, fx := range got.Effects {
		found = found || (fx.Spell == "find-the-path" && fx.Note == "knows the shortest way to The Crossroads: Common Room → The Crossroads")
	}
	if !found || !strings.Contains(d.Summary, "2 moves") {
		t.Errorf("effects %+v, summary %q: want the way through the common room kept", got.Effects, d.Summary)
	}
	_, err := turn.Decide(v, ash, act(intent.Intent{Kind: "cast", Spell: "find-the-path", SlotLevel: 6, Choice: "the moon"}), dicetest.Faces(t))
	if !fault.Is(err, fault.Invalid) || !strings.Contains(err.Error(), "Find the Path fails") {
		t.Errorf("the moon: %v, want a refusal", err)
	}
}
