package spell_test

import (
	"strings"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/rules"
	"chronicler/shared/rules/spell"
)

// Identify reads a carried item's magic from the data, as the SRD says:
// its properties, whether it needs attunement, its charges; a mundane
// item is not magic, and an item not carried can't be touched.
func TestIdentifyReadsAnItem(t *testing.T) {
	pack := []campaign.Item{
		{Item: "ring-of-protection", Qty: 1, Attuned: true},
		{Item: "wand-of-magic-missiles", Qty: 1, Used: 3},
		{Item: "longsword", Magic: "weapon-1", Qty: 1},
		{Item: "longsword", Magic: "flame-tongue", Qty: 1},
		{Item: "rope-hempen-50-feet", Qty: 1},
	}
	for _, tt := range []struct {
		name, choice string
		want         []string
	}{
		{"ARingAddsToACAndSavesAndIsAttuned", "Ring of Protection",
			[]string{"Ring of Protection: rare ring", "+1 to AC", "+1 to saving throws", "requires attunement, and its bearer is attuned"}},
		{"AWandCountsItsChargesLeft", "wand-of-magic-missiles",
			[]string{"4 of 7 charges left, regaining 1d6+1 at dawn", "casts Magic Missile for 1 charge", "needs no attunement"}},
		{"APlusOneWeapon", "weapon-1", []string{"+1 to attack and damage rolls", "needs no attunement"}},
		{"AFlameTongueNeedsAttunement", "flame-tongue", []string{"+2d6 fire damage", "requires attunement: it does nothing until"}},
		{"RopeIsNotMagic", "rope-hempen-50-feet", []string{"is not magic"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r, err := spell.Cast(withSlot(mira(), 1, 1), "identify", 1, nil, spell.Options{Items: pack, Choice: tt.choice}, faces(t), nil)
			if err != nil {
				t.Fatal(err)
			}
			notes := strings.Join(r.Notes, " | ")
			for _, w := range tt.want {
				if !strings.Contains(notes, w) {
					t.Errorf("notes %q, want %q", notes, w)
				}
			}
		})
	}
	if _, err := spell.Cast(withSlot(mira(), 1, 1), "identify", 1, nil, spell.Options{Items: pack, Choice: "staff-of-power"}, faces(t), nil); !fault.Is(err, fault.Invalid) {
		t.Errorf("an item not carried: %v, want a refusal", err)
	}
}

// Identify on a creature names the spells on it, and nothing through a
// Nondetection.
func TestIdentifyNamesTheSpellsOnACreature(t *testing.T) {
	on := func(id, s string) spell.Lasting {
		return spell.Lasting{Effect: spell.Effect{ID: id, Spell: s, TargetID: "orc-1"}}
	}
	for _, tt := range []struct {
		name    string
		lasting []spell.Lasting
		want    string
	}{
		{"TwoSpells", []spell.Lasting{on("blessed", "bless"), on("mage-armor", "mage-armor")}, "is under Bless, Mage Armor"},
		{"NoSpell", nil, "is under no spell"},
		{"HiddenByNondetection", []spell.Lasting{on("blessed", "bless"), on(spell.NondetectionID, "nondetection")}, "learns nothing"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r, err := spell.Cast(withSlot(mira(), 1, 1), "identify", 1, []rules.Combatant{orc()}, spell.Options{Lasting: tt.lasting}, faces(t), nil)
			if err != nil {
				t.Fatal(err)
			}
			if len(r.Targets) != 1 || !strings.Contains(r.Targets[0].Told, tt.want) {
				t.Errorf("targets %+v, want %q", r.Targets, tt.want)
			}
		})
	}
}

// Locate Creature and Locate Object sense their quarry's direction: the
// first area on the way to it; Find the Path keeps the way on its caster and
// fails for a place the map does not lead to.
func TestLocatingAndFindingTheWay(t *testing.T) {
	far := &spell.Whereabouts{Sought: "the nearest dwarf", Found: "Brom", Route: []string{"Common Room", "Stables", "Crossroads"}}
	for _, tt := range []struct {
		name, spell string
		slot        int
		where       *spell.Whereabouts
		want        string
	}{
		{"ACreatureTwoMovesAway", "locate-creature", 4, far, "Mira senses Brom (the nearest dwarf) in the direction of Stables"},
		{"ACreatureHere", "locate-creature", 4, &spell.Whereabouts{Sought: "Lia", Route: []string{"Cellar"}}, "Mira senses Lia close by, here in Cellar"},
		{"NoCreatureFound", "locate-creature", 4, &spell.Whereabouts{Sought: "Lia"}, "Mira senses no Lia anywhere the spell reaches"},
		{"AnObjectAndItsBearer", "locate-object", 2, &spell.Whereabouts{Sought: "a longsword", Bearer: "Lia", Route: []string{"Cellar", "Common Room"}},
			"Mira senses a longsword, carried by Lia, in the direction of Common Room"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r, err := spell.Cast(withSlot(mira(), tt.slot, 1), tt.spell, tt.slot, nil, spell.Options{Choice: "x", Whereabouts: tt.where}, faces(t), nil)
			if err != nil {
				t.Fatal(err)
			}
			if notes := strings.Join(r.Notes, " | "); !strings.Contains(notes, tt.want) {
				t.Errorf("notes %q, want %q", notes, tt.want)
			}
		})
	}
	r, err := spell.Cast(withSlot(mira(), 6, 1), "find-the-path", 6, nil, spell.Options{Choice: "crossroads", Whereabouts: far}, faces(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Effects) != 1 || r.Effects[0].ID != spell.PathID || r.Effects[0].TargetID != "mira" || r.Effects[0].Note != "knows the shortest way to Crossroads: Stables → Crossroads" {
		t.Errorf("effects %+v, want the way kept on Mira", r.Effects)
	}
	if _, err := spell.Cast(withSlot(mira(), 6, 1), "find-the-path", 6, nil, spell.Options{Choice: "moon", Whereabouts: &spell.Whereabouts{Sought: "the moon"}}, faces(t), nil); !fault.Is(err, fault.Invalid) {
		t.Errorf("a place off the map: %v, want a refusal", err)
	}
	if _, err := spell.Cast(withSlot(mira(), 4, 1), "locate-creature", 4, nil, spell.Options{}, faces(t), nil); !fault.Is(err, fault.Invalid) {
		t.Errorf("nothing named: %v, want a refusal", err)
	}
}
