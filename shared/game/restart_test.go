package game_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"sync/atomic"
	"testing"
	"time"

	"chronicler/events"
	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/game"
	"chronicler/shared/narrator"
)

// errKilled is what a process killed mid-write hears, if anything.
var errKilled = errors.New("the process was killed")

// dying is a store whose process is killed at a chosen commit: from then
// on nothing it asks reaches the database, as after a SIGKILL. The commit
// it dies at is applied or not (applied: it died before hearing so).
type dying struct {
	game.Store
	at      func(game.Tx) bool
	applied bool
	dead    atomic.Bool
}

func (d *dying) Commit(ctx context.Context, tx game.Tx) error {
	if d.dead.Load() {
		return errKilled
	}
	if !d.at(tx) {
		return d.Store.Commit(ctx, tx)
	}
	d.dead.Store(true)
	if d.applied {
		if err := d.Store.Commit(ctx, tx); err != nil {
			return err
		}
	}
	return errKilled
}

func (d *dying) Append(ctx context.Context, id string, e *game.Event) error {
	if d.dead.Load() {
		return errKilled
	}
	return d.Store.Append(ctx, id, e)
}

func (d *dying) Snapshot(ctx context.Context, id string) (game.Snapshot, error) {
	if d.dead.Load() {
		return game.Snapshot{}, errKilled
	}
	return d.Store.Snapshot(ctx, id)
}

func (d *dying) Request(ctx context.Context, id, req string) (campaign.Request, error) {
	if d.dead.Load() {
		return campaign.Request{}, errKilled
	}
	return d.Store.Request(ctx, id, req)
}

func (d *dying) Connections(ctx context.Context, id string) ([]campaign.Connection, error) {
	if d.dead.Load() {
		return nil, errKilled
	}
	return d.Store.Connections(ctx, id)
}

func (d *dying) Turns(ctx context.Context, id string, after, limit int) ([]campaign.Turn, error) {
	if d.dead.Load() {
		return nil, errKilled
	}
	return d.Store.Turns(ctx, id, after, limit)
}

func (d *dying) RecentTurns(ctx context.Context, id string, after, limit int) ([]campaign.Turn, error) {
	if d.dead.Load() {
		return nil, errKilled
	}
	return d.Store.RecentTurns(ctx, id, after, limit)
}

func (d *dying) LastSeq(ctx context.Context, id string) (int64, error) {
	if d.dead.Load() {
		return 0, errKilled
	}
	return d.Store.LastSeq(ctx, id)
}

// restarted is a new server process on the fixture's database, its
// pusher and its clock, after Restarted and Recover, as the local server
// starts. Its ids differ from the first process's; its dice key is the
// same (it is derived from the token key).
func (f *fixture) restarted(t testing.TB) *game.Service {
	t.Helper()
	return f.restartedOn(t, f.store)
}

