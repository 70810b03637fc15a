package game_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"chronicler/events"
	"chronicler/shared/campaign"
	"chronicler/shared/game"
	"chronicler/shared/rules/encounter"
	"chronicler/shared/srd"
)

// foe is a goblin remade for a test: hp hit points, AC ac, one scimitar
// attack at bonus dealing damage (dice), worth the goblin's 50 XP.
func foe(t *testing.T, id string, hp, ac, bonus int, damage string) srd.Monster {
	t.Helper()
	g, ok := srd.LookupMonster("goblin")
	if !ok {
		t.Fatal("no goblin in the SRD")
	}
	g.ID, g.Name, g.HP, g.AC = id, strings.ToUpper(id[:1])+strings.ReplaceAll(id[1:], "-", " "), hp, ac
	var scimitar srd.Action
	for _, a := range g.Actions {
		if a.Name == "Scimitar" {
			scimitar = a
		}
	}
	scimitar.AttackBonus = &bonus
	scimitar.Damage = []srd.Damage{{Dice: damage, Type: "slashing"}}
	g.Actions, g.SpecialAbilities = []srd.Action{scimitar}, nil
	return g
}

// brew gives the campaign the test's monsters.
func (f *fixture) brew(t *testing.T, owner game.Player, c campaign.Campaign, ms ...srd.Monster) {
	t.Helper()
	o := srd.Overrides{Monsters: map[string]srd.Monster{}}
	for _, m := range ms {
		o.Monsters[m.ID] = m
	}
	if err := o.Validate(); err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.SetHomebrew(context.Background(), owner, c.ID, o); err != nil {
		t.Fatal(err)
	}
}

// committedTurns are the turn.committed events connection conn received.
func (f *fixture) committedTurns(t *testing.T, conn string) []events.TurnCommitted {
	t.Helper()
	f.push.mu.Lock()
	defer f.push.mu.Unlock()
	var out []events.TurnCommitted
	for _, b := range f.push.sent[conn] {
		var h events.Header
		if json.Unmarshal(b, &h) != nil || h.Type != events.TypeTurnCommitted {
			continue
		}
		var tc events.TurnCommitted
		if err := json.Unmarshal(b, &tc); err != nil {
			t.Fatal(err)
		}
		out = append(out, tc)
	}
	return out
}

func encounterOf(t *testing.T, raw json.RawMessage) encounter.Encounter {
	t.Helper()
	var e encounter.Encounter
	if err := json.Unmarshal(raw, &e); err != nil {
		t.Fatal(err)
	}
	return e
}

// fighterTable is a campaign of owner's with settings, Bryn the fighter
// at the table on connection c1.
func (f *fixture) fighterTable(t *testing.T, owner game.Player, settings *campaign.Settings) (campaign.Campaign, campaign.Character) {
	t.Helper()
	ctx := context.Background()
	c, err := f.svc.CreateCampaign(ctx, owner, events.CreateCampaign{Name: "Lifecycle", Settings: settings})
	if err != nil {
		t.Fatal(err)
	}
	bryn, err := f.svc.CreateCharacter(ctx, owner, c.ID, campaign.NewCharacter{Name: "Bryn", Race: "human", Class: "fighter"})
	if err != nil {
		t.Fatal(err)
	}
	f.sit(t, owner, c, "c1")
	return mustSnap(t, f, c.ID).Campaign, bryn
}

