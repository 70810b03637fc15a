package intent_test

import (
	"strings"
	"testing"

	"chronicler/shared/intent"
)

// BenchmarkParse parses one phrasing of each kind per iteration against the
// fight in the common room, plus free text it declines.
func BenchmarkParse(b *testing.B) {
	cases := []struct{ name, text string }{
		{"Attack", "I attack goblin 2 with my longsword"},
		{"CastGroup", "cast fireball at the goblins and the bugbear"},
		{"CastLevel", "cast magic missile at level 3 on goblin 1"},
		{"Move", "I'm going to the cellar"},
		{"Check", "make a wisdom (perception) check"},
		{"UseItem", "drink my potion of healing"},
		{"Say", `I say "Two rooms for the night, and a hot meal."`},
		{"Declined", "I look around the room for anything unusual, then ask the innkeeper about the strangers"},
		{"DeclinedLong", strings.Repeat("and then I attack the goblin ", 65)},
		// sentence breaks the readers of last resort cut at, each part read
		// again: once each, or this takes time doubling with every break
		{"DeclinedBreaks", "attack goblin" + strings.Repeat(". x", 40)},
		// the longest text a turn takes, all breaks
		{"DeclinedBreaksLongest", "attack goblin" + strings.Repeat(". x", 660)},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				intent.Parse(c.text, table)
			}
		})
	}
}
