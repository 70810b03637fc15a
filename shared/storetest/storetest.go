package storetest

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/game"
)

// Run holds the store that open returns to the game.Store contract. Every
// subtest calls open for a store of its own, so open must return an empty
// store each time (a new file, a new table) and release it with t.Cleanup.
//
// The suite needs no clock but the one it sets through Clocked, for the
// server's request claims that expire: every time is built from a fixed
// instant, and lease expiry is decided by the LeaseNow the suite passes.
//
// Where the game.Store comments leave room, the suite holds adapters to
// these readings:
//   - a created item (Version 0) is stored at Version 1, so the next write
//     carries 1 and stores 2;
//   - every exported field round-trips, including the ones the wire JSON
//     leaves out (json:"-"): Campaign.InviteCode and every Version;
//   - times keep their instant to the microsecond, whatever their zone;
//   - CampaignsByStatus is strictly before playedBefore; asking for
//     Concluded or Abandoned finds nothing (or is Invalid);
//   - request ids, turn sequences and event seqs are per campaign, and a
//     Tx on one campaign cannot delete another's connection;
//   - ReleaseLease when no lease is held is a Conflict; a Tx without lease
//     fields leaves the lease as it was, even when it writes the state;
//   - event seqs start at 1 and have no hole: n appends of k events leave
//     LastSeq n*k and the events 1..n*k;
//   - lists with nothing in them are empty, not NotFound.
func Run(t *testing.T, open func(t *testing.T) game.Store) {
	s := suite{open: open}
	t.Run("CreateCampaign", s.createCampaign)
	t.Run("NotFound", s.notFound)
	t.Run("VersionedWrites", s.versionedWrites)
	t.Run("FailedCommit", s.failedCommit)
	t.Run("Requests", s.requests)
	t.Run("ExpiringRequests", s.expiringRequests)
	t.Run("RacingWriters", s.racingWriters)
	t.Run("ConcurrentCampaigns", s.concurrentCampaigns)
	t.Run("Lease", s.lease)
	t.Run("HeldWindow", s.heldWindow)
	t.Run("State", s.state)
	t.Run("Turns", s.turns)
	t.Run("TakeBack", s.takeBack)
	t.Run("Connections", s.connections)
	t.Run("CampaignsOf", s.campaignsOf)
	t.Run("CampaignsByStatus", s.campaignsByStatus)
	t.Run("Events", s.events)
	t.Run("Outbox", s.outbox)
	t.Run("Appends", s.appends)
	t.Run("TurnFaults", s.turnFaults)
	t.Run("Isolation", s.isolation)
	t.Run("Snapshot", s.snapshot)
	t.Run("Import", s.importCampaign)
	t.Run("RemoveMember", s.removeMember)
	t.Run("Encounters", s.encounters)
	t.Run("FinishedEncountersLeaveTheSnapshot", s.finishedEncounters)
	t.Run("Memory", s.memory)
	t.Run("Accounts", s.accounts)
	t.Run("DaySpend", s.daySpend)
	t.Run("Safety", s.safety)
	t.Run("StandingOrders", s.standingOrders)
}

type suite struct {
	open func(t *testing.T) game.Store
}

// t0 is the suite's clock: every time is an offset from it. Its sub-second
// part has non-zero microseconds, so a store that keeps only seconds or
// milliseconds fails the round trips.
var t0 = time.Date(2026, time.March, 14, 15, 9, 26, 535897000, time.UTC)

func at(d time.Duration) time.Time { return t0.Add(d) }

func newCampaign(id, owner string) campaign.Campaign {
	budget := 2.5
	settings := campaign.DefaultSettings()
	settings.BudgetUSDPerSession = &budget
	return campaign.Campaign{
		ID:           id,
		Name:         "The Sunless Citadel of " + id,
		Status:       campaign.Active,
		WorldSeed:    "seed-" + id,
		DMPersona:    "a wry old bard",
		Settings:     settings,
		OwnerID:      owner,
		InviteCode:   "invite-" + id,
		CreatedAt:    t0,
		LastPlayedAt: t0,
	}
}

