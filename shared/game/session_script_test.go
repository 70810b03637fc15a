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
	"chronicler/shared/narrator/standin"
)

// scriptedAction is one action of the scripted session: free text or an
// intent; attack means "strike a goblin still standing".
type scriptedAction struct {
	text   string
	intent *events.Intent
	attack bool
}

// sessionScript is an evening of 20 player actions: exploration, talk,
// checks, an out-of-character remark, trivial turns, a move, then a fight
// against two goblins (whose turns the engine plays), then more of the
// same. Free text the parser cannot read goes to intent reading.
var sessionScript = []scriptedAction{
	{text: "I look around the common room"},
	{intent: &events.Intent{Kind: "say", Text: "Good evening. Who keeps this place?"}},
	{text: "I make a perception check"},
	{text: `"Tell me about the Ashen Veil," I say to the innkeeper`},
	{intent: &events.Intent{Kind: "dodge"}},
	{text: "OOC: what time is it in game?"},
	{text: "I order a bowl of stew and watch the door"},
	{intent: &events.Intent{Kind: "end_turn"}},
	{intent: &events.Intent{Kind: "move", ToAreaID: "cellar"}},
	{text: "I search the room"},
	{attack: true}, {attack: true}, {attack: true}, {attack: true}, {attack: true},
	{text: "I make an investigation check"},
	{intent: &events.Intent{Kind: "say", Text: "Anyone down here?"}},
	{text: "I listen at the door"},
	{intent: &events.Intent{Kind: "move", ToAreaID: "common-room"}},
	{intent: &events.Intent{Kind: "say", Text: "Another bowl of stew, please."}},
}

// playScript plays sessionScript on a fighter's table through the
// fixture's narrator; the fight starts before the first attack. It
// returns the campaign. An attack when the fight is over (or Mira cannot
// strike) is played as a look around instead, and an action refused as
// not her turn or for her state (down) as words ("Hold on!", which the
// rules let through at 0 HP), so the evening always has 20 player
// actions. A downed Mira's words are the script's, not a refusal missed:
// with the default on_defeat the fight is lost in the blow that downs
// her, her death saves rolled out in that turn (TestASoloFighterDownedByThreeGoblins).
func playScript(t *testing.T, f *fixture) campaign.Campaign {
	t.Helper()
	ctx := context.Background()
	owner := game.Player{ID: "p-c1", Name: "Aria"}
	c, mira := f.tableOf(t, owner, "The Drowned Marches", "c1", campaign.NewCharacter{Name: "Mira", Race: "human", Class: "fighter"})
	fought := false
	for i, a := range sessionScript {
		text, in := a.text, a.intent
		if a.attack {
			if !fought {
				fought = true
				if _, err := f.svc.StartEncounter(ctx, owner, c.ID, startReq(t, `{"monsters":[{"srd_id":"goblin","count":2}]}`)); err != nil {
					t.Fatal(err)
				}
			}
			text, in = "I look around", nil
			if _, e, ok, _ := activeFor(t, mustSnap(t, f, c.ID)); ok && e.Decided() == "" {
				for _, p := range e.Participants {
					if p.Kind == "monster" && !p.Defeated && p.HP > 0 {
						text, in = "", &events.Intent{Kind: "attack", TargetID: p.ID}
						break
					}
				}
			}
		}
		err := f.act(t, "c1", mira.ID, fmt.Sprint("script-", i), text, in)
		if err != nil && (strings.Contains(err.Error(), "not_your_turn") || strings.Contains(err.Error(), "actor_state_restricted")) {
			err = f.act(t, "c1", mira.ID, fmt.Sprint("script-", i, "-say"), "", &events.Intent{Kind: "say", Text: "Hold on!"})
		}
		if err != nil {
			t.Fatalf("action %d: %v", i+1, err)
		}
		// A goblin's hit may open Mira's reaction window: she lets it pass.
		if l := mustSnap(t, f, c.ID).Lease; l != nil && l.Pending != nil && l.Pending.Window != nil {
			if err := f.svc.React(ctx, "c1", events.ClientMessage{Action: events.ActionReact, RequestID: fmt.Sprint("pass-", i),
				TurnID: l.TurnID, CharacterID: mira.ID, Reaction: "pass"}); err != nil {
				t.Fatal(err)
			}
		}
	}
	return c
}

// lowCalls are the low tier's requests a stand-in received, by kind (the
// structured answer the prompt asked for, or "summary" for a whole text,
// or "acknowledgement" for a low-tier narration), and their price at the
// low tier's list prices, counted from outside: the prompt in cl100k
// tokens, and the answer. Were a request to offer tools again, their
// schemas and the system prompt Anthropic adds when a tool must be called
// (toolUseSystem) would be counted too.
func lowCalls(reqs []standin.Request, low string) (map[string]int, map[string]float64) {
	calls, usd := map[string]int{}, map[string]float64{}
	for _, r := range reqs {
		if r.Model != low {
			continue
		}
		kind := "summary"
		switch {
		case r.Form != "":
			kind = r.Form
		case r.Stream:
			kind = "acknowledgement"
		}
		calls[kind]++
		in := narrator.EstimateTokens(r.Prompt())
		for _, tool := range r.Tools {
			in += narrator.EstimateTokens(tool.Name + " " + tool.Description + " " + string(tool.Schema))
		}
		if r.ToolChoice != "" {
			in += toolUseSystem
		}
		out := narrator.EstimateTokens(r.Text)
		usd[kind] += cost(haiku, narrator.Usage{Input: in, Output: out})
	}
	return calls, usd
}

func total[N int | float64](by map[string]N) N {
	var n N
	for _, c := range by {
		n += c
	}
	return n
}

// engineTurns are the sequence numbers of the turns the engine played.
func engineTurns(turns []campaign.Turn) map[int]bool {
	out := map[int]bool{}
	for _, tn := range turns {
		for _, p := range []string{"monster:", "rules:", "away:"} {
			if strings.HasPrefix(tn.RequestID, p) {
				out[tn.Sequence] = true
			}
		}
	}
	return out
}

// asked are the turns a fold's prompt asks the facts of.
func asked(r standin.Request) []int {
	var out []int
	_, rest, ok := strings.Cut(r.Prompt(), "Facts are asked for turns: ")
	if !ok {
		return nil
	}
	line, _, _ := strings.Cut(rest, "\n")
	for n := range strings.SplitSeq(strings.TrimSuffix(line, "."), ", ") {
		var seq int
		if _, err := fmt.Sscan(n, &seq); err == nil {
			out = append(out, seq)
		}
	}
	return out
}
