package events

import (
	"reflect"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/fault"
)

func TestDecodeGift(t *testing.T) {
	good := map[string]Gift{
		`{"item":"potion-of-healing"}`:                    {Item: "potion-of-healing", Qty: 1},
		`{"item":"longsword","qty":2}`:                    {Item: "longsword", Qty: 2},
		`{"coins":{"gp":10,"cp":3}}`:                      {Coins: &campaign.Coins{GP: 10, CP: 3}},
		`{"item":"rope-hempen-50-feet","coins":{"pp":1}}`: {Item: "rope-hempen-50-feet", Qty: 1, Coins: &campaign.Coins{PP: 1}},
	}
	for body, want := range good {
		got, err := DecodeGift([]byte(body))
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("%s: %+v, %v; want %+v", body, got, err, want)
		}
	}
	bad := map[string]string{
		"Nothing":       `{}`,
		"NoCoins":       `{"coins":{}}`,
		"UnknownItem":   `{"item":"vorpal-teacup"}`,
		"ZeroQty":       `{"item":"dagger","qty":-1}`,
		"TooMany":       `{"item":"dagger","qty":101}`,
		"QtyAlone":      `{"qty":3}`,
		"NegativeCoins": `{"coins":{"gp":-5}}`,
		"TooRich":       `{"coins":{"gp":100001}}`,
		"UnknownField":  `{"item":"dagger","magic":true}`,
		"UnknownCoin":   `{"coins":{"zorkmid":1}}`,
		"NotAnObject":   `["dagger"]`,
		"TrailingData":  `{"item":"dagger"}{}`,
		"LongItem":      `{"item":"` + string(make([]byte, 200)) + `"}`,
	}
	for name, body := range bad {
		t.Run(name, func(t *testing.T) {
			if _, err := DecodeGift([]byte(body)); !fault.Is(err, fault.Invalid) {
				t.Errorf("%s = %v, want invalid", body, err)
			}
		})
	}
}
