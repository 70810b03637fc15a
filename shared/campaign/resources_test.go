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
		{"ASheetWithoutResourcesHasUsedNothing", ResourcesOf(Character{Class: "bard", Level: 1, Abilities: Abilities{Cha: 8}}), map[string]Pool{ResourceBardicInspiration: {Max: 1}}},
		{"LowRoguesHaveNone", ResourcesOf(Character{Class: "rogue", Level: 5}), map[string]Pool{}},
		{"AWizardRecoversOnceADay", ResourcesOf(Character{Class: "wizard", Level: 1}), map[string]Pool{"arcane-recovery": {Max: 1}}},
		{"AMonkHasKiFromSecondLevel", ResourcesOf(Character{Class: "monk", Level: 5}), map[string]Pool{"ki": {Max: 5}}},
		{"AHalfOrcEndures", ResourcesOf(Character{Class: "rogue", Race: "half-orc", Level: 1}), map[string]Pool{"relentless-endurance": {Max: 1}}},
		{"APaladinLaysOnFiveHandsALevel", ResourcesOf(Character{Class: "paladin", Level: 2, Abilities: Abilities{Cha: 14}}), map[string]Pool{"lay-on-hands": {Max: 10}, "divine-sense": {Max: 3}}},
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
