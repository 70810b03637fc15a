package game_test

import (
	"context"
	"encoding/json"
	"sync"
	"testing"
	"time"

	"chronicler/events"
	"chronicler/shared/campaign"
	"chronicler/shared/game"
)

// narrations records the narration flows the game starts, and runs none.
type narrations struct {
	mu    sync.Mutex
	turns []string
	names []string
}

func (n *narrations) Narrate(_ context.Context, campaignID, turnID, name string) error {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.turns, n.names = append(n.turns, turnID), append(n.names, name)
	return nil
}

// eventCounts counts the campaign's events of turnID by type.
func eventCounts(t *testing.T, f *fixture, campaignID, turnID string) map[string]int {
	t.Helper()
	evs, err := f.store.Events(context.Background(), campaignID, 0, 1000)
	if err != nil {
		t.Fatal(err)
	}
	count := map[string]int{}
	for _, e := range evs {
		var head struct {
			Type   string `json:"type"`
			TurnID string `json:"turn_id"`
		}
		if json.Unmarshal(e.Data, &head) == nil && head.TurnID == turnID {
			count[head.Type]++
		}
	}
	return count
}

// handingOff is a fixture whose turns are handed to a narration flow that
// records them and runs none (nl), and its table name: Aria's fighter
// Brannoc at connection c1.
func handingOff(t *testing.T, name string) (*fixture, *narrations, campaign.Campaign, campaign.Character) {
	t.Helper()
	f := newFixture(t)
	nl := &narrations{}
	f.svc.Narrations = nl
	c, ch := f.tableOf(t, game.Player{ID: "p-c1", Name: "Aria"}, name, "c1", campaign.NewCharacter{Name: "Brannoc", Race: "dwarf", Class: "fighter"})
	return f, nl, c, ch
}

// With a narration flow, a player's turn is answered once it is decided
// and announced; its narration runs in the flow's step. A step that dies
// mid-narration leaves the turn held, and the flow's next try narrates
// and commits it under the same turn id; a late try changes nothing.
func TestHandedOffTurnIsNarratedByTheFlowsNextTry(t *testing.T) {
	f, nl, c, ch := handingOff(t, "Hand-off")
	ctx := context.Background()
	if err := f.act(t, "c1", ch.ID, "look-1", "I look around the room", nil); err != nil {
		t.Fatal(err)
	}
	if len(nl.turns) != 1 {
		t.Fatalf("narration flows started: %v, want one", nl.turns)
	}
	id := nl.turns[0]
	if snap := mustSnap(t, f, c.ID); snap.Lease == nil || snap.Lease.TurnID != id || snap.State.TurnCount != 0 {
		t.Fatalf("after the route: lease %+v, %d turns; want the turn held and not yet committed", snap.Lease, snap.State.TurnCount)
	}
	if got := eventCounts(t, f, c.ID, id); got["turn.accepted"] != 1 || got["narration.done"] != 0 {
		t.Fatalf("events after the route: %v, want turn.accepted and no narration", got)
	}

	// A try dies in its narration: nothing after it is written.
	h := &hanging{}
	store := &frozen{Store: f.svc.Store}
	f.svc.Store, f.svc.Narrator = store, h
	h.die = func() { store.kill(true) }
	if _, err := f.svc.NarrateTurn(ctx, c.ID, id); err == nil {
		t.Fatal("the dying try reported no failure: the flow would not try again")
	}
	store.kill(false)
	if snap := mustSnap(t, f, c.ID); snap.Lease == nil || snap.Lease.TurnID != id {
		t.Fatalf("after the dead try: lease %+v, want the turn still held", snap.Lease)
	}

	// The next try narrates and commits it.
	if more, err := f.svc.NarrateTurn(ctx, c.ID, id); err != nil || more {
		t.Fatalf("the next try: more=%v err=%v, want the turn committed and no fight to go on", more, err)
	}
	snap := mustSnap(t, f, c.ID)
	turns, err := f.store.Turns(ctx, c.ID, 0, 10)
	if err != nil || len(turns) != 1 || turns[0].ID != id || turns[0].Narration == "" || snap.Lease != nil {
		t.Fatalf("turns %+v, lease %+v: want one narrated turn under id %s and the table free", turns, snap.Lease, id)
	}
	// A late try (its answer was lost) finds the turn committed.
	if more, err := f.svc.NarrateTurn(ctx, c.ID, id); err != nil || more {
		t.Fatalf("a late try: more=%v err=%v", more, err)
	}
	if got := eventCounts(t, f, c.ID, id); got["turn.accepted"] != 1 || got["turn.committed"] != 1 || got["narration.done"] != 1 {
		t.Errorf("events of the turn: %v, want it announced and committed once", got)
	}
	if n := mustSnap(t, f, c.ID).State.TurnCount; n != 1 {
		t.Errorf("turn count %d after the late try, want 1", n)
	}
}

