package game_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"maps"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"chronicler/events"
	"chronicler/shared/auth"
	"chronicler/shared/campaign"
	"chronicler/shared/dynamo"
	"chronicler/shared/dynamo/dynamotest"
	"chronicler/shared/fault"
	"chronicler/shared/game"
	"chronicler/shared/narrator"
	"chronicler/shared/sqlite"
)

// bothStores opens an empty store of each kind: SQLite on a file, and
// DynamoDB on the test server through the real SDK.
func bothStores() map[string]func(t *testing.T) game.Store {
	return map[string]func(t *testing.T) game.Store{
		"SQLite": func(t *testing.T) game.Store {
			db, err := sqlite.Open(filepath.Join(t.TempDir(), "undo.db"))
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { db.Close() })
			return db
		},
		"DynamoDB": func(t *testing.T) game.Store {
			srv := httptest.NewServer(dynamotest.New())
			t.Cleanup(srv.Close)
			client := dynamotest.Client(srv.URL)
			if err := dynamo.EnsureTable(t.Context(), client, "undo"); err != nil {
				t.Fatal(err)
			}
			s := dynamo.New(client, "undo")
			return s
		},
	}
}

// replayTable is one campaign played on store with a scripted narrator:
// the same ids and times whenever it is played the same, so two tables
// can be compared byte for byte.
type replayTable struct {
	svc    *game.Service
	store  game.Store
	push   *pusher
	clock  *clock
	c      campaign.Campaign
	owner  game.Player
	player game.Player
	chars  map[string]string // player id -> character id
}

