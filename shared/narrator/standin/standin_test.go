package standin_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"chronicler/shared/campaign"
	"chronicler/shared/narrator"
	"chronicler/shared/narrator/standin"
)

// looseDigits finds digits outside the names a narration may use.
func looseDigits(text string, names ...string) bool {
	for _, n := range names {
		text = strings.ReplaceAll(text, n, "")
	}
	return strings.ContainsAny(text, "0123456789")
}

func TestNarratesTheRulesResultInItsOwnWords(t *testing.T) {
	cases := []struct {
		name   string
		result string
		want   []string // words the narration must hold
	}{
		{"HitThatKills", "Mira hits Goblin 1 with her longsword (17 vs AC 15) for 9 slashing damage; Goblin 1 drops to 0 HP and dies.",
			[]string{"Mira hits Goblin 1 with her longsword", "dies"}},
		{"Miss", "Goblin 2 misses Mira with a scimitar (9 vs AC 12).", []string{"Goblin 2 misses Mira with a scimitar"}},
		{"CheckPasses", "Investigation 14 against DC 12: success.", []string{"effort pays off"}},
		{"SaveFails", "Mira fails a DC 15 Dexterity saving throw (8).", []string{"Mira fails a Dexterity saving throw"}},
		{"Healing", "Mira regains 7 HP (14/20 HP).", []string{"Mira regains some strength"}},
		{"NoResult", "", []string{"nothing is decided"}},
	}
	for _, a := range adapters {
		sv := start(t, standin.Config{Seed: 7})
		m := a.connect(sv, settings{})
		for _, c := range cases {
			t.Run(a.name+"/"+c.name, func(t *testing.T) {
				req := fight()
				req.RulesResult = c.result
				got, emitted, err := narrate(t, m, req)
				if err != nil {
					t.Fatal(err)
				}
				for _, w := range c.want {
					if !strings.Contains(got.Text, w) {
						t.Errorf("narration %q does not hold %q", got.Text, w)
					}
				}
				if looseDigits(got.Text, "Goblin 1", "Goblin 2") {
					t.Errorf("narration %q states a number", got.Text)
				}
				if vs := narrator.Guard(got.Text, grounds(req)); len(vs) > 0 {
					t.Errorf("the guard finds %v in %q", vs, got.Text)
				}
				if n := strings.Count(got.Text, ". ") + 1; n < 3 {
					t.Errorf("%d sentences in %q, want an opening, the result and an invitation", n, got.Text)
				}
				if len(emitted.Got()) < 3 || emitted.Text() != got.Text {
					t.Errorf("emitted %q: want the narration in pieces", emitted.Got())
				}
			})
		}
	}
}

// TestNarratesAtTheLengthAsked: with Words set, a narration runs 80 to
// 120 words and still passes the guard; an acknowledgement stays short.
func TestNarratesAtTheLengthAsked(t *testing.T) {
	for _, a := range adapters {
		t.Run(a.name, func(t *testing.T) {
			m := a.connect(start(t, standin.Config{Seed: 3, Words: standin.Words{Min: 80, Max: 120}}), settings{})
			lengths := map[int]bool{}
			for i, result := range []string{"Mira hits Goblin 1 with her longsword (17 vs AC 15) for 9 slashing damage.",
				"Goblin 2 misses Mira with a scimitar (9 vs AC 12).", "Investigation 14 against DC 12: success.", ""} {
				req := fight()
				req.RulesResult, req.TurnID = result, fmt.Sprint("t", i)
				got, _, err := narrate(t, m, req)
				if err != nil {
					t.Fatal(err)
				}
				n := len(strings.Fields(got.Text))
				lengths[n] = true
				if n < 80 || n > 120 {
					t.Errorf("%d words in %q, want 80 to 120", n, got.Text)
				}
				if vs := narrator.Guard(got.Text, grounds(req)); len(vs) > 0 {
					t.Errorf("the guard finds %v in %q", vs, got.Text)
				}
			}
			if len(lengths) < 2 {
				t.Errorf("every narration has the same length: %v", lengths)
			}
			req := fight()
			req.Purpose, req.Tier, req.RulesResult = narrator.PurposeAcknowledgement, narrator.Low, "Mira takes the Dodge action."
			got, _, err := narrate(t, m, req)
			if err != nil {
				t.Fatal(err)
			}
			if n := len(strings.Fields(got.Text)); n > 30 {
				t.Errorf("an acknowledgement of %d words: %q", n, got.Text)
			}
		})
	}
}

