package events

import (
	"encoding/json"
	"reflect"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/fault"
)

func TestDecodeOrders(t *testing.T) {
	good := map[string][]campaign.Order{
		`{"orders":[]}`: {},
		`{"orders":[{"reaction":"shield","when":"changes","min_left":2,"keep_last":true},{"reaction":"opportunity-attack","when":"always"}]}`: {
			{Reaction: "shield", When: campaign.OrderChanges, MinLeft: 2, KeepLast: true},
			{Reaction: "opportunity-attack", When: campaign.OrderAlways},
		},
		`{"orders":[{"reaction":"counterspell","when":"never"}]}`: {{Reaction: "counterspell", When: campaign.OrderNever}},
	}
	for body, want := range good {
		got, err := DecodeOrders([]byte(body))
		if err != nil {
			t.Errorf("%s: %v", body, err)
			continue
		}
		if !reflect.DeepEqual(got.Orders, want) {
			t.Errorf("%s: %+v, want %+v", body, got.Orders, want)
		}
	}
	bad := map[string]string{
		"NoList":            `{}`,
		"UnknownField":      `{"orders":[],"note":"x"}`,
		"NoReaction":        `{"orders":[{"when":"always"}]}`,
		"ReactionNotAnID":   `{"orders":[{"reaction":"Shield please","when":"always"}]}`,
		"UnknownWhen":       `{"orders":[{"reaction":"shield","when":"sometimes"}]}`,
		"NegativeFloor":     `{"orders":[{"reaction":"shield","when":"always","min_left":-1}]}`,
		"FloorTooHigh":      `{"orders":[{"reaction":"shield","when":"always","min_left":21}]}`,
		"NeverWithAFloor":   `{"orders":[{"reaction":"shield","when":"never","keep_last":true}]}`,
		"TwoForOneReaction": `{"orders":[{"reaction":"shield","when":"always"},{"reaction":"shield","when":"never"}]}`,
		"TooMany":           `{"orders":[` + repeatOrders(campaign.MaxOrders+1) + `]}`,
	}
	for name, body := range bad {
		t.Run(name, func(t *testing.T) {
			if _, err := DecodeOrders([]byte(body)); !fault.Is(err, fault.Invalid) {
				t.Errorf("%s: %v, want invalid", body, err)
			}
		})
	}
}

func repeatOrders(n int) string {
	s := ""
	for i := range n {
		if i > 0 {
			s += ","
		}
		s += `{"reaction":"r` + string(rune('a'+i%26)) + string(rune('a'+i/26)) + `","when":"always"}`
	}
	return s
}

// FuzzDecodeOrders: no body panics the decoder or is refused with
// another kind than invalid or too large, and what it accepts encodes to
// a body that decodes to the same orders.
func FuzzDecodeOrders(f *testing.F) {
	f.Add([]byte(`{"orders":[{"reaction":"shield","when":"changes","min_left":2,"keep_last":true}]}`))
	f.Add([]byte(`{"orders":[{"reaction":"opportunity-attack","when":"always"},{"reaction":"lucky","when":"never"}]}`))
	f.Add([]byte(`{"orders":[]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		got, err := DecodeOrders(data)
		if err != nil {
			if k := fault.KindOf(err); k != fault.Invalid && k != fault.TooLarge {
				t.Fatalf("error kind %s: %v", k, err)
			}
			return
		}
		again, err := json.Marshal(got)
		if err != nil {
			t.Fatal(err)
		}
		back, err := DecodeOrders(again)
		if err != nil || !reflect.DeepEqual(back, got) {
			t.Fatalf("%s decoded to %+v, which encodes to %s and decodes to %+v (%v)", data, got, again, back, err)
		}
	})
}
