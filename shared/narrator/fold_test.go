package narrator

import (
	"slices"
	"strings"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/fault"
)

// A fold's turn entries offer every fact of a turn, and no suggestions:
// the chips come from the engine.
func TestFoldFormOffersFactsWithoutSuggestions(t *testing.T) {
	props, ok := entryProperties(FoldForm().Schema())
	if !ok {
		t.Fatalf("no turn entry in %v", FoldForm().Schema())
	}
	for _, want := range []string{"turn", "npcs", "items", "places", "promises", "debts", "deaths", "terms", "scene", "attitudes"} {
		if _, ok := props[want]; !ok {
			t.Errorf("a turn entry has no %s", want)
		}
	}
	if _, ok := props["suggestions"]; ok {
		t.Error("a turn entry offers suggestions")
	}
}

// entryProperties are the properties of a fold's turn entry in schema.
func entryProperties(schema map[string]any) (map[string]any, bool) {
	props, _ := schema["properties"].(map[string]any)
	turns, _ := props["turns"].(map[string]any)
	items, _ := turns["items"].(map[string]any)
	out, ok := items["properties"].(map[string]any)
	return out, ok
}

// foldTurns are three turns of a fold: a player's at the inn (7), the
// engine's (8), and a player's on the road (9).
var foldTurns = []campaign.Turn{
	innTurn,
	{Sequence: 8, ActorName: "Goblin 1", RequestID: "monster:t8", Action: "(Goblin 1's turn)",
		RulesResult: "Goblin 1 misses Mira.", Narration: "A goblin named Snik lunges at Mira and misses."},
	{Sequence: 9, ActorName: "Mira", Action: "I follow the road north",
		Narration: "The road climbs to the Weeping Bridge. A ferryman named Hobb waves from the far bank."},
}

func foldReq() FoldRequest {
	return FoldRequest{CampaignName: "The Sunken Crypt", Previous: "Turn 6: Mira reached the inn.", Turns: foldTurns,
		Read: []int{7, 9}, Party: []string{"Mira"}}
}

func TestDecodeFold(t *testing.T) {
	marta := `{"name":"Marta","evidence":"An innkeeper named Marta, a stout human with a grey braid, slides a brass key across the bar."}`
	hobb := `{"name":"Hobb","role":"ferryman","evidence":"A ferryman named Hobb waves from the far bank."}`
	t.Run("EachTurnsFactsComeWithTheirTurn", func(t *testing.T) {
		raw := `{"summary":"Turn 7: Mira got the key.\n\nTurn 9: Mira followed the road.","turns":[{"turn":9,"npcs":[` + hobb + `]},{"turn":7,"npcs":[` + marta + `],
			"items":[{"name":"Moonglass Key","evidence":"Mira takes the Moonglass Key."}]}]}`
		f, err := DecodeFold([]byte(raw), foldReq())
		if err != nil {
			t.Fatal(err)
		}
		if f.Summary != "Turn 7: Mira got the key.\nTurn 9: Mira followed the road." || len(f.Turns) != 2 || f.Turns[0].Turn != 7 || f.Turns[1].Turn != 9 {
			t.Fatalf("fold = %+v, want the chapter in one piece and turns 7 then 9", f)
		}
		if f.Turns[0].NPCs[0].Name != "Marta" || f.Turns[0].Items[0].Name != "Moonglass Key" || f.Turns[1].NPCs[0].Role != "ferryman" {
			t.Fatalf("facts = %+v", f.Turns)
		}
	})
	refused := []struct {
		name, raw string
	}{
		{"EvidenceFromAnotherTurn", `{"summary":"s","turns":[{"turn":7,"npcs":[` + hobb + `]}]}`},
		{"FactsOfAnEngineTurn", `{"summary":"s","turns":[{"turn":8,"npcs":[{"name":"Snik","evidence":"A goblin named Snik lunges at Mira and misses."}]}]}`},
		{"FactsOfATurnNotInTheFold", `{"summary":"s","turns":[{"turn":3}]}`},
		{"ATurnTwice", `{"summary":"s","turns":[{"turn":9},{"turn":9}]}`},
		{"Suggestions", `{"summary":"s","turns":[{"turn":9,"suggestions":["Cross the bridge"]}]}`},
		{"NoSummary", `{"turns":[{"turn":9,"npcs":[` + hobb + `]}]}`},
		{"BlankSummary", `{"summary":"  \n "}`},
		{"SummaryRunOn", `{"summary":"` + strings.Repeat("Turn 9: Mira walks. ", 200) + `"}`},
		{"ControlCharacters", `{"summary":"Turn 9:\u0007 Mira walks."}`},
		{"UnknownField", `{"summary":"s","mood":"grim"}`},
		{"OneInvalidFactAmongValidOnes", `{"summary":"s","turns":[{"turn":9,"npcs":[` + hobb + `]},{"turn":7,"npcs":[{"name":"Vexor","evidence":"Vexor rises."}]}]}`},
		{"NotJSON", `Turn 9: Mira walks.`},
		{"StoryRetold", `{"summary":"Turn 6: Mira reached the inn.\nTurn 9: Mira walks."}`},
	}
	for _, tc := range refused {
		t.Run("Refuses"+tc.name, func(t *testing.T) {
			f, err := DecodeFold([]byte(tc.raw), foldReq())
			if !fault.Is(err, fault.Invalid) || f.Summary != "" || f.Turns != nil {
				t.Fatalf("DecodeFold = %+v, %v; want it refused whole", f, err)
			}
		})
	}
}