func TestAcknowledgesInTwoSentences(t *testing.T) {
	for _, a := range adapters {
		t.Run(a.name, func(t *testing.T) {
			req := fight()
			req.Purpose, req.Tier, req.RulesResult = narrator.PurposeAcknowledgement, narrator.Low, "Mira takes the Dodge action."
			got, _, err := narrate(t, a.connect(start(t, standin.Config{}), settings{}), req)
			if err != nil {
				t.Fatal(err)
			}
			if got.Text == "" || strings.Count(got.Text, ". ")+1 != 2 || !strings.Contains(got.Text, "Mira takes the Dodge action.") {
				t.Fatalf("acknowledgement %q, want the result and an invitation", got.Text)
			}
		})
	}
}

// TestGoesOnFromWhatWasShown: asked to go on from a shown opening, the
// stand-in tells the rest without a new one.
func TestGoesOnFromWhatWasShown(t *testing.T) {
	for _, a := range adapters {
		t.Run(a.name, func(t *testing.T) {
			req := fight()
			req.RulesResult = "Goblin 2 misses Mira with a scimitar (9 vs AC 12)."
			req.Told = "Mira braces herself."
			got, _, err := narrate(t, a.connect(start(t, standin.Config{}), settings{}), req)
			if err != nil {
				t.Fatal(err)
			}
			if strings.Count(got.Text, ". ")+1 != 2 || !strings.HasPrefix(got.Text, "Goblin 2 misses Mira with a scimitar") {
				t.Fatalf("continuation %q, want the result and an invitation", got.Text)
			}
		})
	}
}

func TestSameSeedSameWords(t *testing.T) {
	texts := map[uint64]string{}
	for _, seed := range []uint64{1, 1, 2, 3, 4, 5} {
		got, _, err := narrate(t, adapters[0].connect(start(t, standin.Config{Seed: seed}), settings{}), fight())
		if err != nil {
			t.Fatal(err)
		}
		if prev, ok := texts[seed]; ok && prev != got.Text {
			t.Fatalf("seed %d told %q, then %q", seed, prev, got.Text)
		}
		texts[seed] = got.Text
	}
	distinct := map[string]bool{}
	for _, text := range texts {
		distinct[text] = true
	}
	if len(distinct) < 2 {
		t.Fatalf("five seeds told the same narration: %q", texts[1])
	}
}

