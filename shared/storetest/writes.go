package storetest

import (
	"fmt"
	"testing"
	"time"

	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/game"
)

// versioned is one kind of versioned item (Campaign, Character, Session) seen
// through the two things the contract says about it: a write carrying a
// Version, and the Version stored afterwards.
type versioned struct {
	name string
	// setup prepares a store in which write(0, ...) creates the item.
	setup func(t *testing.T, st game.Store)
	// write is a Tx writing the item at version, with mark in a field that
	// read returns, so a test can tell which write is stored.
	write func(version int64, mark string) game.Tx
	// read returns the stored mark and Version; ok is false if the item does
	// not exist.
	read func(t *testing.T, st game.Store) (mark string, version int64, ok bool)
}

const vid = "camp-v"

var versionedKinds = []versioned{
	{
		name:  "Campaign",
		setup: func(*testing.T, game.Store) {},
		write: func(version int64, mark string) game.Tx {
			c := newCampaign(vid, "p1")
			c.Name, c.Version = mark, version
			if version == 0 {
				return createTx(c)
			}
			return game.Tx{CampaignID: vid, Campaign: &c}
		},
		read: func(t *testing.T, st game.Store) (string, int64, bool) {
			c, err := st.Campaign(t.Context(), vid)
			if fault.Is(err, fault.NotFound) {
				return "", 0, false
			}
			if err != nil {
				t.Fatalf("campaign: %v", err)
			}
			return c.Name, c.Version, true
		},
	},
	{
		name:  "Character",
		setup: func(t *testing.T, st game.Store) { create(t, st, newCampaign(vid, "p1")) },
		write: func(version int64, mark string) game.Tx {
			ch := newCharacter("c1", "p1")
			ch.Name, ch.Version = mark, version
			return game.Tx{CampaignID: vid, Characters: []campaign.Character{ch}}
		},
		read: func(t *testing.T, st game.Store) (string, int64, bool) {
			for _, ch := range snapshot(t, st, vid).Characters {
				if ch.ID == "c1" {
					return ch.Name, ch.Version, true
				}
			}
			return "", 0, false
		},
	},
	{
		name:  "Session",
		setup: func(t *testing.T, st game.Store) { create(t, st, newCampaign(vid, "p1")) },
		write: func(version int64, mark string) game.Tx {
			s := newSession("s1", vid, t0)
			s.EndReason, s.Version = mark, version
			return game.Tx{CampaignID: vid, Sessions: []campaign.Session{s}}
		},
		read: func(t *testing.T, st game.Store) (string, int64, bool) {
			for _, s := range snapshot(t, st, vid).Sessions {
				if s.ID == "s1" {
					return s.EndReason, s.Version, true
				}
			}
			return "", 0, false
		},
	},
}

func (s suite) versionedWrites(t *testing.T) {
	for _, k := range versionedKinds {
		t.Run(k.name, func(t *testing.T) {
			open := func(t *testing.T) game.Store {
				st := s.open(t)
				k.setup(t, st)
				return st
			}
			write := func(t *testing.T, st game.Store, version int64, mark string) error {
				t.Helper()
				return st.Commit(t.Context(), k.write(version, mark))
			}
			want := func(t *testing.T, st game.Store, mark string, version int64) {
				t.Helper()
				gotMark, gotVersion, ok := k.read(t, st)
				if !ok {
					t.Fatalf("%s not found, want %q at version %d", k.name, mark, version)
				}
				if gotMark != mark || gotVersion != version {
					t.Fatalf("%s: got %q at version %d, want %q at version %d", k.name, gotMark, gotVersion, mark, version)
				}
			}

			t.Run("CreatedAtVersion1", func(t *testing.T) {
				st := open(t)
				if err := write(t, st, 0, "first"); err != nil {
					t.Fatalf("create: %v", err)
				}
				want(t, st, "first", 1)
			})
			t.Run("UpdateWithCurrentVersionIncrementsIt", func(t *testing.T) {
				st := open(t)
				for v, mark := range []string{"first", "second", "third"} {
					if err := write(t, st, int64(v), mark); err != nil {
						t.Fatalf("write at version %d: %v", v, err)
					}
					want(t, st, mark, int64(v)+1)
				}
			})
			t.Run("UpdateWithStaleVersionConflicts", func(t *testing.T) {
				st := open(t)
				if err := write(t, st, 0, "first"); err != nil {
					t.Fatalf("create: %v", err)
				}
				if err := write(t, st, 1, "second"); err != nil {
					t.Fatalf("update at version 1: %v", err)
				}
				wantKind(t, "update at stale version 1", write(t, st, 1, "stale"), fault.Conflict)
				want(t, st, "second", 2)
			})
			t.Run("UpdateWithUnseenVersionConflicts", func(t *testing.T) {
				st := open(t)
				if err := write(t, st, 0, "first"); err != nil {
					t.Fatalf("create: %v", err)
				}
				wantKind(t, "update at version 5", write(t, st, 5, "future"), fault.Conflict)
				want(t, st, "first", 1)
			})
			t.Run("CreateAgainConflicts", func(t *testing.T) {
				st := open(t)
				if err := write(t, st, 0, "first"); err != nil {
					t.Fatalf("create: %v", err)
				}
				wantKind(t, "create again", write(t, st, 0, "again"), fault.Conflict)
				want(t, st, "first", 1)
			})
			if k.name != "Campaign" { // a campaign that does not exist has no partition to update in
				t.Run("UpdateOfMissingItemConflicts", func(t *testing.T) {
					st := open(t)
					wantKind(t, "update a missing item", write(t, st, 1, "ghost"), fault.Conflict)
					if _, _, ok := k.read(t, st); ok {
						t.Fatalf("a failed update created the %s", k.name)
					}
				})
			}
		})
	}
}