// restartedOn is restarted with the new process's store calls going
// through store.
func (f *fixture) restartedOn(t testing.TB, store game.Store) *game.Service {
	t.Helper()
	svc := game.NewService(store, f.push, narrator.Offline{}, f.svc.Tokens, slog.New(slog.DiscardHandler))
	svc.Now = f.clock.Now
	var ids atomic.Int64
	svc.NewID = func() string { return fmt.Sprintf("re%06d", ids.Add(1)) }
	svc.TurnLimit = nil
	svc.LostGrace = f.svc.LostGrace
	ctx := context.Background()
	if err := svc.Restarted(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Recover(ctx); err != nil {
		t.Fatal(err)
	}
	return svc
}

// told is every event of type typ connection conn was sent.
func (f *fixture) told(t testing.TB, conn, typ string) []map[string]any {
	t.Helper()
	f.push.mu.Lock()
	defer f.push.mu.Unlock()
	var out []map[string]any
	for _, m := range f.push.sent[conn] {
		var ev map[string]any
		if err := json.Unmarshal(m, &ev); err != nil {
			t.Fatal(err)
		}
		if ev["type"] == typ {
			out = append(out, ev)
		}
	}
	return out
}

// A request resent after its server was killed is answered with the turn
// id it was first given, whatever the point of the turn the server died
// at, and the turn is committed once, from the same dice; the other
// player, back first, is not kept waiting for the dead server's lease.
func TestResentRequestAfterACrashKeepsItsTurnID(t *testing.T) {
	isLease := func(tx game.Tx) bool { return tx.AcquireLease != nil }
	isCommit := func(tx game.Tx) bool { return tx.Turn != nil }
	cases := map[string]struct {
		at      func(game.Tx) bool
		applied bool
	}{
		"KilledOnceTheTurnHeldTheTable": {isLease, true},   // nothing told yet
		"KilledWhileItWasNarrated":      {isCommit, false}, // its rolls told, its commit lost
		"KilledOnceItWasCommitted":      {isCommit, true},  // committed, never told
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			f := newFixture(t)
			ctx := context.Background()
			aria := game.Player{ID: "p-a", Name: "Aria"}
			camp, mira := f.tableOf(t, aria, "Crash", "a1", campaign.NewCharacter{Name: "Mira", Race: "elf", Class: "wizard"})
			bram := game.Player{ID: "p-b", Name: "Bram"}
			f.joinAndSit(t, bram, camp, "b1")
			tobin, err := f.svc.CreateCharacter(ctx, bram, camp.ID, campaign.NewCharacter{Name: "Tobin", Race: "dwarf", Class: "fighter"})
			if err != nil {
				t.Fatal(err)
			}

			store := &dying{Store: f.store, at: c.at, applied: c.applied}
			f.svc.Store = store
			in, _ := json.Marshal(events.Intent{Kind: "check", Ability: "wis", Skill: "perception"})
			msg := events.ClientMessage{Action: events.ActionTurn, RequestID: "search-1", CharacterID: mira.ID, Intent: in}
			if err := f.svc.TakeTurn(ctx, "a1", msg); !errors.Is(err, errKilled) {
				t.Fatalf("the turn = %v, want it killed", err)
			}
			before := mustSnap(t, f, camp.ID)
			turnID := ""
			if before.Lease != nil {
				turnID = before.Lease.TurnID
			} else if turns := f.turns(t, camp.ID); len(turns) == 1 {
				turnID = turns[0].ID
			}
			if turnID == "" {
				t.Fatal("the killed turn left neither a lease nor a turn")
			}
			toldRolls := f.told(t, "a1", events.TypeRollResult)

			f.clock.Add(3 * time.Second) // the server comes back, its lease not yet expired
			svc := f.restarted(t)
			// Bram is back first and plays at once.
			if err := svc.Connect(ctx, "b2", bram, camp.ID); err != nil {
				t.Fatal(err)
			}
			if err := svc.TakeTurn(ctx, "b2", events.ClientMessage{Action: events.ActionTurn, RequestID: "bram-1", CharacterID: tobin.ID, Text: "I look around"}); err != nil {
				t.Fatalf("Bram's turn after the restart: %v", err)
			}
			// Aria's client resends what it never heard the end of.
			if err := svc.Connect(ctx, "a2", aria, camp.ID); err != nil {
				t.Fatal(err)
			}
			if err := svc.TakeTurn(ctx, "a2", msg); err != nil {
				t.Fatalf("the resent request: %v", err)
			}
			accepted := f.told(t, "a2", events.TypeTurnAccepted)
			if len(accepted) != 1 || accepted[0]["turn_id"] != turnID || accepted[0]["request_id"] != "search-1" {
				t.Fatalf("the resend was answered %v, want turn %s", accepted, turnID)
			}
			var mine []campaign.Turn
			for _, turn := range f.turns(t, camp.ID) {
				if turn.RequestID == "search-1" {
					mine = append(mine, turn)
				}
			}
			if len(mine) != 1 || mine[0].ID != turnID || len(mine[0].Rolls) != 1 {
				t.Fatalf("turns of the request: %+v, want one, %s", mine, turnID)
			}
			for _, r := range toldRolls {
				if r["turn_id"] == turnID && int(r["total"].(float64)) != mine[0].Rolls[0].Total {
					t.Errorf("the table saw %v before the crash; the turn committed %+v", r, mine[0].Rolls[0])
				}
			}
			if l := mustSnap(t, f, camp.ID).Lease; l != nil {
				t.Errorf("a lease is left: %+v", l)
			}
		})
	}
}

