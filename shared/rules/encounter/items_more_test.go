package encounter_test

import (
	"slices"
	"strings"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/rules"
	"chronicler/shared/rules/encounter"
)

func slash(target string) encounter.Action {
	return encounter.Action{Kind: encounter.ActionAttack, TargetID: target, Weapon: "longsword", EndTurn: true}
}

// A Sword of Wounding's hit wounds: 1d4 necrotic at the start of each of
// the target's turns, then a DC 15 Constitution save that ends it; a
// second wound makes it 2d4.
func TestSwordOfWoundingBleedsUntilShakenOff(t *testing.T) {
	m := miraWith(campaign.Item{Item: "longsword", Magic: "sword-of-wounding"})
	e := casterFirst(t, []campaign.Character{m}, []encounter.MonsterSpec{{SRDID: "ogre", Count: 1}})
	// 9 + 5 hits AC 11; 1d10 6 + 3 slashing. The ogre's turn: the wound's
	// 1d4 3 necrotic, then its save 5 + 3 fails.
	e, res := actFaces(t, e, "mira", slash("ogre-1"), 9, 6, 3, 5)
	if o := participant(t, e, "ogre-1"); o.HP != 59-9-3 {
		t.Fatalf("the ogre has %d HP after the hit and a bleed: %s", o.HP, res.Summary())
	}
	if !strings.Contains(res.Summary(), "leaves Ogre 1 with a wound") || !strings.Contains(res.Summary(), "still bleeds") {
		t.Errorf("the wound told: %s", res.Summary())
	}
	// The ogre does nothing; Mira wounds again (9, 6 + 3): 2d4 (1, 2) at
	// its turn, then a save of 15 + 3 ends both wounds.
	e, _ = actFaces(t, e, "ogre-1", endTurn())
	e, res = actFaces(t, e, "mira", slash("ogre-1"), 9, 6, 1, 2, 15)
	if o := participant(t, e, "ogre-1"); o.HP != 47-9-3 || !strings.Contains(res.Summary(), "2d4 at each of its turns") {
		t.Fatalf("after a second wound: %d HP: %s", o.HP, res.Summary())
	}
	if !strings.Contains(res.Summary(), "Ogre 1 shakes off the wound") || len(e.Tends("ogre-1")) != 0 {
		t.Fatalf("a save of 18 against DC 15 ends the wounds: %v: %s", e.Tends("ogre-1"), res.Summary())
	}
}

// A wound is once a turn: a fighter's two hits in one Attack action
// leave one wound, 1d4; a DC 15 Wisdom (Medicine) check, with an action,
// stanches it.
func TestSwordOfWoundingWoundsOnceATurn(t *testing.T) {
	m := miraWith(campaign.Item{Item: "longsword", Magic: "sword-of-wounding"})
	m.Level = 5
	e := casterFirst(t, []campaign.Character{m}, []encounter.MonsterSpec{{SRDID: "ogre", Count: 1}})
	hit := slash("ogre-1")
	hit.EndTurn = false
	e, res := actFaces(t, e, "mira", hit, 9, 6, 9, 6)
	if strings.Count(res.Summary(), "with a wound") != 1 || strings.Contains(res.Summary(), "deepens") {
		t.Fatalf("two hits, one wound: %s", res.Summary())
	}
	if got := e.Tends("ogre-1"); len(got) != 1 || got[0] != encounter.TendStanch {
		t.Fatalf("what ends the ogre's wound: %v", got)
	}
	// Mira's Wisdom (Medicine): 14 + 1 meets DC 15.
	e = edit(e, "mira", func(p *encounter.Participant) { p.Turn.ActionUsed = false })
	e, res = actFaces(t, e, "mira", tendOn("ogre-1"), 14)
	if len(e.Tends("ogre-1")) != 0 || !strings.Contains(res.Summary(), "The wound is stanched.") {
		t.Fatalf("a Medicine check of 15: %v: %s", e.Tends("ogre-1"), res.Summary())
	}
}

// A Ring of Free Action keeps magic's paralysis off its wearer: Mira
// fails her save against Wren's Hold Person and is not paralysed; a
// ghoul's claws, no magic, paralyse her all the same.
func TestRingOfFreeActionRefusesMagicsParalysis(t *testing.T) {
	m := miraWith(campaign.Item{Item: "ring-of-free-action"})
	e := casterFirst(t, []campaign.Character{wren(), m}, []encounter.MonsterSpec{{SRDID: "ghoul", Count: 1}})
	// Mira's Wisdom save: 2 + 1 fails DC 13.
	e, res := actFaces(t, e, "wren", encounter.Action{Kind: encounter.ActionCast, Spell: "hold-person", TargetID: "mira", EndTurn: true}, 2)
	if p := participant(t, e, "mira"); slices.Contains(p.Conditions, "paralyzed") || !strings.Contains(res.Summary(), "immune to being paralyzed") {
		t.Fatalf("Mira %v after Hold Person: %s", p.Conditions, res.Summary())
	}
	// 15 + 4 hits AC 16; 2d4 + 2; Mira's Constitution save 3 + 2 fails DC 10.
	e.Current = "ghoul-1"
	e, res = actFaces(t, e, "ghoul-1", strikeMira("claws"), 15, 2, 2, 3)
	if p := participant(t, e, "mira"); !slices.Contains(p.Conditions, "paralyzed") {
		t.Fatalf("Mira %v after the ghoul's claws: %s", p.Conditions, res.Summary())
	}
}

// An Armor of Resistance resists the damage type the owner picked as it
// was handed out: chain mail of fire resistance gives its wearer fire
// resistance and no other; one never picked resists nothing, and its
// sheet says the type is the GM's to choose.
func TestArmorOfResistanceResistsItsPick(t *testing.T) {
	armor := func(pick string) campaign.Character {
		m := miraWith(campaign.Item{Item: "chain-mail", Magic: "armor-of-resistance", Pick: pick, Equipped: true})
		m.Inventory[len(m.Inventory)-1].Equipped = true
		return m
	}
	fire := participant(t, casterFirst(t, []campaign.Character{armor("fire")}, goblins(1)), "mira").Combatant
	if !fire.Resistances.Has(rules.Fire) || fire.Resistances.Has(rules.Cold) {
		t.Errorf("chain mail of fire resistance: %v", fire.Resistances)
	}
	bare := armor("")
	if c := participant(t, casterFirst(t, []campaign.Character{bare}, goblins(1)), "mira").Combatant; c.Resistances != 0 {
		t.Errorf("an armour never picked resists %v", c.Resistances)
	}
	if does := campaign.ItemEffect(bare.Inventory[len(bare.Inventory)-1], bare.Abilities); !strings.Contains(does, "no damage type chosen") {
		t.Errorf("an unpicked armour's sheet says %q", does)
	}
}
