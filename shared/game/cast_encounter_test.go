package game_test

import (
	"context"
	"strings"
	"testing"

	"chronicler/events"
	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/game"
	"chronicler/shared/narrator"
	"chronicler/shared/rules/encounter"
)

// TestCastInAnEncounter: during a fight a cast goes through the
// encounter: its turn order, its action economy, and its participants as
// targets.
func TestCastInAnEncounter(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	c, owner := f.table(t, "Crypt", "c1")
	cleric, err := f.svc.CreateCharacter(ctx, owner, c.ID, campaign.NewCharacter{Name: "Ilse", Race: "dwarf", Class: "cleric"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.StartEncounter(ctx, owner, c.ID, startReq(t, `{"monsters":[{"srd_id":"ogre","count":1}]}`)); err != nil {
		t.Fatal(err)
	}
	wizard := mustSnap(t, f, c.ID).Characters[0]
	if wizard.ID == cleric.ID {
		wizard = mustSnap(t, f, c.ID).Characters[1]
	}
	now := func() encounter.Encounter {
		_, e, ok, _ := activeFor(t, mustSnap(t, f, c.ID))
		if !ok {
			t.Fatal("no encounter under way")
		}
		return e
	}
	turns := func() []campaign.Turn {
		ts, err := f.store.Turns(ctx, c.ID, 0, 200)
		if err != nil {
			t.Fatal(err)
		}
		return ts
	}
	e := now()
	if e.Current != wizard.ID && e.Current != cleric.ID {
		t.Fatalf("current %q: the ogre's turn should have been played", e.Current)
	}
	up, waiting := wizard, cleric
	if e.Current == cleric.ID {
		up, waiting = cleric, wizard
	}

	t.Run("OutOfTurnIsRefused", func(t *testing.T) {
		before := len(turns())
		err := f.act(t, "c1", waiting.ID, "early", "", &events.Intent{Kind: "cast", Spell: "sacred-flame", TargetIDs: []string{"ogre-1"}})
		if !fault.Is(err, fault.Invalid) || !strings.Contains(err.Error(), "not_your_turn") {
			t.Fatalf("err = %v, want not_your_turn", err)
		}
		if len(turns()) != before {
			t.Fatal("a refused cast was committed")
		}
	})
	t.Run("CheckWaitsForTheTurnAndLeavesItOpen", func(t *testing.T) {
		before := len(turns())
		err := f.act(t, "c1", waiting.ID, "early-check", "", &events.Intent{Kind: "check", Ability: "wis", Skill: "perception"})
		if !fault.Is(err, fault.Invalid) || !strings.Contains(err.Error(), "not_your_turn") {
			t.Fatalf("err = %v, want not_your_turn", err)
		}
		if len(turns()) != before {
			t.Fatal("a refused check was committed")
		}
		if err := f.act(t, "c1", up.ID, "own-check", "", &events.Intent{Kind: "check", Ability: "wis", Skill: "perception"}); err != nil {
			t.Fatal(err)
		}
		if now().Current != up.ID {
			t.Fatalf("a check ended %s's turn", up.Name)
		}
	})
	t.Run("CantripAtAMonsterEndsTheTurn", func(t *testing.T) {
		spell := "fire-bolt"
		if up.ID == cleric.ID {
			spell = "sacred-flame"
		}
		if err := f.act(t, "c1", up.ID, "cantrip", "", &events.Intent{Kind: "cast", Spell: spell, TargetIDs: []string{"ogre-1"}}); err != nil {
			t.Fatal(err)
		}
		var mine *campaign.Turn
		for _, turn := range turns() {
			if turn.ActorID == up.ID {
				mine = &turn
			}
		}
		if mine == nil || len(mine.Rolls) == 0 || !strings.Contains(mine.RulesResult, "Ogre 1") {
			t.Fatalf("turn = %+v", mine)
		}
		if e := now(); e.Current == up.ID {
			t.Fatal("the cast did not end the turn")
		}
	})
	t.Run("BonusActionSpellLeavesTheTurnOpen", func(t *testing.T) {
		e := now()
		if e.Current != cleric.ID {
			// The wizard ends her turns until it is the cleric's.
			for i := 0; i < 4 && e.Current != cleric.ID; i++ {
				if e.Current == wizard.ID {
					if err := f.act(t, "c1", wizard.ID, "wait-"+string(rune('a'+i)), "", &events.Intent{Kind: "end_turn"}); err != nil {
						t.Fatal(err)
					}
				}
				e = now()
			}
		}
		if e.Current != cleric.ID {
			t.Skipf("the fight left Ilse no turn (current %q)", e.Current)
		}
		if err := f.act(t, "c1", cleric.ID, "healing-word", "", &events.Intent{Kind: "cast", Spell: "healing-word", TargetIDs: []string{cleric.ID}}); err != nil {
			t.Fatal(err)
		}
		e = now()
		p, _ := e.Participant(cleric.ID)
		if e.Current != cleric.ID || !p.Turn.BonusActionUsed || p.Turn.ActionUsed || p.Combatant.SpellSlots[0].Used != 1 {
			t.Fatalf("current %q, turn %+v, slots %+v: a bonus action leaves the action", e.Current, p.Turn, p.Combatant.SpellSlots[0])
		}
		err := f.act(t, "c1", cleric.ID, "guiding-bolt", "", &events.Intent{Kind: "cast", Spell: "guiding-bolt", TargetIDs: []string{"ogre-1"}})
		if !fault.Is(err, fault.Invalid) || !strings.Contains(err.Error(), "not_allowed") {
			t.Fatalf("a levelled spell after a bonus-action spell = %v, want not_allowed", err)
		}
		if err := f.act(t, "c1", cleric.ID, "flame", "", &events.Intent{Kind: "cast", Spell: "sacred-flame", TargetIDs: []string{"ogre-1"}}); err != nil {
			t.Fatal(err)
		}
		if e := now(); e.Current == cleric.ID {
			t.Fatal("the action did not end the turn")
		}
	})
}

// TestBonusActionIntents: Second Wind takes the bonus action and leaves
// the turn open for the action; keep_turn keeps it open after an action.
func TestBonusActionIntents(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	c, owner := f.table(t, "Yard", "c1")
	fighter, err := f.svc.CreateCharacter(ctx, owner, c.ID, campaign.NewCharacter{Name: "Bo", Race: "human", Class: "fighter"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.StartEncounter(ctx, owner, c.ID, startReq(t, `{"monsters":[{"srd_id":"ogre","count":1}]}`)); err != nil {
		t.Fatal(err)
	}
	now := func() encounter.Encounter {
		_, e, ok, _ := activeFor(t, mustSnap(t, f, c.ID))
		if !ok {
			t.Fatal("no encounter under way")
		}
		return e
	}
	e := now()
	for i := 0; i < 4 && e.Current != fighter.ID; i++ {
		if err := f.act(t, "c1", e.Current, "pass-"+string(rune('a'+i)), "", &events.Intent{Kind: "end_turn"}); err != nil {
			t.Fatal(err)
		}
		e = now()
	}
	if e.Current != fighter.ID {
		t.Skipf("the fight left Bo no turn (current %q)", e.Current)
	}
	if err := f.act(t, "c1", fighter.ID, "wind", "", &events.Intent{Kind: "second_wind"}); err != nil {
		t.Fatal(err)
	}
	e = now()
	p, _ := e.Participant(fighter.ID)
	if e.Current != fighter.ID || p.Pools[campaign.ResourceSecondWind].Used != 1 || !p.Turn.BonusActionUsed || p.Turn.ActionUsed {
		t.Fatalf("current %q, participant %+v", e.Current, p)
	}
	if err := f.act(t, "c1", fighter.ID, "dodge", "", &events.Intent{Kind: "dodge", KeepTurn: true}); err != nil {
		t.Fatal(err)
	}
	if e = now(); e.Current != fighter.ID {
		t.Fatal("keep_turn did not keep the turn")
	}
	if err := f.act(t, "c1", fighter.ID, "done", "", &events.Intent{Kind: "end_turn"}); err != nil {
		t.Fatal(err)
	}
	if e = now(); e.Current == fighter.ID {
		t.Fatal("end_turn did not end the turn")
	}
}

// TestThreatsInTheScene: in a fight the narrator's scene names the foes
// and how they stand, in words.
func TestThreatsInTheScene(t *testing.T) {
	f := newFixture(t)
	n := scriptOf("Steel rings.")
	f.svc.Narrator = n
	ctx := context.Background()
	// A fighter, who has no reaction to an ogre's blow to hold its turn;
	// the ogre is surprised, so Bryn acts before it can fell him.
	owner := game.Player{ID: "p-c1", Name: "Aria"}
	c, bryn := f.tableOf(t, owner, "Bridge", "c1", campaign.NewCharacter{Name: "Bryn", Race: "human", Class: "fighter"})
	if _, err := f.svc.StartEncounter(ctx, owner, c.ID, startReq(t, `{"monsters":[{"srd_id":"ogre","count":1}],"surprise":["monsters"]}`)); err != nil {
		t.Fatal(err)
	}
	if err := f.act(t, "c1", bryn.ID, "dodge", "", &events.Intent{Kind: "dodge"}); err != nil {
		t.Fatal(err)
	}
	req := n.got[len(n.got)-1]
	if len(req.Threats) != 1 || req.Threats[0].Name != "Ogre 1" || req.Threats[0].State == "" {
		t.Fatalf("threats = %q", req.Threats)
	}
	if scene := narrator.Join(narrator.Blocks(req)); !strings.Contains(scene, "Threats: Ogre 1 (") {
		t.Errorf("the scene block does not name the ogre:\n%s", scene)
	}
}
