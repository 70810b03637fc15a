package storetest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"chronicler/events"
	"chronicler/shared/auth"
	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/game"
	"chronicler/shared/narrator"
	"chronicler/shared/throttle/throttletest"
)

// turnFaults kills a turn at each of its steps and checks what the store
// is left with. A step is one call to the store; killed at step n, the
// turn's process makes calls 1..n-1 and then every call fails, as if the
// process had died there ("before"); for a commit, also after the commit
// applied but before its caller learned it ("after"). A new process (a
// new Service on the same store, past the lease) then resends the same
// request. Whatever the step:
//   - the log has no hole: every seq up to the last one is there;
//   - every committed turn has its narration.done and turn.committed in
//     the log, and every turn.committed in the log is a committed turn;
//   - the resend leaves exactly one committed turn for the request;
//   - every connection was sent campaign events in increasing seq order.
func (s suite) turnFaults(t *testing.T) {
	for _, after := range []bool{false, true} {
		mode := map[bool]string{false: "Before", true: "AfterCommit"}[after]
		t.Run(mode, func(t *testing.T) {
			for step := 1; ; step++ {
				var tripped bool
				t.Run(fmt.Sprint("Step", step), func(t *testing.T) {
					tripped = s.killTurnAt(t, step, after)
				})
				if !tripped || t.Failed() {
					return // the turn ran to its end without reaching the step
				}
			}
		})
	}
}

// killTurnAt plays a turn killed at step (see turnFaults) and checks the
// store; it reports whether the turn reached the step.
func (s suite) killTurnAt(t *testing.T, step int, after bool) bool {
	ctx := context.Background()
	st := s.open(t)
	clock := &throttletest.Clock{}
	clock.Set(t0)
	push := &seqRecorder{seqs: map[string][]int64{}}
	svc := faultService(t, st, push, clock)
	p := game.Player{ID: "p1", Name: "Aria"}
	c, err := svc.CreateCampaign(ctx, p, events.CreateCampaign{Name: "Killed"})
	if err != nil {
		t.Fatal(err)
	}
	ch, err := svc.CreateCharacter(ctx, p, c.ID, campaign.NewCharacter{Name: "Mira", Race: "elf", Class: "wizard"})
	if err != nil {
		t.Fatal(err)
	}
	if err := svc.Connect(ctx, "conn-1", p, c.ID); err != nil {
		t.Fatal(err)
	}
	if err := svc.Resume(ctx, "conn-1", "resume"); err != nil {
		t.Fatal(err)
	}
	intent, _ := json.Marshal(map[string]string{"kind": "check", "ability": "dex", "skill": "acrobatics"})
	msg := events.ClientMessage{Action: events.ActionTurn, RequestID: "the-turn", CharacterID: ch.ID, Intent: intent}
	// A turn played in full first, so that the killed one follows history.
	if err := svc.TakeTurn(ctx, "conn-1", events.ClientMessage{Action: events.ActionTurn, RequestID: "first", CharacterID: ch.ID, Intent: intent}); err != nil {
		t.Fatal(err)
	}

	clock.Add(time.Minute)
	dying := &killer{Store: st, at: step, after: after}
	svc.Store = dying
	_ = svc.TakeTurn(ctx, "conn-1", msg) // killed somewhere: its error is the crash's
	if !dying.tripped() {
		return false
	}
	t.Logf("killed at %s", dying.what())

	// A new process, once the lease has expired, gets the request again.
	clock.Add(10 * time.Minute)
	again := faultService(t, st, push, clock)
	if err := again.TakeTurn(ctx, "conn-1", msg); err != nil {
		t.Fatalf("the resend after a kill at step %d (%s): %v", step, dying.what(), err)
	}
	checkLog(t, st, c.ID, dying.what())
	turns := turns(t, st, c.ID, 0, 10)
	n := 0
	for _, tn := range turns {
		if tn.RequestID == msg.RequestID {
			n++
		}
	}
	if n != 1 {
		t.Errorf("killed at %s: %d committed turns for the request, want 1", dying.what(), n)
	}
	push.check(t, dying.what())
	return true
}

