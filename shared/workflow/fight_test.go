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
	if m.States[m.StartAt].Type != "Choice" {
		t.Errorf("the flow starts with %+v, want the choice between a narration and a fight's turns", m.States[m.StartAt])
	}
	// A try that died is tried again at once: every error is retried.
	for _, name := range []string{"Narrate", "Turn"} {
		task := m.States[name]
		if task.Type != "Task" || len(task.Retry) == 0 || strings.Join(task.Retry[0].ErrorEquals, ",") != "States.ALL" {
			t.Errorf("the %s state %+v does not retry every failure", name, task)
		}
	}
}

func TestDecodeFightRequest(t *testing.T) {
	good := `{"action":"fight","execution":"arn:aws:states:eu-west-1:1:execution:fight:x","campaign_id":"01C"}`
	r, err := DecodeFightRequest([]byte(good))
	if err != nil || r.CampaignID != "01C" || !IsFight([]byte(good)) {
		t.Fatalf("good request: %+v, %v", r, err)
	}
	narrate := `{"action":"narrate","execution":"e","campaign_id":"01C","turn_id":"01T"}`
	if r, err := DecodeFightRequest([]byte(narrate)); err != nil || r.TurnID != "01T" || r.Action != ActionNarrate || !IsFight([]byte(narrate)) {
		t.Fatalf("narrate request: %+v, %v", r, err)
	}
	for _, bad := range []string{
		``, `{}`, `[]`, `{"action":"open","execution":"e","campaign_id":"c"}`,
		`{"action":"fight","execution":"","campaign_id":"c"}`,
		`{"action":"fight","execution":"e","campaign_id":""}`,
		`{"action":"fight","execution":"e","campaign_id":"c","extra":1}`,
		`{"action":"fight","execution":"e","campaign_id":"c"} {}`,
		`{"action":"fight","execution":"e","campaign_id":"` + strings.Repeat("c", 129) + `"}`,
		`{"action":"narrate","execution":"e","campaign_id":"c"}`,
		`{"action":"narrate","execution":"e","campaign_id":"c","turn_id":""}`,
		`{"action":"narrate","execution":"e","campaign_id":"c","turn_id":"` + strings.Repeat("t", 129) + `"}`,
		`{"action":"fight","execution":"e","campaign_id":"c","turn_id":"t"}`,
	} {
		if _, err := DecodeFightRequest([]byte(bad)); !fault.Is(err, fault.Invalid) {
			t.Errorf("DecodeFightRequest(%q): err = %v, want Invalid", bad, err)
		}
	}
}

func FuzzDecodeFightRequest(f *testing.F) {
	f.Add([]byte(`{"action":"fight","execution":"e","campaign_id":"c"}`))
	f.Add([]byte(`{"action":"fight"}`))
	f.Add([]byte(`{"action":"narrate","execution":"e","campaign_id":"c","turn_id":"t"}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		r, err := DecodeFightRequest(b)
		if err != nil {
			if !fault.Is(err, fault.Invalid) {
				t.Fatalf("error %v is not Invalid", err)
			}
			return
		}
		if (r.Action != ActionFight) == (r.Action != ActionNarrate) || r.Execution == "" || r.CampaignID == "" || (r.Action == ActionNarrate) != (r.TurnID != "") {
			t.Fatalf("accepted %+v", r)
		}
	})
}
