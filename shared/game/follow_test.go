package game_test

import (
	"strings"
	"testing"

	"chronicler/events"
	"chronicler/shared/bedrock"
	"chronicler/shared/narrator/standin"
)

// The party moves together, each player clicking the place: the first
// arrival is told as a new scene on the high tier, the one who follows
// into the place the table was just shown is acknowledged on the low
// tier, and a move into a place where nobody of the party is stays a new
// scene. The follower's acknowledgement is told the scene and the turn,
// not the campaign's map.
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
		var prompt string
		for _, r := range srv.Requests()[before:] {
			if r.Stream {
				told = append(told, r.Model)
				prompt = strings.Join(r.System, "\n")
				for _, m := range r.Messages {
					prompt += "\n" + m.Text
				}
			}
		}
		if len(told) != 1 || told[0] != s.model {
			t.Fatalf("%s: narrated by %v, want one call to %s", s.who, told, s.model)
		}
		if s.model != bedrock.DefaultLowModel {
			if !strings.Contains(prompt, "The places of this campaign") {
				t.Errorf("%s: the new scene is not told the campaign's map", s.who)
			}
			continue
		}
		for _, want := range []string{"Location: Cellar.", "Rules result: Tobin goes from Common Room to Cellar."} {
			if !strings.Contains(prompt, want) {
				t.Errorf("%s: the acknowledgement is not told %q:\n%s", s.who, want, prompt)
			}
		}
		if strings.Contains(prompt, "The places of this campaign") {
			t.Errorf("%s: the acknowledgement is told the campaign's map:\n%s", s.who, prompt)
		}
	}
}