// checkLog checks that the campaign's log has no hole and that committed
// turns and their events go together.
func checkLog(t *testing.T, st game.Store, campaignID, where string) {
	t.Helper()
	log := allEvents(t, st, campaignID)
	if last := snapshot(t, st, campaignID).LastSeq; int64(len(log)) != last {
		t.Errorf("killed at %s: the log has %d events, last seq %d", where, len(log), last)
	}
	closing := map[string]map[string]int{} // turn id -> type -> count
	for i, ev := range log {
		if ev.Seq != int64(i+1) {
			t.Fatalf("killed at %s: the log has seq %d at place %d: a hole", where, ev.Seq, i+1)
		}
		var m struct {
			Type   string `json:"type"`
			TurnID string `json:"turn_id"`
		}
		if err := json.Unmarshal(ev.Data, &m); err != nil {
			t.Fatalf("event %d: %v", ev.Seq, err)
		}
		if m.Type == events.TypeNarrationDone || m.Type == events.TypeTurnCommitted {
			if closing[m.TurnID] == nil {
				closing[m.TurnID] = map[string]int{}
			}
			closing[m.TurnID][m.Type]++
		}
	}
	committed := map[string]bool{}
	for _, tn := range turns(t, st, campaignID, 0, 100) {
		committed[tn.ID] = true
		if got := closing[tn.ID]; got[events.TypeNarrationDone] != 1 || got[events.TypeTurnCommitted] != 1 {
			t.Errorf("killed at %s: committed turn %d (%s) has closing events %v in the log, want one of each", where, tn.Sequence, tn.ID, got)
		}
	}
	for id := range closing {
		if !committed[id] {
			t.Errorf("killed at %s: the log announces turn %s, which did not commit", where, id)
		}
	}
}

func faultService(t *testing.T, st game.Store, push game.Pusher, clock *throttletest.Clock) *game.Service {
	t.Helper()
	signer, err := auth.NewSigner([]byte("0123456789abcdef0123456789abcdef"), 24*time.Hour, clock.Now)
	if err != nil {
		t.Fatal(err)
	}
	svc := game.NewService(st, push, narrator.Offline{}, signer, slog.New(slog.DiscardHandler))
	svc.Now = clock.Now
	svc.TurnLimit, svc.APILimit = nil, nil
	return svc
}

// seqRecorder is a pusher that keeps the seqs each connection was sent.
type seqRecorder struct {
	mu   sync.Mutex
	seqs map[string][]int64
}

func (r *seqRecorder) Send(_ context.Context, id string, data []byte) error {
	var h struct {
		Seq int64 `json:"seq"`
	}
	if err := json.Unmarshal(data, &h); err != nil {
		return err
	}
	if h.Seq > 0 {
		r.mu.Lock()
		r.seqs[id] = append(r.seqs[id], h.Seq)
		r.mu.Unlock()
	}
	return nil
}

func (r *seqRecorder) check(t *testing.T, where string) {
	t.Helper()
	r.mu.Lock()
	defer r.mu.Unlock()
	for id, seqs := range r.seqs {
		for i := 1; i < len(seqs); i++ {
			if seqs[i] <= seqs[i-1] {
				t.Errorf("killed at %s: %s was sent seq %d after %d", where, id, seqs[i], seqs[i-1])
			}
		}
	}
}

// errKilled is what every store call of a killed process returns.
var errKilled = fault.E(fault.Unavailable, "store", "the process was killed")

// killer is a store whose process dies at call number at: that call and
// every one after it fail; with after, a Commit at that call applies
// first.
type killer struct {
	game.Store
	at    int
	after bool

	mu    sync.Mutex
	calls int
	dead  bool
	where string
}

// enter counts a call and reports whether it may run, and whether the
// process dies once it has (a commit killed after it applied).
func (k *killer) enter(name string) (run, dieAfter bool) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.dead {
		return false, false
	}
	k.calls++
	if k.calls < k.at {
		return true, false
	}
	k.dead = true
	k.where = fmt.Sprintf("step %d, %s", k.calls, name)
	if k.after && strings.HasPrefix(name, "Commit") {
		k.where += " (applied)"
		return true, true
	}
	if k.after {
		// Only commits can die after applying; a read is killed before.
		k.where += " (a read)"
	}
	return false, false
}

