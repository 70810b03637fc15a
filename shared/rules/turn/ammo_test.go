package turn_test

import (
	"strings"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/dice/dicetest"
	"chronicler/shared/fault"
	"chronicler/shared/intent"
	"chronicler/shared/rules/encounter"
	"chronicler/shared/rules/turn"
)

// A fighter's light crossbow and 20 bolts, through the rules' front
// door: the shot that ends the fight carries the sheet with the bolts
// left, half of those shot found again after the battle; a cleric with a
// shield on his arm cannot shoot his two-handed crossbow at all.
func TestBoltsThroughTheFrontDoor(t *testing.T) {
	shoot := act(intent.Intent{Kind: "attack", TargetID: "goblin-1", Weapon: "crossbow-light"})
	t.Run("TheLastShotWritesTheBoltsLeft", func(t *testing.T) {
		v, mira, _ := table(t)
		// Two bolts shot already; the third fells the goblin: three
		// spent, one found again.
		v = staged(t, v, func(e *encounter.Encounter) {
			setP(e, "goblin-1", func(p *encounter.Participant) { p.Combatant.HP, p.HP = 1, 1 })
			setP(e, "mira", func(p *encounter.Participant) { p.Ammo = map[string]int{"crossbow-bolt": 18} })
		})
		d, err := turn.Decide(v, mira, shoot, dicetest.Faces(t, 19, 1))
		if err != nil {
			t.Fatal(err)
		}
		if e := ended(t, d); e.Outcome != "victory" {
			t.Fatalf("outcome %q: %s", e.Outcome, d.Summary)
		}
		if got := campaign.Pieces(sheet(t, d, "mira").Inventory, "crossbow-bolt"); got != 18 {
			t.Errorf("Mira's sheet holds %d bolts, want 20 - 3 + 1", got)
		}
	})
	t.Run("AShieldKeepsTheCrossbowDown", func(t *testing.T) {
		v, _, bram := table(t)
		v = staged(t, v, func(e *encounter.Encounter) { e.Current = "bram" })
		_, err := turn.Decide(v, bram, shoot, dicetest.Faces(t))
		if fault.ReasonOf(err) != fault.NotAllowed || !strings.Contains(err.Error(), "has a shield on one arm") {
			t.Fatalf("Bram's shot = %v, want refused for his shield", err)
		}
	})
}