func TestAnswersTheStructuredCallsOfTheNarrator(t *testing.T) {
	for _, a := range adapters {
		sv := start(t, standin.Config{})
		m := a.connect(sv, settings{})
		ctx := context.Background()
		t.Run(a.name+"/RecordFold", func(t *testing.T) {
			got, err := m.Fold(ctx, foldReq())
			if err != nil {
				t.Fatal(err)
			}
			if !strings.HasPrefix(got.Summary, "Turn 3: ") || strings.Contains(got.Summary, "Turn 2") {
				t.Fatalf("summary %q, want the new chapter: turn 3 alone", got.Summary)
			}
			if len(got.Turns) != 1 || got.Turns[0].Turn != keyTurn.Sequence {
				t.Fatalf("facts %+v, want turn 3's", got.Turns)
			}
			f := got.Turns[0]
			if len(f.Items) != 1 || f.Items[0].Name != "Moonglass Key" || len(f.NPCs) != 1 || f.NPCs[0].Name != "Oswin" || f.NPCs[0].Role != "priest" {
				t.Fatalf("facts %+v, want the key and the priest", f)
			}
			if got.Model != a.low || got.Usage.Input == 0 || got.Usage.Output == 0 {
				t.Fatalf("call %s %+v", got.Model, got.Usage)
			}
		})
		t.Run(a.name+"/RecordFoldOfATurnWithoutFacts", func(t *testing.T) {
			req := foldReq()
			req.Turns[0].Narration = "Mira waits."
			got, err := m.Fold(ctx, req)
			if err != nil || got.Summary == "" || len(got.Turns) != 0 {
				t.Fatalf("fold %+v, %v; want a summary and no facts", got.Fold, err)
			}
		})
		intents := []struct {
			words string
			want  string // the intent, "" for say
		}{
			{"I vault the bar and hack at the nearer goblin with my handaxe", `{"kind":"attack","target_id":"goblin-1","weapon":"handaxe"}`},
			{"I hit goblin 2", `{"kind":"attack","target_id":"goblin-2"}`},
			{"down the trapdoor into the cellar we go", `{"kind":"move","to_area_id":"cellar"}`},
			{"I search the shelves", `{"kind":"check","ability":"int","skill":"investigation","difficulty":"medium"}`},
			{"Hello there, friend", ""},
		}
		for _, c := range intents {
			t.Run(a.name+"/ReadIntent/"+c.words, func(t *testing.T) {
				got, err := m.ReadIntent(ctx, narrator.IntentRequest{Actor: "Bram", Text: c.words, Fighting: true, Choices: intentChoices})
				if err != nil || string(got.Intent) != c.want {
					t.Fatalf("intent %s, %v; want %s", got.Intent, err, c.want)
				}
			})
		}
		t.Run(a.name+"/DefineTerms", func(t *testing.T) {
			got, err := m.Define(ctx, narrator.DefineRequest{CampaignName: "The Sunken Crypt", Terms: []narrator.TermUse{
				{Term: "Moonglass Key", Sentence: "She lifts the Moonglass Key, a key of pale glass that hums.", Turn: 3},
				{Term: "Drowned Court", Sentence: "The Drowned Court waits below.", Turn: 4},
			}})
			if err != nil {
				t.Fatal(err)
			}
			if got.Definitions["Moonglass Key"] != "a key of pale glass that hums" || got.Definitions["Drowned Court"] == "" || len(got.Definitions) != 2 {
				t.Fatalf("definitions %q", got.Definitions)
			}
		})
		t.Run(a.name+"/Summarize", func(t *testing.T) {
			got, err := m.Summarize(ctx, narrator.SummaryRequest{CampaignName: "The Sunken Crypt", Previous: "Turn 1: The party entered the crypt.",
				Turns: []campaign.Turn{{Sequence: 2, ActorName: "Mira", Action: "I search", RulesResult: "Mira finds a brass key."},
					{Sequence: 3, ActorName: "Bram", Action: "I wait"}}})
			if err != nil {
				t.Fatal(err)
			}
			if want := "Turn 1: The party entered the crypt.\nTurn 2: Mira finds a brass key.\nTurn 3: Bram acts."; got.Text != want {
				t.Fatalf("summary %q, want %q", got.Text, want)
			}
			if got.Model != a.low {
				t.Fatalf("summary model %q", got.Model)
			}
		})
	}
}