// The last goblin falls: the turn that fells it ends the fight, its
// turn.committed shows the encounter ended in victory, and the XP is on
// the sheet in the same event.
func TestTheLastGoblinFallsAndTheFightEnds(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	owner := game.Player{ID: "p-c1", Name: "Aria"}
	c, bryn := f.fighterTable(t, owner, nil)
	f.brew(t, owner, c, foe(t, "straw-goblin", 1, 1, -5, "1d4"))
	if _, err := f.svc.StartEncounter(ctx, owner, c.ID, startReq(t, `{"monsters":[{"srd_id":"straw-goblin","count":1}],"surprise":["monsters"]}`)); err != nil {
		t.Fatal(err)
	}
	for i := range 10 {
		if _, _, ok, _ := activeFor(t, mustSnap(t, f, c.ID)); !ok {
			break
		}
		if err := f.act(t, "c1", bryn.ID, fmt.Sprint("swing-", i), "", &events.Intent{Kind: "attack", TargetID: "straw-goblin-1"}); err != nil {
			t.Fatal(err)
		}
	}
	snap := mustSnap(t, f, c.ID)
	if _, _, ok, _ := activeFor(t, snap); ok {
		t.Fatal("the fight did not end when the last goblin fell")
	}
	tcs := f.committedTurns(t, "c1")
	last := tcs[len(tcs)-1]
	e := encounterOf(t, last.Encounter)
	if e.Status != encounter.Ended || e.Outcome != "victory" || e.XPEach != 50 || e.Current != "" {
		t.Fatalf("turn.committed encounter: status %q outcome %q xp %d current %q", e.Status, e.Outcome, e.XPEach, e.Current)
	}
	if len(last.Characters) != 1 || last.Characters[0].XP != 50 {
		t.Fatalf("turn.committed characters = %+v, want Bryn with 50 XP", last.Characters)
	}
	if snap.Characters[0].XP != 50 {
		t.Errorf("Bryn's sheet has %d XP", snap.Characters[0].XP)
	}
	turns, _ := f.store.Turns(ctx, c.ID, 0, 100)
	if r := turns[len(turns)-1].RulesResult; !strings.Contains(r, "The fight is won.") || strings.Contains(r, "Round 2") {
		t.Errorf("the narrator's rules result: %q", r)
	}
	// Nothing is left for the owner to end.
	if _, err := f.svc.EndEncounter(ctx, owner, c.ID, e.ID, events.EndEncounter{Outcome: "victory"}); err == nil {
		t.Error("the owner ended an ended encounter")
	}
}

// The whole party falls to one blow: the monster's turn that fells the
// last character ends the fight as a defeat, the narrator is told the
// monsters leave, and the fallen's death saves are rolled out (stable or
// dead, never left dying).
func TestThePartyWipesAndTheFightEndsAsADefeat(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	owner := game.Player{ID: "p-c1", Name: "Aria"}
	c, _ := f.fighterTable(t, owner, nil)
	// A blow that drops a level 1 fighter (12 HP) without killing him
	// outright: 13 or 14, short of the 24 massive damage needs.
	f.brew(t, owner, c, foe(t, "ogre-brute", 200, 10, 30, "1d2+12"))
	if _, err := f.svc.StartEncounter(ctx, owner, c.ID, startReq(t, `{"monsters":[{"srd_id":"ogre-brute","count":1}],"surprise":["characters"]}`)); err != nil {
		t.Fatal(err)
	}
	snap := mustSnap(t, f, c.ID)
	if _, e, ok, _ := activeFor(t, snap); ok {
		turns, _ := f.store.Turns(ctx, c.ID, 0, 100)
		for _, tr := range turns {
			t.Log(tr.RulesResult)
		}
		t.Fatalf("the fight is still under way with the whole party down: %s", e.InitiativeSummary())
	}
	turns, _ := f.store.Turns(ctx, c.ID, 0, 100)
	if len(turns) != 1 {
		t.Fatalf("%d turns; want the one blow that decided it", len(turns))
	}
	r := turns[0].RulesResult
	if !strings.Contains(r, "The fight is lost: every character is down. Ogre brute 1 leaves the fallen where they lie.") {
		t.Errorf("rules result %q", r)
	}
	saves := 0
	for _, roll := range turns[0].Rolls {
		if roll.Reason == "death save" {
			saves++
		}
	}
	if saves < 3 {
		t.Errorf("%d death saves rolled out, want at least 3", saves)
	}
	bryn := snap.Characters[0]
	if bryn.HP != 0 || !(bryn.Stable || bryn.Dead) {
		t.Errorf("Bryn after: %d HP, stable %v, dead %v; want stable or dead", bryn.HP, bryn.Stable, bryn.Dead)
	}
	tcs := f.committedTurns(t, "c1")
	if e := encounterOf(t, tcs[len(tcs)-1].Encounter); e.Status != encounter.Ended || e.Outcome != "defeat" || e.OnDefeat != campaign.OnDefeatLeave {
		t.Errorf("turn.committed encounter: %q %q %q", e.Status, e.Outcome, e.OnDefeat)
	}
}

