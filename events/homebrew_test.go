package events

import (
	"strings"
	"testing"

	"chronicler/shared/fault"
)

// homebrewBogHag is one homebrew stat block, as the owner sends it.
const homebrewBogHag = `{"monsters":{"bog-hag":{"id":"bog-hag","name":"Bog Hag","size":"Medium","type":"fey","alignment":"neutral evil",
"ac":14,"hp":40,"hit_dice":"8d8","speed":{"walk":30},"abilities":{"str":16,"dex":12,"con":14,"int":12,"wis":12,"cha":14},
"senses":{"passive_perception":12},"cr":2,"xp":450,"proficiency_bonus":2,
"actions":[{"id":"claws","name":"Claws","attack_bonus":5,"attack_type":"melee","reach":5,"damage":[{"dice":"2d6+3","type":"slashing"}]}]}}}`

func TestDecodeHomebrew(t *testing.T) {
	o, err := DecodeHomebrew([]byte(homebrewBogHag))
	if err != nil {
		t.Fatalf("a valid stat block: %v", err)
	}
	if m := o.Monsters["bog-hag"]; m.HP != 40 || len(m.Actions) != 1 {
		t.Errorf("decoded %+v", m)
	}
	refused := []struct {
		name, body, field string
	}{
		{"Spells", `{"spells":{"x":{}}}`, "spells"},
		{"Weapons", `{"weapons":{"x":{}}}`, "weapons"},
		{"AnUnknownField", `{"monsters":{},"treasure":1}`, ""},
		{"ABadStatBlock", strings.Replace(homebrewBogHag, `"hp":40`, `"hp":-4`, 1), "monsters.bog-hag.hp"},
		{"AMismatchedID", strings.Replace(homebrewBogHag, `"id":"bog-hag"`, `"id":"swamp-hag"`, 1), "monsters.bog-hag.id"},
		{"NotJSON", `{"monsters":`, ""},
	}
	for _, r := range refused {
		t.Run("Refuses"+r.name, func(t *testing.T) {
			_, err := DecodeHomebrew([]byte(r.body))
			var fe *fault.Error
			if !fault.Is(err, fault.Invalid) {
				t.Fatalf("err = %v, want invalid", err)
			}
			if r.field != "" && (!asFault(err, &fe) || fe.Field != r.field) {
				t.Errorf("err = %v, want the field %s named", err, r.field)
			}
		})
	}
}
