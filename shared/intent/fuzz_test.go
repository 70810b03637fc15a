package intent_test

import (
	"reflect"
	"slices"
	"testing"

	"chronicler/shared/intent"
)

// FuzzParse checks that no text panics the parser, that the same text always
// parses the same way, and that every intent it returns passes
// events.DecodeIntent and names only ids the context offered. The second
// argument becomes one more creature, weapon, spell, area and item (id and
// name alike), so odd names are fuzzed too.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"I attack the goblin with my longsword", "hit goblin 2", "shoot the orc with my bow",
		"cast fireball at the orcs", "I cast cure wounds on Bram", "cast shield",
		"cast magic missile at level 3 on the goblin", "go to the cellar", "I move to the stables",
		"make a perception check", "roll athletics", "I dodge", "dash", "disengage", "help Bram",
		"end my turn", "take a short rest", "long rest", "drink my potion of healing",
		`I say "hello"`, `"Hello," I say.`, `say “hi`, "use my longsword to attack goblin 1",
		"cast fireball at all goblins and, the orcs", "cast x at level level 3", "a an the my",
		"attack at with using on", "go go go", "’'’", "goblin\xff", "",
		"Goblin 3 swings at gobiln 2 w/ longswrod", "can I tell if he's lying?", "I give Bram my potion",
		"fireball the orcs", "I drink my potion and attack goblin 2", "long rest pls",
		"fierbolt goblin 1", "cast Sheild of Fiath on brma", "Bram's longsowrd", "ÉÉÉÉÉ goblin1",
	} {
		f.Add(s, "Goblin 3")
	}
	f.Add("attack x", "x")
	f.Add("cast a", "a")
	f.Add("go to the", "The")
	f.Fuzz(func(t *testing.T, text, name string) {
		ctx := table
		extra := intent.Ref{ID: name, Name: name}
		ctx.Targets = append(slices.Clip(ctx.Targets), extra)
		ctx.Weapons = append(slices.Clip(ctx.Weapons), extra)
		ctx.Spells = append(slices.Clip(ctx.Spells), extra)
		ctx.Areas = append(slices.Clip(ctx.Areas), extra)
		ctx.Items = append(slices.Clip(ctx.Items), extra)
		ctx.ActorName = name

		// Words of two actions are named, each one Parse reads alone.
		if kinds := intent.Actions(text, ctx); len(kinds) > 1 {
			if _, ok := intent.Parse(text, ctx); ok {
				t.Fatalf("Parse(%q) read words of %d actions %v", text, len(kinds), kinds)
			}
		}

		got, ok := intent.Parse(text, ctx)
		again, ok2 := intent.Parse(text, ctx)
		if ok != ok2 || !reflect.DeepEqual(got, again) {
			t.Fatalf("Parse(%q) = %+v, %v, then %+v, %v", text, got, ok, again, ok2)
		}
		if !ok {
			return
		}
		roundTrips(t, text, got)
		offered := func(refs []intent.Ref, id string, self bool) bool {
			return id == "" || (self && id == ctx.ActorID) || slices.ContainsFunc(refs, func(r intent.Ref) bool { return r.ID == id })
		}
		if !offered(ctx.Targets, got.TargetID, true) || !offered(ctx.Weapons, got.Weapon, false) ||
			!offered(ctx.Spells, got.Spell, false) || !offered(ctx.Areas, got.ToAreaID, false) || !offered(ctx.Items, got.Item, false) {
			t.Fatalf("Parse(%q) = %+v names an id the context did not offer", text, got)
		}
		for _, id := range got.TargetIDs {
			if !offered(ctx.Targets, id, true) {
				t.Fatalf("Parse(%q) = %+v targets %q, not offered", text, got, id)
			}
		}
	})
}