// TestLogsWhatTheNarratorSent: the log holds each call as the adapter
// sent it, so a test can assert what the narrator was told.
func TestLogsWhatTheNarratorSent(t *testing.T) {
	for _, a := range adapters {
		t.Run(a.name, func(t *testing.T) {
			now := time.Date(2026, 3, 1, 20, 0, 0, 0, time.UTC)
			sv := start(t, standin.Config{Now: func() time.Time { return now }})
			m := a.connect(sv, settings{})
			got, _, err := narrate(t, m, fight())
			if err != nil {
				t.Fatal(err)
			}
			if _, err := m.Fold(context.Background(), foldReq()); err != nil {
				t.Fatal(err)
			}
			reqs := sv.Requests()
			if len(reqs) != 2 {
				t.Fatalf("%d requests logged, want 2", len(reqs))
			}
			n, x := reqs[0], reqs[1]
			system, user := narrator.Roles(narrator.Blocks(fight()))
			var texts []string
			for _, b := range system {
				texts = append(texts, b.Text)
			}
			if a.name == "openai" {
				texts = []string{narrator.Join(system)} // one system message
			}
			if n.API != a.name || n.Model != a.high || !n.Stream || n.Seq != 1 || !n.Time.Equal(now) || n.Status != http.StatusOK {
				t.Errorf("narration logged as %+v", n)
			}
			if fmt.Sprint(n.System) != fmt.Sprint(texts) || len(n.Messages) != 1 || n.Messages[0].Role != "user" || n.Messages[0].Text != narrator.Join(user) {
				t.Errorf("narration prompt logged as system %q, messages %q", n.System, n.Messages)
			}
			if !strings.Contains(n.Prompt(), secret) || n.MaxTokens != narrator.MaxOutput(narrator.PurposeNarration) || len(n.Tools) != 0 {
				t.Errorf("narration logged as %+v", n)
			}
			if n.CachePoint != (a.name == "bedrock") || (a.name == "bedrock" && n.CacheTTL != "1h") {
				t.Errorf("cache point %v %q", n.CachePoint, n.CacheTTL)
			}
			if n.Text != got.Text || n.Usage != (standin.Usage{Input: got.Usage.Input, Output: got.Usage.Output, CacheRead: got.Usage.CacheRead, CacheWrite: got.Usage.CacheWrite, CacheWriteHour: got.Usage.CacheWriteHour}) {
				t.Errorf("logged answer %q %+v, the adapter got %q %+v", n.Text, n.Usage, got.Text, got.Usage)
			}
			// A fold sends no tool: its prompt states the answer's shape;
			// Bedrock begins the answer, which goes on from there, and
			// OpenAI asks for JSON mode.
			if x.Stream || x.Model != a.low || len(x.Tools) != 0 || x.ToolChoice != "" || x.Form != narrator.FoldFormName ||
				!strings.Contains(strings.Join(x.System, "\n"), narrator.FoldForm().Shape()) || x.MaxTokens != narrator.MaxOutput(narrator.PurposeFold) {
				t.Errorf("fold logged as %+v", x)
			}
			if a.name == "bedrock" && (x.Prefill != narrator.Prefill || x.Messages[len(x.Messages)-1].Role != "assistant" || x.JSONMode) {
				t.Errorf("bedrock fold prefilled %q in %q", x.Prefill, x.Messages)
			}
			if a.name == "openai" && (!x.JSONMode || x.Prefill != "") {
				t.Errorf("openai fold in JSON mode %v, prefilled %q", x.JSONMode, x.Prefill)
			}
			if answered := x.Prefill + x.Text; !strings.HasPrefix(answered, `{"summary":`) || !strings.Contains(answered, "Moonglass Key") {
				t.Errorf("fold answered %q", answered)
			}
		})
	}
}

// TestReportsUsageAndCache: Bedrock's cache point writes the cache on the
// first call and reads it on the next; an OpenAI server caches a repeated
// system prompt by itself; both only past the model's shortest cacheable
// prefix; and the usage prices as the game prices it.
func TestReportsUsageAndCache(t *testing.T) {
	long := fight()
	long.WorldSeed = strings.Repeat("The drowned kingdom's bells ring under the tide. ", 120) // about 1,500 tokens
	for _, a := range adapters {
		t.Run(a.name, func(t *testing.T) {
			sv := start(t, standin.Config{})
			m := a.connect(sv, settings{})
			brief := fight()
			brief.Layout = narrator.LayoutFlat // the flat layout's prefix is short of the minimum
			short, _, err := narrate(t, m, brief)
			if err != nil {
				t.Fatal(err)
			}
			if short.Usage.CacheRead != 0 || short.Usage.CacheWrite != 0 || short.Usage.Input == 0 {
				t.Fatalf("short prompt: usage %+v, want no cache", short.Usage)
			}
			first, _, err := narrate(t, m, long)
			if err != nil {
				t.Fatal(err)
			}
			second, _, err := narrate(t, m, long)
			if err != nil {
				t.Fatal(err)
			}
			switch a.name {
			case "bedrock":
				if first.Usage.CacheWrite < 1024 || first.Usage.CacheRead != 0 {
					t.Fatalf("first call %+v, want the prefix written", first.Usage)
				}
				if second.Usage.CacheRead != first.Usage.CacheWrite || second.Usage.CacheWrite != 0 || second.Usage.Input != first.Usage.Input {
					t.Fatalf("second call %+v after %+v, want the prefix read", second.Usage, first.Usage)
				}
			case "openai":
				if first.Usage.CacheRead != 0 || second.Usage.CacheRead < 1024 || second.Usage.Input+second.Usage.CacheRead != first.Usage.Input {
					t.Fatalf("calls %+v then %+v, want the second to read the system prompt from the cache", first.Usage, second.Usage)
				}
			}
			if a.name == "bedrock" {
				hit, _ := narrator.Cost(second.Model, second.Usage)
				miss, _ := narrator.Cost(first.Model, first.Usage)
				if hit <= 0 || hit >= miss {
					t.Fatalf("a cache hit costs $%f, a write $%f", hit, miss)
				}
			}
		})
	}
}

