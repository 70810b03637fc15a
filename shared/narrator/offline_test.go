package narrator

import (
	"context"
	"errors"
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
		"look for traps":                 "tries this: look for traps",
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
