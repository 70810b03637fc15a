package encounter_test

import (
	"errors"
	"strings"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/rules/encounter"
)

func built(t *testing.T, class, race string, level int) campaign.Character {
	t.Helper()
	ch, err := campaign.NewCharacter{Name: "Aria", Race: race, Class: class, Level: level}.Build("aria", "p1")
	if err != nil {
		t.Fatal(err)
	}
	return ch
}

// What a sheet may order is what it could be offered at its best: a
// spent wizard still orders Shield, a 1st-level one no Counterspell.
func TestReactionsOfASheet(t *testing.T) {
	spent := built(t, "wizard", "elf", 5)
	for l, s := range spent.SpellSlots {
		s.Used = s.Max
		spent.SpellSlots[l] = s
	}
	for _, c := range []struct {
		name string
		ch   campaign.Character
		has  []string
		not  []string
	}{
		{"WizardFifthCountersAndShields", built(t, "wizard", "elf", 5), []string{"shield", "counterspell", "opportunity-attack"}, []string{"uncanny-dodge"}},
		{"WizardWithEverySlotSpentStillHasShield", spent, []string{"shield", "counterspell"}, nil},
		{"WizardFirstHasNoCounterspell", built(t, "wizard", "elf", 1), []string{"shield"}, []string{"counterspell"}},
		{"HalflingBardIsLuckyAndCuts", built(t, "bard", "halfling", 3), []string{"lucky", "cutting-words"}, []string{"shield"}},
		{"RogueFifthDodges", built(t, "rogue", "human", 5), []string{"uncanny-dodge"}, []string{"shield", "lucky"}},
		{"TieflingWarlockRebukes", built(t, "warlock", "tiefling", 3), []string{"hellish-rebuke"}, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := encounter.ReactionsOf(c.ch)
			for _, r := range c.has {
				if !contains(got, r) {
					t.Errorf("ReactionsOf = %v, want %s among them", got, r)
				}
			}
			for _, r := range c.not {
				if contains(got, r) {
					t.Errorf("ReactionsOf = %v, want no %s", got, r)
				}
			}
		})
	}
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

func TestCheckOrders(t *testing.T) {
	wizard := built(t, "wizard", "elf", 3)
	for _, c := range []struct {
		name   string
		orders []campaign.Order
		field  string // "" when accepted
	}{
		{"ShieldWithAFloorIsAccepted", []campaign.Order{{Reaction: "shield", When: campaign.OrderChanges, MinLeft: 2, KeepLast: true}}, ""},
		{"OpportunityAttackAlwaysIsAccepted", []campaign.Order{{Reaction: "opportunity-attack", When: campaign.OrderAlways}}, ""},
		{"AReactionTheWizardDoesNotHaveIsRefused", []campaign.Order{{Reaction: "shield", When: campaign.OrderAlways}, {Reaction: "uncanny-dodge", When: campaign.OrderAlways}}, "orders[1].reaction"},
		{"AFloorOnAReactionThatSpendsNothingIsRefused", []campaign.Order{{Reaction: "opportunity-attack", When: campaign.OrderAlways, KeepLast: true}}, "orders[0].min_left"},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := encounter.CheckOrders(wizard, c.orders)
			var f *fault.Error
			switch {
			case c.field == "" && err != nil:
				t.Fatalf("CheckOrders: %v", err)
			case c.field == "":
			case err == nil:
				t.Fatalf("CheckOrders accepted %+v", c.orders)
			case !errors.As(err, &f) || f.Field != c.field:
				t.Fatalf("CheckOrders: %v, want a refusal of %s", err, c.field)
			}
		})
	}
	err := encounter.CheckOrders(wizard, []campaign.Order{{Reaction: "uncanny-dodge", When: campaign.OrderAlways}})
	if err == nil || !strings.Contains(err.Error(), "shield (Shield)") {
		t.Errorf("the refusal %v names none of the wizard's reactions", err)
	}
}

// Left counts the slots Shield may be cast with, and nothing for a
// reaction that spends none.
func TestLeftCountsWhatAReactionSpends(t *testing.T) {
	wizard := built(t, "wizard", "elf", 3) // 4 first-level slots, 2 second
	slot := wizard.SpellSlots["1"]
	slot.Used = 3
	wizard.SpellSlots["1"] = slot
	e, _, err := encounter.Start("enc-1", []campaign.Character{wizard}, goblins(1), nil, seeded(1), nil)
	if err != nil {
		t.Fatal(err)
	}
	if left, spends := e.Left("aria", encounter.Shield); !spends || left != 3 {
		t.Errorf("Shield: %d left (spends %v), want 3 (one first-level slot, two second)", left, spends)
	}
	if left, spends := e.Left("aria", encounter.OpportunityAttack); spends || left != 0 {
		t.Errorf("opportunity attack: %d left (spends %v), want nothing spent", left, spends)
	}
}