// A character killed in a fight is dead on the sheet and stays out of
// the next encounter; with nobody else there able to fight, none starts.
func TestTheDeadStayOutOfTheNextEncounter(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	owner := game.Player{ID: "p-c1", Name: "Aria"}
	c, bryn := f.fighterTable(t, owner, nil)
	// 40 damage: massive damage kills a 12 HP fighter outright.
	f.brew(t, owner, c, foe(t, "ogre-brute", 200, 10, 30, "1d2+39"))
	if _, err := f.svc.StartEncounter(ctx, owner, c.ID, startReq(t, `{"monsters":[{"srd_id":"ogre-brute","count":1}],"surprise":["characters"]}`)); err != nil {
		t.Fatal(err)
	}
	snap := mustSnap(t, f, c.ID)
	if ch := snap.Characters[0]; !ch.Dead || ch.HP != 0 {
		t.Fatalf("Bryn after massive damage: dead %v, %d HP", ch.Dead, ch.HP)
	}
	if _, err := f.svc.StartEncounter(ctx, owner, c.ID, startReq(t, `{"monsters":[{"srd_id":"goblin","count":1}]}`)); err == nil {
		t.Fatal("an encounter started with only the dead")
	}
	// Cora joins; the next fight is hers alone.
	cora := game.Player{ID: "p-c2", Name: "Cora"}
	if _, err := f.svc.JoinCampaign(ctx, cora, c.ID, events.JoinCampaign{InviteCode: c.InviteCode}); err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.CreateCharacter(ctx, cora, c.ID, campaign.NewCharacter{Name: "Cora", Race: "human", Class: "cleric"}); err != nil {
		t.Fatal(err)
	}
	f.sit(t, cora, c, "c2")
	rec, err := f.svc.StartEncounter(ctx, owner, c.ID, startReq(t, `{"monsters":[{"srd_id":"goblin","count":1}]}`))
	if err != nil {
		t.Fatal(err)
	}
	e := begun(t, rec)
	for _, p := range e.Participants {
		if p.CharacterID == bryn.ID {
			t.Fatalf("dead Bryn is in the next encounter: %+v", e.Participants)
		}
	}
}