func newState(campaignID string) campaign.State {
	return campaign.State{
		CampaignID: campaignID,
		Summary:    "The party meets at the Yawning Portal.",
		Scene:      campaign.Scene{Location: "tavern", Time: "dusk", Weather: "rain", NPCs: []string{"durnan"}},
		World:      map[string]string{"bridge": "intact"},
		Glossary:   map[string]string{"Durnan": "the innkeeper"},
		UpdatedAt:  t0,
	}
}

func newMember(player string, role campaign.Role) campaign.Member {
	return campaign.Member{PlayerID: player, Name: "Player " + player, Role: role, JoinedAt: t0}
}

func newCharacter(id, player string) campaign.Character {
	conc := "bless"
	return campaign.Character{
		ID:            id,
		PlayerID:      player,
		Name:          "Hero " + id,
		Race:          "dwarf",
		Class:         "cleric",
		Level:         3,
		XP:            900,
		Abilities:     campaign.Abilities{Str: 14, Dex: 10, Con: 15, Int: 8, Wis: 16, Cha: 12},
		HP:            24,
		MaxHP:         24,
		TempHP:        2,
		AC:            18,
		Speed:         25,
		Conditions:    []string{"blessed"},
		Concentration: &conc,
		SpellSlots:    map[string]campaign.Slot{"1": {Max: 4, Used: 1}, "2": {Max: 2}},
		HitDice:       campaign.Pool{Max: 3, Used: 1},
		DeathSaves:    campaign.DeathSaves{Successes: 1},
		Inventory:     []campaign.Item{{Item: "warhammer", Qty: 1}, {Item: "ration", Qty: 5}},
		AreaID:        "tavern",
		Presence:      campaign.Present,
	}
}

func newSession(id, campaignID string, started time.Time) campaign.Session {
	return campaign.Session{ID: id, CampaignID: campaignID, StartedAt: started, Joined: []string{"p1"}}
}

func newTurn(campaignID string, seq int) campaign.Turn {
	return campaign.Turn{
		ID:          fmt.Sprintf("turn-%s-%d", campaignID, seq),
		CampaignID:  campaignID,
		Sequence:    seq,
		SessionID:   "s1",
		ActorID:     "c1",
		PlayerID:    "p1",
		RequestID:   fmt.Sprintf("req-%d", seq),
		Action:      fmt.Sprintf("I swing at the goblin (%d)", seq),
		Intent:      json.RawMessage(`{"kind":"attack","target":"goblin-1"}`),
		Rolls:       []campaign.Roll{{RollID: "roll-1", Dice: "1d20+5", Rolls: []int{14}, Total: 19, Outcome: "hit"}, {RollID: "roll-2", Dice: "1d8+3", Rolls: []int{6}, Total: 9}},
		RulesResult: "hit for 9",
		Narration:   "The hammer falls.",
		Suggestions: []string{"press on", "fall back"},
		Degraded:    seq%2 == 0,
		Witnesses:   []string{"c1", "c2"},
		CreatedAt:   at(time.Duration(seq) * time.Minute),
	}
}

func newLease(turnID string, acquired, expires time.Time) campaign.Lease {
	return campaign.Lease{
		TurnID: turnID, RequestID: "req-" + turnID, ActorID: "c1", PlayerID: "p1",
		Action: "I open the door", Intent: json.RawMessage(`{"kind":"interact","target":"door"}`),
		AcquiredAt: acquired, ExpiresAt: expires,
	}
}

func newConnection(id, campaignID, player string) campaign.Connection {
	return campaign.Connection{ID: id, CampaignID: campaignID, PlayerID: player, ConnectedAt: t0}
}

func newEvent(seq int64) game.Event {
	return game.Event{
		Seq:       seq,
		Data:      fmt.Appendf(nil, `{"type":"narration.delta","seq":%d,"text":"and then..."}`, seq),
		CreatedAt: at(time.Duration(seq) * time.Second),
	}
}