// A turn decided on words, then handed off, is decided again in the flow
// the same: the rolls the table saw at once are the committed turn's.
func TestHandedOffTurnKeepsItsRolls(t *testing.T) {
	f, nl, c, ch := handingOff(t, "Rolls")
	ctx := context.Background()
	if err := f.act(t, "c1", ch.ID, "check-1", "", &events.Intent{Kind: "check", Ability: "wis", Skill: "perception"}); err != nil {
		t.Fatal(err)
	}
	id := nl.turns[0]
	evs, err := f.store.Events(ctx, c.ID, 0, 1000)
	if err != nil {
		t.Fatal(err)
	}
	var shown []campaign.Roll
	for _, e := range evs {
		var r events.RollResult
		var head struct{ Type string }
		if json.Unmarshal(e.Data, &head) == nil && head.Type == events.TypeRollResult && json.Unmarshal(e.Data, &r) == nil && r.TurnID == id {
			shown = append(shown, r.Roll)
		}
	}
	if len(shown) == 0 {
		t.Fatal("no roll shown when the turn was announced")
	}
	if _, err := f.svc.NarrateTurn(ctx, c.ID, id); err != nil {
		t.Fatal(err)
	}
	turns, err := f.store.Turns(ctx, c.ID, 0, 10)
	if err != nil || len(turns) != 1 {
		t.Fatalf("turns %+v, %v", turns, err)
	}
	if got := turns[0].Rolls; len(got) != len(shown) || got[0].Total != shown[0].Total || got[0].RollID != shown[0].RollID {
		t.Errorf("committed rolls %+v, want the ones shown %+v", got, shown)
	}
}

// A decided turn whose narration died with every try of its flow is not
// left announced forever: once its lease runs out, the sweep narrates and
// commits it under its own id, with the rolls the table saw.
func TestSweepNarratesADecidedTurnWhoseFlowDied(t *testing.T) {
	f, nl, c, ch := handingOff(t, "Lost")
	ctx := context.Background()
	if err := f.act(t, "c1", ch.ID, "check-1", "", &events.Intent{Kind: "check", Ability: "wis", Skill: "perception"}); err != nil {
		t.Fatal(err)
	}
	id := nl.turns[0]
	// Within the lease the sweep leaves it to its flow.
	if _, err := f.svc.Sweep(ctx); err != nil {
		t.Fatal(err)
	}
	if n := mustSnap(t, f, c.ID).State.TurnCount; n != 0 || len(nl.turns) != 1 {
		t.Fatalf("the sweep within the lease: %d turns committed, flows %v; want it left to its flow", n, nl.turns)
	}
	// Its flow never narrates it; the lease runs out.
	f.clock.Add(f.svc.LeaseTTL + time.Second)
	f.svc.Narrations = nil // narrated in place by the sweep, as on a server without flows
	if _, err := f.svc.Sweep(ctx); err != nil {
		t.Fatal(err)
	}
	turns, err := f.store.Turns(ctx, c.ID, 0, 10)
	if err != nil || len(turns) != 1 || turns[0].ID != id || turns[0].Narration == "" {
		t.Fatalf("turns %+v, %v: want the lost turn narrated under its id %s", turns, err, id)
	}
	if got := eventCounts(t, f, c.ID, id); got["turn.accepted"] != 1 || got["turn.committed"] != 1 || got["turn.dropped"] != 0 {
		t.Errorf("events of the turn: %v", got)
	}
}

