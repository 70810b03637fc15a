package game_test

import (
	"testing"

	"chronicler/events"
	"chronicler/shared/bedrock"
	"chronicler/shared/narrator/standin"
)

// The party moves together, each player clicking the place: the first
// arrival is told as a new scene on the high tier, the one who follows
// into the place the table was just shown is acknowledged on the low
// tier, and a move into a place where nobody of the party is stays a new
// scene.
func TestFollowersAreAcknowledged(t *testing.T) {
	f := newFixture(t)
	srv := viaStandin(t, f, "bedrock", standin.Config{})
	_, _, mira, _, tobin := twoAtTheTable(t, f)

	steps := []struct {
		who, conn, rid, to string
		model              string
	}{
		{"Mira, the first into the cellar", "a1", "mira-down", "cellar", bedrock.DefaultHighModel},
		{"Tobin, following her", "b1", "tobin-down", "cellar", bedrock.DefaultLowModel},
		{"Mira, back up to the empty common room", "a1", "mira-up", "common-room", bedrock.DefaultHighModel},
	}
	for _, s := range steps {
		id := mira.ID
		if s.conn == "b1" {
			id = tobin.ID
		}
		before := len(srv.Requests())
		if err := f.act(t, s.conn, id, s.rid, "", &events.Intent{Kind: "move", ToAreaID: s.to}); err != nil {
			t.Fatalf("%s: %v", s.who, err)
		}
		var told []string
		for _, r := range srv.Requests()[before:] {
			if r.Stream {
				told = append(told, r.Model)
			}
		}
		if len(told) != 1 || told[0] != s.model {
			t.Errorf("%s: narrated by %v, want one call to %s", s.who, told, s.model)
		}
	}
}
