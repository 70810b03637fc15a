package campaign_test

import (
	"slices"
	"testing"

	"chronicler/shared/campaign"
)

// Worn magic items set the sheet's numbers as their text says: a score
// becomes the item's unless higher, armour's resistance counts only worn,
// and each item says what it does in a few words.
func TestWornItemsOnTheSheet(t *testing.T) {
	gauntlets := campaign.Item{Item: "gauntlets-of-ogre-power", Qty: 1, Attuned: true}
	if ab := campaign.ItemScores(campaign.Abilities{Str: 17}, []campaign.Item{gauntlets}); ab.Str != 19 {
		t.Errorf("Strength 17 with the gauntlets: %d, want 19", ab.Str)
	}
	if ab := campaign.ItemScores(campaign.Abilities{Str: 20}, []campaign.Item{gauntlets}); ab.Str != 20 {
		t.Errorf("Strength 20 with the gauntlets: %d, want 20", ab.Str)
	}
	if got := campaign.ItemEffect(gauntlets, campaign.Abilities{Str: 17}); got != "+2 Str → 19" {
		t.Errorf("the gauntlets' effect: %q", got)
	}
	ring := campaign.Item{Item: "ring-of-resistance-fire", Qty: 1, Attuned: true}
	mail := campaign.Item{Item: "scale-mail", Magic: "dragon-scale-mail-white", Qty: 1, Attuned: true}
	packed := campaign.Item{Item: "chain-mail", Qty: 1, Equipped: true}
	if r, _, _ := campaign.ItemDefences([]campaign.Item{ring, mail, packed}); !slices.Equal(r, []string{"fire"}) {
		t.Errorf("a fire ring and dragon scale mail in the pack: %v", r)
	}
	mail.Equipped = true
	if r, _, _ := campaign.ItemDefences([]campaign.Item{ring, mail}); !slices.Equal(r, []string{"fire", "cold"}) {
		t.Errorf("a fire ring and white dragon scale mail worn: %v", r)
	}
	if got := campaign.ItemEffect(ring, campaign.Abilities{}); got != "fire resistance" {
		t.Errorf("the ring's effect: %q", got)
	}
	boots := campaign.Item{Item: "boots-of-speed", Qty: 1, Attuned: true}
	if s := campaign.ItemSpeed(30, []campaign.Item{boots}); s != 60 {
		t.Errorf("speed 30 in Boots of Speed: %d", s)
	}
	if s := campaign.ItemSpeed(35, []campaign.Item{{Item: "boots-of-striding-and-springing", Qty: 1, Attuned: true}}); s != 35 {
		t.Errorf("speed 35 in Boots of Striding and Springing: %d", s)
	}
}
