package campaign_test

import (
	"encoding/json"
	"maps"
	"slices"
	"strings"
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

// A sheet on the wire says beside each magic item what it does for the
// character now: Gauntlets of Ogre Power take a Str 16 fighter to 19 once
// attuned, and say nothing before; a sheet read back or stored carries
// none of it, which follows from the rest.
func TestSheetSaysWhatItsItemsDo(t *testing.T) {
	ab := campaign.StandardArray
	ch, err := campaign.NewCharacter{Name: "Bram", Race: "human", Class: "fighter", Level: 1, Abilities: &ab}.Build("b", "p")
	if err != nil {
		t.Fatal(err)
	}
	if ch.Abilities.Str != 16 {
		t.Fatalf("a human fighter of the standard array has Str %d, want 16", ch.Abilities.Str)
	}
	does := func(ch campaign.Character) map[string]string {
		t.Helper()
		b, err := json.Marshal(ch)
		if err != nil {
			t.Fatal(err)
		}
		var wire struct {
			Inventory []map[string]any `json:"inventory"`
		}
		if err := json.Unmarshal(b, &wire); err != nil {
			t.Fatal(err)
		}
		out := map[string]string{}
		for _, it := range wire.Inventory {
			if d, ok := it["does"]; ok {
				out[it["item"].(string)] = d.(string)
			}
		}
		return out
	}
	ch.Inventory = campaign.GiveMagic(ch.Inventory, campaign.Item{Item: "gauntlets-of-ogre-power"}, 1)
	if got := does(ch); len(got) != 0 {
		t.Errorf("unattuned gauntlets on the wire: %v, want no does", got)
	}
	attuned, _, err := campaign.Attune(ch, "gauntlets-of-ogre-power", true)
	if err != nil {
		t.Fatal(err)
	}
	if got := does(attuned); !maps.Equal(got, map[string]string{"gauntlets-of-ogre-power": "+3 Str → 19"}) {
		t.Errorf("attuned gauntlets on the wire: %v, want +3 Str → 19", got)
	}
	if attuned.Inventory[len(attuned.Inventory)-1].Does != "" {
		t.Error("marshalling the sheet wrote does on its own inventory")
	}

	b, _ := json.Marshal(attuned)
	var back campaign.Character
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if i := slices.IndexFunc(back.Inventory, func(it campaign.Item) bool { return it.Does != "" }); i >= 0 {
		t.Errorf("a sheet read back keeps %q on %s", back.Inventory[i].Does, back.Inventory[i].Item)
	}
	if stored, _ := json.Marshal(campaign.Stored(attuned)); strings.Contains(string(stored), `"does"`) {
		t.Errorf("a stored sheet carries does: %s", stored)
	}
}