func (s suite) failedCommit(t *testing.T) {
	const id = "camp-a"
	// setup leaves campaign camp-a at Version 2, character c1 and session s1
	// at Version 1, turn 1 committed (TurnCount 1), request req-0 known,
	// connection conn-1 live and the lease held by turn-2.
	setup := func(t *testing.T) game.Store {
		st := s.open(t)
		c := create(t, st, newCampaign(id, "p1"))
		c.LastPlayedAt = at(time.Minute)
		turn := newTurn(id, 1)
		state := newState(id)
		state.TurnCount = 1
		conn := newConnection("conn-1", id, "p1")
		commit(t, st, game.Tx{
			CampaignID:      id,
			Campaign:        &c,
			Characters:      []campaign.Character{newCharacter("c1", "p1")},
			Sessions:        []campaign.Session{newSession("s1", id, t0)},
			Turn:            &turn,
			State:           &state,
			ExpectTurnCount: 0,
			Request:         &campaign.Request{RequestID: "req-0", TurnID: turn.ID, CreatedAt: at(time.Minute)},
			PutConnection:   &conn,
		})
		lease := newLease("turn-2", at(2*time.Minute), at(10*time.Minute))
		commit(t, st, game.Tx{CampaignID: id, AcquireLease: &lease, LeaseNow: at(2 * time.Minute)})
		return st
	}
	// turnTwo is a valid commit after setup that writes every kind of item;
	// each case below breaks exactly one of its conditions.
	turnTwo := func() game.Tx {
		c := newCampaign(id, "p1")
		c.Version, c.LastPlayedAt = 2, at(3*time.Minute)
		c1 := newCharacter("c1", "p1")
		c1.Version, c1.HP = 1, 3
		s1 := newSession("s1", id, t0)
		ended := at(3 * time.Minute)
		s1.Version, s1.EndedAt, s1.EndReason = 1, &ended, campaign.PlayerEnded
		state := newState(id)
		state.TurnCount, state.Summary = 2, "The goblin fell."
		turn := newTurn(id, 2)
		member := newMember("p2", campaign.Player)
		conn := newConnection("conn-2", id, "p2")
		return game.Tx{
			CampaignID:        id,
			Campaign:          &c,
			Characters:        []campaign.Character{c1, newCharacter("c2", "p2")},
			Sessions:          []campaign.Session{s1},
			State:             &state,
			ExpectTurnCount:   1,
			Turn:              &turn,
			Member:            &member,
			Request:           &campaign.Request{RequestID: "req-2", TurnID: turn.ID, CreatedAt: at(3 * time.Minute)},
			ReleaseLease:      "turn-2",
			PutConnection:     &conn,
			DeleteConnections: []string{"conn-1"},
		}
	}

	t.Run("WholeTxApplies", func(t *testing.T) {
		st := setup(t)
		tx := turnTwo()
		commit(t, st, tx)
		snap := snapshot(t, st, id)
		if snap.Campaign.Version != 3 || !snap.Campaign.LastPlayedAt.Equal(at(3*time.Minute)) {
			t.Errorf("campaign at version %d played %s, want version 3 played %s", snap.Campaign.Version, snap.Campaign.LastPlayedAt, at(3*time.Minute))
		}
		wantChars := []campaign.Character{tx.Characters[0], tx.Characters[1]}
		wantChars[0].Version, wantChars[1].Version = 2, 1
		same(t, "characters", snap.Characters, wantChars)
		wantSession := tx.Sessions[0]
		wantSession.Version = 2
		same(t, "sessions", snap.Sessions, []campaign.Session{wantSession})
		same(t, "state", snap.State, *tx.State)
		same(t, "members", snap.Members, []campaign.Member{newMember("p1", campaign.Owner), *tx.Member})
		same(t, "connections", snap.Connections, []campaign.Connection{*tx.PutConnection})
		if snap.Lease != nil {
			t.Errorf("lease still held by %q", snap.Lease.TurnID)
		}
		same(t, "turns", sequences(turns(t, st, id, 0, 10)), []int{1, 2})
		req, err := st.Request(t.Context(), id, "req-2")
		if err != nil {
			t.Fatalf("request req-2: %v", err)
		}
		same(t, "request", req, *tx.Request)
	})

	for _, tc := range []struct {
		name  string
		spoil func(tx *game.Tx)
	}{
		{"StaleCampaignVersion", func(tx *game.Tx) { tx.Campaign.Version = 1 }},
		{"WrongCharacterVersion", func(tx *game.Tx) { tx.Characters[0].Version = 2 }},
		{"CharacterAlreadyExists", func(tx *game.Tx) { tx.Characters[0].Version = 0 }},
		{"SessionAlreadyExists", func(tx *game.Tx) { tx.Sessions[0].Version = 0 }},
		{"WrongTurnCount", func(tx *game.Tx) { tx.ExpectTurnCount = 0 }},
		{"TurnAlreadyExists", func(tx *game.Tx) { turn := newTurn(id, 1); tx.Turn = &turn }},
		{"PlayerAlreadyMember", func(tx *game.Tx) { m := newMember("p1", campaign.Player); tx.Member = &m }},
		{"RequestAlreadyKnown", func(tx *game.Tx) { tx.Request.RequestID = "req-0" }},
		{"LeaseReleasedByAnotherTurn", func(tx *game.Tx) { tx.ReleaseLease = "turn-x" }},
		{"LeaseHeldByAnotherTurn", func(tx *game.Tx) {
			lease := newLease("turn-x", at(3*time.Minute), at(13*time.Minute))
			tx.ReleaseLease, tx.AcquireLease, tx.LeaseNow = "", &lease, at(3*time.Minute)
		}},
	} {
		t.Run(tc.name+"ConflictsAndLeavesNoTrace", func(t *testing.T) {
			st := setup(t)
			before := snapshot(t, st, id)
			beforeTurns := turns(t, st, id, 0, 10)
			tx := turnTwo()
			tc.spoil(&tx)

			wantKind(t, "commit", st.Commit(t.Context(), tx), fault.Conflict)

			same(t, "snapshot", snapshot(t, st, id), before)
			same(t, "turns", turns(t, st, id, 0, 10), beforeTurns)
			_, err := st.Request(t.Context(), id, "req-2")
			wantKind(t, "request of the failed commit", err, fault.NotFound)
			_, err = st.ConnectionByID(t.Context(), "conn-2")
			wantKind(t, "connection put by the failed commit", err, fault.NotFound)
			if _, err := st.ConnectionByID(t.Context(), "conn-1"); err != nil {
				t.Errorf("connection deleted by the failed commit: %v", err)
			}
			theirs, err := st.CampaignsOf(t.Context(), "p2")
			if err != nil {
				t.Fatalf("campaigns of p2: %v", err)
			}
			if len(theirs) != 0 {
				t.Errorf("p2 joined through the failed commit: %v", ids(theirs))
			}
		})
	}
}

