package storetest

import (
	"testing"
	"time"

	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/game"
)

// takeBack holds the writes that take a turn back (an undo: DropTurn and
// Undone) or tell it again (an X-card: ReplaceTurn), and what a turn keeps
// of what it replaced (Before).
func (s suite) takeBack(t *testing.T) {
	const id = "camp-a"
	withBefore := func(seq int) campaign.Turn {
		turn := newTurn(id, seq)
		st := newState(id)
		st.TurnCount = seq - 1
		turn.Before = &campaign.TurnBefore{State: st, Memory: []byte{0x1f, 0x8b, 1, 2, 3},
			Characters:        []campaign.Character{{ID: "c1", Name: "Bram", HP: 9, MaxHP: 12}},
			CharacterVersions: map[string]int64{"c1": 3}, EncounterVersion: 2, Eventful: true,
			Scene: &campaign.Scene{Location: "Cellar"}}
		return turn
	}
	marked := func(turn campaign.Turn) campaign.Turn {
		turn.Undone = &campaign.TurnUndone{At: at(time.Hour), By: "p1"}
		return turn
	}
	t.Run("BeforeRoundTripsAndRecentTurnsLeaveItOut", func(t *testing.T) {
		st := s.open(t)
		create(t, st, newCampaign(id, "p1"))
		turn := withBefore(1)
		commit(t, st, game.Tx{CampaignID: id, Turn: &turn})
		same(t, "turns", turns(t, st, id, 0, 10), []campaign.Turn{turn})
		recent, err := st.RecentTurns(t.Context(), id, 0, 10)
		if err != nil {
			t.Fatal(err)
		}
		if len(recent) != 1 || recent[0].Before != nil {
			t.Fatalf("recent turns kept what the turn replaced: %+v", recent)
		}
	})
	t.Run("AnUndoFreesTheSequenceAndKeepsTheTurnMarked", func(t *testing.T) {
		st := s.open(t)
		create(t, st, newCampaign(id, "p1"))
		first, second := withBefore(1), withBefore(2)
		commit(t, st, game.Tx{CampaignID: id, Turn: &first})
		commit(t, st, game.Tx{CampaignID: id, Turn: &second})
		commit(t, st, game.Tx{CampaignID: id, DropTurn: &game.TurnRef{Sequence: 2, ID: second.ID}, Undone: []campaign.Turn{marked(second)}})
		same(t, "sequences left", sequences(turns(t, st, id, 0, 10)), []int{1})
		kept := marked(second)
		kept.Before = nil
		undone, err := st.UndoneTurns(t.Context(), id, 10)
		if err != nil {
			t.Fatal(err)
		}
		same(t, "undone turns", undone, []campaign.Turn{kept})
		again := newTurn(id, 2)
		again.ID = "turn-again"
		commit(t, st, game.Tx{CampaignID: id, Turn: &again})
		same(t, "sequences after the next turn", sequences(turns(t, st, id, 0, 10)), []int{1, 2})
	})
	t.Run("AnUndoOfAnotherTurnConflictsAndKeepsNothing", func(t *testing.T) {
		st := s.open(t)
		create(t, st, newCampaign(id, "p1"))
		turn := withBefore(1)
		commit(t, st, game.Tx{CampaignID: id, Turn: &turn})
		other := marked(turn)
		other.ID = "turn-other"
		err := st.Commit(t.Context(), game.Tx{CampaignID: id, DropTurn: &game.TurnRef{Sequence: 1, ID: other.ID}, Undone: []campaign.Turn{other}})
		wantKind(t, "drop another turn's sequence", err, fault.Conflict)
		same(t, "sequences", sequences(turns(t, st, id, 0, 10)), []int{1})
		undone, err := st.UndoneTurns(t.Context(), id, 10)
		if err != nil {
			t.Fatal(err)
		}
		same(t, "undone turns", undone, []campaign.Turn{})
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
		create(t, st, newCampaign(id, "p1"))
		turn := withBefore(1)
		commit(t, st, game.Tx{CampaignID: id, Turn: &turn})
		retold := turn
		retold.Narration, retold.Withdrawn = "The goblin reels back.", 1
		commit(t, st, game.Tx{CampaignID: id, Turn: &retold, ReplaceTurn: turn.ID})
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
