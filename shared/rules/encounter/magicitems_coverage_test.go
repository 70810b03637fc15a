package encounter_test

import (
	"testing"

	"chronicler/shared/rules/encounter"
	"chronicler/shared/srd"
)

// playedItem reports whether the rules play magic item m's numbers: a +N
// weapon, armour or ammunition variant, what it adds to AC and saves, spells cast for
// its charges, a potion of healing, the scores it sets, the damage it
// resists or is immune to, the conditions it wards off, the speed it
// gives, what a weapon's hits add, what the fight plays by code of its
// own (encounter.PlaysItem); a family when each of its variants is
// played.
func playedItem(m srd.MagicItem) bool {
	_, potion := srd.LookupPotion(m.ID)
	switch {
	case potion, encounter.PlaysItem(m.ID):
		return true
	case (m.Enchants == "weapon" || m.Enchants == "armor" || m.Enchants == "ammunition") && m.Bonus > 0:
		return true
	case m.Enchants == "" && (m.AC > 0 || m.Saves > 0):
		return true
	case m.Charges > 0 && len(m.Spells) > 0:
		return true
	case len(m.Scores)+len(m.Resists)+len(m.Immune)+len(m.ConditionImmune) > 0:
		return true
	case m.Speed > 0 || m.SpeedTimes > 1:
		return true
	case m.Enchants == "weapon" && len(m.Damage) > 0:
		return true
	case len(m.Variants) > 0:
		for _, id := range m.Variants {
			if v, ok := srd.LookupMagicItem(id); !ok || !playedItem(v) {
				return false
			}
		}
		return true
	}
	return false
}

// The coverage of the magic items: each of the reference's 362 is
// played or told with its reason (magic_items_told.json), never both and
// never neither; a charged item's spells must be spells the rules know.
func TestMagicItemCoverage(t *testing.T) {
	items := srd.MagicItems()
	played, told, spells := 0, 0, 0
	for _, m := range items {
		reason, isTold := srd.MagicItemTold(m.ID)
		switch p := playedItem(m); {
		case p && isTold:
			t.Errorf("%s is played and told (%q): drop its told row", m.ID, reason)
		case p:
			played++
		case isTold:
			told++
		default:
			t.Errorf("%s is neither played nor told", m.ID)
		}
		for _, s := range m.Spells {
			if _, ok := srd.LookupSpell(s.ID); !ok {
				t.Errorf("%s casts %s, no spell of the rules", m.ID, s.ID)
			}
			spells++
		}
	}
	for _, id := range srd.MagicItemsTold() {
		if _, ok := srd.LookupMagicItem(id); !ok {
			t.Errorf("told row %s: no such magic item", id)
		}
	}
	t.Logf("magic items: %d of %d played, %d told (%d spells cast from charges)", played, len(items), told, spells)
}
