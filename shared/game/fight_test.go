package game_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"chronicler/events"
	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/game"
	"chronicler/shared/narrator"
)

// flows records the fight flows the game starts, and plays none.
type flows struct {
	mu    sync.Mutex
	names []string
}

func (f *flows) Continue(_ context.Context, campaignID, name string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.names = append(f.names, name)
	return nil
}

// hanging is a narrator whose first narration is where its invocation
// dies (die stops every write from then on); the ones after tell the
// offline narrator's story.
type hanging struct {
	narrator.Offline
	mu   sync.Mutex
	hung bool
	die  func() // the invocation is gone from here on
}

func (h *hanging) Narrate(ctx context.Context, req narrator.Request, emit func(string) error) (narrator.Narration, error) {
	h.mu.Lock()
	first := !h.hung
	h.hung = true
	h.mu.Unlock()
	if first {
		h.die()
		return narrator.Narration{}, errors.New("the invocation is gone")
	}
	return h.Offline.Narrate(ctx, req, emit)
}

// frozen is a store whose process died: from the moment kill is set,
// every write fails (the release of a failed turn's lease among them).
type frozen struct {
	game.Store
	mu   sync.Mutex
	dead bool
}

func (f *frozen) kill(dead bool) { f.mu.Lock(); f.dead = dead; f.mu.Unlock() }

func (f *frozen) Commit(ctx context.Context, tx game.Tx) error {
	f.mu.Lock()
	dead := f.dead
	f.mu.Unlock()
	if dead {
		return fault.E(fault.Unavailable, "commit", "the process is gone")
	}
	return f.Store.Commit(ctx, tx)
}

// With a flow, the turns no player takes are not played in the invocation
// that let them come up; each step plays one, and a step whose try died
// half way is taken over by the flow's next try, under the same turn id.
func TestFightStepsTakeOverADeadTry(t *testing.T) {
	f := newFixture(t)
	fl := &flows{}
	f.svc.Fights = fl
	h := &hanging{}
	ctx := context.Background()
	// A fighter: no reaction to a goblin's attack holds its turn.
	owner := game.Player{ID: "p-c1", Name: "Aria"}
	c, _ := f.tableOf(t, owner, "Steps", "c1", campaign.NewCharacter{Name: "Brannoc", Race: "dwarf", Class: "fighter"})
	f.svc.Narrator = h
	if _, err := f.svc.StartEncounter(ctx, owner, c.ID, startReq(t, `{"monsters":[{"srd_id":"goblin","count":2}]}`)); err != nil {
		t.Fatal(err)
	}
	if len(fl.names) != 1 {
		t.Fatalf("flows started: %v, want one for the encounter", fl.names)
	}
	if turns, _ := f.store.Turns(ctx, c.ID, 0, 10); len(turns) != 0 {
		t.Fatalf("%d turns played before any step", len(turns))
	}
	// The player's character acts first? Then they end their turn.
	snap := mustSnap(t, f, c.ID)
	if _, e, _, _ := activeFor(t, snap); e.Current == snap.Characters[0].ID {
		if err := f.act(t, "c1", snap.Characters[0].ID, "end-1", "", &events.Intent{Kind: "end_turn"}); err != nil {
			t.Fatal(err)
		}
	}
	// A try dies in its narration: nothing after it is written.
	store := &frozen{Store: f.svc.Store}
	f.svc.Store = store
	h.die = func() { store.kill(true) }
	if more, err := f.svc.FightTurn(ctx, c.ID, "exec-1"); err != nil || more {
		t.Fatalf("the dying try: more=%v err=%v", more, err)
	}
	store.kill(false)
	snap = mustSnap(t, f, c.ID)
	if snap.Lease == nil || snap.Lease.Flow != "exec-1" {
		t.Fatalf("the dead try's lease: %+v", snap.Lease)
	}
	dead := snap.Lease.TurnID
	// Another flow cannot play while the dead try holds the table...
	if more, err := f.svc.FightTurn(ctx, c.ID, "exec-2"); err != nil || more {
		t.Fatalf("another flow: more=%v err=%v", more, err)
	}
	// ...but the same flow's next try takes the turn over at once.
	if more, err := f.svc.FightTurn(ctx, c.ID, "exec-1"); err != nil || !more {
		t.Fatalf("the next try: more=%v err=%v", more, err)
	}
	turns, err := f.store.Turns(ctx, c.ID, 0, 10)
	if err != nil || len(turns) == 0 || turns[len(turns)-1].ID != dead {
		t.Fatalf("turns %+v, want the last one under the dead try's id %s", turns, dead)
	}
	// The table was told of the turn once: one turn.accepted, one turn.committed.
	count := eventCounts(t, f, c.ID, dead)
	if count["turn.accepted"] != 1 || count["turn.committed"] != 1 {
		t.Errorf("events of the taken-over turn: %v", count)
	}
}

