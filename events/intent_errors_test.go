package events

import (
	"strings"
	"testing"
)

// TestDecodeIntentErrors pins DecodeIntent's refusals word for word: the
// field and message a client reads are part of the wire contract.
func TestDecodeIntentErrors(t *testing.T) {
	long := strings.Repeat("x", MaxIDLength+1)
	cases := map[string]string{
		`{"kind":"attack","bogus":1}`:                               `decode intent: intent: is not a valid intent object: unknown field "bogus"`,
		`{"kind":"teleport"}`:                                       `decode intent: intent.kind: unknown kind "teleport"`,
		`{"kind":"` + strings.Repeat("é", 30) + `"}`:                `decode intent: intent.kind: unknown kind "` + strings.Repeat("é", 20) + `…"`,
		`{"kind":"say","text":"x","bonus":true}`:                    `decode intent: intent.bonus: say can't be taken as a bonus action`,
		`{"kind":"dodge","ongoing":true}`:                           `decode intent: intent.ongoing: goes with cast only`,
		`{"kind":"attack","target_id":"g","choice":"fire"}`:         `decode intent: intent.choice: must be one of one-handed, two-handed for attack`,
		`{"kind":"dodge","choice":"fire"}`:                          `decode intent: intent.choice: goes with attack, cast, check, rest, attune, shove, feature only`,
		`{"kind":"shove","target_id":"g","choice":"sideways"}`:      `decode intent: intent.choice: must be one of prone, push for shove`,
		`{"kind":"cast","spell":"x","choice":"` + long + `"}`:       `decode intent: intent.choice: is longer than 128 bytes`,
		`{"kind":"attack"}`:                                         `decode intent: intent.target_id: is required for attack`,
		`{"kind":"attack","target_id":"` + long + `"}`:              `decode intent: intent.target_id: is required for attack`,
		`{"kind":"cast","slot_level":10}`:                           `decode intent: intent.slot_level: must be between 1 and 9`,
		`{"kind":"cast","slot_level":-1,"spell":"x"}`:               `decode intent: intent.slot_level: must be between 1 and 9`,
		`{"kind":"cast"}`:                                           `decode intent: intent.spell: is required for cast`,
		`{"kind":"check"}`:                                          `decode intent: intent.ability: must be one of str, dex, con, int, wis, cha`,
		`{"kind":"check","ability":"luck"}`:                         `decode intent: intent.ability: must be one of str, dex, con, int, wis, cha`,
		`{"kind":"move"}`:                                           `decode intent: intent.to_area_id: is required for move`,
		`{"kind":"use_item"}`:                                       `decode intent: intent.item: is required for use_item`,
		`{"kind":"rest","rest":"nap"}`:                              `decode intent: intent.rest: must be short or long`,
		`{"kind":"say"}`:                                            `decode intent: intent.text: must be 1 to 2000 characters`,
		`{"kind":"say","text":"  "}`:                                `decode intent: intent.text: must be 1 to 2000 characters`,
		`{"kind":"say","text":"` + strings.Repeat("a", 2001) + `"}`: `decode intent: intent.text: must be 1 to 2000 characters`,
	}
	for raw, want := range cases {
		if _, err := DecodeIntent([]byte(raw)); err == nil || err.Error() != want {
			t.Errorf("DecodeIntent(%.60s) = %v\nwant %s", raw, err, want)
		}
	}
	for _, raw := range []string{
		`{"kind":"attack","target_id":"g","bonus":true,"keep_turn":true}`, `{"kind":"attack","target_id":"g","choice":"two-handed"}`,
		`{"kind":"cast","spell":"x","slot_level":9,"ongoing":true,"choice":"fire"}`,
		`{"kind":"check","ability":"dex","skill":"stealth"}`, `{"kind":"move","to_area_id":"cellar"}`, `{"kind":"use_item","item":"rope"}`,
		`{"kind":"rest","rest":"short"}`, `{"kind":"rest","rest":"long"}`, `{"kind":"say","text":"hi"}`, `{"kind":"help"}`,
		`{"kind":"dodge"}`, `{"kind":"dash","bonus":true}`, `{"kind":"disengage","bonus":true}`, `{"kind":"hide","bonus":true}`,
		`{"kind":"second_wind","bonus":true}`, `{"kind":"end_turn"}`,
	} {
		if _, err := DecodeIntent([]byte(raw)); err != nil {
			t.Errorf("DecodeIntent(%s) = %v, want it accepted", raw, err)
		}
	}
}
