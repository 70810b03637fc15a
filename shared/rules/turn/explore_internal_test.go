package turn

import (
	"testing"

	"chronicler/shared/intent"
)

// Every kind of the table has its resolver, and every resolver a kind
// that needs one: a new kind is a row and (unless it only spends an
// action) a resolver, never one without the other.
func TestEveryKindHasAResolver(t *testing.T) {
	for _, k := range intent.Kinds() {
		if r, ok := resolverOf(k); !ok || r == nil {
			t.Errorf("%s: no resolver out of a fight", k.Name)
		}
	}
	for name := range explore {
		if k, ok := intent.Lookup(name); !ok || k.ActionOnly {
			t.Errorf("%s: a resolver of no kind, or of one that only spends an action", name)
		}
	}
}
