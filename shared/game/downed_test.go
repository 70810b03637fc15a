package game_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"chronicler/events"
	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/game"
	"chronicler/shared/rules/encounter"
)

// stepping is a fight's flow as the local interpreter and Step Functions
// run it: a step (FightTurn) after another while it answers more.
type stepping struct{ svc *game.Service }

func (s stepping) Continue(ctx context.Context, campaignID, name string) error {
	for range 2 * encounter.MaxParticipants {
		more, err := s.svc.FightTurn(ctx, campaignID, name)
		if err != nil || !more {
			return err
		}
	}
	return nil
}

// soloAgainstThreeGoblins is Bryn the fighter alone at the table with
// onDefeat, fighting three goblins: a brute whose blow (13 or 14) drops
// him at 12 HP without killing him outright, and two that hardly ever
// hit. He swings at the brute on his turns until he is down or the fight
// is over.
func soloAgainstThreeGoblins(t *testing.T, f *fixture, onDefeat string) (campaign.Campaign, campaign.Character) {
	t.Helper()
	ctx := context.Background()
	owner := game.Player{ID: "p-c1", Name: "Aria"}
	c, bryn := f.fighterTable(t, owner, &campaign.Settings{OnDefeat: onDefeat})
	f.brew(t, owner, c, foe(t, "goblin-brute", 200, 10, 30, "1d2+12"), foe(t, "sleepy-goblin", 200, 10, -5, "1d4"))
	if _, err := f.svc.StartEncounter(ctx, owner, c.ID, startReq(t, `{"monsters":[{"srd_id":"goblin-brute","count":1},{"srd_id":"sleepy-goblin","count":2}]}`)); err != nil {
		t.Fatal(err)
	}
	for i := range 10 {
		_, e, ok, _ := activeFor(t, mustSnap(t, f, c.ID))
		if p, _ := e.Participant(bryn.ID); !ok || p.HP <= 0 || e.Current != bryn.ID {
			break
		}
		if err := f.act(t, "c1", bryn.ID, fmt.Sprint("swing-", i), "", &events.Intent{Kind: "attack", TargetID: "goblin-brute-1"}); err != nil {
			t.Fatal(err)
		}
	}
	return c, bryn
}

// downedAt is the sequence of the turn that dropped Bryn to 0 HP.
func downedAt(t *testing.T, turns []campaign.Turn) int {
	t.Helper()
	for _, tn := range turns {
		if strings.Contains(tn.RulesResult, "Bryn drops to 0 HP") {
			return tn.Sequence
		}
	}
	t.Fatal("no turn dropped Bryn")
	return 0
}

// refused asserts err is the rules' actor_state_restricted refusal.
func refused(t *testing.T, what string, err error) {
	t.Helper()
	if fault.ReasonOf(err) != fault.ActorStateRestricted {
		t.Errorf("%s: %v; want it refused as actor_state_restricted", what, err)
	}
}

