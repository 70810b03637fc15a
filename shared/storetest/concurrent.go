package storetest

import (
	"fmt"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/game"
)

// concurrentCampaigns holds campaigns to being independent under load, as
// a store that shares its transactions or its disk syncs between writers
// (SQLite's group commit) must keep them: many campaigns written at once
// all land whole, each campaign's writes apply in the order they were
// made, and a write that fails its condition fails alone, leaving nothing
// of itself and taking nothing of the others with it.
func (s suite) concurrentCampaigns(t *testing.T) {
	st := s.open(t)
	const campaigns, played = 16, 6
	id := func(i int) string { return fmt.Sprintf("camp-%02d", i) }
	for i := range campaigns {
		create(t, st, newCampaign(id(i), "p1"))
	}
	turnTx := func(i, seq int) game.Tx {
		turn := newTurn(id(i), seq)
		state := newState(id(i))
		state.TurnCount = seq
		return game.Tx{CampaignID: id(i), Turn: &turn, State: &state, ExpectTurnCount: seq - 1}
	}
	errs := race(campaigns, func(i int) error {
		for seq := 1; seq <= played; seq++ {
			if err := st.Commit(t.Context(), turnTx(i, seq)); err != nil {
				return fmt.Errorf("turn %d: %w", seq, err)
			}
			// The same turn again, as a writer that read the campaign
			// before it: it must fail, and leave no character behind.
			stale := turnTx(i, seq)
			stale.Characters = []campaign.Character{newCharacter(fmt.Sprintf("ghost-%d", seq), "p1")}
			if err := st.Commit(t.Context(), stale); !fault.Is(err, fault.Conflict) {
				return fmt.Errorf("stale turn %d: got %v, want a Conflict", seq, err)
			}
		}
		return nil
	})
	for i, err := range errs {
		if err != nil {
			t.Errorf("%s: %v", id(i), err)
		}
	}
	for i := range campaigns {
		want := make([]campaign.Turn, played)
		for seq := 1; seq <= played; seq++ {
			want[seq-1] = *turnTx(i, seq).Turn
		}
		same(t, id(i)+" turns", turns(t, st, id(i), 0, 100), want)
		snap := snapshot(t, st, id(i))
		if snap.State.TurnCount != played || len(snap.Characters) != 0 {
			t.Errorf("%s: turn count %d, characters %+v; want %d and none", id(i), snap.State.TurnCount, snap.Characters, played)
		}
	}
}
