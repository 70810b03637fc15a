package workflow

import (
	"encoding/json"
	"strings"
	"testing"

	"chronicler/shared/fault"
)

func TestFightDefinition(t *testing.T) {
	if got := Placeholders(FightDefinition()); len(got) != 1 || got[0] != FightFunctionArn {
		t.Fatalf("placeholders = %v, want only %s", got, FightFunctionArn)
	}
	def, err := Substitute(FightDefinition(), map[string]string{FightFunctionArn: "arn:aws:lambda:eu-west-1:123456789012:function:step"})
	if err != nil {
		t.Fatal(err)
	}
	var m struct {
		StartAt string
		States  map[string]struct {
			Type  string
			Retry []struct{ ErrorEquals []string }
		}
	}
	if err := json.Unmarshal([]byte(def), &m); err != nil {
		t.Fatal(err)
	}
	turn := m.States[m.StartAt]
	// A try that died is tried again at once: every error is retried.
	if turn.Type != "Task" || len(turn.Retry) == 0 || strings.Join(turn.Retry[0].ErrorEquals, ",") != "States.ALL" {
		t.Errorf("the turn state %+v does not retry every failure", turn)
	}
}

func TestDecodeFightRequest(t *testing.T) {
	good := `{"action":"fight","execution":"arn:aws:states:eu-west-1:1:execution:fight:x","campaign_id":"01C"}`
	r, err := DecodeFightRequest([]byte(good))
	if err != nil || r.CampaignID != "01C" || !IsFight([]byte(good)) {
		t.Fatalf("good request: %+v, %v", r, err)
	}
	for _, bad := range []string{
		``, `{}`, `[]`, `{"action":"open","execution":"e","campaign_id":"c"}`,
		`{"action":"fight","execution":"","campaign_id":"c"}`,
		`{"action":"fight","execution":"e","campaign_id":""}`,
		`{"action":"fight","execution":"e","campaign_id":"c","extra":1}`,
		`{"action":"fight","execution":"e","campaign_id":"c"} {}`,
		`{"action":"fight","execution":"e","campaign_id":"` + strings.Repeat("c", 129) + `"}`,
	} {
		if _, err := DecodeFightRequest([]byte(bad)); !fault.Is(err, fault.Invalid) {
			t.Errorf("DecodeFightRequest(%q): err = %v, want Invalid", bad, err)
		}
	}
}

func FuzzDecodeFightRequest(f *testing.F) {
	f.Add([]byte(`{"action":"fight","execution":"e","campaign_id":"c"}`))
	f.Add([]byte(`{"action":"fight"}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		r, err := DecodeFightRequest(b)
		if err != nil {
			if !fault.Is(err, fault.Invalid) {
				t.Fatalf("error %v is not Invalid", err)
			}
			return
		}
		if r.Action != ActionFight || r.Execution == "" || r.CampaignID == "" {
			t.Fatalf("accepted %+v", r)
		}
	})
}
