package narrator

import (
	"context"
	"strings"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/fault"
)

var innTurn = campaign.Turn{
	Sequence:    7,
	ActorName:   "Mira",
	Action:      "I swear to Marta that I will pay her back tomorrow.",
	RulesResult: "Persuasion 15 against DC 12: success.",
	Narration: "An innkeeper named Marta, a stout human with a grey braid, slides a brass key across the bar. " +
		"Mira takes the Moonglass Key. \"Beware the Hollow Choir,\" Marta whispers, \"the singers who never sleep.\"",
}

// decodeExtraction is one turn's facts as a fold's entry holds them,
// decoded alone and checked by validExtraction: the checks DecodeFold
// makes of each turn, tested one turn at a time.
func decodeExtraction(raw []byte, turn campaign.Turn) (Extraction, error) {
	const op = "decode extraction"
	var x Extraction
	if err := decodeStrict(raw, &x); err != nil {
		return Extraction{}, errInvalid(op, "not an extraction: %v", err)
	}
	x, err := validExtraction(x, turn)
	if err != nil {
		return Extraction{}, errInvalid(op, "%v", err)
	}
	return x, nil
}

// Empty reports whether the extraction holds nothing.
func (x Extraction) Empty() bool {
	return len(x.NPCs)+len(x.Items)+len(x.Places)+len(x.Promises)+len(x.Debts)+len(x.Deaths)+len(x.Terms)+
		len(x.Scene)+len(x.Attitudes) == 0
}

func TestDecodeExtraction(t *testing.T) {
	valid := `{"npcs":[{"name":"Marta","species":"human","role":"innkeeper","appearance":"stout, grey braid",
		"evidence":"An innkeeper named Marta, a stout human with a grey braid, slides a brass key across the bar."}],
		"items":[{"name":"Moonglass Key","evidence":"Mira takes the Moonglass Key"}],
		"promises":[{"who":"Mira","evidence":"I swear to Marta that I will pay her back tomorrow."}],
		"terms":[{"term":"Hollow Choir","definition":"singers who never sleep","evidence":"\"Beware the Hollow Choir,\" Marta whispers, \"the singers who never sleep.\""}]}`
	x, err := decodeExtraction([]byte(valid), innTurn)
	if err != nil {
		t.Fatal(err)
	}
	if len(x.NPCs) != 1 || x.NPCs[0].Name != "Marta" || x.NPCs[0].Species != "human" || len(x.Items) != 1 ||
		len(x.Promises) != 1 || len(x.Terms) != 1 || x.Terms[0].Definition != "singers who never sleep" {
		t.Fatalf("extraction = %+v", x)
	}

	cases := []struct{ name, answer, reason string }{
		{"NotJSON", `Marta is an innkeeper.`, "not an extraction"},
		{"UnknownField", `{"npcs":[],"hp":100}`, "unknown field"},
		{"WrongType", `{"npcs":"Marta"}`, "not an extraction"},
		{"TwoObjects", `{}{}`, "more than one JSON object"},
		{"EvidenceNotInTurn", `{"npcs":[{"name":"Oswin","evidence":"Oswin the smith waves."}]}`, "not in the turn"},
		{"EvidenceDoesNotNameIt", `{"items":[{"name":"Sunblade","evidence":"Mira takes the Moonglass Key."}]}`, "does not name"},
		{"PlayerWordsIntroduceNobody", `{"npcs":[{"name":"Marta","evidence":"I swear to Marta that I will pay her back tomorrow."}]}`, "not in the turn"},
		{"MarkupInName", `{"items":[{"name":"**Moonglass Key**","evidence":"Mira takes the Moonglass Key."}]}`, "markup"},
		{"EmptyName", `{"places":[{"name":"  ","evidence":"Mira takes the Moonglass Key."}]}`, "empty"},
		{"LongDefinition", `{"terms":[{"term":"Hollow Choir","definition":"` + strings.Repeat("very ", 20) + `old","evidence":"Beware the Hollow Choir"}]}`, "words"},
		{"ControlCharacters", `{"items":[{"name":"Moonglass\u0000Key","evidence":"Mira takes the Moonglass Key."}]}`, "control"},
		// The chips come from the engine: a turn's facts hold no suggestion.
		{"Suggestions", `{"suggestions":["Open it"]}`, "unknown field"},
		{"TooManyEntries", `{"items":[` + strings.TrimSuffix(strings.Repeat(`{"name":"Moonglass Key","evidence":"Mira takes the Moonglass Key."},`, 13), ",") + `]}`, "at most"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			x, err := decodeExtraction([]byte(c.answer), innTurn)
			if !fault.Is(err, fault.Invalid) || !strings.Contains(err.Error(), c.reason) {
				t.Fatalf("err = %v, want invalid: %s", err, c.reason)
			}
			if !x.Empty() {
				t.Fatalf("a refused answer returned facts: %+v", x)
			}
		})
	}
	t.Run("OneBadEntryDropsTheWhole", func(t *testing.T) {
		bad := `{"items":[{"name":"Moonglass Key","evidence":"Mira takes the Moonglass Key."},{"name":"Crown","evidence":"Mira takes the Crown."}]}`
		if x, err := decodeExtraction([]byte(bad), innTurn); err == nil || !x.Empty() {
			t.Fatalf("half an answer was kept: %+v, %v", x, err)
		}
	})
}