func (k *killer) tripped() bool { k.mu.Lock(); defer k.mu.Unlock(); return k.dead }
func (k *killer) what() string  { k.mu.Lock(); defer k.mu.Unlock(); return k.where }

func call[T any](k *killer, name string, f func() (T, error)) (T, error) {
	run, die := k.enter(name)
	if !run {
		var zero T
		return zero, errKilled
	}
	v, err := f()
	if die {
		return v, errors.Join(errKilled, err)
	}
	return v, err
}

func (k *killer) Commit(ctx context.Context, tx game.Tx) error {
	what := "Commit"
	switch {
	case tx.Turn != nil:
		what += " of the turn"
	case tx.AcquireLease != nil:
		what += " of the lease"
	case tx.ReleaseLease != "":
		what += " of a release"
	case len(tx.Events) > 0:
		what += " of an append"
	}
	_, err := call(k, what, func() (struct{}, error) { return struct{}{}, k.Store.Commit(ctx, tx) })
	return err
}

func (k *killer) Snapshot(ctx context.Context, id string) (game.Snapshot, error) {
	return call(k, "Snapshot", func() (game.Snapshot, error) { return k.Store.Snapshot(ctx, id) })
}

func (k *killer) Campaign(ctx context.Context, id string) (campaign.Campaign, error) {
	return call(k, "Campaign", func() (campaign.Campaign, error) { return k.Store.Campaign(ctx, id) })
}

func (k *killer) CampaignsOf(ctx context.Context, player string) ([]campaign.Campaign, error) {
	return call(k, "CampaignsOf", func() ([]campaign.Campaign, error) { return k.Store.CampaignsOf(ctx, player) })
}

func (k *killer) CampaignsByStatus(ctx context.Context, s campaign.Status, before time.Time, limit int) ([]campaign.Campaign, error) {
	return call(k, "CampaignsByStatus", func() ([]campaign.Campaign, error) { return k.Store.CampaignsByStatus(ctx, s, before, limit) })
}

func (k *killer) Turns(ctx context.Context, id string, after, limit int) ([]campaign.Turn, error) {
	return call(k, "Turns", func() ([]campaign.Turn, error) { return k.Store.Turns(ctx, id, after, limit) })
}

func (k *killer) Request(ctx context.Context, id, req string) (campaign.Request, error) {
	return call(k, "Request", func() (campaign.Request, error) { return k.Store.Request(ctx, id, req) })
}

func (k *killer) ConnectionByID(ctx context.Context, id string) (campaign.Connection, error) {
	return call(k, "ConnectionByID", func() (campaign.Connection, error) { return k.Store.ConnectionByID(ctx, id) })
}

func (k *killer) Connections(ctx context.Context, id string) ([]campaign.Connection, error) {
	return call(k, "Connections", func() ([]campaign.Connection, error) { return k.Store.Connections(ctx, id) })
}

func (k *killer) Import(ctx context.Context, core game.Tx, sessions []campaign.Session, turns []campaign.Turn) error {
	_, err := call(k, "Import", func() (struct{}, error) { return struct{}{}, k.Store.Import(ctx, core, sessions, turns) })
	return err
}

func (k *killer) Memory(ctx context.Context, id string) ([]byte, error) {
	return call(k, "Memory", func() ([]byte, error) { return k.Store.Memory(ctx, id) })
}

func (k *killer) Events(ctx context.Context, id string, after int64, limit int) ([]game.Event, error) {
	return call(k, "Events", func() ([]game.Event, error) { return k.Store.Events(ctx, id, after, limit) })
}

func (k *killer) RecentTurns(ctx context.Context, id string, after, limit int) ([]campaign.Turn, error) {
	return call(k, "RecentTurns", func() ([]campaign.Turn, error) { return k.Store.RecentTurns(ctx, id, after, limit) })
}

func (k *killer) LastSeq(ctx context.Context, id string) (int64, error) {
	return call(k, "LastSeq", func() (int64, error) { return k.Store.LastSeq(ctx, id) })
}
