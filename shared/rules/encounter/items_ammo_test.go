package encounter_test

import (
	"strings"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/rules/encounter"
)

// archer is Mira with a longbow (+3 to hit with Dex 12, 1d8+1), 10
// arrows and 2 +1 arrows.
func archer() campaign.Character {
	m := mira()
	m.Inventory = []campaign.Item{{Item: "longbow", Qty: 1, Equipped: true}, {Item: "arrow", Qty: 10},
		{Item: "arrow", Magic: "ammunition-1", Qty: 2}}
	return m
}

func shootAt(target, item string) encounter.Action {
	return encounter.Action{Kind: encounter.ActionAttack, TargetID: target, Weapon: "longbow", Item: item, EndTurn: true}
}

// againstOgre starts Mira's fight with an ogre (AC 11, 59 HP), Mira
// first, and lets her shoot again each time it is asked.
func againstOgre(t *testing.T, m campaign.Character) encounter.Encounter {
	return casterFirst(t, []campaign.Character{m}, []encounter.MonsterSpec{{SRDID: "ogre", Count: 1}})
}

func again(e encounter.Encounter) encounter.Encounter {
	e.Current = "mira"
	return edit(e, "mira", func(p *encounter.Participant) { p.Turn = encounter.Turn{} })
}

// A +1 arrow, shot first of Mira's arrows, adds 1 to the attack roll and
// 1 to the damage; the piece is spent and, having hit, is no longer
// magical. The plain arrows, named, add nothing.
func TestMagicArrowAddsOneToHitAndDamage(t *testing.T) {
	e := againstOgre(t, archer())
	// 10 + 4 hits AC 11; 1d8 5 + 1 + 1.
	e, res := actFaces(t, e, "mira", shootAt("ogre-1", ""), 10, 5)
	if len(res.Attacks) != 1 || res.Attacks[0].Bonus != 4 || participant(t, e, "ogre-1").HP != 59-7 {
		t.Fatalf("the +1 arrow: %+v, ogre at %d HP: %s", res.Attacks, participant(t, e, "ogre-1").HP, res.Summary())
	}
	if s := res.Summary(); !strings.Contains(s, "Mira shoots a +1 arrow.") || !strings.Contains(s, "The +1 arrow that hit is no longer magical.") {
		t.Errorf("the shot told: %s", s)
	}
	m := participant(t, e, "mira")
	if m.Ammo["arrow"] != 11 || len(m.Quiver) != 1 || m.Quiver[0].Left != 1 || m.Quiver[0].Hit != 1 || m.Nocked != "" {
		t.Errorf("after one +1 arrow: %d arrows, quiver %+v, nocked %q", m.Ammo["arrow"], m.Quiver, m.Nocked)
	}
	// The plain arrows named: 10 + 3; 1d8 5 + 1.
	e, res = actFaces(t, again(e), "mira", shootAt("ogre-1", "arrows"), 10, 5)
	if res.Attacks[0].Bonus != 3 || participant(t, e, "ogre-1").HP != 52-6 || strings.Contains(res.Summary(), "+1 arrow") {
		t.Errorf("a plain arrow: bonus %d, ogre at %d HP: %s", res.Attacks[0].Bonus, participant(t, e, "ogre-1").HP, res.Summary())
	}
	if q := participant(t, e, "mira").Quiver[0]; q.Left != 1 || q.Shot != 1 {
		t.Errorf("a plain arrow shot a magic one: %+v", q)
	}
}

