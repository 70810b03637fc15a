package game_test

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"chronicler/events"
	"chronicler/shared/campaign"
	"chronicler/shared/game"
)

// A session told by the offline narrator, as a player reads it: every
// turn's narration (the roll cards and the journal's rules line carry the
// numbers), then, at the next session, the recap. go test -run
// TestOfflineSessionAsAPlayerReadsIt -v prints both.
func TestOfflineSessionAsAPlayerReadsIt(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	owner := game.Player{ID: "p-c1", Name: "Aria"}
	c, brok := f.tableOf(t, owner, "The Wayward Lantern", "c1", campaign.NewCharacter{Name: "Brok", Race: "dwarf", Class: "fighter", Level: 3})
	say := func(rid, text string, in *events.Intent) {
		t.Helper()
		if err := f.act(t, "c1", brok.ID, rid, text, in); err != nil {
			t.Fatal(err)
		}
	}
	say("t1", "I look around the common room", nil)
	say("t2", "OOC: is my fighter hurt?", nil)
	say("t3", `"Who keeps this inn?" I ask the room.`, nil)
	say("t4", "", &events.Intent{Kind: "check", Ability: "wis", Skill: "perception"})
	say("t5", "", &events.Intent{Kind: "move", ToAreaID: "cellar"})
	if _, err := f.svc.StartEncounter(ctx, owner, c.ID, startReq(t, `{"monsters":[{"srd_id":"goblin","count":2}]}`)); err != nil {
		t.Fatal(err)
	}
	for i := 0; ; i++ {
		snap := mustSnap(t, f, c.ID)
		_, e, ok, _ := activeFor(t, snap)
		if !ok || i > 30 {
			break
		}
		target := ""
		for _, p := range e.Participants {
			if p.Kind == "monster" && !p.Defeated && p.HP > 0 {
				target = p.ID
			}
		}
		say(fmt.Sprint("a", i), "", &events.Intent{Kind: "attack", TargetID: target})
	}
	turns := f.turns(t, c.ID)
	var log strings.Builder
	figures := regexp.MustCompile(`\(\d|vs AC|tries this|the Goblin|is up\.|\bHP\b`)
	for _, turn := range turns {
		fmt.Fprintf(&log, "\n#%d %s: %s\n", turn.Sequence, turn.ActorName, turn.Action)
		for _, r := range turn.Rolls {
			fmt.Fprintf(&log, "   [roll] %s: %s = %d %s\n", r.Reason, r.Dice, r.Total, r.Outcome)
		}
		if turn.RulesResult != "" {
			fmt.Fprintf(&log, "   [rules] %s\n", turn.RulesResult)
		}
		fmt.Fprintf(&log, "   %s\n", turn.Narration)
		if figures.MatchString(turn.Narration) {
			t.Errorf("turn %d tells the rules' figures again or slips: %q", turn.Sequence, turn.Narration)
		}
		if strings.HasPrefix(turn.Action, "OOC") && !strings.HasPrefix(turn.Narration, "(Out of character: Brok is alive") {
			t.Errorf("the OOC remark was narrated in character: %q", turn.Narration)
		}
	}
	t.Logf("a session told offline, as the table reads it:%s", log.String())

	// The next session opens with the recap of this one.
	if err := f.svc.EndSession(ctx, "c1", "end-1"); err != nil {
		t.Fatal(err)
	}
	f.clock.Add(48 * 60 * 60 * 1e9)
	if err := f.svc.Resume(ctx, "c1", "resume-again"); err != nil {
		t.Fatal(err)
	}
	recaps := f.recaps("c1")
	recap := recaps[len(recaps)-1]
	t.Logf("the recap at the next session:\n%s", recap)
	if strings.Contains(recap, "Turn ") || strings.Contains(recap, "tries this") || !strings.HasPrefix(recap, "Previously on The Wayward Lantern... ") ||
		!strings.Contains(recap, "Cellar") {
		t.Errorf("recap = %q", recap)
	}
	dead := false
	for _, turn := range turns {
		dead = dead || strings.Contains(turn.RulesResult, "and dies")
	}
	if dead && !strings.Contains(recap, " fell") {
		t.Errorf("a death of the session is not in the recap: %q", recap)
	}
}