func (s suite) requests(t *testing.T) {
	t.Run("DuplicateIDConflictsAndFirstEffectStays", func(t *testing.T) {
		st := s.open(t)
		const id = "camp-a"
		create(t, st, newCampaign(id, "p1"))
		// The same client request arrives twice; each attempt resolved its
		// own turn, but only the first may take effect.
		attempt := func(seq int) game.Tx {
			turn := newTurn(id, seq)
			state := newState(id)
			state.TurnCount = seq
			state.Summary = fmt.Sprintf("after turn %d", seq)
			return game.Tx{
				CampaignID: id, Turn: &turn, State: &state, ExpectTurnCount: seq - 1,
				Request: &campaign.Request{RequestID: "r1", TurnID: turn.ID, CreatedAt: at(time.Duration(seq) * time.Minute)},
			}
		}
		first := attempt(1)
		commit(t, st, first)
		wantKind(t, "the same request again", st.Commit(t.Context(), attempt(2)), fault.Conflict)

		req, err := st.Request(t.Context(), id, "r1")
		if err != nil {
			t.Fatalf("request r1: %v", err)
		}
		same(t, "request", req, *first.Request)
		same(t, "turns", turns(t, st, id, 0, 10), []campaign.Turn{*first.Turn})
		same(t, "state", snapshot(t, st, id).State, *first.State)
	})

	// A turn released unsaved keeps its request, with its turn id and the
	// outcome, in the commit that frees the table and announces the drop:
	// a resend of the request is then told of that turn, never given a
	// new one. The three go together or not at all.
	const id = "camp-a"
	held := func(t *testing.T) game.Store {
		st := s.open(t)
		create(t, st, newCampaign(id, "p1"))
		lease := newLease("turn-1", at(time.Minute), at(10*time.Minute))
		commit(t, st, game.Tx{CampaignID: id, AcquireLease: &lease, LeaseNow: at(time.Minute), Events: []game.Event{newEvent(0)}})
		return st
	}
	drop := func() game.Tx {
		return game.Tx{
			CampaignID:   id,
			ReleaseLease: "turn-1",
			Request:      &campaign.Request{RequestID: "req-turn-1", TurnID: "turn-1", Outcome: campaign.RequestDropped, CreatedAt: at(2 * time.Minute)},
			Events:       []game.Event{{Data: []byte(`{"type":"turn.dropped","turn_id":"turn-1"}`), CreatedAt: at(2 * time.Minute)}},
		}
	}
	t.Run("DroppedTurnKeepsItsRequest", func(t *testing.T) {
		st := held(t)
		tx := drop()
		commit(t, st, tx)
		if l := snapshot(t, st, id).Lease; l != nil {
			t.Errorf("lease still held by %q", l.TurnID)
		}
		req, err := st.Request(t.Context(), id, "req-turn-1")
		if err != nil {
			t.Fatalf("request of the dropped turn: %v", err)
		}
		same(t, "request", req, *tx.Request)
		evs, err := st.Events(t.Context(), id, 1, 10)
		if err != nil {
			t.Fatalf("events: %v", err)
		}
		same(t, "events after turn.accepted", evs, []game.Event{{Seq: 2, Data: tx.Events[0].Data, CreatedAt: tx.Events[0].CreatedAt}})
	})
	for _, tc := range []struct {
		name  string
		spoil func(t *testing.T, st game.Store, tx *game.Tx)
	}{
		{"LeaseHeldByAnotherTurn", func(t *testing.T, st game.Store, tx *game.Tx) { tx.ReleaseLease = "turn-x" }},
		{"RequestAlreadyKnown", func(t *testing.T, st game.Store, tx *game.Tx) {
			// The turn was saved after all (a commit that failed to
			// answer): its request stays what the commit made it.
			commit(t, st, game.Tx{CampaignID: id, Request: &campaign.Request{RequestID: "req-turn-1", TurnID: "turn-1", CreatedAt: at(90 * time.Second)}})
		}},
	} {
		t.Run("Drop"+tc.name+"ConflictsAndLeavesNoTrace", func(t *testing.T) {
			st := held(t)
			tx := drop()
			tc.spoil(t, st, &tx)
			before := snapshot(t, st, id)
			beforeReq, beforeErr := st.Request(t.Context(), id, "req-turn-1")

			wantKind(t, "drop", st.Commit(t.Context(), tx), fault.Conflict)

			same(t, "snapshot", snapshot(t, st, id), before)
			req, err := st.Request(t.Context(), id, "req-turn-1")
			if fault.KindOf(err) != fault.KindOf(beforeErr) {
				t.Fatalf("request read %v after the failed drop, %v before", err, beforeErr)
			}
			same(t, "request", req, beforeReq)
			if n, err := st.LastSeq(t.Context(), id); err != nil || n != 1 {
				t.Errorf("LastSeq = %d, %v after the failed drop; want 1", n, err)
			}
		})
	}
}