// TestCacheExpires: the cache lives as long as its cache point says.
func TestCacheExpires(t *testing.T) {
	now := time.Date(2026, 3, 1, 20, 0, 0, 0, time.UTC)
	sv := start(t, standin.Config{MinCacheTokens: -1, Now: func() time.Time { return now }})
	m := adapters[1].connect(sv, settings{})
	for i, c := range []struct {
		after       time.Duration
		read, write bool
	}{{0, false, true}, {59 * time.Minute, true, false}, {61 * time.Minute, false, true}} {
		now = now.Add(c.after)
		req := fight()
		req.Layout = narrator.LayoutFlat // one cache point, of an hour
		got, _, err := narrate(t, m, req)
		if err != nil {
			t.Fatal(err)
		}
		if (got.Usage.CacheRead > 0) != c.read || (got.Usage.CacheWrite > 0) != c.write {
			t.Fatalf("call %d, %v later: usage %+v", i, c.after, got.Usage)
		}
	}
}

// TestFaultRateRepeats: a rate plays on about that share of the calls,
// the same calls for the same seed.
func TestFaultRateRepeats(t *testing.T) {
	played := func(seed uint64) []bool {
		sv := start(t, standin.Config{Seed: seed, Faults: []standin.Rule{{Fault: standin.Invent, Rate: 0.3}}})
		m := adapters[0].connect(sv, settings{})
		var out []bool
		for i := range 100 {
			req := fight()
			req.TurnID, req.Action = fmt.Sprint("t", i), fmt.Sprintf("I swing at the first goblin, try %d", i)
			got, _, err := narrate(t, m, req)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, slices.Contains(narrator.Guard(got.Text, grounds(req)), narrator.InventedNumber))
		}
		for i, r := range sv.Requests() {
			if (r.Fault == standin.Invent) != out[i] {
				t.Fatalf("call %d: logged %q, narration %v", i, r.Fault, out[i])
			}
		}
		return out
	}
	a, b, c := played(1), played(1), played(2)
	count := 0
	for _, v := range a {
		if v {
			count++
		}
	}
	if count < 20 || count > 40 {
		t.Fatalf("%d of 100 narrations invented a number at a rate of 0.3", count)
	}
	if fmt.Sprint(a) != fmt.Sprint(b) {
		t.Fatal("the same seed played the fault on other calls")
	}
	if fmt.Sprint(a) == fmt.Sprint(c) {
		t.Fatal("another seed played the fault on the same calls")
	}
}

// TestFaultsForOneKindOfCall: a rule for narrations leaves the structured calls
// and summaries of the same session alone.
func TestFaultsForOneKindOfCall(t *testing.T) {
	rules, err := standin.ParseFaults("invent@stream=1,refuse@text=1")
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range adapters {
		t.Run(a.name, func(t *testing.T) {
			m := a.connect(start(t, standin.Config{Faults: rules}), settings{})
			got, _, err := narrate(t, m, fight())
			if err != nil || !slices.Contains(narrator.Guard(got.Text, grounds(fight())), narrator.InventedNumber) {
				t.Fatalf("narration %q, %v; want an invented number", got.Text, err)
			}
			f, err := m.Fold(context.Background(), foldReq())
			if err != nil || len(f.Turns) != 1 || len(f.Turns[0].Items) != 1 {
				t.Fatalf("fold %+v, %v; want the structured call untouched", f.Fold, err)
			}
			sum, err := m.Summarize(context.Background(), narrator.SummaryRequest{CampaignName: "The Sunken Crypt"})
			if err != nil || sum.Text != "I can't help with that." {
				t.Fatalf("summary %q, %v; want the refusal", sum.Text, err)
			}
		})
	}
}

