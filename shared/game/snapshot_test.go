package game_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"chronicler/events"
	"chronicler/shared/campaign"
	"chronicler/shared/game"
	"chronicler/shared/narrator"
)

// block is the text of the named block of what the narrator was given
// (the party's, who they are and how they stand, for BlockCharacters).
func block(req narrator.Request, name string) string {
	if name == narrator.BlockCharacters {
		return narrator.CharactersText(req)
	}
	for _, b := range narrator.Blocks(req) {
		if b.Name == name {
			return b.Text
		}
	}
	return ""
}

// During a fight the party block tells the hurt the fight holds,
// not the sheet's from before it; and every monster's turn is narrated as
// the action it is, on the narrating tier.
func TestContextInAFightIsLive(t *testing.T) {
	f := newFixture(t)
	n := &tiered{}
	f.svc.Narrator = n
	ctx := context.Background()
	owner := game.Player{ID: "p-c1", Name: "Aria"}
	c, mira := f.tableOf(t, owner, "Ambush", "c1", campaign.NewCharacter{Name: "Brok", Race: "dwarf", Class: "fighter"})
	if _, err := f.svc.StartEncounter(ctx, owner, c.ID, startReq(t, `{"monsters":[{"srd_id":"goblin","count":2}]}`)); err != nil {
		t.Fatal(err)
	}
	hurt, monsters := false, 0
	for i := 0; i < 12 && !hurt; i++ {
		snap := mustSnap(t, f, c.ID)
		_, e, ok, _ := activeFor(t, snap)
		if !ok {
			break
		}
		if l := snap.Lease; l != nil && l.Pending != nil && l.Pending.Window != nil {
			// Mira, a wizard, is offered Shield: she lets it pass.
			if err := f.svc.React(ctx, "c1", events.ClientMessage{Action: events.ActionReact, RequestID: fmt.Sprint("pass-", i),
				TurnID: l.TurnID, CharacterID: mira.ID, Reaction: "pass"}); err != nil {
				t.Fatal(err)
			}
			continue
		}
		live := -1
		for _, p := range e.Participants {
			if p.CharacterID == mira.ID {
				live = p.HP
			}
		}
		if len(n.narrated) > 0 { // the last turn narrated is the last committed
			last := n.narrated[len(n.narrated)-1]
			told := -1
			for _, ch := range last.Characters {
				if ch.ID == mira.ID {
					told = ch.HP
				}
			}
			// The party block tells how hurt she is in words, from these.
			party := block(last, narrator.BlockParty)
			if told != live || (live < mira.MaxHP) != strings.Contains(party, mira.Name+":") {
				t.Fatalf("the fight holds Mira at %d of %d HP; the narrator was given %d and told:\n%s", live, mira.MaxHP, told, party)
			}
			hurt = live < mira.MaxHP
		}
		if err := f.act(t, "c1", mira.ID, fmt.Sprint("wait-", i), "", &events.Intent{Kind: "end_turn"}); err != nil {
			t.Fatal(err)
		}
	}
	if !hurt {
		t.Fatal("no goblin hit Mira: the test proves nothing")
	}
	for _, req := range n.narrated {
		if !req.Played {
			continue
		}
		monsters++
		if label := "(" + req.Actor.Name + "'s turn)"; strings.HasSuffix(req.Action, "'s turn)") && req.Action != label {
			t.Errorf("%s's turn is labelled %q, want %q", req.Actor.Name, req.Action, label)
		}
		if req.Purpose != narrator.PurposeNarration || req.Tier != narrator.High {
			t.Errorf("%s's turn was narrated as %s on the %s tier", req.Actor.Name, req.Purpose, req.Tier)
		}
		if turn := block(req, narrator.BlockTurn); strings.Contains(turn, "acknowledge") || strings.Contains(turn, "player's words") {
			t.Errorf("a monster's turn was told as a player's remark:\n%s", turn)
		}
	}
	if monsters == 0 {
		t.Fatal("no monster turn was narrated")
	}
}

