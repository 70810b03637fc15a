package game_test

import (
	"context"
	"testing"

	"chronicler/events"
	"chronicler/shared/narrator"
)

// An owner's edit of the campaign (a secret added, homebrew posted) while
// a turn is being narrated does not cost the table that turn: it commits
// with the edit kept, which was already shown to everyone as it streamed.
func TestOwnerEditDuringATurnKeepsTheTurn(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	c, owner := f.table(t, "Edited", "c1")
	var added error
	f.svc.Narrator = &scripted{answers: []func(narrator.Request, func(string) error) (narrator.Narration, error){
		func(req narrator.Request, emit func(string) error) (narrator.Narration, error) {
			_, added = f.svc.AddSecret(ctx, owner, c.ID, events.NewSecret{Subject: "the mill", Text: "The miller drowned his brother."})
			return says("The wind turns the sails.", narrator.Usage{})(req, emit)
		},
	}}
	f.play(t, "c1", c, 1)
	if added != nil {
		t.Fatalf("the secret: %v", added)
	}
	snap := mustSnap(t, f, c.ID)
	if snap.State.TurnCount != 1 || len(snap.Campaign.Secrets) != 1 || snap.Lease != nil {
		t.Fatalf("after the turn: %d turns, %d secrets, lease %+v", snap.State.TurnCount, len(snap.Campaign.Secrets), snap.Lease)
	}
	if !snap.Campaign.LastPlayedAt.Equal(f.clock.Now()) {
		t.Errorf("last played %v, want the turn's %v", snap.Campaign.LastPlayedAt, f.clock.Now())
	}
}