// The fold's prompt tells every turn in full, marks the engine's, asks
// for the facts of the players' turns only, and shows the story so far
// by its newest lines.
func TestFoldBlocks(t *testing.T) {
	text := Join(FoldBlocks(foldReq()))
	for _, want := range []string{"Turn 6: Mira reached the inn.", "A ferryman named Hobb waves from the far bank.",
		"Turn 8, Goblin 1:", engineTurnNote, "Facts are asked for turns: 7, 9.", "The player characters (not NPCs): Mira."} {
		if !strings.Contains(text, want) {
			t.Errorf("the fold's prompt lacks %q:\n%s", want, text)
		}
	}
	if n := strings.Count(text, engineTurnNote); n != 1 {
		t.Errorf("%d turns marked as the engine's, want 1", n)
	}
	long := foldReq()
	long.Previous = "Turn 1: Mira set out from the ferry.\n\n" + strings.Repeat("Turn 2: Mira walks the long road.\n", 60) + "Turn 6: Mira reached the inn."
	text = Join(FoldBlocks(long))
	if strings.Contains(text, "Turn 1: Mira set out") || !strings.Contains(text, "Turn 6: Mira reached the inn.") {
		t.Errorf("a long story is shown whole or without its newest line:\n%s", text)
	}
}

// Every kind of call has its own output cap, and a structured answer
// (Form) takes its purpose's.
func TestOutputCaps(t *testing.T) {
	for _, p := range []Purpose{PurposeNarration, PurposeDialogue, PurposeScene, PurposeAcknowledgement, PurposeSummary,
		PurposeRecap, PurposeFold, PurposeIntent, PurposeDefinition} {
		if _, ok := outputCaps[p]; !ok {
			t.Errorf("%s has no cap", p)
		}
	}
	if MaxOutput("") != MaxOutput(PurposeNarration) || MaxOutput("unknown") != defaultMaxOutput {
		t.Errorf("an empty purpose caps at %d, an unknown one at %d", MaxOutput(""), MaxOutput("unknown"))
	}
	for form, p := range map[string]Purpose{DefineFormName: PurposeDefinition, IntentFormName: PurposeIntent,
		FoldFormName: PurposeFold} {
		if got := (Form{Name: form}).MaxOutput(); got != MaxOutput(p) {
			t.Errorf("%s caps at %d, want %s's %d", form, got, p, MaxOutput(p))
		}
	}
	if MaxOutput(PurposeAcknowledgement) >= MaxOutput(PurposeNarration) || MaxOutput(PurposeFold) <= MaxOutput(PurposeSummary) {
		t.Errorf("an acknowledgement may run to %d tokens, a narration %d; a fold %d, a summary %d",
			MaxOutput(PurposeAcknowledgement), MaxOutput(PurposeNarration), MaxOutput(PurposeFold), MaxOutput(PurposeSummary))
	}
}

// The chips after a turn come from what the engine knows: the foes still
// standing in a fight, else someone present, the ways on and a look
// around.
func TestNextActions(t *testing.T) {
	fight := Request{Threats: []Threat{{Name: "Goblin 1", State: "dead"}, {Name: "Goblin 2", State: "badly wounded, prone"},
		{Name: "Goblin 3", State: "unhurt"}, {Name: "Goblin 4", State: "unhurt"}}}
	if got, want := NextActions(fight), []string{"Attack Goblin 2", "Attack Goblin 3", "Dodge"}; !slices.Equal(got, want) {
		t.Errorf("in a fight: %q, want %q", got, want)
	}
	inn := Request{Scene: campaign.Scene{NPCs: []string{"Marta", "Tobin"}}, Area: Area{Exits: []string{"the Cellar", "the Yard", "the Road"}}}
	if got, want := NextActions(inn), []string{"Talk to Marta", "Go to the Cellar", "Look around"}; !slices.Equal(got, want) {
		t.Errorf("at the inn: %q, want %q", got, want)
	}
	road := Request{Area: Area{Exits: []string{"the Cellar", "the Yard", "the Road"}}}
	if got, want := NextActions(road), []string{"Go to the Cellar", "Go to the Yard", "Look around"}; !slices.Equal(got, want) {
		t.Errorf("alone: %q, want %q", got, want)
	}
	if got := NextActions(Request{}); !slices.Equal(got, []string{"Look around"}) {
		t.Errorf("nowhere: %q", got)
	}
}