// createTx is the Tx that creates c: its meta, its state and its owner.
func createTx(c campaign.Campaign) game.Tx {
	st := newState(c.ID)
	m := newMember(c.OwnerID, campaign.Owner)
	return game.Tx{CampaignID: c.ID, Campaign: &c, NewState: &st, Member: &m}
}

// create stores c through createTx and returns it as stored: created items
// are at Version 1, so the next write carries Version 1.
func create(t *testing.T, st game.Store, c campaign.Campaign) campaign.Campaign {
	t.Helper()
	commit(t, st, createTx(c))
	c.Version = 1
	return c
}

// appendEvents appends evs with a commit of events only and returns them
// with the seqs the store gave.
func appendEvents(t *testing.T, st game.Store, campaignID string, evs ...game.Event) []game.Event {
	t.Helper()
	evs = slices.Clone(evs)
	commit(t, st, game.Tx{CampaignID: campaignID, Events: evs})
	return evs
}

func commit(t *testing.T, st game.Store, tx game.Tx) {
	t.Helper()
	if err := st.Commit(t.Context(), tx); err != nil {
		t.Fatalf("commit to %s: %v", tx.CampaignID, err)
	}
}

// wantKind fails the test unless err is a fault of kind k.
func wantKind(t *testing.T, what string, err error, k fault.Kind) {
	t.Helper()
	if !fault.Is(err, k) {
		t.Fatalf("%s: got error %v (kind %q), want kind %q", what, err, fault.KindOf(err), k)
	}
}

func snapshot(t *testing.T, st game.Store, campaignID string) game.Snapshot {
	t.Helper()
	snap, err := st.Snapshot(t.Context(), campaignID)
	if err != nil {
		t.Fatalf("snapshot of %s: %v", campaignID, err)
	}
	sortUnordered(&snap)
	return snap
}

// sortUnordered sorts the snapshot lists whose order the interface leaves
// open, so snapshots compare as values.
func sortUnordered(snap *game.Snapshot) {
	slices.SortFunc(snap.Members, func(a, b campaign.Member) int { return strings.Compare(a.PlayerID, b.PlayerID) })
	sortConnections(snap.Connections)
}

func sortConnections(cs []campaign.Connection) {
	slices.SortFunc(cs, func(a, b campaign.Connection) int { return strings.Compare(a.ID, b.ID) })
}

func turns(t *testing.T, st game.Store, campaignID string, after, limit int) []campaign.Turn {
	t.Helper()
	ts, err := st.Turns(t.Context(), campaignID, after, limit)
	if err != nil {
		t.Fatalf("turns of %s after %d: %v", campaignID, after, err)
	}
	return ts
}

func sequences(ts []campaign.Turn) []int {
	out := []int{}
	for _, x := range ts {
		out = append(out, x.Sequence)
	}
	return out
}

func ids(cs []campaign.Campaign) []string {
	out := []string{}
	for _, c := range cs {
		out = append(out, c.ID)
	}
	return out
}

// race runs f(0)..f(n-1) in n goroutines released at once by a barrier, so
// they contend for real, and returns their errors by index.
func race(n int, f func(i int) error) []error {
	var ready, done sync.WaitGroup
	start := make(chan struct{})
	errs := make([]error, n)
	ready.Add(n)
	done.Add(n)
	for i := range n {
		go func() {
			defer done.Done()
			ready.Done()
			<-start
			errs[i] = f(i)
		}()
	}
	ready.Wait()
	close(start)
	done.Wait()
	return errs
}

// oneWinner checks that exactly one of errs is nil and every other is a
// Conflict, and returns the winner's index.
func oneWinner(t *testing.T, errs []error) int {
	t.Helper()
	winner := -1
	for i, err := range errs {
		switch {
		case err == nil && winner >= 0:
			t.Fatalf("writers %d and %d both succeeded", winner, i)
		case err == nil:
			winner = i
		case !fault.Is(err, fault.Conflict):
			t.Fatalf("writer %d: got %v (kind %q), want a Conflict", i, err, fault.KindOf(err))
		}
	}
	if winner < 0 {
		t.Fatalf("no writer succeeded: %v", errs)
	}
	return winner
}