// A fighter alone against three goblins falls. With the campaign's
// default on_defeat (leave) the fight is lost at once, in the blow that
// felled him, his death saves rolled out in that turn; fought to the
// death, the goblins and his death saves go on, turn by turn, until the
// fight ends, whether the fight's turns are played in place or by a
// flow of steps. Whatever he asks while down is refused, never played.
func TestASoloFighterDownedByThreeGoblins(t *testing.T) {
	t.Run("TheFightIsLostAtOnceAndHisSavesRolledOut", func(t *testing.T) {
		f := newFixture(t)
		c, bryn := soloAgainstThreeGoblins(t, f, campaign.OnDefeatLeave)
		snap := mustSnap(t, f, c.ID)
		if _, e, ok, _ := activeFor(t, snap); ok {
			t.Fatalf("the fight goes on with the whole party down: %s", e.InitiativeSummary())
		}
		turns := f.turns(t, c.ID)
		at := downedAt(t, turns)
		last := turns[len(turns)-1]
		if last.Sequence != at || !strings.Contains(last.RulesResult, "The fight is lost: every character is down.") {
			t.Fatalf("turn %d dropped Bryn, the last is %d: %q", at, last.Sequence, last.RulesResult)
		}
		saves := 0
		for _, r := range last.Rolls {
			if r.Reason == "death save" {
				saves++
			}
		}
		if ch := snap.Characters[0]; saves < 3 || !(ch.Stable || ch.Dead) {
			t.Errorf("%d death saves rolled out; Bryn stable %v, dead %v", saves, ch.Stable, ch.Dead)
		}
		refused(t, "his words", f.act(t, "c1", bryn.ID, "look", "I look around", nil))
		refused(t, "his check", f.act(t, "c1", bryn.ID, "check", "", &events.Intent{Kind: "check", Ability: "wis", Skill: "perception"}))
	})
	for _, flow := range []string{"InPlace", "ByAFlowOfSteps"} {
		t.Run("ToTheDeathTheGoblinsAndHisSavesGoOn"+flow, func(t *testing.T) {
			f := newFixture(t)
			if flow == "ByAFlowOfSteps" {
				f.svc.Fights = stepping{f.svc}
			}
			c, bryn := soloAgainstThreeGoblins(t, f, campaign.OnDefeatFightToTheDeath)
			snap := mustSnap(t, f, c.ID)
			if _, e, ok, _ := activeFor(t, snap); ok {
				t.Fatalf("the fight waits with Bryn down: %s", e.InitiativeSummary())
			}
			turns := f.turns(t, c.ID)
			at, saves, monsters := downedAt(t, turns), 0, 0
			for _, tn := range turns[at:] {
				switch {
				case strings.HasPrefix(tn.RequestID, "rules:") && strings.Contains(tn.RulesResult, "Bryn makes a death saving throw"):
					saves++
				case strings.HasPrefix(tn.RequestID, "monster:"):
					monsters++
				default:
					t.Errorf("turn %d (%s) after Bryn fell is not the engine's", tn.Sequence, tn.RequestID)
				}
			}
			last := turns[len(turns)-1]
			if saves == 0 || monsters == 0 || !strings.Contains(last.RulesResult, "The fight is lost") || !snap.Characters[0].Dead {
				t.Errorf("after Bryn fell: %d death saves, %d goblin turns; dead %v; the last: %q", saves, monsters, snap.Characters[0].Dead, last.RulesResult)
			}
			refused(t, "his attack once dead", f.act(t, "c1", bryn.ID, "swing-dead", "", &events.Intent{Kind: "attack", TargetID: "goblin-brute-1"}))
		})
	}
	// Between a flow's steps the fight waits on the engine: whatever a
	// dying Bryn asks, on his turn (before his save is rolled) or on a
	// goblin's, is refused for his state, though his sheet still shows
	// the hit points he came into the fight with.
	t.Run("WhileHeIsDyingWhatHeAsksIsRefused", func(t *testing.T) {
		f := newFixture(t)
		f.svc.Fights = &flows{}
		ctx := context.Background()
		c, bryn := soloAgainstThreeGoblins(t, f, campaign.OnDefeatFightToTheDeath)
		asked := 0
		for i := range 4 * encounter.MaxParticipants {
			_, e, ok, _ := activeFor(t, mustSnap(t, f, c.ID))
			if !ok {
				break
			}
			if p, _ := e.Participant(bryn.ID); p.Combatant.Dying() {
				asked++
				for j, a := range []struct {
					text string
					in   *events.Intent
				}{
					{in: &events.Intent{Kind: "attack", TargetID: "goblin-brute-1"}},
					{in: &events.Intent{Kind: "dodge"}},
					{in: &events.Intent{Kind: "check", Ability: "wis", Skill: "perception"}},
					{text: "I look around"},
				} {
					what := fmt.Sprintf("on %s's turn, %q", e.Current, a.text)
					if a.in != nil {
						what = fmt.Sprintf("on %s's turn, %s", e.Current, a.in.Kind)
					}
					refused(t, what, f.act(t, "c1", bryn.ID, fmt.Sprint("dying-", i, "-", j), a.text, a.in))
				}
			}
			if _, err := f.svc.FightTurn(ctx, c.ID, "flow-1"); err != nil {
				t.Fatal(err)
			}
		}
		if asked == 0 {
			t.Fatal("Bryn was never dying between the flow's steps: the test shows nothing")
		}
		if _, _, ok, _ := activeFor(t, mustSnap(t, f, c.ID)); ok {
			t.Fatal("the fight never ended")
		}
	})
}