// A turn held for its roll when the server is killed stays held through
// the restart, even one long enough for its lease to run out: its resend
// is answered with its id, nobody else takes the table from it, and the
// roll commits it under that id.
func TestHeldTurnSurvivesARestart(t *testing.T) {
	for name, down := range map[string]time.Duration{"Brief": 3 * time.Second, "LongerThanItsLease": time.Hour} {
		t.Run(name, func(t *testing.T) {
			f := newFixture(t)
			ctx := context.Background()
			aria := game.Player{ID: "p-a", Name: "Aria"}
			camp, err := f.svc.CreateCampaign(ctx, aria, events.CreateCampaign{Name: "By Hand", Settings: &campaign.Settings{DiceMode: campaign.DiceInteractive}})
			if err != nil {
				t.Fatal(err)
			}
			mira, _ := f.svc.CreateCharacter(ctx, aria, camp.ID, campaign.NewCharacter{Name: "Mira", Race: "elf", Class: "wizard"})
			f.sit(t, aria, camp, "a1")
			bram := game.Player{ID: "p-b", Name: "Bram"}
			f.joinAndSit(t, bram, camp, "b1")
			tobin, _ := f.svc.CreateCharacter(ctx, bram, camp.ID, campaign.NewCharacter{Name: "Tobin", Race: "dwarf", Class: "fighter"})

			f.svc.Store = &dying{Store: f.store, at: func(tx game.Tx) bool { return tx.AcquireLease != nil }, applied: true}
			msg := events.ClientMessage{Action: events.ActionTurn, RequestID: "check-1", CharacterID: mira.ID, Text: "I make a perception check"}
			if err := f.svc.TakeTurn(ctx, "a1", msg); !errors.Is(err, errKilled) {
				t.Fatalf("the turn = %v, want it killed", err)
			}
			held := mustSnap(t, f, camp.ID).Lease
			if held == nil || held.Pending == nil {
				t.Fatalf("lease = %+v, want the turn held for its roll", held)
			}

			f.clock.Add(down)
			svc := f.restarted(t)
			if err := svc.Connect(ctx, "b2", bram, camp.ID); err != nil {
				t.Fatal(err)
			}
			err = svc.TakeTurn(ctx, "b2", events.ClientMessage{Action: events.ActionTurn, RequestID: "bram-1", CharacterID: tobin.ID, Text: "I look around"})
			if !fault.Is(err, fault.Conflict) {
				t.Fatalf("Bram's turn while Mira's dice are out = %v, want conflict", err)
			}
			if err := svc.Connect(ctx, "a2", aria, camp.ID); err != nil {
				t.Fatal(err)
			}
			if err := svc.TakeTurn(ctx, "a2", msg); err != nil {
				t.Fatal(err)
			}
			if accepted := f.told(t, "a2", events.TypeTurnAccepted); len(accepted) != 1 || accepted[0]["turn_id"] != held.TurnID {
				t.Fatalf("the resend was answered %v, want turn %s", accepted, held.TurnID)
			}
			if err := svc.Roll(ctx, "a2", events.ClientMessage{Action: events.ActionRoll, RequestID: "roll-1", TurnID: held.TurnID, RollID: held.Pending.Rolls[0].RollID}); err != nil {
				t.Fatal(err)
			}
			turns := f.turns(t, camp.ID)
			if len(turns) != 1 || turns[0].ID != held.TurnID || turns[0].Rolls[0].Total != held.Pending.Rolls[0].Total {
				t.Fatalf("turns %+v, want %s with the roll held before the crash %+v", turns, held.TurnID, held.Pending.Rolls[0])
			}
		})
	}
}

// A restart still forgets every connection (none survives it) and starts
// the open session's grace period; a monster's turn in flight is dropped,
// its table free at once.
func TestRestartForgetsConnectionsAndMonsterTurns(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	c, _ := f.table(t, "Restart", "c1")
	if err := f.store.Commit(ctx, game.Tx{CampaignID: c.ID, LeaseNow: f.clock.Now(), AcquireLease: &campaign.Lease{TurnID: "m1",
		RequestID: "monster:m1", ActorID: "goblin-1", ExpiresAt: f.clock.Now().Add(time.Minute)}}); err != nil {
		t.Fatal(err)
	}
	f.restarted(t)
	snap := mustSnap(t, f, c.ID)
	if len(snap.Connections) != 0 || snap.Lease != nil {
		t.Fatalf("after a restart: connections %+v, lease %+v", snap.Connections, snap.Lease)
	}
	if s := snap.Sessions[len(snap.Sessions)-1]; s.EmptySince == nil || !s.EmptySince.Equal(f.clock.Now()) {
		t.Fatalf("session %+v: its grace period starts at the restart", s)
	}
	if _, err := f.svc.Store.ConnectionByID(ctx, "c1"); !fault.Is(err, fault.NotFound) {
		t.Fatalf("connection c1 after a restart: %v", err)
	}
}

// forgetful is a store that cannot read request records at the moment.
type forgetful struct{ game.Store }

func (forgetful) Request(context.Context, string, string) (campaign.Request, error) {
	return campaign.Request{}, fault.E(fault.Unavailable, "read request", "the store is busy")
}

// A request whose record cannot be read is not taken for a new one: had
// it been seen before, a turn started now would answer it with a second
// turn id. The player is told to try again, and nothing is held.
func TestAnUnreadableRequestStartsNoTurn(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	aria := game.Player{ID: "p-a", Name: "Aria"}
	camp, mira := f.tableOf(t, aria, "Busy", "a1", campaign.NewCharacter{Name: "Mira", Race: "elf", Class: "wizard"})
	f.svc.Store = forgetful{f.store}
	err := f.svc.TakeTurn(ctx, "a1", events.ClientMessage{Action: events.ActionTurn, RequestID: "search-1", CharacterID: mira.ID, Text: "I look around"})
	if !fault.Is(err, fault.Unavailable) {
		t.Fatalf("the turn = %v, want unavailable", err)
	}
	if accepted := f.told(t, "a1", events.TypeTurnAccepted); len(accepted) != 0 {
		t.Errorf("told %v", accepted)
	}
	if l := mustSnap(t, f, camp.ID).Lease; l != nil {
		t.Errorf("the table is held by %+v", l)
	}
}
