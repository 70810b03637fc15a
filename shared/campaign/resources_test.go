package campaign

import (
	"maps"
	"testing"
)

func TestResources(t *testing.T) {
	bard := Character{Class: "bard", Level: 3, Abilities: Abilities{Cha: 16}, Resources: map[string]Pool{ResourceBardicInspiration: {Used: 2}}}
	fighter := Character{Class: "fighter", Level: 1, Resources: map[string]Pool{ResourceSecondWind: {Max: 9, Used: 7}}}
	tests := []struct {
		name string
		got  map[string]Pool
		want map[string]Pool
	}{
		{"BardHasCharismaDice", ResourcesOf(bard), map[string]Pool{ResourceBardicInspiration: {Max: 3, Used: 2}}},
		{"UsedIsClampedToTheClassMaximum", ResourcesOf(fighter), map[string]Pool{ResourceSecondWind: {Max: 1, Used: 1}}},
		{"ASheetWithoutResourcesHasUsedNothing", ResourcesOf(Character{Class: "bard", Abilities: Abilities{Cha: 8}}), map[string]Pool{ResourceBardicInspiration: {Max: 1}}},
		{"WizardsHaveNone", ResourcesOf(Character{Class: "wizard"}), map[string]Pool{}},
		{"ShortRestKeepsALowBardsDiceSpent", Rested(bard, false), map[string]Pool{ResourceBardicInspiration: {Max: 3, Used: 2}}},
		{"ShortRestGivesBackSecondWind", Rested(fighter, false), map[string]Pool{ResourceSecondWind: {Max: 1}}},
		{"LongRestGivesBackEverything", Rested(bard, true), map[string]Pool{ResourceBardicInspiration: {Max: 3}}},
	}
	for _, tt := range tests {
		if !maps.Equal(tt.got, tt.want) {
			t.Errorf("%s: %v, want %v", tt.name, tt.got, tt.want)
		}
	}
	bard.Level = 5 // Font of Inspiration
	if got := Rested(bard, false)[ResourceBardicInspiration]; got.Used != 0 {
		t.Errorf("a 5th-level bard's short rest: %+v", got)
	}
}