func TestFightTurnKeepsTimeForATurn(t *testing.T) {
	f := newFixture(t)
	f.svc.TurnBudget = time.Minute
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	if _, err := f.svc.FightTurn(ctx, "any", "exec"); !fault.Is(err, fault.Unavailable) {
		t.Errorf("a turn with a second left: err = %v, want Unavailable", err)
	}
	if _, err := f.svc.NarrateTurn(ctx, "any", "turn"); !fault.Is(err, fault.Unavailable) {
		t.Errorf("a narration with a second left: err = %v, want Unavailable", err)
	}
	if _, err := f.svc.NarrateTurn(context.Background(), "any", ""); !fault.Is(err, fault.Invalid) {
		t.Errorf("no turn: err = %v, want Invalid", err)
	}
	if _, err := f.svc.FightTurn(context.Background(), "", "exec"); !fault.Is(err, fault.Invalid) {
		t.Errorf("no campaign: err = %v, want Invalid", err)
	}
}

// A monster's turn a stopped server left half done is dropped at the
// restart, and the log says so: a client that syncs is not left showing
// the monster acting.
func TestRestartDropsAHalfDoneMonsterTurnAloud(t *testing.T) {
	f := newFixture(t)
	f.svc.Fights = &flows{}
	h := &hanging{}
	ctx := context.Background()
	owner := game.Player{ID: "p-c1", Name: "Aria"}
	c, _ := f.tableOf(t, owner, "Restart", "c1", campaign.NewCharacter{Name: "Brannoc", Race: "dwarf", Class: "fighter"})
	f.svc.Narrator = h
	if _, err := f.svc.StartEncounter(ctx, owner, c.ID, startReq(t, `{"monsters":[{"srd_id":"goblin","count":2}]}`)); err != nil {
		t.Fatal(err)
	}
	snap := mustSnap(t, f, c.ID)
	if _, e, _, _ := activeFor(t, snap); e.Current == snap.Characters[0].ID {
		if err := f.act(t, "c1", snap.Characters[0].ID, "end-1", "", &events.Intent{Kind: "end_turn"}); err != nil {
			t.Fatal(err)
		}
	}
	store := &frozen{Store: f.svc.Store}
	f.svc.Store = store
	h.die = func() { store.kill(true) }
	if _, err := f.svc.FightTurn(ctx, c.ID, "exec-1"); err != nil {
		t.Fatal(err)
	}
	store.kill(false)
	lease := mustSnap(t, f, c.ID).Lease
	if lease == nil {
		t.Fatal("the dying try left no lease")
	}
	if err := f.svc.Restarted(ctx); err != nil {
		t.Fatal(err)
	}
	if l := mustSnap(t, f, c.ID).Lease; l != nil {
		t.Fatalf("after the restart the table is held by %+v", l)
	}
	evs, err := f.store.Events(ctx, c.ID, 0, 1000)
	if err != nil {
		t.Fatal(err)
	}
	var accepted, dropped int
	for _, e := range evs {
		var head struct {
			Type   string `json:"type"`
			TurnID string `json:"turn_id"`
		}
		if json.Unmarshal(e.Data, &head) == nil && head.TurnID == lease.TurnID {
			switch head.Type {
			case events.TypeTurnAccepted:
				accepted++
			case events.TypeTurnDropped:
				dropped++
			}
		}
	}
	if accepted != 1 || dropped != 1 {
		t.Errorf("the half-done turn in the log: %d turn.accepted, %d turn.dropped; want one each", accepted, dropped)
	}
}