// A roll by hand the player let run out is rolled once: the sweep that
// rolls it hands the turn to its narration, and a later sweep, while the
// narration runs, leaves the settled turn to it rather than rolling and
// narrating it a second time.
func TestSettledTurnIsNotRolledAgainWhileItIsNarrated(t *testing.T) {
	f := newFixture(t)
	nl := &narrations{}
	f.svc.Narrations = nl
	ctx := context.Background()
	p := game.Player{ID: "p-i", Name: "Aria"}
	c, err := f.svc.CreateCampaign(ctx, p, events.CreateCampaign{Name: "By Hand", Settings: &campaign.Settings{DiceMode: campaign.DiceInteractive}})
	if err != nil {
		t.Fatal(err)
	}
	mira, err := f.svc.CreateCharacter(ctx, p, c.ID, campaign.NewCharacter{Name: "Mira", Race: "elf", Class: "wizard"})
	if err != nil {
		t.Fatal(err)
	}
	if err := f.svc.Connect(ctx, "i1", p, c.ID); err != nil {
		t.Fatal(err)
	}
	if err := f.svc.Resume(ctx, "i1", "r"); err != nil {
		t.Fatal(err)
	}
	if err := f.act(t, "i1", mira.ID, "check", "I make a perception check", nil); err != nil {
		t.Fatal(err)
	}
	held := mustSnap(t, f, c.ID).Lease
	if held == nil || held.Pending == nil || len(nl.turns) != 0 {
		t.Fatalf("lease %+v, flows %v: want the turn held for its roll", held, nl.turns)
	}
	f.clock.Add(held.Pending.Deadline.Sub(f.clock.Now()) + time.Second)
	if _, err := f.svc.Sweep(ctx); err != nil {
		t.Fatal(err)
	}
	if len(nl.turns) != 1 {
		t.Fatalf("flows after the roll ran out: %v, want one", nl.turns)
	}
	f.clock.Add(time.Minute) // past the phase's grace, within the narration's lease
	if _, err := f.svc.Sweep(ctx); err != nil {
		t.Fatal(err)
	}
	if len(nl.turns) != 1 {
		t.Errorf("flows after a second sweep: %v, want the one narration", nl.turns)
	}
	if got := eventCounts(t, f, c.ID, nl.turns[0]); got["roll.result"] != 1 {
		t.Errorf("events of the turn: %v, want its roll shown once", got)
	}
}

// An X-card whose retelling died with its flow is told again by the
// sweep once its lease runs out, as a retelling: the withdrawn turn gets
// its new narration, and no new turn is played under the lease's id.
func TestSweepTellsAgainAnXCardWhoseFlowDied(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	owner := game.Player{ID: "p-c1", Name: "Aria"}
	c, ch := f.tableOf(t, owner, "Withdrawn", "c1", campaign.NewCharacter{Name: "Brannoc", Race: "dwarf", Class: "fighter"})
	if err := f.act(t, "c1", ch.ID, "look-1", "I look around the room", nil); err != nil {
		t.Fatal(err)
	}
	first := f.turns(t, c.ID)[0]
	nl := &narrations{}
	f.svc.Narrations = nl
	if err := f.svc.XCard(ctx, "c1", events.ClientMessage{TurnID: first.ID}); err != nil {
		t.Fatal(err)
	}
	if len(nl.turns) != 1 {
		t.Fatalf("flows started for the retelling: %v, want one", nl.turns)
	}
	lease := mustSnap(t, f, c.ID).Lease
	f.clock.Add(f.svc.LeaseTTL + time.Second)
	f.svc.Narrations = nil
	if _, err := f.svc.Sweep(ctx); err != nil {
		t.Fatal(err)
	}
	snap := mustSnap(t, f, c.ID)
	turns := f.turns(t, c.ID)
	if len(turns) != 1 || turns[0].ID != first.ID || turns[0].Withdrawn != 1 || snap.State.TurnCount != 1 || snap.Lease != nil {
		t.Fatalf("after the sweep: %d turns (withdrawn %d), turn count %d, lease %+v; want the one turn told again and the table free",
			len(turns), turns[0].Withdrawn, snap.State.TurnCount, snap.Lease)
	}
	if got := eventCounts(t, f, c.ID, lease.TurnID); got["turn.dropped"] != 0 || got["narration.delta"] != 0 {
		t.Errorf("events under the retelling lease's id: %v, want none of a turn played", got)
	}
}
