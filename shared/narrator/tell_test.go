package narrator

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"chronicler/shared/campaign"
	"chronicler/shared/fault"
)

func TestSentences(t *testing.T) {
	cases := []struct {
		text  string
		final bool
		done  []string
		rest  string
	}{
		{"The door creaks. Cold air", false, []string{"The door creaks. "}, "Cold air"},
		{"The door creaks.", false, nil, "The door creaks."},
		{"The door creaks.", true, []string{"The door creaks."}, ""},
		{"It deals 4.2 damage. Then", false, []string{"It deals 4.2 damage. "}, "Then"},
		{"Wait... what? No!", false, []string{"Wait... ", "what? "}, "No!"},
		{`"Run!" she says. Go`, false, []string{`"Run!" `, "she says. "}, "Go"},
		{"# Title\nThe goblin", false, []string{"# Title\n"}, "The goblin"},
		{"It deals 4", false, nil, "It deals 4"},
	}
	for _, c := range cases {
		done, rest := sentences(c.text, c.final)
		if !slices.Equal(done, c.done) || rest != c.rest {
			t.Errorf("sentences(%q, %v) = %q, %q; want %q, %q", c.text, c.final, done, rest, c.done, c.rest)
		}
	}
	long := strings.Repeat("word ", 200)
	done, rest := sentences(long, false)
	if len(done) == 0 || strings.Join(done, "")+rest != long || len(rest) > maxSentence {
		t.Errorf("a long text without an end is not cut at a space: %d sentences, rest %d bytes", len(done), len(rest))
	}
}

// table records what the players were shown, in order.
type table struct {
	mu     sync.Mutex
	events []string // "show:<text>" or "slow:<reason>"
	fail   error
}

func (tb *table) Show(text string) error {
	tb.mu.Lock()
	defer tb.mu.Unlock()
	if tb.fail != nil {
		return tb.fail
	}
	tb.events = append(tb.events, "show:"+text)
	return nil
}

func (tb *table) Slow(reason string) error {
	tb.mu.Lock()
	defer tb.mu.Unlock()
	tb.events = append(tb.events, "slow:"+reason)
	return nil
}

func (tb *table) got() []string {
	tb.mu.Lock()
	defer tb.mu.Unlock()
	return slices.Clone(tb.events)
}

func (tb *table) shown() string {
	var b strings.Builder
	for _, e := range tb.got() {
		if s, ok := strings.CutPrefix(e, "show:"); ok {
			b.WriteString(s)
		}
	}
	return b.String()
}

// scripted answers each call with the next script: pieces, then an end.
type scripted struct {
	mu    sync.Mutex
	calls []Request
	steps []script
}

// script is one call's answer: its pieces, and then hang (wait for the
// caller to give up) or fail with err. hangAfter hangs after that many
// pieces.
type script struct {
	pieces    []string
	hangAfter int
	hang      bool
	err       error
}

func (s *scripted) Name() string { return "scripted" }

func (s *scripted) Summarize(context.Context, SummaryRequest) (Summarized, error) {
	return Summarized{}, nil
}

func (s *scripted) Narrate(ctx context.Context, req Request, emit func(string) error) (Narration, error) {
	s.mu.Lock()
	i := len(s.calls)
	s.calls = append(s.calls, req)
	st := s.steps[min(i, len(s.steps)-1)]
	s.mu.Unlock()
	var b strings.Builder
	for j, p := range st.pieces {
		if st.hang && j == st.hangAfter {
			<-ctx.Done()
			return Narration{}, Unavailable("scripted", context.Background(), ctx.Err())
		}
		if err := emit(p); err != nil {
			return Narration{}, err
		}
		b.WriteString(p)
	}
	if st.hang {
		<-ctx.Done()
		return Narration{}, Unavailable("scripted", context.Background(), ctx.Err())
	}
	if st.err != nil {
		return Narration{}, st.err
	}
	return Narration{Text: b.String(), Model: "scripted", Usage: Usage{Input: 10, Output: 5}}, nil
}

func (s *scripted) requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.calls)
}

var tellGrounds = Grounds{
	Rules: "Mira hits Goblin 1 with a longsword (19 vs AC 15) for 7 slashing damage.",
	Names: []string{"Mira", "Goblin 1"},
}

// fast is a teller whose timeouts tests can wait out.
var fast = Teller{FirstText: 60 * time.Millisecond, Stall: 60 * time.Millisecond, Quiet: time.Second}

func tellReq() Request {
	return Request{TurnID: "t1", Actor: campaign.Character{Name: "Mira"}, Action: "I attack",
		RulesResult: tellGrounds.Rules, Scene: campaign.Scene{Location: "the cellar"}}
}

