package narrator

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"chronicler/shared/campaign"
)

func TestPlainAction(t *testing.T) {
	cases := map[string]string{
		"I search the room.":             "searches the room",
		"I light my lantern":             "lights their lantern",
		"I try the door":                 "tries the door",
		"I go north":                     "goes north",
		"I push the crate, then I climb": "pushes the crate, then they climb",
		"I'm hiding":                     "is hiding",
		`"Who goes there?"`:              `says, "Who goes there?"`,
		"look for traps":                 "looks for traps",
		"Sylwen attacks":                 `acts: "Sylwen attacks"`,
		"   ":                            "waits",
		"I\tstay\nput":                   "stays put",
	}
	for in, want := range cases {
		if got := plainAction(in); got != want {
			t.Errorf("plainAction(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestOfflineNarrate(t *testing.T) {
	req := Request{TurnID: "t1", Actor: campaign.Character{Name: "Mira"}, Action: "I light a lantern",
		Scene: campaign.Scene{Location: "the old mill"}, RulesResult: "no roll was needed"}
	var streamed strings.Builder
	n, err := Offline{}.Narrate(context.Background(), req, func(d string) error { streamed.WriteString(d); return nil })
	if err != nil {
		t.Fatal(err)
	}
	if n.Text != streamed.String() {
		t.Fatalf("the stream %q is not the narration %q", streamed.String(), n.Text)
	}
	if !strings.Contains(n.Text, "No roll was needed.") {
		t.Errorf("narration %q lacks the rules result", n.Text)
	}
	plain, _ := Offline{}.Narrate(context.Background(), Request{TurnID: "t1", Actor: req.Actor, Action: req.Action}, func(string) error { return nil })
	if !strings.Contains(plain.Text, "Mira lights a lantern.") {
		t.Errorf("without a rules result the narration %q does not tell the action", plain.Text)
	}
	if len(n.Suggestions) == 0 || len(n.Suggestions) > 3 {
		t.Errorf("suggestions = %v", n.Suggestions)
	}
	again, _ := Offline{}.Narrate(context.Background(), req, func(string) error { return nil })
	if again.Text != n.Text {
		t.Errorf("offline narration is not deterministic: %q vs %q", again.Text, n.Text)
	}
	stop := errors.New("stop")
	if _, err := (Offline{}).Narrate(context.Background(), req, func(string) error { return stop }); !errors.Is(err, stop) {
		t.Errorf("an emit error did not stop the narration: %v", err)
	}
}

func TestOfflineSummarizeIsBounded(t *testing.T) {
	sum := ""
	for i := 1; i <= 200; i++ {
		got, err := Offline{}.Summarize(context.Background(), SummaryRequest{Previous: sum,
			Turns: []campaign.Turn{{Sequence: i, ActorName: "Mira", Action: "I walk on"}}})
		if err != nil {
			t.Fatal(err)
		}
		if got.Model != "" || got.Usage != (Usage{}) {
			t.Fatalf("the offline summary reports a cost: %+v", got)
		}
		sum = got.Text
	}
	if len(sum) > maxSummary || !strings.HasSuffix(sum, "Turn 200: Mira walks on.") || strings.Contains(sum, "Turn 1:") {
		t.Fatalf("summary after 200 turns (%d bytes) = %q", len(sum), sum)
	}
}

func told(req Request) string {
	n, _ := Offline{}.Narrate(context.Background(), req, func(string) error { return nil })
	return n.Text
}

func TestOfflineTellsAFightAsAGameMaster(t *testing.T) {
	threats := []Threat{{Name: "Goblin 1"}, {Name: "Goblin 2"}}
	mira := campaign.Character{ID: "c1", Name: "Mira", HP: 7, MaxHP: 9}
	text := told(Request{TurnID: "t9", Actor: campaign.Character{Name: "Goblin 2"}, Action: "(Goblin 2's turn)", Played: true,
		Threats: threats, Characters: []campaign.Character{mira},
		RulesResult: "Goblin 2 hits Mira with its scimitar (15 vs AC 12) for 5 slashing damage; Mira is at 2/9 HP. Goblin 1 is up."})
	for _, bad := range []string{"(", "15", "vs AC", "Goblin 2's turn", "the Goblin", "is up"} {
		if strings.Contains(text, bad) {
			t.Errorf("%q holds %q", text, bad)
		}
	}
	if !strings.HasPrefix(text, "Goblin 2 slashes at Mira") || !strings.Contains(text, "Goblin 1") {
		t.Errorf("%q does not tell the goblin's attack and whose turn is next", text)
	}
	if g := Guard(text, Grounds{Rules: "Goblin 2 hits Mira with its scimitar (15 vs AC 12) for 5 slashing damage; Mira is at 2/9 HP. Goblin 1 is up.",
		Names: []string{"Mira", "Goblin 1", "Goblin 2"}}); len(g) > 0 {
		t.Errorf("the guard refuses the offline narration %q: %v", text, g)
	}
	// Another goblin than the one just named is named, never "the goblin".
	for i := range 16 {
		next := told(Request{TurnID: strings.Repeat("n", i), Actor: campaign.Character{Name: "Goblin 2"}, Played: true, Threats: threats,
			RulesResult: "Goblin 2 misses Mira with its scimitar (9 vs AC 12). Goblin 1 is up."})
		if !strings.Contains(next, "Goblin 1") {
			t.Errorf("the next goblin is not named: %q", next)
		}
	}
	// A lone foe takes its article; one of several numbered is named, then
	// "the goblin" while no other goblin came between.
	lone := told(Request{TurnID: "t1", Actor: mira, Threats: []Threat{{Name: "Ogre"}},
		RulesResult: "Mira misses Ogre with a dagger (4 vs AC 11). Ogre is up."})
	if !strings.Contains(lone, "the ogre") || strings.Contains(lone, "Ogre") {
		t.Errorf("a lone ogre: %q", lone)
	}
}

func TestOfflineEscapesNamesAndAnswersOOC(t *testing.T) {
	odd := campaign.Character{ID: "c1", Name: "<b>Zed</b>", HP: 0, MaxHP: 8}
	text := told(Request{TurnID: "t2", Actor: odd, Action: "I wave"})
	if !strings.Contains(text, "‹b›Zed‹/b›") || Guard(text, Grounds{}) != nil {
		t.Errorf("the name with markup is not told as plain text: %q, %v", text, Guard(text, Grounds{}))
	}
	ooc := told(Request{TurnID: "t3", Actor: odd, Action: "OOC: is my wizard dead?", OutOfCharacter: true,
		Area: Area{Name: "Cellar"}})
	if ooc != "(Out of character: ‹b›Zed‹/b› is alive but dying, in the cellar. The game goes on when you are ready.)" {
		t.Errorf("OOC answer = %q", ooc)
	}
}

func TestOfflineChecksPassOrFail(t *testing.T) {
	mira := campaign.Character{Name: "Mira"}
	pass := told(Request{TurnID: "t4", Actor: mira, RulesResult: "Mira succeeds on a DC 12 Wisdom (Perception) check (15)."})
	fail := told(Request{TurnID: "t4", Actor: mira, RulesResult: "Mira fails a DC 12 Wisdom (Perception) check (7)."})
	if !strings.Contains(pass, "succeeds") && !strings.Contains(pass, "pays off") && !strings.Contains(pass, "works") {
		t.Errorf("a passed check: %q", pass)
	}
	if !strings.Contains(fail, "fails") && !strings.Contains(fail, "nothing") && !strings.Contains(fail, "no use") {
		t.Errorf("a failed check: %q", fail)
	}
	if strings.Contains(pass+fail, "DC") || strings.Contains(pass+fail, "15") {
		t.Errorf("the figures are told again: %q %q", pass, fail)
	}
}

// The wording is a seeded choice: the same turn is told the same way,
// different turns differently.
func TestOfflineVariesBySeed(t *testing.T) {
	seen := map[string]bool{}
	for i := range 12 {
		req := Request{TurnID: "turn-" + strings.Repeat("x", i), Actor: campaign.Character{Name: "Mira"}, Threats: []Threat{{Name: "Goblin 1"}},
			RulesResult: "Mira misses Goblin 1 with a dagger (4 vs AC 15). Goblin 1 is up."}
		if first, again := told(req), told(req); first != again {
			t.Fatal("not deterministic")
		}
		seen[told(req)] = true
	}
	if len(seen) < 4 {
		t.Fatalf("12 turns told %d ways: %v", len(seen), seen)
	}
}

// TestOfflineGoesOnFromWhatWasTold: finishing a turn another narrator
// began, the offline narrator neither opens the scene again nor retells
// what the table has seen; it tells the rest.
func TestOfflineGoesOnFromWhatWasTold(t *testing.T) {
	threats := []Threat{{Name: "Goblin 1"}, {Name: "Goblin 2"}}
	fight := Request{TurnID: "t4", Actor: campaign.Character{Name: "Mira"}, Action: "I attack Goblin 1", Threats: threats,
		Area:        Area{Name: "Cellar", Description: "A low cellar that smells of wine."},
		RulesResult: "Mira hits Goblin 1 with a longsword (17 vs AC 13) for 6 slashing damage; Goblin 1 drops to 0 HP and dies. Goblin 2 is up."}
	whole := Tell(fight)
	if len(whole) < 2 || !strings.Contains(whole[0], "longsword") {
		t.Fatalf("the whole narration %q: want the hit, the death and whose turn is next", whole)
	}
	// The model told the hit; the offline narrator tells the death and
	// the next turn, and nothing of the hit.
	fight.Told = "Mira's longsword bites deep into the goblin."
	rest := Tell(fight)
	if len(rest) == 0 || slices.Contains(rest, whole[0]) || strings.Contains(strings.Join(rest, " "), "longsword") {
		t.Errorf("after %q the offline narrator told %q (whole: %q)", fight.Told, rest, whole)
	}
	if !strings.Contains(strings.Join(rest, " "), "dead") && !strings.Contains(strings.Join(rest, " "), "dies") {
		t.Errorf("after %q the death is not told: %q", fight.Told, rest)
	}
	if !strings.Contains(rest[len(rest)-1], "Goblin 2") && !strings.Contains(rest[len(rest)-1], "goblin") {
		t.Errorf("after %q whose turn is next is not told: %q", fight.Told, rest)
	}
	// A swing not yet told to land is told.
	fight.Told = "Mira raises her blade."
	if got := Tell(fight); len(got) != len(whole) || got[0] != whole[0] && !strings.HasSuffix(whole[0], got[0]) {
		t.Errorf("after %q the offline narrator told %q, want all of %q", fight.Told, got, whole)
	}

	// A move always opens on the place reached; going on, it does not.
	move := Request{TurnID: "t5", Actor: campaign.Character{Name: "Mira"}, Action: "I go up to the common room",
		Area:        Area{Name: "Common Room", Description: "Smoke hangs under the beams. A fire crackles."},
		RulesResult: "Mira goes from Cellar to Common Room."}
	if first := Tell(move)[0]; first != "Smoke hangs under the beams." {
		t.Fatalf("a move opens on %q, want the place's description", first)
	}
	move.Told = "Mira climbs the stairs."
	if got := Tell(move); len(got) == 0 || strings.Contains(strings.Join(got, " "), "Smoke hangs") {
		t.Errorf("after %q the offline narrator told %q", move.Told, got)
	}
	move.Told = "Mira climbs into the common room."
	if got := Tell(move); slices.ContainsFunc(got, func(s string) bool { return strings.Contains(s, "common room") }) {
		t.Errorf("after %q the move is told again: %q", move.Told, got)
	}

	// What the offline narrator itself told is not told twice; a turn
	// told in full needs nothing more; a remark answered is not answered
	// again.
	done := fight
	done.Told = strings.Join(whole, " ")
	if got := Tell(done); len(got) != 0 {
		t.Errorf("after the whole narration the offline narrator told %q", got)
	}
	ooc := Request{TurnID: "t6", Actor: campaign.Character{Name: "Mira"}, Action: "OOC: brb", OutOfCharacter: true, Told: "(Out of character: noted.)"}
	if got := Tell(ooc); len(got) != 0 {
		t.Errorf("a remark answered is answered again: %q", got)
	}
	var streamed strings.Builder
	if _, err := (Offline{}).Narrate(context.Background(), done, func(s string) error { streamed.WriteString(s); return nil }); err != nil || streamed.Len() != 0 {
		t.Errorf("Narrate after the whole narration streamed %q, %v", streamed.String(), err)
	}
}