func TestDecodeDefinitions(t *testing.T) {
	asked := []TermUse{{Term: "Hollow Choir"}, {Term: "Moonglass Key"}}
	got, err := DecodeDefinitions([]byte(`{"terms":[{"term":"hollow choir","definition":"sleepless singers of the crypt"}]}`), asked)
	if err != nil || len(got) != 1 || got["Hollow Choir"] != "sleepless singers of the crypt" {
		t.Fatalf("definitions = %v, %v", got, err)
	}
	for name, answer := range map[string]string{
		"NotAsked":  `{"terms":[{"term":"Sunblade","definition":"a sword"}]}`,
		"Twice":     `{"terms":[{"term":"Hollow Choir","definition":"singers"},{"term":"Hollow Choir","definition":"a choir"}]}`,
		"Markup":    `{"terms":[{"term":"Hollow Choir","definition":"<b>singers</b>"}]}`,
		"Empty":     `{"terms":[{"term":"Hollow Choir","definition":""}]}`,
		"Malformed": `{"terms":[{"term":"Hollow Choir"`,
	} {
		t.Run(name, func(t *testing.T) {
			if got, err := DecodeDefinitions([]byte(answer), asked); !fault.Is(err, fault.Invalid) || got != nil {
				t.Fatalf("got %v, %v; want invalid", got, err)
			}
		})
	}
}

// The forms' schemas are reflected from the Go types the decoders read,
// so a model that follows the shape is never refused for it.
func TestFormSchemas(t *testing.T) {
	for _, form := range []Form{FoldForm(), DefineForm(), IntentForm()} {
		s := form.Schema()
		if s["type"] != "object" || s["additionalProperties"] != false || s["$ref"] != nil {
			t.Fatalf("%s schema %v: want an inlined closed object", form.Name, s)
		}
	}
	props, _ := entryProperties(FoldForm().Schema())
	for _, k := range []string{"npcs", "items", "places", "promises", "debts", "deaths", "terms"} {
		if props[k] == nil {
			t.Errorf("a record_fold turn entry has no %s", k)
		}
	}
	npc := props["npcs"].(map[string]any)["items"].(map[string]any)
	if req := npc["required"].([]any); len(req) != 2 || req[0] != "name" || req[1] != "evidence" {
		t.Fatalf("npc required = %v", req)
	}
}

func TestRoute(t *testing.T) {
	for p, want := range map[Purpose]Tier{
		PurposeNarration: High, PurposeDialogue: High, PurposeScene: High, "": High, "something new": High,
		PurposeAcknowledgement: Low, PurposeSummary: Low, PurposeRecap: Low, PurposeFold: Low,
		PurposeDefinition: Low, PurposeIntent: Low,
	} {
		if got := Route(p); got != want {
			t.Errorf("Route(%q) = %s, want %s", p, got, want)
		}
	}
}

func TestAcknowledgementAsksForBrevity(t *testing.T) {
	req := Request{Action: "end turn", RulesResult: "Mira ends her turn."}
	if strings.Contains(Join(Blocks(req)), "one or two sentences") {
		t.Fatal("a narration was told to be brief")
	}
	req.Purpose = PurposeAcknowledgement
	if !strings.Contains(Join(Blocks(req)), "one or two sentences") {
		t.Fatal("an acknowledgement was not told to be brief")
	}
}

func TestDefineFromSentence(t *testing.T) {
	cases := []struct{ name, term, sentence, want string }{
		{"Apposition", "Hollow Crown", "Mira lifts the Hollow Crown, a circlet of black iron, from the altar.", "a circlet of black iron"},
		{"Copula", "Ashen Veil", "The Ashen Veil is a curtain of smoke that never settles.", "a curtain of smoke that never settles"},
		{"NamingCue", "Hollow Crown", "She finds a circlet of black iron called the \"Hollow Crown\".", "a circlet of black iron"},
		{"QuotedApposition", "Hollow Choir", "\"Beware the Hollow Choir,\" Marta whispers, \"the singers who never sleep.\"", "as in: \"Beware the Hollow Choir,\" Marta whispers, \"the singers who never sleep"},
		{"Fallback", "Geometers", "Nobody in town speaks of the Geometers after dark", "as in: Nobody in town speaks of the Geometers after dark"},
		{"Empty", "Geometers", "", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := DefineFromSentence(c.term, c.sentence); got != c.want {
				t.Fatalf("definition = %q, want %q", got, c.want)
			}
		})
	}
	got, err := Offline{}.Define(context.Background(), DefineRequest{Terms: []TermUse{
		{Term: "Hollow Crown", Sentence: cases[0].sentence}, {Term: "Nothing", Sentence: ""}}})
	if err != nil || len(got.Definitions) != 1 || got.Definitions["Hollow Crown"] != "a circlet of black iron" || got.Model != "" {
		t.Fatalf("offline definitions = %+v, %v", got, err)
	}
}

