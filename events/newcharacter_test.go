package events

import (
	"strings"
	"testing"

	"chronicler/shared/fault"
)

// A new character's body is a sheet: what a player chooses is read, what
// the server derives is ignored, and anything else is refused by name.
func TestDecodeNewCharacterFields(t *testing.T) {
	n, err := DecodeNewCharacter([]byte(`{"name":"Bo","race":"human","class":"fighter","hp":99,"ac":30,
		"choices":{"fighting-style":["fighter-fighting-style-defense"]},"subclass":"","increases":[]}`))
	if err != nil {
		t.Fatal(err)
	}
	if n.Name != "Bo" || n.Choices["fighting-style"][0] != "fighter-fighting-style-defense" {
		t.Errorf("decoded %+v", n)
	}
	for _, body := range []string{
		`{"name":"Bo","race":"human","class":"fighter","fighting_style":"defense"}`,
		`{"name":"Bo","race":"human","class":"rogue","expertise_skills":["stealth"]}`,
	} {
		_, err := DecodeNewCharacter([]byte(body))
		if !fault.Is(err, fault.Invalid) || !strings.Contains(err.Error(), "is not a field of a new character") {
			t.Errorf("%s: err = %v", body, err)
		}
	}
}