// A dying character's death save is a turn the rules play: a restart
// drops it half done, as it drops a monster's, and never replays it as a
// turn its player asked for.
func TestRestartDropsAHalfDoneForcedTurn(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	c, _ := f.table(t, "Forced", "c1")
	mira := mustSnap(t, f, c.ID).Characters[0]
	now := f.clock.Now()
	lease := campaign.Lease{TurnID: "forced-1", RequestID: "rules:forced-1", ActorID: mira.ID, PlayerID: "p-c1",
		Action: "(Mira is dying: a death saving throw)", AcquiredAt: now, ExpiresAt: now.Add(time.Minute)}
	if err := f.store.Commit(ctx, game.Tx{CampaignID: c.ID, AcquireLease: &lease, LeaseNow: now}); err != nil {
		t.Fatal(err)
	}
	if err := f.svc.Restarted(ctx); err != nil {
		t.Fatal(err)
	}
	if l := mustSnap(t, f, c.ID).Lease; l != nil {
		t.Errorf("after the restart the forced turn still holds the table: %+v", l)
	}
}

// The owner undoes the player's last turn between a monster's read of the
// table and its lease: the monster's turn, decided on the undone table,
// is never held nor announced; it is decided again on the table as it is,
// where the player is up again. Before, the lease was granted on the
// stale read and the turn announced, then dropped at its commit.
func TestAMonsterTurnWhoseTableMovedOnIsDecidedAgain(t *testing.T) {
	f := newFixture(t)
	f.svc.Fights = &flows{}
	ctx := context.Background()
	owner := game.Player{ID: "p-c1", Name: "Aria"}
	c, brannoc := f.tableOf(t, owner, "Undone", "c1", campaign.NewCharacter{Name: "Brannoc", Race: "dwarf", Class: "fighter"})
	if _, err := f.svc.StartEncounter(ctx, owner, c.ID, startReq(t, `{"monsters":[{"srd_id":"goblin","count":2}]}`)); err != nil {
		t.Fatal(err)
	}
	for range 4 { // the goblins ahead of Brannoc in the order play first
		if _, e, _, _ := activeFor(t, mustSnap(t, f, c.ID)); e.Current == brannoc.ID {
			break
		}
		if _, err := f.svc.FightTurn(ctx, c.ID, "exec-0"); err != nil {
			t.Fatal(err)
		}
	}
	if err := f.act(t, "c1", brannoc.ID, "end-1", "", &events.Intent{Kind: "end_turn"}); err != nil {
		t.Fatal(err)
	}
	ended, err := f.store.Turns(ctx, c.ID, mustSnap(t, f, c.ID).State.TurnCount-1, 1)
	if err != nil || len(ended) != 1 || ended[0].RequestID != "end-1" {
		t.Fatalf("Brannoc's turn: %+v %v", ended, err)
	}
	before := len(f.logged(t, c.ID))
	var stale string
	f.svc.Store = &ahead{Store: f.store,
		match: func(tx game.Tx) bool {
			return tx.AcquireLease != nil && strings.HasPrefix(tx.AcquireLease.RequestID, "monster:")
		},
		then: func() {
			snap := mustSnap(t, f, c.ID)
			_, e, _, _ := activeFor(t, snap)
			stale = e.Current
			if err := f.svc.Undo(ctx, "c1", events.ClientMessage{TurnID: ended[0].ID}); err != nil {
				t.Errorf("the owner's undo: %v", err)
			}
		}}
	if more, err := f.svc.FightTurn(ctx, c.ID, "exec-1"); err != nil || more {
		t.Fatalf("the step after the undo: more=%v err=%v", more, err)
	}
	if stale == "" {
		t.Fatal("no monster's turn asked for the table")
	}
	snap := mustSnap(t, f, c.ID)
	if snap.Lease != nil {
		t.Errorf("the table is held by %+v", snap.Lease)
	}
	if _, e, _, _ := activeFor(t, snap); e.Current != brannoc.ID {
		t.Errorf("%s is up, want Brannoc again after the undo", e.Current)
	}
	for _, w := range f.logged(t, c.ID)[before:] {
		if (w.Type == events.TypeTurnAccepted || w.Type == events.TypeTurnDropped) && w.CharacterID == stale {
			t.Errorf("the table was told %s of %s's turn decided on the undone table", w.Type, stale)
		}
	}
}