// TestRetryDrawsAgain: a retried call (the same body) draws its fault
// anew, so a rate below 1 lets a retry through.
func TestRetryDrawsAgain(t *testing.T) {
	sv := start(t, standin.Config{Seed: 3, Faults: []standin.Rule{{Fault: standin.Throttle, Rate: 0.5}}})
	m := adapters[0].connect(sv, settings{retries: 8})
	for i := range 20 {
		req := fight()
		req.Action = fmt.Sprint("try ", i)
		if _, _, err := narrate(t, m, req); err != nil {
			t.Fatalf("narration %d: %v", i, err)
		}
	}
	if n := len(sv.Requests()); n <= 20 {
		t.Fatalf("%d requests for 20 narrations at a throttle rate of 0.5", n)
	}
}

func TestControlEndpoint(t *testing.T) {
	sv := start(t, standin.Config{Seed: 1})
	do := func(method, path, body string) (int, string) {
		t.Helper()
		req, err := http.NewRequest(method, sv.URL+path, strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(b)
	}
	if code, body := do("PUT", "/standin/faults?seed=9", "refuse=1"); code != 200 || !strings.Contains(body, `"faults":"refuse=1"`) || !strings.Contains(body, `"seed":9`) {
		t.Fatalf("PUT faults: %d %s", code, body)
	}
	if sv.Seed() != 9 || standin.FormatFaults(sv.Faults()) != "refuse=1" {
		t.Fatalf("seed %d, faults %v", sv.Seed(), sv.Faults())
	}
	m := adapters[0].connect(sv, settings{})
	if got, _, err := narrate(t, m, fight()); err != nil || got.Text != "I can't help with that." {
		t.Fatalf("narration %q, %v; want the refusal switched on", got.Text, err)
	}
	if code, body := do("PUT", "/standin/faults", "invent=2"); code != 400 || !strings.Contains(body, "between 0 and 1") {
		t.Fatalf("PUT bad faults: %d %s", code, body)
	}
	if code, body := do("PUT", "/standin/faults", ""); code != 200 || !strings.Contains(body, `"faults":""`) {
		t.Fatalf("PUT no faults: %d %s", code, body)
	}
	if got, _, err := narrate(t, m, fight()); err != nil || strings.Contains(got.Text, "can't") {
		t.Fatalf("narration %q, %v; want the refusal switched off", got.Text, err)
	}
	code, body := do("GET", "/standin/requests", "")
	var log []standin.Request
	if err := json.Unmarshal([]byte(body), &log); code != 200 || err != nil {
		t.Fatalf("GET requests: %d %v", code, err)
	}
	if len(log) != 2 || log[0].Fault != standin.Refuse || log[1].Fault != "" || !strings.Contains(strings.Join(log[0].System, "\n"), secret) ||
		log[1].Text == "" || log[1].Usage.Input == 0 {
		t.Fatalf("log %+v", log)
	}
	if _, body := do("GET", "/standin/requests?after=1", ""); !strings.Contains(body, `"seq":2`) || strings.Contains(body, `"seq":1`) {
		t.Fatalf("requests after 1: %s", body)
	}
	if code, _ := do("DELETE", "/standin/requests", ""); code != http.StatusNoContent || len(sv.Requests()) != 0 {
		t.Fatalf("DELETE requests: %d, %d left", code, len(sv.Requests()))
	}
}

// TestCloseEndsStalls: a stand-in closed under a stalled call lets it go
// at once, so a test's cleanup never waits for a stall.
func TestCloseEndsStalls(t *testing.T) {
	sv, err := standin.Start(standin.Config{Faults: []standin.Rule{{Fault: standin.Stall, Rate: 1}}, Stall: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	m := adapters[0].connect(sv, settings{retries: -1})
	done := make(chan error, 1)
	go func() {
		_, err := m.Narrate(context.Background(), fight(), func(string) error { return nil })
		done <- err
	}()
	for deadline := time.Now().Add(guard); len(sv.Requests()) == 0; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the call never arrived")
		}
	}
	closed := make(chan struct{})
	go func() { sv.Close(); close(closed) }()
	select {
	case <-closed:
	case <-time.After(guard):
		t.Fatal("Close waited for the stall")
	}
	select {
	case err := <-done:
		if err == nil {
			t.Fatal("a call cut by Close succeeded")
		}
	case <-time.After(guard):
		t.Fatal("the stalled call never ended")
	}
}

func TestParseFaults(t *testing.T) {
	good := []struct{ spec, want string }{
		{"", ""},
		{"invent=0.3, stall=0.1", "invent=0.3,stall=0.1"},
		{"refuse", "refuse=1"},
		{"cut=0.5,stream_error=0.5", "cut=0.5,stream_error=0.5"},
		{"invent@stream=0.6,echo@json=0.6, refuse@text", "invent@stream=0.6,echo@json=0.6,refuse@text=1"},
	}
	for _, c := range good {
		rules, err := standin.ParseFaults(c.spec)
		if err != nil || standin.FormatFaults(rules) != c.want {
			t.Errorf("ParseFaults(%q) = %v, %v; want %s", c.spec, rules, err, c.want)
		}
	}
	for _, spec := range []string{"lies=0.1", "invent=x", "invent=-0.1", "invent=1.5", "invent=0.6,echo=0.6", "invent=0.1,invent=0.2", "invent=NaN",
		"invent@stream=0.6,echo=0.6", "invent@prose=0.1"} {
		if _, err := standin.ParseFaults(spec); err == nil {
			t.Errorf("ParseFaults(%q) accepted", spec)
		}
	}
	if _, err := standin.New(standin.Config{Faults: []standin.Rule{{Fault: "lies", Rate: 1}}}); err == nil {
		t.Error("New accepted an unknown fault")
	}
}

// TestCachedLayoutReadsTheLastCallsPrefix: in the cached layout a call
// writes the stable prefix (for an hour) and the recent turns (for five
// minutes); the next call, one turn longer, reads the last call's whole
// prefix, found a block before its own cache point, and writes only the
// turn it adds; ten minutes later only the stable prefix is still there.
func TestCachedLayoutReadsTheLastCallsPrefix(t *testing.T) {
	now := time.Date(2026, 3, 1, 20, 0, 0, 0, time.UTC)
	sv := start(t, standin.Config{MinCacheTokens: -1, Now: func() time.Time { return now }})
	m := adapters[1].connect(sv, settings{})
	req := fight()
	req.Summary = "Turn 1: The party entered the crypt."
	req.Recent = []campaign.Turn{{Sequence: 2, ActorName: "Mira", Action: "I light a torch", RulesResult: "The torch catches."}}
	play := func(r narrator.Request) narrator.Usage {
		t.Helper()
		got, _, err := narrate(t, m, r)
		if err != nil {
			t.Fatal(err)
		}
		return got.Usage
	}
	longer := func(r narrator.Request, seq int) narrator.Request {
		r.Recent = append(slices.Clone(r.Recent), campaign.Turn{Sequence: seq, ActorName: "Mira", Action: "I listen", RulesResult: "Perception 12: nothing stirs."})
		return r
	}
	first := play(req)
	if first.CacheRead != 0 || first.CacheWrite == 0 {
		t.Fatalf("first call %+v, want its prefix written", first)
	}
	next := longer(req, 3)
	second := play(next)
	if second.CacheRead != first.CacheWrite || second.CacheWrite == 0 || second.CacheWrite >= first.CacheWrite {
		t.Fatalf("second call %+v after %+v, want the first's prefix read and only the new turn written", second, first)
	}
	now = now.Add(10 * time.Minute)
	third := play(longer(next, 4))
	if third.CacheRead == 0 || third.CacheRead >= second.CacheRead {
		t.Fatalf("ten minutes on, %+v: want only the stable prefix read (less than %d)", third, second.CacheRead)
	}
}
