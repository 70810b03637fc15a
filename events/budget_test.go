package events

import (
	"testing"

	"chronicler/shared/fault"
)

func TestDecodeBudget(t *testing.T) {
	got, err := DecodeBudget([]byte(`{"session_usd":0.5,"campaign_usd":20}`))
	if err != nil || got.SessionUSD == nil || *got.SessionUSD != 0.5 || got.CampaignUSD == nil || *got.CampaignUSD != 20 {
		t.Fatalf("DecodeBudget = %+v, %v", got, err)
	}
	if got, err := DecodeBudget([]byte(`{"campaign_usd":null}`)); err != nil || got.SessionUSD != nil || got.CampaignUSD != nil {
		t.Fatalf("no budget: %+v, %v", got, err)
	}
	for name, body := range map[string]string{
		"NegativeSession":   `{"session_usd":-1}`,
		"CampaignTooLarge":  `{"campaign_usd":1e9}`,
		"NotANumber":        `{"campaign_usd":"ten"}`,
		"UnknownField":      `{"daily_usd":5}`,
		"NotAnObject":       `[1]`,
		"TrailingGarbage":   `{"session_usd":1} {}`,
		"SessionTooLarge":   `{"session_usd":5000}`,
		"CampaignNegative":  `{"campaign_usd":-0.01}`,
		"EmptyBodyIsNoJSON": ``,
	} {
		t.Run(name, func(t *testing.T) {
			if _, err := DecodeBudget([]byte(body)); !fault.Is(err, fault.Invalid) {
				t.Errorf("DecodeBudget(%s): err = %v, want Invalid", body, err)
			}
		})
	}
}
