package events

import (
	"reflect"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/fault"
)

func TestDecodeGift(t *testing.T) {
	good := map[string]Gift{
		`{"item":"potion-of-healing"}`:                                      {Item: "potion-of-healing", Qty: 1},
		`{"item":"longsword","qty":2}`:                                      {Item: "longsword", Qty: 2},
		`{"coins":{"gp":10,"cp":3}}`:                                        {Coins: &campaign.Coins{GP: 10, CP: 3}},
		`{"item":"rope-hempen-50-feet","coins":{"pp":1}}`:                   {Item: "rope-hempen-50-feet", Qty: 1, Coins: &campaign.Coins{PP: 1}},
		`{"item":"longsword","magic":"weapon-1"}`:                           {Item: "longsword", Magic: "weapon-1", Qty: 1},
		`{"item":"ring-of-protection"}`:                                     {Item: "ring-of-protection", Qty: 1},
		`{"item":"wand-of-magic-missiles"}`:                                 {Item: "wand-of-magic-missiles", Qty: 1},
		`{"item":"chain-mail","magic":"armor-of-resistance","pick":"fire"}`: {Item: "chain-mail", Magic: "armor-of-resistance", Pick: "fire", Qty: 1},
	}
	for body, want := range good {
		got, err := DecodeGift([]byte(body))
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("%s: %+v, %v; want %+v", body, got, err, want)
		}
	}
	bad := map[string]string{
		"Nothing":        `{}`,
		"NoCoins":        `{"coins":{}}`,
		"UnknownItem":    `{"item":"vorpal-teacup"}`,
		"ZeroQty":        `{"item":"dagger","qty":-1}`,
		"TooMany":        `{"item":"dagger","qty":101}`,
		"QtyAlone":       `{"qty":3}`,
		"NegativeCoins":  `{"coins":{"gp":-5}}`,
		"TooRich":        `{"coins":{"gp":100001}}`,
		"UnknownField":   `{"item":"dagger","magic":true}`,
		"UnknownMagic":   `{"item":"dagger","magic":"weapon-9"}`,
		"WrongKind":      `{"item":"chain-mail","magic":"weapon-1"}`,
		"MagicAlone":     `{"magic":"weapon-1"}`,
		"VariantAlone":   `{"item":"weapon-1"}`,
		"ItsOwnItem":     `{"item":"dagger","magic":"ring-of-protection"}`,
		"AFamily":        `{"item":"weapon"}`,
		"UnknownCoin":    `{"coins":{"zorkmid":1}}`,
		"NotAnObject":    `["dagger"]`,
		"PickNotInTable": `{"item":"chain-mail","magic":"armor-of-resistance","pick":"slashing"}`,
		"NothingToPick":  `{"item":"longsword","magic":"weapon-1","pick":"fire"}`,
		"PickAlone":      `{"pick":"fire","coins":{"gp":1}}`,
		"TrailingData":   `{"item":"dagger"}{}`,
		"LongItem":       `{"item":"` + string(make([]byte, 200)) + `"}`,
	}
	for name, body := range bad {
		t.Run(name, func(t *testing.T) {
			if _, err := DecodeGift([]byte(body)); !fault.Is(err, fault.Invalid) {
				t.Errorf("%s = %v, want invalid", body, err)
			}
		})
	}
}