// TestTellShowsOnlyCheckedSentences: the invented number is never shown,
// not even as a piece; the sentence before it is, and the retry goes on
// from it, told why.
func TestTellShowsOnlyCheckedSentences(t *testing.T) {
	n := &scripted{steps: []script{
		{pieces: []string{"Mira lunges", ". The blow lands! It deals 4", "2 damage. The goblin reels."}},
		{pieces: []string{"Goblin 1 staggers back, ", "bleeding. What now?"}},
	}}
	tb := &table{}
	told, err := fast.Tell(context.Background(), n, tellReq(), tellGrounds, tb)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"show:Mira lunges. The blow lands! ", "show:Goblin 1 staggers back, bleeding. ", "show:What now?"}
	if got := tb.got(); !slices.Equal(got, want) {
		t.Fatalf("the table saw %q, want %q", got, want)
	}
	reqs := n.requests()
	if len(reqs) != 2 || reqs[1].Told != "Mira lunges. The blow lands!" || !strings.Contains(reqs[1].Correction, "number") {
		t.Fatalf("the retry was not told what was shown and why: %+v", reqs[len(reqs)-1])
	}
	if told.Text != strings.TrimSpace(tb.shown()) || told.Degraded || !slices.Equal(told.Violations, []string{"invented_number"}) {
		t.Fatalf("told %+v", told)
	}
	// The stopped call reported nothing: its prompt and what it wrote are
	// counted as estimated, beside the usage the retry reported.
	if told.Usage.Output <= 5 || told.Usage.Input <= 10 || told.Calls != 2 {
		t.Fatalf("usage %+v over %d calls", told.Usage, told.Calls)
	}
}

// TestTellCutsOnTheRetry: a retry that breaks the contract again loses
// the breaking sentences and keeps the rest.
func TestTellCutsOnTheRetry(t *testing.T) {
	n := &scripted{steps: []script{
		{pieces: []string{"**Mira** swings."}},
		{pieces: []string{"Mira swings. It deals 42 damage. Goblin 1 reels."}},
	}}
	tb := &table{}
	told, err := fast.Tell(context.Background(), n, tellReq(), tellGrounds, tb)
	if err != nil {
		t.Fatal(err)
	}
	if told.Text != "Mira swings. Goblin 1 reels." {
		t.Fatalf("text %q", told.Text)
	}
	if !slices.Equal(told.Violations, []string{"markup", "retry: invented_number"}) {
		t.Fatalf("violations %q", told.Violations)
	}
	if strings.Contains(tb.shown(), "42") || strings.Contains(tb.shown(), "*") {
		t.Fatalf("the table saw %q", tb.got())
	}
}

// TestTellStall: a stream that stops after its first sentence shows that
// sentence, then the slow notice; the next call goes on from it and, when
// it stalls too, the offline narrator finishes after the shown sentence.
func TestTellStall(t *testing.T) {
	n := &scripted{steps: []script{
		{pieces: []string{"Mira lunges. ", "The room seems "}, hang: true, hangAfter: 2},
		{hang: true},
	}}
	tb := &table{}
	told, err := fast.Tell(context.Background(), n, tellReq(), tellGrounds, tb)
	if err != nil {
		t.Fatal(err)
	}
	got := tb.got()
	if len(got) < 3 || got[0] != "show:Mira lunges. " || got[1] != "slow:stall" || !strings.HasPrefix(got[2], "show:") {
		t.Fatalf("the table saw %q", got)
	}
	if strings.Contains(tb.shown(), "The room seems") {
		t.Fatalf("an unfinished sentence was shown: %q", got)
	}
	if !told.Degraded || !strings.HasPrefix(told.Text, "Mira lunges. ") || !strings.Contains(told.Text, "Goblin 1") {
		t.Fatalf("told %+v: want the shown sentence, then the offline narration of the rules result", told)
	}
	if reqs := n.requests(); len(reqs) != 2 || reqs[1].Told != "Mira lunges." {
		t.Fatalf("the second call was not a continuation: %d calls", len(reqs))
	}
}

// TestTellFinishGoesOn: when the model stalls after telling the blow, the
// offline narrator that finishes the turn does not tell it again.
func TestTellFinishGoesOn(t *testing.T) {
	n := &scripted{steps: []script{
		{pieces: []string{"Mira's longsword bites into the goblin. ", "It "}, hang: true, hangAfter: 2},
		{hang: true},
	}}
	tb := &table{}
	told, err := fast.Tell(context.Background(), n, tellReq(), tellGrounds, tb)
	if err != nil {
		t.Fatal(err)
	}
	if !told.Degraded || !strings.HasPrefix(told.Text, "Mira's longsword bites into the goblin.") || strings.Count(told.Text, "longsword") != 1 {
		t.Fatalf("told %q: the offline narrator tells the blow again", told.Text)
	}
}

// TestTellFirstText: a call that sends nothing is given up: the slow
// notice comes before any text, then one more call, then the offline
// narrator.
func TestTellFirstText(t *testing.T) {
	n := &scripted{steps: []script{{hang: true}}}
	tb := &table{}
	told, err := fast.Tell(context.Background(), n, tellReq(), tellGrounds, tb)
	if err != nil {
		t.Fatal(err)
	}
	got := tb.got()
	if len(got) < 2 || got[0] != "slow:first_text" || slices.Contains(got[1:], "slow:first_text") {
		t.Fatalf("the table saw %q", got)
	}
	if !told.Degraded || len(n.requests()) != 2 || !told.Slow {
		t.Fatalf("told %+v after %d calls", told, len(n.requests()))
	}
}