func newReplayTable(t *testing.T, store game.Store, n narrator.Narrator) *replayTable {
	t.Helper()
	ctx := context.Background()
	c := &clock{t: time.Date(2026, 1, 1, 18, 0, 0, 0, time.UTC)}
	// The store says what has expired by the table's clock.
	store.(interface{ SetNow(func() time.Time) }).SetNow(c.Now)
	signer, err := auth.NewSigner([]byte("0123456789abcdef0123456789abcdef"), time.Hour*24*365, c.Now)
	if err != nil {
		t.Fatal(err)
	}
	p := &pusher{sent: map[string][][]byte{}, gone: map[string]bool{}}
	svc := game.NewService(store, p, n, signer, slog.New(slog.DiscardHandler))
	svc.Now = c.Now
	var ids atomic.Int64
	svc.NewID = func() string { return fmt.Sprintf("id%06d", ids.Add(1)) }
	tb := &replayTable{svc: svc, store: store, push: p, clock: c, chars: map[string]string{},
		owner: game.Player{ID: "p-owner", Name: "Aria"}, player: game.Player{ID: "p-guest", Name: "Bram"}}
	tb.c, err = svc.CreateCampaign(ctx, tb.owner, events.CreateCampaign{Name: "Undo"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := svc.JoinCampaign(ctx, tb.player, tb.c.ID, events.JoinCampaign{InviteCode: tb.c.InviteCode}); err != nil {
		t.Fatal(err)
	}
	for _, x := range []struct {
		p    game.Player
		conn string
		ch   campaign.NewCharacter
	}{
		{tb.owner, "c-owner", campaign.NewCharacter{Name: "Mira", Race: "elf", Class: "wizard"}},
		{tb.player, "c-guest", campaign.NewCharacter{Name: "Tor", Race: "dwarf", Class: "fighter"}},
	} {
		made, err := svc.CreateCharacter(ctx, x.p, tb.c.ID, x.ch)
		if err != nil {
			t.Fatal(err)
		}
		tb.chars[x.p.ID] = made.ID
		if err := svc.Connect(ctx, x.conn, x.p, tb.c.ID); err != nil {
			t.Fatal(err)
		}
		if err := svc.Resume(ctx, x.conn, "resume-"+x.conn); err != nil {
			t.Fatal(err)
		}
	}
	return tb
}

// act has the player of conn take a turn of words.
func (tb *replayTable) act(t *testing.T, conn string, p game.Player, rid, text string) {
	t.Helper()
	tb.clock.Add(time.Minute)
	err := tb.svc.TakeTurn(context.Background(), conn, events.ClientMessage{Action: events.ActionTurn, RequestID: rid,
		CharacterID: tb.chars[p.ID], Text: text})
	if err != nil {
		t.Fatal(err)
	}
}

// script is the evening both tables play, turn by turn: the guest's
// check, the owner's move to the cellar (the scene changes), the guest's
// swing at nothing.
var script = []struct {
	owner bool
	text  string
}{
	{false, "I search the common room for tracks"},
	{true, "I go down to the cellar"},
	{false, "I check the barrels for anything hidden"},
}

func (tb *replayTable) play(t *testing.T, turns int) {
	t.Helper()
	for i, s := range script[:turns] {
		conn, p := "c-guest", tb.player
		if s.owner {
			conn, p = "c-owner", tb.owner
		}
		tb.act(t, conn, p, fmt.Sprint("r", i), s.text)
	}
}

func (tb *replayTable) last(t *testing.T) campaign.Turn {
	t.Helper()
	snap := mustStoreSnap(t, tb.store, tb.c.ID)
	ts, err := tb.store.Turns(context.Background(), tb.c.ID, snap.State.TurnCount-1, 1)
	if err != nil || len(ts) != 1 {
		t.Fatalf("last turn: %v, %v", ts, err)
	}
	return ts[0]
}

func mustStoreSnap(t *testing.T, st game.Store, id string) game.Snapshot {
	t.Helper()
	snap, err := st.Snapshot(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return snap
}

// table is what must be byte-equal between a table that took a turn
// back and one that never played it: the state (but for what narration
// cost, which an undo keeps counted), the sheets, the fights, the memory
// (the canon ledger) and the journal of turns in the sequence. keep
// rewrites each turn first (what a retelling marks on it).
func tableOf(t *testing.T, tb *replayTable, keep func(*campaign.Turn)) map[string]string {
	t.Helper()
	ctx := context.Background()
	snap := mustStoreSnap(t, tb.store, tb.c.ID)
	st := snap.State
	st.Cost, st.PastCosts = campaign.SessionCost{}, nil
	mem, err := tb.store.Memory(ctx, tb.c.ID)
	if err != nil && !fault.Is(err, fault.NotFound) {
		t.Fatal(err)
	}
	turns, err := tb.store.Turns(ctx, tb.c.ID, 0, 100)
	if err != nil {
		t.Fatal(err)
	}
	for i := range turns {
		turns[i].Before = nil
		if keep != nil {
			keep(&turns[i])
		}
	}
	out := map[string]string{"memory": fmt.Sprintf("%x", mem)}
	for what, v := range map[string]any{"state": st, "characters": snap.Characters, "encounters": snap.Encounters, "journal": turns} {
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		out[what] = string(b)
	}
	return out
}

func sameTable(t *testing.T, got, want map[string]string) {
	t.Helper()
	for what, w := range want {
		if got[what] != w {
			t.Errorf("%s differs from the replay\n got: %s\nwant: %s", what, got[what], w)
		}
	}
}

func TestUndoLeavesTheTableAsAReplayWithoutTheTurn(t *testing.T) {
	texts := []string{"Tor finds boot prints by the hearth.", "Mira takes the stairs down into the damp cellar.", "Tor pries a barrel open and finds a silver key."}
	for name, open := range bothStores() {
		t.Run(name, func(t *testing.T) {
			played := newReplayTable(t, open(t), scriptOf(texts...))
			played.play(t, 3)
			for _, seq := range []int{3, 2} {
				last := played.last(t)
				if last.Sequence != seq {
					t.Fatalf("last turn is %d, want %d", last.Sequence, seq)
				}
				err := played.svc.AskUndo(context.Background(), "c-guest", events.ClientMessage{TurnID: last.ID})
				if err != nil {
					t.Fatal(err)
				}
				err = played.svc.Undo(context.Background(), "c-guest", events.ClientMessage{TurnID: last.ID})
				if !fault.Is(err, fault.Forbidden) {
					t.Fatalf("a player's undo: %v, want forbidden", err)
				}
				if err := played.svc.Undo(context.Background(), "c-owner", events.ClientMessage{TurnID: last.ID}); err != nil {
					t.Fatal(err)
				}
			}
			replay := newReplayTable(t, open(t), scriptOf(texts...))
			replay.play(t, 1)
			sameTable(t, tableOf(t, played, nil), tableOf(t, replay, nil))

			undone, err := played.store.UndoneTurns(context.Background(), played.c.ID, 10)
			if err != nil {
				t.Fatal(err)
			}
			if len(undone) != 2 || undone[0].Sequence != 2 || undone[1].Sequence != 3 || undone[0].Undone == nil || undone[0].Undone.By != played.owner.ID {
				t.Fatalf("the journal's taken-back turns: %+v", undone)
			}
			// The export keeps them, and an import of it keeps them too.
			e, err := played.svc.Export(context.Background(), played.owner, played.c.ID)
			if err != nil {
				t.Fatal(err)
			}
			if len(e.UndoneTurns) != 2 || e.UndoneTurns[1].Undone == nil {
				t.Fatalf("the export's taken-back turns: %+v", e.UndoneTurns)
			}
			copied, err := played.svc.Import(context.Background(), played.owner, e)
			if err != nil {
				t.Fatal(err)
			}
			kept, err := played.store.UndoneTurns(context.Background(), copied.ID, 10)
			if err != nil || len(kept) != 2 || kept[0].Action != undone[0].Action || kept[0].Undone == nil {
				t.Fatalf("the imported taken-back turns: %+v, %v", kept, err)
			}
			told := 0
			for _, raw := range played.push.sent["c-guest"] {
				if typeOf(raw) == events.TypeTurnUndone || typeOf(raw) == events.TypeUndoRequested {
					told++
				}
			}
			if told != 4 {
				t.Errorf("the guest was told of %d asks and undos, want 4", told)
			}
		})
	}
}

func TestXCardLeavesTheTableAsIfTheRetellingWasTheFirstTelling(t *testing.T) {
	const withdrawn = "Mira descends; the hanged corpse of Old Hesk Varrow sways from the cellar beams, eyes pecked out."
	const retold = "Mira takes the stairs down into the damp cellar."
	for name, open := range bothStores() {
		t.Run(name, func(t *testing.T) {
			n := scriptOf("Tor finds boot prints by the hearth.", withdrawn, retold)
			played := newReplayTable(t, open(t), n)
			played.play(t, 2)
			last := played.last(t)
			if err := played.svc.XCard(context.Background(), "c-guest", events.ClientMessage{TurnID: last.ID}); err != nil {
				t.Fatal(err)
			}
			if got := n.got[len(n.got)-1].Withdrawn; got != withdrawn {
				t.Errorf("the narrator was told the withdrawn text as %q", got)
			}
			replay := newReplayTable(t, open(t), scriptOf("Tor finds boot prints by the hearth.", retold))
			replay.play(t, 2)
			unmark := func(t *campaign.Turn) { t.Withdrawn, t.Context = 0, nil }
			sameTable(t, tableOf(t, played, unmark), tableOf(t, replay, unmark))

			after := played.last(t)
			if after.Narration != retold || after.Withdrawn != 1 || after.ID != last.ID {
				t.Errorf("the turn after the X-card: %q, withdrawn %d", after.Narration, after.Withdrawn)
			}
			var sawWithdrawn bool
			for _, raw := range played.push.sent["c-owner"] {
				if typeOf(raw) == events.TypeNarrationWithdrawn {
					sawWithdrawn = true
					// Nobody is named: the table is not told who tapped it.
					if got := strings.Join(keysOf(t, raw), ","); got != "campaign_id,seq,sequence,turn_id,type" {
						t.Errorf("narration.withdrawn carries %s: %s", got, raw)
					}
				}
			}
			if !sawWithdrawn {
				t.Error("the owner was not told the narration was withdrawn")
			}
		})
	}
}

func TestUndoRefusesATurnTheTableMovedOnFrom(t *testing.T) {
	played := newReplayTable(t, bothStores()["SQLite"](t), scriptOf("Tor looks around."))
	played.play(t, 2)
	snap := mustStoreSnap(t, played.store, played.c.ID)
	first, err := played.store.Turns(context.Background(), played.c.ID, 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	err = played.svc.Undo(context.Background(), "c-owner", events.ClientMessage{TurnID: first[0].ID})
	if !fault.Is(err, fault.Conflict) {
		t.Fatalf("undo of a turn before the last: %v, want conflict", err)
	}
	if after := mustStoreSnap(t, played.store, played.c.ID); after.State.TurnCount != snap.State.TurnCount {
		t.Errorf("a refused undo changed the turn count: %d -> %d", snap.State.TurnCount, after.State.TurnCount)
	}
}

func typeOf(raw []byte) string {
	var h struct {
		Type string `json:"type"`
	}
	_ = json.Unmarshal(raw, &h)
	return h.Type
}

// keysOf are the fields of a wire message.
func keysOf(t *testing.T, raw []byte) []string {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	return slices.Sorted(maps.Keys(m))
}

// A player without a display name is named to the table the same way
// whether they ask to undo a turn or pause it: by the table's word for
// them, never by their id.
func TestANamelessPlayerIsNamedAlikeAskingToUndoAndPausing(t *testing.T) {
	for name, open := range bothStores() {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			tb := newReplayTable(t, open(t), scriptOf("Tor finds boot prints by the hearth."))
			quiet := game.Player{ID: "p-quiet"}
			if _, err := tb.svc.JoinCampaign(ctx, quiet, tb.c.ID, events.JoinCampaign{InviteCode: tb.c.InviteCode}); err != nil {
				t.Fatal(err)
			}
			if err := tb.svc.Connect(ctx, "c-quiet", quiet, tb.c.ID); err != nil {
				t.Fatal(err)
			}
			tb.play(t, 1)
			if err := tb.svc.AskUndo(ctx, "c-quiet", events.ClientMessage{TurnID: tb.last(t).ID}); err != nil {
				t.Fatal(err)
			}
			if err := tb.svc.Pause(ctx, "c-quiet", "pause-1"); err != nil {
				t.Fatal(err)
			}
			named := map[string]string{}
			for _, raw := range tb.push.sent["c-owner"] {
				var m struct {
					Name string `json:"name"`
					By   string `json:"by"`
				}
				if err := json.Unmarshal(raw, &m); err != nil {
					t.Fatal(err)
				}
				switch typeOf(raw) {
				case events.TypeUndoRequested:
					named["undo"] = m.Name
				case events.TypePause:
					named["pause"] = m.By
				}
			}
			want := map[string]string{"undo": "someone at the table", "pause": "someone at the table"}
			if !maps.Equal(named, want) {
				t.Errorf("the owner was told the nameless player as %q, want %q", named, want)
			}
		})
	}
}

// A client that sends again the request of a turn the owner took back is
// told so: the turn is neither played again, overruling the owner, nor
// answered as if it stood.
func TestARepeatOfAnUndoneTurnsRequestIsToldItWasTakenBack(t *testing.T) {
	for name, open := range bothStores() {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			tb := newReplayTable(t, open(t), scriptOf("Tor finds boot prints by the hearth.", "Tor finds boot prints again."))
			tb.play(t, 1)
			last := tb.last(t)
			if err := tb.svc.Undo(ctx, "c-owner", events.ClientMessage{TurnID: last.ID}); err != nil {
				t.Fatal(err)
			}
			told := len(tb.push.sent["c-guest"])
			tb.clock.Add(time.Minute)
			err := tb.svc.TakeTurn(ctx, "c-guest", events.ClientMessage{Action: events.ActionTurn, RequestID: last.RequestID,
				CharacterID: tb.chars[tb.player.ID], Text: last.Action})
			if !fault.Is(err, fault.Conflict) || !strings.Contains(err.Error(), "taken back") {
				t.Fatalf("the repeat of the undone turn's request: %v, want a conflict saying the turn was taken back", err)
			}
			if n := mustStoreSnap(t, tb.store, tb.c.ID).State.TurnCount; n != 0 {
				t.Errorf("after the repeat the table has %d turns, want none: the undone turn played again", n)
			}
			for _, raw := range tb.push.sent["c-guest"][told:] {
				if typeOf(raw) == events.TypeTurnAccepted {
					t.Errorf("the repeat was answered as accepted: %s", raw)
				}
			}
			// A new request plays the same words as a new turn.
			tb.act(t, "c-guest", tb.player, "r-again", last.Action)
			if again := tb.last(t); again.ID == last.ID || again.Sequence != 1 {
				t.Errorf("the turn played anew: %+v, want a new turn of sequence 1", again)
			}
		})
	}
}
