package storetest

import (
	"fmt"
	"testing"
	"time"

	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/game"
	"chronicler/shared/revert"
)

// takeBack holds the writes that take a turn back (an undo: DropTurn and
// Undone) or tell it again (an X-card: ReplaceTurn), and what a turn keeps
// of what it replaced (Before), apart from the turn and for a time
// (TurnBefore).
func (s suite) takeBack(t *testing.T) {
	const id = "camp-a"
	patch := func(before, after string) revert.Patch {
		p, err := revert.Diff([]byte(before), []byte(after))
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	withBefore := func(seq int) campaign.Turn {
		turn := newTurn(id, seq)
		turn.Before = &campaign.TurnBefore{State: patch(`{"turn_count":1}`, fmt.Sprintf(`{"turn_count":%d}`, seq+1)),
			Characters:        map[string]revert.Patch{"c1": patch(`{"hp":9}`, `{"hp":4,"prone":true}`)},
			CharacterVersions: map[string]int64{"c1": 3}, Encounter: "enc-1", EncounterVersion: 2,
			EncounterPatch: patch(`{"round":1,"order":[1]}`, `{"round":2,"order":[1,2]}`),
			Memory:         patch(`{"docs":[]}`, `{"docs":[{"turn":1}]}`), Eventful: true,
			Scene: &campaign.Scene{Location: "Cellar"}}
		return turn
	}
	kept := func(t *testing.T, st game.Store, turn campaign.Turn) campaign.TurnBefore {
		t.Helper()
		b, err := st.TurnBefore(t.Context(), id, turn.Sequence, turn.ID)
		if err != nil {
			t.Fatalf("what turn %d replaced: %v", turn.Sequence, err)
		}
		return b
	}
	undoneTurns := func(t *testing.T, st game.Store) []campaign.Turn {
		t.Helper()
		undone, err := st.UndoneTurns(t.Context(), id, 10)
		if err != nil {
			t.Fatalf("undone turns: %v", err)
		}
		return undone
	}
	// firstTurn creates the campaign on st and commits its first turn,
	// with what that turn replaced.
	firstTurn := func(t *testing.T, st game.Store) campaign.Turn {
		t.Helper()
		create(t, st, newCampaign(id, "p1"))
		turn := withBefore(1)
		commit(t, st, game.Tx{CampaignID: id, Turn: &turn})
		return turn
	}
	marked := func(turn campaign.Turn) campaign.Turn {
		turn.Undone = &campaign.TurnUndone{At: at(time.Hour), By: "p1"}
		return turn
	}
	t.Run("WhatATurnReplacedIsKeptApartFromItsTurn", func(t *testing.T) {
		st, _ := s.clocked(t) // at t0, when the turns were committed
		turn := firstTurn(t, st)
		same(t, "what the turn replaced", kept(t, st, turn), *turn.Before)
		bare := turn
		bare.Before = nil
		same(t, "turns", turns(t, st, id, 0, 10), []campaign.Turn{bare})
		recent, err := st.RecentTurns(t.Context(), id, 0, 10)
		if err != nil {
			t.Fatal(err)
		}
		if len(recent) != 1 || recent[0].Before != nil {
			t.Fatalf("recent turns kept what the turn replaced: %+v", recent)
		}
		_, err = st.TurnBefore(t.Context(), id, 1, "turn-other")
		wantKind(t, "what another turn of the sequence replaced", err, fault.NotFound)
		_, err = st.TurnBefore(t.Context(), id, 2, turn.ID)
		wantKind(t, "what a turn never committed replaced", err, fault.NotFound)
	})
	t.Run("WhatATurnReplacedExpires", func(t *testing.T) {
		st, clock := s.clocked(t)
		create(t, st, newCampaign(id, "p1"))
		turn := withBefore(1)
		turn.CreatedAt = clock.Now()
		commit(t, st, game.Tx{CampaignID: id, Turn: &turn})
		clock.Add(campaign.TurnBeforeTTL - time.Second)
		same(t, "what the turn replaced, a second before it expires", kept(t, st, turn), *turn.Before)
		clock.Add(time.Second)
		_, err := st.TurnBefore(t.Context(), id, 1, turn.ID)
		wantKind(t, "what the turn replaced, once expired", err, fault.NotFound)
	})
	t.Run("ARetellingKeepsWhatItsTurnReplacedOrItsOwn", func(t *testing.T) {
		st, _ := s.clocked(t) // at t0, when the turns were committed
		turn := firstTurn(t, st)
		bare := turn
		bare.Before, bare.Narration = nil, "Told again."
		commit(t, st, game.Tx{CampaignID: id, Turn: &bare, ReplaceTurn: turn.ID})
		same(t, "what the turn replaced, after a retelling without its own", kept(t, st, turn), *turn.Before)
		own := bare
		own.Before = &campaign.TurnBefore{State: patch(`{"summary":"a"}`, `{"summary":"b"}`)}
		commit(t, st, game.Tx{CampaignID: id, Turn: &own, ReplaceTurn: turn.ID})
		same(t, "what the turn replaced, after a retelling with its own", kept(t, st, turn), *own.Before)
	})
	t.Run("AnUndoFreesTheSequenceAndKeepsTheTurnMarked", func(t *testing.T) {
		st, _ := s.clocked(t) // at t0, when the turns were committed
		create(t, st, newCampaign(id, "p1"))
		first, second := withBefore(1), withBefore(2)
		commit(t, st, game.Tx{CampaignID: id, Turn: &first})
		commit(t, st, game.Tx{CampaignID: id, Turn: &second})
		commit(t, st, game.Tx{CampaignID: id, DropTurn: &game.TurnRef{Sequence: 2, ID: second.ID}, Undone: []campaign.Turn{marked(second)}})
		same(t, "sequences left", sequences(turns(t, st, id, 0, 10)), []int{1})
		keptTurn := marked(second)
		keptTurn.Before = nil
		same(t, "undone turns", undoneTurns(t, st), []campaign.Turn{keptTurn})
		again := withBefore(2)
		again.ID = "turn-again"
		again.Before.Eventful = false
		commit(t, st, game.Tx{CampaignID: id, Turn: &again})
		same(t, "sequences after the next turn", sequences(turns(t, st, id, 0, 10)), []int{1, 2})
		same(t, "what the next turn of the sequence replaced", kept(t, st, again), *again.Before)
		_, err := st.TurnBefore(t.Context(), id, 2, second.ID)
		wantKind(t, "what the turn taken back replaced", err, fault.NotFound)
	})
	t.Run("AnUndoMarksTheRequestOfItsTurn", func(t *testing.T) {
		// A repeat of the request that played a turn taken back reads
		// that it was: the mark replaces what was remembered, in the
		// undo's own commit.
		st, _ := s.clocked(t)
		create(t, st, newCampaign(id, "p1"))
		turn := withBefore(1)
		played := campaign.Request{RequestID: turn.RequestID, TurnID: turn.ID, CreatedAt: turn.CreatedAt}
		commit(t, st, game.Tx{CampaignID: id, Turn: &turn, Request: &played})
		undone := played
		undone.Outcome = campaign.RequestUndone
		commit(t, st, game.Tx{CampaignID: id, DropTurn: &game.TurnRef{Sequence: 1, ID: turn.ID}, Undone: []campaign.Turn{marked(turn)}, MarkRequest: &undone})
		req, err := st.Request(t.Context(), id, turn.RequestID)
		if err != nil {
			t.Fatalf("the request of the turn taken back: %v", err)
		}
		same(t, "the request of the turn taken back", req, undone)
		// Marked still, it is no new request.
		wantKind(t, "the marked request remembered again", st.Commit(t.Context(), game.Tx{CampaignID: id, Request: &played}), fault.Conflict)
	})
	t.Run("AMarkOfAnUnknownRequestRemembersIt", func(t *testing.T) {
		st, clock := s.clocked(t)
		create(t, st, newCampaign(id, "p1"))
		// A claim marked keeps its expiry.
		mark := campaign.Request{RequestID: "flow-1", TurnID: "turn-1", Outcome: campaign.RequestUndone, CreatedAt: at(0), ExpiresAt: ptr(at(time.Hour))}
		commit(t, st, game.Tx{CampaignID: id, MarkRequest: &mark})
		req, err := st.Request(t.Context(), id, mark.RequestID)
		if err != nil {
			t.Fatalf("the marked request: %v", err)
		}
		same(t, "the marked request", req, mark)
		clock.Set(at(time.Hour))
		_, err = st.Request(t.Context(), id, mark.RequestID)
		wantKind(t, "the marked claim at its expiry", err, fault.NotFound)
	})
	t.Run("AMarkBesideTheSameRequestIsInvalidAndWritesNothing", func(t *testing.T) {
		st := s.open(t)
		create(t, st, newCampaign(id, "p1"))
		req := campaign.Request{RequestID: "req-1", TurnID: "turn-1", CreatedAt: t0}
		mark := req
		mark.Outcome = campaign.RequestUndone
		err := st.Commit(t.Context(), game.Tx{CampaignID: id, Request: &req, MarkRequest: &mark})
		wantKind(t, "remember and mark one request", err, fault.Invalid)
		_, err = st.Request(t.Context(), id, req.RequestID)
		wantKind(t, "the request of the invalid commit", err, fault.NotFound)
	})
	t.Run("AnUndoOfAnotherTurnConflictsAndKeepsNothing", func(t *testing.T) {
		st := s.open(t)
		turn := firstTurn(t, st)
		other := marked(turn)
		other.ID = "turn-other"
		err := st.Commit(t.Context(), game.Tx{CampaignID: id, DropTurn: &game.TurnRef{Sequence: 1, ID: other.ID}, Undone: []campaign.Turn{other}})
		wantKind(t, "drop another turn's sequence", err, fault.Conflict)
		same(t, "sequences", sequences(turns(t, st, id, 0, 10)), []int{1})
		undone := undoneTurns(t, st)
		same(t, "undone turns", undone, []campaign.Turn{})
		if undone == nil {
			t.Error("no undone turn is nil, want an empty list") // same holds nil and empty equal
		}
	})
	t.Run("ATurnTakenBackTwiceConflicts", func(t *testing.T) {
		st := s.open(t)
		create(t, st, newCampaign(id, "p1"))
		turn := withBefore(1)
		commit(t, st, game.Tx{CampaignID: id, Undone: []campaign.Turn{marked(turn)}})
		err := st.Commit(t.Context(), game.Tx{CampaignID: id, Undone: []campaign.Turn{marked(turn)}})
		wantKind(t, "keep the same turn twice", err, fault.Conflict)
	})
	t.Run("ARetellingReplacesOnlyItsTurn", func(t *testing.T) {
		st := s.open(t)
		turn := firstTurn(t, st)
		retold := turn
		retold.Narration, retold.Withdrawn = "The goblin reels back.", 1
		commit(t, st, game.Tx{CampaignID: id, Turn: &retold, ReplaceTurn: turn.ID})
		retold.Before = nil // kept apart
		same(t, "retold turn", turns(t, st, id, 0, 10), []campaign.Turn{retold})
		stale := retold
		stale.Narration = "Something else."
		err := st.Commit(t.Context(), game.Tx{CampaignID: id, Turn: &stale, ReplaceTurn: "turn-other"})
		wantKind(t, "retell another turn", err, fault.Conflict)
		same(t, "turn after a refused retelling", turns(t, st, id, 0, 10), []campaign.Turn{retold})
		missing := newTurn(id, 5)
		err = st.Commit(t.Context(), game.Tx{CampaignID: id, Turn: &missing, ReplaceTurn: missing.ID})
		wantKind(t, "retell a turn never committed", err, fault.Conflict)
	})
}
