package game_test

import (
	"context"
	"testing"

	"chronicler/events"
	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/game"
	"chronicler/shared/rules/encounter"
)

// Bryn, alone at the table, falls to a goblin fighting to the death; the
// owner ends the fight between two of its flow's steps, while he is
// dying. His minutes after the fight are played out as they are when a
// fight ends by itself (nobody at hand: his death saves decide), so he
// is stable, dead or, on a natural 20, awake with 1 HP, never left dying
// with his saves frozen; and alive, he may rest.
func TestTheOwnersEndPlaysTheDyingOut(t *testing.T) {
	f := newFixture(t)
	f.svc.Fights = &flows{}
	ctx := context.Background()
	owner := game.Player{ID: "p-c1", Name: "Aria"}
	c, bryn := soloAgainstThreeGoblins(t, f, campaign.OnDefeatFightToTheDeath)
	var e encounter.Encounter
	for range 4 * encounter.MaxParticipants {
		var ok bool
		if _, e, ok, _ = activeFor(t, mustSnap(t, f, c.ID)); !ok {
			t.Fatal("the fight ended before the owner could end it")
		}
		if p, _ := e.Participant(bryn.ID); p.Combatant.Dying() {
			break
		}
		if _, err := f.svc.FightTurn(ctx, c.ID, "flow-1"); err != nil {
			t.Fatal(err)
		}
	}
	if p, _ := e.Participant(bryn.ID); !p.Combatant.Dying() {
		t.Fatal("Bryn was never dying between the flow's steps: the test shows nothing")
	}

	if _, err := f.svc.EndEncounter(ctx, owner, c.ID, e.ID, events.EndEncounter{Outcome: "defeat"}); err != nil {
		t.Fatal(err)
	}
	ch := *characterOfSnap(t, mustSnap(t, f, c.ID), bryn.ID)
	if ch.HP <= 0 && !ch.Stable && !ch.Dead {
		t.Fatalf("after the owner's End Bryn is still dying: %d HP, death saves %+v", ch.HP, ch.DeathSaves)
	}
	if ch.Dead {
		t.Fatalf("Bryn died of his saves: the test's dice show no rest (%+v)", ch.DeathSaves)
	}
	err := f.act(t, "c1", bryn.ID, "rest", "", &events.Intent{Kind: "rest", Rest: "short"})
	if fault.ReasonOf(err) == fault.ActorStateRestricted {
		t.Errorf("stable after the fight, Bryn's rest is refused: %v", err)
	} else if err != nil {
		t.Errorf("Bryn's rest: %v", err)
	}
}

func characterOfSnap(t *testing.T, snap game.Snapshot, id string) *campaign.Character {
	t.Helper()
	for i := range snap.Characters {
		if snap.Characters[i].ID == id {
			return &snap.Characters[i]
		}
	}
	t.Fatalf("no character %s", id)
	return nil
}
