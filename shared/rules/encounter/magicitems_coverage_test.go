package encounter_test

import (
	"testing"

	"chronicler/shared/srd"
)

// playedItem reports whether the rules play magic item m's numbers: a +N
// weapon or armour variant, what it adds to AC and saves, spells cast for
// its charges, a potion of healing.
func playedItem(m srd.MagicItem) bool {
	_, potion := srd.LookupPotion(m.ID)
	switch {
	case potion:
		return true
	case (m.Enchants == "weapon" || m.Enchants == "armor") && m.Bonus > 0:
		return true
	case m.Enchants == "" && (m.AC > 0 || m.Saves > 0):
		return true
	case m.Charges > 0 && len(m.Spells) > 0:
		return true
	}
	return false
}

// The coverage of the magic items: how many of the reference's 362 the
// rules play, by what; a charged item's spells must be spells the rules
// know.
func TestMagicItemCoverage(t *testing.T) {
	items := srd.MagicItems()
	played, spells := 0, 0
	for _, m := range items {
		if playedItem(m) {
			played++
		}
		for _, s := range m.Spells {
			if _, ok := srd.LookupSpell(s.ID); !ok {
				t.Errorf("%s casts %s, no spell of the rules", m.ID, s.ID)
			}
			spells++
		}
	}
	if played < 40 {
		t.Errorf("only %d magic items played", played)
	}
	t.Logf("magic items: %d of %d played (%d spells cast from charges)", played, len(items), spells)
}