// A dying character's turn does not wait for its player, present or not:
// the server rolls its death save at once and the fight goes on to the
// next who can act.
func TestADyingCharactersTurnDoesNotStallTheTable(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	owner := game.Player{ID: "p-c1", Name: "Aria"}
	c, bryn := f.fighterTable(t, owner, nil)
	cora := game.Player{ID: "p-c2", Name: "Cora"}
	if _, err := f.svc.JoinCampaign(ctx, cora, c.ID, events.JoinCampaign{InviteCode: c.InviteCode}); err != nil {
		t.Fatal(err)
	}
	coraCh, err := f.svc.CreateCharacter(ctx, cora, c.ID, campaign.NewCharacter{Name: "Cora", Race: "human", Class: "wizard"})
	if err != nil {
		t.Fatal(err)
	}
	f.sit(t, cora, c, "c2")
	// Cora lies dying at 0 HP when the fight begins; a goblin that
	// hardly ever hits keeps it going.
	snap := mustSnap(t, f, c.ID)
	for _, ch := range snap.Characters {
		if ch.ID == coraCh.ID {
			ch.HP, ch.Conditions = 0, []string{"unconscious", "prone"}
			if err := f.store.Commit(ctx, game.Tx{CampaignID: c.ID, Characters: []campaign.Character{ch}}); err != nil {
				t.Fatal(err)
			}
		}
	}
	f.brew(t, owner, c, foe(t, "sleepy-goblin", 200, 10, -5, "1d4"))
	if _, err := f.svc.StartEncounter(ctx, owner, c.ID, startReq(t, `{"monsters":[{"srd_id":"sleepy-goblin","count":1}]}`)); err != nil {
		t.Fatal(err)
	}
	for i := range 3 {
		_, e, ok, _ := activeFor(t, mustSnap(t, f, c.ID))
		if !ok {
			break
		}
		if e.Current == coraCh.ID {
			p, _ := e.Participant(coraCh.ID)
			if p.Combatant.Dying() {
				t.Fatalf("the table waits on dying Cora (round %d)", e.Round)
			}
		}
		if e.Current != bryn.ID {
			t.Fatalf("current %q, want Bryn, the one who can act", e.Current)
		}
		if err := f.act(t, "c1", bryn.ID, fmt.Sprint("dodge-", i), "", &events.Intent{Kind: "dodge"}); err != nil {
			t.Fatal(err)
		}
	}
	turns, _ := f.store.Turns(ctx, c.ID, 0, 100)
	saves := 0
	for _, tr := range turns {
		if tr.ActorID == coraCh.ID && strings.HasPrefix(tr.RequestID, "rules:") && strings.Contains(tr.RulesResult, "death saving throw") {
			saves++
		}
	}
	if saves == 0 {
		t.Fatalf("no death save of Cora's was rolled by the server in %d turns", len(turns))
	}
	// Her player asking for an attack on her turn is refused, never
	// turned into the save (TestDecide covers the message).
}

// An encounter stored decided but under way, as the stall left it (the
// whole party down, a goblin's turn that never came), is ended by the
// sweep after a restart.
func TestADecidedFightLeftUnderWayEndsOnTheSweep(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	owner := game.Player{ID: "p-c1", Name: "Aria"}
	c, bryn := f.fighterTable(t, owner, nil)
	f.brew(t, owner, c, foe(t, "sleepy-goblin", 200, 10, -5, "1d4"))
	if _, err := f.svc.StartEncounter(ctx, owner, c.ID, startReq(t, `{"monsters":[{"srd_id":"sleepy-goblin","count":1}]}`)); err != nil {
		t.Fatal(err)
	}
	rec, e, ok, _ := activeFor(t, mustSnap(t, f, c.ID))
	if !ok {
		t.Fatal("no fight")
	}
	// Bryn down and stable, the goblin up: what today's stall stored.
	for i := range e.Participants {
		if p := &e.Participants[i]; p.CharacterID == bryn.ID {
			p.Combatant.HP, p.HP, p.Combatant.Stable = 0, 0, true
		}
	}
	e.Current = "sleepy-goblin-1"
	stored, err := encounter.Record(e, rec.Version)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.store.Commit(ctx, game.Tx{CampaignID: c.ID, Encounters: []campaign.EncounterRecord{stored}}); err != nil {
		t.Fatal(err)
	}
	if err := f.svc.Restarted(ctx); err != nil {
		t.Fatal(err)
	}
	f.sit(t, owner, c, "c3")
	if _, err := f.svc.Sweep(ctx); err != nil {
		t.Fatal(err)
	}
	snap := mustSnap(t, f, c.ID)
	if _, _, ok, _ := activeFor(t, snap); ok {
		t.Fatal("the decided fight is still under way after the sweep")
	}
	_, ended, _, _ := decodeAny(t, f, c.ID, e.ID)
	if ended.Outcome != "defeat" || !snap.Characters[0].Stable || snap.Characters[0].HP != 0 {
		t.Errorf("outcome %q, Bryn %d HP stable %v", ended.Outcome, snap.Characters[0].HP, snap.Characters[0].Stable)
	}
}
