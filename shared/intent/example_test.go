package intent_test

import (
	"encoding/json"
	"fmt"

	"chronicler/shared/intent"
	"chronicler/shared/world"
)

// The areas a player may name are the ones one move away on the campaign's
// map; text the parser declines goes on as speech.
func ExampleParse() {
	m := world.Starter("camp_0001")
	ctx := intent.Context{ActorID: "pc-aria", Targets: []intent.Ref{{ID: "pc-bram", Name: "Bram"}}}
	for _, a := range m.Reachable("common-room") {
		ctx.Areas = append(ctx.Areas, intent.Ref{ID: a.ID, Name: a.Name})
	}
	for _, text := range []string{"I go down to the cellar", "help Bram", "I look for the innkeeper"} {
		in, ok := intent.Parse(text, ctx)
		if !ok {
			fmt.Printf("%s -> declined\n", text)
			continue
		}
		b, _ := json.Marshal(in)
		fmt.Printf("%s -> %s\n", text, b)
	}
	// Output:
	// I go down to the cellar -> {"kind":"move","to_area_id":"cellar"}
	// help Bram -> {"kind":"help","target_id":"pc-bram"}
	// I look for the innkeeper -> declined
}