// TestTellStreamErrorContinues: a stream that fails after a sentence is
// asked again from it; a permanent failure goes to the offline narrator
// at once.
func TestTellStreamErrorContinues(t *testing.T) {
	n := &scripted{steps: []script{
		{pieces: []string{"Mira lunges. The "}, err: Unavailable("scripted", context.Background(), errors.New("modelStreamErrorException"))},
		{pieces: []string{"Goblin 1 takes the blow."}},
	}}
	tb := &table{}
	told, err := fast.Tell(context.Background(), n, tellReq(), tellGrounds, tb)
	if err != nil {
		t.Fatal(err)
	}
	if told.Text != "Mira lunges. Goblin 1 takes the blow." || told.Degraded {
		t.Fatalf("told %+v", told)
	}

	denied := &scripted{steps: []script{{err: Unavailable("scripted", context.Background(), permanentError{errors.New("AccessDenied")})}}}
	told, err = fast.Tell(context.Background(), denied, tellReq(), tellGrounds, &table{})
	if err != nil || !told.Degraded || len(denied.requests()) != 1 {
		t.Fatalf("a permanent failure: told %+v, %v after %d calls", told, err, len(denied.requests()))
	}
}

// TestTellSecret: a secret the model echoes is never shown.
func TestTellSecret(t *testing.T) {
	g := tellGrounds
	g.Secrets = []campaign.Secret{{Subject: "Marta", Text: "Marta poisons travellers for the Black Hand."}}
	g.Public = "Marta the innkeeper greets Mira at the Old Mill. Travellers come and go."
	n := &scripted{steps: []script{
		{pieces: []string{"Marta smiles. ", "She poisons travellers ", "for the Black Hand. ", "Mira nods."}},
		{pieces: []string{"Marta smiles. The Black Hand sends its regards. Mira nods."}},
	}}
	tb := &table{}
	told, err := fast.Tell(context.Background(), n, tellReq(), g, tb)
	if err != nil {
		t.Fatal(err)
	}
	if s := strings.ToLower(tb.shown()); strings.Contains(s, "poison") || strings.Contains(s, "black hand") {
		t.Fatalf("the table saw the secret: %q", tb.got())
	}
	if !slices.Equal(told.Violations, []string{"secret", "retry: secret"}) || !strings.Contains(n.requests()[1].Correction, "GM only") {
		t.Fatalf("violations %q, correction %q", told.Violations, n.requests()[1].Correction)
	}
}

// TestTellTableFails: the table's error ends the telling as it is.
func TestTellTableFails(t *testing.T) {
	boom := fault.E(fault.Internal, "push", "boom")
	n := &scripted{steps: []script{{pieces: []string{"Mira lunges. Goblin 1 reels."}}}}
	_, err := fast.Tell(context.Background(), n, tellReq(), tellGrounds, &table{fail: boom})
	if !errors.Is(err, boom) {
		t.Fatalf("err = %v, want the table's", err)
	}
}

func TestSecretRule(t *testing.T) {
	g := Grounds{
		Secrets: []campaign.Secret{
			{Subject: "Marta", Text: "Marta poisons travellers for the Black Hand."},
			{Subject: "the mayor", Text: "The mayor is a vampire."},
		},
		Public: "Marta the innkeeper. The mayor of Millbrook. The black cat sleeps; a hand waves. Travellers rest.",
	}
	cases := map[string]bool{
		"Marta poisons travellers for the Black Hand.": true,
		"The black hand of fate.":                      true, // a pair never public
		"Marta poisoned the stew.":                     true, // a distinctive word beside the subject
		"Someone was poisoning the well.":              false,
		"A black cat and a waving hand.":               false,
		"Marta smiles at the travellers.":              false,
		"The mayor bares a vampire's fangs.":           true,
		"A vampire bat flits by.":                      false,
		"The mayor waves.":                             false,
	}
	for text, want := range cases {
		got := slices.Contains(Guard(text, g), Secret)
		if got != want {
			t.Errorf("Guard(%q) tells a secret: %v, want %v", text, got, want)
		}
	}
}

func ExampleTeller() {
	n := &scripted{steps: []script{{pieces: []string{"Mira lunges. It deals 99 damage. ", "Goblin 1 reels."}}, {pieces: []string{"Goblin 1 reels."}}}}
	tb := &table{}
	told, _ := Teller{}.Tell(context.Background(), n, tellReq(), tellGrounds, tb)
	fmt.Println(tb.got())
	fmt.Println(told.Violations)
	// Output:
	// [show:Mira lunges.  show:Goblin 1 reels.]
	// [invented_number]
}
