package turn

import (
	"testing"

	"chronicler/shared/rules/intent"
)

// Every kind of the table has its resolver here, and every resolver a
// kind: a new kind is a row and a resolver, never one without the other.
func TestEveryKindHasAResolver(t *testing.T) {
	for _, k := range intent.Kinds() {
		if explore[k.Name] == nil {
			t.Errorf("%s: no resolver out of a fight", k.Name)
		}
	}
	for name := range explore {
		if _, ok := intent.Lookup(name); !ok {
			t.Errorf("%s: a resolver of no kind", name)
		}
	}
}