func (s suite) racingWriters(t *testing.T) {
	const writers = 8
	const id = "camp-a"

	t.Run("OneTurnWins", func(t *testing.T) {
		st := s.open(t)
		create(t, st, newCampaign(id, "p1"))
		const n = 0 // the TurnCount every writer read
		txs := make([]game.Tx, writers)
		for i := range txs {
			turn := newTurn(id, n+1)
			turn.ID = fmt.Sprintf("turn-of-writer-%d", i)
			state := newState(id)
			state.TurnCount, state.Summary = n+1, fmt.Sprintf("writer %d won", i)
			txs[i] = game.Tx{CampaignID: id, Turn: &turn, State: &state, ExpectTurnCount: n}
		}
		w := oneWinner(t, race(writers, func(i int) error { return st.Commit(t.Context(), txs[i]) }))

		same(t, "turns", turns(t, st, id, 0, 10), []campaign.Turn{*txs[w].Turn})
		same(t, "state", snapshot(t, st, id).State, *txs[w].State)
	})

	t.Run("OneCharacterUpdateWins", func(t *testing.T) {
		st := s.open(t)
		create(t, st, newCampaign(id, "p1"))
		commit(t, st, game.Tx{CampaignID: id, Characters: []campaign.Character{newCharacter("c1", "p1")}})
		w := oneWinner(t, race(writers, func(i int) error {
			ch := newCharacter("c1", "p1")
			ch.Version, ch.HP = 1, i
			return st.Commit(t.Context(), game.Tx{CampaignID: id, Characters: []campaign.Character{ch}})
		}))
		chars := snapshot(t, st, id).Characters
		if len(chars) != 1 || chars[0].HP != w || chars[0].Version != 2 {
			t.Fatalf("got %+v, want c1 with HP %d at version 2", chars, w)
		}
	})

	t.Run("OneCampaignCreateWins", func(t *testing.T) {
		st := s.open(t)
		w := oneWinner(t, race(writers, func(i int) error {
			c := newCampaign(id, fmt.Sprintf("p%d", i))
			return st.Commit(t.Context(), createTx(c))
		}))
		snap := snapshot(t, st, id)
		owner := fmt.Sprintf("p%d", w)
		if snap.Campaign.OwnerID != owner || len(snap.Members) != 1 || snap.Members[0].PlayerID != owner {
			t.Fatalf("owner %q with members %+v, want only the winner %q", snap.Campaign.OwnerID, snap.Members, owner)
		}
	})

	t.Run("OneLeaseWins", func(t *testing.T) {
		st := s.open(t)
		create(t, st, newCampaign(id, "p1"))
		leases := make([]campaign.Lease, writers)
		for i := range leases {
			leases[i] = newLease(fmt.Sprintf("turn-%d", i), t0, at(time.Minute))
		}
		w := oneWinner(t, race(writers, func(i int) error {
			return st.Commit(t.Context(), game.Tx{CampaignID: id, AcquireLease: &leases[i], LeaseNow: t0})
		}))
		same(t, "lease", snapshot(t, st, id).Lease, &leases[w])
	})
}