// A move's context names the area moved to and its description; before
// any move, the place is the engine's starting area, not the world seed.
func TestContextNamesTheActorsArea(t *testing.T) {
	f := newFixture(t)
	n := &tiered{}
	f.svc.Narrator = n
	ctx := context.Background()
	p := game.Player{ID: "p-c1", Name: "Aria"}
	c, mira := f.tableOf(t, p, "Harbour", "c1", campaign.NewCharacter{Name: "Mira", Race: "elf", Class: "wizard"})
	_ = ctx
	snap := mustSnap(t, f, c.ID)
	m := snap.State.Map
	if m == nil {
		t.Fatal("the campaign has no map")
	}
	if err := f.act(t, "c1", mira.ID, "look", "I look around", nil); err != nil {
		t.Fatal(err)
	}
	start := m.Areas[mira.AreaID]
	// The scene names the place; the map in the world block describes it.
	described := func(req narrator.Request, a string) bool {
		return strings.Contains(narrator.WorldText(req)+narrator.SceneText(req), a)
	}
	scene := block(n.narrated[0], narrator.BlockScene)
	if !strings.Contains(scene, "Location: "+start.Name+".") || !described(n.narrated[0], start.Description) {
		t.Fatalf("before any move the narrator was told:\n%s\nwant %s and its description", scene, start.Name)
	}
	if err := f.act(t, "c1", mira.ID, "down", "", &events.Intent{Kind: "move", ToAreaID: "cellar"}); err != nil {
		t.Fatal(err)
	}
	cellar := m.Areas["cellar"]
	scene = block(n.narrated[1], narrator.BlockScene)
	if !strings.Contains(scene, "Location: "+cellar.Name+".") || !described(n.narrated[1], cellar.Description) || strings.Contains(scene, "Location: "+start.Name) {
		t.Fatalf("the move's context:\n%s\nwant %s and its description, not %s", scene, cellar.Name, start.Name)
	}
}

// The opening place is the engine's area even when the world seed names
// another in its first sentence.
func TestContextOpensInTheEnginesArea(t *testing.T) {
	f := newFixture(t)
	n := &tiered{}
	f.svc.Narrator = n
	ctx := context.Background()
	p := game.Player{ID: "p1", Name: "Aria"}
	c, err := f.svc.CreateCampaign(ctx, p, events.CreateCampaign{Name: "Harbour", WorldSeed: "A misty harbour town where smugglers share the docks."})
	if err != nil {
		t.Fatal(err)
	}
	mira, err := f.svc.CreateCharacter(ctx, p, c.ID, campaign.NewCharacter{Name: "Mira", Race: "elf", Class: "wizard"})
	if err != nil {
		t.Fatal(err)
	}
	f.sit(t, p, c, "c1")
	if err := f.act(t, "c1", mira.ID, "look", "I look around", nil); err != nil {
		t.Fatal(err)
	}
	scene := block(n.narrated[0], narrator.BlockScene)
	if strings.Contains(scene, "misty harbour") || !strings.Contains(scene, "Common Room") {
		t.Fatalf("the opening scene:\n%s", scene)
	}
}

// Conditions, exhaustion and a spell's lasting effect on a sheet reach the
// party block out of a fight.
func TestContextOutOfAFightShowsConditions(t *testing.T) {
	f := newFixture(t)
	n := &tiered{}
	f.svc.Narrator = n
	c, _ := f.table(t, "Sick", "c1")
	mira := mustSnap(t, f, c.ID).Characters[0]
	mira.Conditions, mira.Exhaustion = []string{"poisoned"}, 2
	mira = mira.WithEffect(campaign.Effect{ID: "blessed", Spell: "bless", CasterID: "someone", Dice: "1d4"})
	if err := f.store.Commit(context.Background(), game.Tx{CampaignID: c.ID, Characters: []campaign.Character{mira}}); err != nil {
		t.Fatal(err)
	}
	if err := f.act(t, "c1", mira.ID, "look", "I look around", nil); err != nil {
		t.Fatal(err)
	}
	party := block(n.narrated[0], narrator.BlockCharacters)
	if !strings.Contains(party, "Conditions: poisoned.") || !strings.Contains(party, "Exhaustion level 2.") || !strings.Contains(party, "Under: blessed (Bless).") {
		t.Fatalf("the party block:\n%s", party)
	}
}