var stormTurn = campaign.Turn{
	Sequence:  9,
	ActorName: "Mira",
	Action:    "It is night now and Captain Voss joins us.",
	Narration: "Night falls over Greyford as a cold rain begins. Captain Voss strides in from the storm and sits by the fire, plainly glad of the company. " +
		"Marta, scowling now, storms off to the cellar.",
}

func TestDecodeSceneChanges(t *testing.T) {
	const first = "Night falls over Greyford as a cold rain begins."
	const voss = "Captain Voss strides in from the storm and sits by the fire, plainly glad of the company."
	const marta = "Marta, scowling now, storms off to the cellar."
	valid := `{"scene":[{"what":"time","value":"Night","evidence":"` + first + `"},
		{"what":"weather","value":"cold  rain","evidence":"` + first + `"},
		{"what":"arrived","value":"Captain Voss","evidence":"` + voss + `"},
		{"what":"left","value":"Marta","evidence":"` + marta + `"}],
		"attitudes":[{"name":"Captain Voss","attitude":"friendly","evidence":"` + voss + `"},
		{"name":"Marta","attitude":"hostile","evidence":"` + marta + `"}]}`
	x, err := decodeExtraction([]byte(valid), stormTurn)
	if err != nil {
		t.Fatal(err)
	}
	if len(x.Scene) != 4 || x.Scene[0].Value != "night" || x.Scene[1].Value != "cold rain" || x.Scene[2].Value != "Captain Voss" ||
		len(x.Attitudes) != 2 || x.Attitudes[1].Attitude != "hostile" || x.Empty() {
		t.Fatalf("extraction = %+v", x)
	}
	cases := []struct{ name, answer, reason string }{
		{"TimeNotOfTheDay", `{"scene":[{"what":"time","value":"twilight","evidence":"` + first + `"}]}`, "not one of"},
		{"WeatherWithANumber", `{"scene":[{"what":"weather","value":"rain for 3 days","evidence":"` + first + `"}]}`, "has a number"},
		{"LongWeather", `{"scene":[{"what":"weather","value":"` + strings.Repeat("cold ", 7) + `rain","evidence":"` + first + `"}]}`, "words"},
		{"WhereThePartyIs", `{"scene":[{"what":"location","value":"the cellar","evidence":"` + marta + `"}]}`, "not time, weather"},
		{"PlayerWordsMoveNoTime", `{"scene":[{"what":"time","value":"night","evidence":"It is night now"}]}`, "not in the turn"},
		{"PlayerWordsBringNobody", `{"scene":[{"what":"arrived","value":"Captain Voss","evidence":"Captain Voss joins us."}]}`, "not in the turn"},
		{"ArrivalNotNamed", `{"scene":[{"what":"arrived","value":"Oswin","evidence":"` + voss + `"}]}`, "does not name"},
		{"AttitudeNotKnown", `{"attitudes":[{"name":"Marta","attitude":"adoring","evidence":"` + marta + `"}]}`, "not one of"},
		{"AttitudeNotEvidenced", `{"attitudes":[{"name":"Marta","attitude":"friendly","evidence":"` + voss + `"}]}`, "does not name"},
		{"HalfValid", `{"scene":[{"what":"time","value":"night","evidence":"` + first + `"},{"what":"weather","value":"<b>hail</b>","evidence":"` + first + `"}]}`, "markup"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			x, err := decodeExtraction([]byte(c.answer), stormTurn)
			if !fault.Is(err, fault.Invalid) || !strings.Contains(err.Error(), c.reason) {
				t.Fatalf("err = %v, want Invalid with %q", err, c.reason)
			}
			if !x.Empty() {
				t.Fatalf("a refused answer kept %+v", x)
			}
		})
	}
	// The form's shape offers the scene's kinds and the attitudes as
	// allowed values.
	for _, want := range []string{"time | weather | arrived | left", "friendly | indifferent | hostile"} {
		if !strings.Contains(FoldForm().Shape(), want) {
			t.Errorf("record_fold's shape lacks %s", want)
		}
	}
}