func (s suite) lease(t *testing.T) {
	const id = "camp-a"
	// held is turn-1's lease, taken at t0 and expiring 5 minutes later.
	held := newLease("turn-1", t0, at(5*time.Minute))
	open := func(t *testing.T) game.Store {
		st := s.open(t)
		create(t, st, newCampaign(id, "p1"))
		commit(t, st, game.Tx{CampaignID: id, AcquireLease: &held, LeaseNow: t0})
		return st
	}
	acquire := func(t *testing.T, st game.Store, l campaign.Lease, now time.Time) error {
		return st.Commit(t.Context(), game.Tx{CampaignID: id, AcquireLease: &l, LeaseNow: now})
	}
	release := func(t *testing.T, st game.Store, turnID string) error {
		return st.Commit(t.Context(), game.Tx{CampaignID: id, ReleaseLease: turnID})
	}
	wantLease := func(t *testing.T, st game.Store, want *campaign.Lease) {
		t.Helper()
		same(t, "lease", snapshot(t, st, id).Lease, want)
	}

	t.Run("AcquiredWhenFree", func(t *testing.T) {
		wantLease(t, open(t), &held)
	})
	t.Run("OtherTurnWhileUnexpiredConflicts", func(t *testing.T) {
		st := open(t)
		other := newLease("turn-2", at(time.Minute), at(6*time.Minute))
		wantKind(t, "acquire a held lease", acquire(t, st, other, at(time.Minute)), fault.Conflict)
		wantLease(t, st, &held)
	})
	t.Run("SameTurnRenews", func(t *testing.T) {
		st := open(t)
		renewed := newLease("turn-1", at(time.Minute), at(9*time.Minute))
		if err := acquire(t, st, renewed, at(time.Minute)); err != nil {
			t.Fatalf("renew: %v", err)
		}
		wantLease(t, st, &renewed)
	})
	t.Run("OtherTurnAfterExpiryTakesIt", func(t *testing.T) {
		st := open(t)
		other := newLease("turn-2", at(6*time.Minute), at(11*time.Minute))
		if err := acquire(t, st, other, at(6*time.Minute)); err != nil {
			t.Fatalf("acquire an expired lease: %v", err)
		}
		wantLease(t, st, &other)
	})
	t.Run("ExpiredLeaseStillShown", func(t *testing.T) {
		// The snapshot reports the lease expired or not: the store has no
		// clock to judge by, and the caller decides with its own.
		st := s.open(t)
		create(t, st, newCampaign(id, "p1"))
		old := newLease("turn-1", at(-2*time.Hour), at(-time.Hour))
		if err := acquire(t, st, old, at(-2*time.Hour)); err != nil {
			t.Fatalf("acquire: %v", err)
		}
		wantLease(t, st, &old)
	})
	t.Run("ReleaseByOtherTurnConflicts", func(t *testing.T) {
		st := open(t)
		wantKind(t, "release by turn-2", release(t, st, "turn-2"), fault.Conflict)
		wantLease(t, st, &held)
	})
	t.Run("ReleaseByHolderFreesIt", func(t *testing.T) {
		st := open(t)
		if err := release(t, st, "turn-1"); err != nil {
			t.Fatalf("release: %v", err)
		}
		wantLease(t, st, nil)
		// Free means free: another turn takes it before the old expiry.
		next := newLease("turn-2", at(time.Minute), at(6*time.Minute))
		if err := acquire(t, st, next, at(time.Minute)); err != nil {
			t.Fatalf("acquire after release: %v", err)
		}
		wantLease(t, st, &next)
	})
	t.Run("ReleaseWhenFreeConflicts", func(t *testing.T) {
		st := s.open(t)
		create(t, st, newCampaign(id, "p1"))
		wantKind(t, "release a lease nobody holds", release(t, st, "turn-1"), fault.Conflict)
		wantLease(t, st, nil)
	})
	t.Run("StateWriteKeepsLease", func(t *testing.T) {
		// A Tx without lease fields writes nothing to the lease.
		st := open(t)
		state := newState(id)
		state.Summary = "A roll is pending."
		commit(t, st, game.Tx{CampaignID: id, State: &state, ExpectTurnCount: 0})
		wantLease(t, st, &held)
		same(t, "state", snapshot(t, st, id).State, state)
	})
	t.Run("LeaseOnTheTurnCountItWasDecidedOn", func(t *testing.T) {
		// A turn decided at turn count 0 takes the free lease while the
		// count is still 0.
		st := s.open(t)
		create(t, st, newCampaign(id, "p1"))
		decided := 0
		commit(t, st, game.Tx{CampaignID: id, AcquireLease: &held, LeaseNow: t0, LeaseTurnCount: &decided, Events: []game.Event{newEvent(0)}})
		wantLease(t, st, &held)
	})
	t.Run("LeaseAfterTheTableMovedOnConflicts", func(t *testing.T) {
		// Another turn took and freed the lease, and committed, between
		// this turn's read and its acquire: the lease is free, but the
		// decision was made on a table that is gone.
		st := s.open(t)
		c := create(t, st, newCampaign(id, "p1"))
		other := newLease("turn-0", t0, at(5*time.Minute))
		commit(t, st, game.Tx{CampaignID: id, AcquireLease: &other, LeaseNow: t0})
		c.LastPlayedAt = at(time.Minute)
		turn, state := newTurn(id, 1), newState(id)
		state.TurnCount = 1
		commit(t, st, game.Tx{CampaignID: id, Campaign: &c, Turn: &turn, State: &state, ExpectTurnCount: 0, ReleaseLease: "turn-0"})
		before := snapshot(t, st, id).LastSeq
		decided := 0
		err := st.Commit(t.Context(), game.Tx{CampaignID: id, AcquireLease: &held, LeaseNow: at(2 * time.Minute), LeaseTurnCount: &decided,
			Events: []game.Event{newEvent(0)}})
		wantKind(t, "acquire on a stale turn count", err, fault.Conflict)
		snap := snapshot(t, st, id)
		same(t, "lease", snap.Lease, (*campaign.Lease)(nil))
		if snap.LastSeq != before {
			t.Errorf("last seq %d after a refused acquire, want %d: its events were appended", snap.LastSeq, before)
		}
		// Decided again on the table as it is, it is granted.
		decided = 1
		commit(t, st, game.Tx{CampaignID: id, AcquireLease: &held, LeaseNow: at(2 * time.Minute), LeaseTurnCount: &decided})
		wantLease(t, st, &held)
	})
	t.Run("LeaseTurnCountWithoutLeaseOrWithStateInvalid", func(t *testing.T) {
		st := s.open(t)
		create(t, st, newCampaign(id, "p1"))
		decided := 0
		wantKind(t, "a turn count with no lease", st.Commit(t.Context(), game.Tx{CampaignID: id, LeaseTurnCount: &decided}), fault.Invalid)
		state := newState(id)
		wantKind(t, "a turn count with the state written", st.Commit(t.Context(), game.Tx{CampaignID: id, AcquireLease: &held, LeaseNow: t0,
			LeaseTurnCount: &decided, State: &state, ExpectTurnCount: 0}), fault.Invalid)
		wantLease(t, st, nil)
	})
	t.Run("TurnCommitReleasesLease", func(t *testing.T) {
		st := open(t)
		c := newCampaign(id, "p1")
		c.Version, c.LastPlayedAt = 1, at(2*time.Minute)
		turn := newTurn(id, 1)
		state := newState(id)
		state.TurnCount = 1
		commit(t, st, game.Tx{CampaignID: id, Campaign: &c, Turn: &turn, State: &state, ExpectTurnCount: 0, ReleaseLease: "turn-1"})
		snap := snapshot(t, st, id)
		if snap.Lease != nil {
			t.Errorf("lease still held by %q", snap.Lease.TurnID)
		}
		if snap.State.TurnCount != 1 {
			t.Errorf("turn count %d, want 1", snap.State.TurnCount)
		}
		same(t, "turns", turns(t, st, id, 0, 10), []campaign.Turn{turn})
	})
}