// The pieces found after a battle: half of those shot, rounded down. A
// +1 arrow that hit comes back a plain arrow, if at all; of the +1
// arrows that missed, half come back still magic.
func TestMagicArrowsFoundAfterTheFight(t *testing.T) {
	for _, tt := range []struct {
		name              string
		rolls             []int // each shot's d20 (and d8 on a hit)
		plain, magic      int   // on the sheet after
		spent, hit, found int   // the +1 arrows' diff
	}{
		// Two hits: two spent, one found, plain.
		{"HitsComeBackPlain", []int{10, 5, 10, 5}, 10 + 1, 0, 2, 2, 0},
		// Two misses: two spent, one found, still +1.
		{"MissesComeBackMagic", []int{2, 2}, 10, 1, 2, 0, 1},
	} {
		t.Run(tt.name, func(t *testing.T) {
			e := againstOgre(t, archer())
			for i := 0; i < len(tt.rolls); {
				n := 1
				if tt.rolls[i] >= 10 {
					n = 2
				}
				e, _ = actFaces(t, again(e), "mira", shootAt("ogre-1", ""), tt.rolls[i:i+n]...)
				i += n
			}
			_, ds, err := encounter.End(e, "victory", encounter.EndOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if got := ds[0].MagicAmmunition; len(got) != 1 || got[0].Spent != tt.spent || got[0].Hit != tt.hit || got[0].Recovered != tt.found {
				t.Errorf("the +1 arrows' diff %+v, want %d spent, %d hit, %d found", got, tt.spent, tt.hit, tt.found)
			}
			ups := ds.CharacterUpdates([]campaign.Character{archer()})
			inv := ups[0].Inventory
			plain := campaign.Pieces(inv, "arrow") - magicArrows(inv)
			if plain != tt.plain || magicArrows(inv) != tt.magic {
				t.Errorf("the sheet holds %d plain and %d +1 arrows, want %d and %d: %+v", plain, magicArrows(inv), tt.plain, tt.magic, inv)
			}
		})
	}
}

func magicArrows(inv []campaign.Item) int {
	n := 0
	for _, it := range inv {
		if it.Magic == "ammunition-1" {
			n += it.Qty
		}
	}
	return n
}

// A +1 arrow's shot is magical: a wight's resistance to nonmagical
// piercing does not halve it; a plain arrow's is halved.
func TestMagicArrowGetsThroughNonmagicalResistance(t *testing.T) {
	e := casterFirst(t, []campaign.Character{archer()}, []encounter.MonsterSpec{{SRDID: "wight", Count: 1}})
	// 15 + 4 hits AC 14; 1d8 5 + 1 + 1, whole.
	e, res := actFaces(t, e, "mira", shootAt("wight-1", "Arrow, +1"), 15, 5)
	if hp := participant(t, e, "wight-1").HP; hp != 45-7 {
		t.Fatalf("the +1 arrow left the wight at %d HP: %s", hp, res.Summary())
	}
	// 15 + 3; 1d8 5 + 1, halved to 3.
	e, res = actFaces(t, again(e), "mira", shootAt("wight-1", "arrow"), 15, 5)
	if hp := participant(t, e, "wight-1").HP; hp != 38-3 {
		t.Errorf("the plain arrow left the wight at %d HP: %s", hp, res.Summary())
	}
}

// A shot that names ammunition names what the weapon shoots and the
// shooter carries.
func TestNamedAmmunitionMustBeCarried(t *testing.T) {
	sword := mira()
	sword.Inventory = append(sword.Inventory, campaign.Item{Item: "arrow", Magic: "ammunition-1", Qty: 1})
	plainless := archer()
	plainless.Inventory[1].Qty = 0
	for _, tt := range []struct {
		name   string
		who    campaign.Character
		act    encounter.Action
		reason fault.Reason
	}{
		{"APlusThreeArrowNotCarried", archer(), shootAt("ogre-1", "ammunition-3"), fault.NotAllowed},
		{"NoPlainArrowLeft", plainless, shootAt("ogre-1", "arrow"), fault.NotAllowed},
		{"ALongswordShootsNoArrow", sword, encounter.Action{Kind: encounter.ActionAttack, TargetID: "ogre-1", Weapon: "longsword", Item: "ammunition-1"}, fault.InvalidArgs},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := encounter.Act(againstOgre(t, tt.who), "mira", tt.act, faces(t))
			if fault.ReasonOf(err) != tt.reason {
				t.Errorf("the shot = %v, want %s", err, tt.reason)
			}
		})
	}
}

// The sheet says what a magic arrow does, beside its name.
func TestSheetSaysMagicArrowsBonus(t *testing.T) {
	inv := campaign.ItemsDoing(campaign.Named(archer().Inventory), archer().Abilities)
	if inv[2].Name != "Arrow, +1" || inv[2].Does != "+1 to attack and damage rolls, lost once it hits" {
		t.Errorf("the +1 arrows on the sheet: %+v", inv[2])
	}
}
