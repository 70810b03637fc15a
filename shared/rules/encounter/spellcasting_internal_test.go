package encounter

import (
	"testing"

	"chronicler/shared/srd"
)

// The policy weighs a spell against what the monster's attacks would
// deal: all its Multiattack's attacks (the stat block names them in
// capitals), or its best single one.
func TestAttackScore(t *testing.T) {
	// Scores are twice the average damage.
	for id, want := range map[string]int{
		"cult-fanatic": 18, // two daggers, 1d4+2 each
		"goblin":       11, // a scimitar, 1d6+2
		"brown-bear":   39, // a bite (1d8+4) and claws (2d6+4)
	} {
		m, ok := srd.LookupMonster(id)
		if !ok {
			t.Fatalf("no %s", id)
		}
		if got := attackScore(monsterParticipant(m, id, id)); got != want {
			t.Errorf("%s: attack score %d, want %d", id, got, want)
		}
	}
}