func (s suite) state(t *testing.T) {
	const id = "camp-a"
	t.Run("RightTurnCountReplaces", func(t *testing.T) {
		st := s.open(t)
		create(t, st, newCampaign(id, "p1"))
		for n := range 3 {
			state := newState(id)
			state.TurnCount, state.Summary, state.UpdatedAt = n+1, fmt.Sprintf("after %d turns", n+1), at(time.Duration(n)*time.Minute)
			state.Scene.NPCs = append(state.Scene.NPCs, fmt.Sprintf("goblin-%d", n))
			commit(t, st, game.Tx{CampaignID: id, State: &state, ExpectTurnCount: n})
			same(t, "state", snapshot(t, st, id).State, state)
		}
	})
	t.Run("WrongTurnCountConflicts", func(t *testing.T) {
		st := s.open(t)
		create(t, st, newCampaign(id, "p1"))
		for _, expect := range []int{1, -1, 7} {
			state := newState(id)
			state.TurnCount, state.Summary = expect+1, "should not be stored"
			err := st.Commit(t.Context(), game.Tx{CampaignID: id, State: &state, ExpectTurnCount: expect})
			wantKind(t, fmt.Sprintf("state expecting turn count %d", expect), err, fault.Conflict)
		}
		same(t, "state", snapshot(t, st, id).State, newState(id))
	})
	t.Run("NewStateAgainConflicts", func(t *testing.T) {
		st := s.open(t)
		create(t, st, newCampaign(id, "p1"))
		state := newState(id)
		state.Summary = "should not be stored"
		wantKind(t, "create the state again", st.Commit(t.Context(), game.Tx{CampaignID: id, NewState: &state}), fault.Conflict)
		same(t, "state", snapshot(t, st, id).State, newState(id))
	})
}
